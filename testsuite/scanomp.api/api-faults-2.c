/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* OMP_TARGET_OFFLOAD=DISABLED: the host is the only device, as in OpenMP.
   Scans run there, quietly and correctly, whatever device they name;
   data mapping does nothing.  */
/* { dg-do run } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD disabled } */

#include "api-check.h"

int
main (void)
{
  CHECK (scanrt_get_num_devices () == 0, "devices under DISABLED");
  size_t n = (1 << 20) + 3;
  long *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  for (size_t i = 0; i < n; i++)
    x[i] = (long) rnd ();
  CHECK (scanrt_data_enter (SCANRT_DEFAULT_DEVICE, x, n * sizeof *x,
                            SCANRT_MAP_TO) == SCANRT_OK, "data enter");
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.flags = SCANRT_EXCLUSIVE;
  long seed = 42, total;
  p.seed = &seed;
  p.total = &total;
  int status = scanrt_scan (y, x, n, SCANRT_LONG, SCANRT_MIN, &p);
  CHECK (status == SCANRT_HOST, "status %s", scanrt_status_name (status));
  long acc = seed;
  for (size_t i = 0; i < n; i++)
    {
      CHECK (y[i] == acc, "element %zu", i);
      acc = x[i] < acc ? x[i] : acc;
    }
  CHECK (total == acc, "total");
  /* Whatever device a call names: until 2026-12-01 device 1 said it did
     not exist.  */
  p.device = 1;
  memset (y, 0, n * sizeof *y);
  status = scanrt_scan (y, x, n, SCANRT_LONG, SCANRT_MIN, &p);
  CHECK (status == SCANRT_HOST, "device 1: status %s",
         scanrt_status_name (status));
  acc = seed;
  for (size_t i = 0; i < n; i++)
    {
      CHECK (y[i] == acc, "device 1: element %zu", i);
      acc = x[i] < acc ? x[i] : acc;
    }
  CHECK (scanrt_data_exit (SCANRT_DEFAULT_DEVICE, x, n * sizeof *x,
                           SCANRT_MAP_TO) == SCANRT_OK, "data exit");
  puts ("disabled offload runs on the host");
  free (x);
  free (y);
  return 0;
}
/* { dg-output "^disabled offload runs on the host" } */
