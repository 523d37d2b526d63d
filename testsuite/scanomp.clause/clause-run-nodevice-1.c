/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A device clause whose negative number names no device (-3, not -1 or
   -2, which are the default device and the host before GCC 13, and
   omp_initial_device and no device after): OpenMP replaces it with the
   host, as libgomp does.  A scan in such a target construct runs on the
   host's copy, and says why once, however often it runs; `target data'
   with it maps nothing.  Until 2026-12-01 libscanrt ran it on the
   default device.  Checked against the sequential loop.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD DEFAULT } */

#include "clause-check.h"

#define N 100003L

static double y[N], x[N], want[N];

int
main (void)
{
  volatile int none = -3;
  for (long i = 0; i < N; i++)
    x[i] = (double) (rnd () % 100);
  want[0] = y[0] = 1;
  for (long i = 1; i < N; i++)
    want[i] = want[i-1] + x[i];
  for (int k = 0; k < 3; k++)
    {
#pragma omp target data map(to: x[0:N]) device(none)
      {
        /* Were x mapped on a device, the scan would not see this.  */
        x[1] += 1;
        want[1] = want[0] + x[1];
        for (long i = 2; i < N; i++)
          want[i] = want[i-1] + x[i];
#pragma omp target device(none) map(tofrom: y[0:N]) map(to: x[0:N])
#pragma omp parallel for scan(+: y)
        for (long i = 1; i < N; i++)
          y[i] = y[i-1] + x[i];
      }
      for (long i = 0; i < N; i++)
        if (y[i] != want[i])
          FAIL ("call %d: y[%ld] is %g, not %g", k, i, y[i], want[i]);
      printf ("call %d done\n", k);
      fflush (stdout);
    }
  return 0;
}
/* { dg-output "libscanrt: \[^\n\]*a negative device number names no device: devices are 0 to \[0-9\]+, and \[0-9\]+ is the host; running on the host\r?\ncall 0 done\r?\ncall 1 done\r?\ncall 2 done" } */
