/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* scanrt_mpi_scan and scanrt_mpi_scan_user (libscanrt-mpi), run by
   mpi.exp on 1 to 4 ranks.  One global array, the same on every rank,
   is cut into uneven blocks (rank r holds [N r^2/p^2, N (r+1)^2/p^2),
   and from 3 ranks on, rank 1 holds nothing); each rank scans its block
   through the call, and rank 0 gathers the blocks and checks the whole
   against the independent sequential reference (api-check.h), and each
   rank's params->total against the reference's running value at the end
   of its block.  Only rank 0's seed counts: the others pass another.

   Cases: every built-in type and operator, inclusive and exclusive,
   with a random seed, out of place and in place, on the host path; some
   on pocl's device (SCANRT_NO_HOST) and one in place on data mapped
   there (scanrt_data_enter); both user operators of api-user-ops.h,
   which do not commute, on the host and the device; SCANRT_TOTAL_ONLY,
   each rank's running total and OUT untouched; a float sum with
   SCANRT_REPRODUCIBLE, twice, the same bits.  Failures: one rank's
   invalid block (a NULL input) fails that rank with SCANRT_EINVAL and
   every other with SCANRT_ERANK, each OUT as it was; a user operator
   without a host combiner, SCANRT_EINVAL everywhere.  */

#include <scanrt-mpi.h>

#include "api-check.h"
#include "api-user-ops.h"

#define N 10007

static int rank, ranks;
static size_t lo, hi;  /* this rank's block */
static size_t *bounds; /* every rank's: [bounds[r], bounds[r + 1]) */

static unsigned char in_all[N * 24], out_all[N * 24], mine[N * 24];
static unsigned char block_out[N * 24];

/* How a case runs.  */
enum way { HOST, DEVICE, MAPPED };
static const char *const way_names[] = { "host", "device", "mapped" };

/* The blocks' bounds on P ranks.  */
static void
cut (int p)
{
  bounds = malloc ((p + 1) * sizeof *bounds);
  CHECK (bounds, "out of memory");
  for (int r = 0; r <= p; r++)
    bounds[r] = (size_t) N * r * r / ((size_t) p * p);
  if (p >= 3)
    bounds[2] = bounds[1];
  lo = bounds[rank];
  hi = bounds[rank + 1];
}

/* Gather every rank's block of OUT (SIZE-byte elements) into out_all on
   rank 0, and every rank's TOTAL into TOTALS there.  */
static void
gather (const void *out, size_t size, const void *total, void *totals)
{
  int *counts = malloc (ranks * sizeof *counts);
  int *displs = malloc (ranks * sizeof *displs);
  CHECK (counts && displs, "out of memory");
  for (int r = 0; r < ranks; r++)
    {
      counts[r] = (int) ((bounds[r + 1] - bounds[r]) * size);
      displs[r] = (int) (bounds[r] * size);
    }
  CHECK (MPI_Gatherv (out, (int) ((hi - lo) * size), MPI_BYTE, out_all,
                      counts, displs, MPI_BYTE, 0, MPI_COMM_WORLD)
         == MPI_SUCCESS, "MPI_Gatherv");
  CHECK (MPI_Gather (total, (int) size, MPI_BYTE, totals, (int) size,
                     MPI_BYTE, 0, MPI_COMM_WORLD) == MPI_SUCCESS,
         "MPI_Gather");
  free (counts);
  free (displs);
}

