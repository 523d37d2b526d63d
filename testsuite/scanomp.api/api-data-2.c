/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Data mapping on a device that shares the host's memory (pocl): the same
   calls, zero copy, and scans of sub-ranges of mapped arrays.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */

#include "api-check.h"

int
main (void)
{
  size_t n = 300000;
  long *a = malloc (2 * n * sizeof *a);
  for (size_t i = 0; i < 2 * n; i++)
    a[i] = (long) (rnd () % 100);
  long *ref = malloc (2 * n * sizeof *ref);
  memcpy (ref, a, 2 * n * sizeof *a);
  CHECK (scanrt_data_enter (-1, a, 2 * n * sizeof *a,
                            SCANRT_MAP_TO | SCANRT_MAP_FROM) == 0, "enter");
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.flags = SCANRT_NO_HOST;
  /* The second half, in place, then the first half into the second.  */
  CHECK (scanrt_scan (a + n, a + n, n, SCANRT_LONG, SCANRT_ADD, &p) == 0,
         "scan 1");
  CHECK (scanrt_scan (a + n, a, n, SCANRT_LONG, SCANRT_ADD, &p) == 0,
         "scan 2");
  CHECK (scanrt_data_exit (-1, a, 2 * n * sizeof *a,
                           SCANRT_MAP_TO | SCANRT_MAP_FROM) == 0, "exit");
  long acc = 0;
  for (size_t i = 0; i < n; i++)
    CHECK (a[n + i] == (acc += ref[i]), "element %zu", i);
  puts ("shared-memory mapping checked");
  free (a);
  free (ref);
  return 0;
}
