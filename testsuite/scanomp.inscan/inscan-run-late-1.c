/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Inscan loops whose scan phase sets other variables from the scanned
   value, which no kernel computes (each iteration's contribution comes
   before any prefix) and the host path's scan function finds, the
   runtime joining each block's part in order (late items): the maximum
   prefix sum, a reduction beside the inscan one; the least depth of an
   exclusive scan and the number of times it is zero; a conditional
   lastprivate set from the prefix, as GCC's libgomp.c scan-9.c writes
   it, and a plain one set every iteration; a reduction of the input
   phase beside them; a user-defined reduction of the prefixes; a double
   sum of prefixes (integers, exact in any order); an orphaned loop's
   lastprivate variable, whose team runs it as tasks.  Each phase is one
   statement, as GCC 11 takes them.  The plugin once left each to GCC
   ("its scan phase may set 'z' ... from the scan variables", "it sets
   'best', which the loop shares").  Each checked against its sequential
   loop.
   scanomp-taken: 5 */
/* { dg-do run } */

#include <limits.h>
#include "inscan-check.h"

struct range
{
  long lo, hi;
};

#pragma omp declare reduction (span : struct range : omp_out.lo = omp_in.lo < omp_out.lo ? omp_in.lo : omp_out.lo, omp_out.hi = omp_in.hi > omp_out.hi ? omp_in.hi : omp_out.hi) initializer (omp_priv = (struct range) { LONG_MAX, LONG_MIN })

static long
max_prefix (long *y, const int *x, long n)
{
  long s = 0, best = LONG_MIN;
#pragma omp parallel for reduction(inscan, +: s) reduction(max: best)
  for (long i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      {
        y[i] = s;
        best = s > best ? s : best;
      }
    }
  return best;
}

static int
least_depth (const int *x, long n, int *zeros)
{
  int d = 0, low = 0, z = 0;
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

/* As libgomp.c scan-9.c's foo: z the prefix of the last even i below
   937 that sets it; last, the prefix of the last iteration; positive,
   the input phase's count.  */
static long
lastprivates (long *b, const int *x, long n, long *last, long *positive)
{
  long r = 0, z = -1, l = -1, p = 0;
#pragma omp parallel for reduction(inscan, +: r) lastprivate(conditional: z) lastprivate(l) reduction(+: p)
  for (long i = 0; i < n; i++)
    {
      {
        r += x[i];
        p += x[i] > 0;
      }
#pragma omp scan inclusive(r)
      {
        b[i] = r;
        if ((i & 1) == 0 && i < 937 && r > 0)
          z = r;
        l = r * 2;
      }
    }
  *last = l;
  *positive = p;
  return z;
}

static struct range
span (const int *x, long n, double *sum)
{
  long s = 0;
  struct range r = { LONG_MAX, LONG_MIN };
  double t = 0.5;
#pragma omp parallel for reduction(inscan, +: s) reduction(span: r) reduction(+: t)
  for (long i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      {
        if (s < r.lo)
          r.lo = s;
        if (s > r.hi)
          r.hi = s;
        t += s;
      }
    }
  *sum = t;
  return r;
}

/* An orphaned `omp for' may not have a reduction beside its inscan
   one (GCC: "'inscan' and non-'inscan' 'reduction' clauses on the same
   construct"); its lastprivate variables are late all the same.  */
static long
orphan (const int *x, long n, long *last_big)
{
  long s = 0, f = -1;
#pragma omp parallel
#pragma omp for reduction(inscan, +: s) lastprivate(conditional: f)
  for (long i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      if (s > 1000)
        f = i;
    }
  *last_big = f;
  return s;
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      int *x = random_ints (n);
      long *y = malloc ((n + 1) * sizeof *y);
      long best = max_prefix (y, x, n), want = LONG_MIN, s = 0;
      for (long i = 0; i < n; i++)
        {
          s += x[i];
          if (y[i] != s)
            FAIL ("max_prefix n=%ld: element %ld", n, i);
          if (s > want)
            want = s;
        }
      if (best != want)
        FAIL ("max_prefix n=%ld: %ld, expected %ld", n, best, want);

      int zeros, low = least_depth (x, n, &zeros), wl = 0, wz = 0, d = 0;
      for (long i = 0; i < n; i++)
        {
          if (d < wl)
            wl = d;
          wz += d == 0;
          d += x[i] > 0 ? 1 : -1;
        }
      if (low != wl || zeros != wz)
        FAIL ("least_depth n=%ld: %d and %d, expected %d and %d", n, low,
              zeros, wl, wz);

      long last, positive, z = lastprivates (y, x, n, &last, &positive);
      long wzz = -1, wlast = -1, wp = 0;
      s = 0;
      for (long i = 0; i < n; i++)
        {
          s += x[i];
          wp += x[i] > 0;
          if (y[i] != s)
            FAIL ("lastprivates n=%ld: element %ld", n, i);
          if ((i & 1) == 0 && i < 937 && s > 0)
            wzz = s;
          wlast = s * 2;
        }
      /* A plain lastprivate variable of a loop without iterations is
         left undefined (GCC's own code gives it its private copy's).  */
      if (z != wzz || (n && last != wlast) || positive != wp)
        FAIL ("lastprivates n=%ld: %ld %ld %ld, expected %ld %ld %ld", n, z,
              last, positive, wzz, wlast, wp);

      double sum;
      struct range r = span (x, n, &sum), wr = { LONG_MAX, LONG_MIN };
      double ws = 0.5;
      s = 0;
      for (long i = 0; i < n; i++)
        {
          s += x[i];
          if (s < wr.lo)
            wr.lo = s;
          if (s > wr.hi)
            wr.hi = s;
          ws += s;
        }
      if (r.lo != wr.lo || r.hi != wr.hi || sum != ws)
        FAIL ("span n=%ld: [%ld, %ld] %.1f, expected [%ld, %ld] %.1f", n,
              r.lo, r.hi, sum, wr.lo, wr.hi, ws);

      long f, o = orphan (x, n, &f), wf = -1;
      s = 0;
      for (long i = 0; i < n; i++)
        {
          s += x[i];
          if (s > 1000)
            wf = i;
        }
      if (o != s || f != wf)
        FAIL ("orphan n=%ld: %ld %ld, expected %ld %ld", n, o, f, s, wf);
      free (x);
      free (y);
    }
  return 0;
}
