/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* SCANOMP_REPRODUCIBLE=1 and a loop it does not cover, a clause over two
   float arrays at once: libscanrt says so, once, and the scan is right
   (within rounding of the sequential loop) and the same from run to
   run.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_REPRODUCIBLE 1 } */

#include "clause-check.h"

static void
two (float *y, float *z, const float *x, long n)
{
#pragma omp parallel for scan(+: y, z)
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i-1];
      z[i] = z[i-1] + 2 * x[i-1];
    }
}

int
main (void)
{
  long n = 100003;
  float *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  float *z = malloc (n * sizeof *z), *y2 = malloc (n * sizeof *y2);
  float *z2 = malloc (n * sizeof *z2);
  CHECK (x && y && z && y2 && z2, "out of memory");
  for (long i = 0; i < n; i++)
    x[i] = (float) ((long) (rnd () % 2001) - 1000) / 64;
  for (int run = 0; run < 2; run++)
    {
      float *yy = run ? y2 : y, *zz = run ? z2 : z;
      yy[0] = zz[0] = 0;
      two (yy, zz, x, n);
    }
  CHECK (!memcmp (y, y2, n * sizeof *y) && !memcmp (z, z2, n * sizeof *z),
         "two runs gave different bits");
  double sy = 0, sz = 0, mag = 0;
  for (long i = 1; i < n; i++)
    {
      sy += x[i-1];
      sz += 2 * (double) x[i-1];
      mag += fabs (x[i-1]);
      CHECK (fabs (y[i] - sy) <= 1e-4 * mag && fabs (z[i] - sz) <= 2e-4 * mag,
             "position %ld: %g %g, want %g %g", i, y[i], z[i], sy, sz);
    }
  free (x);
  free (y);
  free (z);
  free (y2);
  free (z2);
  return 0;
}

/* { dg-output "libscanrt: \[^\n\]*clause-run-repro-3.c:14: SCANOMP_REPRODUCIBLE covers float and double sums of one scan variable; this loop's floating-point values \[^\n\]* give the same bits from run to run only(\n|\r\n|\r)" } */
