/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* One scan split across two devices (pocl asked for two CPU devices)
   through scanrt_params.devices: every built-in type and operator,
   inclusive and exclusive, in place and not, seeded or not, at sizes 0,
   1, 2, 3 and odd, with measured weights, given ones, and the devices in
   reverse order; each kernel set on a few; and lists that name no valid
   devices, which the call refuses.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-devices pocl } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include "api-check.h"

int
main (void)
{
  static const size_t sizes[] = { 0, 1, 2, 3, 1001, 100003 };
  static const char *const lists[] = { "0,1", "0:3,1:1", "1,0", "all" };
  scanrt_params p = SCANRT_PARAMS_INIT;
  CHECK (scanrt_get_num_devices () >= 2, "%d devices, not 2",
         scanrt_get_num_devices ());
  for (int t = 0; t < SCANRT_NTYPES; t++)
    for (int op = SCANRT_ADD; op <= SCANRT_MAX; op++)
      for (unsigned k = 0; k < sizeof sizes / sizeof *sizes; k++)
        if (op_applies (t, op))
          {
            p.devices = lists[(t + op + k) % 4];
            scan_and_check (t, op, sizes[k], &p, p.devices);
          }

  static const scanrt_variant variants[] = {
    SCANRT_VARIANT_CPU, SCANRT_VARIANT_GPU, SCANRT_VARIANT_LOOKBACK,
    SCANRT_VARIANT_THESIS
  };
  p.devices = "0:1,1:2";
  for (unsigned v = 0; v < 4; v++)
    {
      p.variant = variants[v];
      scan_and_check (SCANRT_INT, SCANRT_SUB, 300007, &p, "variant");
      scan_and_check (SCANRT_DOUBLE, SCANRT_MAX, 300007, &p, "variant");
    }

  static const char *const bad[] = { "0,0", "99", "0:1,1", "x", "0;1",
                                     "0:-1" };
  int x[4] = { 1, 2, 3, 4 }, y[4] = { 0 };
  p = (scanrt_params) SCANRT_PARAMS_INIT;
  for (unsigned k = 0; k < sizeof bad / sizeof *bad; k++)
    {
      p.devices = bad[k];
      int status = scanrt_scan (y, x, 4, SCANRT_INT, SCANRT_ADD, &p);
      CHECK (status == SCANRT_EINVAL && y[3] == 0, "devices %s: %s",
             bad[k], scanrt_status_name (status));
    }
  puts ("scans across devices checked");
  return 0;
}
/* { dg-output "libscanrt: scanrt_params.devices=0,0: a device is named twice \\(there are \[0-9\]+ devices\\); write `all', or device numbers such as 0,1, or with weights 0:3,1:1\n" } */
/* { dg-output "libscanrt: scanrt_params.devices=99: a device does not exist\[^\n\]*\n" } */
/* { dg-output "libscanrt: scanrt_params.devices=0:1,1: some devices have weights and some not\[^\n\]*\n" } */
/* { dg-output "libscanrt: scanrt_params.devices=x: a device number is missing\[^\n\]*\n" } */
/* { dg-output "libscanrt: scanrt_params.devices=0;1: devices are separated by commas\[^\n\]*\n" } */
/* { dg-output "libscanrt: scanrt_params.devices=0:-1: a weight is not a positive number\[^\n\]*\n" } */
/* { dg-output "scans across devices checked" } */
