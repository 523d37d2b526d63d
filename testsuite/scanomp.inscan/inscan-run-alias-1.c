/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Inscan loops in place through two pointers, as a library writes a scan
   of iterators and calls it with its output as its input
   (`inclusive_scan (first, last, first)'): an inclusive sum and max, and
   an exclusive sum whose scan phase stores the element that its input
   phase then reads, which GCC's own code runs as a scan of the old
   values (its input phases run before its scan phases).  Until
   2026-12-02 the host path's last thread reduced block 0 while thread 0
   scanned it, and a call in three or so came out wrong past block 0;
   and the plain host functions (-O0's) ran that exclusive loop's scan
   phase before its input phase, which then read the new values.
   Several calls at each size; each checked against the sequential loop
   of the old values, and on two arrays too.  */
/* { dg-do run } */

#include "inscan-check.h"

static __attribute__ ((noipa)) long
inclusive (const long *first, long *d, long n, long s)
{
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += first[i];
#pragma omp scan inclusive(s)
      d[i] = s;
    }
  return s;
}

static __attribute__ ((noipa)) double
running_max (const double *first, double *d, long n)
{
  double m = -1e300;
#pragma omp parallel for reduction(inscan, max: m)
  for (long i = 0; i < n; i++)
    {
      m = first[i] > m ? first[i] : m;
#pragma omp scan inclusive(m)
      d[i] = m;
    }
  return m;
}

static __attribute__ ((noipa)) int
exclusive (const int *first, int *d, long n, int s)
{
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      d[i] = s;
#pragma omp scan exclusive(s)
      s += first[i];
    }
  return s;
}

static void
check (long n, int in_place, int reps)
{
  long *a = (long *) malloc (n * sizeof *a);
  long *b = (long *) malloc (n * sizeof *b);
  long *ra = (long *) malloc (n * sizeof *ra);
  double *f = (double *) malloc (n * sizeof *f);
  double *g = (double *) malloc (n * sizeof *g);
  double *rf = (double *) malloc (n * sizeof *rf);
  int *c = (int *) malloc (n * sizeof *c), *e = (int *) malloc (n * sizeof *e);
  int *rc = (int *) malloc (n * sizeof *rc);
  long s = 7;
  double m = -1e300;
  int t = -3;
  for (long i = 0; i < n; i++)
    {
      a[i] = (long) (rnd () % 1000) - 500;
      f[i] = (double) ((long) (rnd () % 100000) - 50000) / 8;
      c[i] = (int) (rnd () % 1000) - 500;
      s += a[i];
      ra[i] = s;
      m = f[i] > m ? f[i] : m;
      rf[i] = m;
      rc[i] = t;
      t += c[i];
    }
  const char *how = in_place ? "in place" : "apart";
  for (int k = 0; k < reps; k++)
    {
      memcpy (b, a, n * sizeof *b);
      long got = inclusive (in_place ? b : a, b, n, 7);
      CHECK (got == s, "%s inclusive, n %ld: total %ld, not %ld", how, n,
             got, s);
      for (long i = 0; i < n; i++)
        CHECK (b[i] == ra[i], "%s inclusive, n %ld, call %d: d[%ld] = %ld, "
               "not %ld", how, n, k, i, b[i], ra[i]);
      memcpy (g, f, n * sizeof *g);
      double gm = running_max (in_place ? g : f, g, n);
      CHECK (gm == m, "%s max, n %ld: %g, not %g", how, n, gm, m);
      for (long i = 0; i < n; i++)
        CHECK (g[i] == rf[i], "%s max, n %ld, call %d: d[%ld] = %g, not %g",
               how, n, k, i, g[i], rf[i]);
      memcpy (e, c, n * sizeof *e);
      int gt = exclusive (in_place ? e : c, e, n, -3);
      CHECK (gt == t, "%s exclusive, n %ld: total %d, not %d", how, n, gt,
             t);
      for (long i = 0; i < n; i++)
        CHECK (e[i] == rc[i], "%s exclusive, n %ld, call %d: d[%ld] = %d, "
               "not %d", how, n, k, i, e[i], rc[i]);
    }
  free (a); free (b); free (ra); free (f); free (g); free (rf);
  free (c); free (e); free (rc);
}

int
main (void)
{
  static const long ns[] = { 1, 1001, 100003, (1L << 20) + 7 };
  for (unsigned s = 0; s < sizeof ns / sizeof ns[0]; s++)
    {
      check (ns[s], 1, ns[s] > 1000000 ? 4 : 12);
      check (ns[s], 0, 1);
    }
  puts ("ok");
  return 0;
}
