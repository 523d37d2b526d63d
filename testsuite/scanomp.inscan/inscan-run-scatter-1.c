/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Inscan loops whose scan phase stores at an index computed from the
   scan, the commonest use of a scan: stream compaction, exclusive and
   inclusive (`out[cnt] = x[i]', `out[cnt - 1] = x[i]'), a partition into
   two arrays (`hi[i - c]'), the kept positions' indices and values with
   two scan variables, an orphaned loop.  The plugin once left each to
   GCC ("an array index in this inscan loop is computed before a
   branch"); they run on the host path (the kernels need each array's
   extent).  Each checked against its sequential loop.
   scanomp-taken: 5 */
/* { dg-do run } */

#include "inscan-check.h"

static long
compact_exclusive (int *out, const int *x, long n)
{
  long cnt = 0;
#pragma omp parallel for reduction(inscan, +: cnt)
  for (long i = 0; i < n; i++)
    {
      if (x[i] > 0)
        out[cnt] = x[i];
#pragma omp scan exclusive(cnt)
      cnt += x[i] > 0;
    }
  return cnt;
}

static int
compact_inclusive (double *out, const int *x, int n)
{
  int cnt = 0;
#pragma omp parallel for reduction(inscan, +: cnt)
  for (int i = 0; i < n; i++)
    {
      cnt += x[i] % 3 == 0;
#pragma omp scan inclusive(cnt)
      if (x[i] % 3 == 0)
        out[cnt - 1] = x[i] * 0.5;
    }
  return cnt;
}

/* Below P to LO in order, the others to HI in order.  */
static long
partition (int *lo, int *hi, const int *x, long n, int p)
{
  long c = 0;
#pragma omp parallel for reduction(inscan, +: c)
  for (long i = 0; i < n; i++)
    {
      if (x[i] < p)
        lo[c] = x[i];
      else
        hi[i - c] = x[i];
#pragma omp scan exclusive(c)
      c += x[i] < p;
    }
  return c;
}

/* Where each kept element came from, and the sum before it.  */
static long
kept_with_sums (long *at, long *before, const int *x, long n)
{
  long cnt = 0, sum = 0;
#pragma omp parallel for reduction(inscan, +: cnt, sum)
  for (long i = 0; i < n; i++)
    {
      if (x[i] > 100)
        {
          at[cnt] = i;
          before[cnt] = sum;
        }
#pragma omp scan exclusive(cnt, sum)
      {
        cnt += x[i] > 100;
        sum += x[i];
      }
    }
  return cnt;
}

static long
orphan_compact (int *out, const int *x, long n)
{
  long cnt = 0;
#pragma omp parallel
#pragma omp for reduction(inscan, +: cnt)
  for (long i = 0; i < n; i++)
    {
      if (x[i] < -300)
        out[cnt] = x[i];
#pragma omp scan exclusive(cnt)
      cnt += x[i] < -300;
    }
  return cnt;
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      int *x = random_ints (n);
      int *out = malloc ((n + 1) * sizeof *out);
      int *lo = malloc ((n + 1) * sizeof *lo), *hi = malloc ((n + 1) * sizeof *hi);
      double *half = malloc ((n + 1) * sizeof *half);
      long *at = malloc ((n + 1) * sizeof *at);
      long *before = malloc ((n + 1) * sizeof *before);
      long c = compact_exclusive (out, x, n), r = 0;
      for (long i = 0; i < n; i++)
        if (x[i] > 0 && out[r++] != x[i])
          FAIL ("exclusive n=%ld: %ld", n, r - 1);
      if (c != r)
        FAIL ("exclusive n=%ld: count %ld, expected %ld", n, c, r);
      int ci = compact_inclusive (half, x, (int) n);
      r = 0;
      for (long i = 0; i < n; i++)
        if (x[i] % 3 == 0 && half[r++] != x[i] * 0.5)
          FAIL ("inclusive n=%ld: %ld", n, r - 1);
      if (ci != r)
        FAIL ("inclusive n=%ld: count", n);
      c = partition (lo, hi, x, n, 17);
      long nl = 0, nh = 0;
      for (long i = 0; i < n; i++)
        if (x[i] < 17 ? lo[nl++] != x[i] : hi[nh++] != x[i])
          FAIL ("partition n=%ld: element %ld", n, i);
      if (c != nl)
        FAIL ("partition n=%ld: count", n);
      c = kept_with_sums (at, before, x, n);
      long sum = 0;
      r = 0;
      for (long i = 0; i < n; i++)
        {
          if (x[i] > 100)
            {
              if (at[r] != i || before[r] != sum)
                FAIL ("kept n=%ld: %ld", n, r);
              r++;
            }
          sum += x[i];
        }
      if (c != r)
        FAIL ("kept n=%ld: count", n);
      c = orphan_compact (out, x, n);
      r = 0;
      for (long i = 0; i < n; i++)
        if (x[i] < -300 && out[r++] != x[i])
          FAIL ("orphan n=%ld: %ld", n, r - 1);
      if (c != r)
        FAIL ("orphan n=%ld: count", n);
      free (x);
      free (out);
      free (lo);
      free (hi);
      free (half);
      free (at);
      free (before);
    }
  return 0;
}
