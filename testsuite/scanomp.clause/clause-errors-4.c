/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A loop that does not step by 1.  */
/* { dg-do compile } */

void
f (int *y, const int *x, int n)
{
#pragma omp parallel for scan(+: y) /* { dg-error "the 'scan' loop steps by '2'; a scan loop steps by 1 or -1" } */
  for (int i = 1; i < n; i += 2)
    y[i] = y[i-1] + x[i];
}
