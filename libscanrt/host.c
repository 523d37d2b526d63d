/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* host.c: the host path.  A scan outside any target construct runs on the
   host's own OpenMP threads, as the `parallel for' it is written as: the
   same libgomp team as the program's other parallel regions, honouring
   OMP_NUM_THREADS, OMP_DYNAMIC, OMP_PROC_BIND and the loop's num_threads,
   with no OpenCL at all.  The work itself is done by three functions that
   the plugin compiles from the loop (see scanrt-abi.h).

   The positions are cut into a head and one block per thread:

     thread 0 scans the head from the seed at once, publishing the
     prefix through it with a flag, and then scans block 0 on from it;
     meanwhile the last thread reduces block 0 to its partial, and each
     other thread its own block, publishing the partial with a flag;
     thread t > 0 combines the head's prefix with the partials of blocks
     0 to t - 1, as they come, and scans its block from that.

   Thread 0 alone reduces nothing, so its head is as long as a block's
   reduce takes, and all finish together.  A reduce mostly costs a
   quarter of a scan (it vectorizes; the scan waits on each element's
   predecessor).  Where it costs what a scan does (SCANRT_SERIAL_REDUCE: a
   user-defined operator, say), the head is a whole block: two threads
   then take two thirds of the loop's time, where blocks scanned from the
   seed would take all of it.  Where the scan stores what the reduce
   reads (SCANRT_READS_STORED), thread 0 waits for block 0's partial
   before it scans that block.  Below the cutoff further down, or on a
   team of one, the calling thread scans alone, with no region started.

   Tiles of cache-sized blocks, one barrier a tile, were slower on the
   machine measured (2 cores, 1 MiB of L2 each) at every size from 2^17 to
   2^26 elements, in a pipeline of parallel loops the most: the barriers
   cost more than the second reads from the shared cache save, and a
   `parallel for' before the scan leaves each half of its output in the
   cache of the thread that wrote it, as one block per thread has it.

   Past the caches, though, a block's second read comes from memory: each
   block is reduced, and scanned after.  There the team
   chains chunks of 128 KiB instead, with no barrier: a thread takes the
   next chunk, reduces it, waits for the inclusive prefix through the
   chunk before, sets the prefix through its own from it and its partial,
   and only then scans its chunk from the prior prefix, still in its
   cache; chunk 0 is scanned from the seed at once.  So each element is
   read from memory once, the chain advances at the speed of reductions,
   not scans, and a thread the system holds back takes fewer chunks.  On
   the machine measured, chains took 5% to 15% less time than blocks from
   2^22 ints (16 MiB) to 2^26, and about the same up to 8 MiB.  Where a
   reduce costs what a scan does, the team shares blocks at every size.

   An orphaned loop (SCANRT_THREADS_TEAM) runs in a team that already
   exists, one thread of which calls here while the others wait at the
   loop's barrier: the scan is shared among that team as tasks, which
   waiting threads take.  Tasks need not run at once, so none waits for
   another: the calling thread scans the head while tasks reduce the
   blocks but the last; it then combines the partials into each block's
   prefix, and scans block 0 on from the head while tasks scan the others
   from theirs.  Past the caches the calling thread and the tasks are
   chain members instead: a chunk waits only for the chunk before it,
   which a member that runs has taken.

   Every thread combines the partials in the same order, and the blocks
   and chunks depend only on the numbers of threads and positions and on
   the loop's descriptor, so the result of a floating-point scan does not
   change from run to run.
   Nothing is allocated: the partials live on the calling thread's
   stack.  */

#include <omp.h>
#include <sched.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

/* A partial's slot: a cache line of its own at least, so that threads
   writing theirs do not share one.  */
#define SLOT_ALIGN 64

/* The most threads the host path runs a scan on: the partials take a
   slot a thread on the caller's stack.  */
#define MAX_TEAM 256

/* Below this many bytes of scan elements (2^16 ints, 2^15 doubles), the
   scan function alone on the calling thread is faster than a team: the
   break-even of a `+' scan of ints and of doubles on 2 cores, against the
   loop itself (bench-inscan and bench-host, side by side).  */
#define HOST_PATH_CUTOFF_BYTES ((size_t) 256 * 1024)

/* From this many bytes of scan elements, beyond the last-level cache, a
   team chains chunks of CHAIN_CHUNK_BYTES (see the head of this file).  */
#define CHAIN_CUTOFF_BYTES ((size_t) 16 * 1024 * 1024)
#define CHAIN_CHUNK_BYTES ((size_t) 128 * 1024)

