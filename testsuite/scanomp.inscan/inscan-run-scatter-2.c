/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Inscan loops inside `target' whose scan phase stores at an index
   computed from the scan: stream compaction, exclusive (`out[cnt] =
   x[i]') and inclusive (`out[cnt - 1]'), a partition into two arrays, the kept positions' indices and values with two scan
   variables.  The kernels hold the section each `map' clause gives the
   stored arrays.  Each checked against its sequential loop.
   scanomp-taken: 4 */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include "inscan-check.h"

static long
compact_exclusive (int *out, const int *x, long n)
{
  long cnt = 0;
#pragma omp target map(to: x[0:n]) map(tofrom: out[0:n], cnt)
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
compact_inclusive (int *out, const int *x, long n)
{
  int cnt = 0;
#pragma omp target map(to: x[0:n]) map(tofrom: out[0:n], cnt)
#pragma omp parallel for reduction(inscan, +: cnt)
  for (long i = 0; i < n; i++)
    {
      cnt += x[i] % 3 == 0;
#pragma omp scan inclusive(cnt)
      if (x[i] % 3 == 0)
        out[cnt - 1] = x[i];
    }
  return cnt;
}

static long
partition (int *lo, int *hi, const int *x, long n, int p)
{
  long c = 0;
#pragma omp target map(to: x[0:n]) map(tofrom: lo[0:n], hi[0:n], c)
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

/* The kept elements' indices, and the running sum of what is kept.  */
static long
kept (long *at, long *sums, const int *x, long n)
{
  long cnt = 0, sum = 0;
#pragma omp target map(to: x[0:n]) map(tofrom: at[0:n], sums[0:n], cnt, sum)
#pragma omp parallel for reduction(inscan, +: cnt, sum)
  for (long i = 0; i < n; i++)
    {
      if (x[i] > 100)
        {
          cnt++;
          sum += x[i];
        }
#pragma omp scan inclusive(cnt, sum)
      if (x[i] > 100)
        {
          at[cnt - 1] = i;
          sums[cnt - 1] = sum;
        }
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
      int *lo = malloc ((n + 1) * sizeof *lo);
      int *hi = malloc ((n + 1) * sizeof *hi);
      long *at = malloc ((n + 1) * sizeof *at);
      long *sums = malloc ((n + 1) * sizeof *sums);

      long c = compact_exclusive (out, x, n), r = 0;
      for (long i = 0; i < n; i++)
        if (x[i] > 0)
          {
            CHECK (out[r] == x[i], "exclusive n=%ld: element %ld", n, r);
            r++;
          }
      CHECK (c == r, "exclusive n=%ld: count %ld, not %ld", n, c, r);

      int ci = compact_inclusive (out, x, n);
      r = 0;
      for (long i = 0; i < n; i++)
        if (x[i] % 3 == 0)
          {
            CHECK (out[r] == x[i], "inclusive n=%ld: element %ld", n, r);
            r++;
          }
      CHECK (ci == r, "inclusive n=%ld: count %d, not %ld", n, ci, r);

      long nl = partition (lo, hi, x, n, 17), a = 0, b = 0;
      for (long i = 0; i < n; i++)
        CHECK (x[i] < 17 ? lo[a++] == x[i] : hi[b++] == x[i],
               "partition n=%ld: element %ld", n, i);
      CHECK (nl == a, "partition n=%ld: count", n);

      long nk = kept (at, sums, x, n), s = 0;
      r = 0;
      for (long i = 0; i < n; i++)
        if (x[i] > 100)
          {
            s += x[i];
            CHECK (at[r] == i && sums[r] == s, "kept n=%ld: element %ld",
                   n, r);
            r++;
          }
      CHECK (nk == r, "kept n=%ld: count", n);

      free (x);
      free (out);
      free (lo);
      free (hi);
      free (at);
      free (sums);
    }
  return 0;
}
