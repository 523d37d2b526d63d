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

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <scanrt.h>

enum { M_CLAUSE, M_API, M_SERIAL, NMETHODS };
static const char *const names[NMETHODS] = { "clause", "api", "serial" };

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int
by_value (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

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

int
main (int argc, char **argv)
{
  const char *tsv = argc > 1 ? argv[1] : "bench/clause.tsv";
  FILE *out = fopen (tsv, "w");
  if (!out)
    {
      perror (tsv);
      return 2;
    }
  fprintf (out, "case\tmethod\tn\treps\tmedian_s\tmin_s\n");
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
      double *t = malloc (NMETHODS * reps * sizeof *t);
      for (long i = 0; i < n; i++)
        {
          x[i] = (int) (i % 1000) - 500;
          y[i] = ref[i] = 0;
        }
      serial (ref, x, n);
      void (*fn[NMETHODS]) (int *, const int *, long) = { clause, api,
                                                           serial };
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
      for (int r = 0; r < reps; r++)
        for (int m = 0; m < NMETHODS; m++)
          {
            double t0 = now ();
            fn[m] (y, x, n);
            t[m * reps + r] = now () - t0;
          }
      double med[NMETHODS];
      for (int m = 0; m < NMETHODS; m++)
        {
          qsort (t + m * reps, reps, sizeof *t, by_value);
          med[m] = t[m * reps + reps / 2];
          fprintf (out, "int32\t%s\t%ld\t%d\t%.9f\t%.9f\n", names[m], n,
                   reps, med[m], t[m * reps]);
        }
      for (int m = 0; m < NMETHODS; m++)
        printf ("%-7s %9ld %-8s %11.6f %9.3f %9.2f %9.2f\n", "int32", n,
                names[m], med[m], n / med[m] * 1e-9, med[M_SERIAL] / med[m],
                med[M_API] / med[m]);
      putchar ('\n');
      free (x);
      free (y);
      free (ref);
      free (t);
    }
  fclose (out);
  printf ("/serial, /api: speed relative to that method (higher is "
          "faster).\nWrote %s.\n", tsv);
  return 0;
}
