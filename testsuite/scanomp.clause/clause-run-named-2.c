/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Under OMP_TARGET_OFFLOAD=MANDATORY, `device(GPU)' with no GPU (here no
   OpenCL device at all) stops the program after saying why, as OpenMP
   requires, rather than falling back.  */
/* { dg-do run } */
/* { dg-set-target-env-var OCL_ICD_VENDORS /nonexistent } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */
/* { dg-shouldfail "MANDATORY with no GPU" } */

#include "clause-check.h"

int
main (void)
{
  long n = 1000;
  long *y = calloc (n, sizeof *y), *x = calloc (n, sizeof *x);
  puts ("scanning");
  fflush (stdout);
#pragma omp target device(GPU) map(tofrom: y[:n]) map(to: x[:n])
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
  puts ("not reached");
  return 0;
}
/* { dg-output "scanning\n.*libscanrt: device\\(GPU\\): none of the 0 OpenCL devices is a GPU, and OMP_TARGET_OFFLOAD=MANDATORY allows no other device" } */
