/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Arrays of one clause that depend on each other, or are listed twice,
   are not supported, and say so.  */
/* { dg-do compile } */

void
h (int *y, int *z, const int *x, int n)
{
#pragma omp parallel for scan(+: y, z) /* { dg-error "the scan of 'z' reads another array the same clause scans" } */
  for (int i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      z[i] = z[i-1] + y[i-1];
    }
}

void
k (int *y, const int *x, int n)
{
#pragma omp parallel for scan(+: y, y) /* { dg-error "'y' is listed twice in the 'scan' clause" } */
  for (int i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
}
