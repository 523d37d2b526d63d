/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Stores beside the scan at an index computed from the scanned values,
   as plain loops write stream compaction and partitions in one loop
   (Redon and Feautrier's, and Farzan and Nicolet's, examples): the kept
   elements at their count, inclusive (`out[pos[i] - 1]') and exclusive
   (`out[pos[i-1]]', before the update), their positions too, a stable
   partition into two arrays (`hi[i - c[i]]'), and one pass of a radix
   sort's partition by a bit into one array, the ones after all the
   zeros.  The plugin once refused each ("an array index in the 'scan'
   loop is not an affine function of the loop index"); they run on the
   host path, which computes each index as the loop does (the kernels
   copy the elements each index reaches, and cannot tell which these
   are).  Each checked against its sequential loop.  */
/* { dg-do run } */

#include "clause-check.h"

static long
compact (long *pos, int *out, long *at, const int *x, long n)
{
#pragma omp parallel for scan(+: pos)
  for (long i = 1; i < n; i++)
    {
      pos[i] = pos[i-1] + (x[i] > 0);
      if (x[i] > 0)
        {
          out[pos[i] - 1] = x[i];
          at[pos[i] - 1] = i;
        }
    }
  return pos[n-1];
}

static void
compact_exclusive (int *pos, double *out, const int *x, long n)
{
#pragma omp parallel for scan(+: pos)
  for (long i = 1; i < n; i++)
    {
      if (x[i] % 3 == 0)
        out[pos[i-1]] = x[i] * 0.5;
      pos[i] = pos[i-1] + (x[i] % 3 == 0);
    }
}

static void
partition (long *c, int *lo, int *hi, const int *x, long n, int p)
{
#pragma omp parallel for scan(+: c)
  for (long i = 1; i < n; i++)
    {
      c[i] = c[i-1] + (x[i] < p);
      if (x[i] < p)
        lo[c[i] - 1] = x[i];
      else
        hi[i - 1 - c[i]] = x[i];
    }
}

/* The zeros of bit B first, then the ones from ONES on, each in order:
   one pass of a least-significant-digit radix sort.  */
static void
split_by_bit (long *zeros, unsigned *out, const unsigned *x, long n, int b,
              long ones)
{
#pragma omp parallel for scan(+: zeros)
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
      int *ipos = malloc (n * sizeof *ipos);
      long *pos = malloc (n * sizeof *pos), *at = malloc (n * sizeof *at);
      double *half = malloc (n * sizeof *half);
      unsigned *u = malloc (n * sizeof *u), *sorted = malloc (n * sizeof *u);
      for (long i = 0; i < n; i++)
        {
          x[i] = (int) (rnd () % 1000) - 500;
          u[i] = (unsigned) rnd ();
        }

      pos[0] = 0;
      long c = compact (pos, out, at, x, n), r = 0;
      for (long i = 1; i < n; i++)
        if (x[i] > 0)
          {
            if (out[r] != x[i] || at[r] != i)
              FAIL ("compact n=%ld: element %ld", n, r);
            r++;
          }
      if (c != r)
        FAIL ("compact n=%ld: count %ld, expected %ld", n, c, r);

      ipos[0] = 0;
      compact_exclusive (ipos, half, x, n);
      r = 0;
      for (long i = 1; i < n; i++)
        if (x[i] % 3 == 0 && half[r++] != x[i] * 0.5)
          FAIL ("compact_exclusive n=%ld: element %ld", n, r - 1);
      if (ipos[n - 1] != r)
        FAIL ("compact_exclusive n=%ld: count", n);

      pos[0] = 0;
      partition (pos, lo, hi, x, n, 17);
      long nl = 0, nh = 0;
      for (long i = 1; i < n; i++)
        if (x[i] < 17 ? lo[nl++] != x[i] : hi[nh++] != x[i])
          FAIL ("partition n=%ld: element %ld", n, i);
      if (pos[n - 1] != nl)
        FAIL ("partition n=%ld: count", n);

      long zeros = 0;
      for (long i = 1; i < n; i++)
        zeros += !((u[i] >> 5) & 1);
      pos[0] = 0;
      split_by_bit (pos, sorted, u, n, 5, zeros);
      long z = 0, o = zeros;
      for (long i = 1; i < n; i++)
        if (((u[i] >> 5) & 1) ? sorted[o++] != u[i] : sorted[z++] != u[i])
          FAIL ("split_by_bit n=%ld: element %ld", n, i);
      free (x);
      free (out);
      free (lo);
      free (hi);
      free (ipos);
      free (pos);
      free (at);
      free (half);
      free (u);
      free (sorted);
    }
  return 0;
}
