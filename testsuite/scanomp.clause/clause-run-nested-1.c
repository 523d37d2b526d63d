/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Scan loops inside another OpenMP region, each thread of which runs the
   new code with temporaries of its own: a target loop in the `single' of
   a `parallel' region (as a program of tasks has it), with `nowait' and a
   reduction beside it; a `parallel for' nested in a `parallel' region,
   once per thread over rows of its own; and an inscan loop in the same
   places.  Each is checked against the sequential loop.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */

#include "clause-check.h"

#define N ((1L << 17) + 3)
#define ROWS 4
static long x[N], y[ROWS][N], ref[N];

static long
in_single (long n)
{
  long *py = y[0], *px = x, j = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp target parallel for nowait map(tofrom: py[:n], j) map(to: px[:n]) reduction(+: j) scan(+: py)
    for (long i = 1; i < n; i++)
      {
        py[i] = py[i-1] + px[i];
        j += px[i];
      }
#pragma omp taskwait
  }
  return j;
}

static void
nested (long n)
{
#pragma omp parallel for num_threads(2)
  for (int r = 0; r < ROWS; r++)
    {
      long *yr = y[r];
#pragma omp parallel for scan(+: yr)
      for (long i = 1; i < n; i++)
        yr[i] = yr[i-1] + x[i] * (r + 1);
    }
}

static void
inscan_nested (long n)
{
#pragma omp parallel for num_threads(2)
  for (int r = 0; r < ROWS; r++)
    {
      long s = 0, *yr = y[r];
#pragma omp parallel for reduction(inscan, +: s)
      for (long i = 0; i < n; i++)
        {
          s += x[i] * (r + 1);
#pragma omp scan inclusive(s)
          yr[i] = s;
        }
    }
}

/* Compare row R of y with the sequential scan of x times K from FIRST.  */
static void
check (const char *name, long n, int r, long k, long first)
{
  ref[0] = first;
  for (long i = 1; i < n; i++)
    ref[i] = ref[i-1] + x[i] * k;
  for (long i = 0; i < n; i++)
    CHECK (y[r][i] == ref[i], "%s, n=%ld, row %d: y[%ld] is %ld, expected "
           "%ld", name, n, r, i, y[r][i], ref[i]);
}

int
main (void)
{
  for (long i = 0; i < N; i++)
    x[i] = (long) (rnd () % 1000) - 500;
  for (unsigned s = 0; s < NSIZES; s++)
    {
      long n = sizes[s] < N ? sizes[s] : N;
      if (n < 1)
        continue;
      for (int r = 0; r < ROWS; r++)
        y[r][0] = 7 + r;
      long j = in_single (n), sum = 0;
      check ("target in single", n, 0, 1, 7);
      for (long i = 1; i < n; i++)
        sum += x[i];
      CHECK (j == sum, "target in single, n=%ld: reduction %ld, expected "
             "%ld", n, j, sum);
      nested (n);
      for (int r = 0; r < ROWS; r++)
        check ("nested parallel for", n, r, r + 1, 7 + r);
      for (int r = 0; r < ROWS; r++)
        y[r][0] = 0;
      inscan_nested (n);
      for (int r = 0; r < ROWS; r++)
        check ("nested inscan", n, r, r + 1, x[0] * (r + 1));
    }
  puts ("nested scans checked");
  return 0;
}
