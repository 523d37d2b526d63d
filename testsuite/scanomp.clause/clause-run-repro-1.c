/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* SCANOMP_REPRODUCIBLE=1: float and double sums written as the scan
   clause and as inscan loops (inclusive, exclusive, `+' and `-') give the
   same bits under 1, 2, 3 and 7 threads, and the bits of scanrt_scan's
   reproducible scan of the same contributions: the definition is one
   (docs/determinism.md), whichever way the loop is written.  The inputs
   span forty binary orders of magnitude and both signs, so that any
   other grouping of the additions shows.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_REPRODUCIBLE 1 } */

#include <omp.h>
#include <scanrt.h>

#include "clause-check.h"

static void
clause_float (float *y, const float *x, long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i-1];
}

static void
clause_double_sub (double *y, const double *x, long n)
{
#pragma omp parallel for scan(-: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] - x[i-1];
}

static float
inscan_inclusive (float *y, const float *x, long n)
{
  float s = 0;
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
inscan_exclusive (double *y, const double *x, long n)
{
  double s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      y[i] = s;
#pragma omp scan exclusive(s)
      s += x[i];
    }
  return s;
}

static const long lengths[] = { 2, 17, 4097, 3 * 4096 + 100, 300001 };
static const int teams[] = { 1, 2, 3, 7 };

int
main (void)
{
  long most = 300001;
  float *xf = malloc (most * sizeof *xf), *yf = malloc (most * sizeof *yf);
  float *rf = malloc (most * sizeof *rf);
  double *xd = malloc (most * sizeof *xd), *yd = malloc (most * sizeof *yd);
  double *rd = malloc (most * sizeof *rd);
  CHECK (xf && yf && rf && xd && yd && rd, "out of memory");
  for (long i = 0; i < most; i++)
    {
      xd[i] = ldexp ((double) ((long) (rnd () % 4095) - 2047),
                     (int) (rnd () % 41) - 20);
      xf[i] = (float) xd[i];
    }
  for (size_t k = 0; k < sizeof lengths / sizeof *lengths; k++)
    for (int t = 0; t < 4; t++)
      {
        long n = lengths[k];
        omp_set_num_threads (teams[t]);
        scanrt_params p = SCANRT_PARAMS_INIT;
        p.flags = SCANRT_REPRODUCIBLE;

        /* y[0] seeds the clause's scan of x[0] to x[n-2].  */
        float seed = 0.375f;
        yf[0] = rf[0] = seed;
        clause_float (yf, xf, n);
        p.seed = &seed;
        scanrt_scan (rf + 1, xf, n - 1, SCANRT_FLOAT, SCANRT_ADD, &p);
        CHECK (!memcmp (yf, rf, n * sizeof *yf),
               "clause float n=%ld, %d threads", n, teams[t]);

        double seedd = -2.5;
        yd[0] = rd[0] = seedd;
        clause_double_sub (yd, xd, n);
        p.seed = &seedd;
        scanrt_scan (rd + 1, xd, n - 1, SCANRT_DOUBLE, SCANRT_SUB, &p);
        CHECK (!memcmp (yd, rd, n * sizeof *yd),
               "clause double - n=%ld, %d threads", n, teams[t]);

        float total = 0, sf = inscan_inclusive (yf, xf, n);
        p.seed = NULL;
        p.total = &total;
        scanrt_scan (rf, xf, n, SCANRT_FLOAT, SCANRT_ADD, &p);
        CHECK (!memcmp (yf, rf, n * sizeof *yf) && sf == total,
               "inscan inclusive n=%ld, %d threads", n, teams[t]);

        double totald = 0, sd = inscan_exclusive (yd, xd, n);
        p.flags |= SCANRT_EXCLUSIVE;
        p.total = &totald;
        scanrt_scan (rd, xd, n, SCANRT_DOUBLE, SCANRT_ADD, &p);
        CHECK (!memcmp (yd, rd, n * sizeof *yd) && sd == totald,
               "inscan exclusive n=%ld, %d threads", n, teams[t]);
      }
  free (xf);
  free (yf);
  free (rf);
  free (xd);
  free (yd);
  free (rd);
  return 0;
}
