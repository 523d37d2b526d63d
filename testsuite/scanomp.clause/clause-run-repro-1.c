/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* SCANOMP_REPRODUCIBLE=1: float and double sums written as the scan
   clause and as inscan loops (inclusive, exclusive, `+' and `-') give the
   same bits under 1, 2, 3 and 7 threads, orphaned in a team of 3,
   through pocl's kernels (SCANOMP_HOST=opencl) in each of their forms,
   in segments (SCANOMP_MAX_BUFFER) and inside `target', whole and split
   across two devices, and the bits of scanrt_scan's reproducible scan of
   the same contributions: the definition is one (docs/determinism.md),
   whichever way the loop is written and wherever it runs.  The inputs
   span forty binary orders of magnitude and both signs, so that any
   other grouping of the additions shows.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_REPRODUCIBLE 1 } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */

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

/* An orphaned worksharing loop, which the team that meets it shares as
   tasks.  */
static float orphan_s;

static void
inscan_orphan (float *y, const float *x, long n)
{
#pragma omp for reduction(inscan, +: orphan_s)
  for (long i = 0; i < n; i++)
    {
      orphan_s += x[i];
#pragma omp scan inclusive(orphan_s)
      y[i] = orphan_s;
    }
}

static void
target_float (float *y, const float *x, long n)
{
#pragma omp target map(tofrom: y[0:n]) map(to: x[0:n])
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i-1];
}

static const long lengths[] = { 2, 17, 4097, 3 * 4096 + 100, 300001 };
/* Threads on the host path; then pocl's kernels, whole, in segments of
   4 tiles of floats, 2 of doubles, (the target loop) split across
   pocl's two devices, and the kernels that GPUs take: a work-group a
   tile in two passes (SCANOMP_VARIANT=gpu), and in one (lookback).
   (api-repro-2.c reads the single pass's look-back a window at once
   too: another build of every loop's kernels here.)  */
static const int teams[] = { 1, 2, 3, 7, 0, 0, 0, 0, 0 };
#define WAYS (sizeof teams / sizeof *teams)

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
    for (size_t t = 0; t < WAYS; t++)
      {
        long n = lengths[k];
        if (teams[t])
          omp_set_num_threads (teams[t]);
        if (t >= 4)
          setenv ("SCANOMP_HOST", "opencl", 1);
        if (t == 5)
          setenv ("SCANOMP_MAX_BUFFER", "65536", 1);
        if (t == 6)
          setenv ("SCANOMP_DEVICES", "0,1", 1);
        if (t == 7)
          setenv ("SCANOMP_VARIANT", "gpu", 1);
        if (t == 8)
          setenv ("SCANOMP_VARIANT", "lookback", 1);
        scanrt_params p = SCANRT_PARAMS_INIT;
        p.flags = SCANRT_REPRODUCIBLE;

        /* y[0] seeds the clause's scan of x[0] to x[n-2].  */
        float seed = 0.375f;
        yf[0] = rf[0] = seed;
        clause_float (yf, xf, n);
        p.seed = &seed;
        scanrt_scan (rf + 1, xf, n - 1, SCANRT_FLOAT, SCANRT_ADD, &p);
        CHECK (!memcmp (yf, rf, n * sizeof *yf),
               "clause float n=%ld, way %zu", n, t);

        double seedd = -2.5;
        yd[0] = rd[0] = seedd;
        clause_double_sub (yd, xd, n);
        p.seed = &seedd;
        scanrt_scan (rd + 1, xd, n - 1, SCANRT_DOUBLE, SCANRT_SUB, &p);
        CHECK (!memcmp (yd, rd, n * sizeof *yd),
               "clause double - n=%ld, way %zu", n, t);

        float total = 0, sf = inscan_inclusive (yf, xf, n);
        p.seed = NULL;
        p.total = &total;
        scanrt_scan (rf, xf, n, SCANRT_FLOAT, SCANRT_ADD, &p);
        CHECK (!memcmp (yf, rf, n * sizeof *yf) && sf == total,
               "inscan inclusive n=%ld, way %zu", n, t);

        double totald = 0, sd = inscan_exclusive (yd, xd, n);
        p.flags |= SCANRT_EXCLUSIVE;
        p.total = &totald;
        scanrt_scan (rd, xd, n, SCANRT_DOUBLE, SCANRT_ADD, &p);
        CHECK (!memcmp (yd, rd, n * sizeof *yd) && sd == totald,
               "inscan exclusive n=%ld, way %zu", n, t);

        orphan_s = 0;
#pragma omp parallel num_threads (3)
        inscan_orphan (yf, xf, n);
        p.flags = SCANRT_REPRODUCIBLE;
        p.total = &total;
        scanrt_scan (rf, xf, n, SCANRT_FLOAT, SCANRT_ADD, &p);
        CHECK (!memcmp (yf, rf, n * sizeof *yf) && orphan_s == total,
               "orphaned inscan n=%ld, way %zu", n, t);

        /* Inside target: pocl's kernels, with no host path.  */
        yf[0] = rf[0] = seed;
        target_float (yf, xf, n);
        p.flags = SCANRT_REPRODUCIBLE;
        p.seed = &seed;
        p.total = NULL;
        scanrt_scan (rf + 1, xf, n - 1, SCANRT_FLOAT, SCANRT_ADD, &p);
        CHECK (!memcmp (yf, rf, n * sizeof *yf),
               "target float n=%ld, way %zu", n, t);
        unsetenv ("SCANOMP_HOST");
        unsetenv ("SCANOMP_MAX_BUFFER");
        unsetenv ("SCANOMP_DEVICES");
        unsetenv ("SCANOMP_VARIANT");
      }
  free (xf);
  free (yf);
  free (rf);
  free (xd);
  free (yd);
  free (rd);
  return 0;
}
