/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* OpenMP 5.2's omp_invalid_device (GCC 13 and later) as a target scan's
   device stops the program, with exit status 1, after saying why, as
   libgomp stops it for any construct; until 2026-12-01 the scan ran on
   the default device.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-require-effective-target omp_initial_device } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD DEFAULT } */
/* { dg-shouldfail "omp_invalid_device" } */

#include <omp.h>

#include "clause-check.h"

int
main (void)
{
  volatile int invalid = omp_invalid_device;
  long n = 1000;
  long *y = calloc (n, sizeof *y), *x = calloc (n, sizeof *x);
  puts ("scanning");
  fflush (stdout);
#pragma omp target device(invalid) map(tofrom: y[:n]) map(to: x[:n])
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
  puts ("not reached");
  return 0;
}
/* { dg-output "scanning\r?\nlibscanrt: \[^\n\]*the target construct's device is omp_invalid_device, which OpenMP stops the program for" } */
