/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* SCANOMP_REPRODUCIBLE=1 where the construct and the data decide where a
   target loop runs.  A target whose if() is false runs its loop on the
   host path (a scan clause, and an inscan loop on `target teams
   distribute parallel for'), from the host's copy of data that `target
   data' also mapped; a target loop on data that `target data' spread
   across pocl's two devices, each keeping a copy (SCANOMP_UNIFIED=0), in
   pieces that do not end at whole tiles, under three sets of weights.
   Each gives the bits of scanrt_scan's reproducible scan of the same
   contributions.  The sequential loop's bits differ from those on this
   data, which is checked too, so that a loop run as written shows (a
   false if() did so until 2026-12-01, and a spread scan's second block
   was lost).  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_REPRODUCIBLE 1 } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD DEFAULT } */

#include <scanrt.h>

#include "clause-check.h"

#define N 1000003L

static float x[N], y[N], r[N], s[N];
static double xd[N], yd[N], rd[N];

/* The clause in a target, on the host where ON is false.  */
static void
clause_float (float *a, const float *b, long n, int on)
{
#pragma omp target if(on) map(tofrom: a[0:n]) map(to: b[0:n])
#pragma omp parallel for scan(+: a)
  for (long i = 1; i < n; i++)
    a[i] = a[i-1] + b[i-1];
}

/* An inscan loop that GCC's own OpenMP refuses on this construct, which
   the plugin takes (docs/inscan.md); its if() is the parallel's too.
   The map brings the sum back under GCC 11 too, which takes the
   reduction variable of a combined target construct for firstprivate,
   as OpenMP 4.5 did.  */
static double
inscan_double (double *a, const double *b, long n, int on)
{
  double sum = 0;
#pragma omp target teams distribute parallel for if(on) \
  map(to: b[0:n]) map(from: a[0:n]) map(tofrom: sum) \
  reduction(inscan, +: sum)
  for (long i = 0; i < n; i++)
    {
      sum += b[i];
#pragma omp scan inclusive(sum)
      a[i] = sum;
    }
  return sum;
}

/* The clause on data the enclosing `target data' mapped.  */
static void
resident_float (float *a, const float *b, long n)
{
#pragma omp target
#pragma omp parallel for scan(+: a)
  for (long i = 1; i < n; i++)
    a[i] = a[i-1] + b[i-1];
}

/* What scanrt_scan's reproducible scan gives for the clause's loop from
   SEED, into R.  */
static void
reference (float seed)
{
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.flags = SCANRT_REPRODUCIBLE;
  p.seed = &seed;
  r[0] = seed;
  CHECK (scanrt_scan (r + 1, x, N - 1, SCANRT_FLOAT, SCANRT_ADD, &p)
           >= 0, "scanrt_scan failed");
}

int
main (void)
{
  for (long i = 0; i < N; i++)
    {
      xd[i] = ldexp ((double) ((long) (rnd () % 4095) - 2047),
                     (int) (rnd () % 41) - 20);
      x[i] = (float) xd[i];
    }

  /* The sequential loop, to show that it differs.  */
  s[0] = 0.375f;
  for (long i = 1; i < N; i++)
    s[i] = s[i-1] + x[i-1];
  reference (0.375f);
  CHECK (memcmp (s, r, sizeof s), "the sequential loop gave the "
         "reproducible bits: the data shows nothing");

  /* A false if(): the host path.  */
  y[0] = 0.375f;
  clause_float (y, x, N, 0);
  CHECK (!memcmp (y, r, sizeof y), "target if(0): not the reproducible "
         "bits");
  double total = 0;
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.flags = SCANRT_REPRODUCIBLE;
  p.total = &total;
  CHECK (scanrt_scan (rd, xd, N, SCANRT_DOUBLE, SCANRT_ADD, &p) >= 0,
         "scanrt_scan failed");
  double sum = inscan_double (yd, xd, N, 0);
  CHECK (!memcmp (yd, rd, sizeof yd) && sum == total,
         "inscan target if(0): not the reproducible bits");
  /* The same inscan loop on the device.  */
  memset (yd, 0, sizeof yd);
  sum = inscan_double (yd, xd, N, 1);
  CHECK (!memcmp (yd, rd, sizeof yd) && sum == total,
         "inscan target: not the reproducible bits");

  /* A false if() inside `target data': the host's copy, whose seed the
     host changed after the device's copy was made.  */
  y[0] = 0.375f;
#pragma omp target data map(to: y[0:N])
  {
    y[0] = -1.25f;
    clause_float (y, x, N, 0);
  }
  reference (-1.25f);
  CHECK (!memcmp (y, r, sizeof y), "target if(0) in target data: not the "
         "reproducible bits from the host's seed");

  /* Data spread across the two devices, in pieces by the weights.  */
  static const char *const weights[] = { "0:1,1:1", "0:3,1:1", "1,0" };
  for (int w = 0; w < 3; w++)
    {
      setenv ("SCANOMP_DEVICES", weights[w], 1);
      memset (y, 0, sizeof y);
      y[0] = 0.375f;
#pragma omp target data map(to: x[0:N]) map(tofrom: y[0:N])
      for (int round = 0; round < 2; round++)
        resident_float (y, x, N);
      reference (0.375f);
      for (long i = 0; i < N; i++)
        CHECK (y[i] == r[i] || (y[i] != y[i] && r[i] != r[i]),
               "spread by %s: y[%ld] is %a, not %a", weights[w], i, y[i],
               r[i]);
      CHECK (!memcmp (y, r, sizeof y), "spread by %s: other bits",
             weights[w]);
    }
  unsetenv ("SCANOMP_DEVICES");
  puts ("reproducible");
  return 0;
}
/* { dg-output "reproducible" } */
