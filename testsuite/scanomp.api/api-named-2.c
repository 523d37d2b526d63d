/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* With no OpenCL device at all (OCL_ICD_VENDORS names an empty directory),
   `device(GPU)' and `device(CPU)' fall back to the default device, which
   is the host: number 0.  A scan there runs on the host, with no word
   but the one that there is no OpenCL platform.  */
/* { dg-do run } */
/* { dg-set-target-env-var OCL_ICD_VENDORS /nonexistent } */

#include <scanrt-abi.h>

#include "api-check.h"

int
main (void)
{
  CHECK (scanrt_get_num_devices () == 0, "no devices");
  CHECK (SCANRT_named_device (SCANRT_DEVICE_GPU) == 0,
         "device(GPU) is the host");
  CHECK (SCANRT_named_device (SCANRT_DEVICE_CPU) == 0,
         "device(CPU) is the host");
  enum { N = 100001 };
  static long x[N], y[N];
  long sum = 0;
  for (int i = 0; i < N; i++)
    x[i] = (long) (rnd () % 1000) - 500;
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.device = SCANRT_DEVICE_GPU;
  CHECK (scanrt_scan (y, x, N, SCANRT_LONG, SCANRT_ADD, &p) == SCANRT_HOST,
         "the scan ran on the host");
  for (int i = 0; i < N; i++)
    CHECK (y[i] == (sum += x[i]), "y[%d]", i);
  puts ("named devices checked");
  return 0;
}
/* { dg-output "^libscanrt: clGetPlatformIDs: \[^\n\]*\n" } */
/* { dg-output "named devices checked\n$" } */
