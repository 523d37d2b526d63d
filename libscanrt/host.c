/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* host.c: the host path.  A scan outside any target construct runs on the
   host's own OpenMP threads, as the `parallel for' it is written as: the
   same libgomp team as the program's other parallel regions, honouring
   OMP_NUM_THREADS, OMP_DYNAMIC, OMP_PROC_BIND and the loop's num_threads,
   with no OpenCL at all.  The work itself is done by three functions that
   the plugin compiles from the loop (see scanrt-abi.h).

   The positions are cut into tiles of one block per thread, each block
   small enough to stay in its core's cache between two passes.  In each
   tile:

     thread 0 scans block 0 from the carry, the prefix before the tile,
     at once;
     the last thread reduces block 0 to its partial, and each other
     thread its own block, publishing the partial with a flag;
     thread t > 0 combines the carry with the partials of blocks 0 to
     t - 1, as they come, and scans its block from that, still in cache;
     the thread with the tile's last block leaves the prefix after it for
     the next tile; barrier.

   A reduce costs a fraction of a scan (it vectorizes; the scan waits on each
   element's predecessor), so thread 0's block is a third longer than the
   others' and all finish together; fewer positions than a tile make one tile
   of shorter blocks, one for each thread.  Fewer still than the cutoff
   below, or a team of one, and the calling thread scans alone, with no
   region started.  Where the scan stores what the reduce reads
   (SCANRT_READS_STORED), thread 0 waits for block 0's partial before it
   scans, and the blocks are equal.  The input is read from memory about once
   and the output written once, with one barrier a tile; partials and flags
   of a tile are not touched again before the barrier after it, and the
   prefixes after consecutive tiles alternate between two slots.  Every
   thread combines the partials in the same order, and the blocks depend only
   on the numbers of threads and positions, so the result of a floating-point
   scan does not change from run to run.  Nothing is allocated: the partials
   live on the calling thread's stack.  */

#include <omp.h>
#include <sched.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

/* Bytes of input a thread scans a tile, at most: the block is read
   twice, and the second read should find it in the core's cache (1 MiB
   of L2 a core on the machine measured).  Blocks of 128 KiB gave 1.3
   times the serial loop's speed at 2^17 to 2^20 ints, 256 KiB 1.5 and
   512 KiB 1.6: a tile costs a barrier.  */
#define BLOCK_BYTES (512 * 1024)

/* A partial's slot: a cache line of its own at least, so that threads
   writing theirs do not share one.  */
#define SLOT_ALIGN 64

/* The most threads the host path runs a scan on: the partials take two
   cache lines a thread on the caller's stack.  */
#define MAX_TEAM 256

/* Below this many bytes of scan elements (2^16 ints, 2^15 doubles), the
   scan function alone on the calling thread is faster than a team: the
   break-even of a `+' scan of ints and of doubles on 2 cores, against the
   loop itself (bench-inscan and bench-host, side by side).  */
#define HOST_PATH_CUTOFF_BYTES ((size_t) 256 * 1024)

int
scanrt_host_route (void)
{
  const char *s = getenv ("SCANOMP_HOST");
  int opencl = s && !strcasecmp (s, "opencl");
  if (s && *s && !opencl && strcasecmp (s, "native")
      && scanrt_first_report ("SCANOMP_HOST", s))
    scanrt_report ("SCANOMP_HOST=%s is not native or opencl; scans outside "
                   "target constructs run natively", s);
  return opencl ? SCANRT_ROUTE_OPENCL : SCANRT_ROUTE_NATIVE;
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

/* Wait until the flag at FLAG holds SEQ.  */
static void
wait_for (const unsigned long *flag, unsigned long seq)
{
  for (unsigned spins = 0; __atomic_load_n (flag, __ATOMIC_ACQUIRE) != seq;
       spins++)
    if (spins >= 1000)
      sched_yield ();
}

/* One thread's part of the scan: see the head of this file.  SLOTS holds
   TEAM slots of STRIDE bytes, each a partial and, in its last 8 bytes, the
   number of the tile it is for; NEXT two more, the prefix after a tile by
   the parity of its number.  */
static void
team_member (const struct scanrt_request *r, unsigned char *slots,
             unsigned char *next, size_t stride, int team)
{
  const struct SCANRT_desc *d = r->desc;
  size_t elem = d->elem_size, n = r->n;
  int t = omp_get_thread_num ();
  alignas (max_align_t) unsigned char carry[elem], mine[elem];
  memcpy (carry, r->seed, elem);
  /* Thread 0's block, and the others' a quarter shorter: they reduce a
     block before they scan theirs.  Where the scan stores what the reduce
     reads, thread 0 waits for the reduce of its block instead: the same
     length.  */
  int wait_first = d->flags & SCANRT_READS_STORED;
  /* A tile is SHARES thirds of the others' block.  As few tiles as
     blocks of BLOCK_BYTES allow, all of the same length, so that the last
     is not a short one that leaves threads idle.  */
  size_t shares = wait_first ? 3 * (size_t) team : 3 * (size_t) team + 1;
  size_t most = BLOCK_BYTES / elem ? BLOCK_BYTES / elem : 1;
  size_t tiles = (n + most * shares / 3 - 1) / (most * shares / 3);
  size_t per_tile = tiles > 1 ? (n + tiles - 1) / tiles : n;
  size_t other = (3 * per_tile + shares - 1) / shares + 1;
  size_t first = wait_first ? other : other + other / 3;
  size_t tile = first + other * (team - 1);
  unsigned long seq = 1;
  for (size_t s = 0; s < n; s += tile, seq++)
    {
      /* Block b of this tile, clamped to the positions; how many of the
         blocks hold any.  */
      size_t lo[2], hi[2];
      for (int k = 0; k < 2; k++)
        {
          int b = k ? (t == team - 1 ? 0 : t) : t;
          size_t from = s + (b ? first + other * (b - 1) : 0);
          lo[k] = from < n ? from : n;
          hi[k] = from + (b ? other : first) < n ? from + (b ? other : first)
                                                  : n;
        }
      int filled = n - s <= first ? 1
                   : (int) (1 + (n - s - first + other - 1) / other);
      if (filled > team)
        filled = team;
      /* The partial of block 0 (reduced by the last thread) or of the
         thread's own, where a later thread needs it.  */
      int reduced = t == team - 1 ? 0 : t;
      if (t > 0 && reduced < filled - 1)
        {
          unsigned char *slot = slots + reduced * stride;
          d->reduce (r->args, r->first, lo[1], hi[1], slot);
          __atomic_store_n ((unsigned long *) (slot + stride - 8), seq,
                            __ATOMIC_RELEASE);
        }
      memcpy (mine, carry, elem);
      if (t == 0 && wait_first && filled > 1)
        wait_for ((const unsigned long *) (slots + stride - 8), seq);
      if (lo[0] < hi[0])
        {
          for (int j = 0; j < t; j++)
            {
              unsigned char *slot = slots + j * stride;
              wait_for ((const unsigned long *) (slot + stride - 8), seq);
              d->combine (mine, slot);
            }
          d->scan (r->args, r->first, lo[0], hi[0], mine);
          if (t == filled - 1)
            memcpy (next + (seq & 1) * stride, mine, elem);
        }
#pragma omp barrier
      memcpy (carry, next + (seq & 1) * stride, elem);
    }
  if (t == 0 && r->total)
    memcpy (r->total, carry, elem);
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

int
scanrt_team_scan (const struct scanrt_request *r, int threads)
{
  const struct SCANRT_desc *d = r->desc;
  if (!d->reduce || !d->scan || !d->combine)
    return SCANRT_HOST;
  /* A team of one thread, as num_threads(1), if(0), the ICV or a region
     nested past max-active-levels would make it, or too few positions to
     share: the loop on this thread, without starting a region.  */
  if (threads == 1 || r->n < team_cutoff (d)
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
  size_t stride = (elem + 8 + SLOT_ALIGN - 1) / SLOT_ALIGN * SLOT_ALIGN;
  alignas (SLOT_ALIGN) unsigned char slots[((size_t) most + 2) * stride];
  for (int j = 0; j < most; j++)
    *(unsigned long *) (slots + (j + 1) * stride - 8) = 0;
#pragma omp parallel num_threads (most)
  {
    int team = omp_get_num_threads ();
    /* OMP_DYNAMIC or a thread limit may give fewer threads, even one.  */
    if (team == 1)
      scan_alone (r);
    else
      team_member (r, slots, slots + most * stride, stride, team);
  }
  return SCANRT_OK;
}
