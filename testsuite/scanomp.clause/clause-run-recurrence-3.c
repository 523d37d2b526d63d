/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Linear recurrences of order 2 to 4 under scan(+: y), which the plugin
   scans as the maps of vectors of the last elements: an IIR biquad as
   DSP code writes it, the same normalized by a0 (a division), a
   three-term recurrence with per-element coefficients, Fibonacci's
   numbers wrapping in unsigned 64 and 32 bits, order-4 ones with
   per-element coefficients wrapping and over signed longs, one that reads y[i-2] and not y[i-1],
   a reverse loop reading y[i+3], one computed in a variable set again
   and again with a branch that computes a coefficient, floats, one
   with stores beside the array that read y[i-1] and y[i-2] (the host
   path's alone) and one with a store of the scanned value (kernels
   too); outside and inside `target', checked against the
   sequential loop (integers exactly, floating point within rounding).  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */

#include "clause-check.h"

#define N ((1L << 20) + 7)
static double x[N], p[N], q[N], d1[N], d2[N], d3[N], d4[N], d5[N], d6[N];
static double z1[N], z2[N];
static float f1[N], fx[N];
static unsigned long u1[N], c[N];
static unsigned u2[N];
static unsigned long v1[N], va[N];
static long l1[N], la[N];

static void
scans (long n, double b0, double b1, double a1, double a2)
{
  PRAGMA (omp parallel for scan(+: d1))
  for (long i = 2; i < n; i++)
    d1[i] = b0 * x[i] + b1 * x[i - 1] + a1 * d1[i-1] + a2 * d1[i-2];
  double a0 = 2.0;
  PRAGMA (omp parallel for scan(+: d2))
  for (long i = 2; i < n; i++)
    d2[i] = (b0 * x[i] - (-a1 * d2[i-1] - a2 * d2[i-2])) / a0;
  PRAGMA (omp parallel for scan(+: d3))
  for (long i = 3; i < n; i++)
    d3[i] = p[i] * d3[i-1] + q[i] * d3[i-2] - 0.125 * d3[i-3] + x[i];
  PRAGMA (omp parallel for scan(+: u1))
  for (long i = 2; i < n; i++)
    u1[i] = u1[i-1] + u1[i-2] + c[i];
  PRAGMA (omp parallel for scan(+: u2))
  for (long i = 2; i < n; i++)
    u2[i] = 3 * u2[i-1] - (u2[i-2] << 1) + (unsigned) c[i];
  PRAGMA (omp parallel for scan(+: v1))
  for (long i = 4; i < n; i++)
    v1[i] = va[i] * (v1[i-1] - v1[i-3]) + v1[i-4] - va[i - 1] * v1[i-2]
            + (i & 7);
  PRAGMA (omp parallel for scan(+: l1))
  for (long i = 4; i < n; i++)
    l1[i] = l1[i-2] - l1[i-4] + la[i];
  PRAGMA (omp parallel for scan(+: d4))
  for (long i = 2; i < n; i++)
    d4[i] = x[i] - 0.5 * d4[i-2];
  PRAGMA (omp parallel for scan(+: d5))
  for (long i = n - 4; i >= 0; i--)
    d5[i] = 0.25 * d5[i+1] + 0.25 * d5[i+3] + x[i];
  PRAGMA (omp parallel for scan(+: d6))
  for (long i = 2; i < n; i++)
    {
      double t = d6[i-1];
      double k = x[i] > 0 ? p[i] : q[i];
      t = t * k;
      t += d6[i-2] * -0.25;
      t = t + x[i];
      d6[i] = t;
    }
  PRAGMA (omp parallel for scan(+: f1))
  for (long i = 2; i < n; i++)
    f1[i] = 0.5f * f1[i-1] + 0.25f * f1[i-2] + fx[i];
  PRAGMA (omp parallel for scan(+: z1))
  for (long i = 2; i < n; i++)
    {
      z2[i] = z1[i-1] - z1[i-2];
      z1[i] = 0.75 * z1[i-1] - 0.125 * z1[i-2] + x[i];
    }
}

static void
target_scans (long n, double b0, double b1, double a1, double a2)
{
#pragma omp target teams distribute parallel for scan(+: d1) \
  map(tofrom: d1[0:n]) map(to: x[0:n])
  for (long i = 2; i < n; i++)
    d1[i] = b0 * x[i] + b1 * x[i - 1] + a1 * d1[i-1] + a2 * d1[i-2];
#pragma omp target map(tofrom: d3[0:n]) map(to: x[0:n], p[0:n], q[0:n])
#pragma omp parallel for scan(+: d3)
  for (long i = 3; i < n; i++)
    d3[i] = p[i] * d3[i-1] + q[i] * d3[i-2] - 0.125 * d3[i-3] + x[i];
#pragma omp target map(tofrom: u1[0:n]) map(to: c[0:n])
#pragma omp parallel for scan(+: u1)
  for (long i = 2; i < n; i++)
    u1[i] = u1[i-1] + u1[i-2] + c[i];
#pragma omp target map(tofrom: v1[0:n]) map(to: va[0:n])
#pragma omp parallel for scan(+: v1)
  for (long i = 4; i < n; i++)
    v1[i] = va[i] * (v1[i-1] - v1[i-3]) + v1[i-4] - va[i - 1] * v1[i-2]
            + (i & 7);
#pragma omp target map(tofrom: l1[0:n]) map(to: la[0:n])
#pragma omp parallel for scan(+: l1)
  for (long i = 4; i < n; i++)
    l1[i] = l1[i-2] - l1[i-4] + la[i];
#pragma omp target map(tofrom: d4[0:n], z2[0:n]) map(to: x[0:n])
#pragma omp parallel for scan(+: d4)
  for (long i = 2; i < n; i++)
    {
      d4[i] = x[i] - 0.5 * d4[i-2];
      z2[i] = d4[i] + 1.0;
    }
#pragma omp target map(tofrom: d5[0:n]) map(to: x[0:n])
#pragma omp parallel for scan(+: d5)
  for (long i = n - 4; i >= 0; i--)
    d5[i] = 0.25 * d5[i+1] + 0.25 * d5[i+3] + x[i];
}

static int
near (double v, double want, double eps)
{
  return fabs (v - want) <= eps * (1.0 + fabs (want));
}

/* The sequential loops, into arrays of their own.  */
static double r1[N], r2[N], r3[N], r4[N], r5[N], r6[N], rz1[N], rz2[N];
static float rf[N];
static unsigned long ru1[N];
static unsigned ru2[N];
static unsigned long rv1[N];
static long rl1[N];

static void
reference (long n, double b0, double b1, double a1, double a2)
{
  double a0 = 2.0;
  for (long i = 2; i < n; i++)
    {
      r1[i] = b0 * x[i] + b1 * x[i - 1] + a1 * r1[i - 1] + a2 * r1[i - 2];
      r2[i] = (b0 * x[i] - (-a1 * r2[i - 1] - a2 * r2[i - 2])) / a0;
      ru1[i] = ru1[i - 1] + ru1[i - 2] + c[i];
      ru2[i] = 3 * ru2[i - 1] - (ru2[i - 2] << 1) + (unsigned) c[i];
      r4[i] = x[i] - 0.5 * r4[i - 2];
      double k = x[i] > 0 ? p[i] : q[i];
      r6[i] = r6[i - 1] * k + r6[i - 2] * -0.25 + x[i];
      rf[i] = 0.5f * rf[i - 1] + 0.25f * rf[i - 2] + fx[i];
      rz2[i] = rz1[i - 1] - rz1[i - 2];
      rz1[i] = 0.75 * rz1[i - 1] - 0.125 * rz1[i - 2] + x[i];
    }
  for (long i = 3; i < n; i++)
    r3[i] = p[i] * r3[i - 1] + q[i] * r3[i - 2] - 0.125 * r3[i - 3] + x[i];
  for (long i = 4; i < n; i++)
    {
      rv1[i] = va[i] * (rv1[i - 1] - rv1[i - 3]) + rv1[i - 4]
               - va[i - 1] * rv1[i - 2] + (i & 7);
      rl1[i] = rl1[i - 2] - rl1[i - 4] + la[i];
    }
  for (long i = n - 4; i >= 0; i--)
    r5[i] = 0.25 * r5[i + 1] + 0.25 * r5[i + 3] + x[i];
}

static void
check (long n, long seed, int target)
{
  for (long i = 0; i < n; i++)
    {
      CHECK (near (d1[i], r1[i], 1e-9) && near (d3[i], r3[i], 1e-9)
             && u1[i] == ru1[i] && v1[i] == rv1[i] && l1[i] == rl1[i]
             && near (d5[i], r5[i], 1e-9),
             "target %d n=%ld seed %ld: at %ld: %.17g %.17g %lu %lu %ld "
             "%.17g, want %.17g %.17g %lu %lu %ld %.17g", target, n, seed,
             i, d1[i], d3[i], u1[i], v1[i], l1[i], d5[i], r1[i], r3[i],
             ru1[i], rv1[i], rl1[i], r5[i]);
      if (target)
        CHECK (near (d4[i], r4[i], 1e-9)
               && (i < 2 ? z2[i] == 3.0 : z2[i] == d4[i] + 1.0),
               "target n=%ld seed %ld: at %ld: %.17g %.17g, want %.17g",
               n, seed, i, d4[i], z2[i], r4[i]);
      else
        CHECK (near (d2[i], r2[i], 1e-9) && u2[i] == ru2[i]
               && near (d4[i], r4[i], 1e-9) && near (d6[i], r6[i], 1e-9)
               && near (f1[i], rf[i], 1e-4) && near (z1[i], rz1[i], 1e-9)
               && near (z2[i], rz2[i], 1e-9),
               "n=%ld seed %ld: at %ld: %.17g %u %.17g %.17g %g %.17g "
               "%.17g, want %.17g %u %.17g %.17g %g %.17g %.17g", n, seed,
               i, d2[i], u2[i], d4[i], d6[i], f1[i], z1[i], z2[i], r2[i],
               ru2[i], r4[i], r6[i], rf[i], rz1[i], rz2[i]);
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
          /* A stable biquad (poles of modulus 0.9 and 0.95) and one
             nearer the edge.  */
          double b0 = 0.25, b1 = 0.5 - seed, a1 = seed ? 1.85 : 1.0;
          double a2 = seed ? -0.855 : -0.25;
          unsigned long r = 7 + seed;
          for (long i = 0; i < n; i++)
            {
              r = r * 6364136223846793005ul + 1442695040888963407ul;
              x[i] = (double) ((r >> 8) & 0xffff) / 65536.0 - 0.5;
              p[i] = 0.25 + (double) (r >> 40) / (double) (1ul << 26);
              q[i] = (double) ((r >> 20) & 0xff) / 1024.0 - 0.125;
              fx[i] = (float) x[i];
              c[i] = r;
              la[i] = (long) ((r >> 40) % 3) - 1;
              va[i] = r >> 45;
              d1[i] = r1[i] = d2[i] = r2[i] = d3[i] = r3[i] = 0.5 + seed;
              d4[i] = r4[i] = d5[i] = r5[i] = d6[i] = r6[i] = -0.25;
              z1[i] = rz1[i] = 1.0;
              z2[i] = rz2[i] = 3.0;
              f1[i] = rf[i] = 0.75f;
              u1[i] = ru1[i] = r >> 3;
              u2[i] = ru2[i] = (unsigned) (r >> 7);
              l1[i] = rl1[i] = (long) (i % 5) - 2;
              v1[i] = rv1[i] = r;
            }
          if (target)
            target_scans (n, b0, b1, a1, a2);
          else
            scans (n, b0, b1, a1, a2);
          reference (n, b0, b1, a1, a2);
          check (n, seed, target);
        }
  puts ("linear recurrences of orders 2 to 4 checked");
  return 0;
}
