/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The clauses that may sit beside `scan' on the loop, each on its own
   loop: private, firstprivate, shared, default(none), schedule,
   num_threads, proc_bind, if and lastprivate of the index, on `parallel for', `parallel for simd'
   and a `target' region.  Each loop runs on the device under
   OMP_TARGET_OFFLOAD=MANDATORY and is checked against the sequential
   loop; the variables the clauses name keep their OpenMP meaning after
   the loop.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */

#include "clause-check.h"

#define N ((1L << 20) + 7)
static long x[N], y[N], ref[N];

/* The loops: each scans y from x as y[i] = y[i-1] + x[i] * c + d, with
   the c and d that check names.  */
static long t_private = 99;

static void
private_ (long n)
{
  long t = t_private;
#pragma omp parallel for private(t) scan(+: y)
  for (long i = 1; i < n; i++)
    {
      t = x[i] * 2;
      y[i] = y[i-1] + t - x[i];
    }
  t_private = t;
}

static void
firstprivate_ (long n, long c)
{
#pragma omp parallel for firstprivate(c) scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i] * c;
}

static void
default_none (long n, long c)
{
#pragma omp parallel for default(none) shared(x, y, c, n) scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i] * c + 1;
}

static void
schedule_ (long n)
{
#pragma omp parallel for schedule(dynamic, 64) scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
}

static void
threads (long n)
{
#pragma omp parallel for num_threads(2) proc_bind(close) scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
}

static void
if_ (long n)
{
#pragma omp parallel for if(n > 100) scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
}

static void
simd_private (long n)
{
  long t;
#pragma omp parallel for simd private(t) scan(+: y)
  for (long i = 1; i < n; i++)
    {
      t = x[i];
      y[i] = y[i-1] + t + t;
    }
}

static void
target_firstprivate (long n, long c)
{
  long *py = y, *px = x;
#pragma omp target map(tofrom: py[:n]) map(to: px[:n])
#pragma omp parallel for firstprivate(c) scan(+: py)
  for (long i = 1; i < n; i++)
    py[i] = py[i-1] + px[i] * c;
}

/* The index lastprivate ends with its value after the loop.  */
static long
lastprivate_index (long n)
{
  long i;
#pragma omp parallel for lastprivate(i) scan(+: y)
  for (i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
  return i;
}

/* Compare y with the sequential scan from 7 of x[i] * C + D.  */
static void
check (const char *name, long n, long c, long d)
{
  ref[0] = 7;
  for (long i = 1; i < n; i++)
    ref[i] = ref[i-1] + x[i] * c + d;
  for (long i = 0; i < n; i++)
    CHECK (y[i] == ref[i], "%s, n=%ld: y[%ld] is %ld, expected %ld", name,
           n, i, y[i], ref[i]);
  for (long i = 0; i < n; i++)
    y[i] = i == 0 ? 7 : -1;
}

int
main (void)
{
  for (long i = 0; i < N; i++)
    x[i] = (long) (rnd () % 1000) - 500;
  for (unsigned s = 0; s < NSIZES; s++)
    {
      long n = sizes[s];
      if (n == 0)
        continue;
      y[0] = 7;
      private_ (n);
      check ("private", n, 1, 0);
      CHECK (t_private == 99, "private: t changed to %ld", t_private);
      firstprivate_ (n, 3);
      check ("firstprivate", n, 3, 0);
      default_none (n, 3);
      check ("shared and default(none)", n, 3, 1);
      schedule_ (n);
      check ("schedule", n, 1, 0);
      threads (n);
      check ("num_threads and proc_bind", n, 1, 0);
      if_ (n);
      check ("if", n, 1, 0);
      simd_private (n);
      check ("simd with private", n, 2, 0);
      target_firstprivate (n, 3);
      check ("target with firstprivate", n, 3, 0);
      long last = lastprivate_index (n);
      check ("lastprivate index", n, 1, 0);
      CHECK (last == (n > 1 ? n : 1), "lastprivate index: n=%ld: %ld", n,
             last);
    }
  puts ("sharing clauses checked");
  return 0;
}
