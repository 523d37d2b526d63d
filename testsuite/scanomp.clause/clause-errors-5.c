/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A call with side effects.  */
/* { dg-do compile } */

#include <stdio.h>

void
f (int *y, const int *x, int n)
{
#pragma omp parallel for scan(+: y)
  for (int i = 1; i < n; i++)
    {
      printf ("%d\n", i); /* { dg-error "the 'scan' loop calls 'printf', which may have side effects" } */
      y[i] = y[i-1] + x[i];
    }
}
