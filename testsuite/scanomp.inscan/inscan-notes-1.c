/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The -verbose notes of inscan loops in a parallel region that holds
   more than the loop: an orphaned `omp for' there is taken on its own,
   and the region gets no note saying its loop is left to GCC's own
   implementation.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-scanomp-verbose" } */

void
f (const int *x, int *y, int n, int *z)
{
  int s = 0;
#pragma omp parallel /* { dg-bogus "holds more than the loop" } */
  {
    z[0] = 1;
#pragma omp for reduction(inscan, +: s) /* { dg-message "this inscan loop runs on the host path" } */
    for (int i = 0; i < n; i++)
      {
        s += x[i];
#pragma omp scan inclusive(s)
        y[i] = s;
      }
  }
}
