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

   A reduce costs a fraction of a scan (it vectorizes; the scan waits on
   each element's predecessor), so thread 0's block is a third longer
   than the others' and all finish together.  Where the scan stores what
   the reduce reads (SCANRT_READS_STORED), thread 0 waits for block 0's
   partial before it scans, and the blocks are equal.  The input is read
   from memory about once and the output written once, with one barrier
   a tile; partials and flags of a tile are not touched again before the
   barrier after it, and the prefixes after consecutive tiles alternate
   between two slots.  Every thread combines the partials in the same
   order, and the blocks depend only on the number of threads, so the
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

/* Bytes of input a thread scans a tile: the block is read twice, and the
   second read should find it in the core's cache (1 MiB of L2 a core on
   the machine measured, with the output's lines beside it).  */
#define BLOCK_BYTES (128 * 1024)

/* A partial's slot: a cache line of its own at least, so that threads
   writing theirs do not share one.  */
#define SLOT_ALIGN 64

/* The most threads the host path runs a scan on: the partials take two
   cache lines a thread on the caller's stack.  */
#define MAX_TEAM 256

/* Below this many positions the caller's own sequential loop is faster
   than a team; SCANOMP_HOST_CUTOFF overrides it.  Measured on 2 cores
   (make bench): see docs/clause.md.  */
#define HOST_PATH_CUTOFF ((size_t) 1 << 14)

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

size_t
scanrt_team_cutoff (void)
{
  return scanrt_env_size ("SCANOMP_HOST_CUTOFF", HOST_PATH_CUTOFF);
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
  size_t other = BLOCK_BYTES / elem ? BLOCK_BYTES / elem : 1;
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

int
scanrt_team_scan (const struct scanrt_request *r, int threads)
{
  const struct SCANRT_desc *d = r->desc;
  if (!d->reduce || !d->scan || !d->combine || threads == 1
      || (!threads && omp_get_max_threads () == 1)
      || r->n < scanrt_team_cutoff ())
    return SCANRT_HOST;
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
    if (team == 1)
      {
        /* One thread (a nested region, say): the loop itself.  */
        alignas (max_align_t) unsigned char carry[elem];
        memcpy (carry, r->seed, elem);
        d->scan (r->args, r->first, 0, r->n, carry);
        if (r->total)
          memcpy (r->total, carry, elem);
      }
    else
      team_member (r, slots, slots + most * stride, stride, team);
  }
  return SCANRT_OK;
}
