/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* -fplugin-arg-scanomp-inscan=off leaves inscan loops to GCC.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-scanomp-inscan=off -fplugin-arg-scanomp-verbose" } */

void
f (int *y, const int *x, int n)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s) /* { dg-bogus "runs (as an OpenCL kernel|on the host path)" } */
  for (int i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      y[i] = s;
    }
}
