/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* SCANOMP_HOST=opencl alone, as the documentation gives it: every loop
   outside target constructs runs through OpenCL whatever its size, a
   clause loop and an inlined inscan loop of 1000 ints well below the
   device cutoff of a target loop (the profile's third column counts
   calls run on the host: none).  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST opencl } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD default } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_PROFILE 1 } */

#include "clause-check.h"

int
main (void)
{
  long n = 1000;
  int *x = malloc (n * 4), *y = malloc (n * 4), *z = malloc (n * 4);
  for (long i = 0; i < n; i++)
    x[i] = (int) (rnd () % 100);
  y[0] = x[0];
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      z[i] = s;
    }
  int r = 0;
  for (long i = 0; i < n; i++)
    {
      r += x[i];
      if (y[i] != r || z[i] != r)
        FAIL ("element %ld", i);
    }
  free (x);
  free (y);
  free (z);
  return 0;
}
/* { dg-output "clause-run-cpu-2.c:27 +1 +0 .*clause-run-cpu-2.c:23 +1 +0 " } */
