/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Linear recurrences under scan(+: y), which the plugin scans as pairs
   (a, b) of the maps x -> a x + b: y[i] = a[i] * y[i-1] + b[i] and its
   mirror images, a loop-invariant or computed multiplier, x - y[i-1], a
   chain of +, - and *, one computed in a variable set again and again,
   one whose multiplier a branch computes and one whose branch skips a
   step, an unsigned one that wraps, a narrow integer
   computed in int, and one with a store beside; outside and inside `target', checked against the
   sequential loop (integers exactly, floating point within rounding).  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */

#include "clause-check.h"

#define N ((1L << 20) + 7)
static double a[N], b[N], d1[N], d2[N], d3[N], d4[N], d5[N], d6[N], d7[N], z[N];
static float f1[N], fa[N];
static long l1[N], l2[N], la[N], lb[N];
static unsigned i1[N];
static short s1[N];
static unsigned char u1[N], ua[N];

#define SCAN PRAGMA (omp parallel for scan(+: y))

static void
host (long n, double c, double *y)
{
  /* Reached through a pointer.  */
  SCAN
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] * c + b[i];
}

static void
scans (long n, double c)
{
  PRAGMA (omp parallel for scan(+: d1))
  for (long i = 1; i < n; i++)
    d1[i] = a[i] * d1[i-1] + b[i];
  host (n, c, d2);
  PRAGMA (omp parallel for scan(+: d3))
  for (long i = 1; i < n; i++)
    d3[i] = b[i] - (d3[i-1] + b[i - 1]) * (a[i] * 0.5);
  PRAGMA (omp parallel for scan(+: d4))
  for (long i = 1; i < n; i++)
    {
      d4[i] = b[i] + 0.75 * d4[i-1];
      z[i] = d4[i] * 2.0 + 1.0;
    }
  PRAGMA (omp parallel for scan(+: d5))
  for (long i = 1; i < n; i++)
    {
      double t = d5[i-1];
      t = t * a[i];
      t = -t;
      t = t + b[i];
      d5[i] = t;
    }
  PRAGMA (omp parallel for scan(+: d6))
  for (long i = 1; i < n; i++)
    d6[i] = (d6[i-1] + b[i]) * ((i & 3) == 0 ? 0.0 : a[i]);
  PRAGMA (omp parallel for scan(+: d7))
  for (long i = 1; i < n; i++)
    {
      double t = d7[i-1];
      if (b[i] > 0)
        t = t * a[i];
      d7[i] = t + b[i];
    }
  PRAGMA (omp parallel for scan(+: f1))
  for (long i = 1; i < n; i++)
    f1[i] = fa[i] * f1[i-1] + 1.0f;
  PRAGMA (omp parallel for scan(+: l1))
  for (long i = 1; i < n; i++)
    l1[i] = lb[i] - l1[i-1] * la[i];
  PRAGMA (omp parallel for scan(+: l2))
  for (long i = 1; i < n; i++)
    l2[i] = -l2[i-1] + i;
  PRAGMA (omp parallel for scan(+: i1))
  for (long i = 1; i < n; i++)
    i1[i] = 3 * i1[i-1] + (int) la[i];
  PRAGMA (omp parallel for scan(+: s1))
  for (long i = 1; i < n; i++)
    s1[i] = s1[i-1] * (short) la[i] + 7;
  PRAGMA (omp parallel for scan(+: u1))
  for (long i = 1; i < n; i++)
    u1[i] = ua[i] * u1[i-1] + ua[i - 1];
}

static void
target_scans (long n, double c)
{
#pragma omp target teams distribute parallel for scan(+: d1) \
  map(tofrom: d1[0:n]) map(to: a[0:n], b[0:n])
  for (long i = 1; i < n; i++)
    d1[i] = a[i] * d1[i-1] + b[i];
#pragma omp target map(tofrom: d2[0:n]) map(to: b[0:n])
#pragma omp parallel for scan(+: d2)
  for (long i = 1; i < n; i++)
    d2[i] = d2[i-1] * c + b[i];
#pragma omp target map(tofrom: d4[0:n], z[0:n]) map(to: b[0:n])
#pragma omp parallel for scan(+: d4)
  for (long i = 1; i < n; i++)
    {
      d4[i] = b[i] + 0.75 * d4[i-1];
      z[i] = d4[i] * 2.0 + 1.0;
    }
#pragma omp target map(tofrom: l1[0:n]) map(to: la[0:n], lb[0:n])
#pragma omp parallel for scan(+: l1)
  for (long i = 1; i < n; i++)
    l1[i] = lb[i] - l1[i-1] * la[i];
#pragma omp target map(tofrom: s1[0:n]) map(to: la[0:n])
#pragma omp parallel for scan(+: s1)
  for (long i = 1; i < n; i++)
    s1[i] = s1[i-1] * (short) la[i] + 7;
}

static int
near (double x, double want, double eps)
{
  return fabs (x - want) <= eps * (1.0 + fabs (want));
}

static void
check (long n, long seed, int target, double c)
{
  double r1 = 1.5 + seed, r2 = 2.0, r3 = -1.0, r4 = 0.25, r5 = 0.5,
         r6 = 0.75, r7 = -0.5;
  float rf = 1.0f;
  long rl1 = seed, rl2 = 5;
  unsigned ri = 1;
  short rs = 3;
  unsigned char ru = 9;
  for (long i = 1; i < n; i++)
    {
      r1 = a[i] * r1 + b[i];
      r2 = r2 * c + b[i];
      r3 = b[i] - (r3 + b[i - 1]) * (a[i] * 0.5);
      r4 = b[i] + 0.75 * r4;
      r5 = -(r5 * a[i]) + b[i];
      r6 = (r6 + b[i]) * ((i & 3) == 0 ? 0.0 : a[i]);
      r7 = (b[i] > 0 ? r7 * a[i] : r7) + b[i];
      rf = fa[i] * rf + 1.0f;
      rl1 = lb[i] - rl1 * la[i];
      rl2 = -rl2 + i;
      ri = 3 * ri + (int) la[i];
      rs = (short) (rs * (short) la[i] + 7);
      ru = (unsigned char) (ua[i] * ru + ua[i - 1]);
      CHECK (near (d1[i], r1, 1e-9) && near (d2[i], r2, 1e-9)
             && near (d4[i], r4, 1e-9) && near (z[i], d4[i] * 2.0 + 1.0, 0)
             && l1[i] == rl1 && s1[i] == rs,
             "target %d n=%ld seed %ld: at %ld: %.17g %.17g %.17g %ld %d, "
             "want %.17g %.17g %.17g %ld %d", target, n, seed, i, d1[i],
             d2[i], d4[i], l1[i], s1[i], r1, r2, r4, rl1, rs);
      if (!target)
        CHECK (near (d3[i], r3, 1e-9) && near (d5[i], r5, 1e-9)
               && near (d6[i], r6, 1e-9) && near (d7[i], r7, 1e-9)
               && near (f1[i], rf, 1e-3)
               && l2[i] == rl2 && i1[i] == ri && u1[i] == ru,
               "n=%ld seed %ld: at %ld: %.17g %g %ld %u %d, want %.17g %g "
               "%ld %u %d", n, seed, i, d3[i], f1[i], l2[i], i1[i], u1[i],
               r3, rf, rl2, ri, ru);
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
          double c = 0.5 + 0.25 * seed;
          if (n == 0)
            continue;
          unsigned long r = 99 + seed;
          for (long i = 0; i < n; i++)
            {
              r = r * 6364136223846793005ul + 1442695040888963407ul;
              a[i] = 0.5 + (double) (r >> 40) / (double) (1ul << 25);
              b[i] = (double) ((r >> 8) & 0xffff) / 65536.0 - 0.5;
              fa[i] = (float) (0.25 + (double) (r >> 41) / (double) (1ul << 25));
              la[i] = (long) ((r >> 40) % 3) - 1;
              lb[i] = (long) (r >> 44);
              ua[i] = (unsigned char) (r >> 50);
              z[i] = 7;
            }
          d1[0] = 1.5 + seed;
          d2[0] = 2.0;
          d3[0] = -1.0;
          d4[0] = 0.25;
          d5[0] = 0.5;
          d6[0] = 0.75;
          d7[0] = -0.5;
          f1[0] = 1.0f;
          l1[0] = seed;
          l2[0] = 5;
          i1[0] = 1;
          s1[0] = 3;
          u1[0] = 9;
          if (target)
            target_scans (n, c);
          else
            scans (n, c);
          check (n, seed, target, c);
        }
  puts ("linear recurrences checked");
  return 0;
}
