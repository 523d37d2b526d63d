/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Reproducible sums across MPI ranks (scanrt_mpi_scan with
   SCANRT_REPRODUCIBLE, or SCANOMP_REPRODUCIBLE=1 on every rank), run by
   mpi.exp on 1 to 4 ranks: the gathered blocks are the bits of the
   reproducible definition over the whole array (api-repro.h, written out
   sequentially), whatever the number of ranks and wherever the blocks'
   bounds fall, so that every rank count gives the same bits.  Each
   rank's params->total is the definition's inclusive value at the end of
   its block (the seed, where nothing comes before).

   Cuts of the array (N elements): even; uneven, with rank 1 empty from 3
   ranks; small blocks of 1,000 elements that end inside one tile, so
   that a rank's first tile spans several earlier ranks; blocks at whole
   tiles; all on the last rank.  Cases: float and double, + and -,
   inclusive and exclusive, seeded (rank 0's seed; the others pass
   another) or not, apart and in place, on the host path; some on
   pocl's device (SCANRT_NO_HOST) and in place on data mapped there; the
   environment variable instead of the flag.  Where one rank asks and the
   others do not, the ranks say so and scan by the default mode.  */

#include <omp.h>
#include <scanrt-mpi.h>

#include "api-check.h"
#include "api-repro.h"

#define N (9 * SCANRT_REPRO_TILE + 1234)

static int rank, ranks;
static size_t lo, hi;   /* this rank's block */
static size_t *bounds;  /* every rank's: [bounds[r], bounds[r + 1]) */

static double xd[N], yd[N], refd[N], incd[N], alld[N];
static float xf[N], yf[N], reff[N], incf[N], allf[N];

/* How the array is cut among the ranks.  */
enum cut { EVEN, UNEVEN, SMALL, TILES, LAST, NCUTS };
static const char *const cut_names[NCUTS] = { "even", "uneven", "small",
                                              "whole tiles", "on the last" };

enum way { HOST, DEVICE, MAPPED, ENV };
static const char *const way_names[] = { "host", "device", "mapped",
                                         "SCANOMP_REPRODUCIBLE=1" };

static void
cut (enum cut c)
{
  for (int r = 0; r <= ranks; r++)
    {
      size_t b;
      switch (c)
        {
        case EVEN: b = (size_t) N * r / ranks; break;
        case UNEVEN: b = (size_t) N * r * r / ((size_t) ranks * ranks); break;
        case SMALL: b = 1000 * (size_t) r; break;
        case TILES: b = 2 * SCANRT_REPRO_TILE * (size_t) r; break;
        default: b = 0; break;
        }
      bounds[r] = r == ranks || b > N ? N : b;
    }
  if (c == UNEVEN && ranks >= 3)
    bounds[2] = bounds[1];
  lo = bounds[rank];
  hi = bounds[rank + 1];
}

/* Gather every rank's block of Y (ELEM-byte elements) into ALL on rank
   0, and every rank's TOTAL into TOTALS there.  */
static void
gather (const void *y, size_t elem, const void *total, void *all,
        void *totals)
{
  int *counts = malloc (2 * ranks * sizeof *counts);
  CHECK (counts, "out of memory");
  int *displs = counts + ranks;
  for (int r = 0; r < ranks; r++)
    {
      counts[r] = (int) ((bounds[r + 1] - bounds[r]) * elem);
      displs[r] = (int) (bounds[r] * elem);
    }
  CHECK (MPI_Gatherv ((const char *) y + lo * elem, (int) ((hi - lo) * elem),
                      MPI_BYTE, all, counts, displs, MPI_BYTE, 0,
                      MPI_COMM_WORLD) == MPI_SUCCESS, "MPI_Gatherv");
  CHECK (MPI_Gather (total, (int) elem, MPI_BYTE, totals, (int) elem,
                     MPI_BYTE, 0, MPI_COMM_WORLD) == MPI_SUCCESS,
         "MPI_Gather");
  free (counts);
}

/* One case: DBL (doubles, else floats), SUB, EXCLUSIVE, SEEDED,
   IN_PLACE, run WAY, over the cut C already made.  */
