/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* repro.c: reproducible floating-point scans on the host
   (SCANOMP_REPRODUCIBLE=1, SCANRT_REPRODUCIBLE): a float or double sum
   whose result the contributions and the seed alone define, whatever the
   threads, the path or the device (docs/determinism.md).  The
   definition:

     positions are cut into tiles of 4096 from position 0, each tile into
     16 groups of 16 lanes, each lane of 16 positions;
     a lane's total is its contributions combined in order from the
     identity (+0.0; for `-', each contribution is the negated element:
     `-' is `+' of the negations);
     a lane's prefix within its group is the group's lane totals added in
     order up to its own; a group's total, its last lane's prefix;
     a lane's prefix in the tile is its prefix within the group, after
     the group totals before its group added in order, where there are
     any: E + q, E being that sum;
     the tile's total is its last lane's prefix (missing positions past
     the last count as -0.0, the exact identity of `+');
     the tile's carry is the seed plus the totals of the tiles before it,
     added exactly and rounded once to nearest (base/exact.c);
     lane l's start is the carry, plus lane l - 1's prefix where l > 0;
     each position's value is its lane's start combined with the lane's
     contributions in order up to it (an exclusive scan's, up to the one
     before it), as the loop itself combines them.

   Within a tile the grouping is fixed; between tiles the sum is exact, so
   that any cut of the tiles among threads, segments and devices gives the
   same bits.  The total is the last position's inclusive value.  The
   tree within a tile costs some 2 adds a lane: a Hillis-Steele scan of
   the 256 lanes (8 steps) cost 30% of a tile's scan on the machine
   measured, this one 5%.

   The host runs it on a team of threads, each a run of whole tiles: each
   adds up its tiles' totals exactly, combines the seed with the sums of
   the runs before its own, and scans its tiles from that.  A loop's
   lanes are its descriptor's plain reduce and scan functions, called a
   tile at a time; a call of the API's, its arrays, eight lanes at a
   time.  A piece of a longer array (scanrt_scan_piece) starts from the
   caller's exact sum instead of the seed's, and hands back the sum
   after its tiles; its total alone is that sum, the tiles' totals added
   by the team.  */

#include <omp.h>
#include <stdalign.h>
#include <stdlib.h>
#include <string.h>

#include "run.h"

#define LANE SCANRT_PLAIN_LANE
#define LANES 256
#define TILE (LANE * LANES)
_Static_assert (TILE == SCANRT_REPRO_TILE, "scanrt.h's tile is this file's");
#define GROUP 16
#define GROUPS (LANES / GROUP)

/* The most threads a reproducible scan runs on.  */
#define MAX_TEAM 256

/* The work on the API's arrays, per element type T and step STEP (a, x)
   of the running value a over element x: a + x, or for `-', a + (0 - x),
   the kernels' SCANOMP_PREPARE and SCANOMP_COMBINE:
   the totals of the lanes of the COUNT elements at X into V, and a
   tile's scan of them into Y from CARRY (Y and X the same array or
   apart), returning the tile's total and leaving the last position's
   inclusive value in *END.  Eight lanes at a time, in registers: their
   chains wait on no other.  */
#define REPRO_ARRAYS(T, SUF, NAME, STEP)                                    \
  static void                                                               \
  lane_totals_##SUF##_##NAME (const T *x, size_t count, T *v)               \
  {                                                                         \
    size_t l = 0;                                                           \
    for (; (l + 8) * LANE <= count; l += 8)                                 \
      {                                                                     \
        const T *p = x + l * LANE;                                          \
        T a[8];                                                             \
        _Pragma ("GCC unroll 8")                                            \
        for (int g = 0; g < 8; g++)                                         \
          a[g] = STEP ((T) 0, p[g * LANE]);                                 \
        for (int j = 1; j < LANE; j++)                                      \
          _Pragma ("GCC unroll 8")                                          \
          for (int g = 0; g < 8; g++)                                       \
            a[g] = STEP (a[g], p[g * LANE + j]);                            \
        _Pragma ("GCC unroll 8")                                            \
        for (int g = 0; g < 8; g++)                                         \
          v[l + g] = a[g];                                                  \
      }                                                                     \
    for (; l < LANES; l++)                                                  \
      {                                                                     \
        size_t lo = l * LANE, hi = lo + LANE < count ? lo + LANE : count;   \
        T a = lo < count ? (T) 0 : -(T) 0;                                  \
        for (size_t i = lo; i < hi; i++)                                    \
          a = STEP (a, x[i]);                                               \
        v[l] = a;                                                           \
      }                                                                     \
  }                                                                         \
                                                                            \
  static T                                                                  \
  tile_scan_##SUF##_##NAME (T *y, const T *x, size_t count, int exclusive,  \
                            T carry, T *end)                                \
  {                                                                         \
    alignas (64) T v[LANES];                                                \
    lane_totals_##SUF##_##NAME (x, count, v);                               \
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
                a[g] = STEP (a[g], e);                                      \
              }                                                             \
        else                                                                \
          for (int j = 0; j < LANE; j++)                                    \
            _Pragma ("GCC unroll 8")                                        \
            for (int g = 0; g < 8; g++)                                     \
              q[g * LANE + j] = a[g] = STEP (a[g], p[g * LANE + j]);        \
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
            a = STEP (a, e);                                                \
            if (!exclusive)                                                 \
              y[i] = a;                                                     \
          }                                                                 \
        *end = a;                                                           \
      }                                                                     \
    return v[LANES - 1];                                                    \
  }