int
scanrt_host_route (void)
{
  const char *s = getenv ("SCANOMP_HOST");
  if (s && !strcasecmp (s, "opencl"))
    return SCANRT_ROUTE_OPENCL;
  if (s && !strcasecmp (s, "off"))
    return SCANRT_ROUTE_OFF;
  if (s && *s && strcasecmp (s, "native")
      && scanrt_first_report ("SCANOMP_HOST", s))
    scanrt_report ("SCANOMP_HOST=%s is not native, opencl or off; scans "
                   "outside target constructs run natively", s);
  return SCANRT_ROUTE_NATIVE;
}

/* The fewest positions of scans of D that a team shares;
   SCANOMP_HOST_CUTOFF overrides it.  */
static size_t
team_cutoff (const struct SCANRT_desc *d)
{
  return scanrt_env_size ("SCANOMP_HOST_CUTOFF",
                          HOST_PATH_CUTOFF_BYTES
                          / (d->elem_size + !d->elem_size));
}

/* Where a team of THREADS chains chunks of R's positions (chain_member),
   the positions of a chunk: CHAIN_CHUNK_BYTES, or four chunks a thread
   where that gives more; else 0, and the team shares blocks.  Not where a
   reduce costs what a scan does (SCANRT_SERIAL_REDUCE): each chunk but
   the first is reduced and scanned, twice the loop's work, where blocks
   spare thread 0 its reduce.  SCANOMP_HOST_CHAIN overrides the fewest
   bytes of scan elements that chain.  */
static size_t
chain_chunk (const struct scanrt_request *r, int threads)
{
  size_t elem = r->desc->elem_size;
  if ((r->desc->flags & SCANRT_SERIAL_REDUCE)
      || r->n * elem < scanrt_env_size ("SCANOMP_HOST_CHAIN",
                                        CHAIN_CUTOFF_BYTES))
    return 0;
  size_t quarter = (r->n + 4 * (size_t) threads - 1) / (4 * (size_t) threads);
  size_t chunk = CHAIN_CHUNK_BYTES / (elem + !elem);
  return chunk < quarter ? chunk : quarter;
}

/* The bytes of a slot for an element of ELEM bytes and a flag.  */
static size_t
flagged_slot (size_t elem)
{
  return (elem + 8 + SLOT_ALIGN - 1) / SLOT_ALIGN * SLOT_ALIGN;
}

/* Wait until the flag at FLAG is WANT.  */
static void
wait_for (const unsigned long *flag, unsigned long want)
{
  for (unsigned spins = 0; __atomic_load_n (flag, __ATOMIC_ACQUIRE) != want;
       spins++)
    if (spins >= 1000)
      sched_yield ();
}

/* How a team shares positions in blocks: see the head of this file.  */
struct blocks
{
  size_t n;      /* the positions */
  size_t head;   /* thread 0's head, positions 0 to HEAD - 1 */
  size_t len;    /* a block's positions but the last's, which end at N */
  int team;      /* the blocks, one a thread */
  int filled;    /* how many blocks hold positions */
};

/* The blocks of R's positions for a team of TEAM.  A reduce costs a
   quarter of a scan, or all of it (SCANRT_SERIAL_REDUCE): the head is
   that much of a block.  */
static struct blocks
blocks_of (const struct scanrt_request *r, int team)
{
  struct blocks g = { r->n, 0, 0, team, 0 };
  size_t quarters = r->desc->flags & SCANRT_SERIAL_REDUCE ? 4 : 1;
  size_t parts = 4 * (size_t) team + quarters;
  g.len = (4 * g.n + parts - 1) / parts;
  g.head = g.len * quarters / 4;
  if (g.n > g.head)
    g.filled = (int) ((g.n - g.head + g.len - 1) / g.len);
  if (g.filled > team)
    g.filled = team;
  return g;
}

/* Block B of G's positions, from *LO to *HI - 1, clamped to them (the last
   blocks may hold none).  */
static void
block_of (const struct blocks *g, int b, size_t *lo, size_t *hi)
{
  size_t from = g->head + g->len * b;
  size_t to = b == g->team - 1 ? g->n : from + g->len;
  *lo = from < g->n ? from : g->n;
  *hi = to < g->n ? to : g->n;
}

/* One thread's part of the scan of R in blocks by a team of TEAM: see
   the head of this file.  SLOTS holds TEAM + 1 slots of STRIDE bytes,
   each a value and, in its last 8 bytes, a flag that it is there: the
   prefix through thread 0's head, then each block's partial.  */
