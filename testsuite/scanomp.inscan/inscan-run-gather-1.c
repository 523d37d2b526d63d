/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Inscan loops on the host that read an array at an index computed from
   what they read, a gather: `w[idx[i]]' in the input phase (a weight
   looked up through a permutation), inclusive and exclusive; in the scan
   phase beside an output (`out[i] = s + bias[idx[i]]'); an index of an
   index (`w[idx[idx[i]]]'); and a row's length from a CSR row pointer
   (`rowptr[rows[i] + 1] - rowptr[rows[i]]', the frontier's degrees of a
   breadth-first search).  The host path runs each loop's body as
   written, so the elements the index chooses are read as the loop reads
   them; the kernels, which copy the elements each index reaches, have
   none (a note).  Once left to GCC ("not an affine function of the loop
   index").  Each checked against its sequential loop, at 2 and 3
   threads and in place: an output that is the gathered array too
   (`s += w[idx[i]]; out[i] = s' with out == w and idx the identity).
   scanomp-taken: 6 */
/* { dg-do run } */

#include <omp.h>

#include "inscan-check.h"

__attribute__((noipa)) static long
weights_inclusive (long *out, const int *w, const long *idx, long n)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
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
#pragma omp parallel for reduction(inscan, +: s)
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
#pragma omp parallel for reduction(inscan, max: m)
  for (long i = 0; i < n; i++)
    {
      m = w[idx[idx[i]]] > m ? w[idx[idx[i]]] : m;
#pragma omp scan inclusive(m)
      out[i] = m;
    }
}

__attribute__((noipa)) static int
frontier_offsets (int *offsets, const int *rowptr, const int *rows, int n)
{
  int total = 0;
#pragma omp parallel for reduction(inscan, +: total)
  for (int i = 0; i < n; i++)
    {
      offsets[i] = total;
#pragma omp scan exclusive(total)
      total += rowptr[rows[i] + 1] - rowptr[rows[i]];
    }
  return total;
}

/* The gathered array as the output too, through two pointers.  */
__attribute__((noipa)) static void
gathered_in_place (long *out, const long *w, const long *idx, long n)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += w[idx[i]];
#pragma omp scan inclusive(s)
      out[i] = s;
    }
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

  /* A CSR graph of N rows of 0 to 7 entries, and a frontier of every
     third row, in a random order.  */
  int *rowptr = (int *) calloc (n + 2, sizeof *rowptr);
  rowptr[0] = 0;
  for (long i = 0; i < n; i++)
    rowptr[i + 1] = rowptr[i] + (int) (rnd () % 8);
  int *rows = (int *) calloc (n + 1, sizeof *rows);
  int count = 0;
  for (long i = 0; i < n; i++)
    if (idx[i] % 3 == 0)
      rows[count++] = (int) idx[i];
  int *offsets = (int *) calloc (count + 1, sizeof *offsets);
  int sum = frontier_offsets (offsets, rowptr, rows, count), t = 0;
  for (int i = 0; i < count; i++)
    {
      CHECK (offsets[i] == t, "frontier_offsets at %d of %d", i, count);
      t += rowptr[rows[i] + 1] - rowptr[rows[i]];
    }
  CHECK (sum == t, "frontier_offsets's total at %d", count);

  /* In place: the identity as the index, the output the array read.  */
  long *v = (long *) calloc (n + 1, sizeof *v);
  long *ref = (long *) calloc (n + 1, sizeof *ref);
  for (long i = 0; i < n; i++)
    {
      idx[i] = i;
      v[i] = ref[i] = (long) (rnd () % 1000) - 500;
    }
  gathered_in_place (v, v, idx, n);
  for (long i = 1; i < n; i++)
    ref[i] += ref[i - 1];
  for (long i = 0; i < n; i++)
    CHECK (v[i] == ref[i], "gathered_in_place at %ld of %ld", i, n);

  free (w);
  free (bias);
  free (x);
  free (idx);
  free (out);
  free (iout);
  free (rowptr);
  free (rows);
  free (offsets);
  free (v);
  free (ref);
}

int
main (void)
{
  for (int threads = 2; threads <= 3; threads++)
    {
      omp_set_num_threads (threads);
      for (unsigned k = 0; k < NSIZES; k++)
        check_all (sizes[k]);
    }
  return 0;
}
