/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* fork on the host path: the parent scans on its OpenMP threads (the
   API's host path, with no OpenCL), forks, and both scan again.  A
   parallel region in the child would never end: libgomp's threads do not
   survive fork.  The child scans on its calling thread alone, with one
   message, right results, and no hang (alarm); the parent goes on with
   its team.  The program is api-fork-1.c's, whose scans there run on
   pocl.  */
/* { dg-do run } */
/* { dg-set-target-env-var OMP_NUM_THREADS 2 } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include "api-fork-1.c"

/* { dg-output "libscanrt: scanrt_scan: this process was forked, and libgomp's threads do not survive a fork: host scans here run on the calling thread alone\[^\n\]*\n" } */
/* { dg-output "fork checked" } */
