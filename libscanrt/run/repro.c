/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* repro.c: reproducible floating-point scans on the host
   (SCANOMP_REPRODUCIBLE=1, SCANRT_REPRODUCIBLE): a float or double `+'
   or `-' scan whose result the contributions and the seed alone define,
   whatever the threads, the path or the device.  The definition, which
   the kernels (templates/scan-repro.cl) follow too:

     positions are cut into tiles of 4096 from position 0, and each tile
     into 256 lanes of 16 positions;
     a lane's total is its contributions added in order, the first as it
     is (for `-', negated: `-' is `+' of the negations);
     the lanes' prefixes in a tile are the Hillis-Steele scan of their
     totals: 8 steps, step k setting total[l] = total[l - k] + total[l]
     for each l >= k (k = 1, 2, 4, ..., 128) at once; missing positions
     past the last count as -0.0, the exact identity of `+';
     the tile's total is its last lane's prefix;
     the tile's carry is the seed plus the totals of the tiles before it,
     added exactly and rounded once to nearest (exact.c);
     lane l's start is the carry, plus lane l - 1's prefix where l > 0;
     each position's value is its lane's start combined with the lane's
     contributions in order up to it (an exclusive scan's, up to the one
     before it), as the loop itself combines them.

   Within a tile the grouping is fixed; between tiles the sum is exact, so
   any cut of the tiles among threads, segments and devices gives the same
   bits.  The total is the last position's inclusive value.

   The host runs it on a team of threads, each a run of whole tiles: each
   adds up its tiles' totals exactly, combines the seed with the sums of
   the runs before its own, and scans its tiles from that.  A loop's
   contributions come from the descriptor's keeping reduce function, a
   tile at a time, and its stores from its kept scan function, a lane at
   a time; a call of the API's, from its arrays directly.  */

#include <omp.h>
#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

#include "run.h"

#define LANE 16
#define LANES 256
#define TILE (LANE * LANES)
#define GROUP 16
#define GROUPS (LANES / GROUP)

/* The most threads a reproducible scan runs on.  */
#define MAX_TEAM 256

/* Where a tile's contributions come from and its results go, for one
   thread: DESC's functions over R's arguments, or the API's arrays.  */
struct tile_io
{
  const struct scanrt_request *r;
  unsigned char *vals;          /* a tile's contributions, kept */
};

/* The work on a tile's contributions X, per element type T and operator
   OP (`+', or `-' with FIRST negating a lane's first contribution):
   the lanes' totals into V, and the tile's scan into Y from CARRY (the
   API's arrays, Y and X the same array or apart), returning the tile's
   total and leaving the last position's inclusive value in *END.  Eight
   lanes at a time, in registers: their chains wait on no other.  */
#define REPRO_OP(T, SUF, NAME, OP, FIRST)                                         \
  static void                                                               \
  lane_totals_##SUF##_##NAME (const T *x, size_t count, T *v)                        \
  {                                                                         \
    size_t l = 0;                                                           \
    for (; (l + 8) * LANE <= count; l += 8)                                 \
      {                                                                     \
        const T *p = x + l * LANE;                                          \
        T a[8];                                                             \
        _Pragma ("GCC unroll 8")                                            \
        for (int g = 0; g < 8; g++)                                         \
          a[g] = FIRST (p[g * LANE]);                                       \
        for (int j = 1; j < LANE; j++)                                      \
          _Pragma ("GCC unroll 8")                                          \
          for (int g = 0; g < 8; g++)                                       \
            a[g] = a[g] OP p[g * LANE + j];                                 \
        _Pragma ("GCC unroll 8")                                            \
        for (int g = 0; g < 8; g++)                                         \
          v[l + g] = a[g];                                                  \
      }                                                                     \
    for (; l < LANES; l++)                                                  \
      {                                                                     \
        size_t lo = l * LANE, hi = lo + LANE < count ? lo + LANE : count;   \
        if (lo >= count)                                                    \
          {                                                                 \
            v[l] = -(T) 0;                                                  \
            continue;                                                       \
          }                                                                 \
        T a = FIRST (x[lo]);                                                \
        for (size_t i = lo + 1; i < hi; i++)                                \
          a = a OP x[i];                                                    \
        v[l] = a;                                                           \
      }                                                                     \
  }                                                                         \
                                                                            \
  static T                                                                  \
  tile_scan_arrays_##SUF##_##NAME (T *y, const T *x, size_t count, int exclusive,    \
                          T carry, T *end)                                  \
  {                                                                         \
    alignas (64) T v[LANES];                                                \
    lane_totals_##SUF##_##NAME (x, count, v);                                        \
    lane_prefixes_##SUF (v);                                                \
    size_t l = 0;                                                           \
    for (; (l + 8) * LANE <= count; l += 8)                                 \
      {                                                                     \
        T a[8];                                                             \
        _Pragma ("GCC unroll 8")                                            \
        for (int g = 0; g < 8; g++)                                         \
          a[g] = l + g ? carry + v[l + g - 1] : carry;                      \
        const T *p = x + l * LANE;                                          \
        T *q = y + l * LANE;                                                \
        if (exclusive)                                                      \
          for (int j = 0; j < LANE; j++)                                    \
            _Pragma ("GCC unroll 8")                                        \
            for (int g = 0; g < 8; g++)                                     \
              {                                                             \
                T e = p[g * LANE + j];                                      \
                q[g * LANE + j] = a[g];                                     \
                a[g] = a[g] OP e;                                           \
              }                                                             \
        else                                                                \
          for (int j = 0; j < LANE; j++)                                    \
            _Pragma ("GCC unroll 8")                                        \
            for (int g = 0; g < 8; g++)                                     \
              q[g * LANE + j] = a[g] = a[g] OP p[g * LANE + j];             \
        *end = a[7];                                                        \
      }                                                                     \
    for (; l * LANE < count; l++)                                           \
      {                                                                     \
        T a = l ? carry + v[l - 1] : carry;                                 \
        size_t hi = (l + 1) * LANE < count ? (l + 1) * LANE : count;        \
        for (size_t i = l * LANE; i < hi; i++)                              \
          {                                                                 \
            T e = x[i];                                                     \
            if (exclusive)                                                  \
              y[i] = a;                                                     \
            a = a OP e;                                                     \
            if (!exclusive)                                                 \
              y[i] = a;                                                     \
          }                                                                 \
        *end = a;                                                           \
      }                                                                     \
    return v[LANES - 1];                                                    \
  }

