/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* bench-compact: stream compaction, a filter's flags and positions
   (the flags stored by the input phase), the maximum prefix sum, and a
   sum of weights read through a random permutation (a gather), in one
   loop (docs/inscan.md, docs/clause.md), against the serial loop, the
   two-loop form a programmer writes by hand (each thread counts its
   block, then stores its kept elements from the count of the blocks
   before it) and GCC's own inscan loop, and both as kernels inside
   `target' (pocl's CPU device here), in the default OpenMP
   environment, at 2^10 to 2^26 random ints, half of them kept.  Methods
   run round-robin (measure.h); each is checked against the serial loop
   first.  One TSV line per measurement, and a table of medians with
   each method's speed relative to the serial loop and to GCC's.

   Usage: bench-compact [TSV]   (default bench/compact.tsv)  */

#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure.h"

long compact_gcc (int *restrict out, const int *restrict x, long n);
long compact_scanomp (int *restrict out, const int *restrict x, long n);
long compact_clause (long *restrict pos, int *restrict out,
                     const int *restrict x, long n);
long compact_target (int *restrict out, const int *restrict x, long n);
long flags_gcc (int *restrict flag, long *restrict pos,
                const int *restrict x, long n);
long flags_scanomp (int *restrict flag, long *restrict pos,
                    const int *restrict x, long n);
long mps_gcc (const int *restrict x, long n);
long mps_scanomp (const int *restrict x, long n);
long mps_clause (long *restrict s, const int *restrict x, long n);
long mps_target (const int *restrict x, long n);
long gather_gcc (long *restrict pos, const int *restrict w,
                 const int *restrict idx, long n);
long gather_scanomp (long *restrict pos, const int *restrict w,
                     const int *restrict idx, long n);
long gather_clause (long *restrict pos, const int *restrict w,
                    const int *restrict idx, long n);
long gather_target (long *restrict pos, const int *restrict w,
                    const int *restrict idx, long n);

static long
compact_serial (int *restrict out, const int *restrict x, long n)
{
  long c = 0;
  for (long i = 0; i < n; i++)
    if (x[i] > 0)
      out[c++] = x[i];
  return c;
}

/* By hand: each thread counts the kept elements of its block, then
   stores them from the counts of the blocks before its own.  */
static long
compact_two_loops (int *restrict out, const int *restrict x, long n)
{
  long counts[257] = { 0 };
  long total = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num (), team = omp_get_num_threads ();
    if (team > 256)
      team = 256;
    long lo = n * t / team, hi = n * (t + 1) / team, c = 0;
    if (t < team)
      {
        for (long i = lo; i < hi; i++)
          c += x[i] > 0;
        counts[t + 1] = c;
      }
#pragma omp barrier
    if (t < team)
      {
        long at = 0;
        for (int j = 1; j <= t; j++)
          at += counts[j];
        for (long i = lo; i < hi; i++)
          if (x[i] > 0)
            out[at++] = x[i];
        if (t == team - 1)
          total = at;
      }
  }
  return total;
}

static long
flags_serial (int *restrict flag, long *restrict pos, const int *restrict x,
              long n)
{
  long c = 0;
  for (long i = 0; i < n; i++)
    {
      flag[i] = x[i] > 0;
      c += flag[i];
      pos[i] = c;
    }
  return c;
}

static long
gather_serial (long *restrict pos, const int *restrict w,
               const int *restrict idx, long n)
{
  long s = 0;
  for (long i = 0; i < n; i++)
    {
      s += w[idx[i]];
      pos[i] = s;
    }
  return s;
}

static long
mps_serial (const int *restrict x, long n)
{
  long s = 0, best = 0;
  for (long i = 0; i < n; i++)
    {
      s += x[i];
      best = s > best ? s : best;
    }
  return best;
}

enum { C_SERIAL, C_TWO_LOOPS, C_CLAUSE, C_INSCAN, C_TARGET, C_GCC,
       NCOMPACT };
static const char *const compact_names[NCOMPACT] = {
  "serial", "two-loops", "scanomp-clause", "scanomp-inscan",
  "scanomp-target", "gcc-inscan" };
enum { F_SERIAL, F_INSCAN, F_GCC, NFLAGS };
static const char *const flags_names[NFLAGS] = {
  "serial", "scanomp-inscan", "gcc-inscan" };
enum { G_SERIAL, G_CLAUSE, G_INSCAN, G_TARGET, G_GCC, NGATHER };
static const char *const gather_names[NGATHER] = {
  "serial", "scanomp-clause", "scanomp-inscan", "scanomp-target",
  "gcc-inscan" };
enum { P_SERIAL, P_CLAUSE, P_INSCAN, P_TARGET, P_GCC, NMPS };
static const char *const mps_names[NMPS] = {
  "serial", "scanomp-clause", "scanomp-inscan", "scanomp-target",
  "gcc-inscan" };

struct args
{
  int *out;
  long *pos;
  const int *x;
  const int *idx;               /* the gather's permutation */
  long n;
  int inner;                    /* calls a timing */
  long result;
};

static long
run_compact (int m, struct args *a)
{
  switch (m)
    {
    case C_SERIAL:
      return compact_serial (a->out, a->x, a->n);
    case C_TWO_LOOPS:
      return compact_two_loops (a->out, a->x, a->n);
    case C_CLAUSE:
      return compact_clause (a->pos, a->out, a->x, a->n);
    case C_INSCAN:
      return compact_scanomp (a->out, a->x, a->n);
    case C_TARGET:
      return compact_target (a->out, a->x, a->n);
    default:
      return compact_gcc (a->out, a->x, a->n);
    }
}

static long
run_flags (int m, struct args *a)
{
  switch (m)
    {
    case F_SERIAL:
      return flags_serial (a->out, a->pos, a->x, a->n);
    case F_INSCAN:
      return flags_scanomp (a->out, a->pos, a->x, a->n);
    default:
      return flags_gcc (a->out, a->pos, a->x, a->n);
    }
}

static long
run_gather (int m, struct args *a)
{
  switch (m)
    {
    case G_SERIAL:
      return gather_serial (a->pos, a->x, a->idx, a->n);
    case G_CLAUSE:
      return gather_clause (a->pos, a->x, a->idx, a->n);
    case G_INSCAN:
      return gather_scanomp (a->pos, a->x, a->idx, a->n);
    case G_TARGET:
      return gather_target (a->pos, a->x, a->idx, a->n);
    default:
      return gather_gcc (a->pos, a->x, a->idx, a->n);
    }
}

static long
run_mps (int m, struct args *a)
{
  switch (m)
    {
    case P_SERIAL:
      return mps_serial (a->x, a->n);
    case P_CLAUSE:
      return mps_clause (a->pos, a->x, a->n);
    case P_INSCAN:
      return mps_scanomp (a->x, a->n);
    case P_TARGET:
      return mps_target (a->x, a->n);
    default:
      return mps_gcc (a->x, a->n);
    }
}

static void
time_compact (int m, void *ctx)
{
  struct args *a = ctx;
  for (int i = 0; i < a->inner; i++)
    a->result = run_compact (m, a);
}

static void
time_flags (int m, void *ctx)
{
  struct args *a = ctx;
  for (int i = 0; i < a->inner; i++)
    a->result = run_flags (m, a);
}

static void
time_gather (int m, void *ctx)
{
  struct args *a = ctx;
  for (int i = 0; i < a->inner; i++)
    a->result = run_gather (m, a);
}

static void
time_mps (int m, void *ctx)
{
  struct args *a = ctx;
  for (int i = 0; i < a->inner; i++)
    a->result = run_mps (m, a);
}

/* Time the NM methods of one case (KIND, NAMES, RUN) at size N over
   REPS rounds of INNER calls; print and write their medians, relative to
   methods SERIAL and GCC.  */
static int
report (FILE *out, const char *kind, const char *const *names, int nm,
        void (*run) (int, void *), struct args *a, int reps, int serial,
        int gcc)
{
  double med[8], min[8];
  if (bench_medians (nm, reps, run, a, med, min))
    return 2;
  for (int m = 0; m < nm; m++)
    med[m] /= a->inner, min[m] /= a->inner;
  bench_write_tsv (out, kind, names, nm, a->n, reps, med, min);
  for (int m = 0; m < nm; m++)
    printf ("%-8s %9ld %-15s %11.9f %9.3f %9.2f %8.2f\n", kind, a->n,
            names[m], med[m], a->n / med[m] * 1e-9, med[serial] / med[m],
            med[gcc] / med[m]);
  putchar ('\n');
  return 0;
}

int
main (int argc, char **argv)
{
  const char *tsv = argc > 1 ? argv[1] : "bench/compact.tsv";
  FILE *out = bench_open_tsv (tsv);
  if (!out)
    return 2;
  printf ("%-8s %9s %-15s %11s %9s %9s %8s\n", "case", "n", "method",
          "median s", "Gelem/s", "/serial", "/gcc");
  static const int logs[] = { 10, 14, 17, 20, 24, 26 };
  for (unsigned s = 0; s < sizeof logs / sizeof logs[0]; s++)
    {
      long n = 1L << logs[s];
      int reps = logs[s] <= 20 ? 31 : logs[s] <= 24 ? 11 : 5;
      int inner = n < (1L << 17) ? (int) ((1L << 17) / n) : 1;
      int *x = malloc (n * sizeof *x), *res = malloc (n * sizeof *res);
      int *ref = malloc (n * sizeof *ref);
      long *pos = malloc (n * sizeof *pos);
      int *idx = malloc (n * sizeof *idx);
      if (!x || !res || !ref || !pos || !idx)
        {
          fprintf (stderr, "bench-compact: no memory for 2^%d\n", logs[s]);
          return 2;
        }
      srand (logs[s]);
      for (long i = 0; i < n; i++)
        x[i] = rand () % 2001 - 1000;
      /* A random permutation.  */
      for (long i = 0; i < n; i++)
        idx[i] = (int) i;
      for (long i = n - 1; i > 0; i--)
        {
          long j = (long) ((((unsigned long) rand () << 31) ^ rand ())
                           % (unsigned long) (i + 1));
          int t = idx[i];
          idx[i] = idx[j];
          idx[j] = t;
        }
      struct args a = { res, pos, x, idx, n, inner, 0 };
      long kept = compact_serial (ref, x, n);
      for (int m = 0; m < NCOMPACT; m++)
        {
          memset (res, 0, n * sizeof *res);
          if (run_compact (m, &a) != kept
              || memcmp (res, ref, kept * sizeof *ref))
            {
              fprintf (stderr, "bench-compact: %s is wrong at n = %ld\n",
                       compact_names[m], n);
              return 1;
            }
        }
      long *rpos = malloc (n * sizeof *rpos);
      if (!rpos)
        {
          fprintf (stderr, "bench-compact: no memory for 2^%d\n", logs[s]);
          return 2;
        }
      kept = flags_serial (ref, rpos, x, n);
      for (int m = 0; m < NFLAGS; m++)
        {
          memset (res, 0, n * sizeof *res);
          memset (pos, 0, n * sizeof *pos);
          if (run_flags (m, &a) != kept
              || memcmp (res, ref, n * sizeof *ref)
              || memcmp (pos, rpos, n * sizeof *rpos))
            {
              fprintf (stderr, "bench-compact: flags %s is wrong at n = "
                       "%ld\n", flags_names[m], n);
              return 1;
            }
        }
      long sum = gather_serial (rpos, x, idx, n);
      for (int m = 0; m < NGATHER; m++)
        {
          memset (pos, 0, n * sizeof *pos);
          if (run_gather (m, &a) != sum
              || memcmp (pos, rpos, n * sizeof *rpos))
            {
              fprintf (stderr, "bench-compact: gather %s is wrong at n = "
                       "%ld\n", gather_names[m], n);
              return 1;
            }
        }
      free (rpos);
      long best = mps_serial (x, n);
      for (int m = 0; m < NMPS; m++)
        if (run_mps (m, &a) != best)
          {
            fprintf (stderr, "bench-compact: mps %s is wrong at n = %ld\n",
                     mps_names[m], n);
            return 1;
          }
      int r = report (out, "compact", compact_names, NCOMPACT, time_compact,
                      &a, reps, C_SERIAL, C_GCC);
      if (!r)
        r = report (out, "flags", flags_names, NFLAGS, time_flags, &a, reps,
                    F_SERIAL, F_GCC);
      if (!r)
        r = report (out, "mps", mps_names, NMPS, time_mps, &a, reps,
                    P_SERIAL, P_GCC);
      if (!r)
        r = report (out, "gather", gather_names, NGATHER, time_gather, &a,
                    reps, G_SERIAL, G_GCC);
      free (x);
      free (idx);
      free (res);
      free (ref);
      free (pos);
      if (r)
        return r;
    }
  fclose (out);
  printf ("/serial, /gcc: speed relative to the serial loop and to GCC's "
          "own inscan loop (higher is faster).\nWrote %s.\n", tsv);
  return 0;
}