#define ADDED(a, x) ((a) + (x))
#define SUBTRACTED(a, x) ((a) + (0 - (x)))

/* Everything else per element type T: the lanes' prefixes, a tile's
   total, and the scans and sums of runs of tiles, of the API's arrays or
   of a loop's plain functions.  */
#define REPRO_TYPE(T, SUF, ROUND)                                           \
  /* The lanes' prefixes from their totals V, in place: see the head of     \
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
  /* The last of the prefixes of the totals V, the tile's total: each       \
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
  REPRO_ARRAYS (T, SUF, add, ADDED)                                         \
  REPRO_ARRAYS (T, SUF, sub, SUBTRACTED)                                    \
                                                                            \
  /* The totals of the lanes of R's COUNT positions from LO, by its         \
     plain reduce function, into V.  */                                     \
  static void                                                               \
  lane_totals_loop_##SUF (const struct scanrt_request *r, size_t lo,        \
                          size_t count, T *v)                               \
  {                                                                         \
    for (size_t l = (count + LANE - 1) / LANE; l < LANES; l++)              \
      v[l] = -(T) 0;                                                        \
    r->desc->reduce_plain (r->args, r->first, lo, lo + count, v);           \
  }                                                                         \
                                                                            \
  /* The same as the API's tile scans for R's COUNT positions from LO, by   \
     its plain scan function; the lanes' totals from KEPT where it is not   \
     NULL (sum_tiles_* kept them).  */                                      \
  static T                                                                  \
  tile_scan_loop_##SUF (const struct scanrt_request *r, size_t lo,          \
                        size_t count, T carry, T *end, const T *kept)       \
  {                                                                         \
    alignas (64) T v[LANES], a[LANES];                                      \
    if (kept)                                                               \
      memcpy (v, kept, sizeof v);                                           \
    else                                                                    \
      lane_totals_loop_##SUF (r, lo, count, v);                             \
    lane_prefixes_##SUF (v);                                                \
    size_t lanes = (count + LANE - 1) / LANE;                               \
    a[0] = carry;                                                           \
    for (size_t l = 1; l < lanes; l++)                                      \
      a[l] = carry + v[l - 1];                                              \
    r->desc->scan_plain (r->args, r->first, lo, lo + count, a);             \
    *end = a[lanes - 1];                                                    \
    return v[LANES - 1];                                                    \
  }                                                                         \
                                                                            \
  /* Scan tiles FROM to TO - 1 of R from the exact sum *CARRY of what       \
     comes before them, adding their totals to it; where they hold the      \
     last position, its inclusive value in *END.  A loop's tiles' lane      \
     totals are in KEPT, LANES a tile, where it is not NULL.  */            \
  static void                                                               \
  scan_tiles_##SUF (const struct scanrt_request *r, size_t from, size_t to, \
                    struct scanrt_exact *carry, T *end, const T *kept)      \
  {                                                                         \
    int sub = r->desc->op == SCANRT_SUB;                                    \
    int exclusive = r->desc->flags & SCANRT_EXCLUSIVE;                      \
    for (size_t t = from; t < to; t++)                                      \
      {                                                                     \
        size_t lo = t * TILE;                                               \
        size_t count = r->n - lo < TILE ? r->n - lo : TILE;                 \
        T c = ROUND (carry), total;                                         \
        T *y = (T *) r->plain_out + lo;                                     \
        const T *x = (const T *) r->plain_in + lo;                          \
        if (!r->plain_in)                                                   \
          total = tile_scan_loop_##SUF (r, lo, count, c, end,               \
                                        kept ? kept + t * LANES : NULL);    \
        else if (sub)                                                       \
          total = tile_scan_##SUF##_sub (y, x, count, exclusive, c, end);   \
        else                                                                \
          total = tile_scan_##SUF##_add (y, x, count, exclusive, c, end);   \
        scanrt_exact_add (carry, total);                                    \
      }                                                                     \
  }                                                                         \
                                                                            \
  /* Add the totals of tiles FROM to TO - 1 of R to the exact sum *SUM;    \
     a loop's lane totals kept in KEPT, LANES a tile, where it is not       \
     NULL.  */                                                              \
  static void                                                               \
  sum_tiles_##SUF (const struct scanrt_request *r, size_t from, size_t to,  \
                   struct scanrt_exact *sum, T *kept)                       \
  {                                                                         \
    int sub = r->desc->op == SCANRT_SUB;                                    \
    for (size_t t = from; t < to; t++)                                      \
      {                                                                     \
        size_t lo = t * TILE;                                               \
        size_t count = r->n - lo < TILE ? r->n - lo : TILE;                 \
        alignas (64) T v[LANES];                                            \
        const T *x = (const T *) r->plain_in + lo;                          \
        if (r->plain_in && sub)                                             \
          lane_totals_##SUF##_sub (x, count, v);                            \
        else if (r->plain_in)                                               \
          lane_totals_##SUF##_add (x, count, v);                            \
        else                                                                \
          {                                                                 \
            lane_totals_loop_##SUF (r, lo, count, v);                       \
            if (kept)                                                       \
              memcpy (kept + t * LANES, v, sizeof v);                       \
          }                                                                 \
        scanrt_exact_add (sum, tile_total_##SUF (v));                       \
      }                                                                     \
  }

REPRO_TYPE (float, f, scanrt_exact_float)
REPRO_TYPE (double, d, scanrt_exact_double)

int
scanrt_repro_wanted (const struct scanrt_request *r)
{
  const struct SCANRT_desc *d = r->desc;
  /* A total alone (SCANRT_TOTAL_ONLY) is the default mode's, but for
     a piece's carry (scanrt_scan_piece).  */
  if (r->total_only && !r->repro)
    return 0;
  if (d->flags & SCANRT_NOT_REPRODUCIBLE)
    {
      if (scanrt_setting_size (SCANRT_SET_REPRODUCIBLE, 0, 0, NULL)
          && scanrt_first_report ("not reproducible", d->site))
        scanrt_report ("%s: SCANOMP_REPRODUCIBLE covers float and double "
                       "sums of one scan variable; this loop's "
                       "floating-point values (several scan variables, a "
                       "reduction or lastprivate set from them, a "
                       "user-defined operator, `*' or a recurrence) give "
                       "the same bits from run to run only", r->site);
      return 0;
    }
  if (d->type != SCANRT_FLOAT && d->type != SCANRT_DOUBLE)
    return 0;
  if (d->op != SCANRT_ADD && d->op != SCANRT_SUB)
    return 0;
  if (r->params && (r->params->flags & SCANRT_REPRODUCIBLE))
    return 1;
  return scanrt_setting_size (SCANRT_SET_REPRODUCIBLE, 0, 0, NULL) != 0;
}

/* How a team shares the tiles, as host.c shares positions: thread 0
   scans a head of tiles from the seed at once and then run 0 on from it;
   meanwhile the last thread sums run 0's tiles, and each other thread
   its own run's; once all are summed, thread t > 0 scans its run from
   the head's carry and the sums of runs 0 to t - 1.

   A tile's sum costs R times its scan's other work; the head, which
   does both, is as long as takes the others to sum a run: R / (1 + R)
   runs.  The API's tiles find their lanes' totals again as they scan
   (R about 1 on the machine measured): the head is half a run, the last
   run a whole one.  A loop's scans take the totals that its sums kept
   (R about 1/2 to 2/3: the plain scan function stores as it goes): the
   head is a third of a run, and the last run, which no one sums
   beforehand, two thirds, so that every thread's scan ends together; a
   run is the tiles over the team.  Of heads of 1/4, 1/3, 2/5 and 1/2 a
   run, a third was as fast as any at 2^20 and 2^24 floats on 2 threads
   (2026-11-30).

   Chunks of 8 tiles taken in turn, each summed, its carry found by a
   look-back over the exact sums published before it and scanned from the
   cache, read each element from memory once; on the machine measured
   (two vCPUs that share one core's adders) they made the API's doubles
   1.1 to 1.2 times as fast at 2^24 and 2^26 and the clause slower at
   most sizes, 0.7 times as fast at 2^26 floats: the runs here overlap
   one thread's sums, which wait on memory, with another's scans, which
   wait on the core (docs/measured/2026-11-30-repro-chain, with the
   patch, to measure where threads are cores).  */
struct runs
{
  size_t tiles;   /* in all */
  size_t head;    /* thread 0's head, tiles 0 to HEAD - 1 */
  size_t len;     /* a run's tiles but the last's, which end at TILES */
  int team;       /* the runs, one a thread */
};

static struct runs
runs_of (size_t tiles, int team, int kept)
{
  struct runs g = { tiles, 0, 0, team };
  if (kept)
    {
      g.len = (tiles + team - 1) / team;
      g.head = g.len / 3;
      return g;
    }
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

/* Add the totals of R's tiles [FROM, TO) to *SUM, keeping a loop's lane
   totals in KEPT where it is not NULL (sum_tiles_*).  */
static void
sum_run (const struct scanrt_request *r, size_t from, size_t to,
         struct scanrt_exact *sum, void *kept)
{
  if (r->desc->type == SCANRT_DOUBLE)
    sum_tiles_d (r, from, to, sum, kept);
  else
    sum_tiles_f (r, from, to, sum, kept);
}

/* Scan R's tiles [FROM, TO) from *CARRY, as scan_tiles_*, with the lane
   totals that sum_run kept in KEPT, where it is not NULL.  */
static void
scan_run (const struct scanrt_request *r, size_t from, size_t to,
          struct scanrt_exact *carry, void *end, const void *kept)
{
  if (r->desc->type == SCANRT_DOUBLE)
    scan_tiles_d (r, from, to, carry, end, kept);
  else
    scan_tiles_f (r, from, to, carry, end, kept);
}

/* One thread's part: see struct runs.  SUMS holds the head's carry and
   then the sums of runs 0 to TEAM - 2; END receives the last position's
   value, and AFTER the exact sum after the last tile; KEPT, where not
   NULL, a loop's lane totals of the runs summed, for their scans.  */
static void
team_member (const struct scanrt_request *r, struct scanrt_exact *sums,
             const struct scanrt_exact *seed, int team, void *end,
             struct scanrt_exact *after, void *kept)
{
  struct runs g = runs_of ((r->n + TILE - 1) / TILE, team, kept != NULL);
  int t = omp_get_thread_num ();
  size_t from, to;
  alignas (double) unsigned char ignored[sizeof (double)];
  if (t == 0)
    {
      sums[0] = *seed;
      scan_run (r, 0, g.head, &sums[0], g.head == g.tiles ? end : ignored,
                NULL);
      if (g.head == g.tiles)
        *after = sums[0];
    }
  else
    {
      /* The last thread sums run 0, whose sum others need.  */
      int b = t == team - 1 ? 0 : t;
      run_of (&g, b, &from, &to);
      scanrt_exact_clear (&sums[1 + b]);
      sum_run (r, from, to, &sums[1 + b], kept);
    }
#pragma omp barrier
  run_of (&g, t, &from, &to);
  struct scanrt_exact carry = sums[0];
  for (int b = 0; b < t; b++)
    scanrt_exact_merge (&carry, &sums[1 + b]);
  int last = to == g.tiles && from < to;
  scan_run (r, from, to, &carry, last ? end : ignored,
            t < team - 1 ? kept : NULL);
  if (last)
    *after = carry;
}

/* R's scan shared among the TEAM threads of the calling thread's team as
   tasks (an orphaned loop's, host.c): a task sums each run of tiles but
   the last, into SUMS; the calling thread adds them up into each run's
   start, STARTS; a task scans each run from its start.  No task waits
   for another.  END and AFTER: as team_member's.  */
static void
task_scan (const struct scanrt_request *r, int team,
           struct scanrt_exact *sums, struct scanrt_exact *starts,
           const struct scanrt_exact *seed, void *end,
           struct scanrt_exact *after, void *kept)
{
  struct runs g = runs_of ((r->n + TILE - 1) / TILE, team, 0);
  g.head = 0;
  g.len = (g.tiles + team - 1) / team;
  for (int b = 0; b < team - 1; b++)
    {
#pragma omp task firstprivate (b) shared (g)
      {
        size_t from, to;
        run_of (&g, b, &from, &to);
        scanrt_exact_clear (&sums[b]);
        sum_run (r, from, to, &sums[b], kept);
      }
    }
#pragma omp taskwait
  /* All before any scan, which adds its tiles' totals to its start.  */
  for (int b = 0; b < team; b++)
    {
      starts[b] = b ? starts[b - 1] : *seed;
      if (b)
        scanrt_exact_merge (&starts[b], &sums[b - 1]);
    }
  for (int b = 0; b < team; b++)
    {
#pragma omp task firstprivate (b) shared (g)
      {
        size_t from, to;
        alignas (double) unsigned char ignored[sizeof (double)];
        run_of (&g, b, &from, &to);
        scan_run (r, from, to, &starts[b],
                  to == g.tiles && from < to ? end : ignored,
                  b < team - 1 ? kept : NULL);
      }
    }
#pragma omp taskwait
  /* Each run's start is now the sum after it: the last's, after all.  */
  *after = starts[team - 1];
}

/* Add the totals of R's tiles to *SUM, on a team of TEAM threads at
   most, a run of tiles each; SUMS has room for TEAM sums.  */
static void
sum_team (const struct scanrt_request *r, int team, struct scanrt_exact *sum,
          struct scanrt_exact *sums)
{
  size_t tiles = (r->n + TILE - 1) / TILE;
  if (team <= 1)
    {
      sum_run (r, 0, tiles, sum, NULL);
      return;
    }
  int ran = 1;
#pragma omp parallel num_threads (team)
  {
    int t = omp_get_thread_num (), all = omp_get_num_threads ();
    size_t len = (tiles + all - 1) / all;
    size_t from = len * t < tiles ? len * t : tiles;
    size_t to = from + len < tiles ? from + len : tiles;
    scanrt_exact_clear (&sums[t]);
    sum_run (r, from, to, &sums[t], NULL);
    if (t == 0)
      ran = all;
  }
  for (int t = 0; t < ran; t++)
    scanrt_exact_merge (sum, &sums[t]);
}

void
scanrt_repro_start (const struct scanrt_request *r, struct scanrt_exact *e)
{
  const void *seed = scanrt_request_seed (r);
  scanrt_exact_clear (e);
  scanrt_exact_add (e, r->desc->type == SCANRT_DOUBLE
                       ? *(const double *) seed : *(const float *) seed);
}

int
scanrt_repro_team_scan (const struct scanrt_request *r, int team,
                        int tasks)
{
  const struct SCANRT_desc *d = r->desc;
  if (!r->plain_in && !(d->reduce_plain && d->scan_plain))
    {
      if (scanrt_first_report ("reproducible", d->site))
        scanrt_report ("%s: this loop's host path has no plain functions "
                       "(a loop compiled by an older scanomp, or one that "
                       "also sets other variables), so its scan is not "
                       "reproducible across thread counts and devices: "
                       "only from run to run", r->site);
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
  /* From the seed, or a piece's carry (scanrt_scan_piece), which
     receives the sum after the last tile.  */
  struct scanrt_exact seed, after;
  alignas (double) unsigned char end[sizeof (double)];
  if (r->repro)
    {
      seed = *r->repro;
      scanrt_exact_store (&seed, (scanrt_type) d->type, end);
    }
  else
    {
      scanrt_repro_start (r, &seed);
      memcpy (end, scanrt_request_seed (r), elem);
    }
  after = seed;
  struct scanrt_exact *sums = NULL;
  if (team > 1 && !(sums = malloc (2 * (team + 1) * sizeof *sums)))
    team = 1;
  if (r->total_only)
    {
      sum_team (r, team, r->repro, sums);
      free (sums);
      return SCANRT_OK;
    }
  /* A loop's lane totals, kept from the sums for the scans: its plain
     reduce function then runs once a position, not twice.  Without the
     room, the scans find them again.  */
  void *kept = team > 1 && !r->plain_in ? malloc (tiles * LANES * elem)
                                        : NULL;
  if (team == 1)
    {
      scan_run (r, 0, tiles, &seed, end, NULL);
      after = seed;
    }
  else if (tasks)
    task_scan (r, team, sums, sums + team + 1, &seed, end, &after, kept);
  else
#pragma omp parallel num_threads (team)
    /* OMP_DYNAMIC or a thread limit may give fewer threads.  */
    team_member (r, sums, &seed, omp_get_num_threads (), end, &after,
                 kept);
  free (kept);
  free (sums);
  if (r->total)
    memcpy (r->total, end, elem);
  if (r->repro)
    *r->repro = after;
  return SCANRT_OK;
}
