/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Inscan loops whose input phase costs more than a store and a load of
   its value: math functions of each element, and reads of a wide struct
   that yield a narrow value.  The host path keeps each position's
   contribution (the reduce functions that store it, the scan functions
   that load it) instead of running the input phase twice; inclusive and
   exclusive, two scan variables, an orphaned loop (whose team runs them
   as tasks), downwards.  Each checked against its sequential loop: the
   integers exactly, the sums of doubles within a relative 1e-9.
   scanomp-taken: 6 */
/* { dg-do run } */

#include "inscan-check.h"

struct wide
{
  const int *begin, *end;
  long tag;
};

static double
exp_sums (double *y, const double *x, long n)
{
  double s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += exp (x[i]) * sin (x[i]);
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

/* The lengths of ranges, exclusive: a 24-byte element read for 4.  */
static int
range_offsets (int *y, const struct wide *w, long n)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      y[i] = s;
#pragma omp scan exclusive(s)
      s += (int) (w[i].end - w[i].begin);
    }
  return s;
}

/* Two scan variables, a sum and a maximum.  */
static void
two_vars (long *sums, int *maxes, const struct wide *w, long n, long *total,
          int *most)
{
  long s = 0;
  int m = -1;
#pragma omp parallel for reduction(inscan, +: s) reduction(inscan, max: m)
  for (long i = 0; i < n; i++)
    {
      {
        int len = (int) (w[i].end - w[i].begin);
        s += len + w[i].tag;
        m = len > m ? len : m;
      }
#pragma omp scan inclusive(s, m)
      {
        sums[i] = s;
        maxes[i] = m;
      }
    }
  *total = s;
  *most = m;
}

/* Orphaned, in a parallel region.  */
static long
orphan_lengths (long *y, const struct wide *w, long n)
{
  long s = 0;
#pragma omp parallel
#pragma omp for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += (long) (w[i].end - w[i].begin) * w[i].tag;
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

/* Downwards, with a call.  */
static long
down_floors (long *y, const double *x, long n)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = n - 1; i >= 0; i--)
    {
      s += (long) floor (x[i] * 100);
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

/* A float sum of logarithms' verdicts, exclusive.  */
static float
root_offsets (float *y, const float *x, long n)
{
  float s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      y[i] = s;
#pragma omp scan exclusive(s)
      s += logf (x[i] + 1) < 2 ? 1.0f : 0.5f;
    }
  return s;
}

static int
close_to (double a, double b)
{
  return fabs (a - b) <= 1e-9 * (fabs (a) + fabs (b)) + 1e-12;
}

int
main (void)
{
  static int pool[8];
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      double *x = malloc ((n + 1) * sizeof *x);
      double *y = malloc ((n + 1) * sizeof *y);
      float *xf = malloc ((n + 1) * sizeof *xf);
      float *yf = malloc ((n + 1) * sizeof *yf);
      struct wide *w = malloc ((n + 1) * sizeof *w);
      int *yi = malloc ((n + 1) * sizeof *yi);
      int *mi = malloc ((n + 1) * sizeof *mi);
      long *yl = malloc ((n + 1) * sizeof *yl);
      long *zl = malloc ((n + 1) * sizeof *zl);
      for (long i = 0; i < n; i++)
        {
          x[i] = (double) (rnd () % 2000) / 1000 - 1;
          xf[i] = (float) (rnd () % 64);
          w[i].begin = pool;
          w[i].end = pool + rnd () % 8;
          w[i].tag = (long) (rnd () % 5) - 2;
        }
      double s = exp_sums (y, x, n), r = 0;
      for (long i = 0; i < n; i++)
        {
          r += exp (x[i]) * sin (x[i]);
          if (!close_to (y[i], r))
            FAIL ("exp n=%ld: %ld: %.17g, expected %.17g", n, i, y[i], r);
        }
      if (!close_to (s, r))
        FAIL ("exp n=%ld: total", n);
      int si = range_offsets (yi, w, n), ri = 0;
      for (long i = 0; i < n; i++)
        {
          if (yi[i] != ri)
            FAIL ("offsets n=%ld: %ld", n, i);
          ri += (int) (w[i].end - w[i].begin);
        }
      if (si != ri)
        FAIL ("offsets n=%ld: total", n);
      long total, rl = 0;
      int most, rm = -1;
      two_vars (yl, mi, w, n, &total, &most);
      for (long i = 0; i < n; i++)
        {
          int len = (int) (w[i].end - w[i].begin);
          rl += len + w[i].tag;
          rm = len > rm ? len : rm;
          if (yl[i] != rl || mi[i] != rm)
            FAIL ("two n=%ld: %ld", n, i);
        }
      if (total != rl || most != rm)
        FAIL ("two n=%ld: totals", n);
      long so = orphan_lengths (zl, w, n);
      rl = 0;
      for (long i = 0; i < n; i++)
        {
          rl += (long) (w[i].end - w[i].begin) * w[i].tag;
          if (zl[i] != rl)
            FAIL ("orphan n=%ld: %ld", n, i);
        }
      if (so != rl)
        FAIL ("orphan n=%ld: total", n);
      long sd = down_floors (yl, x, n);
      rl = 0;
      for (long i = n - 1; i >= 0; i--)
        {
          rl += (long) floor (x[i] * 100);
          if (yl[i] != rl)
            FAIL ("down n=%ld: %ld", n, i);
        }
      if (sd != rl)
        FAIL ("down n=%ld: total", n);
      float sf = root_offsets (yf, xf, n), rf = 0;
      for (long i = 0; i < n; i++)
        {
          if (yf[i] != rf)
            FAIL ("roots n=%ld: %ld", n, i);
          rf += logf (xf[i] + 1) < 2 ? 1.0f : 0.5f;
        }
      if (sf != rf)
        FAIL ("roots n=%ld: total", n);
      free (x);
      free (y);
      free (xf);
      free (yf);
      free (w);
      free (yi);
      free (mi);
      free (yl);
      free (zl);
    }
  return 0;
}
