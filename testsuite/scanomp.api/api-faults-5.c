/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Invalid arguments and sizes.  Arguments the API cannot honour return
   SCANRT_EINVAL and write nothing; tuning the device cannot take falls back
   to the host with a message, or fails under SCANRT_NO_HOST.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST opencl } */
/* { dg-require-effective-target opencl_device } */
/* { dg-devices pocl } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include "api-check.h"

#define N 100000

static int x[N], y[N];

static void
check_prefix_sum (const char *what)
{
  int acc = 0;
  for (size_t i = 0; i < N; i++)
    CHECK (y[i] == (acc += x[i]), "%s: element %zu", what, i);
}

int
main (void)
{
  for (size_t i = 0; i < N; i++)
    x[i] = (int) (rnd () % 1000);

  /* A work-group size that is no power of two: message, then the host.  */
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.variant = SCANRT_VARIANT_GPU;
  p.work_group_size = 100;
  int status = scanrt_scan (y, x, N, SCANRT_INT, SCANRT_ADD, &p);
  CHECK (status == SCANRT_HOST, "wg 100: %s", scanrt_status_name (status));
  check_prefix_sum ("wg 100");

  /* The same, with the host forbidden: the error, and nothing written.  */
  memset (y, 0, sizeof y);
  p.flags = SCANRT_NO_HOST;
  status = scanrt_scan (y, x, N, SCANRT_INT, SCANRT_ADD, &p);
  CHECK (status == SCANRT_EINVAL, "wg 100 no host: %s",
         scanrt_status_name (status));
  for (size_t i = 0; i < N; i++)
    CHECK (y[i] == 0, "element %zu written", i);

  /* Too much local memory for the device.  */
  p = (scanrt_params) SCANRT_PARAMS_INIT;
  p.variant = SCANRT_VARIANT_GPU;
  p.items = (size_t) 1 << 30;
  status = scanrt_scan (y, x, N, SCANRT_INT, SCANRT_ADD, &p);
  CHECK (status == SCANRT_HOST, "items 2^30: %s", scanrt_status_name (status));
  check_prefix_sum ("items 2^30");

  /* A device that does not exist.  */
  p = (scanrt_params) SCANRT_PARAMS_INIT;
  p.device = 99;
  status = scanrt_scan (y, x, N, SCANRT_INT, SCANRT_ADD, &p);
  CHECK (status == SCANRT_HOST, "device 99: %s", scanrt_status_name (status));
  check_prefix_sum ("device 99");

  /* Arguments: a negative device other than the default, overlap, an
     operator the type lacks, no such operator or type, NULL arrays.  */
  memset (y, 0, sizeof y);
  p = (scanrt_params) SCANRT_PARAMS_INIT;
  p.device = -7;
  CHECK (scanrt_scan (y, x, N, SCANRT_INT, SCANRT_ADD, &p) == SCANRT_EINVAL,
         "device -7 accepted");
  CHECK (scanrt_scan (x + 1, x, N - 1, SCANRT_INT, SCANRT_ADD, NULL)
         == SCANRT_EINVAL, "overlap accepted");
  CHECK (scanrt_scan (y, x, N, SCANRT_FLOAT, SCANRT_XOR, NULL)
         == SCANRT_EINVAL, "float ^ accepted");
  CHECK (scanrt_scan (y, x, N, SCANRT_INT, (scanrt_op) 42, NULL)
         == SCANRT_EINVAL, "operator 42 accepted");
  CHECK (scanrt_scan (y, x, N, (scanrt_type) 42, SCANRT_ADD, NULL)
         == SCANRT_EINVAL, "type 42 accepted");
  CHECK (scanrt_scan (NULL, x, N, SCANRT_INT, SCANRT_ADD, NULL)
         == SCANRT_EINVAL, "NULL accepted");
  CHECK (scanrt_scan (y, x, (size_t) -1 / 2, SCANRT_INT, SCANRT_ADD, NULL)
         == SCANRT_EINVAL, "overflowing size accepted");
  for (size_t i = 0; i < N; i++)
    CHECK (y[i] == 0, "element %zu written", i);
  puts ("invalid arguments handled");
  return 0;
}
/* { dg-output "libscanrt: work-group size 100 with 8 items per work-item does not fit this device.*" } */
/* { dg-output "libscanrt: scanrt_scan: the scan runs on the host instead.*" } */
/* { dg-output "libscanrt: scanrt_scan: the scan failed on device 0 \\(SCANRT_EINVAL\\) and may not run on the host.*" } */
/* { dg-output "libscanrt: work-group size \[0-9\]+ with 1073741824 items.*" } */
/* { dg-output "libscanrt: scanrt_scan: device 99 does not exist: devices are 0 to 0, and 1 is the host; running on the host.*" } */
/* { dg-output "libscanrt: scanrt_scan: device -7 is not a device number; pass 0 or more, SCANRT_DEFAULT_DEVICE, SCANRT_DEVICE_GPU or SCANRT_DEVICE_CPU.*" } */
/* { dg-output "libscanrt: scanrt_scan: the input and output arrays overlap.*" } */
/* { dg-output "libscanrt: scanrt_scan: 6 is not a scanrt_op for this type \\(&, \\| and \\^ take integer types only\\).*" } */
/* { dg-output "libscanrt: scanrt_scan: 42 is not a scanrt_op for this type.*" } */
/* { dg-output "libscanrt: scanrt_scan: 42 is not a scanrt_type; pass one of SCANRT_CHAR to SCANRT_DOUBLE.*" } */
/* { dg-output "invalid arguments handled" } */
