/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Stores beside the scan at an index computed from the scanned values,
   inside `target': the kept elements at their count (`out[pos[i] - 1]'),
   a stable partition into two arrays, one pass of a radix sort's
   partition by a bit, and the compaction on data a `target data' region
   keeps on the device, around the call or in the loop's own function.  The kernels hold the section each `map' clause
   gives the stored arrays, and store anywhere in it; elements no
   iteration stores keep their values (the arrays are `tofrom').  Each
   checked against its sequential loop.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include "clause-check.h"

static long
compact (long *pos, int *out, const int *x, long n)
{
#pragma omp target map(to: x[0:n]) map(tofrom: pos[0:n], out[0:n])
#pragma omp parallel for scan(+: pos)
  for (long i = 1; i < n; i++)
    {
      pos[i] = pos[i-1] + (x[i] > 0);
      if (x[i] > 0)
        out[pos[i] - 1] = x[i];
    }
  return pos[n-1];
}

/* The same inside a `target data' region of its own function, where GCC
   maps copies of the pointers (`out.8 = out') in the target's clauses.  */
static long
compact_resident (long *pos, int *out, const int *x, long n)
{
#pragma omp target data map(to: x[0:n]) map(tofrom: pos[0:n], out[0:n])
#pragma omp target map(to: x[0:n]) map(tofrom: pos[0:n], out[0:n])
#pragma omp parallel for scan(+: pos)
  for (long i = 1; i < n; i++)
    {
      pos[i] = pos[i-1] + (x[i] > 0);
      if (x[i] > 0)
        out[pos[i] - 1] = x[i];
    }
  return pos[n-1];
}

static void
partition (long *c, int *lo, int *hi, const int *x, long n, int p)
{
#pragma omp target teams distribute parallel for scan(+: c) map(to: x[0:n]) map(tofrom: c[0:n], lo[0:n], hi[0:n])
  for (long i = 1; i < n; i++)
    {
      c[i] = c[i-1] + (x[i] < p);
      if (x[i] < p)
        lo[c[i] - 1] = x[i];
      else
        hi[i - 1 - c[i]] = x[i];
    }
}

/* The zeros of bit B first, then the ones from ONES on, each in
   order.  */
static void
split_by_bit (long *zeros, unsigned *out, const unsigned *x, long n, int b,
              long ones)
{
#pragma omp target parallel for scan(+: zeros) map(to: x[0:n]) map(tofrom: zeros[0:n], out[0:n])
  for (long i = 1; i < n; i++)
    {
      unsigned bit = (x[i] >> b) & 1;
      zeros[i] = zeros[i-1] + !bit;
      if (bit)
        out[ones + (i - 1) - zeros[i]] = x[i];
      else
        out[zeros[i] - 1] = x[i];
    }
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k] + 1;
      int *x = malloc (n * sizeof *x), *out = malloc (n * sizeof *out);
      int *lo = malloc (n * sizeof *lo), *hi = malloc (n * sizeof *hi);
      long *pos = malloc (n * sizeof *pos);
      unsigned *u = malloc (n * sizeof *u), *sorted = malloc (n * sizeof *u);
      for (long i = 0; i < n; i++)
        {
          x[i] = (int) (rnd () % 1000) - 500;
          u[i] = (unsigned) rnd ();
          out[i] = -7;
        }

      pos[0] = 0;
      long c = compact (pos, out, x, n), r = 0;
      for (long i = 1; i < n; i++)
        if (x[i] > 0)
          {
            CHECK (out[r] == x[i], "compact n=%ld: element %ld", n, r);
            r++;
          }
      CHECK (c == r, "compact n=%ld: count %ld, expected %ld", n, c, r);
      for (long i = r; i < n; i++)
        CHECK (out[i] == -7, "compact n=%ld: element %ld, stored by no "
               "iteration, is %d", n, i, out[i]);

      pos[0] = 0;
      partition (pos, lo, hi, x, n, 17);
      long nl = 0, nh = 0;
      for (long i = 1; i < n; i++)
        CHECK (x[i] < 17 ? lo[nl++] == x[i] : hi[nh++] == x[i],
               "partition n=%ld: element %ld", n, i);
      CHECK (pos[n - 1] == nl, "partition n=%ld: count", n);

      long zeros = 0;
      for (long i = 1; i < n; i++)
        zeros += !((u[i] >> 5) & 1);
      pos[0] = 0;
      split_by_bit (pos, sorted, u, n, 5, zeros);
      long z = 0, o = zeros;
      for (long i = 1; i < n; i++)
        {
          unsigned want = u[i];
          long at = ((u[i] >> 5) & 1) ? o++ : z++;
          CHECK (sorted[at] == want, "split_by_bit n=%ld: element %ld", n,
                 at);
        }

      /* Resident data: the compaction inside `target data'.  */
      for (long i = 0; i < n; i++)
        out[i] = -7;
      pos[0] = 0;
#pragma omp target data map(to: x[0:n]) map(tofrom: pos[0:n], out[0:n])
      c = compact (pos, out, x, n);
      CHECK (c == r, "resident n=%ld: count %ld, expected %ld", n, c, r);
      r = 0;
      for (long i = 1; i < n; i++)
        if (x[i] > 0)
          {
            CHECK (out[r] == x[i], "resident n=%ld: element %ld", n, r);
            r++;
          }

      for (long i = 0; i < n; i++)
        out[i] = -7;
      pos[0] = 0;
      c = compact_resident (pos, out, x, n);
      CHECK (c == r, "resident in one function n=%ld: count %ld, expected "
             "%ld", n, c, r);
      r = 0;
      for (long i = 1; i < n; i++)
        if (x[i] > 0)
          {
            CHECK (out[r] == x[i], "resident in one function n=%ld: element "
                   "%ld", n, r);
            r++;
          }

      free (x);
      free (out);
      free (lo);
      free (hi);
      free (pos);
      free (u);
      free (sorted);
    }
  return 0;
}
