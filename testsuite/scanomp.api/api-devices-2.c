/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* SCANOMP_DEVICE chooses the default device among two.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */
/* { dg-set-target-env-var SCANOMP_DEVICE 1 } */
/* { dg-set-target-env-var OMP_DEFAULT_DEVICE 0 } */

#include "api-check.h"

int
main (void)
{
  CHECK (scanrt_get_default_device () == 1, "default %d, expected 1",
         scanrt_get_default_device ());
  scanrt_params p = SCANRT_PARAMS_INIT;
  scan_and_check (SCANRT_INT, SCANRT_ADD, 5000, &p, "default device");
  return 0;
}
