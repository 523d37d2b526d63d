/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Inscan loops whose input phase stores to memory, each element its own
   iteration's, and reads back only what it stored: a stream
   compaction's flags and their count in one loop (`flag[i] = x[i] > t;
   cnt += flag[i];'), inclusive with the scan phase reading the flag to
   compact, and exclusive; a cheap copy summed (`d[i] = 2 * x[i]; s +=
   d[i];'), whose contributions the host path does not keep, so that its
   reduce and scan functions both store; a struct's fields, stored under
   a branch, whose scan phase stores another field of the same element
   (a CSR row's length, then its start); a max scan beside a store that
   nothing reads, one element on (`sq[i + 1] = ...'); and two scan
   variables, one phase storing for both.  Once left to GCC ("its input
   phase stores to memory"): the host path and the kernels run each such
   phase in both their passes, which store the same values twice.  Each
   checked against its sequential loop at 2 and 3 threads, the output
   memory filled with garbage first; the compaction called in place too
   (its input as its output), which the host path takes as it is, the
   flags apart from both.  Each phase of several statements in braces
   (GCC 11 takes one statement a phase).  scanomp-taken: 6 */
/* { dg-do run } */

#include <omp.h>

#include "inscan-check.h"

struct row
{
  int len;
  long start;
  double weight;
};

__attribute__((noipa)) static int
compact_inclusive (const int *x, int *flag, int *pos, int *out, long n)
{
  int cnt = 0;
#pragma omp parallel for reduction(inscan, +: cnt)
  for (long i = 0; i < n; i++)
    {
      {
        flag[i] = x[i] > 100;
        cnt += flag[i];
      }
#pragma omp scan inclusive(cnt)
      {
        pos[i] = cnt;
        if (flag[i])
          out[cnt - 1] = x[i];
      }
    }
  return cnt;
}

__attribute__((noipa)) static int
flags_exclusive (const int *x, int *flag, int *pos, long n)
{
  int cnt = 0;
#pragma omp parallel for reduction(inscan, +: cnt)
  for (long i = 0; i < n; i++)
    {
      pos[i] = cnt;
#pragma omp scan exclusive(cnt)
      {
        flag[i] = x[i] < 0;
        cnt += flag[i];
      }
    }
  return cnt;
}

__attribute__((noipa)) static long
doubled_sum (const int *x, long *d, long *y, long n)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      {
        d[i] = 2L * x[i];
        s += d[i];
      }
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

__attribute__((noipa)) static long
row_starts (const int *deg, struct row *r, long n)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      {
        if (deg[i] > 0)
          r[i].len = deg[i];
        else
          r[i].len = 0;
        r[i].weight = deg[i] * 0.5;
        s += r[i].len;
      }
#pragma omp scan inclusive(s)
      r[i].start = s - r[i].len;
    }
  return s;
}

__attribute__((noipa)) static int
max_beside (const int *x, int *sq, int *m, long n)
{
  int best = -1000;
#pragma omp parallel for reduction(inscan, max: best)
  for (long i = 0; i < n; i++)
    {
      {
        sq[i + 1] = x[i] * x[i] % 1000;
        best = best > x[i] ? best : x[i];
      }
#pragma omp scan inclusive(best)
      m[i] = best;
    }
  return best;
}

__attribute__((noipa)) static void
two_counts (const int *x, int *flag, long *y, int *z, long n)
{
  long s = 0;
  int c = 0;
#pragma omp parallel for reduction(inscan, +: s, c)
  for (long i = 0; i < n; i++)
    {
      {
        flag[i] = x[i] & 1;
        s += x[i];
        c += flag[i];
      }
#pragma omp scan inclusive(s, c)
      {
        y[i] = s;
        z[i] = c;
      }
    }
}

