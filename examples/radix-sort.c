/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* radix-sort.c: least-significant-digit radix sort of unsigned ints,
   one bit per pass, with two in-place scans per bit (thesis section 4.2):
   for each element, how many zeros and how many ones come before it.
   Then again with each pass's partition in one loop: the count of zeros
   scanned, each element stored at its place as the scan computes it
   (docs/clause.md, "Stores beside the scan"), on the host path.

     radix-sort [N]  */

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

/* Sort A[0..n) using B as scratch; ZEROS and ONES (n + 1 each) hold the
   counts.  */
static void
radix_sort (unsigned *a, unsigned *b, long *zeros, long *ones, long n)
{
  for (int bit = 0; bit < 32; bit++)
    {
      zeros[0] = ones[0] = 0;
#pragma omp parallel for
      for (long i = 0; i < n; i++)
        {
          long one = (a[i] >> bit) & 1;
          zeros[i + 1] = !one;
          ones[i + 1] = one;
        }
      /* zeros[i] is how many of a[0..i) have the bit clear.  */
#pragma omp parallel for scan(+: zeros)
      for (long i = 1; i <= n; i++)
        zeros[i] += zeros[i-1];
#pragma omp parallel for scan(+: ones)
      for (long i = 1; i <= n; i++)
        ones[i] += ones[i-1];

      long total_zeros = zeros[n];
#pragma omp parallel for
      for (long i = 0; i < n; i++)
        if ((a[i] >> bit) & 1)
          b[total_zeros + ones[i]] = a[i];
        else
          b[zeros[i]] = a[i];
      unsigned *t = a;
      a = b;
      b = t;
    }
}

/* The same, each pass a count of the zeros and one loop that scans them
   and moves each element to its place: a zero after the zeros before
   it, a one after all the zeros and the ones before it.  */
static void
radix_sort_one_loop (unsigned *a, unsigned *b, long *zeros, long n)
{
  for (int bit = 0; bit < 32; bit++)
    {
      long total_zeros = 0;
#pragma omp parallel for reduction(+: total_zeros)
      for (long i = 0; i < n; i++)
        total_zeros += !((a[i] >> bit) & 1);
      zeros[0] = 0;
#pragma omp parallel for scan(+: zeros)
      for (long i = 1; i <= n; i++)
        {
          unsigned one = (a[i-1] >> bit) & 1;
          zeros[i] = zeros[i-1] + !one;
          if (one)
            b[total_zeros + (i - 1 - zeros[i])] = a[i-1];
          else
            b[zeros[i] - 1] = a[i-1];
        }
      unsigned *t = a;
      a = b;
      b = t;
    }
}

static int
by_value (const void *p, const void *q)
{
  unsigned x = *(const unsigned *) p, y = *(const unsigned *) q;
  return x < y ? -1 : x > y;
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1L << 22;
  unsigned *a = malloc (n * sizeof *a), *b = malloc (n * sizeof *b);
  unsigned *ref = malloc (n * sizeof *ref);
  long *zeros = malloc ((n + 1) * sizeof *zeros);
  long *ones = malloc ((n + 1) * sizeof *ones);
  if (!a || !b || !ref || !zeros || !ones)
    return 2;
  int status = 0;
  unsigned long r = 42;
  for (long i = 0; i < n; i++)
    {
      r = r * 6364136223846793005ul + 1442695040888963407ul;
      a[i] = ref[i] = (unsigned) (r >> 32);
    }

  unsigned *again = malloc (n * sizeof *again);
  if (!again)
    return 2;
  for (long i = 0; i < n; i++)
    again[i] = a[i];
  double t0 = now ();
  radix_sort (a, b, zeros, ones, n);
  double t = now () - t0;
  t0 = now ();
  radix_sort_one_loop (again, b, zeros, n);
  double t_one = now () - t0;
  t0 = now ();
  qsort (ref, n, sizeof *ref, by_value);
  double serial = now () - t0;

  /* 32 passes swap the arrays an even number of times: A holds it.  */
  for (long i = 0; !status && i < n; i++)
    if (a[i] != ref[i] || again[i] != ref[i])
      {
        printf ("FAIL: a[%ld] = %u, in one loop %u, expected %u\n", i, a[i],
                again[i], ref[i]);
        status = 1;
      }
  if (!status)
    printf ("radix sort of %ld unsigned ints (64 scans): %.3f s; with each "
            "partition in one loop (32 scans): %.3f s; qsort %.3f s\nPASS\n",
            n, t, t_one, serial);
  free (again);
  free (a);
  free (b);
  free (ref);
  free (zeros);
  free (ones);
  return status;
}
