/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* scanrt-mpi.h: one scan of an array spread across the ranks of an MPI
   communicator, in one call (libscanrt-mpi; docs/scale-out.md).

     #include <scanrt-mpi.h>
     scanrt_mpi_scan (MPI_COMM_WORLD, y, x, n_local, SCANRT_LONG,
                      SCANRT_ADD, NULL);

   The array is the concatenation of every rank's block, in rank order;
   each rank passes its own block (N_LOCAL elements, 0 allowed) and
   receives its part of the scan of the whole: out[i] is the seed
   combined with every element of the ranks before it and of its own
   block up to in[i] (before in[i] with SCANRT_EXCLUSIVE).  Every rank of
   COMM calls it, as a collective.

   The seed is rank 0's params->seed (the operator's identity where it
   is NULL); other ranks' seeds are not used.  Each rank's params->total,
   where given, receives the seed combined with every element up to the
   end of its own block: on the last rank, the whole array's total.
   params->flags takes SCANRT_EXCLUSIVE, SCANRT_NO_HOST,
   SCANRT_REPRODUCIBLE and SCANRT_TOTAL_ONLY (each rank's total alone,
   OUT untouched) as scanrt_scan does; the other fields apply to
   each rank's own part, which runs through scanrt_scan's routing (the
   host path, or the device where the block is mapped).  OUT and IN may
   be the same array.

   How: each rank computes its block's total where the block is
   (SCANRT_TOTAL_ONLY), MPI_Exscan combines the totals in rank order (one
   collective, O(log p) steps of one element), and each rank scans its
   block once, seeded with what the ranks before it hold.  A built-in
   operator maps to MPI's own (MPI_SUM, MPI_PROD, MPI_MIN, MPI_MAX,
   MPI_LAND, MPI_LOR, MPI_BAND, MPI_BOR, MPI_BXOR; `-' as the sum of the
   blocks' negated totals; signed sums and products over the unsigned
   type of the same size, so that they wrap as scanrt's do; && and || of
   floating types, which MPI does not define, through an operator of
   libscanrt-mpi's).  A user-defined operator becomes an MPI operator
   that does not commute (MPI_Op_create with commute = 0) over a
   contiguous datatype of its bytes, calling its host_combine, which it
   therefore needs; MPI then keeps rank order, so that non-commutative
   operators (the affine maps of a linear recurrence) are right.

   Statuses: what scanrt_scan returns, on every rank, or where one rank
   fails, a failure on all of them: the failing rank returns its own
   status, the others SCANRT_ERANK (said, with the rank), and no rank is
   left waiting in a collective; SCANRT_EMPI where MPI itself fails.  A
   failure before the blocks' scans leaves every OUT as it was; one in a
   block's scan leaves the other ranks' blocks scanned.

   Reproducible sums: a float or double `+' or `-' scan with
   SCANRT_REPRODUCIBLE (or SCANOMP_REPRODUCIBLE=1) on every rank gives the
   bits that one reproducible scanrt_scan of the whole array gives
   (docs/determinism.md), whatever the number of ranks and the blocks'
   bounds: the tiles start at the array's first element.  Each rank then
   receives the part of its first tile that earlier ranks hold (fewer
   elements than a tile, by MPI_Alltoallv), the ranks add up their tiles'
   totals exactly (scanrt_scan_piece) and pass the exact sums, some 600
   bytes, through MPI_Exscan, and each rank scans its first tile on the
   host and the rest where its block is; a rank that holds nothing takes
   the running total of the last one before it that does (MPI_Scan).
   Where only some ranks ask, they say so and the scan is the default
   mode's.  SCANRT_TOTAL_ONLY's totals are the default mode's, as in
   scanrt_scan.  The exact sums cross between processes as bytes: the
   ranks run one libscanrt on one kind of machine.  */

#ifndef SCANRT_MPI_H
#define SCANRT_MPI_H

#include <mpi.h>
#include <stddef.h>

#include <scanrt.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Statuses of libscanrt-mpi's own, beside scanrt_scan's.  */
#define SCANRT_ERANK (-20)  /* another rank of the communicator failed */
#define SCANRT_EMPI (-21)   /* an MPI call failed */

int scanrt_mpi_scan (MPI_Comm comm, void *out, const void *in,
                     size_t n_local, scanrt_type type, scanrt_op op,
                     const scanrt_params *params);

int scanrt_mpi_scan_user (MPI_Comm comm, void *out, const void *in,
                          size_t n_local, const scanrt_user_op *op,
                          const scanrt_params *params);

#ifdef __cplusplus
}
#endif

#endif
