/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Data that cannot be mapped (larger than the device's largest buffer,
   SCANOMP_MAX_BUFFER) on a device that copies (SCANOMP_UNIFIED=0), alone
   and spread across pocl's two devices: the enter says so and stays on
   the host, a nested enter and its exit count as for mapped data, scans
   of it copy what they need and are right, and the matching exits
   succeed quietly; only an exit past them is refused (until 2026-12-01
   every exit said "check the matching enter").  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */
/* { dg-set-target-env-var SCANOMP_MAX_BUFFER 65536 } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */

#include "api-check.h"

int
main (void)
{
  size_t n = 300000;
  unsigned both = SCANRT_MAP_TO | SCANRT_MAP_FROM;
  long *a = malloc (n * sizeof *a), *ref = malloc (n * sizeof *ref);
  CHECK (a && ref, "out of memory");
  for (int spread = 0; spread < 2; spread++)
    {
      if (spread)
        setenv ("SCANOMP_DEVICES", "0,1", 1);
      for (size_t i = 0; i < n; i++)
        a[i] = ref[i] = (long) (rnd () % 100) - 50;
      CHECK (scanrt_data_enter (-1, a, n * sizeof *a, both)
               == SCANRT_ENOMEM, "enter %d: not refused", spread);
      CHECK (scanrt_data_enter (-1, a, n * sizeof *a, both) == SCANRT_OK,
             "nested enter %d", spread);
      scanrt_params p = SCANRT_PARAMS_INIT;
      p.flags = SCANRT_NO_HOST;
      CHECK (scanrt_scan (a, a, n, SCANRT_LONG, SCANRT_ADD, &p) == SCANRT_OK,
             "scan %d", spread);
      CHECK (scanrt_data_exit (-1, a, n * sizeof *a, both) == SCANRT_OK,
             "nested exit %d", spread);
      CHECK (scanrt_data_exit (-1, a, n * sizeof *a, both) == SCANRT_OK,
             "exit %d", spread);
      CHECK (scanrt_data_exit (-1, a, n * sizeof *a, both) == SCANRT_EINVAL,
             "an exit past the enters, %d: not refused", spread);
      long acc = 0;
      for (size_t i = 0; i < n; i++)
        {
          acc += ref[i];
          CHECK (a[i] == acc, "spread %d: a[%zu] is %ld, not %ld", spread, i,
                 a[i], acc);
        }
    }
  puts ("declined data checked");
  return 0;
}
/* The refusal is said at each enter that tried, and the exits that
   matched an enter are quiet: one "check the matching enter" a pass.  */
/* { dg-output "not mapped \\(SCANRT_ENOMEM\\); the data stays on the host.*check the matching enter.*not mapped \\(SCANRT_ENOMEM\\).*check the matching enter\[^\n\]*\n\[^\n\]*declined data checked" } */
