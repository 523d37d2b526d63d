/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The host path: loops outside target constructs run on OpenMP's own
   threads, with the loop's num_threads and if clauses, inside a parallel
   region, with a private global, and over sizes around its blocks; a
   float scan gives the same bits twice.  OCL_ICD_VENDORS names an empty
   directory and nothing but the last line may be printed: the host path
   never starts OpenCL, in whichever environment clause.exp runs the
   test.  Each loop is checked
   against the same loop run sequentially.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST native } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD default } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */
/* { dg-set-target-env-var OCL_ICD_VENDORS /nonexistent } */

#include <omp.h>

#include "clause-check.h"

static void
plain (long *y, const int *x, long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i-1];
}

static void
three (long *y, const int *x, long n)
{
#pragma omp parallel for scan(+: y) num_threads(3)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i-1];
}

static void
maybe (long *y, const int *x, long n, int c)
{
#pragma omp parallel for scan(+: y) if(c)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i-1];
}

/* Two arrays and a reduction beside them, downward.  */
static long
two (int *y, double *z, const int *x, long n)
{
  long s = 0;
#pragma omp parallel for scan(+: y, z) reduction(+: s)
  for (long i = n - 2; i >= 0; i--)
    {
      y[i] = y[i+1] + x[i];
      z[i] = z[i+1] + x[i] * 0.5;
      s += x[i];
    }
  return s;
}

/* A private global is each thread's own: the global keeps its value.  */
int scratch;

static void
with_private (long *y, const int *x, long n)
{
#pragma omp parallel for scan(+: y) private(scratch)
  for (long i = 1; i < n; i++)
    {
      scratch = x[i-1] * 3;
      y[i] = y[i-1] + scratch / 3;
    }
}

/* In place, by `-': the scan function's vector form runs the body from
   the identity, as an inscan loop's input phase.  */
static void
minus (long *y, long n)
{
#pragma omp parallel for scan(-: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] - y[i];
}

/* Elements narrower than int, summed in int and stored back: their scan
   function stays scalar (UBSan, in a sanitizer build, finds any add in
   short that overflows).  */
static void
narrow (short *y, const int *x, long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + (x[i] > 0 ? x[i] : 1);
}

static void
sum (float *y, const float *x, long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
}

static void
check (const char *how, const long *y, const int *x, long n)
{
  long r = y[0];
  for (long i = 1; i < n; i++)
    {
      r += x[i-1];
      if (y[i] != r)
        FAIL ("%s: n %ld: element %ld: %ld, expected %ld", how, n, i, y[i], r);
    }
}

int
main (void)
{
  /* Blocks are 16384 longs: sizes about them.  */
  static const long sizes[] = { 1, 2, 100, 16384, 16385, 49153, 1000003 };
  for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    {
      long n = sizes[s];
      int *x = malloc (n * sizeof *x);
      long *y = malloc (n * sizeof *y);
      for (long i = 0; i < n; i++)
        x[i] = (int) (rnd () % 2001) - 1000;
      y[0] = 7;
      plain (y, x, n);
      check ("plain", y, x, n);
      three (y, x, n);
      check ("num_threads(3)", y, x, n);
      maybe (y, x, n, 1);
      check ("if(1)", y, x, n);
      maybe (y, x, n, 0);
      check ("if(0)", y, x, n);
      scratch = -1;
      with_private (y, x, n);
      check ("private(scratch)", y, x, n);
      if (scratch != -1)
        FAIL ("private(scratch): n %ld: the global was set", n);
      int failed = 0;
#pragma omp parallel num_threads(2) reduction(+: failed)
      {
        long *mine = malloc (n * sizeof *mine);
        mine[0] = omp_get_thread_num ();
        plain (mine, x, n);
        long r = mine[0];
        for (long i = 1; i < n; i++)
          failed += mine[i] != (r += x[i-1]);
        free (mine);
      }
      if (failed)
        FAIL ("in a parallel region: n %ld: %d elements wrong", n, failed);

      long *r = malloc (n * sizeof *r);
      short *ys = malloc (n * sizeof *ys);
      for (long i = 0; i < n; i++)
        y[i] = r[i] = x[i];
      minus (y, n);
      for (long i = 1; i < n; i++)
        if (y[i] != (r[i] = r[i-1] - r[i]))
          FAIL ("minus: n %ld: element %ld: %ld, expected %ld", n, i, y[i],
                r[i]);
      ys[0] = 9;
      narrow (ys, x, n);
      short want = 9;
      for (long i = 1; i < n; i++)
        if (ys[i] != (want = want + (x[i] > 0 ? x[i] : 1)))
          FAIL ("narrow: n %ld: element %ld: %d, expected %d", n, i, ys[i],
                want);
      free (r);
      free (ys);

      int *yi = malloc ((n + 1) * sizeof *yi), *ri = malloc ((n + 1) * 4);
      double *z = malloc ((n + 1) * sizeof *z), *rz = malloc ((n + 1) * 8);
      yi[n - 1] = ri[n - 1] = -5;
      z[n - 1] = rz[n - 1] = 0.25;
      long total = two (yi, z, x, n), rs = 0;
      for (long i = n - 2; i >= 0; i--)
        {
          ri[i] = ri[i+1] + x[i];
          rz[i] = rz[i+1] + x[i] * 0.5;
          rs += x[i];
          if (yi[i] != ri[i] || z[i] != rz[i])
            FAIL ("two: n %ld: element %ld", n, i);
        }
      if (total != rs)
        FAIL ("two: n %ld: reduction %ld, expected %ld", n, total, rs);
      free (yi);
      free (ri);
      free (z);
      free (rz);
      free (x);
      free (y);
    }

  long n = 1000003;
  float *x = malloc (n * sizeof *x), *y1 = malloc (n * 4), *y2 = malloc (n * 4);
  for (long i = 0; i < n; i++)
    x[i] = (float) ((int) (rnd () % 2001) - 1000) / 1000.0f;
  y1[0] = y2[0] = 0.5f;
  sum (y1, x, n);
  sum (y2, x, n);
  if (memcmp (y1, y2, n * sizeof *y1))
    FAIL ("a float scan differs from run to run");
  free (x);
  free (y1);
  free (y2);
  puts ("host path checked");
  return 0;
}
/* { dg-output "^host path checked\r?\n$" } */
