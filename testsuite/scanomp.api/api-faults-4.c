/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* OMP_TARGET_OFFLOAD=MANDATORY with a device: even a tiny scan, which would
   otherwise stay on the host, runs on the device; the host device chosen by
   number is still allowed, as in OpenMP.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD mandatory } */

#include "api-check.h"

int
main (void)
{
  short x[5] = { 1, -2, 3, -4, 5 }, y[5];
  int status = scanrt_scan (y, x, 5, SCANRT_SHORT, SCANRT_MAX, NULL);
  CHECK (status == SCANRT_OK, "status %s", scanrt_status_name (status));
  short want[5] = { 1, 1, 3, 3, 5 };
  CHECK (!memcmp (y, want, sizeof y), "wrong result");

  scanrt_params p = SCANRT_PARAMS_INIT;
  p.device = scanrt_get_num_devices ();
  memset (y, 0, sizeof y);
  status = scanrt_scan (y, x, 5, SCANRT_SHORT, SCANRT_MAX, &p);
  CHECK (status == SCANRT_HOST, "host device: %s",
         scanrt_status_name (status));
  CHECK (!memcmp (y, want, sizeof y), "wrong result on the host");
  return 0;
}
