/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* bench-data.c: what `target data' saves.  Forty in-place scans of 2^22
   unsigned ints, each a `target' loop with the scan clause, on the default
   device treated as discrete (SCANOMP_UNIFIED=0, set here: pocl then
   copies as a GPU would), side by side in one process (methods
   round-robin, medians):

     copying   each scan maps its array itself: a copy in and out per scan
     resident  the forty scans inside one `target enter data' /
               `target exit data' pair: one copy in and one out in all
     transfer  that pair alone, with no scan: the two copies

   Every method's result is checked against the same forty scans run
   sequentially.

     bench-data [RESULTS.TSV]

   writes one TSV line per method (case method n reps median_s min_s) to
   RESULTS.TSV (default bench/data.tsv) and a table to stdout.  */

#include <string.h>

#include "measure.h"

enum { SCANS = 40 };
enum { M_COPYING, M_RESIDENT, M_TRANSFER, NMETHODS };
static const char *const names[NMETHODS] = { "copying", "resident",
                                             "transfer" };

static void
scan (unsigned *y, long n)
{
#pragma omp target map(tofrom: y[0:n])
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + y[i];
}

static void
copying (unsigned *y, long n)
{
  for (int k = 0; k < SCANS; k++)
    scan (y, n);
}

static void
resident (unsigned *y, long n)
{
#pragma omp target enter data map(to: y[0:n])
  for (int k = 0; k < SCANS; k++)
    scan (y, n);
#pragma omp target exit data map(from: y[0:n])
}

static void
transfer (unsigned *y, long n)
{
#pragma omp target enter data map(to: y[0:n])
#pragma omp target exit data map(from: y[0:n])
}

static void (*const fn[NMETHODS]) (unsigned *, long) = { copying, resident,
                                                        transfer };

struct args
{
  unsigned *y;
  const unsigned *x;
  long n;
};

static void
run_method (int m, void *ctx)
{
  struct args *a = ctx;
  fn[m] (a->y, a->n);
}

int
main (int argc, char **argv)
{
  const char *tsv = argc > 1 ? argv[1] : "bench/data.tsv";
  setenv ("SCANOMP_UNIFIED", "0", 1);
  FILE *out = bench_open_tsv (tsv);
  if (!out)
    return 2;
  long n = 1L << 22;
  unsigned *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  unsigned *ref = malloc (n * sizeof *ref);
  for (long i = 0; i < n; i++)
    x[i] = ref[i] = (unsigned) (i % 1000);
  for (int k = 0; k < SCANS; k++)
    for (long i = 1; i < n; i++)
      ref[i] = ref[i-1] + ref[i];

  struct args a = { y, x, n };
  for (int m = 0; m < M_TRANSFER; m++)
    {
      memcpy (y, x, n * sizeof *y);
      run_method (m, &a);
      if (memcmp (y, ref, n * sizeof *y))
        {
          fprintf (stderr, "bench-data: %s is wrong\n", names[m]);
          return 1;
        }
    }
  double med[NMETHODS];
  if (bench_round_robin (NMETHODS, 7, run_method, &a, med, out, "uint32x40",
                         names, n))
    return 2;
  printf ("%d in-place scans of 2^22 uint32, device treated as discrete\n",
          SCANS);
  printf ("%-9s %11s %10s\n", "method", "median s", "/copying");
  for (int m = 0; m < NMETHODS; m++)
    printf ("%-9s %11.6f %10.2f\n", names[m], med[m],
            med[M_COPYING] / med[m]);
  printf ("copies saved by resident data: %.6f s, %.1f times the transfer "
          "of one copy in and out.\nWrote %s.\n",
          med[M_COPYING] - med[M_RESIDENT],
          (med[M_COPYING] - med[M_RESIDENT]) / med[M_TRANSFER], tsv);
  fclose (out);
  free (x);
  free (y);
  free (ref);
  return 0;
}
