/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Loops the differential fuzzer (scanomp.fuzz) found refused, each run on
   the device under OMP_TARGET_OFFLOAD=MANDATORY and checked against the
   sequential loop:
   - an `if' clause on `parallel for simd' or `target parallel for', whose
     condition GCC computes into a temporary beside the inner construct;
   - y[i] = y[i-1] || t with t a plain value, which GCC folds to
     (y[i-1] | t) != 0;
   - max written with ?: over the result of a math built-in.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */

#include "clause-check.h"

#define N ((1L << 20) + 7)
static long a[N], b[N], x[N];
static signed char c[N], xc[N];
static float d[N], xf[N], wf[N];
static long ra[N], rb[N];
static signed char rc[N];
static float rd[N];

static void
scans (long lb, long ub)
{
#pragma omp parallel for simd scan (+: a) if (ub > 0)
  for (long i = lb; i < ub; i++)
    a[i] = a[i-1] + x[i];
#pragma omp target parallel for map (tofrom: b[0:ub]) map (to: x[0:ub]) \
    scan (^: b) if (ub > 1)
  for (long i = lb; i < ub; i++)
    b[i] = b[i-1] ^ x[i];
#pragma omp parallel for scan (||: c)
  for (long i = lb; i < ub; i++)
    {
      signed char t = xc[i];
      c[i] = c[i-1] || t;
    }
#pragma omp parallel for scan (max: d)
  for (long i = lb; i < ub; i++)
    {
      float t = fminf (xf[i], wf[i]);
      d[i] = d[i-1] > t ? d[i-1] : t;
    }
}

int
main (void)
{
  for (unsigned s = 0; s < NSIZES; s++)
    {
      long n = sizes[s];
      if (n < 2)
        continue;
      for (long i = 0; i < n; i++)
        {
          x[i] = (long) (rnd () % 2001) - 1000;
          xc[i] = rnd () % 50 == 0;
          xf[i] = (float) (rnd () % 4001) / 8;
          wf[i] = (float) (rnd () % 4001) / 8;
          ra[i] = a[i] = (long) (rnd () % 100);
          rb[i] = b[i] = (long) rnd ();
          rc[i] = c[i] = 0;
          rd[i] = d[i] = -1;
        }
      scans (1, n);
      for (long i = 1; i < n; i++)
        {
          float t = fminf (xf[i], wf[i]);
          ra[i] = ra[i-1] + x[i];
          rb[i] = rb[i-1] ^ x[i];
          rc[i] = rc[i-1] || xc[i];
          rd[i] = rd[i-1] > t ? rd[i-1] : t;
        }
      for (long i = 0; i < n; i++)
        CHECK (a[i] == ra[i] && b[i] == rb[i] && c[i] == rc[i]
               && d[i] == rd[i],
               "n=%ld: at %ld: %ld/%ld %ld/%ld %d/%d %g/%g", n, i, a[i],
               ra[i], b[i], rb[i], c[i], rc[i], d[i], rd[i]);
    }
  puts ("loops the fuzzer found checked");
  return 0;
}
