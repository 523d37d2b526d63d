/* bench-inscan.c: a standard OpenMP 5.0 inscan loop as GCC 12 runs it
   (host threads) and as the scanomp plugin runs it (OpenCL kernels),
   with the serial loop, side by side in one process (methods round-robin,
   medians), over int32 at 2^20 and 2^24 elements.  The same source,
   inscan-loop.h, is compiled both ways.

     bench-inscan [RESULTS.TSV]   (default bench/inscan.tsv)  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int inscan_gcc (int *restrict y, const int *restrict x, long n);
int inscan_scanomp (int *restrict y, const int *restrict x, long n);

static int
serial (int *restrict y, const int *restrict x, long n)
{
  int s = 0;
  for (long i = 0; i < n; i++)
    y[i] = s += x[i];
  return s;
}

enum { M_SCANOMP, M_GCC, M_SERIAL, NMETHODS };
static const char *const names[NMETHODS] = { "scanomp", "gcc-inscan",
                                              "serial" };
static int (*const fns[NMETHODS]) (int *restrict, const int *restrict,
                                   long) = { inscan_scanomp, inscan_gcc,
                                             serial };

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

int
main (int argc, char **argv)
{
  const char *tsv = argc > 1 ? argv[1] : "bench/inscan.tsv";
  FILE *out = fopen (tsv, "w");
  if (!out)
    {
      perror (tsv);
      return 2;
    }
  fprintf (out, "case\tmethod\tn\treps\tmedian_s\tmin_s\n");
  printf ("%-7s %9s %-11s %11s %9s %9s %11s\n", "case", "n", "method",
          "median s", "Gelem/s", "/serial", "/gcc-inscan");
  static const int logs[] = { 20, 24 };
  for (unsigned s = 0; s < 2; s++)
    {
      long n = 1L << logs[s];
      int reps = logs[s] <= 20 ? 41 : 11;
      int *x = malloc (n * 4), *y = malloc (n * 4), *ref = malloc (n * 4);
      double *t = malloc (NMETHODS * reps * sizeof *t);
      for (long i = 0; i < n; i++)
        {
          x[i] = (int) (i % 1000) - 500;
          y[i] = ref[i] = 0;
        }
      int total = serial (ref, x, n);
      for (int m = 0; m < NMETHODS; m++)
        {
          memset (y, 0, n * 4);
          if (fns[m] (y, x, n) != total || memcmp (y, ref, n * 4))
            {
              fprintf (stderr, "bench-inscan: %s is wrong at n = %ld\n",
                       names[m], n);
              return 1;
            }
        }
      for (int r = 0; r < reps; r++)
        for (int m = 0; m < NMETHODS; m++)
          {
            double t0 = now ();
            fns[m] (y, x, n);
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
        printf ("%-7s %9ld %-11s %11.6f %9.3f %9.2f %11.2f\n", "int32", n,
                names[m], med[m], n / med[m] * 1e-9, med[M_SERIAL] / med[m],
                med[M_GCC] / med[m]);
      putchar ('\n');
      free (x);
      free (y);
      free (ref);
      free (t);
    }
  fclose (out);
  printf ("/serial, /gcc-inscan: speed relative to that method (higher is "
          "faster).\nWrote %s.\n", tsv);
  return 0;
}
