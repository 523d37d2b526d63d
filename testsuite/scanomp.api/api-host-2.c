/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* api-host-1.c's checks with every team scan in chained chunks
   (SCANOMP_HOST_CHAIN=0, libscanrt/host.c), as scans past the caches run:
   the threads take the chunks in turn and each chunk's prefix comes from
   the one before it, through two slots that the chunks share in turn; at
   1000003 ints, 31 chunks on 2, 3 and 7 threads, more threads than this
   machine's cores, the in-place affine maps included, and the float bits
   the same from run to run.  */
/* { dg-do run } */
/* { dg-options "-fopenmp" } */
/* { dg-set-env SCANOMP_HOST_CUTOFF 0 } */
/* { dg-set-env SCANOMP_HOST_CHAIN 0 } */
/* { dg-set-env OCL_ICD_VENDORS /nonexistent } */

#include "api-host-1.c"

/* { dg-output "^host path checked\r?\n$" } */
