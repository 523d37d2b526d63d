/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Segmented scans, y[i] = h[i] ? R : y[i-1] op E, which the plugin scans
   as pairs (the value, whether a segment starts): a running sum that
   restarts at each head, with the head's value, at 0, or at a value
   computed there; the branches swapped; with -, *, min and max (as ?:
   of integers and as fmin and fmax), &, | and ^; the last value over
   900 carried forward (y[i-1] alone in one branch); written with if/else,
   the store in each branch (and a plain scan so written); and with a
   store beside.  Outside and inside `target', checked against the sequential
   loop.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */

#include "clause-check.h"

#define N ((1L << 20) + 7)
static double x[N], d1[N], d2[N], d3[N], d4[N], z[N];
static long lx[N], l1[N], l2[N], l3[N], l4[N], l5[N], l6[N], l7[N];
static unsigned ux[N], u1[N], u2[N], u3[N];
static int h[N];

static void
scans (long n)
{
  PRAGMA (omp parallel for scan(+: d1))
  for (long i = 1; i < n; i++)
    d1[i] = h[i] ? x[i] : d1[i-1] + x[i];
  PRAGMA (omp parallel for scan(+: d2))
  for (long i = 1; i < n; i++)
    d2[i] = !h[i] ? x[i] + d2[i-1] : 0.0;
  PRAGMA (omp parallel for scan(min: d3))
  for (long i = 1; i < n; i++)
    d3[i] = h[i] ? x[i] : fmin (d3[i-1], x[i]);
  PRAGMA (omp parallel for scan(max: d4))
  for (long i = 1; i < n; i++)
    {
      d4[i] = h[i] ? 2.0 * x[i] - 1.0 : fmax (x[i], d4[i-1]);
      z[i] = d4[i] + 1.0;
    }
  PRAGMA (omp parallel for scan(-: l1))
  for (long i = 1; i < n; i++)
    l1[i] = h[i] ? lx[i] : l1[i-1] - lx[i];
  PRAGMA (omp parallel for scan(*: l2))
  for (long i = 1; i < n; i++)
    l2[i] = h[i] ? 1 : l2[i-1] * ((lx[i] & 2) - 1);
  PRAGMA (omp parallel for scan(min: l3))
  for (long i = 1; i < n; i++)
    l3[i] = h[i] ? lx[i] : (l3[i-1] < lx[i] ? l3[i-1] : lx[i]);
  PRAGMA (omp parallel for scan(max: l4))
  for (long i = 1; i < n; i++)
    l4[i] = h[i] ? -lx[i] : (lx[i] > l4[i-1] ? lx[i] : l4[i-1]);
  PRAGMA (omp parallel for scan(+: l5))
  for (long i = 1; i < n; i++)
    if (h[i])
      l5[i] = i;
    else
      l5[i] = l5[i-1] + lx[i];
  PRAGMA (omp parallel for scan(+: l6))
  for (long i = 1; i < n; i++)
    if (lx[i] & 1)
      l6[i] = l6[i-1] + lx[i];
    else
      l6[i] = l6[i-1] - 2 * lx[i];
  PRAGMA (omp parallel for scan(+: l7))
  for (long i = 1; i < n; i++)
    l7[i] = lx[i] > 900 ? lx[i] : l7[i-1];
  PRAGMA (omp parallel for scan(&: u1))
  for (long i = 1; i < n; i++)
    u1[i] = h[i] ? ~0u : u1[i-1] & ux[i];
  PRAGMA (omp parallel for scan(|: u2))
  for (long i = 1; i < n; i++)
    u2[i] = h[i] ? ux[i] : u2[i-1] | (ux[i] & 0x10101u);
  PRAGMA (omp parallel for scan(^: u3))
  for (long i = 1; i < n; i++)
    u3[i] = h[i] ? 0 : ux[i] ^ u3[i-1];
}

static void
target_scans (long n)
{
#pragma omp target teams distribute parallel for scan(+: d1) \
  map(tofrom: d1[0:n]) map(to: x[0:n], h[0:n])
  for (long i = 1; i < n; i++)
    d1[i] = h[i] ? x[i] : d1[i-1] + x[i];
#pragma omp target map(tofrom: d4[0:n], z[0:n]) map(to: x[0:n], h[0:n])
#pragma omp parallel for scan(max: d4)
  for (long i = 1; i < n; i++)
    {
      d4[i] = h[i] ? 2.0 * x[i] - 1.0 : fmax (x[i], d4[i-1]);
      z[i] = d4[i] + 1.0;
    }
#pragma omp target map(tofrom: l3[0:n]) map(to: lx[0:n], h[0:n])
#pragma omp parallel for scan(min: l3)
  for (long i = 1; i < n; i++)
    l3[i] = h[i] ? lx[i] : (l3[i-1] < lx[i] ? l3[i-1] : lx[i]);
#pragma omp target map(tofrom: u3[0:n]) map(to: ux[0:n], h[0:n])
#pragma omp parallel for scan(^: u3)
  for (long i = 1; i < n; i++)
    u3[i] = h[i] ? 0 : ux[i] ^ u3[i-1];
}

static void
check (long n, long seed, int target)
{
  double r1 = 1, r2 = 2, r3 = 3, r4 = 4;
  long q1 = 5, q2 = 6, q3 = 7, q4 = 8, q5 = 9, q6 = 13, q7 = 14;
  unsigned v1 = 10, v2 = 11, v3 = 12;
  for (long i = 1; i < n; i++)
    {
      r1 = h[i] ? x[i] : r1 + x[i];
      r2 = !h[i] ? x[i] + r2 : 0.0;
      r3 = h[i] ? x[i] : fmin (r3, x[i]);
      r4 = h[i] ? 2.0 * x[i] - 1.0 : fmax (x[i], r4);
      q1 = h[i] ? lx[i] : q1 - lx[i];
      q2 = h[i] ? 1 : q2 * ((lx[i] & 2) - 1);
      q3 = h[i] ? lx[i] : (q3 < lx[i] ? q3 : lx[i]);
      q4 = h[i] ? -lx[i] : (lx[i] > q4 ? lx[i] : q4);
      q5 = h[i] ? i : q5 + lx[i];
      q6 = (lx[i] & 1) ? q6 + lx[i] : q6 - 2 * lx[i];
      q7 = lx[i] > 900 ? lx[i] : q7;
      v1 = h[i] ? ~0u : v1 & ux[i];
      v2 = h[i] ? ux[i] : v2 | (ux[i] & 0x10101u);
      v3 = h[i] ? 0 : ux[i] ^ v3;
      CHECK (fabs (d1[i] - r1) <= 1e-9 * (1 + fabs (r1)) && d4[i] == r4
             && z[i] == d4[i] + 1.0 && l3[i] == q3 && u3[i] == v3,
             "target %d n=%ld seed %ld: at %ld: %.17g %g %ld %u, want %.17g "
             "%g %ld %u", target, n, seed, i, d1[i], d4[i], l3[i], u3[i], r1,
             r4, q3, v3);
      if (!target)
        CHECK (fabs (d2[i] - r2) <= 1e-9 * (1 + fabs (r2)) && d3[i] == r3
               && l1[i] == q1 && l2[i] == q2 && l4[i] == q4 && l5[i] == q5
               && l6[i] == q6 && l7[i] == q7 && u1[i] == v1 && u2[i] == v2,
               "n=%ld seed %ld: at %ld: %.17g %g %ld %ld %ld %ld %u %u, want "
               "%.17g %g %ld %ld %ld %ld %u %u", n, seed, i, d2[i], d3[i],
               l1[i], l2[i], l4[i], l5[i], u1[i], u2[i], r2, r3, q1, q2, q4,
               q5, v1, v2);
    }
}

int
main (void)
{
  for (int target = 0; target < 2; target++)
    for (unsigned k = 0; k < NSIZES; k++)
      for (long seed = 0; seed < 2; seed++)
        {
          long n = sizes[k];
          if (n == 0)
            continue;
          unsigned long r = 5 + seed;
          for (long i = 0; i < n; i++)
            {
              r = r * 6364136223846793005ul + 1442695040888963407ul;
              /* Segments of 16 on average; none at all for seed 1.  */
              h[i] = seed == 0 && (r >> 60) == 0;
              x[i] = (double) ((r >> 20) % 1000) / 8.0 - 60.0;
              lx[i] = (long) ((r >> 24) % 2001) - 1000;
              ux[i] = (unsigned) (r >> 29);
              z[i] = 7;
            }
          d1[0] = 1;
          d2[0] = 2;
          d3[0] = 3;
          d4[0] = 4;
          l1[0] = 5;
          l2[0] = 6;
          l3[0] = 7;
          l4[0] = 8;
          l5[0] = 9;
          l6[0] = 13;
          l7[0] = 14;
          u1[0] = 10;
          u2[0] = 11;
          u3[0] = 12;
          if (target)
            target_scans (n);
          else
            scans (n);
          check (n, seed, target);
        }
  puts ("segmented scans checked");
  return 0;
}
