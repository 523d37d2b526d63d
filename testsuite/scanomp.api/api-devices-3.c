/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* OMP_DEFAULT_DEVICE chooses the default device; a SCANOMP_DEVICE that
   names no device is reported and ignored.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-devices pocl } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */
/* { dg-set-target-env-var SCANOMP_DEVICE "gpu7" } */
/* { dg-set-target-env-var OMP_DEFAULT_DEVICE 1 } */

#include "api-check.h"

int
main (void)
{
  CHECK (scanrt_get_default_device () == 1, "default %d, expected 1",
         scanrt_get_default_device ());
  return 0;
}
/* { dg-output "libscanrt: SCANOMP_DEVICE=gpu7 names no device \\(there are 2; give a number, cpu, gpu or host\\); using the usual default" } */
