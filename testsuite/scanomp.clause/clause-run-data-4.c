/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Data constructs on OpenCL devices that libgomp does not have, under
   OMP_TARGET_OFFLOAD=MANDATORY: `target data device(1)', and `enter' and
   `exit data' on the default device, which OMP_DEFAULT_DEVICE=1 makes
   device 1.  libgomp's own lowering of each construct stays beside
   libscanrt's calls, and used to stop the program ("OMP_TARGET_OFFLOAD is
   set to MANDATORY, but device not found"); it now skips them, and the
   scans run on the mapped data.  Checked against the loop run
   sequentially.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */
/* { dg-set-target-env-var OMP_DEFAULT_DEVICE 1 } */

#include "clause-check.h"

#define N 50003L

static long y[N], z[N], want[N];

int
main (void)
{
  for (long i = 0; i < N; i++)
    y[i] = z[i] = want[i] = (long) (rnd () % 2001) - 1000;
  for (long i = 1; i < N; i++)
    want[i] += want[i-1];
#pragma omp target data map(tofrom: y[0:N]) device(1)
  {
#pragma omp target device(1)
#pragma omp parallel for scan(+: y)
    for (long i = 1; i < N; i++)
      y[i] = y[i-1] + y[i];
  }
#pragma omp target enter data map(to: z[0:N])
#pragma omp target
#pragma omp parallel for scan(+: z)
  for (long i = 1; i < N; i++)
    z[i] = z[i-1] + z[i];
#pragma omp target exit data map(from: z[0:N])
  for (long i = 0; i < N; i++)
    if (y[i] != want[i] || z[i] != want[i])
      FAIL ("element %ld: y is %ld and z %ld, not %ld", i, y[i], z[i],
            want[i]);
  puts ("data on libscanrt's devices checked");
  return 0;
}
/* { dg-output "data on libscanrt's devices checked" } */
