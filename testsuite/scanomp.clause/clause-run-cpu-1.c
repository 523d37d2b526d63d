/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* With SCANOMP_HOST=opencl, a loop outside any target construct runs on
   the host's CPU device, whatever the default device: with
   SCANOMP_DEVICE=host the target loop runs on the host and the plain one
   on pocl (the profile's third column counts calls run on the host).  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST opencl } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD default } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_DEVICE host } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */
/* { dg-set-target-env-var SCANOMP_PROFILE 1 } */

#include "clause-check.h"

int
main (void)
{
  long n = 5001;
  int *y = malloc (n * 4), *z = malloc (n * 4), *r = malloc (n * 4);
  for (long i = 0; i < n; i++)
    y[i] = z[i] = r[i] = (int) (rnd () % 100);
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] += y[i-1];
#pragma omp target map(tofrom: z[0:n])
#pragma omp parallel for scan(+: z)
  for (long i = 1; i < n; i++)
    z[i] += z[i-1];
  for (long i = 1; i < n; i++)
    r[i] += r[i-1];
  for (long i = 0; i < n; i++)
    if (y[i] != r[i] || z[i] != r[i])
      FAIL ("element %ld", i);
  free (y);
  free (z);
  free (r);
  return 0;
}
/* { dg-output "clause-run-cpu-1.c:27 +1 +1 .*clause-run-cpu-1.c:23 +1 +0 " } */
