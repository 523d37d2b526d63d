/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* SCANOMP_PROFILE=1 prints, at exit, each call site's calls and the time
   split into build, transfer, kernel and management.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_PROFILE 1 } */

#include "api-check.h"

int
main (void)
{
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.site = "profiled-site";
  scan_and_check (SCANRT_FLOAT, SCANRT_ADD, 100000, &p, "profile");
  unsigned char x[4] = { 1, 2, 3, 4 }, y[4];
  p.flags = 0;
  CHECK (scanrt_scan (y, x, 4, SCANRT_UCHAR, SCANRT_ADD, &p) == SCANRT_HOST,
         "small scans stay on the host");
  return 0;
}
/* { dg-output "libscanrt: profile, seconds per call site \\(SCANOMP_PROFILE=1\\)\n" } */
/* { dg-output "libscanrt: site +calls +on host +build +transfer +kernel +manage +total\n" } */
/* { dg-output "libscanrt: profiled-site +5 +1 +\[0-9.\]+ +\[0-9.\]+ +\[0-9.\]+ +\[0-9.\]+ +\[0-9.\]+" } */
