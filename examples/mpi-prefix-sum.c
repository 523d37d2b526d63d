/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* mpi-prefix-sum.c: scans over an array spread across MPI ranks, with
   libscanrt-mpi (docs/scale-out.md).

   Three scans of a global array of N elements, each rank holding a
   block:

   - a linear recurrence z[i] = a[i] * z[i-1] + b[i], a scan of affine
     maps under composition, which does not commute: one call of
     scanrt_mpi_scan_user does it all, in rank order;
   - a prefix sum of longs, with the scan clause for each rank's own part
     and one call for what lies between the ranks: a reduction gives the
     block's total, scanrt_mpi_scan of one element a rank (exclusive)
     gives what the ranks before it add up to, and the clause scans the
     block from there, writing each output once.  A whole-array call,
     scanrt_mpi_scan (comm, y, x, m, SCANRT_LONG, SCANRT_ADD, NULL),
     computes the same;
   - a running sum of doubles, reproducible (SCANRT_REPRODUCIBLE): one
     call, whose bits are the same on any number of ranks; rank 0 prints
     the last element's, in hexadecimal, to compare.

   Each rank checks its block against the sequential scans of the whole
   array: the integers exactly, the doubles within the reproducible
   scan's bound (docs/determinism.md) and the long double reference's.

     mpirun -np P mpi-prefix-sum [N]

   Build: mpicc -O2 -specs=scanomp.specs mpi-prefix-sum.c -lscanrt-mpi  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <scanrt-mpi.h>

/* The map x -> a * x + b, over unsigned longs, which wrap as C defines.  */
typedef struct
{
  unsigned long a, b;
} Affine;

/* F, then G.  */
static Affine
then (Affine f, Affine g)
{
  Affine r = { f.a * g.a, f.b * g.a + g.b };
  return r;
}

/* The same operator for libscanrt: OpenCL C for the devices, and the
   host's combiner, which MPI calls between the ranks.  */
static const char then_source[] =
  "typedef struct { ulong a, b; } Affine;\n"
  "Affine then (Affine f, Affine g)\n"
  "{ Affine r = { f.a * g.a, f.b * g.a + g.b }; return r; }\n";

static void
then_host (void *r, const void *f, const void *g)
{
  *(Affine *) r = then (*(const Affine *) f, *(const Affine *) g);
}

static const Affine identity = { 1, 0 };

/* The global array's elements, the same on every rank.  */
static long
x_at (long i)
{
  return (long) ((unsigned long) i * 2654435761u >> 16) % 2001 - 1000;
}

static double
u_at (long i)
{
  return (double) ((unsigned long) i * 2654435761u % 100003) / 7.0 - 7000;
}

static Affine
h_at (long i)
{
  Affine h = { 1 + (unsigned long) i % 3, (unsigned long) i * 7 + 1 };
  return h;
}

int
main (int argc, char **argv)
{
  MPI_Init (&argc, &argv);
  int rank, ranks;
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_size (MPI_COMM_WORLD, &ranks);
  long n = argc > 1 ? atol (argv[1]) : 1L << 24;
  if (n < ranks)
    n = ranks;
  /* This rank's block: [lo, lo + m).  */
  long lo = n / ranks * rank + (rank < n % ranks ? rank : n % ranks);
  long m = n / ranks + (rank < n % ranks);
  long *x = malloc (m * sizeof *x), *y = malloc (m * sizeof *y);
  Affine *h = malloc (m * sizeof *h), *t = malloc (m * sizeof *t);
  double *u = malloc (m * sizeof *u), *v = malloc (m * sizeof *v);
  if (!x || !y || !h || !t || !u || !v)
    MPI_Abort (MPI_COMM_WORLD, 2);
#pragma omp parallel for
  for (long i = 0; i < m; i++)
    {
      x[i] = x_at (lo + i);
      h[i] = h_at (lo + i);
      u[i] = u_at (lo + i);
    }

  /* The recurrence: one call.  */
  scanrt_user_op op = { then_source, "Affine", "then", sizeof (Affine),
                        &identity, then_host };
  int status = scanrt_mpi_scan_user (MPI_COMM_WORLD, t, h, m, &op, NULL);

  /* The prefix sum: the block's total, what the ranks before this one
     add up to (one element a rank, exclusive: rank 0 gets the seed, 0),
     and the clause's scan of the block from there.  */
  long total = 0, offset = 0;
#pragma omp parallel for reduction(+: total)
  for (long i = 0; i < m; i++)
    total += x[i];
  scanrt_params before = SCANRT_PARAMS_INIT;
  before.flags = SCANRT_EXCLUSIVE;
  int summed = scanrt_mpi_scan (MPI_COMM_WORLD, &offset, &total, 1,
                                SCANRT_LONG, SCANRT_ADD, &before);
  y[0] = offset + x[0];
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < m; i++)
    y[i] = y[i-1] + x[i];

  /* The running sum of doubles: one call, the same bits on any number
     of ranks.  */
  scanrt_params same = SCANRT_PARAMS_INIT;
  double last = 0;
  same.flags = SCANRT_REPRODUCIBLE;
  same.total = &last;
  int ran = scanrt_mpi_scan (MPI_COMM_WORLD, v, u, m, SCANRT_DOUBLE,
                             SCANRT_ADD, &same);

  /* Check the block against the sequential scans of the whole array:
     the doubles within 64 roundings of the sum of magnitudes, and the
     long double reference's own error.  */
  long sum = 0, bad = status < 0 || summed < 0 || ran < 0 ? lo : -1;
  Affine map = identity;
  long double exact = 0, size = 0;
  for (long i = 0; i < lo + m && bad < 0; i++)
    {
      sum += x_at (i);
      map = then (map, h_at (i));
      exact += u_at (i);
      size += fabs (u_at (i));
      double bound = (64 * 0x1p-53 + i * 0x1p-63) * 1.01 * (double) size;
      if (i >= lo
          && (y[i-lo] != sum || t[i-lo].a != map.a || t[i-lo].b != map.b
              || fabs (v[i-lo] - (double) exact) > bound))
        bad = i;
    }
  long first_bad;
  MPI_Allreduce (&bad, &first_bad, 1, MPI_LONG, MPI_MAX, MPI_COMM_WORLD);
  if (bad >= 0)
    printf ("FAIL: rank %d: element %ld (%s, %s)\n", rank, bad,
            scanrt_status_name (status), scanrt_status_name (summed));
  /* The last rank holds the whole array's running sum.  */
  MPI_Bcast (&last, 1, MPI_DOUBLE, ranks - 1, MPI_COMM_WORLD);
  if (rank == 0 && first_bad < 0)
    printf ("prefix sum, linear recurrence and running sum of %ld "
            "elements over %d ranks\nthe running sum ends at %a\nPASS\n",
            n, ranks, last);
  free (u);
  free (v);
  free (x);
  free (y);
  free (h);
  free (t);
  MPI_Finalize ();
  return first_bad >= 0;
}
