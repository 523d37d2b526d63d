/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* prefix-sum.c: the scan clause's hello world.  A prefix sum of N ints
   (default 2^24) written as the thesis writes it, as a `parallel for',
   which runs on the program's own OpenMP threads (the host path), and
   inside a `target' construct, which runs on the default device (pocl's
   CPU device, or a GPU), each checked against the same loop run
   sequentially.  All are timed alike: their first run in the process
   (for the target loop, that includes building its kernels or loading
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

/* The same loop on the default device.  */
static void
target_prefix_sum (int *y, const int *x, long n)
{
  y[0] = 0;
#pragma omp target parallel for scan(+: y) map(tofrom: y[0:n]) \
                                           map(to: x[0:n])
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

  /* The sequential loop first, so that no thread a scan leaves behind
     slows it.  */
  static const struct
  {
    const char *name, *where;
    void (*fn) (int *, const int *, long);
  } ways[3] = {
    { "sequential loop", "", sequential_sum },
    { "parallel for scan(+: y)", "  (1)", prefix_sum },
    { "target parallel for scan(+: y)", "  (2)", target_prefix_sum },
  };
  double first[3], median[3];
  timed (ways[0].fn, ref, x, n, runs, &first[0], &median[0]);
  for (int w = 1; w < 3; w++)
    {
      timed (ways[w].fn, y, x, n, runs, &first[w], &median[w]);
      /* Checked, and set back, so that the next way cannot pass on this
         one's result.  */
      for (long i = 0; i < n; i++)
        if (y[i] != ref[i])
          {
            printf ("FAIL: %s: y[%ld] = %d, expected %d\n", ways[w].name, i,
                    y[i], ref[i]);
            return 1;
          }
        else
          y[i] = -1;
    }
  printf ("prefix sum of %ld ints, y[i] = y[i-1] + x[i-1], each way checked "
          "against the\nsequential loop and timed alike (ms; speed-up of the "
          "medians):\n%-31s %9s %9s %8s\n", n, "", "first run", "median",
          "speed-up");
  for (int w = 0; w < 3; w++)
    printf ("%-31s %9.3f %9.3f %7.2fx%s\n", ways[w].name, first[w] * 1e3,
            median[w] * 1e3, median[0] / median[w], ways[w].where);
  puts ("(1) on this program's own OpenMP threads (the host path)\n"
        "(2) on the default device (pocl's CPU device, or a GPU); its first "
        "run builds\n    or loads the kernels\nPASS");
  free (x);
  free (y);
  free (ref);
  return 0;
}
