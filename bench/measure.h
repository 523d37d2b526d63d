/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* measure.h: what the benchmarks share.  Methods run round-robin, one
   repetition of each in turn, so that drift on a shared machine hits them
   alike; medians are reported, and each measurement is one TSV line
   (case method n reps median_s min_s).  */

#ifndef SCANOMP_MEASURE_H
#define SCANOMP_MEASURE_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static inline double
bench_now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static inline int
bench_by_value (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* Open PATH for the TSV lines and write their header; NULL, reported,
   when it cannot be written.  */
static inline FILE *
bench_open_tsv (const char *path)
{
  FILE *out = fopen (path, "w");
  if (!out)
    perror (path);
  else
    fprintf (out, "case\tmethod\tn\treps\tmedian_s\tmin_s\n");
  return out;
}

/* Time methods 0 .. NMETHODS-1, each RUN (m, CTX), over REPS rounds, one
   repetition of each in turn; put their medians in MEDIAN and, if MIN is
   not NULL, their minima in MIN.  Returns 0, or -1 when out of memory.  */
static inline int
bench_medians (int nmethods, int reps, void (*run) (int, void *), void *ctx,
               double *median, double *min)
{
  double *t = malloc (nmethods * reps * sizeof *t);
  if (!t)
    return -1;
  for (int r = 0; r < reps; r++)
    for (int m = 0; m < nmethods; m++)
      {
        double t0 = bench_now ();
        run (m, ctx);
        t[m * reps + r] = bench_now () - t0;
      }
  for (int m = 0; m < nmethods; m++)
    {
      double *mt = t + m * reps;
      qsort (mt, reps, sizeof *mt, bench_by_value);
      median[m] = mt[reps / 2];
      if (min)
        min[m] = mt[0];
    }
  free (t);
  return 0;
}

/* A TSV line for each of methods 0 .. NMETHODS-1 to OUT, under case KIND,
   size N and NAMES, with their MEDIAN and MIN over REPS.  */
static inline void
bench_write_tsv (FILE *out, const char *kind, const char *const *names,
                 int nmethods, long n, int reps, const double *median,
                 const double *min)
{
  for (int m = 0; m < nmethods; m++)
    fprintf (out, "%s\t%s\t%ld\t%d\t%.9f\t%.9f\n", kind, names[m], n, reps,
             median[m], min[m]);
}

/* bench_medians, and a TSV line for each method to OUT, under case KIND,
   size N and NAMES.  NMETHODS is at most 16.  */
static inline int
bench_round_robin (int nmethods, int reps, void (*run) (int, void *),
                   void *ctx, double *median, FILE *out, const char *kind,
                   const char *const *names, long n)
{
  double min[16];
  if (nmethods > 16 || bench_medians (nmethods, reps, run, ctx, median, min))
    return -1;
  bench_write_tsv (out, kind, names, nmethods, n, reps, median, min);
  return 0;
}

#endif /* SCANOMP_MEASURE_H */
