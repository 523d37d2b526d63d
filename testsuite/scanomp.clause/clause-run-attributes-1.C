// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/* The scan clause in OpenMP's attributes of C++ (GCC 12 and later), as
   a C++ programmer writes a directive without #pragma: `[[omp::directive
   (parallel for scan (+: y))]]'; two arrays under `omp::sequence' with
   another clause before the scan; a `target teams distribute parallel
   for' with its maps, under `using omp:'; a user-defined operator
   declared with `#pragma omp declare scan'.  Until 2026-12-03 GCC's
   error: "expected '#pragma omp' clause before 'scan'".  Each against
   its sequential loop.  */
/* { dg-do run } */
/* { dg-require-effective-target omp_attributes } */

#include <vector>

#include "clause-check.h"

struct pt
{
  long x, y;
};

static inline pt
padd (pt a, pt b)
{
  return pt { a.x + b.x, a.y + b.y };
}

#pragma omp declare scan (padd : pt : omp_out = padd (omp_out, omp_in)) \
  initializer (omp_priv = pt { 0, 0 })

__attribute__((noipa)) static void
plain (std::vector<long> &y, const std::vector<int> &x, long n)
{
  [[omp::directive (parallel for scan (+: y))]]
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
}

__attribute__((noipa)) static void
two (long *y, long *z, const int *x, long n)
{
  [[omp::sequence (directive (parallel for num_threads (2) scan (+: y, z)))]]
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      z[i] = z[i-1] + 2 * x[i];
    }
}

__attribute__((noipa)) static void
device (int *y, const int *x, int n)
{
  [[using omp : directive (target teams distribute parallel for map (to: x[0:n]) map (tofrom: y[0:n]) scan (max: y))]]
  for (int i = 1; i < n; i++)
    y[i] = y[i-1] > x[i] ? y[i-1] : x[i];
}

__attribute__((noipa)) static void
user (pt *y, const pt *x, long n)
{
  [[omp::directive (parallel for scan (padd: y))]]
  for (long i = 1; i < n; i++)
    y[i] = padd (y[i-1], x[i]);
}

static void
check (long n)
{
  std::vector<int> x (n + 1);
  std::vector<long> y (n + 1), z (n + 1);
  std::vector<int> m (n + 1);
  std::vector<pt> p (n + 1), q (n + 1);
  for (long i = 0; i < n; i++)
    {
      x[i] = (int) (rnd () % 1000) - 500;
      p[i] = pt { (long) (rnd () % 100), (long) (rnd () % 7) };
    }
  if (n == 0)
    return;
  y[0] = z[0] = m[0] = x[0];
  q[0] = p[0];
  plain (y, x, n);
  long s = 0;
  for (long i = 0; i < n; i++)
    {
      s += x[i];
      CHECK (y[i] == s, "plain at %ld of %ld", i, n);
    }
  y[0] = x[0];
  two (y.data (), z.data (), x.data (), n);
  long t = x[0];
  s = x[0];
  for (long i = 1; i < n; i++)
    {
      s += x[i];
      t += 2 * x[i];
      CHECK (y[i] == s && z[i] == t, "two at %ld of %ld", i, n);
    }
  device (m.data (), x.data (), (int) n);
  int best = x[0];
  for (long i = 0; i < n; i++)
    {
      best = best > x[i] ? best : x[i];
      CHECK (m[i] == best, "device at %ld of %ld", i, n);
    }
  user (q.data (), p.data (), n);
  pt r = { 0, 0 };
  for (long i = 0; i < n; i++)
    {
      r = padd (r, p[i]);
      CHECK (q[i].x == r.x && q[i].y == r.y, "user at %ld of %ld", i, n);
    }
}

int
main ()
{
  for (unsigned k = 0; k < NSIZES; k++)
    check (sizes[k]);
  return 0;
}
