/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Small scans stay on the host, where a device cannot win: below 2^20
   elements for integer types and 2^17 for the others.  Results are right
   either way.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST opencl } */
/* { dg-require-effective-target opencl_device } */

#include "api-check.h"

static void
expect (scanrt_type type, size_t n, int want)
{
  size_t size = type_size (type);
  unsigned char *x = calloc (n, size), *y = malloc (n * size);
  unsigned char seed[8], total[8];
  fill (type, SCANRT_MAX, x, n, seed, 1);
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.seed = seed;
  p.total = total;
  int status = scanrt_scan (y, x, n, type, SCANRT_MAX, &p);
  CHECK (status == want, "type %d n=%zu: %s, expected %s", (int) type, n,
         scanrt_status_name (status), scanrt_status_name (want));
  check (type, y, x, n, SCANRT_MAX, 0, seed, total, "cutoff");
  free (x);
  free (y);
}

int
main (void)
{
  expect (SCANRT_INT, 1000, SCANRT_HOST);
  expect (SCANRT_INT, ((size_t) 1 << 20) - 1, SCANRT_HOST);
  expect (SCANRT_INT, (size_t) 1 << 20, SCANRT_OK);
  expect (SCANRT_UCHAR, (size_t) 1 << 20, SCANRT_OK);
  expect (SCANRT_DOUBLE, ((size_t) 1 << 17) - 1, SCANRT_HOST);
  expect (SCANRT_DOUBLE, (size_t) 1 << 17, SCANRT_OK);
  expect (SCANRT_FLOAT, (size_t) 1 << 17, SCANRT_OK);
  puts ("cutoffs checked");
  return 0;
}
