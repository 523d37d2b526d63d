/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* clause-run-copies-1.c with buffers of at most 1,000,000 bytes: each loop
   over 2^20 + 7 longs runs as 8 segments of 124,999 positions on the
   device, the total of each seeding the next, and its last 48,583
   positions, below the host cutoff, in the sequential fallback, which
   goes on from the reduction and lastprivate values of the segments.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-env SCANOMP_MAX_BUFFER 1000000 } */
/* { dg-set-env SCANOMP_HOST_CUTOFF 100000 } */

#include "clause-run-copies-1.c"