static void
check_all (long n)
{
  int *x = filled_ints (n);
  int *flag = (int *) calloc (n + 1, sizeof *flag);
  int *pos = (int *) calloc (n + 1, sizeof *pos);
  int *out = (int *) calloc (n + 1, sizeof *out);
  long *d = (long *) calloc (n + 1, sizeof *d);
  long *y = (long *) calloc (n + 1, sizeof *y);
  struct row *r = (struct row *) calloc (n + 1, sizeof *r);
  int *sq = (int *) calloc (n + 2, sizeof *sq);

  memset (flag, 0x5a, (n + 1) * sizeof *flag);
  memset (out, 0x5a, (n + 1) * sizeof *out);
  int c = compact_inclusive (x, flag, pos, out, n), t = 0;
  for (long i = 0; i < n; i++)
    {
      CHECK (flag[i] == (x[i] > 100), "compact_inclusive's flag at %ld of "
             "%ld", i, n);
      t += x[i] > 100;
      CHECK (pos[i] == t, "compact_inclusive at %ld of %ld", i, n);
      if (x[i] > 100)
        CHECK (out[t - 1] == x[i], "compact_inclusive's out at %ld of %ld",
               i, n);
    }
  CHECK (c == t, "compact_inclusive's total at %ld", n);

  memset (flag, 0x5a, (n + 1) * sizeof *flag);
  c = flags_exclusive (x, flag, pos, n);
  t = 0;
  for (long i = 0; i < n; i++)
    {
      CHECK (flag[i] == (x[i] < 0) && pos[i] == t, "flags_exclusive at %ld "
             "of %ld", i, n);
      t += x[i] < 0;
    }
  CHECK (c == t, "flags_exclusive's total at %ld", n);

  memset (d, 0x5a, (n + 1) * sizeof *d);
  long s = doubled_sum (x, d, y, n), u = 0;
  for (long i = 0; i < n; i++)
    {
      u += 2L * x[i];
      CHECK (d[i] == 2L * x[i] && y[i] == u, "doubled_sum at %ld of %ld", i,
             n);
    }
  CHECK (s == u, "doubled_sum's total at %ld", n);

  memset (r, 0x5a, (n + 1) * sizeof *r);
  s = row_starts (x, r, n);
  u = 0;
  for (long i = 0; i < n; i++)
    {
      int len = x[i] > 0 ? x[i] : 0;
      CHECK (r[i].len == len && r[i].start == u
             && r[i].weight == x[i] * 0.5, "row_starts at %ld of %ld", i, n);
      u += len;
    }
  CHECK (s == u, "row_starts's total at %ld", n);

  sq[0] = 7;
  int b = max_beside (x, sq, pos, n), m = -1000;
  for (long i = 0; i < n; i++)
    {
      m = m > x[i] ? m : x[i];
      CHECK (sq[i + 1] == x[i] * x[i] % 1000 && pos[i] == m, "max_beside at "
             "%ld of %ld", i, n);
    }
  CHECK (sq[0] == 7 && b == m, "max_beside's total at %ld", n);

  two_counts (x, flag, y, pos, n);
  u = 0;
  t = 0;
  for (long i = 0; i < n; i++)
    {
      u += x[i];
      t += x[i] & 1;
      CHECK (flag[i] == (x[i] & 1) && y[i] == u && pos[i] == t, "two_counts "
             "at %ld of %ld", i, n);
    }

  /* In place: the compaction's input as its output; the flags apart.
     Each element is read before the scan phase stores it, and the
     output is stored behind the counts.  */
  int *v = filled_ints (n), *ref = (int *) calloc (n + 1, sizeof *ref);
  memcpy (ref, v, n * sizeof *v);
  int *rflag = (int *) calloc (n + 1, sizeof *rflag);
  int *rpos = (int *) calloc (n + 1, sizeof *rpos);
  c = 0;
  for (long i = 0; i < n; i++)
    {
      rflag[i] = ref[i] > 100;
      c += rflag[i];
      rpos[i] = c;
    }
  c = compact_inclusive (v, flag, v, pos, n);
  for (long i = 0; i < n; i++)
    CHECK (flag[i] == rflag[i] && v[i] == rpos[i], "compact_inclusive in "
           "place at %ld of %ld", i, n);

  free (x);
  free (flag);
  free (pos);
  free (out);
  free (d);
  free (y);
  free (r);
  free (sq);
  free (v);
  free (ref);
  free (rflag);
  free (rpos);
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
