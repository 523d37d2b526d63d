/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Scans of data mapped across two devices that copy (SCANOMP_DEVICES;
   pocl asked for two CPU devices, SCANOMP_UNIFIED=0), each device keeping
   its piece of x and y, where a block reads an element of the piece
   beside its own: y[i] = y[i-1] + x[i-1] takes, at the start of the
   second piece, the last x of the first, which the scan of x before it
   changed on the other device.  Rounds of both, checked at the end of
   the region against the same loops run sequentially.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */
/* { dg-set-target-env-var SCANOMP_DEVICES 0:1,1:1 } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD DEFAULT } */

#include "clause-check.h"

#define N 100003L

static long x[N], y[N], xm[N], ym[N];

static void
rounds (long *a, long *b, int target)
{
#pragma omp target data map(tofrom: a[0:N], b[0:N]) if(target)
  for (int round = 0; round < 3; round++)
    {
#pragma omp target if(target)
#pragma omp parallel for scan(+: a)
      for (long i = 1; i < N; i++)
        a[i] = a[i-1] + a[i];
#pragma omp target if(target)
#pragma omp parallel for scan(+: b)
      for (long i = 1; i < N; i++)
        b[i] = b[i-1] + a[i-1];
    }
}

int
main (void)
{
  for (long i = 0; i < N; i++)
    {
      x[i] = xm[i] = (long) (rnd () % 2001) - 1000;
      y[i] = ym[i] = i ? 0 : 5;
    }
  rounds (x, y, 1);
  rounds (xm, ym, 0);
  for (long i = 0; i < N; i++)
    if (x[i] != xm[i] || y[i] != ym[i])
      FAIL ("element %ld: x is %ld, not %ld; y is %ld, not %ld", i, x[i],
            xm[i], y[i], ym[i]);
  puts ("seams checked");
  return 0;
}
/* { dg-output "seams checked" } */
