/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The stress test of api-stress-1.c with the look-back read by the
   group, a window at once (SCANOMP_WALK=0), as GPUs read it without
   NVIDIA's PTX, on the CPU device that walks it by default: in the
   default shape's work-groups and the small shape's, over scans of many
   blocks of 32 tiles.  Until 2026-11-30 the window hung pocl 3.1 and 7.1
   in every scan of more than one block (a barrier inside a branch).  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_WALK 0 } */
/* { dg-set-target-env-var SCANOMP_STRESS_LAUNCHES 200 } */

#include "api-stress-1.c"
