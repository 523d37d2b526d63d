/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Under OMP_TARGET_OFFLOAD=MANDATORY, a device clause whose negative
   number names no device stops the program, with exit status 1, after
   saying why, as libgomp stops it; until 2026-12-01 the scan ran on the
   default device.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */
/* { dg-shouldfail "MANDATORY with no such device" } */

#include "clause-check.h"

int
main (void)
{
  volatile int none = -3;
  long n = 1000;
  long *y = calloc (n, sizeof *y), *x = calloc (n, sizeof *x);
  puts ("scanning");
  fflush (stdout);
#pragma omp target device(none) map(tofrom: y[:n]) map(to: x[:n])
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
  puts ("not reached");
  return 0;
}
/* { dg-output "scanning\r?\nlibscanrt: \[^\n\]*a negative device number names no device: devices are 0 to \[0-9\]+, and \[0-9\]+ is the host\r?\n" } */
