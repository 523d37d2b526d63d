/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The scanned array written other than at i.  */
/* { dg-do compile } */

void
f (int *y, const int *x, int n)
{
#pragma omp parallel for scan(+: y)
  for (int i = 1; i < n - 1; i++)
    y[i+1] = y[i-1] + x[i]; /* { dg-error "the loop writes 'y\\\[i\\+1\\\]'" } */
}
