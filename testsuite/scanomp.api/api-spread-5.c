/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* An in-place scan split across two devices whose first block fails on
   both while the second is written (SCANOMP_FAIL_RUNS: run 1 computes
   block 0's total; runs 2 and 3, the blocks, fail; the retries run block 1
   (run 4) and then block 0 (run 5, which fails)).  Block 0's input is still
   there, but the host cannot go on from it: the caller's loop would reread
   block 1, which now holds results.  The scan fails with a message, and
   the elements of block 1 are the right ones.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-env POCL_DEVICES "pthread pthread" } */
/* { dg-set-env SCANOMP_HOST_CUTOFF 0 } */
/* { dg-set-env SCANOMP_FAIL_RUNS 2,3,5 } */

#include "api-check.h"

#define N 100000

static long x[N], ref[N];

int
main (void)
{
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.devices = "0:1,1:1";
  for (long i = 0; i < N; i++)
    ref[i] = x[i] = (long) (rnd () % 2001) - 1000;
  int status = scanrt_scan (x, x, N, SCANRT_LONG, SCANRT_ADD, &p);
  CHECK (status == SCANRT_EDEVICE, "the scan fails: %s",
         scanrt_status_name (status));
  long acc = 0;
  for (long i = 0; i < N / 2; i++)
    acc += ref[i];
  for (long i = N / 2; i < N; i++)
    {
      acc += ref[i];
      CHECK (x[i] == acc, "x[%ld] is %ld, not %ld", i, x[i], acc);
    }
  puts ("in-place failure checked");
  return 0;
}
/* { dg-output "libscanrt: SCANOMP_FAIL_RUNS: run 2 on the device fails\n" } */
/* { dg-output "libscanrt: SCANOMP_FAIL_RUNS: run 3 on the device fails\n" } */
/* { dg-output "libscanrt: scanrt_scan: positions 50000 to 99999 failed on device 1; running them on device 0\n" } */
/* { dg-output "libscanrt: scanrt_scan: positions 0 to 49999 failed on device 0; running them on device 1\n" } */
/* { dg-output "libscanrt: SCANOMP_FAIL_RUNS: run 5 on the device fails\n" } */
/* { dg-output "libscanrt: scanrt_scan: positions 0 to 49999 failed on every device; the blocks around them are written, so the scan cannot go on on the host\n" } */
/* { dg-output "in-place failure checked" } */
