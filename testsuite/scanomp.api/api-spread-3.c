/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Devices that fail part way through a scan split across two (pocl asked
   for two CPU devices; SCANOMP_FAIL_RUNS fails the device runs it
   numbers, counted over the process): a block's total, or a block, that
   fails on one device runs on the other; one that fails on both leaves the
   scan to the host, from the start or from that block; and under
   SCANRT_NO_HOST the scan fails, having written nothing.  Every result
   that is returned is checked against a sequential loop.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */
/* { dg-set-target-env-var SCANOMP_FAIL_RUNS 1,6,8,9,10,12,13,14,15 } */

#include "api-check.h"
#include "api-user-ops.h"

#define N 100000

static int x[N], y[N];
static affine f[N], g[N];

static int
sum (const char *what, unsigned flags)
{
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.devices = "0:1,1:1";
  p.flags = flags;
  for (long i = 0; i < N; i++)
    x[i] = (int) (rnd () % 2001) - 1000;
  memset (y, 0, sizeof y);
  int status = scanrt_scan (y, x, N, SCANRT_INT, SCANRT_ADD, &p);
  if (status >= 0)
    for (long i = 0, acc = 0; i < N; i++)
      {
        acc += x[i];
        if (y[i] != acc)
          FAIL ("%s: element %ld is %d, not %ld", what, i, y[i], acc);
      }
  return status;
}

int
main (void)
{
  /* Runs 1 (block 0's total, on device 0) fails, and 2 (on device 1)
     takes it; 3 and 4 scan the blocks.  */
  CHECK (sum ("a total on the other device", 0) == SCANRT_OK,
         "a total on the other device");
  /* Runs 5 (the total) and 6 and 7 (the blocks): the block of run 6 fails
     again in run 8 and runs on the API's host path.  */
  CHECK (sum ("a block on the host", 0) >= 0, "a block on the host");
  /* Runs 9 and 10: block 0's total fails on both devices.  */
  CHECK (sum ("totals on the host", 0) == SCANRT_HOST, "totals on the host");

  /* Chained blocks of a user-defined operator: run 11 scans block 0; 12
     and 13 fail block 1, which the host finishes.  */
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.devices = "0:1,1:1";
  for (long i = 0; i < N; i++)
    random_affine (&f[i]);
  CHECK (scanrt_scan_user (g, f, N, &user_ops[0], &p) == SCANRT_OK,
         "chained");
  affine acc = affine_id;
  for (long i = 0; i < N; i++)
    {
      affine_host (&acc, &acc, &f[i]);
      CHECK (!memcmp (&g[i], &acc, sizeof acc), "chained: element %ld", i);
    }

  /* Runs 14 and 15: with no host allowed, the scan fails and writes
     nothing.  */
  CHECK (sum ("no host", SCANRT_NO_HOST) == SCANRT_EDEVICE, "no host");
  for (long i = 0; i < N; i++)
    CHECK (y[i] == 0, "no host: element %ld written", i);
  puts ("faults across devices checked");
  return 0;
}
/* { dg-output "libscanrt: SCANOMP_FAIL_RUNS: run 1 on the device fails\n" } */
/* { dg-output "libscanrt: scanrt_scan: positions 0 to 49999 failed on device 0; running them on device 1\n" } */
/* { dg-output "libscanrt: SCANOMP_FAIL_RUNS: run 6 on the device fails\n" } */
/* { dg-output "libscanrt: scanrt_scan: positions \[0-9\]+ to \[0-9\]+ failed on device \[01\]; running them on device \[01\]\n" } */
/* { dg-output "libscanrt: SCANOMP_FAIL_RUNS: run 8 on the device fails\n" } */
/* { dg-output "libscanrt: scanrt_scan: positions \[0-9\]+ to \[0-9\]+ run on the host\n" } */
/* { dg-output "libscanrt: SCANOMP_FAIL_RUNS: run 9 on the device fails\n" } */
/* { dg-output "libscanrt: scanrt_scan: positions 0 to 49999 failed on device 0; running them on device 1\n" } */
/* { dg-output "libscanrt: SCANOMP_FAIL_RUNS: run 10 on the device fails\n" } */
/* { dg-output "libscanrt: scanrt_scan: no device computed a block's total; the scan runs on the host instead\n" } */
/* { dg-output "libscanrt: SCANOMP_FAIL_RUNS: run 12 on the device fails\n" } */
/* { dg-output "libscanrt: scanrt_scan_user: positions 50000 to 99999 failed on device 1; running them on device 0\n" } */
/* { dg-output "libscanrt: SCANOMP_FAIL_RUNS: run 13 on the device fails\n" } */
/* { dg-output "libscanrt: scanrt_scan_user: positions 50000 to 99999 failed on every device; the host goes on from there\n" } */
/* { dg-output "libscanrt: SCANOMP_FAIL_RUNS: run 14 on the device fails\n" } */
/* { dg-output "libscanrt: scanrt_scan: positions 0 to 49999 failed on device 0; running them on device 1\n" } */
/* { dg-output "libscanrt: SCANOMP_FAIL_RUNS: run 15 on the device fails\n" } */
/* { dg-output "libscanrt: scanrt_scan: no device computed a block's total; the scan fails\n" } */
/* { dg-output "faults across devices checked" } */
