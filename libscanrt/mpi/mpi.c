/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* mpi.c: libscanrt-mpi, one scan of an array spread across the ranks of
   an MPI communicator (scanrt-mpi.h says what it computes and returns).
   Three steps, each rank's own parts through libscanrt's public calls:
   its block's total where the block is (SCANRT_TOTAL_ONLY, rank 0's from
   the seed); MPI_Exscan of the totals, in rank order, with the MPI twin
   of the operator made here; its block's scan, seeded with what it
   received.  On one rank, the third step alone.  After each step of a
   rank's own, the ranks agree on the worst status (one MPI_Allreduce),
   so that a rank that fails stops them all at the same point and none
   waits in a collective.

   A reproducible float or double sum (SCANRT_REPRODUCIBLE or
   SCANOMP_REPRODUCIBLE=1 on every rank) gives the bits of one
   reproducible scan of the whole array, whatever the ranks: its tiles
   start at the array's first element, not at each block's.  Each rank
   receives the elements of its first tile that earlier ranks hold (at
   most a tile's less one, by MPI_Alltoallv), adds up exactly the totals
   of the tiles that end in its block (scanrt_scan_piece with
   SCANRT_TOTAL_ONLY), passes the exact sums through MPI_Exscan, and scans
   its first tile on the host and the rest of its block as a piece from
   there.  */

#include <float.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scanrt-mpi.h"

/* scanrt_scan_user's largest element.  */
#define MOST_BYTES 1024

/* A rank's own part of the scan: the block scanned into OUT (NULL with
   SCANRT_TOTAL_ONLY), with parameters P, by a built-in operator or the
   user's, CTX.  */
typedef int (*own_part) (void *out, const void *in, size_t n,
                         const scanrt_params *p, const void *ctx);

struct builtin
{
  scanrt_type type;
  scanrt_op op;
};

static int
builtin_part (void *out, const void *in, size_t n, const scanrt_params *p,
              const void *ctx)
{
  const struct builtin *b = ctx;
  return scanrt_scan (out, in, n, b->type, b->op, p);
}

static int
user_part (void *out, const void *in, size_t n, const scanrt_params *p,
           const void *ctx)
{
  return scanrt_scan_user (out, in, n, ctx, p);
}

/* The worst of every rank's STATUS in COMM, agreed on by all: SCANRT_OK
   where none failed; this rank's own failure; else SCANRT_ERANK, said
   with the rank that failed first (the lowest) and what it was doing,
   STEP.  */
static int
agree (MPI_Comm comm, int status, const char *fn, const char *step)
{
  struct
  {
    int status, rank;
  } mine, worst;
  MPI_Comm_rank (comm, &mine.rank);
  mine.status = status < 0 ? status : 0;
  if (MPI_Allreduce (&mine, &worst, 1, MPI_2INT, MPI_MINLOC, comm)
      != MPI_SUCCESS)
    {
      fprintf (stderr, "libscanrt: %s: MPI_Allreduce failed after %s\n",
               fn, step);
      return SCANRT_EMPI;
    }
  if (worst.status >= 0)
    return SCANRT_OK;
  if (mine.status < 0)
    return mine.status;
  fprintf (stderr, "libscanrt: %s: rank %d failed %s (%s), so the scan "
           "fails on rank %d too\n", fn, worst.rank, step,
           scanrt_status_name (worst.status), mine.rank);
  return SCANRT_ERANK;
}

/* The scan of IN's N elements of ELEM bytes across COMM's ranks: see the
   head of the file.  IDENTITY is the operator's; TYPE and MOP its MPI
   datatype and operator; OWN runs a rank's parts, with CTX.  */
static int
across (MPI_Comm comm, void *out, const void *in, size_t n, size_t elem,
        const void *identity, MPI_Datatype type, MPI_Op mop, own_part own,
        const void *ctx, const scanrt_params *params, const char *fn)
{
  int rank, ranks;
  if (MPI_Comm_rank (comm, &rank) != MPI_SUCCESS
      || MPI_Comm_size (comm, &ranks) != MPI_SUCCESS)
    return SCANRT_EMPI;
  _Alignas (16) unsigned char total[elem], prefix[elem];
  static const scanrt_params defaults = SCANRT_PARAMS_INIT;
  scanrt_params p = params ? *params : defaults;
  const void *seed = p.seed ? p.seed : identity;
  /* One rank: its block is the array, and no one waits for its total.  */
  if (ranks == 1)
    return own (out, in, n, &p, ctx);

  /* 1. The block's total, rank 0's from the seed.  */
  scanrt_params first = p;
  first.flags |= SCANRT_TOTAL_ONLY;
  first.seed = rank == 0 ? seed : identity;
  first.total = total;
  first.kernel_seconds = NULL;
  int status = agree (comm, own (NULL, in, n, &first, ctx), fn,
                      "computing its block's total");
  if (status != SCANRT_OK)
    return status;

  /* 2. What the ranks before this one hold, in rank order; rank 0
     receives nothing and starts from the seed.  */
  int exscan = MPI_Exscan (total, prefix, 1, type, mop, comm);
  status = agree (comm, exscan == MPI_SUCCESS ? SCANRT_OK : SCANRT_EMPI, fn,
                  "in MPI_Exscan");
  if (status != SCANRT_OK)
    return status;
  if (rank == 0)
    memcpy (prefix, seed, elem);

  /* 3. The block's scan from there (its total alone, where the caller
     asks for that alone).  */
  p.seed = prefix;
  status = own (out, in, n, &p, ctx);
  int agreed = agree (comm, status, fn, "scanning its block");
  return agreed != SCANRT_OK ? agreed : status;
}

/* The MPI operator of exact sums (scanrt_carry): INOUT[k] += IN[k].  */
static void
carry_sum (void *in, void *inout, int *len, MPI_Datatype *type)
{
  (void) type;
  for (int k = 0; k < *len; k++)
    scanrt_carry_add ((scanrt_carry *) inout + k,
                      (const scanrt_carry *) in + k);
}

/* A rank's running total, where it has one (VALID), for the ranks
   after it that hold nothing.  */
struct running
{
  double value;   /* a float or a double */
  int valid;
};

/* The MPI operator that keeps the later valid running total: INOUT[k]
   is the later rank's.  */
static void
later_valid (void *in, void *inout, int *len, MPI_Datatype *type)
{
  (void) type;
  struct running *a = in, *b = inout;
  for (int k = 0; k < *len; k++)
    if (!b[k].valid)
      b[k] = a[k];
}

/* SEND's SIZE bytes combined across COMM's ranks in rank order by F
   (an operator that commutes where COMMUTE) into RECV: MPI_Exscan where
   EXCLUSIVE, else MPI_Scan.  SCANRT_OK or SCANRT_EMPI.  */
static int
scan_bytes (MPI_Comm comm, const void *send, void *recv, size_t size,
            MPI_User_function *f, int commute, int exclusive)
{
  MPI_Datatype type = MPI_DATATYPE_NULL;
  MPI_Op op = MPI_OP_NULL;
  int status = SCANRT_OK;
  if (MPI_Type_contiguous ((int) size, MPI_BYTE, &type) != MPI_SUCCESS
      || MPI_Type_commit (&type) != MPI_SUCCESS
      || MPI_Op_create (f, commute, &op) != MPI_SUCCESS
      || (exclusive ? MPI_Exscan (send, recv, 1, type, op, comm)
                    : MPI_Scan (send, recv, 1, type, op, comm))
           != MPI_SUCCESS)
    status = SCANRT_EMPI;
  if (op != MPI_OP_NULL)
    MPI_Op_free (&op);
  if (type != MPI_DATATYPE_NULL)
    MPI_Type_free (&type);
  return status;
}

/* Each rank's block's first element, FIRST[0] to FIRST[RANKS] (the
   whole array's length), from every rank's N, gathered.  */
static int
gather_firsts (MPI_Comm comm, size_t n, int ranks, uint64_t *first)
{
  uint64_t mine = n;
  if (MPI_Allgather (&mine, 1, MPI_UINT64_T, first + 1, 1, MPI_UINT64_T,
                     comm) != MPI_SUCCESS)
    return SCANRT_EMPI;
  first[0] = 0;
  for (int r = 1; r <= ranks; r++)
    first[r] += first[r - 1];
  return SCANRT_OK;
}

/* The start of the tile that holds position I.  */
static uint64_t
tile_of (uint64_t i)
{
  return i - i % SCANRT_REPRO_TILE;
}

/* Send each later rank the elements of this rank's block (of ELEM bytes,
   MTYPE, at IN) that lie in its first tile, and receive into HEAD those
   of this rank's first tile that earlier ranks hold, positions
   [tile_of (FIRST[RANK]), FIRST[RANK]): MPI_Alltoallv, each count at
   most a tile.  The block may be mapped on DEVICE.  */
static int
exchange_heads (MPI_Comm comm, const void *in, size_t elem,
                MPI_Datatype mtype, const uint64_t *first, int rank,
                int ranks, int device, void *head)
{
  int *counts = calloc (4 * (size_t) ranks, sizeof *counts);
  if (!counts)
    return SCANRT_ENOMEM;
  int *sdispl = counts + ranks, *rcounts = sdispl + ranks;
  int *rdispl = rcounts + ranks;
  uint64_t lo = first[rank], hi = first[rank + 1];
  /* What this rank sends lies in its block's last tile's worth.  */
  uint64_t base = hi - lo > SCANRT_REPRO_TILE ? hi - SCANRT_REPRO_TILE : lo;
  for (int r = rank + 1; r < ranks && hi > lo; r++)
    {
      uint64_t from = tile_of (first[r]), to = first[r];
      if (first[r + 1] == first[r])
        continue;               /* an empty rank needs nothing */
      if (from >= hi)
        break;
      from = from > lo ? from : lo;
      to = to < hi ? to : hi;
      if (from < to)
        {
          counts[r] = (int) (to - from);
          sdispl[r] = (int) (from - base);
        }
    }
  uint64_t need = tile_of (lo);
  for (int r = rank - 1; r >= 0 && hi > lo && need < lo; r--)
    {
      uint64_t from = first[r] > need ? first[r] : need;
      uint64_t to = first[r + 1];
      if (from < to)
        {
          rcounts[r] = (int) (to - from);
          rdispl[r] = (int) (from - need);
        }
      if (first[r] <= need)
        break;
    }
  /* The block's last elements, from the device where it is mapped.  */
  const char *send = hi > lo ? (const char *) in + (base - lo) * elem
                             : (const char *) in;
  int status = scanrt_data_update (device, (void *) send,
                                   (hi - base) * elem, SCANRT_MAP_FROM);
  if (status == SCANRT_OK
      && MPI_Alltoallv (send, counts, sdispl, mtype, head, rcounts, rdispl,
                        mtype, comm) != MPI_SUCCESS)
    status = SCANRT_EMPI;
  free (counts);
  return status;
}

/* The reproducible scan of every rank's block across COMM: see the head
   of the file.  IN's N elements of TYPE under OP into OUT, with P's
   flags, rank 0's seed SEED; FIRST[r], rank R's first element.  */
static int
repro_across (MPI_Comm comm, void *out, const void *in, size_t n,
              scanrt_type type, scanrt_op op, const scanrt_params *p,
              const void *seed, const uint64_t *first, int rank, int ranks,
              const char *fn)
{
  int dbl = type == SCANRT_DOUBLE;
  size_t elem = dbl ? sizeof (double) : sizeof (float);
  MPI_Datatype mtype = dbl ? MPI_DOUBLE : MPI_FLOAT;
  const uint64_t tile = SCANRT_REPRO_TILE;
  /* Where the block may be mapped, for scanrt_data_update.  */
  int device = p->device >= 0 ? p->device : SCANRT_DEFAULT_DEVICE;
  uint64_t lo = first[rank], hi = first[rank + 1], all = first[ranks];
  /* The first tile: [hs, he) of the array, of which the block holds
     [lo, lo + own); it counts here where it ends in the block.  */
  uint64_t hs = tile_of (lo), he = hs + tile < all ? hs + tile : all;
  size_t own = (size_t) ((he < hi ? he : hi) - lo);
  int head_counts = n && he <= hi;
  /* The rest of the block, from a tile's start: [lo + own, hi), whose
     last tile counts where it ends in the block.  */
  size_t rest = n - own;
  uint64_t ts = n ? tile_of (hi - 1) : 0;
  size_t counted = rest && (ts + tile < all ? ts + tile : all) > hi
                   ? (size_t) (ts - (lo + own)) : rest;

  void *head = n ? malloc (2 * tile * elem) : NULL;
  char *head_out = head ? (char *) head + tile * elem : NULL;
  int status = n && !head ? SCANRT_ENOMEM : SCANRT_OK;
  status = agree (comm, status, fn, "finding room for its first tile");
  if (status == SCANRT_OK)
    status = agree (comm, exchange_heads (comm, in, elem, mtype, first,
                                          rank, ranks, device, head),
                    fn, "passing on its block's edge");
  if (status != SCANRT_OK)
    {
      free (head);
      return status;
    }
  /* The first tile whole: what came, then the block's own part.  */
  if (own)
    {
      status = scanrt_data_update (device, (void *) in,
                                   own * elem, SCANRT_MAP_FROM);
      memcpy ((char *) head + (lo - hs) * elem, in, own * elem);
    }

  /* 1. The exact sum of the totals of the tiles that end in the block,
     rank 0's from the seed.  */
  static const double minus_zero = -0.0;
  scanrt_carry sum, before;
  scanrt_carry_init (&sum, rank ? SCANRT_DOUBLE : type,
                     rank ? (const void *) &minus_zero : seed);
  scanrt_params host = SCANRT_PARAMS_INIT, mine = *p;
  host.flags = SCANRT_TOTAL_ONLY;
  mine.flags = (p->flags & ~SCANRT_EXCLUSIVE) | SCANRT_TOTAL_ONLY;
  mine.seed = mine.total = NULL;
  mine.kernel_seconds = NULL;
  if (status == SCANRT_OK && head_counts)
    status = scanrt_scan_piece (NULL, head, (size_t) (he - hs), type, op,
                                &sum, &host);
  if (status >= 0 && counted)
    status = scanrt_scan_piece (NULL, (const char *) in + own * elem,
                                counted, type, op, &sum, &mine);
  status = agree (comm, status, fn, "computing its block's totals");

  /* 2. The exact sum of the seed and every tile before the first.  */
  if (status == SCANRT_OK)
    status = agree (comm, scan_bytes (comm, &sum, &before, sizeof sum,
                                      carry_sum, 1, 1),
                    fn, "in MPI_Exscan");
  if (rank == 0)
    scanrt_carry_init (&before, type, seed);

  /* 3. The first tile's scan on the host, its own part copied out; the
     rest's where the block is.  */
  _Alignas (double) unsigned char total[sizeof (double)];
  int scanned = SCANRT_OK;
  if (status == SCANRT_OK && own)
    {
      scanrt_params first_tile = SCANRT_PARAMS_INIT;
      first_tile.flags = p->flags & SCANRT_EXCLUSIVE;
      first_tile.total = total;
      scanned = scanrt_scan_piece (head_out, head, (size_t) (lo + own - hs),
                                   type, op, &before, &first_tile);
      if (scanned >= 0)
        {
          memcpy (out, head_out + (lo - hs) * elem, own * elem);
          scanned = scanrt_data_update (device, out,
                                        own * elem, SCANRT_MAP_TO);
        }
    }
  if (status == SCANRT_OK && scanned >= 0 && rest)
    {
      mine = *p;
      mine.seed = NULL;
      mine.total = total;
      scanned = scanrt_scan_piece ((char *) out + own * elem,
                                   (const char *) in + own * elem, rest,
                                   type, op, &before, &mine);
    }
  free (head);
  if (status != SCANRT_OK)
    return status;
  int agreed = agree (comm, scanned, fn, "scanning its block");
  if (agreed != SCANRT_OK)
    return agreed;

  /* 4. A rank that holds nothing: the running total of the last rank
     before it that holds something, or the seed.  */
  int empty = 0;
  for (int r = 0; r < ranks; r++)
    empty |= first[r + 1] == first[r];
  if (empty)
    {
      struct running run = { 0, n || rank == 0 }, got;
      const void *value = n ? total : seed;
      if (dbl)
        memcpy (&run.value, value, elem);
      else
        run.value = *(const float *) value;
      agreed = agree (comm, scan_bytes (comm, &run, &got, sizeof run,
                                        later_valid, 0, 0),
                      fn, "passing on the running totals");
      if (agreed != SCANRT_OK)
        return agreed;
      if (!n && dbl)
        memcpy (total, &got.value, elem);
      else if (!n)
        *(float *) total = (float) got.value;
    }
  if (p->total)
    memcpy (p->total, total, elem);
  return scanned;
}

/* && and || of floating types, which MPI's MPI_LAND and MPI_LOR do not
   take: INOUT[k] = IN[k] op INOUT[k], IN being the lower ranks'.  */
#define LOGIC(NAME, T, EXPR)                                                \
  static void NAME (void *in_, void *inout_, int *len, MPI_Datatype *type)  \
  {                                                                         \
    const T *in = in_;                                                      \
    T *inout = inout_;                                                      \
    (void) type;                                                            \
    for (int k = 0; k < *len; k++)                                          \
      inout[k] = (T) (EXPR);                                                \
  }
LOGIC (land_float, float, in[k] != 0 && inout[k] != 0)
LOGIC (lor_float, float, in[k] != 0 || inout[k] != 0)
LOGIC (land_double, double, in[k] != 0 && inout[k] != 0)
LOGIC (lor_double, double, in[k] != 0 || inout[k] != 0)
#undef LOGIC

/* The bytes of a built-in TYPE's element, and OP's identity over it, as
   OpenMP and scanrt define it, in *ID; 0 for a type that is not one.  */
static size_t
identity_of (scanrt_type type, scanrt_op op, void *id)
{
#define IDENTITY(T, LO, HI)                                                 \
  {                                                                         \
    T v = op == SCANRT_MUL || op == SCANRT_LAND ? (T) 1                     \
          : op == SCANRT_AND ? (T) ~0ull                                    \
          : op == SCANRT_MIN ? (T) (HI)                                     \
          : op == SCANRT_MAX ? (T) (LO) : (T) 0;                            \
    memcpy (id, &v, sizeof v);                                              \
    return sizeof v;                                                        \
  }
  switch (type)
    {
    case SCANRT_CHAR: IDENTITY (char, CHAR_MIN, CHAR_MAX)
    case SCANRT_SCHAR: IDENTITY (signed char, SCHAR_MIN, SCHAR_MAX)
    case SCANRT_UCHAR: IDENTITY (unsigned char, 0, UCHAR_MAX)
    case SCANRT_SHORT: IDENTITY (short, SHRT_MIN, SHRT_MAX)
    case SCANRT_USHORT: IDENTITY (unsigned short, 0, USHRT_MAX)
    case SCANRT_INT: IDENTITY (int, INT_MIN, INT_MAX)
    case SCANRT_UINT: IDENTITY (unsigned, 0, UINT_MAX)
    case SCANRT_LONG: IDENTITY (long, LONG_MIN, LONG_MAX)
    case SCANRT_ULONG: IDENTITY (unsigned long, 0, ULONG_MAX)
    case SCANRT_FLOAT: IDENTITY (float, -INFINITY, INFINITY)
    case SCANRT_DOUBLE: IDENTITY (double, -INFINITY, INFINITY)
    default:
      return 0;
    }
#undef IDENTITY
}

/* MPI's datatype for a built-in TYPE under OP: integer sums and products
   over the unsigned type of the same size, whose results wrap as
   scanrt's do; MPI_DATATYPE_NULL for none.  An unsigned long goes as the
   fixed-width type of its size: Open MPI 4.1.4 (Debian 12) compares
   MPI_UNSIGNED_LONG as signed in MPI_MIN and MPI_MAX (the minimum of 7
   and ULONG_MAX came out ULONG_MAX in MPI_Exscan and MPI_Allreduce;
   MPI_UINT64_T's was 7), which mpi-scan-1.c found.  */
static MPI_Datatype
mpi_type (scanrt_type type, scanrt_op op)
{
  int wraps = op == SCANRT_ADD || op == SCANRT_SUB || op == SCANRT_MUL;
  switch (type)
    {
    case SCANRT_CHAR:
      return wraps || CHAR_MIN == 0 ? MPI_UNSIGNED_CHAR : MPI_SIGNED_CHAR;
    case SCANRT_SCHAR:
      return wraps ? MPI_UNSIGNED_CHAR : MPI_SIGNED_CHAR;
    case SCANRT_UCHAR:
      return MPI_UNSIGNED_CHAR;
    case SCANRT_SHORT:
      return wraps ? MPI_UNSIGNED_SHORT : MPI_SHORT;
    case SCANRT_USHORT:
      return MPI_UNSIGNED_SHORT;
    case SCANRT_INT:
      return wraps ? MPI_UNSIGNED : MPI_INT;
    case SCANRT_UINT:
      return MPI_UNSIGNED;
    case SCANRT_LONG:
      return !wraps ? MPI_LONG
             : sizeof (long) == 8 ? MPI_UINT64_T : MPI_UINT32_T;
    case SCANRT_ULONG:
      return sizeof (long) == 8 ? MPI_UINT64_T : MPI_UINT32_T;
    case SCANRT_FLOAT:
      return MPI_FLOAT;
    case SCANRT_DOUBLE:
      return MPI_DOUBLE;
    default:
      return MPI_DATATYPE_NULL;
    }
}

/* MPI's operator for OP over TYPE (`-' sums the blocks' totals, which
   are the negated elements' sums); the function of one of this file's,
   for && and || of floating types, in *MINE, created, where MPI has
   none; MPI_OP_NULL where OP is not an operator.  */
static MPI_Op
mpi_op (scanrt_type type, scanrt_op op, MPI_Op *mine)
{
  int floating = type == SCANRT_FLOAT || type == SCANRT_DOUBLE;
  MPI_User_function *f = NULL;
  switch (op)
    {
    case SCANRT_ADD:
    case SCANRT_SUB:
      return MPI_SUM;
    case SCANRT_MUL:
      return MPI_PROD;
    case SCANRT_AND:
      return MPI_BAND;
    case SCANRT_OR:
      return MPI_BOR;
    case SCANRT_XOR:
      return MPI_BXOR;
    case SCANRT_MIN:
      return MPI_MIN;
    case SCANRT_MAX:
      return MPI_MAX;
    case SCANRT_LAND:
      if (!floating)
        return MPI_LAND;
      f = type == SCANRT_FLOAT ? land_float : land_double;
      break;
    case SCANRT_LOR:
      if (!floating)
        return MPI_LOR;
      f = type == SCANRT_FLOAT ? lor_float : lor_double;
      break;
    default:
      return MPI_OP_NULL;
    }
  if (MPI_Op_create (f, 1, mine) != MPI_SUCCESS)
    return MPI_OP_NULL;
  return *mine;
}

/* Whether the scan of TYPE under OP with PARAMS is to be reproducible
   across COMM's ranks, into *REPRO: where every rank asks for it
   (scanrt_reproducible); where only some do, they say that it is not.  */
static int
reproducible_everywhere (MPI_Comm comm, scanrt_type type, scanrt_op op,
                         const scanrt_params *params, const char *fn,
                         int *repro)
{
  *repro = 0;
  if ((type != SCANRT_FLOAT && type != SCANRT_DOUBLE)
      || (op != SCANRT_ADD && op != SCANRT_SUB))
    return SCANRT_OK;
  int wants = scanrt_reproducible (type, op, params);
  int mine[2] = { wants, !wants }, any[2];
  if (MPI_Allreduce (mine, any, 2, MPI_INT, MPI_MAX, comm) != MPI_SUCCESS)
    return agree (comm, SCANRT_EMPI, fn, "in MPI_Allreduce");
  if (wants && any[1])
    fprintf (stderr, "libscanrt: %s: SCANRT_REPRODUCIBLE or "
             "SCANOMP_REPRODUCIBLE=1 holds on some ranks only, so the "
             "scan's bits are the same from run to run only\n", fn);
  *repro = any[0] && !any[1];
  return SCANRT_OK;
}

/* The reproducible scan across COMM (repro_across), with every rank's
   block's bounds gathered first.  */
static int
repro_scan (MPI_Comm comm, void *out, const void *in, size_t n,
            scanrt_type type, scanrt_op op, const scanrt_params *params,
            const void *identity, const char *fn)
{
  static const scanrt_params defaults = SCANRT_PARAMS_INIT;
  const scanrt_params *p = params ? params : &defaults;
  int rank, ranks;
  if (MPI_Comm_rank (comm, &rank) != MPI_SUCCESS
      || MPI_Comm_size (comm, &ranks) != MPI_SUCCESS)
    return SCANRT_EMPI;
  uint64_t *first = malloc ((ranks + 1) * sizeof *first);
  int status = agree (comm, first ? SCANRT_OK : SCANRT_ENOMEM, fn,
                      "finding room for the blocks' bounds");
  if (status == SCANRT_OK)
    status = agree (comm, gather_firsts (comm, n, ranks, first), fn,
                    "in MPI_Allgather");
  if (status == SCANRT_OK)
    status = repro_across (comm, out, in, n, type, op, p,
                           p->seed ? p->seed : identity, first, rank, ranks,
                           fn);
  free (first);
  return status;
}

int
scanrt_mpi_scan (MPI_Comm comm, void *out, const void *in, size_t n_local,
                 scanrt_type type, scanrt_op op, const scanrt_params *params)
{
  static const char fn[] = "scanrt_mpi_scan";
  _Alignas (16) unsigned char identity[16];
  size_t size = identity_of (type, op, identity);
  int floating = type == SCANRT_FLOAT || type == SCANRT_DOUBLE;
  int status = SCANRT_OK;
  if (!size || op < SCANRT_ADD || op > SCANRT_MAX
      || (floating && (op == SCANRT_AND || op == SCANRT_OR
                       || op == SCANRT_XOR)))
    {
      fprintf (stderr, "libscanrt: %s: %d is not a scanrt_type or %d not a "
               "scanrt_op for it (&, | and ^ take integer types only)\n",
               fn, (int) type, (int) op);
      status = SCANRT_EINVAL;
    }
  MPI_Datatype mtype = mpi_type (type, op);
  MPI_Op mine = MPI_OP_NULL, mop = MPI_OP_NULL;
  if (status == SCANRT_OK)
    mop = mpi_op (type, op, &mine);
  if (status == SCANRT_OK && mop == MPI_OP_NULL)
    status = SCANRT_EMPI;
  /* A bad type or operator is the same on every rank, as a rule; a rank
     that differs fails them all.  */
  status = agree (comm, status, fn, "checking the type and operator");
  int ranks = 1, repro = 0;
  if (status == SCANRT_OK && MPI_Comm_size (comm, &ranks) != MPI_SUCCESS)
    status = SCANRT_EMPI;
  /* One rank's scan is reproducible by itself, where asked.  */
  if (status == SCANRT_OK && ranks > 1)
    status = reproducible_everywhere (comm, type, op, params, fn, &repro);
  if (status == SCANRT_OK && repro)
    status = repro_scan (comm, out, in, n_local, type, op, params, identity,
                         fn);
  else if (status == SCANRT_OK)
    {
      struct builtin b = { type, op };
      status = across (comm, out, in, n_local, size, identity, mtype, mop,
                       builtin_part, &b, params, fn);
    }
  if (mine != MPI_OP_NULL)
    MPI_Op_free (&mine);
  return status;
}

/* The attribute of a user operator's datatype that names the operator,
   for user_combine; made once a process.  */
static int op_key = MPI_KEYVAL_INVALID;
static pthread_mutex_t op_key_lock = PTHREAD_MUTEX_INITIALIZER;

/* A user operator's MPI function: INOUT[k] = IN[k] combined with
   INOUT[k], IN being the lower ranks', by the host combiner of the
   operator that *TYPE names.  */
static void
user_combine (void *in, void *inout, int *len, MPI_Datatype *type)
{
  const scanrt_user_op *op = NULL;
  int found = 0;
  MPI_Type_get_attr (*type, op_key, &op, &found);
  if (!found || !op)
    return;
  size_t size = op->elem_size;
  _Alignas (16) unsigned char a[size], b[size], r[size];
  for (int k = 0; k < *len; k++)
    {
      memcpy (a, (const char *) in + k * size, size);
      memcpy (b, (char *) inout + k * size, size);
      op->host_combine (r, a, b);
      memcpy ((char *) inout + k * size, r, size);
    }
}

int
scanrt_mpi_scan_user (MPI_Comm comm, void *out, const void *in,
                      size_t n_local, const scanrt_user_op *op,
                      const scanrt_params *params)
{
  static const char fn[] = "scanrt_mpi_scan_user";
  int status = SCANRT_OK;
  if (!op || !op->identity || !op->host_combine || op->elem_size == 0
      || op->elem_size > MOST_BYTES)
    {
      fprintf (stderr, "libscanrt: %s: the operator needs an identity, a "
               "host_combine (MPI combines the ranks' totals on the host) "
               "and an elem_size of 1 to %d bytes\n", fn, MOST_BYTES);
      status = SCANRT_EINVAL;
    }
  pthread_mutex_lock (&op_key_lock);
  if (status == SCANRT_OK && op_key == MPI_KEYVAL_INVALID
      && MPI_Type_create_keyval (MPI_TYPE_NULL_COPY_FN,
                                 MPI_TYPE_NULL_DELETE_FN, &op_key, NULL)
         != MPI_SUCCESS)
    status = SCANRT_EMPI;
  pthread_mutex_unlock (&op_key_lock);
  MPI_Datatype type = MPI_DATATYPE_NULL;
  MPI_Op mop = MPI_OP_NULL;
  if (status == SCANRT_OK
      && (MPI_Type_contiguous ((int) op->elem_size, MPI_BYTE, &type)
            != MPI_SUCCESS
          || MPI_Type_commit (&type) != MPI_SUCCESS
          || MPI_Type_set_attr (type, op_key, (void *) op) != MPI_SUCCESS
          || MPI_Op_create (user_combine, 0, &mop) != MPI_SUCCESS))
    status = SCANRT_EMPI;
  status = agree (comm, status, fn, "checking the operator");
  if (status == SCANRT_OK)
    status = across (comm, out, in, n_local, op->elem_size, op->identity,
                     type, mop, user_part, op, params, fn);
  if (mop != MPI_OP_NULL)
    MPI_Op_free (&mop);
  if (type != MPI_DATATYPE_NULL)
    MPI_Type_free (&type);
  return status;
}
