/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Under OMP_TARGET_OFFLOAD=MANDATORY with no OpenCL device, `device(GPU)'
   names no device: SCANRT_named_device gives the name back (a number that
   libgomp refuses too), says why once, and a scan there fails.  */
/* { dg-do run } */
/* { dg-set-target-env-var OCL_ICD_VENDORS /nonexistent } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */

#include <scanrt-abi.h>

#include "api-check.h"

int
main (void)
{
  for (int k = 0; k < 2; k++)
    CHECK (SCANRT_named_device (SCANRT_DEVICE_GPU) == SCANRT_DEVICE_GPU,
           "device(GPU) is no device");
  int x[4] = { 1, 2, 3, 4 }, y[4];
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.device = SCANRT_DEVICE_GPU;
  CHECK (scanrt_scan (y, x, 4, SCANRT_INT, SCANRT_ADD, &p) == SCANRT_ENODEV,
         "a scan on device(GPU) fails");
  p.device = SCANRT_DEVICE_CPU;
  CHECK (scanrt_scan (y, x, 4, SCANRT_INT, SCANRT_ADD, &p) == SCANRT_ENODEV,
         "a scan on device(CPU) fails");
  puts ("named devices checked");
  return 0;
}
/* { dg-output "^libscanrt: clGetPlatformIDs: \[^\n\]*\n" } */
/* { dg-output "libscanrt: device\\(GPU\\): none of the 0 OpenCL devices is a GPU, and OMP_TARGET_OFFLOAD=MANDATORY allows no other device; \[^\n\]*\n" } */
/* { dg-output "libscanrt: device\\(CPU\\): none of the 0 OpenCL devices is a CPU\[^\n\]*\n" } */
/* { dg-output "named devices checked\n$" } */
