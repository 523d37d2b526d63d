/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* clause-run-copies-1.c with buffers of at most 1,000,000 bytes: each loop
   over 2^20 + 7 longs runs as 9 segments on the device, the total of each
   seeding the next.  The last segment of each fails (SCANOMP_FAIL_RUNS:
   the device runs of the loops that reach a device, 9 a loop), so its
   positions go to the sequential fallback, which goes on from the
   reduction and lastprivate values of the segments before.  Where a loop
   runs is decided once, so without the failures the last segment would
   run on the device too, though below the host cutoff.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_MAX_BUFFER 1000000 } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 100000 } */
/* { dg-set-target-env-var SCANOMP_FAIL_RUNS 9,18,27,36,45,54 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD default } */

#include "clause-run-copies-1.c"
