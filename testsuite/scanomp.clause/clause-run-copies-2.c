/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* clause-run-copies-1.c at default settings: below the host cutoff each
   loop runs its sequential fallback, which must leave the variables as
   OpenMP does too.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */

#include "clause-run-copies-1.c"
