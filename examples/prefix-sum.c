/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* prefix-sum.c: the scan clause's hello world.  A prefix sum of N ints
   (default 2^24) written as the thesis writes it, checked against the same
   loop run sequentially.  Both are timed alike: their first run in the
   process (for the scan, that includes building its kernels or loading
   them from the cache), and the median of RUNS runs after it.

     prefix-sum [N [RUNS]]

   Build: gcc -O2 -specs=scanomp.specs prefix-sum.c  */

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* y[0] = 0, y[i] = x[0] + ... + x[i-1].  */
static void
prefix_sum (int *y, const int *x, long n)
{
  y[0] = 0;
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i-1];
}

/* The same loop, sequential: the reference, and the baseline.  */
static void __attribute__ ((noinline))
sequential_sum (int *y, const int *x, long n)
{
  y[0] = 0;
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i-1];
}

static int
by_value (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* Time FN (Y, X, N): its first run in *FIRST, and the median of RUNS more
   in *MEDIAN.  */
static void
timed (void (*fn) (int *, const int *, long), int *y, const int *x, long n,
       int runs, double *first, double *median)
{
  double t[runs];
  for (int r = -1; r < runs; r++)
    {
      double t0 = now ();
      fn (y, x, n);
      double dt = now () - t0;
      if (r < 0)
        *first = dt;
      else
        t[r] = dt;
    }
  qsort (t, runs, sizeof *t, by_value);
  *median = t[runs / 2];
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1L << 24;
  int runs = argc > 2 ? atoi (argv[2]) : 5;
  if (n < 1)
    n = 1;
  if (runs < 1)
    runs = 1;
  int *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  int *ref = malloc (n * sizeof *ref);
  if (!x || !y || !ref)
    return 2;
  for (long i = 0; i < n; i++)
    {
      x[i] = (int) ((unsigned long) i * 2654435761u >> 20 & 4095) - 2048;
      /* Not 0: pages written with zeros alone may not be backed yet on a
         virtual machine, and the first run would pay for it.  */
      y[i] = ref[i] = -1;
    }

  double scan_first, scan, serial_first, serial;
  /* The sequential loop first, so that no thread the scan leaves behind
     slows it.  */
  timed (sequential_sum, ref, x, n, runs, &serial_first, &serial);
  timed (prefix_sum, y, x, n, runs, &scan_first, &scan);

  for (long i = 0; i < n; i++)
    if (y[i] != ref[i])
      {
        printf ("FAIL: y[%ld] = %d, expected %d\n", i, y[i], ref[i]);
        return 1;
      }
  printf ("prefix sum of %ld ints: #pragma omp parallel for scan(+: y) "
          "against the same\nloop run sequentially, timed alike:\n"
          "%-18s %12s %12s %9s\n", n, "", "scan", "sequential", "speed-up");
  char label[32];
  snprintf (label, sizeof label, "median of %d runs", runs);
  printf ("%-18s %9.3f ms %9.3f ms %8.2fx  (the scan's includes its "
          "kernels' build or load)\n%-18s %9.3f ms %9.3f ms %8.2fx\nPASS\n",
          "first run", scan_first * 1e3, serial_first * 1e3,
          serial_first / scan_first, label, scan * 1e3, serial * 1e3,
          serial / scan);
  free (x);
  free (y);
  free (ref);
  return 0;
}
