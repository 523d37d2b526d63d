/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The device data environment of clause-run-data-1.c with the data mapped
   across two devices that copy (SCANOMP_DEVICES; pocl asked for two CPU
   devices, SCANOMP_UNIFIED=0): each device keeps its piece of y, each
   scan's blocks run where their pieces are, and the block on the second
   piece takes its y[i-1] from the first's.  Values still move between the
   host and the devices exactly when OpenMP says: the same steps, checked
   against the same models.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */
/* { dg-set-target-env-var SCANOMP_DEVICES 0:1,1:1 } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD DEFAULT } */
/* { dg-set-target-env-var SCANOMP_PROFILE 1 } */

#include "clause-run-data-1.c"

/* { dg-output "data checked.*libscanrt: \[^ \]*clause-run-data-1.c:29 +10 +(0|2) " } */
