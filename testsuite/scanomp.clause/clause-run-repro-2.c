/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* SCANOMP_REPRODUCIBLE=1 in a program built with -ffast-math: the plain
   functions of a float sum still combine each lane's contributions in
   turn, with no reassociation (which -ffast-math allows, and a
   vectorized lane would use), so that the clause gives the bits of
   scanrt_scan's reproducible scan of its contributions (computed by the
   same expression in a loop of their own, in the same translation unit:
   what the compiler makes of `a * b + a' under -ffast-math is the
   program's own), under 1 and 3 threads, and through the kernels
   (SCANOMP_HOST=opencl).  On GCC 12 for x86-64 it also passed before the
   plain functions had options of their own; it guards them.  */
/* { dg-do run } */
/* { dg-options "-ffast-math" } */
/* { dg-set-target-env-var SCANOMP_REPRODUCIBLE 1 } */

#include <omp.h>
#include <scanrt.h>

#include "clause-check.h"

static void
clause_affine (float *y, const float *a, const float *b, long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + (a[i-1] * b[i-1] + a[i-1]);
}

/* The contributions, each from its own elements alone.  */
__attribute__ ((noinline)) static void
contributions (float *c, const float *a, const float *b, long n)
{
  for (long i = 0; i < n; i++)
    c[i] = a[i] * b[i] + a[i];
}

int
main (void)
{
  long n = 200003;
  float *a = malloc (n * sizeof *a), *b = malloc (n * sizeof *b);
  float *y = malloc (n * sizeof *y), *c = malloc (n * sizeof *c);
  float *r = malloc (n * sizeof *r);
  CHECK (a && b && y && c && r, "out of memory");
  for (long i = 0; i < n; i++)
    {
      a[i] = ldexpf ((float) ((long) (rnd () % 4095) - 2047),
                     (int) (rnd () % 31) - 15);
      b[i] = (float) ((long) (rnd () % 255) - 127) / 64;
    }
  contributions (c, a, b, n - 1);
  float seed = 1.5f;
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.flags = SCANRT_REPRODUCIBLE;
  p.seed = &seed;
  r[0] = seed;
  scanrt_scan (r + 1, c, n - 1, SCANRT_FLOAT, SCANRT_ADD, &p);
  static const int teams[] = { 1, 3, 2 };
  for (int t = 0; t < 3; t++)
    {
      omp_set_num_threads (teams[t]);
      if (t == 2)
        setenv ("SCANOMP_HOST", "opencl", 1);
      y[0] = seed;
      clause_affine (y, a, b, n);
      CHECK (!memcmp (y, r, n * sizeof *y), "%d threads%s: not the "
             "reproducible scan of the contributions", teams[t],
             t == 2 ? ", kernels" : "");
    }
  free (a);
  free (b);
  free (y);
  free (c);
  free (r);
  return 0;
}
