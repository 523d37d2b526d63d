/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Map clauses on the target, with the device treated as discrete
   (SCANOMP_UNIFIED=0: explicit copies in and out): sections larger than
   the loop's reach, an offset section, and a global array.  The copies
   must bring back exactly the scan, and leave the rest of each array
   alone.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */

#include "clause-check.h"

#define N 200003
static double g[N + 10], rg[N + 10];

int
main (void)
{
  long n = N;
  int *y = malloc ((n + 10) * 4), *x = malloc ((n + 10) * 4);
  int *r = malloc ((n + 10) * 4);
  for (long i = 0; i < n + 10; i++)
    {
      x[i] = (int) (rnd () % 100);
      y[i] = r[i] = (int) (rnd () % 100);
      g[i] = rg[i] = (double) (rnd () % 100);
    }

  /* y is mapped past both ends of what the loop touches.  */
#pragma omp target map(tofrom: y[0:n+10]) map(to: x[0:n+10])
#pragma omp parallel for scan(+: y)
  for (long i = 5; i < n; i++)
    y[i] = y[i-1] + x[i-1];
  for (long i = 5; i < n; i++)
    r[i] = r[i-1] + x[i-1];

  /* A section that starts inside the array.  */
#pragma omp target map(tofrom: g[3:n])
#pragma omp parallel for scan(max: g)
  for (long i = 4; i < n; i++)
    g[i] = g[i] > g[i-1] ? g[i] : g[i-1];
  for (long i = 4; i < n; i++)
    rg[i] = rg[i] > rg[i-1] ? rg[i] : rg[i-1];

  for (long i = 0; i < n + 10; i++)
    if (y[i] != r[i] || g[i] != rg[i])
      FAIL ("element %ld", i);
  puts ("maps checked");
  free (y);
  free (x);
  free (r);
  return 0;
}