static void
team_member (const struct scanrt_request *r, unsigned char *slots,
             size_t stride, int team)
{
  const struct SCANRT_desc *d = r->desc;
  struct blocks g = blocks_of (r, team);
  int t = omp_get_thread_num ();
  /* The thread that scans the last block that holds positions, or the
     head where none does.  */
  int last = g.filled ? g.filled - 1 : 0;
  /* The partial of block 0 (reduced by the last thread) or of the
     thread's own, where a later thread needs it.  */
  int reduced = t == g.team - 1 ? 0 : t;
  size_t lo, hi;
  if (t > 0 && reduced < g.filled - 1)
    {
      unsigned char *slot = slots + (1 + reduced) * stride;
      block_of (&g, reduced, &lo, &hi);
      d->reduce (r->args, r->first, lo, hi, slot);
      __atomic_store_n ((unsigned long *) (slot + stride - 8), 1,
                        __ATOMIC_RELEASE);
    }
  block_of (&g, t, &lo, &hi);
  if (lo == hi && t != last)
    return;
  alignas (max_align_t) unsigned char carry[d->elem_size];
  if (t == 0)
    {
      memcpy (carry, r->seed, d->elem_size);
      if (lo)
        d->scan (r->args, r->first, 0, lo, carry);
      memcpy (slots, carry, d->elem_size);
      __atomic_store_n ((unsigned long *) (slots + stride - 8), 1,
                        __ATOMIC_RELEASE);
      /* Where the scan stores what the reduce reads, block 0 is scanned
         only once it is reduced.  */
      if ((d->flags & SCANRT_READS_STORED) && g.filled > 1)
        wait_for ((const unsigned long *) (slots + 2 * stride - 8), 1);
    }
  else
    for (int j = 0; j <= t; j++)
      {
        unsigned char *slot = slots + j * stride;
        wait_for ((const unsigned long *) (slot + stride - 8), 1);
        if (j)
          d->combine (carry, slot);
        else
          memcpy (carry, slot, d->elem_size);
      }
  if (lo < hi)
    d->scan (r->args, r->first, lo, hi, carry);
  if (t == last && r->total)
    memcpy (r->total, carry, d->elem_size);
}

/* One thread's part of a scan in chained chunks: see the head of this
   file.  CHAIN holds the number of the next chunk to take, on a line of
   its own, then a slot of STRIDE bytes: the inclusive prefix of the last
   chunk that set it, and that chunk's number plus one in its last 8
   bytes.  Chunk c waits for c there, reads the prefix and replaces it.  */
static void
chain_member (const struct scanrt_request *r, unsigned char *chain,
              size_t stride, size_t chunk)
{
  const struct SCANRT_desc *d = r->desc;
  size_t elem = d->elem_size, n = r->n;
  unsigned char *slot = chain + SLOT_ALIGN;
  alignas (max_align_t) unsigned char carry[elem], partial[elem];
  for (;;)
    {
      unsigned long c = __atomic_fetch_add ((unsigned long *) chain, 1,
                                            __ATOMIC_RELAXED);
      if (c >= (n + chunk - 1) / chunk)
        return;
      size_t lo = c * chunk, hi = n - lo > chunk ? lo + chunk : n;
      if (c == 0)
        {
          /* Chunk 0's prefix is the seed's: its scan gives the next.  */
          memcpy (carry, r->seed, elem);
          d->scan (r->args, r->first, lo, hi, carry);
          memcpy (slot, carry, elem);
        }
      else
        {
          /* The chunk's partial, then the prefix through it from the
             previous chunk's, before the scan, so that the next chunk
             need not wait for it.  */
          d->reduce (r->args, r->first, lo, hi, partial);
          wait_for ((const unsigned long *) (slot + stride - 8), c);
          memcpy (carry, slot, elem);
          d->combine (slot, partial);
        }
      __atomic_store_n ((unsigned long *) (slot + stride - 8), c + 1,
                        __ATOMIC_RELEASE);
      if (c > 0)
        d->scan (r->args, r->first, lo, hi, carry);
      if (hi == n && r->total)
        memcpy (r->total, carry, elem);
    }
}

/* The scan function over all of R's positions on the calling thread: the
   loop itself, with no team.  */
static void
scan_alone (const struct scanrt_request *r)
{
  const struct SCANRT_desc *d = r->desc;
  alignas (max_align_t) unsigned char carry[d->elem_size];
  memcpy (carry, r->seed, d->elem_size);
  d->scan (r->args, r->first, 0, r->n, carry);
  if (r->total)
    memcpy (r->total, carry, d->elem_size);
}

/* R's scan shared among the TEAM threads of the calling thread's team as
   tasks: see the head of this file.  */
