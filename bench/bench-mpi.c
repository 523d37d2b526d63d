/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* bench-mpi.c: a scan across MPI ranks (libscanrt-mpi) against one
   process's scan of the same elements, and what lies between: run under
   mpirun on P ranks, each holding N / P of N int32 elements (an
   in-place `+' scan on the host path).  Methods, each timed from a
   barrier to the slowest rank's end (the time of the whole), round-robin,
   medians:

     whole    scanrt_scan of all N elements on rank 0 alone, the others
              waiting (the one-process baseline, on rank 0's share of the
              cores)
     local    scanrt_scan of each rank's block, no MPI between
     mpi      scanrt_mpi_scan of the blocks: the block's total, the
              collective, the block's scan
     exscan   MPI_Exscan of one int32: the collective alone, whose O(log P)
              steps a reader can scale to more ranks
     d-local  local, over the same elements as doubles
     d-mpi    mpi, over doubles (the default mode: each block's own
              grouping)
     r-local  d-local with SCANRT_REPRODUCIBLE
     r-mpi    d-mpi with SCANRT_REPRODUCIBLE: the bits of the whole
              array's reproducible scan on any number of ranks (the block
              lengths gathered, each first tile completed from the ranks
              before, exact sums through MPI_Exscan)

   mpi - local is the call's cost over the local scan: the total's pass
   over the block and the collective.  Each rank checks its block of the
   last mpi, d-mpi and r-mpi scans against the sequential scan of the
   whole array (integers, whose double sums are exact).

     mpirun -np P bench-mpi [LOG2N [RESULTS.TSV]]   (default 24)

   writes one TSV line per method (case method n reps median_s min_s; the
   case names the ranks) to RESULTS.TSV (default bench/mpi.tsv, appended
   to, from rank 0) and a table to stdout.  `make bench-mpi' runs it on 1,
   2 and 4 ranks at 2^24, 2^26 and 2^28, giving each rank its share of the
   cores (OMP_NUM_THREADS).  */

#include <string.h>

#include <scanrt-mpi.h>

#include "measure.h"

enum
{
  M_WHOLE, M_LOCAL, M_MPI, M_EXSCAN, M_DLOCAL, M_DMPI, M_RLOCAL, M_RMPI,
  NMETHODS
};
static const char *const names[NMETHODS] = {
  "whole", "local", "mpi", "exscan", "d-local", "d-mpi", "r-local", "r-mpi"
};

struct args
{
  int rank, ranks;
  long n, lo, m;         /* all; this rank's block [lo, lo + m) */
  int *x, *y, *whole;    /* the block's input and output; all of them */
  double *dx, *dy;       /* the block's, as doubles */
};

/* X's element I of the whole array.  */
static int
x_at (long i)
{
  return (int) ((unsigned long) i * 2654435761u >> 20) % 101 - 50;
}

static void
fail (const char *what, int status)
{
  fprintf (stderr, "bench-mpi: %s: %s\n", what, scanrt_status_name (status));
  MPI_Abort (MPI_COMM_WORLD, 1);
}

/* One repetition of method M, on every rank, from a barrier to the
   slowest rank's end.  */
static void
run (int m, void *ctx)
{
  struct args *a = ctx;
  int status = SCANRT_OK;
  MPI_Barrier (MPI_COMM_WORLD);
  if (m == M_WHOLE && a->rank == 0)
    status = scanrt_scan (a->whole, a->whole, a->n, SCANRT_INT, SCANRT_ADD,
                          NULL);
  else if (m == M_LOCAL)
    status = scanrt_scan (a->y, a->x, a->m, SCANRT_INT, SCANRT_ADD, NULL);
  else if (m == M_MPI)
    status = scanrt_mpi_scan (MPI_COMM_WORLD, a->y, a->x, a->m, SCANRT_INT,
                              SCANRT_ADD, NULL);
  else if (m == M_DLOCAL || m == M_RLOCAL)
    {
      scanrt_params p = SCANRT_PARAMS_INIT;
      p.flags = m == M_RLOCAL ? SCANRT_REPRODUCIBLE : 0;
      status = scanrt_scan (a->dy, a->dx, a->m, SCANRT_DOUBLE, SCANRT_ADD,
                            &p);
    }
  else if (m == M_DMPI || m == M_RMPI)
    {
      scanrt_params p = SCANRT_PARAMS_INIT;
      p.flags = m == M_RMPI ? SCANRT_REPRODUCIBLE : 0;
      status = scanrt_mpi_scan (MPI_COMM_WORLD, a->dy, a->dx, a->m,
                                SCANRT_DOUBLE, SCANRT_ADD, &p);
    }
  else if (m == M_EXSCAN)
    {
      int one = 1, before = 0;
      if (MPI_Exscan (&one, &before, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD)
          != MPI_SUCCESS)
        status = SCANRT_EMPI;
    }
  if (status < 0)
    fail (names[m], status);
  MPI_Barrier (MPI_COMM_WORLD);
}

int
main (int argc, char **argv)
{
  MPI_Init (&argc, &argv);
  struct args a;
  MPI_Comm_rank (MPI_COMM_WORLD, &a.rank);
  MPI_Comm_size (MPI_COMM_WORLD, &a.ranks);
  int log2n = argc > 1 ? atoi (argv[1]) : 24;
  const char *tsv = argc > 2 ? argv[2] : "bench/mpi.tsv";
  a.n = 1L << log2n;
  a.lo = a.n / a.ranks * a.rank + (a.rank < a.n % a.ranks ? a.rank
                                                          : a.n % a.ranks);
  a.m = a.n / a.ranks + (a.rank < a.n % a.ranks);
  a.x = malloc (a.m * sizeof *a.x);
  a.y = malloc (a.m * sizeof *a.y);
  a.whole = a.rank == 0 ? malloc (a.n * sizeof *a.whole) : NULL;
  a.dx = malloc (a.m * sizeof *a.dx);
  a.dy = malloc (a.m * sizeof *a.dy);
  if (!a.x || !a.y || (a.rank == 0 && !a.whole) || !a.dx || !a.dy)
    fail ("out of memory", SCANRT_ENOMEM);
  for (long i = 0; i < a.m; i++)
    a.dx[i] = a.x[i] = x_at (a.lo + i);
  for (long i = 0; a.whole && i < a.n; i++)
    a.whole[i] = x_at (i);

  /* Warm: threads started, pages touched.  */
  for (int m = 0; m < NMETHODS; m++)
    run (m, &a);
  int reps = log2n <= 24 ? 15 : log2n <= 26 ? 7 : 5;
  double med[NMETHODS], min[NMETHODS];
  if (bench_medians (NMETHODS, reps, run, &a, med, min))
    fail ("out of memory", SCANRT_ENOMEM);

  /* The last mpi scans' blocks against the sequential scan.  */
  static const int checked[] = { M_MPI, M_DMPI, M_RMPI };
  int bad = 0;
  for (int k = 0; k < 3; k++)
    {
      int m = checked[k];
      run (m, &a);
      long sum = 0;
      for (long i = 0; i < a.lo + a.m; i++)
        {
          sum += x_at (i);
          bad |= i >= a.lo && (m == M_MPI ? a.y[i - a.lo] != (int) sum
                                          : a.dy[i - a.lo] != (double) sum);
        }
    }
  int any_bad;
  MPI_Allreduce (&bad, &any_bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (any_bad)
    fail ("the mpi scan is wrong", SCANRT_EINVAL);

  if (a.rank == 0)
    {
      FILE *out = fopen (tsv, "a");
      if (out)
        {
          char kind[32];
          snprintf (kind, sizeof kind, "int32-%d-ranks", a.ranks);
          bench_write_tsv (out, kind, names, NMETHODS, a.n, reps, med, min);
          fclose (out);
        }
      printf ("%d ranks, 2^%d int32 in all (medians of %d; the cores are "
              "shared by the ranks)\n", a.ranks, log2n, reps);
      printf ("%-8s %12s %12s %12s\n", "method", "median s", "ns/element",
              "/whole");
      for (int m = 0; m < NMETHODS; m++)
        printf ("%-8s %12.6f %12.3f %12.2f\n", names[m], med[m],
                med[m] / a.n * 1e9, med[M_WHOLE] / med[m]);
      printf ("mpi over local: %.6f s (the total's pass and the "
              "collective); exscan alone %.1f us\n",
              med[M_MPI] - med[M_LOCAL], med[M_EXSCAN] * 1e6);
      printf ("doubles: mpi over local %.6f s, reproducible mpi over "
              "local %.6f s; r-mpi/d-mpi speed %.2f\n\n",
              med[M_DMPI] - med[M_DLOCAL], med[M_RMPI] - med[M_RLOCAL],
              med[M_DMPI] / med[M_RMPI]);
    }
  free (a.x);
  free (a.y);
  free (a.whole);
  free (a.dx);
  free (a.dy);
  MPI_Finalize ();
  return 0;
}
