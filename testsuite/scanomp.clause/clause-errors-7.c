/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* An operator that does not match the update.  */
/* { dg-do compile } */

void
f (int *y, const int *x, int n)
{
#pragma omp parallel for scan(*: y) /* { dg-error "the loop does not update 'y' as 'y\\\[i\\\] = y\\\[i-1\\\] \\* ...'" } */
  for (int i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
}

void
g (int *y, const int *x, int n)
{
#pragma omp parallel for scan(-: y) /* { dg-error "the loop does not update 'y' as 'y\\\[i\\\] = y\\\[i-1\\\] - ...'" } */
  for (int i = 1; i < n; i++)
    y[i] = x[i] - y[i-1];
}

void
h (int *y, const int *x, int n)
{
#pragma omp parallel for scan(&&: y) /* { dg-error "the loop does not update 'y' as 'y\\\[i\\\] = y\\\[i-1\\\] && ...'" } */
  for (int i = 1; i < n; i++)
    y[i] = y[i-1] || x[i];
}
