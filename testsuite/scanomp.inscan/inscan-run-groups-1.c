/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Inscan `+' loops of doubles and floats, whose scan function on the host
   path takes its positions in groups of 8 (plugin/host/forms.cc, group_size):
   inclusive and exclusive, `parallel for' and `parallel for simd', with
   a second output from the variable, over sizes around a group and the
   host path's blocks and with num_threads(3), for blocks that start
   inside a group.  The inputs are multiples of 1/8 small enough that
   every partial sum is exact in any order, so each loop must match the
   sequential loop bit for bit, its variable's final value too.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include "inscan-check.h"

static double
inclusive (double *y, const double *x, long n)
{
  double s = 0.125;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

static double
exclusive (double *y, double *z, const double *x, long n)
{
  double s = -3;
#pragma omp parallel for simd reduction(inscan, +: s) num_threads(3)
  for (long i = 0; i < n; i++)
    {
      {
        y[i] = s;
        z[i] = 2 * s + x[i];
      }
#pragma omp scan exclusive(s)
      s += x[i];
    }
  return s;
}

static float
minus (float *y, const float *x, long n)
{
  float s = 1;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s -= x[i] * 0.5f;
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

#define SAME(what, n, i, got, want)                                         \
  CHECK ((got) == (want), "%s: n %ld: element %ld: %.17g, expected %.17g",  \
         what, n, i, (double) (got), (double) (want))

int
main (void)
{
  static const long lengths[] = { 0, 1, 7, 8, 9, 16, 17, 100, 16385, 49153,
                                  1000003 };
  for (unsigned k = 0; k < sizeof lengths / sizeof lengths[0]; k++)
    {
      long n = lengths[k];
      double *x = malloc ((n + 1) * sizeof *x), *y = malloc ((n + 1) * 8);
      double *z = malloc ((n + 1) * sizeof *z);
      float *xf = malloc ((n + 1) * sizeof *xf), *yf = malloc ((n + 1) * 4);
      /* Multiples of 1/8 up to 16 in size, as many of each sign: a walk
         of a million steps stays far below 2^21, where eighths stop
         being exact in a float.  */
      for (long i = 0; i < n; i++)
        {
          x[i] = (double) ((int) (rnd () % 257) - 128) / 8;
          xf[i] = (float) x[i];
        }

      double s = inclusive (y, x, n), r = 0.125;
      for (long i = 0; i < n; i++)
        SAME ("inclusive", n, i, y[i], r += x[i]);
      SAME ("inclusive's s", n, n, s, r);

      s = exclusive (y, z, x, n);
      r = -3;
      for (long i = 0; i < n; i++)
        {
          SAME ("exclusive", n, i, y[i], r);
          SAME ("exclusive's z", n, i, z[i], 2 * r + x[i]);
          r += x[i];
        }
      SAME ("exclusive's s", n, n, s, r);

      float sf = minus (yf, xf, n), rf = 1;
      for (long i = 0; i < n; i++)
        SAME ("minus", n, i, yf[i], rf -= xf[i] * 0.5f);
      SAME ("minus's s", n, n, sf, rf);
      free (x);
      free (y);
      free (z);
      free (xf);
      free (yf);
    }
  puts ("grouped inscan loops checked");
  return 0;
}
/* { dg-output "^grouped inscan loops checked\r?\n$" } */
