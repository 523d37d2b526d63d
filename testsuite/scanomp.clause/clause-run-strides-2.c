/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A store whose step is a variable's (`z[i * w] = y[i]') runs through
   libscanrt where the step is at least an element, and as the
   sequential loop where it is not: the profile counts the calls made,
   two of three.  The inscan loop down a column is called each time.
   (With OMP_TARGET_OFFLOAD=DISABLED the calls run on the host.)  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST opencl } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */
/* { dg-set-target-env-var SCANOMP_PROFILE 1 } */

#include "clause-check.h"

static void
store_column (int *restrict y, int *restrict z, const int *restrict x,
              long n, long w)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i - 1] + x[i];
      z[i * w] = y[i];
    }
}

static int
column (int *b, const int *a, long n, long w)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += a[i * w];
#pragma omp scan inclusive(s)
      b[i * w] = s;
    }
  return s;
}

int
main (void)
{
  long n = 5001;
  int *x = malloc (4 * n * sizeof *x), *y = malloc (n * sizeof *y);
  int *z = malloc (4 * n * sizeof *z);
  for (long i = 0; i < 4 * n; i++)
    x[i] = (int) (rnd () % 100);
  for (long w = 2; w >= 0; w--)
    {
      y[0] = 0;
      store_column (y, z, x, n, w);
      column (z, x, n, w);
      int r = 0;
      for (long i = 1; i < n; i++)
        {
          r += x[i];
          if (y[i] != r)
            FAIL ("w=%ld: %ld", w, i);
        }
    }
  free (x);
  free (y);
  free (z);
  return 0;
}
/* { dg-output "clause-run-strides-2.c:31 +3 +(0|3) .*clause-run-strides-2.c:19 +2 +(0|2) " } */
