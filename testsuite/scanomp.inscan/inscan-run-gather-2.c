/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Inscan loops inside target constructs that read an array at an index
   computed from what they read, a gather, whose section a map clause
   gives: the kernels hold that section whole.  A weight looked up
   through a permutation (`s += w[idx[i]]'), inclusive in `target teams
   distribute parallel for', exclusive in `target' around `parallel
   for'; a gather in the scan phase beside an output (`out[i] = s +
   bias[idx[i]]'); an index of an index; the frontier's degrees of a
   breadth-first search from a CSR row pointer (`rowptr[rows[i] + 1] -
   rowptr[rows[i]]'); and the weights held on the device by `target
   data', the construct's map finding them present.  GCC's error until
   2026-12-03 ("not an affine function of the loop index").  Each
   checked against its sequential loop, 0 to 2^20 + 7 elements.
   scanomp-plugin-only (GCC rejects inscan on `target teams').
   scanomp-taken: 5 */
/* { dg-do run } */

#include "inscan-check.h"

__attribute__((noipa)) static long
weights_inclusive (long *out, const int *w, const long *idx, long n)
{
  long s = 0;
#pragma omp target teams distribute parallel for reduction(inscan, +: s) \
    map(to: w[0:n], idx[0:n]) map(from: out[0:n]) map(tofrom: s)
  for (long i = 0; i < n; i++)
    {
      s += w[idx[i]];
#pragma omp scan inclusive(s)
      out[i] = s;
    }
  return s;
}

__attribute__((noipa)) static long
weights_exclusive (long *out, const int *w, const long *idx, long n)
{
  long s = 0;
#pragma omp target map(to: w[0:n], idx[0:n]) map(from: out[0:n]) \
    map(tofrom: s)
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      out[i] = s;
#pragma omp scan exclusive(s)
      s += w[idx[i]];
    }
  return s;
}

__attribute__((noipa)) static void
biased (long *out, const int *x, const int *bias, const long *idx, long n)
{
  long s = 0;
#pragma omp target teams distribute parallel for reduction(inscan, +: s) \
    map(to: x[0:n], bias[0:n], idx[0:n]) map(from: out[0:n]) map(tofrom: s)
  for (long i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      out[i] = s + bias[idx[i]];
    }
}

__attribute__((noipa)) static void
twice_gathered (int *out, const int *w, const long *idx, long n)
{
  int m = -1000;
#pragma omp target teams distribute parallel for reduction(inscan, max: m) \
    map(to: w[0:n], idx[0:n]) map(from: out[0:n]) map(tofrom: m)
  for (long i = 0; i < n; i++)
    {
      m = w[idx[idx[i]]] > m ? w[idx[idx[i]]] : m;
#pragma omp scan inclusive(m)
      out[i] = m;
    }
}

__attribute__((noipa)) static int
frontier_offsets (int *offsets, const int *rowptr, const int *rows, int n,
                  int nrows)
{
  int total = 0;
#pragma omp target teams distribute parallel for \
    reduction(inscan, +: total) map(to: rowptr[0:nrows + 1], rows[0:n]) \
    map(from: offsets[0:n]) map(tofrom: total)
  for (int i = 0; i < n; i++)
    {
      offsets[i] = total;
#pragma omp scan exclusive(total)
      total += rowptr[rows[i] + 1] - rowptr[rows[i]];
    }
  return total;
}

/* The weights on the device from `target data', twice.  */
__attribute__((noipa)) static long
held (long *out, const int *w, const long *idx, long n)
{
  long t = 0;
#pragma omp target data map(to: w[0:n])
  for (int k = 0; k < 2; k++)
    t += weights_inclusive (out, w, idx, n);
  return t;
}

static void
check_all (long n)
{
  int *w = filled_ints (n), *bias = filled_ints (n), *x = filled_ints (n);
  long *idx = (long *) calloc (n + 1, sizeof *idx);
  long *out = (long *) calloc (n + 1, sizeof *out);
  int *iout = (int *) calloc (n + 1, sizeof *iout);
  /* A permutation: each index once, in a random order.  */
  for (long i = 0; i < n; i++)
    idx[i] = i;
  for (long i = n - 1; i > 0; i--)
    {
      long j = (long) (rnd () % (unsigned long) (i + 1)), t = idx[i];
      idx[i] = idx[j];
      idx[j] = t;
    }

  long s = 0, total = weights_inclusive (out, w, idx, n);
  for (long i = 0; i < n; i++)
    {
      s += w[idx[i]];
      CHECK (out[i] == s, "weights_inclusive at %ld of %ld", i, n);
    }
  CHECK (total == s, "weights_inclusive's total at %ld", n);
  CHECK (held (out, w, idx, n) == 2 * s, "held at %ld", n);
  for (long i = 0, r = 0; i < n; i++)
    {
      r += w[idx[i]];
      CHECK (out[i] == r, "held at %ld of %ld", i, n);
    }

  s = 0;
  total = weights_exclusive (out, w, idx, n);
  for (long i = 0; i < n; i++)
    {
      CHECK (out[i] == s, "weights_exclusive at %ld of %ld", i, n);
      s += w[idx[i]];
    }
  CHECK (total == s, "weights_exclusive's total at %ld", n);

  biased (out, x, bias, idx, n);
  s = 0;
  for (long i = 0; i < n; i++)
    {
      s += x[i];
      CHECK (out[i] == s + bias[idx[i]], "biased at %ld of %ld", i, n);
    }

  twice_gathered (iout, w, idx, n);
  int m = -1000;
  for (long i = 0; i < n; i++)
    {
      m = w[idx[idx[i]]] > m ? w[idx[idx[i]]] : m;
      CHECK (iout[i] == m, "twice_gathered at %ld of %ld", i, n);
    }

  /* A CSR graph of n rows, row r of r % 7 entries, and a frontier of
     rows chosen at random, repeats allowed.  */
  int *rowptr = (int *) calloc (n + 2, sizeof *rowptr);
  int *rows = (int *) calloc (n + 1, sizeof *rows);
  for (long r = 0; r < n; r++)
    rowptr[r + 1] = rowptr[r] + (int) (r % 7);
  for (long i = 0; i < n; i++)
    rows[i] = (int) (rnd () % (unsigned long) n);
  int t = frontier_offsets (iout, rowptr, rows, (int) n, (int) n), o = 0;
  for (long i = 0; i < n; i++)
    {
      CHECK (iout[i] == o, "frontier_offsets at %ld of %ld", i, n);
      o += rowptr[rows[i] + 1] - rowptr[rows[i]];
    }
  CHECK (t == o, "frontier_offsets' total at %ld", n);
  free (w);
  free (bias);
  free (x);
  free (idx);
  free (out);
  free (iout);
  free (rowptr);
  free (rows);
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    check_all (sizes[k]);
  puts ("gathers in target checked");
  return 0;
}

/* { dg-output "gathers in target checked" } */
