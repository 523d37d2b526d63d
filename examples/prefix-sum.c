/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* prefix-sum.c: the scan clause's hello world.  A prefix sum of N ints
   (default 2^24) written as the thesis writes it, checked against the same
   loop run sequentially, with both timed.

     prefix-sum [N]

   Build: gcc -O2 $(pkg-config --cflags scanomp) prefix-sum.c \
            $(pkg-config --libs scanomp)  */

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

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1L << 24;
  if (n < 1)
    n = 1;
  int *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  int *ref = malloc (n * sizeof *ref);
  if (!x || !y || !ref)
    return 2;
  for (long i = 0; i < n; i++)
    {
      x[i] = (int) ((unsigned long) i * 2654435761u >> 20) - 2048;
      y[i] = ref[i] = 0;
    }

  /* The first run builds the kernels, or loads them from the cache.  */
  double t0 = now ();
  prefix_sum (y, x, n);
  double first = now () - t0;
  t0 = now ();
  prefix_sum (y, x, n);
  double scan = now () - t0;

  t0 = now ();
  ref[0] = 0;
  for (long i = 1; i < n; i++)
    ref[i] = ref[i-1] + x[i-1];
  double serial = now () - t0;

  for (long i = 0; i < n; i++)
    if (y[i] != ref[i])
      {
        printf ("FAIL: y[%ld] = %d, expected %d\n", i, y[i], ref[i]);
        return 1;
      }
  printf ("prefix sum of %ld ints with #pragma omp parallel for scan(+: y):\n"
          "  first run %.3f s (kernel build or cache), then %.4f s "
          "(%.2f Gelem/s)\n  sequential loop %.4f s (%.2f Gelem/s)\nPASS\n",
          n, first, scan, n / scan * 1e-9, serial, n / serial * 1e-9);
  free (x);
  free (y);
  free (ref);
  return 0;
}
