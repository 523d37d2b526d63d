/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Updates whose operand equals the operator's identity, which GCC folds
   away before the plugin sees them: 1 && y[i-1] and 0 || y[i-1] become
   y[i-1] != 0; y[i-1] * 1, y[i-1] ^ 0 and y[i-1] - 0.0 become y[i-1].
   Each is still the clause's scan, run on the device under
   OMP_TARGET_OFFLOAD=MANDATORY and checked against the sequential loop.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */

#include "clause-check.h"

#define N ((1L << 20) + 7)
static long a[N], b[N], c[N], d[N];
static double e[N];

static void
scans (long n)
{
#pragma omp parallel for scan(&&: a)
  for (long i = 1; i < n; i++)
    a[i] = (8L / 7) && a[i-1];
#pragma omp parallel for scan(*: b)
  for (long i = 1; i < n; i++)
    b[i] = b[i-1] * 1;
#pragma omp parallel for scan(^: c)
  for (long i = 1; i < n; i++)
    c[i] = c[i-1] ^ 0;
#pragma omp parallel for scan(||: d)
  for (long i = 1; i < n; i++)
    d[i] = 0 || d[i-1];
#pragma omp parallel for scan(-: e)
  for (long i = 1; i < n; i++)
    e[i] = e[i-1] - 0.0;
}

int
main (void)
{
  for (unsigned s = 0; s < NSIZES; s++)
    for (long seed = 0; seed < 3; seed++)
      {
        long n = sizes[s];
        if (n == 0)
          continue;
        for (long i = 0; i < n; i++)
          a[i] = b[i] = c[i] = d[i] = e[i] = i == 0 ? seed * 5 : -1;
        scans (n);
        for (long i = 1; i < n; i++)
          {
            long ra = seed * 5 != 0, rd = seed * 5 != 0, rbc = seed * 5;
            CHECK (a[i] == ra && b[i] == rbc && c[i] == rbc && d[i] == rd
                   && e[i] == (double) rbc,
                   "n=%ld seed %ld: at %ld: %ld %ld %ld %ld %g", n, seed, i,
                   a[i], b[i], c[i], d[i], e[i]);
          }
      }
  puts ("folded identities checked");
  return 0;
}
