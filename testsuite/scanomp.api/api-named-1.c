/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The named devices of `device(GPU)' and `device(CPU)' on two pocl CPU
   devices, device 1 the default: CPU is the first CPU device, 0; with no
   GPU, GPU falls back to the default device (on a machine with a GPU,
   to that GPU).  The API takes the names as device numbers too, for scans
   and for data.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-devices pocl } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */
/* { dg-set-target-env-var SCANOMP_DEVICE 1 } */

#include <scanrt-abi.h>

#include "api-check.h"

int
main (void)
{
  int n = scanrt_get_num_devices ();
  CHECK (n >= 2, "two devices, not %d", n);
  CHECK (scanrt_get_default_device () == 1, "the default device is 1");
  int cpu = SCANRT_named_device (SCANRT_DEVICE_CPU);
  CHECK (cpu == 0, "device(CPU) is device 0, not %d", cpu);
  int gpu = SCANRT_named_device (SCANRT_DEVICE_GPU);
  if (n == 2)
    CHECK (gpu == 1, "device(GPU) with no GPU is the default, not %d", gpu);
  else
    CHECK (gpu >= 2 && gpu < n, "device(GPU) is the GPU, not %d", gpu);

  scanrt_params p = SCANRT_PARAMS_INIT;
  p.flags = SCANRT_NO_HOST;
  p.device = SCANRT_DEVICE_GPU;
  scan_and_check (SCANRT_INT, SCANRT_ADD, 300001, &p, "device(GPU)");
  p.device = SCANRT_DEVICE_CPU;
  scan_and_check (SCANRT_DOUBLE, SCANRT_MAX, 300001, &p, "device(CPU)");

  static int data[1000];
  CHECK (scanrt_data_enter (SCANRT_DEVICE_CPU, data, sizeof data,
                            SCANRT_MAP_TO) == SCANRT_OK, "data enter");
  CHECK (scanrt_data_exit (SCANRT_DEVICE_CPU, data, sizeof data,
                           SCANRT_MAP_FROM) == SCANRT_OK, "data exit");
  puts ("named devices checked");
  return 0;
}
/* { dg-output "named devices checked" } */
