/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A target scan split across two devices that fail part way
   (SCANOMP_FAIL_RUNS), on devices that copy (SCANOMP_UNIFIED=0), where
   each block's copy of y takes in y[i-1] of the block before: a block
   that fails on both devices runs on the host, through the loop's host
   functions, and totals that fail on both leave the whole scan to the
   host.  Each result checked against the loop run sequentially.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */
/* { dg-set-target-env-var SCANOMP_DEVICES 0:1,1:1 } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */
/* { dg-set-target-env-var SCANOMP_FAIL_RUNS 2,4,5,6 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD DEFAULT } */

#include "clause-check.h"

#define N 100001L

static long y[N], x[N];

static void
scan (void)
{
#pragma omp target map(tofrom: y[0:N]) map(to: x[0:N])
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < N; i++)
    y[i] = y[i-1] + x[i];
}

static void
check (const char *what)
{
  for (long i = 0; i < N; i++)
    {
      x[i] = (long) (rnd () % 2001) - 1000;
      y[i] = i ? -1 : 7;
    }
  scan ();
  for (long i = 1, acc = 7; i < N; i++)
    {
      acc += x[i];
      if (y[i] != acc)
        FAIL ("%s: y[%ld] is %ld, not %ld", what, i, y[i], acc);
    }
}

int
main (void)
{
  check ("a block on the host");      /* runs 1 to 4 */
  check ("totals on the host");       /* runs 5 and 6 */
  check ("no failure");               /* runs 7 to 9 */
  puts ("faults checked");
  return 0;
}
/* { dg-output "libscanrt: SCANOMP_FAIL_RUNS: run 2 on the device fails\n" } */
/* { dg-output "libscanrt: \[^ \]*clause-run-spread-2.c:27: positions \[0-9\]+ to \[0-9\]+ failed on device \[01\]; running them on device \[01\]\n" } */
/* { dg-output "libscanrt: SCANOMP_FAIL_RUNS: run 4 on the device fails\n" } */
/* { dg-output "libscanrt: \[^ \]*clause-run-spread-2.c:27: positions \[0-9\]+ to \[0-9\]+ run on the host\n" } */
/* { dg-output "libscanrt: SCANOMP_FAIL_RUNS: run 5 on the device fails\n" } */
/* { dg-output "libscanrt: \[^ \]*clause-run-spread-2.c:27: positions 0 to 49999 failed on device 0; running them on device 1\n" } */
/* { dg-output "libscanrt: SCANOMP_FAIL_RUNS: run 6 on the device fails\n" } */
/* { dg-output "libscanrt: \[^ \]*clause-run-spread-2.c:27: no device computed a block's total; the scan runs on the host instead\n" } */
/* { dg-output "faults checked" } */
