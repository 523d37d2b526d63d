/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The clause at -O3 with -g3 (macro debug information): the same
   results as the sequential loop.  */
/* { dg-do run } */
/* { dg-options "-O3 -g3" } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */

#include "clause-check.h"

#define SCALE 3

int
main (void)
{
  long n = (1L << 20) + 9;
  unsigned short *y = malloc (n * 2), *r = malloc (n * 2), *x = malloc (n * 2);
  for (long i = 0; i < n; i++)
    {
      x[i] = (unsigned short) rnd ();
      y[i] = r[i] = (unsigned short) rnd ();
    }
#pragma omp parallel for scan(*: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] * (unsigned short) (x[i] * SCALE + 1);
  for (long i = 1; i < n; i++)
    r[i] = r[i-1] * (unsigned short) (x[i] * SCALE + 1);
  for (long i = 0; i < n; i++)
    if (y[i] != r[i])
      FAIL ("y[%ld] = %u, expected %u", i, y[i], r[i]);
  free (y);
  free (r);
  free (x);
  return 0;
}
