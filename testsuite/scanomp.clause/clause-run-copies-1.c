/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Reduction and lastprivate variables beside `scan': the kernels compute
   them with the scan, and each is checked after the loop against the
   sequential loop, over every built-in reduction operator, a global, a
   user-defined reduction, plain and conditional lastprivate (a struct
   too, and one that is firstprivate as well), and in `target' regions,
   mapped back or not.  The variables that OpenMP gives each thread a
   copy of (private, firstprivate, the index) end unchanged.  Run with
   every loop as kernels; clause-run-copies-2.c runs it at default
   settings, where the small sizes run the sequential fallback.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */

#include <limits.h>
#include "clause-check.h"

/* OpenMP 5.2 deprecates the reduction operator `-', which GCC 16 says;
   programs have it, and the kernels must compute it.  */
#if __GNUC__ >= 16
#pragma GCC diagnostic ignored "-Wdeprecated-openmp"
#endif

#define N ((1L << 20) + 7)
static long x[N], y[N];

/* Compare y with the sequential scan from 7 of x; reset it.  */
static void
check_scan (const char *name, long n)
{
  long s = 7;
  for (long i = 1; i < n; i++)
    {
      s += x[i];
      CHECK (y[i] == s, "%s, n=%ld: y[%ld] is %ld, expected %ld", name, n,
             i, y[i], s);
    }
  for (long i = 1; i < n; i++)
    y[i] = -1;
}

/* The smallest element and where it is first: a user-defined reduction,
   associative but not commutative in its tie-break.  */
struct minloc
{
  long v, at;
};

static struct minloc
minloc_identity (void)
{
  struct minloc m = { LONG_MAX, -1 };
  return m;
}

static struct minloc
minloc_combine (struct minloc a, struct minloc b)
{
  return b.v < a.v ? b : a;
}

#pragma omp declare reduction (minloc : struct minloc : omp_out = minloc_combine (omp_out, omp_in)) initializer (omp_priv = minloc_identity ())

struct sums
{
  long sum, prod, lo, hi, diff, g;
  int all, any;
  unsigned band, bor, bxor;
  double dsum;
  float fsum;
  struct minloc ml;
};

static long g_sum;

static void
reductions (long n, struct sums *r)
{
  long sum = 5, prod = -1, lo = 1000, hi = -1000, diff = 2;
  int all = 1, any = 0;
  unsigned band = ~0u, bor = 0, bxor = 0;
  double dsum = 0.5;
  float fsum = 0;
  struct minloc ml = minloc_identity ();
  g_sum = 3;
#pragma omp parallel for reduction(+: sum, dsum, fsum, g_sum) reduction(*: prod) reduction(min: lo) reduction(max: hi) reduction(-: diff) reduction(&&: all) reduction(||: any) reduction(&: band) reduction(|: bor) reduction(^: bxor) reduction(minloc: ml) scan(+: y)
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      sum += x[i];
      prod *= x[i] % 7 == 0 ? -1 : 1;
      lo = x[i] < lo ? x[i] : lo;
      hi = x[i] > hi ? x[i] : hi;
      diff -= x[i];
      all = all && x[i] > -500;
      any = any || x[i] == 499;
      band &= (unsigned) x[i] | 0x100u;
      bor |= (unsigned) x[i] & 0x7u;
      bxor ^= (unsigned) x[i];
      dsum += x[i] * 0.25;
      fsum += x[i] > 0 ? 0.25f : -0.25f;
      g_sum += 2 * x[i];
      if (x[i] < ml.v)
        {
          ml.v = x[i];
          ml.at = i;
        }
    }
  *r = (struct sums) { sum, prod, lo, hi, diff, g_sum, all, any, band, bor,
                       bxor, dsum, fsum, ml };
}

static void
reductions_seq (long n, struct sums *r)
{
  struct sums s = { 5, -1, 1000, -1000, 2, 3, 1, 0, ~0u, 0, 0, 0.5, 0,
                    minloc_identity () };
  for (long i = 1; i < n; i++)
    {
      s.sum += x[i];
      s.prod *= x[i] % 7 == 0 ? -1 : 1;
      s.lo = x[i] < s.lo ? x[i] : s.lo;
      s.hi = x[i] > s.hi ? x[i] : s.hi;
      s.diff -= x[i];
      s.all = s.all && x[i] > -500;
      s.any = s.any || x[i] == 499;
      s.band &= (unsigned) x[i] | 0x100u;
      s.bor |= (unsigned) x[i] & 0x7u;
      s.bxor ^= (unsigned) x[i];
      s.dsum += x[i] * 0.25;
      s.fsum += x[i] > 0 ? 0.25f : -0.25f;
      s.g += 2 * x[i];
      if (x[i] < s.ml.v)
        s.ml = (struct minloc) { x[i], i };
    }
  *r = s;
}

struct pair
{
  int a;
  long b;
};

struct lasts
{
  int k, c;
  long fl;
  struct pair p;
};

/* Lastprivate values: set by the last iteration (k, p), by the last one
   that sets it (c), or firstprivate too and set only past the middle
   (fl).  The directive is a _Pragma, whose clauses after `scan' hold
   colons too.  */
static void
lastprivates (long n, struct lasts *r)
{
  int k = -1, c = -1;
  long fl = 100;
  struct pair p = { -1, -1 };
  PRAGMA (omp parallel for scan(+: y) lastprivate(k, p) lastprivate(conditional: c) firstprivate(fl) lastprivate(fl))
  for (long i = 1; i < n; i++)
    {
      k = (int) x[i] * 3;
      if (x[i] > 450)
        c = (int) i;
      if (i > n / 2)
        fl = x[i] + fl - fl;
      p.a = (int) i;
      p.b = x[i];
      y[i] = y[i-1] + x[i];
    }
  *r = (struct lasts) { k, c, fl, p };
}

