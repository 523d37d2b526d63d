/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* bench-inscan.c: a standard OpenMP 5.0 inscan loop as GCC 12 runs it
   (host threads) and as the scanomp plugin runs it (OpenCL kernels),
   with the serial loop, side by side in one process (methods round-robin,
   medians), over int32 at 2^20 and 2^24 elements.  The same source,
   inscan-loop.h, is compiled both ways.

     bench-inscan [RESULTS.TSV]   (default bench/inscan.tsv)  */

#include <string.h>

#include "measure.h"

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
  fns[m] (a->y, a->x, a->n);
}

int
main (int argc, char **argv)
{
  const char *tsv = argc > 1 ? argv[1] : "bench/inscan.tsv";
  FILE *out = bench_open_tsv (tsv);
  if (!out)
    return 2;
  printf ("%-7s %9s %-11s %11s %9s %9s %11s\n", "case", "n", "method",
          "median s", "Gelem/s", "/serial", "/gcc-inscan");
  static const int logs[] = { 20, 24 };
  for (unsigned s = 0; s < 2; s++)
    {
      long n = 1L << logs[s];
      int reps = logs[s] <= 20 ? 41 : 11;
      int *x = malloc (n * 4), *y = malloc (n * 4), *ref = malloc (n * 4);
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
      double med[NMETHODS];
      struct args a = { y, x, n };
      if (bench_round_robin (NMETHODS, reps, run_method, &a, med, out,
                             "int32", names, n))
        return 2;
      for (int m = 0; m < NMETHODS; m++)
        printf ("%-7s %9ld %-11s %11.6f %9.3f %9.2f %11.2f\n", "int32", n,
                names[m], med[m], n / med[m] * 1e-9, med[M_SERIAL] / med[m],
                med[M_GCC] / med[m]);
      putchar ('\n');
      free (x);
      free (y);
      free (ref);
    }
  fclose (out);
  printf ("/serial, /gcc-inscan: speed relative to that method (higher is "
          "faster).\nWrote %s.\n", tsv);
  return 0;
}
