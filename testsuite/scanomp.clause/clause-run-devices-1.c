/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Two OpenCL devices (pocl asked for two CPU devices, and the ICD loader
   for pocl alone): device(1) on the target runs there, device(0) on the
   first; under MANDATORY a missing device would stop the program.
   device(2), the host, runs the sequential loop.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-devices pocl } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */
/* { dg-set-target-env-var SCANOMP_PROFILE 1 } */

#include "clause-check.h"

static void
scan_on (int device, double *y, const double *x, long n)
{
#pragma omp target device(device) map(tofrom: y[0:n]) map(to: x[0:n])
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
}

int
main (void)
{
  long n = 300001;
  double *y = malloc (n * 8), *x = malloc (n * 8), *r = malloc (n * 8);
  for (int device = 0; device < 3; device++)
    {
      for (long i = 0; i < n; i++)
        {
          x[i] = (double) (rnd () % 100);
          y[i] = r[i] = device;
        }
      scan_on (device, y, x, n);
      for (long i = 1; i < n; i++)
        r[i] = r[i-1] + x[i];
      for (long i = 0; i < n; i++)
        if (y[i] != r[i])
          FAIL ("device %d: y[%ld]", device, i);
    }
  puts ("devices checked");
  free (y);
  free (x);
  free (r);
  return 0;
}
/* Two runs on devices, one on the host.  */
/* { dg-output "devices checked.*libscanrt: \[^ \]*clause-run-devices-1.c:\[0-9\]+ +3 +1 " } */
