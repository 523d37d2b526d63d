/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Reduction and lastprivate variables beside `scan' that the loop sets
   from the scanned values (late items), inside `target': the kernels
   gather them over each work-item's elements in order, each block's
   combined in order, and libscanrt joins the blocks' after the seed's.
   The maximum prefix sum with the last position where the sum is
   negative (conditional lastprivate) and a plain lastprivate; a bracket
   depth's least value and its zeros beside a count of x alone; a sum of
   y[i-1] and a user-defined reduction of the prefixes, inside `target
   data'.  clause-run-late-1.c has them outside `target'; until
   2026-11-30 each was an error here.  Each checked against its
   sequential loop.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include <limits.h>
#include "clause-check.h"

struct range
{
  long lo, hi;
};

#pragma omp declare reduction (span : struct range : omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi) initializer (omp_priv = (struct range) { LONG_MAX, LONG_MIN })

static long
max_prefix (long *s, const int *x, long n, long *last_negative, long *last)
{
  long best = LONG_MIN, z = -1, l = 0;
#pragma omp target map(tofrom: s[0:n], best, z, l) map(to: x[0:n])
#pragma omp parallel for scan(+: s) reduction(max: best) lastprivate(conditional: z) lastprivate(l)
  for (long i = 1; i < n; i++)
    {
      s[i] = s[i-1] + x[i];
      if (s[i] > best)
        best = s[i];
      if (s[i] < 0)
        z = i;
      l = s[i] * 3;
    }
  *last_negative = z;
  *last = l;
  return best;
}

static int
least_depth (int *d, const char *c, long n, int *zeros, long *opens)
{
  int low = 0, zs = 0;
  long o = 0;
#pragma omp target map(tofrom: d[0:n], low, zs, o) map(to: c[0:n])
#pragma omp parallel for scan(+: d) reduction(min: low) reduction(+: zs, o)
  for (long i = 1; i < n; i++)
    {
      d[i] = d[i-1] + (c[i] == '(' ? 1 : c[i] == ')' ? -1 : 0);
      low = d[i] < low ? d[i] : low;
      zs += d[i] == 0;
      o += c[i] == '(';
    }
  *zeros = zs;
  *opens = o;
  return low;
}

static struct range
span (long *s, const int *x, long n, long *before)
{
  struct range r = { LONG_MAX, LONG_MIN };
  long b = 7;
#pragma omp target data map(tofrom: s[0:n]) map(to: x[0:n])
#pragma omp target map(tofrom: s[0:n], r, b) map(to: x[0:n])
#pragma omp parallel for scan(+: s) reduction(span: r) reduction(+: b)
  for (long i = 1; i < n; i++)
    {
      b += s[i-1];
      s[i] = s[i-1] + x[i];
      if (s[i] < r.lo)
        r.lo = s[i];
      if (s[i] > r.hi)
        r.hi = s[i];
    }
  *before = b;
  return r;
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k] + 1;
      int *x = malloc (n * sizeof *x);
      int *d = malloc (n * sizeof *d);
      long *s = malloc (n * sizeof *s);
      char *c = malloc (n);
      for (long i = 0; i < n; i++)
        {
          x[i] = (int) (rnd () % 1000) - 500;
          c[i] = "(()x"[rnd () % 4];
        }
      s[0] = x[0];
      long z, l, best = max_prefix (s, x, n, &z, &l);
      long want = LONG_MIN, wz = -1, wl = 0, acc = x[0];
      for (long i = 1; i < n; i++)
        {
          acc += x[i];
          if (s[i] != acc)
            FAIL ("max_prefix n=%ld: element %ld", n, i);
          if (acc > want)
            want = acc;
          if (acc < 0)
            wz = i;
          wl = acc * 3;
        }
      if (best != want || z != wz || l != wl)
        FAIL ("max_prefix n=%ld: %ld %ld %ld, expected %ld %ld %ld", n, best,
              z, l, want, wz, wl);

      d[0] = 0;
      int zeros, wlow = 0, wzeros = 0;
      long opens, wopens = 0;
      int low = least_depth (d, c, n, &zeros, &opens);
      int depth = 0;
      for (long i = 1; i < n; i++)
        {
          depth += c[i] == '(' ? 1 : c[i] == ')' ? -1 : 0;
          if (d[i] != depth)
            FAIL ("least_depth n=%ld: element %ld", n, i);
          if (depth < wlow)
            wlow = depth;
          wzeros += depth == 0;
          wopens += c[i] == '(';
        }
      if (low != wlow || zeros != wzeros || opens != wopens)
        FAIL ("least_depth n=%ld: %d %d %ld, expected %d %d %ld", n, low,
              zeros, opens, wlow, wzeros, wopens);

      s[0] = 11;
      long before, wbefore = 7;
      struct range r = span (s, x, n, &before), w = { LONG_MAX, LONG_MIN };
      acc = 11;
      for (long i = 1; i < n; i++)
        {
          wbefore += acc;
          acc += x[i];
          if (s[i] != acc)
            FAIL ("span n=%ld: element %ld", n, i);
          w.lo = acc < w.lo ? acc : w.lo;
          w.hi = acc > w.hi ? acc : w.hi;
        }
      if (r.lo != w.lo || r.hi != w.hi || before != wbefore)
        FAIL ("span n=%ld: %ld %ld %ld, expected %ld %ld %ld", n, r.lo, r.hi,
              before, w.lo, w.hi, wbefore);
      free (x);
      free (d);
      free (s);
      free (c);
    }
  return 0;
}