/* One built-in case: TYPE and OP, EXCLUSIVE, IN_PLACE, run WAY.  */
static void
builtin (scanrt_type type, scanrt_op op, int exclusive, int in_place,
         enum way w)
{
  size_t size = type_size (type);
  _Alignas (double) unsigned char seed[8], other[8], total[8];
  unsigned char totals[8 * 8];
  check_rng = 0x5ca11ab1e + 977 * type + 31 * op;
  fill (type, op, in_all, N, seed, 1);
  memset (other, 0x5a, sizeof other);
  memcpy (mine, in_all + lo * size, (hi - lo) * size);
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.flags = exclusive ? SCANRT_EXCLUSIVE : 0;
  p.seed = rank == 0 ? seed : other;
  p.total = total;
  if (w != HOST)
    {
      p.device = 0;
      p.flags |= SCANRT_NO_HOST;
    }
  void *out = in_place ? mine : block_out;
  if (w == MAPPED && hi > lo)
    CHECK (scanrt_data_enter (0, mine, (hi - lo) * size, SCANRT_MAP_TO)
           == SCANRT_OK, "data_enter");
  int status = scanrt_mpi_scan (MPI_COMM_WORLD, out, mine, hi - lo, type,
                                op, &p);
  if (w == MAPPED && hi > lo)
    CHECK (scanrt_data_exit (0, mine, (hi - lo) * size, SCANRT_MAP_FROM)
           == SCANRT_OK, "data_exit");
  CHECK (status == SCANRT_OK || status == SCANRT_HOST,
         "rank %d: type %d op %s %s: %s", rank, (int) type, op_names[op],
         way_names[w], scanrt_status_name (status));
  gather (out, size, total, totals);
  if (rank == 0)
    {
      char what[96];
      for (int r = 0; r < ranks; r++)
        {
          snprintf (what, sizeof what, "%d ranks, %s%s, %s, rank %d's "
                    "total", ranks, exclusive ? "exclusive" : "inclusive",
                    in_place ? " in place" : "", way_names[w], r);
          check (type, out_all, in_all, bounds[r + 1], op, exclusive, seed,
                 totals + r * size, what);
        }
    }
}

/* One user operator's case, WHICH of api-user-ops.h's, run WAY.  */
static void
user (int which, enum way w)
{
  const scanrt_user_op *op = &user_ops[which];
  size_t size = op->elem_size;
  _Alignas (double) unsigned char seed[64], other[64], total[64];
  _Alignas (double) unsigned char want[64], next[64];
  unsigned char *totals = malloc (ranks * size);
  CHECK (totals, "out of memory");
  check_rng = 0xaff1e + which;
  for (size_t i = 0; i < N; i++)
    user_randoms[which] (in_all + i * size);
  user_randoms[which] (seed);
  user_randoms[which] (other);
  memcpy (mine, in_all + lo * size, (hi - lo) * size);
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.seed = rank == 0 ? seed : other;
  p.total = total;
  if (w != HOST)
    {
      p.device = 0;
      p.flags |= SCANRT_NO_HOST;
    }
  int status = scanrt_mpi_scan_user (MPI_COMM_WORLD, block_out, mine,
                                     hi - lo, op, &p);
  CHECK (status == SCANRT_OK || status == SCANRT_HOST,
         "rank %d: user %s %s: %s", rank, op->type_name, way_names[w],
         scanrt_status_name (status));
  gather (block_out, size, total, totals);
  if (rank == 0)
    {
      int r = 0;
      memcpy (want, seed, size);
      for (size_t i = 0; i <= N; i++)
        {
          while (r < ranks && bounds[r + 1] == i)
            {
              CHECK (!memcmp (totals + r * size, want, size),
                     "%d ranks: user %s %s: rank %d's total", ranks,
                     op->type_name, way_names[w], r);
              r++;
            }
          if (i == N)
            break;
          op->host_combine (next, want, in_all + i * size);
          memcpy (want, next, size);
          CHECK (!memcmp (out_all + i * size, want, size),
                 "%d ranks: user %s %s: element %zu", ranks, op->type_name,
                 way_names[w], i);
        }
    }
  free (totals);
}

/* SCANRT_TOTAL_ONLY across the ranks: each rank's running total at the
   end of its block, its OUT untouched.  */
static void
totals_only (void)
{
  long *x = (long *) mine, *y = (long *) block_out, seed = -7, total = 0;
  long *totals = malloc (ranks * sizeof *totals);
  CHECK (totals, "out of memory");
  for (size_t i = lo; i < hi; i++)
    x[i - lo] = (long) (i % 13) - 6;
  for (size_t i = 0; i < hi - lo; i++)
    y[i] = 12345;
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.flags = SCANRT_TOTAL_ONLY;
  p.seed = &seed;
  p.total = &total;
  CHECK (scanrt_mpi_scan (MPI_COMM_WORLD, y, x, hi - lo, SCANRT_LONG,
                          SCANRT_ADD, &p) >= 0, "totals only");
  for (size_t i = 0; i < hi - lo; i++)
    CHECK (y[i] == 12345, "rank %d: totals only wrote OUT", rank);
  MPI_Gather (&total, 1, MPI_LONG, totals, 1, MPI_LONG, 0, MPI_COMM_WORLD);
  if (rank == 0)
    {
      long want = seed;
      size_t i = 0;
      for (int r = 0; r < ranks; r++)
        {
          for (; i < bounds[r + 1]; i++)
            want += (long) (i % 13) - 6;
          CHECK (totals[r] == want, "totals only: rank %d's %ld, not %ld",
                 r, totals[r], want);
        }
    }
  free (totals);
}

