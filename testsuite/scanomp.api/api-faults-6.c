/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A user operator whose OpenCL C does not build: the build log is printed,
   and the scan runs on the host when the operator has a host combiner, or
   fails without writing when it has none.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include "api-check.h"

static void
add_host (void *r, const void *a, const void *b)
{
  *(int *) r = *(const int *) a + *(const int *) b;
}

int
main (void)
{
  static const int zero = 0;
  scanrt_user_op op = { "int add (int a, int b) { return a + b }\n", "int",
                        "add", sizeof (int), &zero, add_host };
  enum { N = 5000 };
  static int x[N], y[N];
  for (int i = 0; i < N; i++)
    x[i] = i % 7;
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.site = "broken-op";
  int status = scanrt_scan_user (y, x, N, &op, &p);
  CHECK (status == SCANRT_HOST, "status %s", scanrt_status_name (status));
  int acc = 0;
  for (int i = 0; i < N; i++)
    CHECK (y[i] == (acc += x[i]), "element %d", i);

  op.host_combine = NULL;
  memset (y, 0, sizeof y);
  status = scanrt_scan_user (y, x, N, &op, &p);
  CHECK (status < 0, "status %s", scanrt_status_name (status));
  for (int i = 0; i < N; i++)
    CHECK (y[i] == 0, "element %d written", i);

  /* An incomplete operator is refused outright.  */
  op.combine = NULL;
  CHECK (scanrt_scan_user (y, x, N, &op, NULL) == SCANRT_EINVAL,
         "no combiner accepted");
  puts ("build failure handled");
  return 0;
}
/* { dg-output "libscanrt: clBuildProgram: CL_BUILD_PROGRAM_FAILURE \\(-11\\): the generated kernel did not build; this is the build log:.*" } */
/* { dg-output "libscanrt:   .*expected ';'.*" } */
/* { dg-output "libscanrt: broken-op: the scan runs on the host instead.*" } */
/* { dg-output "libscanrt: broken-op: the scan cannot run on the host: the user operator has no host_combine.*" } */
/* { dg-output "build failure handled" } */
