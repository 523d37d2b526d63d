/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* clause-run-spread-4.c on a node with both kinds of device, as a GPU
   beside pocl's CPU device: device 0 copies, device 1 shares the host's
   memory (SCANOMP_UNIFIED=0,1).  The shared device's piece is the host's
   array, whose bytes at the seam the copying device holds: its block
   reads them only once they are copied in.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */
/* { dg-set-target-env-var SCANOMP_DEVICES 0:1,1:1 } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0,1 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD DEFAULT } */

#include "clause-run-spread-4.c"

/* { dg-output "seams checked" } */