#define AS_IS(e) (e)
#define NEGATED(e) (-(e))

/* Everything else per element type T: the lanes' prefixes, a tile's
   total, a tile's scan, and runs of tiles.  NEG: the operator is `-'.  */
#define REPRO_TYPE(T, SUF, ROUND)                                           \
  /* The lanes' prefixes from their totals V, in place: see the head of    \
     this file.  Each group's chain, and then each lane's sum, waits on     \
     no other.  */                                                          \
  static void                                                               \
  lane_prefixes_##SUF (T *v)                                                \
  {                                                                         \
    for (int i = 1; i < GROUP; i++)                                         \
      _Pragma ("GCC unroll 16")                                             \
      for (int g = 0; g < GROUPS; g++)                                      \
        v[g * GROUP + i] = v[g * GROUP + i - 1] + v[g * GROUP + i];         \
    T e = v[GROUP - 1];                                                     \
    for (int g = 1; g < GROUPS; g++)                                        \
      {                                                                     \
        T next = e + v[g * GROUP + GROUP - 1];                              \
        for (int i = 0; i < GROUP; i++)                                     \
          v[g * GROUP + i] = e + v[g * GROUP + i];                          \
        e = next;                                                           \
      }                                                                     \
  }                                                                         \
                                                                            \
  REPRO_OP (T, SUF, add, +, AS_IS)                                         \
  REPRO_OP (T, SUF, sub, -, NEGATED)                                       \
                                                                            \
  static void                                                               \
  lane_totals_##SUF (const T *x, size_t count, int neg, T *v)               \
  {                                                                         \
    if (neg)                                                                \
      lane_totals_##SUF##_sub (x, count, v);                                \
    else                                                                    \
      lane_totals_##SUF##_add (x, count, v);                                \
  }                                                                         \
                                                                            \
  /* The last of the prefixes of the totals V, the tile's total: each     \
     group's total, and their sum, in order (V is overwritten).  */         \
  static T                                                                  \
  tile_total_##SUF (T *v)                                                   \
  {                                                                         \
    for (int i = 1; i < GROUP; i++)                                         \
      _Pragma ("GCC unroll 16")                                             \
      for (int g = 0; g < GROUPS; g++)                                      \
        v[g * GROUP] = v[g * GROUP] + v[g * GROUP + i];                     \
    T total = v[0];                                                         \
    for (int g = 1; g < GROUPS; g++)                                        \
      total = total + v[g * GROUP];                                         \
    return total;                                                           \
  }                                                                         \
                                                                            \
  /* A loop's tile of COUNT positions from LO: its contributions from its   \
     keeping reduce function, its stores by its kept scan function, lane    \
     by lane.  */                                                           \
  static T                                                                  \
  tile_scan_loop_##SUF (const struct tile_io *io, size_t lo, size_t count,  \
                        int neg, T carry, T *end)                           \
  {                                                                         \
    const struct scanrt_request *r = io->r;                                 \
    const struct SCANRT_desc *d = r->desc;                                  \
    alignas (64) T v[LANES];                                                \
    T sink;                                                                 \
    /* The kept values are indexed from position 0.  */                     \
    void *base = io->vals - lo * sizeof (T);                                \
    d->reduce_keep (r->args, r->first, lo, lo + count, &sink, base);        \
    lane_totals_##SUF ((const T *) io->vals, count, neg, v);                \
    lane_prefixes_##SUF (v);                                                \
    for (size_t l = 0; l * LANE < count; l++)                               \
      {                                                                     \
        T a = l ? carry + v[l - 1] : carry;                                 \
        size_t hi = (l + 1) * LANE < count ? (l + 1) * LANE : count;        \
        d->scan_kept (r->args, r->first, lo + l * LANE, lo + hi, &a, base); \
        *end = a;                                                           \
      }                                                                     \
    return v[LANES - 1];                                                    \
  }                                                                         \
                                                                            \
  /* The total of the tile of COUNT positions from LO.  */                  \
  static T                                                                  \
  tile_total_of_##SUF (const struct tile_io *io, size_t lo, size_t count,   \
                       int neg)                                             \
  {                                                                         \
    const struct scanrt_request *r = io->r;                                 \
    alignas (64) T v[LANES];                                                \
    const T *x;                                                             \
    if (r->plain_in)                                                        \
      x = (const T *) r->plain_in + lo;                                     \
    else                                                                    \
      {                                                                     \
        T sink;                                                             \
        r->desc->reduce_keep (r->args, r->first, lo, lo + count, &sink,     \
                              io->vals - lo * sizeof (T));                  \
        x = (const T *) io->vals;                                           \
      }                                                                     \
    lane_totals_##SUF (x, count, neg, v);                                   \
    return tile_total_##SUF (v);                                            \
  }                                                                         \
                                                                            \
  /* Scan tiles FROM to TO - 1 of R from the exact sum *CARRY of what       \
     comes before them, adding their totals to it; where they hold the      \
     last position, its inclusive value in *END.  */                        \
  static void                                                               \
  scan_tiles_##SUF (const struct tile_io *io, size_t from, size_t to,       \
                    struct scanrt_exact *carry, int neg, int exclusive,     \
                    T *end)                                                 \
  {                                                                         \
    const struct scanrt_request *r = io->r;                                 \
    for (size_t t = from; t < to; t++)                                      \
      {                                                                     \
        size_t lo = t * TILE;                                               \
        size_t count = r->n - lo < TILE ? r->n - lo : TILE;                 \
        T c = ROUND (carry), total;                                         \
        T *y = (T *) r->plain_out + lo;                                     \
        const T *x = (const T *) r->plain_in + lo;                          \
        if (!r->plain_in)                                                   \
          total = tile_scan_loop_##SUF (io, lo, count, neg, c, end);        \
        else if (neg)                                                       \
          total = tile_scan_arrays_##SUF##_sub (y, x, count, exclusive, c,  \
                                                end);                       \
        else                                                                \
          total = tile_scan_arrays_##SUF##_add (y, x, count, exclusive, c,  \
                                                end);                       \
        scanrt_exact_add (carry, total);                                    \
      }                                                                     \
  }                                                                         \
                                                                            \
  /* The exact sum of the totals of tiles FROM to TO - 1 of R.  */          \
  static void                                                               \
  sum_tiles_##SUF (const struct tile_io *io, size_t from, size_t to,        \
                   struct scanrt_exact *sum, int neg)                       \
  {                                                                         \
    for (size_t t = from; t < to; t++)                                      \
      {                                                                     \
        size_t lo = t * TILE;                                               \
        size_t count = io->r->n - lo < TILE ? io->r->n - lo : TILE;         \
        scanrt_exact_add (sum, tile_total_of_##SUF (io, lo, count, neg));   \
      }                                                                     \
  }

REPRO_TYPE (float, f, scanrt_exact_float)
REPRO_TYPE (double, d, scanrt_exact_double)

int
scanrt_repro_wanted (const struct scanrt_request *r)
{
  const struct SCANRT_desc *d = r->desc;
  if (d->type != SCANRT_FLOAT && d->type != SCANRT_DOUBLE)
    return 0;
  if (d->op != SCANRT_ADD && d->op != SCANRT_SUB)
    return 0;
  if (r->params && (r->params->flags & SCANRT_REPRODUCIBLE))
    return 1;
  return scanrt_setting_size (SCANRT_SET_REPRODUCIBLE, 0, 0, NULL) != 0;
}

/* Whether R can be scanned so on the host: the API's arrays, or a loop
   whose contributions its descriptor keeps.  */
static int
repro_able (const struct scanrt_request *r)
{
  const struct SCANRT_desc *d = r->desc;
  return r->plain_in || (d->reduce_keep && d->scan_kept && !d->join_late);
}

/* How a team shares the tiles, as host.c shares positions: thread 0
   scans a head of tiles from the seed at once and then run 0 on from it;
   meanwhile the last thread sums run 0's tiles, and each other thread
   its own run's; once all are summed, thread t > 0 scans its run from
   the head's carry and the sums of runs 0 to t - 1.  A tile's sum costs
   half of its scan, so the head is half a run.  */
struct runs
{
  size_t tiles;   /* in all */
  size_t head;    /* thread 0's head, tiles 0 to HEAD - 1 */
  size_t len;     /* a run's tiles but the last's, which end at TILES */
  int team;       /* the runs, one a thread */
};

static struct runs
runs_of (size_t tiles, int team)
{
  struct runs g = { tiles, 0, 0, team };
  size_t parts = 4 * (size_t) team + 2;
  g.len = (4 * tiles + parts - 1) / parts;
  g.head = g.len / 2;
  return g;
}

/* Run B of G: tiles [*FROM, *TO), clamped to them.  */
static void
run_of (const struct runs *g, int b, size_t *from, size_t *to)
{
  size_t lo = g->head + g->len * (size_t) b;
  size_t hi = b == g->team - 1 ? g->tiles : lo + g->len;
  *from = lo < g->tiles ? lo : g->tiles;
  *to = hi < g->tiles ? hi : g->tiles;
}

/* Sum tiles [FROM, TO) of IO's request into *SUM, or scan them from the
   exact sum *CARRY, adding their totals to it (*END: as scan_tiles').  */
static void
sum_run (const struct tile_io *io, size_t from, size_t to,
         struct scanrt_exact *sum)
{
  const struct SCANRT_desc *d = io->r->desc;
  if (d->type == SCANRT_DOUBLE)
    sum_tiles_d (io, from, to, sum, d->op == SCANRT_SUB);
  else
    sum_tiles_f (io, from, to, sum, d->op == SCANRT_SUB);
}

static void
scan_run (const struct tile_io *io, size_t from, size_t to,
          struct scanrt_exact *carry, void *end)
{
  const struct SCANRT_desc *d = io->r->desc;
  int neg = d->op == SCANRT_SUB, exclusive = d->flags & SCANRT_EXCLUSIVE;
  if (d->type == SCANRT_DOUBLE)
    scan_tiles_d (io, from, to, carry, neg, exclusive, end);
  else
    scan_tiles_f (io, from, to, carry, neg, exclusive, end);
}

/* One thread's part: see struct runs.  SUMS holds the head's carry and
   then the sums of runs 0 to TEAM - 2; END receives the last position's
   value.  */
static void
team_member (const struct tile_io *io, struct scanrt_exact *sums,
             const struct scanrt_exact *seed, int team, void *end)
{
  struct runs g = runs_of ((io->r->n + TILE - 1) / TILE, team);
  int t = omp_get_thread_num ();
  size_t from, to;
  alignas (double) unsigned char ignored[sizeof (double)];
  if (t == 0)
    {
      sums[0] = *seed;
      scan_run (io, 0, g.head, &sums[0], g.head == g.tiles ? end : ignored);
    }
  else
    {
      /* The last thread sums run 0, whose sum others need.  */
      int b = t == team - 1 ? 0 : t;
      run_of (&g, b, &from, &to);
      scanrt_exact_clear (&sums[1 + b]);
      sum_run (io, from, to, &sums[1 + b]);
    }
#pragma omp barrier
  run_of (&g, t, &from, &to);
  struct scanrt_exact carry = sums[0];
  for (int b = 0; b < t; b++)
    scanrt_exact_merge (&carry, &sums[1 + b]);
  scan_run (io, from, to, &carry, to == g.tiles && from < to ? end : ignored);
}

int
scanrt_repro_team_scan (const struct scanrt_request *r, int team)
{
  const struct SCANRT_desc *d = r->desc;
  if (!repro_able (r))
    {
      if (scanrt_first_report ("reproducible", d->site))
        scanrt_report ("%s: %s, so this scan is not reproducible across "
                       "thread counts and devices (the same bits from run "
                       "to run only)", r->site,
                       d->join_late ? "the loop sets other variables from "
                                      "the scanned values"
                                    : "the loop has no host path that keeps "
                                      "its contributions");
      return SCANRT_HOST;
    }
  int dbl = d->type == SCANRT_DOUBLE;
  size_t elem = dbl ? sizeof (double) : sizeof (float);
  size_t tiles = (r->n + TILE - 1) / TILE;
  if (team > MAX_TEAM)
    team = MAX_TEAM;
  if ((size_t) team > tiles)
    team = (int) tiles;
  if (team < 1)
    team = 1;
  struct scanrt_exact seed;
  scanrt_exact_clear (&seed);
  const void *s = scanrt_request_seed (r);
  scanrt_exact_add (&seed, dbl ? *(const double *) s : *(const float *) s);
  alignas (double) unsigned char end[sizeof (double)];
  memcpy (end, s, elem);
  struct scanrt_exact *sums = NULL;
  if (team > 1 && !(sums = malloc ((team + 1) * sizeof *sums)))
    team = 1;
  if (team == 1)
    {
      alignas (64) unsigned char vals[TILE * sizeof (double)];
      struct tile_io io = { r, vals };
      if (dbl)
        scan_tiles_d (&io, 0, tiles, &seed, d->op == SCANRT_SUB,
                      d->flags & SCANRT_EXCLUSIVE, (double *) end);
      else
        scan_tiles_f (&io, 0, tiles, &seed, d->op == SCANRT_SUB,
                      d->flags & SCANRT_EXCLUSIVE, (float *) end);
    }
  else
#pragma omp parallel num_threads (team)
    {
      alignas (64) unsigned char vals[TILE * sizeof (double)];
      struct tile_io io = { r, vals };
      /* OMP_DYNAMIC or a thread limit may give fewer threads.  */
      team_member (&io, sums, &seed, omp_get_num_threads (), end);
    }
  free (sums);
  if (r->total)
    memcpy (r->total, end, elem);
  return SCANRT_OK;
}
