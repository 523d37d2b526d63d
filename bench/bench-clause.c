/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* bench-clause.c: the scan clause against what a user could write
   instead, side by side in one process (methods round-robin, medians):

     clause   #pragma omp parallel for scan(+: y), compiled by scanomp.so
     api      scanrt_scan () from scanrt.h on the same arrays
     serial   the same loop, sequential

   over int32 at 2^20, 2^24 and 2^26 elements.  Run with SCANOMP_PROFILE=1
   (make bench does) for the clause's kernel time per call site.

     bench-clause [RESULTS.TSV [LOG2N]]

   writes bench/clause.tsv by default; LOG2N runs that one size only (so
   that the profile's per-site times are for that size).  */

#include <string.h>

#include <scanrt.h>

#include "measure.h"

enum { M_CLAUSE, M_API, M_SERIAL, NMETHODS };
static const char *const names[NMETHODS] = { "clause", "api", "serial" };

/* y[i] = y[i-1] + x[i-1] for i in [1, n).  */
static void
clause (int *restrict y, const int *restrict x, long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i-1];
}

static void
serial (int *restrict y, const int *restrict x, long n)
{
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i-1];
}

static void
api (int *y, const int *x, long n)
{
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.seed = &y[0];
  scanrt_scan (y + 1, x, n - 1, SCANRT_INT, SCANRT_ADD, &p);
}

static void (*const fn[NMETHODS]) (int *, const int *, long) = { clause, api,
                                                                serial };

struct args
{
  int *y;
  const int *x;
  long n;
};

static void
run_method (int m, void *ctx)
{
  struct args *a = ctx;
  fn[m] (a->y, a->x, a->n);
}

int
main (int argc, char **argv)
{
  const char *tsv = argc > 1 ? argv[1] : "bench/clause.tsv";
  FILE *out = bench_open_tsv (tsv);
  if (!out)
    return 2;
  printf ("%-7s %9s %-8s %11s %9s %9s %9s\n", "case", "n", "method",
          "median s", "Gelem/s", "/serial", "/api");
  static const int logs[] = { 20, 24, 26 };
  int only = argc > 2 ? atoi (argv[2]) : 0;
  for (unsigned s = 0; s < sizeof logs / sizeof logs[0]; s++)
    {
      if (only && logs[s] != only)
        continue;
      long n = 1L << logs[s];
      int reps = logs[s] <= 20 ? 41 : logs[s] <= 24 ? 11 : 7;
      int *x = malloc (n * 4), *y = malloc (n * 4), *ref = malloc (n * 4);
      for (long i = 0; i < n; i++)
        {
          x[i] = (int) (i % 1000) - 500;
          y[i] = ref[i] = 0;
        }
      serial (ref, x, n);

      for (int m = 0; m < NMETHODS; m++)
        {
          memset (y, 0, n * 4);
          fn[m] (y, x, n);
          if (memcmp (y, ref, n * 4))
            {
              fprintf (stderr, "bench-clause: %s is wrong at n = %ld\n",
                       names[m], n);
              return 1;
            }
        }
      double med[NMETHODS];
      struct args a = { y, x, n };
      if (bench_round_robin (NMETHODS, reps, run_method, &a, med, out,
                             "int32", names, n))
        return 2;
      for (int m = 0; m < NMETHODS; m++)
        printf ("%-7s %9ld %-8s %11.6f %9.3f %9.2f %9.2f\n", "int32", n,
                names[m], med[m], n / med[m] * 1e-9, med[M_SERIAL] / med[m],
                med[M_API] / med[m]);
      putchar ('\n');
      free (x);
      free (y);
      free (ref);
    }
  fclose (out);
  printf ("/serial, /api: speed relative to that method (higher is "
          "faster).\nWrote %s.\n", tsv);
  return 0;
}