/* SCANRT_REPRODUCIBLE: the same bits on a second run.  */
static void
reproducible (void)
{
  float seed = 0.25f, *x = (float *) mine, *y = (float *) block_out;
  static float first[N];
  check_rng = 0x7e57;
  for (size_t i = 0; i < N; i++)
    ((float *) in_all)[i] = (float) rnd_real (-1e3, 1e3);
  memcpy (x, (float *) in_all + lo, (hi - lo) * sizeof *x);
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.flags = SCANRT_REPRODUCIBLE;
  p.seed = &seed;
  for (int run = 0; run < 2; run++)
    {
      CHECK (scanrt_mpi_scan (MPI_COMM_WORLD, y, x, hi - lo, SCANRT_FLOAT,
                              SCANRT_ADD, &p) >= 0, "reproducible scan");
      if (run == 0)
        memcpy (first, y, (hi - lo) * sizeof *y);
      else
        CHECK (!memcmp (first, y, (hi - lo) * sizeof *y),
               "rank %d: reproducible: a second run differs", rank);
    }
}

/* Failures: the last rank's NULL input; a user operator without a host
   combiner.  Every rank returns, and each OUT is as it was.  */
static void
failures (void)
{
  int *y = (int *) block_out, *x = (int *) mine;
  for (size_t i = 0; i < hi - lo; i++)
    x[i] = y[i] = (int) i;
  int bad = rank == ranks - 1 && hi > lo;
  int status = scanrt_mpi_scan (MPI_COMM_WORLD, y, bad ? NULL : x, hi - lo,
                                SCANRT_INT, SCANRT_ADD, NULL);
  int any_bad = bounds[ranks] > bounds[ranks - 1];
  CHECK (any_bad ? status == (bad ? SCANRT_EINVAL : SCANRT_ERANK)
                 : status >= 0,
         "rank %d: one rank's NULL input: %s", rank,
         scanrt_status_name (status));
  for (size_t i = 0; i < hi - lo; i++)
    CHECK (y[i] == (int) i, "rank %d: OUT written after a failure", rank);

  scanrt_user_op op = user_ops[0];
  op.host_combine = NULL;
  status = scanrt_mpi_scan_user (MPI_COMM_WORLD, y, x, hi - lo, &op, NULL);
  CHECK (status == SCANRT_EINVAL, "rank %d: no host combiner: %s", rank,
         scanrt_status_name (status));
  for (size_t i = 0; i < hi - lo; i++)
    CHECK (y[i] == (int) i, "rank %d: OUT written after a failure", rank);
}

int
main (int argc, char **argv)
{
  MPI_Init (&argc, &argv);
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_size (MPI_COMM_WORLD, &ranks);
  cut (ranks);

  for (int t = 0; t < SCANRT_NTYPES; t++)
    for (int op = SCANRT_ADD; op <= SCANRT_MAX; op++)
      if (op_applies ((scanrt_type) t, (scanrt_op) op))
        for (int mode = 0; mode < 4; mode++)
          builtin ((scanrt_type) t, (scanrt_op) op, mode & 1, mode & 2,
                   HOST);
  /* Kernels on pocl: a few, since each builds its programs.  */
  builtin (SCANRT_INT, SCANRT_ADD, 0, 0, DEVICE);
  builtin (SCANRT_DOUBLE, SCANRT_ADD, 1, 1, DEVICE);
  builtin (SCANRT_FLOAT, SCANRT_MIN, 0, 1, DEVICE);
  builtin (SCANRT_LONG, SCANRT_XOR, 1, 0, DEVICE);
  builtin (SCANRT_INT, SCANRT_ADD, 0, 1, MAPPED);
  for (int which = 0; which < 2; which++)
    user (which, HOST);
  user (0, DEVICE);
  totals_only ();
  reproducible ();
  failures ();

  MPI_Barrier (MPI_COMM_WORLD);
  if (rank == 0)
    printf ("mpi-scan-1 on %d ranks: PASS\n", ranks);
  MPI_Finalize ();
  return 0;
}
