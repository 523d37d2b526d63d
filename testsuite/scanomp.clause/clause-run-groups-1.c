/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Floating-point `+' and `-' scans, whose scan function on the host path
   takes its positions in groups of 8 (plugin/host/forms.cc, group_size): sizes
   around a group and the host path's blocks, num_threads(3) for blocks
   that start inside a group, in place and not, downward, a second array
   that reads y[i], and bodies with branches, which stay in the simd form.
   The inputs are multiples of 1/8 small enough that every partial sum is
   exact in any order, so each loop must match the sequential loop bit for
   bit; with inputs that round, a scan gives the same bits twice.  */
/* { dg-do run } */

#include "clause-check.h"

static void
plus_d (double *y, const double *x, long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
}

static void
three_d (double *y, const double *x, long n)
{
#pragma omp parallel for scan(+: y) num_threads(3)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
}

/* In place, by `-'.  */
static void
minus_f (float *y, long n)
{
#pragma omp parallel for scan(-: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] - y[i];
}

/* A second array that reads y[i] after the store.  */
static void
second (double *y, double *z, const double *x, long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      z[i] = y[i] * 2 - x[i];
    }
}

/* A branch in the body, and a second array that reads y[i] after the
   store.  */
static void
branchy (float *y, float *z, const float *x, long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    {
      float v;
      if ((int) (x[i] * 8) & 1)
        v = -x[i];
      else
        v = x[i];
      y[i] = y[i-1] + v;
      z[i] = y[i] < 0 ? -y[i] : y[i];
    }
}

/* Three ways, downward.  */
static void
switched (double *y, const double *x, long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = n - 2; i >= 0; i--)
    {
      int k = (int) (x[i] * 8) & 3;
      double v;
      if (k == 0)
        v = x[i];
      else if (k == 1)
        v = -x[i];
      else
        v = 0.5 * x[i];
      y[i] = y[i+1] + v;
    }
}

static void
minus_d (double *y, const double *x, long n)
{
#pragma omp parallel for scan(-: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] - x[i];
}

static void
sum_f (float *y, const float *x, long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
}

#define SAME(what, n, i, got, want)                                         \
  CHECK ((got) == (want), "%s: n %ld: element %ld: %.17Lg, expected %.17Lg",\
         what, n, i, (long double) (got), (long double) (want))

int
main (void)
{
  static const long sizes[] = { 1, 2, 7, 8, 9, 15, 16, 17, 23, 100,
                                16383, 16384, 16385, 49153, 1000003 };
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    {
      long n = sizes[s];
      double *xd = malloc (n * sizeof *xd), *yd = malloc (n * sizeof *yd);
      double *rd = malloc (n * sizeof *rd);
      float *xf = malloc (n * sizeof *xf), *yf = malloc (n * sizeof *yf);
      float *zf = malloc (n * sizeof *zf), *rf = malloc (n * sizeof *rf);
      /* Multiples of 1/8 up to 16 in size, as many of each sign, and
         the loops keep them so: a walk of a million steps stays far
         below 2^21, where eighths stop being exact in a float.  */
      for (long i = 0; i < n; i++)
        {
          xd[i] = (double) ((int) (rnd () % 257) - 128) / 8;
          xf[i] = (float) xd[i];
        }

      yd[0] = rd[0] = 0.375;
      plus_d (yd, xd, n);
      for (long i = 1; i < n; i++)
        SAME ("plus_d", n, i, yd[i], rd[i] = rd[i-1] + xd[i]);

      double *zd = malloc (n * sizeof *zd);
      yd[0] = rd[0] = 1.5;
      second (yd, zd, xd, n);
      for (long i = 1; i < n; i++)
        {
          SAME ("second", n, i, yd[i], rd[i] = rd[i-1] + xd[i]);
          SAME ("second's z", n, i, zd[i], rd[i] * 2 - xd[i]);
        }
      free (zd);
      yd[0] = rd[0] = -2;
      three_d (yd, xd, n);
      for (long i = 1; i < n; i++)
        SAME ("three_d", n, i, yd[i], rd[i] = rd[i-1] + xd[i]);

      for (long i = 0; i < n; i++)
        yf[i] = rf[i] = xf[i];
      minus_f (yf, n);
      for (long i = 1; i < n; i++)
        SAME ("minus_f", n, i, yf[i], rf[i] = rf[i-1] - rf[i]);

      yf[0] = rf[0] = 1;
      branchy (yf, zf, xf, n);
      for (long i = 1; i < n; i++)
        {
          rf[i] = rf[i-1] + ((int) (xf[i] * 8) & 1 ? -xf[i] : xf[i]);
          SAME ("branchy", n, i, yf[i], rf[i]);
          SAME ("branchy's z", n, i, zf[i], rf[i] < 0 ? -rf[i] : rf[i]);
        }

      yd[n - 1] = rd[n - 1] = 4;
      switched (yd, xd, n);
      for (long i = n - 2; i >= 0; i--)
        {
          int k = (int) (xd[i] * 8) & 3;
          rd[i] = rd[i+1] + (k == 0 ? xd[i] : k == 1 ? -xd[i] : 0.5 * xd[i]);
          SAME ("switched", n, i, yd[i], rd[i]);
        }

      yd[0] = rd[0] = 0.5;
      minus_d (yd, xd, n);
      for (long i = 1; i < n; i++)
        SAME ("minus_d", n, i, yd[i], rd[i] = rd[i-1] - xd[i]);
      free (xd);
      free (yd);
      free (rd);
      free (xf);
      free (yf);
      free (zf);
      free (rf);
    }

  /* Inputs that round: the same bits twice, and near the sums in double
     (within 0.25: at 1 to 7 threads, -O0 and -O2, the largest difference
     seen was 0.012).  */
  long n = 1000003;
  float *x = malloc (n * sizeof *x), *y1 = malloc (n * 4);
  float *y2 = malloc (n * 4);
  for (long i = 0; i < n; i++)
    x[i] = (float) ((int) (rnd () % 2001) - 1000) / 1000.0f;
  y1[0] = y2[0] = 0.5f;
  sum_f (y1, x, n);
  sum_f (y2, x, n);
  CHECK (!memcmp (y1, y2, n * sizeof *y1),
         "a float scan differs from run to run");
  double r = 0.5;
  for (long i = 1; i < n; i++)
    {
      r += x[i];
      CHECK (fabs (y1[i] - r) <= 0.25,
             "sum_f: element %ld: %g, expected about %g", i, y1[i], r);
    }
  free (x);
  free (y1);
  free (y2);
  puts ("groups checked");
  return 0;
}
/* { dg-output "^groups checked\r?\n$" } */
