/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Two OpenCL devices (pocl asked for two CPU devices): both are numbered,
   both run scans, number 2 is the host, and an unknown number falls back
   with a message.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-devices pocl } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */

#include "api-check.h"

int
main (void)
{
  int n = scanrt_get_num_devices ();
  CHECK (n == 2, "%d devices, expected 2", n);
  char name[256];
  for (int d = 0; d <= n; d++)
    {
      CHECK (scanrt_get_device_name (d, name, sizeof name) == SCANRT_OK,
             "name of %d", d);
      printf ("device %d: %s\n", d, name);
    }
  CHECK (!strcmp (name, "host"), "device %d is not the host", n);
  CHECK (scanrt_get_device_name (n + 1, name, sizeof name) == SCANRT_EINVAL,
         "a name for device %d", n + 1);

  for (int d = 0; d <= n; d++)
    {
      scanrt_params p = SCANRT_PARAMS_INIT;
      p.device = d;
      if (d < n)
        scan_and_check (SCANRT_UINT, SCANRT_MUL, 100003, &p, "device");
      else
        {
          unsigned x[3] = { 1, 2, 3 }, y[3];
          CHECK (scanrt_scan (y, x, 3, SCANRT_UINT, SCANRT_ADD, &p)
                 == SCANRT_HOST, "the host device");
          CHECK (y[0] == 1 && y[1] == 3 && y[2] == 6, "host result");
        }
    }
  puts ("two devices checked");
  return 0;
}
/* { dg-output "device 0: .*device 1: .*device 2: host.*two devices checked" } */
