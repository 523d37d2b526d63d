/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Data mapping on a device with its own memory (pocl made to copy, as a
   discrete GPU would): arrays entered stay on the device, scans inside the
   mapping neither copy them in nor out, and the last exit copies back.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */

#include "api-check.h"

int
main (void)
{
  size_t n = 300000;
  int *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  for (size_t i = 0; i < n; i++)
    {
      x[i] = (int) (rnd () % 100);
      y[i] = -1;
    }
  size_t bytes = n * sizeof *x;
  CHECK (scanrt_data_enter (-1, x, bytes, SCANRT_MAP_TO) == 0, "enter x");
  CHECK (scanrt_data_enter (-1, y, bytes, SCANRT_MAP_FROM) == 0, "enter y");
  /* Entered again: only a reference more.  */
  CHECK (scanrt_data_enter (-1, y, bytes, SCANRT_MAP_FROM) == 0, "enter y");

  /* The host copy of x changes after entry: the device keeps the old.  */
  int first = x[0];
  x[0] = 1000000;
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.flags = SCANRT_NO_HOST;
  int status = scanrt_scan (y, x, n, SCANRT_INT, SCANRT_ADD, &p);
  CHECK (status == SCANRT_OK, "status %s", scanrt_status_name (status));
  CHECK (y[0] == -1 && y[n - 1] == -1, "y was copied out early");

  CHECK (scanrt_data_exit (-1, y, bytes, SCANRT_MAP_FROM) == 0, "exit y");
  CHECK (y[n - 1] == -1, "y copied out before its last exit");
  CHECK (scanrt_data_exit (-1, y, bytes, SCANRT_MAP_FROM) == 0, "exit y");
  CHECK (scanrt_data_exit (-1, x, bytes, SCANRT_MAP_TO) == 0, "exit x");
  x[0] = first;
  int acc = 0;
  for (size_t i = 0; i < n; i++)
    CHECK (y[i] == (acc += x[i]), "element %zu", i);

  /* An exit without an entry.  */
  CHECK (scanrt_data_exit (-1, y, bytes, SCANRT_MAP_FROM) == SCANRT_EINVAL,
         "unmatched exit accepted");
  /* Without mappings, the copying path works per scan.  */
  scan_and_check (SCANRT_DOUBLE, SCANRT_MAX, 100000, &p, "copies");
  puts ("data mapping checked");
  free (x);
  free (y);
  return 0;
}
/* { dg-output "libscanrt: data exit of 0x\[0-9a-f\]+ \\(1200000 bytes\\), which is not mapped on device 0.*data mapping checked" } */
