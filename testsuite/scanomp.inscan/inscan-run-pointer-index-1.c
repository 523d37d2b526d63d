/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Inscan loops over a pointer, which the plugin once left to GCC ("the
   index ... is not an integer") and reads since 2026-11-29 as loops over
   an integer index (rewrite/index.cc): up with `<' and `!=', `<=', down
   from the end, in place, an index computed as `p - a', a pointer that
   starts at a struct's field, `for simd', a lastprivate pointer, inside
   a target.  GCC 12's own code crashes on the last three (or, inside the
   target, leaves the output unset), and on any of them with no
   iteration, so these run only with the plugin, whose preprocessor
   defines __scanomp_declare_scan.  Each checked against its sequential
   loop.
   scanomp-taken: 8 */
/* { dg-do run } */
/* GCC's own code for these loops, which stays as the fallback, reads at
   -O2 a temporary it may not have set (-Wmaybe-uninitialized).  */
/* { dg-options "-Wno-maybe-uninitialized" } */

#include "inscan-check.h"

static int
up (int *b, int *a, long n)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (int *p = a; p < a + n; p++)
    {
      s += *p;
#pragma omp scan inclusive(s)
      b[p - a] = s;
    }
  return s;
}

static double
unequal (double *out, const double *x, long n)
{
  double s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (const double *p = x; p != x + n; ++p)
    {
      out[p - x] = s;
#pragma omp scan exclusive(s)
      s += *p;
    }
  return s;
}

static long
in_place (long *a, long n)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long *p = a; p <= a + n - 1; p++)
    {
      s += *p;
#pragma omp scan inclusive(s)
      *p = s;
    }
  return s;
}

/* From the end: a[i] becomes the sum of a[i..n-1].  */
static int
down (int *a, long n)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (int *p = a + n; p > a; p--)
    {
      s += p[-1];
#pragma omp scan inclusive(s)
      p[-1] = s;
    }
  return s;
}

static int
for_simd (int *b, int *a, long n)
{
  int s = 0;
#pragma omp parallel for simd reduction(inscan, max: s)
  for (int *p = a; p < a + n; p++)
    {
      s = *p > s ? *p : s;
#pragma omp scan inclusive(s)
      b[p - a] = s;
    }
  return s;
}

#ifdef __scanomp_declare_scan
struct samples
{
  double *v;
  long n;
};

static double
from_field (double *out, struct samples *st)
{
  double m = -1e300;
#pragma omp parallel for reduction(inscan, max: m)
  for (double *q = st->v; q < st->v + st->n; ++q)
    {
      m = *q > m ? *q : m;
#pragma omp scan inclusive(m)
      out[q - st->v] = m;
    }
  return m;
}

static int *
last_pointer (int *b, int *a, long n, int *total)
{
  int s = 0;
  int *p;
#pragma omp parallel for reduction(inscan, +: s) lastprivate(p)
  for (p = a; p < a + n; p++)
    {
      b[p - a] = s;
#pragma omp scan exclusive(s)
      s += *p;
    }
  *total = s;
  return p;
}

static int
on_target (int *b, int *a, long n)
{
  int s = 0;
#pragma omp target map(to: a[0:n]) map(from: b[0:n]) map(tofrom: s)
#pragma omp parallel for reduction(inscan, +: s)
  for (int *p = a; p < a + n; p++)
    {
      s += *p;
#pragma omp scan inclusive(s)
      b[p - a] = s;
    }
  return s;
}
#endif

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
#ifndef __scanomp_declare_scan
      if (n == 0)
        continue;
#endif
      int *x = random_ints (n);
      int *b = (int *) malloc ((n + 1) * sizeof *b);
      int *a = (int *) malloc ((n + 1) * sizeof *a);
      long *l = (long *) malloc ((n + 1) * sizeof *l);
      double *d = (double *) malloc ((n + 1) * sizeof *d);
      double *o = (double *) malloc ((n + 1) * sizeof *o);
      for (long i = 0; i < n; i++)
        {
          l[i] = x[i];
          d[i] = x[i] * 0.5;
        }

      int total = up (b, x, n), r = 0;
      for (long i = 0; i < n; i++)
        {
          r += x[i];
          CHECK (b[i] == r, "up: n %ld: element %ld", n, i);
        }
      CHECK (total == r, "up: n %ld: total", n);

      double dt = unequal (o, d, n), dr = 0;
      for (long i = 0; i < n; i++)
        {
          CHECK (o[i] == dr, "unequal: n %ld: element %ld", n, i);
          dr += d[i];
        }
      CHECK (dt == dr, "unequal: n %ld: total", n);

      if (n > 0)
        {
          long lt = in_place (l, n), lr = 0;
          for (long i = 0; i < n; i++)
            {
              lr += x[i];
              CHECK (l[i] == lr, "in place: n %ld: element %ld", n, i);
            }
          CHECK (lt == lr, "in place: n %ld: total", n);
        }

      memcpy (a, x, n * sizeof *a);
      total = down (a, n);
      r = 0;
      for (long i = n - 1; i >= 0; i--)
        {
          r += x[i];
          CHECK (a[i] == r, "down: n %ld: element %ld", n, i);
        }
      CHECK (total == r, "down: n %ld: total", n);

      total = for_simd (b, x, n);
      r = 0;
      for (long i = 0; i < n; i++)
        {
          r = x[i] > r ? x[i] : r;
          CHECK (b[i] == r, "for simd: n %ld: element %ld", n, i);
        }
      CHECK (total == r, "for simd: n %ld: total", n);

#ifdef __scanomp_declare_scan
      struct samples st = { d, n };
      dt = from_field (o, &st);
      dr = -1e300;
      for (long i = 0; i < n; i++)
        {
          dr = d[i] > dr ? d[i] : dr;
          CHECK (o[i] == dr, "from a field: n %ld: element %ld", n, i);
        }
      CHECK (dt == dr, "from a field: n %ld: total", n);

      int *p = last_pointer (b, x, n, &total);
      r = 0;
      for (long i = 0; i < n; i++)
        {
          CHECK (b[i] == r, "lastprivate: n %ld: element %ld", n, i);
          r += x[i];
        }
      CHECK (total == r, "lastprivate: n %ld: total", n);
      CHECK (n == 0 || p == x + n, "lastprivate: n %ld: the pointer", n);

      total = on_target (b, x, n);
      r = 0;
      for (long i = 0; i < n; i++)
        {
          r += x[i];
          CHECK (b[i] == r, "target: n %ld: element %ld", n, i);
        }
      CHECK (total == r, "target: n %ld: total", n);
#endif
      free (x);
      free (a);
      free (b);
      free (l);
      free (d);
      free (o);
    }
  return 0;
}
