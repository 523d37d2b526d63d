/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A break out of the loop: GCC's own error, since OpenMP loops cannot
   break.  */
/* { dg-do compile } */

void
f (int *y, const int *x, int n)
{
#pragma omp parallel for scan(+: y)
  for (int i = 1; i < n; i++)
    {
      if (x[i] < 0)
        break; /* { dg-error "break statement used with OpenMP for loop" } */
      y[i] = y[i-1] + x[i];
    }
}
