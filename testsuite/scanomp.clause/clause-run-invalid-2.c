/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Under OMP_TARGET_OFFLOAD=MANDATORY, libgomp from GCC 13, which has no
   device of its own, gives omp_invalid_device for
   omp_get_default_device (); RAJAPerf's target variants name that
   device (`int did = omp_get_default_device ();', `device(did)').
   There it means the default device, which libscanrt has: a data region
   and a scan with it run there, and neither libgomp nor libscanrt stops
   the program, as both did for the region, and libscanrt for the scan,
   until 2026-12-01.  Checked against the sequential loop.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-require-effective-target omp_initial_device } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include <omp.h>

#include "clause-check.h"

#define N 100003L

static long x[N], y[N];

int
main (void)
{
  int did = omp_get_default_device ();
  for (long i = 0; i < N; i++)
    x[i] = (long) (rnd () % 100) - 50;
  y[0] = 9;
#pragma omp target data map(to: x[0:N]) map(tofrom: y[0:N]) device(did)
  {
#pragma omp target device(did) map(to: x[0:N]) map(tofrom: y[0:N])
#pragma omp parallel for scan(+: y)
    for (long i = 1; i < N; i++)
      y[i] = y[i-1] + x[i];
  }
  long r = 9;
  for (long i = 1; i < N; i++)
    {
      r += x[i];
      if (y[i] != r)
        FAIL ("y[%ld] is %ld, not %ld", i, y[i], r);
    }
  printf ("default device %d checked\n", did);
  return 0;
}
/* { dg-output "default device -?\[0-9\]+ checked" } */
