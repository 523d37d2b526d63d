/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* OMP_TARGET_OFFLOAD=MANDATORY with no OpenCL platform: a scan must not run
   on the host, so it fails with SCANRT_ENODEV, says why, and leaves its
   output alone.  */
/* { dg-do run } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */

#include <unistd.h>

#include "api-check.h"

int
main (void)
{
  char dir[] = "/tmp/scanomp-no-vendors-XXXXXX";
  CHECK (mkdtemp (dir), "mkdtemp");
  setenv ("OCL_ICD_VENDORS", dir, 1);
  int x[10] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 }, y[10] = { 0 };
  int status = scanrt_scan (y, x, 10, SCANRT_INT, SCANRT_ADD, NULL);
  CHECK (status == SCANRT_ENODEV, "status %s", scanrt_status_name (status));
  for (int i = 0; i < 10; i++)
    CHECK (y[i] == 0, "element %d written", i);
  rmdir (dir);
  puts ("mandatory offload refused the host");
  return 0;
}
/* { dg-output ".*OMP_TARGET_OFFLOAD=MANDATORY, but there is no OpenCL device; not running on the host.*mandatory offload refused the host" } */
