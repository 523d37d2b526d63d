/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Under OMP_TARGET_OFFLOAD=MANDATORY, `device(CPU)' names pocl's device,
   which exists: libgomp's own constructs (`target data', `target update',
   a plain `target', the construct an inscan loop would fall back to)
   accept it as they accept a device number, also where a GPU comes
   first and device(CPU) is not 0, and the scans run there as kernels,
   checked against the sequential loop.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */
/* { dg-set-target-env-var SCANOMP_PROFILE 1 } */

#include "clause-check.h"

int
main (void)
{
  long n = (1L << 20) + 3;
  int *y = malloc (n * sizeof *y), *r = malloc (n * sizeof *r);
  for (long i = 0; i < n; i++)
    y[i] = r[i] = (int) (rnd () % 100);
#pragma omp target data device(CPU) map(tofrom: y[0:n])
  {
#pragma omp target device(CPU) map(tofrom: y[0:n])
#pragma omp parallel for scan(^: y)
    for (long i = 1; i < n; i++)
      y[i] = y[i-1] ^ y[i];
#pragma omp target update device(CPU) from(y[0:n])
  }
  for (long i = 1; i < n; i++)
    r[i] = r[i-1] ^ r[i];
  for (long i = 0; i < n; i++)
    if (y[i] != r[i])
      FAIL ("y[%ld] is %d, not %d", i, y[i], r[i]);
  int v = 0;
#pragma omp target device(CPU) map(tofrom: v)
  v = 1;
  CHECK (v == 1, "the plain target ran");
  int s = 0;
#pragma omp target device(CPU) map(tofrom: y[0:n], s) map(to: r[0:n])
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      y[i] = s;
#pragma omp scan exclusive(s)
      s += r[i] & 7;
    }
  int t = 0;
  for (long i = 0; i < n; i++)
    {
      if (y[i] != t)
        FAIL ("inscan: y[%ld] is %d, not %d", i, y[i], t);
      t += r[i] & 7;
    }
  CHECK (s == t, "the inscan total");
  puts ("device(CPU) checked");
  free (y);
  free (r);
  return 0;
}
/* { dg-output "device\\(CPU\\) checked.*libscanrt: \[^ \]*clause-run-named-3.c:40 +1 +0 .*libscanrt: \[^ \]*clause-run-named-3.c:25 +1 +0 " } */
