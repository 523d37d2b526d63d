/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* host.c: the host path.  A scan outside any target construct runs on the
   host's own OpenMP threads, as the `parallel for' it is written as: the
   same libgomp team as the program's other parallel regions, honouring
   OMP_NUM_THREADS, OMP_DYNAMIC, OMP_PROC_BIND and the loop's num_threads,
   with no OpenCL at all.  The work itself is done by three functions that
   the plugin compiles from the loop (see scanrt-abi.h).

   The positions are cut into one block per thread:

     thread 0 scans block 0 from the seed at once;
     the last thread reduces block 0 to its partial, and each other
     thread its own block, publishing the partial with a flag;
     thread t > 0 combines the seed with the partials of blocks 0 to
     t - 1, as they come, and scans its block from that.

   A reduce costs a fraction of a scan (it vectorizes; the scan waits on
   each element's predecessor), so thread 0's block is a third longer than
   the others' and all finish together.  Where the scan stores what the
   reduce reads (SCANRT_READS_STORED), thread 0 waits for block 0's
   partial before it scans, and the blocks are equal.  Below the cutoff
   further down, or on a team of one, the calling thread scans alone, with
   no region started.

   Tiles of cache-sized blocks, one barrier a tile, were slower on the
   machine measured (2 cores, 1 MiB of L2 each) at every size from 2^17 to
   2^26 elements, in a pipeline of parallel loops the most: the barriers
   cost more than the second reads from the shared cache save, and a
   `parallel for' before the scan leaves each half of its output in the
   cache of the thread that wrote it, as one block per thread has it.

   Past the caches, though, a block's second read comes from memory: the
   last thread reduces block 0 while thread 0 scans it.  There the team
   chains chunks of 128 KiB instead, with no barrier: a thread takes the
   next chunk, reduces it, waits for the inclusive prefix through the
   chunk before, sets the prefix through its own from it and its partial,
   and only then scans its chunk from the prior prefix, still in its
   cache; chunk 0 is scanned from the seed at once.  So each element is
   read from memory once, the chain advances at the speed of reductions,
   not scans, and a thread the system holds back takes fewer chunks.  On
   the machine measured, chains took 5% to 15% less time than blocks from
   2^22 ints (16 MiB) to 2^26, and about the same up to 8 MiB.

   An orphaned loop (SCANRT_THREADS_TEAM) runs in a team that already
   exists, one thread of which calls here while the others wait at the
   loop's barrier: the scan is shared among that team as tasks, which
   waiting threads take.  Tasks need not run at once, so none waits for
   another: the calling thread scans block 0 while tasks reduce the
   others; it then combines the partials into each block's prefix, and
   tasks scan the other blocks from them.  Past the caches the calling
   thread and the tasks are chain members instead: a chunk waits only for
   the chunk before it, which a member that runs has taken.

   Every thread combines the partials in the same order, and the blocks
   and chunks depend only on the numbers of threads and positions, so the
   result of a floating-point scan does not change from run to run.
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
   where that gives more; else 0, and the team shares blocks.
   SCANOMP_HOST_CHAIN overrides the fewest bytes of scan elements that
   chain.  */
static size_t
chain_chunk (const struct scanrt_request *r, int threads)
{
  size_t elem = r->desc->elem_size;
  if (r->n * elem < scanrt_env_size ("SCANOMP_HOST_CHAIN",
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

/* One thread's part of the scan: see the head of this file.  SLOTS holds
   TEAM slots of STRIDE bytes, each a partial and, in its last 8 bytes, a
   flag that it is there.  */
static void
team_member (const struct scanrt_request *r, unsigned char *slots,
             size_t stride, int team)
{
  const struct SCANRT_desc *d = r->desc;
  size_t elem = d->elem_size, n = r->n;
  int t = omp_get_thread_num ();
  /* The others' blocks, and thread 0's a third longer: they reduce a
     block before they scan theirs.  Where the scan stores what the reduce
     reads, thread 0 waits for the reduce of its block instead: the same
     length.  */
  int wait_first = d->flags & SCANRT_READS_STORED;
  size_t thirds = wait_first ? 3 * (size_t) team : 3 * (size_t) team + 1;
  size_t other = (3 * n + thirds - 1) / thirds;
  size_t first = wait_first ? other : other + other / 3;
  /* Block b, clamped to the positions (the last ones may hold none).  */
  size_t lo[2], hi[2];
  for (int k = 0; k < 2; k++)
    {
      int b = k && t == team - 1 ? 0 : t;
      size_t from = b ? first + other * (b - 1) : 0;
      size_t to = b ? from + other : first;
      lo[k] = from < n ? from : n;
      hi[k] = to < n ? to : n;
    }
  /* How many blocks hold positions.  */
  int filled = n <= first ? 1 : (int) (1 + (n - first + other - 1) / other);
  if (filled > team)
    filled = team;
  /* The partial of block 0 (reduced by the last thread) or of the
     thread's own, where a later thread needs it.  */
  int reduced = t == team - 1 ? 0 : t;
  if (t > 0 && reduced < filled - 1)
    {
      unsigned char *slot = slots + reduced * stride;
      d->reduce (r->args, r->first, lo[1], hi[1], slot);
      __atomic_store_n ((unsigned long *) (slot + stride - 8), 1,
                        __ATOMIC_RELEASE);
    }
  if (t == 0 && wait_first && filled > 1)
    wait_for ((const unsigned long *) (slots + stride - 8), 1);
  if (lo[0] == hi[0])
    return;
  alignas (max_align_t) unsigned char carry[elem];
  memcpy (carry, r->seed, elem);
  for (int j = 0; j < t; j++)
    {
      unsigned char *slot = slots + j * stride;
      wait_for ((const unsigned long *) (slot + stride - 8), 1);
      d->combine (carry, slot);
    }
  d->scan (r->args, r->first, lo[0], hi[0], carry);
  if (t == filled - 1 && r->total)
    memcpy (r->total, carry, elem);
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

/* R's scan shared among the BLOCKS threads of the calling thread's team
   as tasks: see the head of this file.  */
static void
task_scan (const struct scanrt_request *r, int blocks)
{
  const struct SCANRT_desc *d = r->desc;
  size_t elem = d->elem_size, n = r->n;
  size_t len = (n + blocks - 1) / blocks;
  blocks = (int) ((n + len - 1) / len);
  size_t stride = (elem + SLOT_ALIGN - 1) / SLOT_ALIGN * SLOT_ALIGN;
  /* Block b's partial, then its prefix, in slot b.  */
  alignas (SLOT_ALIGN) unsigned char slots[(size_t) blocks * stride];
  alignas (max_align_t) unsigned char carry[elem];
  memcpy (carry, r->seed, elem);
  for (int b = 1; b < blocks; b++)
    {
#pragma omp task firstprivate (b) shared (slots)
      {
        size_t lo = b * len, hi = lo + len < n ? lo + len : n;
        d->reduce (r->args, r->first, lo, hi, slots + b * stride);
      }
    }
  d->scan (r->args, r->first, 0, len < n ? len : n, carry);
#pragma omp taskwait
  for (int b = 1; b < blocks; b++)
    {
      unsigned char *slot = slots + b * stride;
      alignas (max_align_t) unsigned char partial[elem];
      memcpy (partial, slot, elem);
      memcpy (slot, carry, elem);
      d->combine (carry, partial);
#pragma omp task firstprivate (b) shared (slots)
      {
        size_t lo = b * len, hi = lo + len < n ? lo + len : n;
        d->scan (r->args, r->first, lo, hi, slots + b * stride);
      }
    }
#pragma omp taskwait
  if (r->total)
    memcpy (r->total, carry, elem);
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
  /* Chained chunks (a counter and a slot), or blocks (a slot a thread).  */
  size_t chunk = chain_chunk (r, most);
  int nslots = chunk ? 2 : most;
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
