/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The user-defined operators of api-user-1.c, which do not commute, split
   across two devices (pocl asked for two CPU devices), unequally: their
   blocks are chained, each seeded with the total of the one before.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#define DEVICES "1:2,0:1"
#include "api-user-1.c"
