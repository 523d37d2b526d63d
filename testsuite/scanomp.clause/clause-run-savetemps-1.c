/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* -save-temps: the compile reads the clause back from the preprocessed
   file.  */
/* { dg-do run } */
/* { dg-options "-save-temps=obj" } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */

#include "clause-check.h"

int
main (void)
{
  long n = 100003;
  long *y = malloc (n * 8), *r = malloc (n * 8);
  for (long i = 0; i < n; i++)
    y[i] = r[i] = (long) (rnd () % 1000);
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] += y[i-1];
  for (long i = 1; i < n; i++)
    r[i] += r[i-1];
  for (long i = 0; i < n; i++)
    if (y[i] != r[i])
      FAIL ("y[%ld]", i);
  free (y);
  free (r);
  return 0;
}
