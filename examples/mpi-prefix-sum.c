/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* mpi-prefix-sum.c: a scan over an array spread across MPI ranks.  Each
   rank scans its own block with the scan clause, MPI_Exscan combines the
   blocks' totals in rank order (one collective, O(log p) steps), and each
   rank applies what the ranks before it give it in one `parallel for'.
   docs/scale-out.md explains the pattern.

   Two scans of a global array of N elements: a prefix sum of longs, and a
   linear recurrence z[i] = a[i] * z[i-1] + b[i] written with a
   user-defined operator on affine maps, which does not commute; MPI keeps
   rank order for it too (MPI_Op_create with commute = 0).  Each rank
   checks its block against the sequential scan of the whole array.

     mpirun -np P mpi-prefix-sum [N]

   Build: mpicc -O2 -specs=scanomp.specs mpi-prefix-sum.c  */

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

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

#pragma omp declare scan(then : Affine : omp_out = then (omp_out, omp_in)) initializer(omp_priv = (Affine) { 1, 0 })

/* The MPI operator: INOUT[k] = IN[k], then INOUT[k].  MPI passes the
   lower ranks' value as IN.  */
static void
then_op (void *in, void *inout, int *len, MPI_Datatype *type)
{
  (void) type;
  for (int k = 0; k < *len; k++)
    ((Affine *) inout)[k] = then (((Affine *) in)[k], ((Affine *) inout)[k]);
}

/* The global array's elements, the same on every rank.  */
static long
x_at (long i)
{
  return (long) ((unsigned long) i * 2654435761u >> 16) % 2001 - 1000;
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
  if (!x || !y || !h || !t)
    MPI_Abort (MPI_COMM_WORLD, 2);
  for (long i = 0; i < m; i++)
    {
      x[i] = x_at (lo + i);
      h[i] = h_at (lo + i);
    }

  /* 1. The block's own scans.  */
  y[0] = x[0];
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < m; i++)
    y[i] = y[i-1] + x[i];
  t[0] = h[0];
#pragma omp parallel for scan(then : t)
  for (long i = 1; i < m; i++)
    t[i] = then (t[i-1], h[i]);

  /* 2. What the ranks before this one give it: their totals, combined in
     rank order.  Rank 0 gets nothing, and keeps the identities.  */
  long offset = 0;
  MPI_Exscan (&y[m-1], &offset, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  MPI_Datatype affine_type;
  MPI_Type_contiguous (2, MPI_UNSIGNED_LONG, &affine_type);
  MPI_Type_commit (&affine_type);
  MPI_Op then_mpi;
  MPI_Op_create (then_op, 0, &then_mpi);
  Affine before = { 1, 0 };
  MPI_Exscan (&t[m-1], &before, 1, affine_type, then_mpi, MPI_COMM_WORLD);
  if (rank == 0)
    {
      offset = 0;
      before = (Affine) { 1, 0 };
    }

  /* 3. Apply it to the block.  */
#pragma omp parallel for
  for (long i = 0; i < m; i++)
    {
      y[i] += offset;
      t[i] = then (before, t[i]);
    }

  /* Check the block against the sequential scans of the whole array.  */
  long sum = 0, bad = -1;
  Affine map = { 1, 0 };
  for (long i = 0; i < lo + m; i++)
    {
      sum += x_at (i);
      map = then (map, h_at (i));
      if (i >= lo && bad < 0
          && (y[i-lo] != sum || t[i-lo].a != map.a || t[i-lo].b != map.b))
        bad = i;
    }
  long first_bad;
  MPI_Allreduce (&bad, &first_bad, 1, MPI_LONG, MPI_MAX, MPI_COMM_WORLD);
  if (bad >= 0)
    printf ("FAIL: rank %d: element %ld\n", rank, bad);
  if (rank == 0 && first_bad < 0)
    printf ("prefix sum and linear recurrence of %ld elements over %d "
            "ranks\nPASS\n", n, ranks);
  MPI_Op_free (&then_mpi);
  MPI_Type_free (&affine_type);
  free (x);
  free (y);
  free (h);
  free (t);
  MPI_Finalize ();
  return first_bad >= 0;
}