static void
lastprivates_seq (long n, struct lasts *r)
{
  struct lasts s = { -1, -1, 100, { -1, -1 } };
  for (long i = 1; i < n; i++)
    {
      s.k = (int) x[i] * 3;
      if (x[i] > 450)
        s.c = (int) i;
      if (i > n / 2)
        s.fl = x[i];
      s.p = (struct pair) { (int) i, x[i] };
    }
  *r = s;
}

/* In a target region: a reduction mapped back, on the construct or by
   the combined construct's implicit map, and one that is not, which the
   host never sees change (nor a lastprivate that is not mapped).  */
static long
target_mapped (long n)
{
  long j = 7, *py = y, *px = x;
#pragma omp target map(tofrom: py[:n], j) map(to: px[:n])
#pragma omp parallel for reduction(+: j) scan(+: py)
  for (long i = 1; i < n; i++)
    {
      py[i] = py[i-1] + px[i];
      j += px[i];
    }
  return j;
}

static long
target_combined (long n)
{
  long j = 7, *py = y, *px = x;
#pragma omp target parallel for reduction(+: j) map(tofrom: py[:n]) map(to: px[:n]) scan(+: py)
  for (long i = 1; i < n; i++)
    {
      py[i] = py[i-1] + px[i];
      j += px[i];
    }
  return j;
}

static int
target_unmapped (long n)
{
  long j = 7, *py = y, *px = x;
  int k = 3;
#pragma omp target map(tofrom: py[:n]) map(to: px[:n])
#pragma omp parallel for reduction(+: j) lastprivate(k) scan(+: py)
  for (long i = 1; i < n; i++)
    {
      py[i] = py[i-1] + px[i];
      j += px[i];
      k = (int) i;
    }
  return j == 7 && k == 3;
}

/* Private and firstprivate variables and an index that is not
   lastprivate end as they were.  */
static int
untouched (long n)
{
  long t = 11, u = 13, i = -5;
#pragma omp parallel for private(t) firstprivate(u) scan(+: y)
  for (i = 1; i < n; i++)
    {
      t = x[i] * 2;
      u = x[i] + u - u;
      y[i] = y[i-1] + t - x[i] + u - x[i];
    }
  return t == 11 && u == 13 && i == -5;
}

int
main (void)
{
  for (long i = 0; i < N; i++)
    x[i] = (long) (rnd () % 1000) - 500;
  y[0] = 7;
  for (unsigned s = 0; s < NSIZES; s++)
    {
      long n = sizes[s];
      struct sums r, e;
      reductions (n, &r);
      reductions_seq (n, &e);
      if (n > 1)
        check_scan ("reductions", n);
      CHECK (r.sum == e.sum && r.prod == e.prod && r.lo == e.lo
             && r.hi == e.hi && r.diff == e.diff && r.g == e.g,
             "n=%ld: + * min max - and a global: %ld %ld %ld %ld %ld %ld, "
             "expected %ld %ld %ld %ld %ld %ld", n, r.sum, r.prod, r.lo,
             r.hi, r.diff, r.g, e.sum, e.prod, e.lo, e.hi, e.diff, e.g);
      CHECK (r.all == e.all && r.any == e.any && r.band == e.band
             && r.bor == e.bor && r.bxor == e.bxor,
             "n=%ld: && || & | ^: %d %d %x %x %x, expected %d %d %x %x %x",
             n, r.all, r.any, r.band, r.bor, r.bxor, e.all, e.any, e.band,
             e.bor, e.bxor);
      CHECK (r.dsum == e.dsum && r.fsum == e.fsum,
             "n=%ld: double and float +: %g %g, expected %g %g", n, r.dsum,
             (double) r.fsum, e.dsum, (double) e.fsum);
      CHECK (r.ml.v == e.ml.v && r.ml.at == e.ml.at,
             "n=%ld: minloc (%ld at %ld), expected (%ld at %ld)", n, r.ml.v,
             r.ml.at, e.ml.v, e.ml.at);

      struct lasts l, m;
      lastprivates (n, &l);
      lastprivates_seq (n, &m);
      if (n > 1)
        check_scan ("lastprivates", n);
      CHECK (l.k == m.k && l.c == m.c && l.fl == m.fl && l.p.a == m.p.a
             && l.p.b == m.p.b,
             "n=%ld: lastprivate %d %d %ld (%d, %ld), expected %d %d %ld "
             "(%d, %ld)", n, l.k, l.c, l.fl, l.p.a, l.p.b, m.k, m.c, m.fl,
             m.p.a, m.p.b);

      long j = target_mapped (n);
      if (n > 1)
        check_scan ("target, mapped", n);
      CHECK (j == 7 + e.sum - 5, "n=%ld: target, mapped: %ld, expected %ld",
             n, j, 7 + e.sum - 5);
      /* A reduction variable of a combined target construct is mapped
         tofrom from GCC 12 on (OpenMP 5.0), firstprivate on the target
         before (OpenMP 4.5): the plugin keeps the compiler's meaning.  */
      long want = __GNUC__ >= 12 ? 7 + e.sum - 5 : 7;
      j = target_combined (n);
      if (n > 1)
        check_scan ("target parallel for", n);
      CHECK (j == want, "n=%ld: target parallel for: %ld, expected %ld", n,
             j, want);
      CHECK (target_unmapped (n), "n=%ld: target, unmapped: the host's "
             "variables changed", n);
      if (n > 1)
        check_scan ("target, unmapped", n);
      CHECK (untouched (n), "n=%ld: a private, firstprivate or index "
             "variable changed", n);
      if (n > 1)
        check_scan ("private", n);
    }
  puts ("reduction and lastprivate beside scan checked");
  return 0;
}
