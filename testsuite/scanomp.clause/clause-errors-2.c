/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The scanned array read at an offset other than i and i-1: further back
   than a linear recurrence reads, or under another operator than +.  */
/* { dg-do compile } */

void
f (int *y, const int *x, int n)
{
#pragma omp parallel for scan(+: y)
  for (int i = 5; i < n; i++)
    y[i] = y[i-5] + x[i]; /* { dg-error "the loop reads 'y\\\[i-5\\\]'; a scan reads 'y\\\[i\\\]' and 'y\\\[i-1\\\]'" } */
}

void
g (int *y, const int *x, int n)
{
#pragma omp parallel for scan(*: y)
  for (int i = 2; i < n; i++)
    y[i] = y[i-2] * x[i]; /* { dg-error "the loop reads 'y\\\[i-2\\\]'; a scan reads 'y\\\[i\\\]' and 'y\\\[i-1\\\]'" } */
}
