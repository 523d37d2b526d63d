/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Reductions beside an inscan loop's and lastprivate variables its scan
   phase sets from the scan variable (late items), inside `target': the
   kernels run the input phase again in the output hook, where such a
   reduction may be set too, and gather them over each work-item's
   elements in order; libscanrt joins the blocks' after the seed's.  The
   maximum prefix sum beside a sum of x alone (set in the input phase);
   the least depth of an exclusive scan and its zeros, set before the
   `scan' directive; the last position below zero (conditional
   lastprivate) and a user-defined reduction of the prefixes.
   inscan-run-late-1.c has such loops outside `target'; until 2026-11-30
   these were left to GCC, which rejects them on the device.  Each
   checked against its sequential loop.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include <limits.h>
#include "inscan-check.h"

struct range
{
  long lo, hi;
};

#pragma omp declare reduction (span : struct range : omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi) initializer (omp_priv = (struct range) { LONG_MAX, LONG_MIN })

static long
max_prefix (long *y, const int *x, long n, double *half)
{
  long s = 0, best = LONG_MIN;
  double h = 0.25;
#pragma omp target map(tofrom: y[0:n], best, h) map(to: x[0:n])
#pragma omp parallel for reduction(inscan, +: s) reduction(max: best) reduction(+: h)
  for (long i = 0; i < n; i++)
    {
      {
        s += x[i];
        h += x[i] * 0.5;
      }
#pragma omp scan inclusive(s)
      {
        y[i] = s;
        best = s > best ? s : best;
      }
    }
  *half = h;
  return best;
}

static int
least_depth (const int *x, long n, int *zeros)
{
  int d = 0, low = 0, z = 0;
#pragma omp target map(tofrom: low, z) map(to: x[0:n])
#pragma omp parallel for reduction(inscan, +: d) reduction(min: low) reduction(+: z)
  for (long i = 0; i < n; i++)
    {
      {
        if (d < low)
          low = d;
        z += d == 0;
      }
#pragma omp scan exclusive(d)
      d += x[i] > 0 ? 1 : -1;
    }
  *zeros = z;
  return low;
}

static struct range
below (const int *x, long *b, long n, long *last)
{
  long s = 3, z = -1;
  struct range r = { LONG_MAX, LONG_MIN };
#pragma omp target data map(to: x[0:n]) map(from: b[0:n])
#pragma omp target map(to: x[0:n]) map(from: b[0:n]) map(tofrom: r, z)
#pragma omp parallel for reduction(inscan, +: s) reduction(span: r) lastprivate(conditional: z)
  for (long i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      {
        b[i] = s;
        if (s < 0)
          z = i;
        if (s < r.lo)
          r.lo = s;
        if (s > r.hi)
          r.hi = s;
      }
    }
  *last = z;
  return r;
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      int *x = malloc ((n + 1) * sizeof *x);
      long *y = malloc ((n + 1) * sizeof *y);
      for (long i = 0; i < n; i++)
        x[i] = (int) (rnd () % 1000) - 500;

      double half, whalf = 0.25;
      long best = max_prefix (y, x, n, &half), want = LONG_MIN, acc = 0;
      for (long i = 0; i < n; i++)
        {
          acc += x[i];
          whalf += x[i] * 0.5;
          if (y[i] != acc)
            FAIL ("max_prefix n=%ld: element %ld", n, i);
          want = acc > want ? acc : want;
        }
      if (best != want || half != whalf)
        FAIL ("max_prefix n=%ld: %ld %.2f, expected %ld %.2f", n, best,
              half, want, whalf);

      int zeros, wzeros = 0, wlow = 0, depth = 0;
      int low = least_depth (x, n, &zeros);
      for (long i = 0; i < n; i++)
        {
          wlow = depth < wlow ? depth : wlow;
          wzeros += depth == 0;
          depth += x[i] > 0 ? 1 : -1;
        }
      if (low != wlow || zeros != wzeros)
        FAIL ("least_depth n=%ld: %d %d, expected %d %d", n, low, zeros,
              wlow, wzeros);

      long last, wlast = -1;
      struct range r = below (x, y, n, &last), w = { LONG_MAX, LONG_MIN };
      acc = 3;
      for (long i = 0; i < n; i++)
        {
          acc += x[i];
          if (y[i] != acc)
            FAIL ("below n=%ld: element %ld", n, i);
          if (acc < 0)
            wlast = i;
          w.lo = acc < w.lo ? acc : w.lo;
          w.hi = acc > w.hi ? acc : w.hi;
        }
      if (r.lo != w.lo || r.hi != w.hi || last != wlast)
        FAIL ("below n=%ld: %ld %ld %ld, expected %ld %ld %ld", n, r.lo,
              r.hi, last, w.lo, w.hi, wlast);
      free (x);
      free (y);
    }
  return 0;
}
