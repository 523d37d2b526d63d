/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The seed of a target loop, y[i-1] at its first i, is read where the data
   lies: the kernels read it from the device's copy of a mapped array
   (SCANRT_SEED_AT), with no transfer before the launch, whatever the
   host's copy holds.  pocl made to copy (SCANOMP_UNIFIED=0), so that the
   copies can differ: the host's seed is changed after the data is mapped
   and left stale.  The data's end brings the device's seed back, or
   leaves the host's where the scan ran there with no copy of its own
   (OMP_TARGET_OFFLOAD=DISABLED); either way the results must follow from
   the seed that comes back.  A loop from i = 1, one from an inner index,
   one over doubles, and one whose array a region maps itself; each with
   every kernel set (SCANOMP_VARIANT, which libscanrt reads at each
   call), against sequential loops.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include "clause-check.h"

#define N 20011L

static int y[N], x[N], want[N];
static double d[N], dwant[N];

static void
scan_from_1 (void)
{
#pragma omp target map(tofrom: y[0:N])
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < N; i++)
    y[i] = y[i-1] + y[i];
}

static void
scan_from (long lo)
{
#pragma omp target map(tofrom: y[0:N]) map(to: x[0:N])
#pragma omp parallel for scan(+: y)
  for (long i = lo; i < N; i++)
    y[i] = y[i-1] + x[i];
}

static void
scan_doubles (void)
{
#pragma omp target map(tofrom: d[0:N])
#pragma omp parallel for scan(+: d)
  for (long i = 1; i < N; i++)
    d[i] = d[i-1] + d[i];
}

static void
fill (void)
{
  for (long i = 0; i < N; i++)
    {
      y[i] = want[i] = (int) (rnd () % 7) - 3;
      x[i] = (int) (rnd () % 5) - 2;
      d[i] = dwant[i] = (double) ((int) (rnd () % 9) - 4) / 4;
    }
}

static void
compare (const char *set, const char *what)
{
  for (long i = 0; i < N; i++)
    if (y[i] != want[i])
      FAIL ("%s, %s: y[%ld] is %d, not %d", set, what, i, y[i], want[i]);
}

static void
checks (const char *set)
{
  /* Mapped, then the host's seed made stale.  */
  fill ();
#pragma omp target enter data map(to: y[0:N])
  y[0] = 1000;
  scan_from_1 ();
#pragma omp target exit data map(from: y[0:N])
  want[0] = y[0];
  for (long i = 1; i < N; i++)
    want[i] = want[i-1] + want[i];
  compare (set, "from 1, mapped");

  /* An inner first index: the seed y[4999] inside the array.  */
  fill ();
#pragma omp target enter data map(to: y[0:N], x[0:N])
  y[4999] = -77;
  scan_from (5000);
#pragma omp target exit data map(from: y[0:N]) map(release: x[0:N])
  want[4999] = y[4999];
  for (long i = 5000; i < N; i++)
    want[i] = want[i-1] + x[i];
  compare (set, "from 5000, mapped");

  /* Doubles (exact: quarters), mapped.  */
  fill ();
#pragma omp target enter data map(to: d[0:N])
  d[0] = 1e6;
  scan_doubles ();
#pragma omp target exit data map(from: d[0:N])
  dwant[0] = d[0];
  for (long i = 1; i < N; i++)
    dwant[i] = dwant[i-1] + dwant[i];
  for (long i = 0; i < N; i++)
    if (d[i] != dwant[i])
      FAIL ("%s, doubles: d[%ld] is %g, not %g", set, i, d[i], dwant[i]);

  /* Mapped by the region alone: its copy is the host's.  */
  fill ();
  scan_from (1);
  for (long i = 1; i < N; i++)
    want[i] = want[i-1] + x[i];
  compare (set, "from 1, mapped by the region");
}

int
main ()
{
  static const char *const sets[] = { "cpu", "gpu", "lookback", "thesis" };
  for (unsigned k = 0; k < sizeof sets / sizeof sets[0]; k++)
    {
      setenv ("SCANOMP_VARIANT", sets[k], 1);
      checks (sets[k]);
    }
  puts ("seeds checked");
  return 0;
}

/* { dg-output "seeds checked" } */