static void
one (enum cut c, int dbl, int sub, int exclusive, int seeded, int in_place,
     enum way w)
{
  size_t elem = dbl ? sizeof (double) : sizeof (float);
  double sd = seeded ? 2718.25 : 0, od = 99.5;
  float sf = (float) sd, of = (float) od;
  char *x = dbl ? (char *) xd : (char *) xf;
  char *y = dbl ? (char *) yd : (char *) yf;
  if (in_place)
    memcpy (y + lo * elem, x + lo * elem, (hi - lo) * elem);
  const char *from = in_place ? y : x;
  _Alignas (double) unsigned char total[8], totals[8 * 8];
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.flags = (exclusive ? SCANRT_EXCLUSIVE : 0)
            | (w == ENV ? 0 : SCANRT_REPRODUCIBLE);
  if (seeded || rank)
    p.seed = rank ? (dbl ? (void *) &od : (void *) &of)
                  : (dbl ? (void *) &sd : (void *) &sf);
  p.total = total;
  if (w == DEVICE || w == MAPPED)
    {
      p.device = 0;
      p.flags |= SCANRT_NO_HOST;
    }
  if (w == ENV)
    setenv ("SCANOMP_REPRODUCIBLE", "1", 1);
  if (w == MAPPED && hi > lo)
    CHECK (scanrt_data_enter (0, y + lo * elem, (hi - lo) * elem,
                              SCANRT_MAP_TO) == SCANRT_OK, "data_enter");
  int status = scanrt_mpi_scan (MPI_COMM_WORLD, y + lo * elem,
                                from + lo * elem, hi - lo,
                                dbl ? SCANRT_DOUBLE : SCANRT_FLOAT,
                                sub ? SCANRT_SUB : SCANRT_ADD, &p);
  if (w == MAPPED && hi > lo)
    CHECK (scanrt_data_exit (0, y + lo * elem, (hi - lo) * elem,
                             SCANRT_MAP_FROM) == SCANRT_OK, "data_exit");
  unsetenv ("SCANOMP_REPRODUCIBLE");
  CHECK (status >= 0, "rank %d: %s: %s", rank, way_names[w],
         scanrt_status_name (status));
  char *all = dbl ? (char *) alld : (char *) allf;
  gather (y, elem, total, all, totals);
  if (rank)
    return;
  if (dbl)
    {
      ref_d (refd, xd, N, sub, exclusive, sd);
      ref_d (incd, xd, N, sub, 0, sd);
    }
  else
    {
      ref_f (reff, xf, N, sub, exclusive, sf);
      ref_f (incf, xf, N, sub, 0, sf);
    }
  const char *ref = dbl ? (const char *) refd : (const char *) reff;
  const char *inc = dbl ? (const char *) incd : (const char *) incf;
  const char *seed = dbl ? (const char *) &sd : (const char *) &sf;
  char what[160];
  snprintf (what, sizeof what, "%d ranks, cut %s, %s %s%s%s%s, %s", ranks,
            cut_names[c], dbl ? "double" : "float", sub ? "-" : "+",
            exclusive ? " exclusive" : "", seeded ? " seeded" : "",
            in_place ? " in place" : "", way_names[w]);
  for (size_t i = 0; i < N; i++)
    CHECK (!memcmp (all + i * elem, ref + i * elem, elem),
           "%s: element %zu is not the definition's", what, i);
  for (int r = 0; r < ranks; r++)
    {
      const char *want = bounds[r + 1] ? inc + (bounds[r + 1] - 1) * elem
                                       : seed;
      CHECK (!memcmp (totals + r * elem, want, elem),
             "%s: rank %d's total is not the definition's", what, r);
    }
}

/* Rank 0 alone asks: every rank says the scan is run to run only, and
   the sum is still right, within the default mode's rounding.  */
static void
some_ask (void)
{
  if (ranks < 2)
    return;
  cut (EVEN);
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.flags = rank == 0 ? SCANRT_REPRODUCIBLE : 0;
  CHECK (scanrt_mpi_scan (MPI_COMM_WORLD, yd + lo, xd + lo, hi - lo,
                          SCANRT_DOUBLE, SCANRT_ADD, &p) >= 0,
         "rank %d: some ask", rank);
  _Alignas (double) unsigned char total[8], totals[8 * 8];
  gather (yd, sizeof (double), total, alld, totals);
  if (rank)
    return;
  ref_d (refd, xd, N, 0, 0, 0);
  for (size_t i = 0; i < N; i++)
    CHECK (fabs (alld[i] - refd[i]) <= 1e-9 * (1 + fabs (refd[i])),
           "some ask: element %zu: %g, not %g", i, alld[i], refd[i]);
}

int
main (int argc, char **argv)
{
  MPI_Init (&argc, &argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_size (MPI_COMM_WORLD, &ranks);
  bounds = malloc ((ranks + 1) * sizeof *bounds);
  CHECK (bounds, "out of memory");
  /* The same data on every rank: integers below 2^11 times 2^-20 to
     2^20, whose sums api-repro.h's __float128 holds exactly.  */
  for (size_t i = 0; i < N; i++)
    {
      xd[i] = ldexp ((double) ((long) (rnd () % 4095) - 2047),
                     (int) (rnd () % 41) - 20);
      xf[i] = (float) xd[i];
    }
  for (enum cut c = 0; c < NCUTS; c++)
    {
      cut (c);
      for (int mode = 0; mode < 16; mode++)
        one (c, mode & 1, (mode >> 1) & 1, (mode >> 2) & 1, (mode >> 3) & 1,
             (mode + c) % 2, HOST);
    }
  /* Kernels on pocl: a few, since each builds its programs.  */
  cut (SMALL);
  one (SMALL, 0, 0, 0, 1, 0, DEVICE);
  cut (UNEVEN);
  one (UNEVEN, 1, 1, 1, 1, 1, MAPPED);
  one (UNEVEN, 0, 0, 1, 0, 0, ENV);
  some_ask ();

  MPI_Barrier (MPI_COMM_WORLD);
  if (rank == 0)
    printf ("mpi-repro-1 on %d ranks: PASS\n", ranks);
  MPI_Finalize ();
  return 0;
}
