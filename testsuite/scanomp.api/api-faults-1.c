/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* No OpenCL platform at all: the ICD loader is pointed at an empty vendor
   directory.  Scans still give correct results, on the host, after one
   message; with SCANRT_NO_HOST they fail and write nothing.  */
/* { dg-do run } */

#include <unistd.h>

#include "api-check.h"

int
main (void)
{
  char dir[] = "/tmp/scanomp-no-vendors-XXXXXX";
  CHECK (mkdtemp (dir), "mkdtemp");
  setenv ("OCL_ICD_VENDORS", dir, 1);

  CHECK (scanrt_get_num_devices () == 0, "devices found");
  CHECK (scanrt_get_default_device () == 0, "the default is not the host");

  size_t n = 100000;
  int *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  for (size_t i = 0; i < n; i++)
    x[i] = (int) rnd ();
  int status = scanrt_scan (y, x, n, SCANRT_INT, SCANRT_XOR, NULL);
  CHECK (status == SCANRT_HOST, "status %s", scanrt_status_name (status));
  int acc = 0;
  for (size_t i = 0; i < n; i++)
    CHECK (y[i] == (acc ^= x[i]), "element %zu", i);

  scanrt_params p = SCANRT_PARAMS_INIT;
  p.flags = SCANRT_NO_HOST;
  memset (y, 0x55, n * sizeof *y);
  status = scanrt_scan (y, x, n, SCANRT_INT, SCANRT_ADD, &p);
  CHECK (status == SCANRT_ENODEV, "status %s", scanrt_status_name (status));
  for (size_t i = 0; i < n; i++)
    CHECK (y[i] == 0x55555555, "element %zu written", i);

  rmdir (dir);
  puts ("no platform handled");
  free (x);
  free (y);
  return 0;
}
/* { dg-output "libscanrt: clGetPlatformIDs: CL_PLATFORM_NOT_FOUND_KHR \\(-1001\\): no OpenCL platform is installed.*" } */
/* { dg-output "libscanrt: scanrt_scan: SCANRT_NO_HOST is set, but there is no OpenCL device; not running on the host.*" } */
/* { dg-output "no platform handled" } */