static void
task_scan (const struct scanrt_request *r, int team)
{
  const struct SCANRT_desc *d = r->desc;
  size_t elem = d->elem_size;
  struct blocks g = blocks_of (r, team);
  size_t stride = (elem + SLOT_ALIGN - 1) / SLOT_ALIGN * SLOT_ALIGN;
  /* Block b's partial, then block b + 1's prefix, in slot b.  */
  alignas (SLOT_ALIGN) unsigned char slots[(size_t) team * stride];
  alignas (max_align_t) unsigned char carry[elem], prefix[elem];
  for (int b = 0; b < g.filled - 1; b++)
    {
#pragma omp task firstprivate (b) shared (slots, g)
      {
        size_t lo, hi;
        block_of (&g, b, &lo, &hi);
        d->reduce (r->args, r->first, lo, hi, slots + b * stride);
      }
    }
  memcpy (carry, r->seed, elem);
  size_t lo0, hi0;
  block_of (&g, 0, &lo0, &hi0);
  if (lo0)
    d->scan (r->args, r->first, 0, lo0, carry);
#pragma omp taskwait
  memcpy (prefix, carry, elem);
  for (int b = 1; b < g.filled; b++)
    {
      unsigned char *slot = slots + (b - 1) * stride;
      d->combine (prefix, slot);
      memcpy (slot, prefix, elem);
#pragma omp task firstprivate (b) shared (slots, g)
      {
        size_t lo, hi;
        block_of (&g, b, &lo, &hi);
        d->scan (r->args, r->first, lo, hi, slots + (b - 1) * stride);
      }
    }
  if (lo0 < hi0)
    d->scan (r->args, r->first, lo0, hi0, carry);
#pragma omp taskwait
  if (r->total)
    memcpy (r->total, g.filled > 1 ? slots + (g.filled - 2) * stride : carry,
            elem);
}

/* R's scan in chained chunks of CHUNK positions, shared among the TEAM
   threads of the calling thread's team as tasks, each a chain member: a
   chunk waits only for the one before it, which a running member took,
   so members need not run at once.  */
static void
chain_tasks (const struct scanrt_request *r, int team, size_t chunk)
{
  size_t stride = flagged_slot (r->desc->elem_size);
  alignas (SLOT_ALIGN) unsigned char chain[2 * stride];
  memset (chain, 0, sizeof chain);
  for (int t = 1; t < team; t++)
    {
#pragma omp task shared (chain)
      chain_member (r, chain, stride, chunk);
    }
  chain_member (r, chain, stride, chunk);
#pragma omp taskwait
}

int
scanrt_team_scan (const struct scanrt_request *r, int threads)
{
  const struct SCANRT_desc *d = r->desc;
  if (!d->reduce || !d->scan || !d->combine)
    return SCANRT_HOST;
  if (threads == SCANRT_THREADS_TEAM)
    {
      int team = omp_get_num_threads ();
      size_t chunk;
      if (team == 1 || r->n < team_cutoff (d) || !r->n)
        scan_alone (r);
      else if ((chunk = chain_chunk (r, team)))
        chain_tasks (r, team, chunk);
      else
        task_scan (r, team < MAX_TEAM ? team : MAX_TEAM);
      return SCANRT_OK;
    }
  /* A team of one thread, as num_threads(1), if(0), the ICV or a region
     nested past max-active-levels would make it, or too few positions to
     share: the loop on this thread, without starting a region.  */
  if (threads == 1 || r->n < team_cutoff (d) || !r->n
      || (!threads && omp_get_max_threads () == 1)
      || omp_get_active_level () >= omp_get_max_active_levels ())
    {
      scan_alone (r);
      return SCANRT_OK;
    }
  size_t elem = d->elem_size;
  /* The team is at most the threads asked for, or the ICV's.  */
  int most = threads > 0 ? threads : omp_get_max_threads ();
  if (most > MAX_TEAM)
    most = MAX_TEAM;
  size_t stride = flagged_slot (elem);
  /* Chained chunks (a counter and a slot), or blocks (the head's slot
     and a slot a thread).  */
  size_t chunk = chain_chunk (r, most);
  int nslots = chunk ? 2 : most + 1;
  alignas (SLOT_ALIGN) unsigned char slots[(size_t) nslots * stride];
  memset (slots, 0, sizeof slots);
#pragma omp parallel num_threads (most)
  {
    int team = omp_get_num_threads ();
    /* OMP_DYNAMIC or a thread limit may give fewer threads, even one.  */
    if (team == 1)
      scan_alone (r);
    else if (chunk)
      chain_member (r, slots, stride, chunk);
    else
      team_member (r, slots, stride, team);
  }
  return SCANRT_OK;
}
