/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* GCC's own diagnostics for inscan reductions stay as they are.  */
/* { dg-do compile } */

void
f (int *y, const int *x, int n)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s) schedule(static) /* { dg-error "'schedule' clause specified together with 'inscan' 'reduction' clause" } */
  for (int i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s) /* { dg-error "'#pragma omp scan' may only be used in a loop construct with 'inscan' 'reduction' clause" } */
      y[i] = s;
    }
}
