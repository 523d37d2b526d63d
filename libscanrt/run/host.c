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
   seed would take all of it; where it costs half of one
   (SCANRT_HALF_REDUCE: a recurrence's pairs in lanes), half a block.
   Where the scan stores what the reduce reads (SCANRT_READS_STORED, or
   arrays that overlap, as one passed as both input and output does),
   block 0 may not be scanned while another thread reduces it: there
   each thread reduces its own block, with no head, and scans it
   (team_member_own), so that no block moves between two threads'
   caches.  Thread 0 once waited for block 0's partial instead, keeping
   the head; the block then moved twice a call, and bench-host's
   in-place table (y[i] += y[i-1], 2 threads, three runs of each
   alternating) ran at 0.63 to 0.85 times the serial loop's speed at
   2^17 and 2^20 elements, against 1.36 to 3.05 in own blocks; 1.06 to
   2.29 against 1.94 to 3.16 at 2^24; at 2^26, 1.63 to 3.07 against
   1.64 to 2.92.
   Below the cutoff (route.c), or on a team
   of one, the calling thread scans alone, with no region started; so it
   does in a process forked from one that may have started libgomp's
   threads, whose team libgomp cannot start again there (a `parallel'
   hangs).

   Tiles of cache-sized blocks, one barrier a tile, were slower on the
   machine measured (2 cores, 1 MiB of L2 each) at every size from 2^17 to
   2^26 elements, in a pipeline of parallel loops the most: the barriers
   cost more than the second reads from the shared cache save, and a
   `parallel for' before the scan leaves each half of its output in the
   cache of the thread that wrote it, as one block per thread has it.

   Past the caches, a block's second read comes from memory, and chains
   of cache-sized chunks (each reduced, then scanned while still in
   cache, its prefix passed on from the chunk before) read each element
   from memory once.  On the machine measured, with the head above, they
   saved nothing: from 2^22 to 2^26 elements they ran at 0.94 to 1.02
   times the speed of blocks for ints, 0.94 to 0.98 for floats and 0.88
   to 0.91 for doubles (each chunk is reduced and scanned, where blocks
   spare the head its reduce).  And each chunk waits for the one before
   it, so that a thread the system holds back stalls the others, a
   thousand times a scan: with a busy process beside 3 threads, a scan of
   2^24 doubles took 0.5 to 1.3 s in chunks against 16 ms in blocks.
   Blocks it is, at every size.  Nor did non-temporal stores pay, which
   spare each output line its read before the write: a second scan
   function of the vector forms, its 16-byte stores made non-temporal
   where aligned (a plugin pass after GCC's vectorizers), ran at 0.66 to
   0.78 times a two-thread copy's speed at 2^24 and 2^25 ints, against
   0.67 to 0.75 without, and took 50 to 54 ms against 44 ms for 2^26
   doubles.

   Where the loop's input phase costs more than a store and a load of
   what it yields (the plugin's judgment: calls, or reads of more than
   twice those bytes), a reduce costs what a scan does and the scan runs
   that phase again.  The descriptor then has functions that keep each
   position's contribution in an array of the positions' elements,
   allocated for the call: each thread reduces its block, keeping them,
   and then scans it from them, with no head, as where the scan stores
   what the reduce reads (team_member_own), so that the phase runs once
   an element; where the array cannot be had, the blocks above run.

   An orphaned loop (SCANRT_THREADS_TEAM) runs in a team that already
   exists, one thread of which calls here while the others wait at the
   loop's barrier: the scan is shared among that team as tasks, which
   waiting threads take.  Tasks need not run at once, so none waits for
   another: the calling thread scans the head while tasks reduce the
   blocks but the last; it then combines the partials into each block's
   prefix, and scans block 0 on from the head while tasks scan the others
   from theirs.

   A loop's late items (scanrt-abi.h) are found by the scan function
   alone, each call from their identities over its own positions: once
   the blocks are scanned, the thread that scans the last one joins, in
   its total, the late fields of every call's carry before its own (the
   blocks', the head's) and the seed's, in the positions' order.

   Every thread combines the partials in the same order, and the blocks
   depend only on the numbers of threads and positions, on the loop's
   descriptor and on whether the call's arrays overlap, so the result of
   a floating-point scan does not change from run to run.  Nothing is
   allocated but the kept contributions' array: the partials live on the
   calling thread's stack.  */

#include <omp.h>
#include <sched.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "run.h"

/* A partial's slot: a cache line of its own at least, so that threads
   writing theirs do not share one.  */
#define SLOT_ALIGN 64

/* The most threads the host path runs a scan on: the partials take a
   slot a thread on the caller's stack.  */
#define MAX_TEAM 256

/* Set in a child process forked after libscanrt was loaded.  */
static volatile int forked;

static void
after_fork_child (void)
{
  forked = 1;
}

__attribute__ ((constructor)) static void
watch_forks (void)
{
  pthread_atfork (NULL, NULL, after_fork_child);
}

/* Whether R runs alone for want of a team: in a forked child, which
   says so once.  */
static int
no_team (const struct scanrt_request *r)
{
  if (forked && scanrt_first_report ("fork", "host path"))
    scanrt_report ("%s: this process was forked, and libgomp's threads do "
                   "not survive a fork: host scans here run on the calling "
                   "thread alone", r->site);
  return forked;
}

/* The bytes of a slot that holds BYTES: whole lines of SLOT_ALIGN.  */
static size_t
slot_bytes (size_t bytes)
{
  return (bytes + SLOT_ALIGN - 1) / SLOT_ALIGN * SLOT_ALIGN;
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
   quarter of a scan, half of it (SCANRT_HALF_REDUCE) or all of it
   (SCANRT_SERIAL_REDUCE): the head is that much of a block.  Where
   HEADLESS (the positions' contributions kept, or a scan that stores
   what the reduce reads), there is no head: each thread reduces its
   own block and scans it.  */
static struct blocks
blocks_of (const struct scanrt_request *r, int team, int headless)
{
  struct blocks g = { r->n, 0, 0, team, 0 };
  unsigned flags = r->desc->flags;
  size_t quarters = headless ? 0 : flags & SCANRT_SERIAL_REDUCE ? 4
                    : flags & SCANRT_HALF_REDUCE ? 2 : 1;
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

/* Where R's loop has late items: join into *TOTAL, the carry that the
   scan of the last positions left, those that the scans before it left,
   ENDS[0 .. COUNT) in the positions' order, and then the seed's.  */
static void
join_ends (const struct scanrt_request *r, void *total,
           const unsigned char *const *ends, int count)
{
  const struct SCANRT_desc *d = r->desc;
  if (!d->join_late || !total)
    return;
  for (int j = count; j-- > 0;)
    d->join_late (total, ends[j]);
  d->join_late (total, r->seed);
}

/* After thread T's scan of its block, which left CARRY: where the loop
   has late items and a later block follows, publish CARRY in its slot of
   ENDS (STRIDE bytes each, the flag in the last 8); on the thread of the
   LAST block, set R's total from it, joining the late items of HEAD (the
   carry of positions scanned before block 0, or NULL) and of the earlier
   blocks' carries, in the positions' order.  */
static void
finish_block (const struct scanrt_request *r, unsigned char *ends,
              size_t stride, int t, int last, const unsigned char *carry,
              const unsigned char *head)
{
  const struct SCANRT_desc *d = r->desc;
  if (d->join_late && t < last)
    {
      unsigned char *end = ends + t * stride;
      memcpy (end, carry, d->elem_size);
      __atomic_store_n ((unsigned long *) (end + stride - 8), 1,
                        __ATOMIC_RELEASE);
    }
  if (t != last || !r->total)
    return;
  memcpy (r->total, carry, d->elem_size);
  const unsigned char *before[MAX_TEAM + 1];
  int count = 0;
  if (d->join_late && head)
    before[count++] = head;
  for (int b = 0; d->join_late && b < last; b++)
    {
      wait_for ((const unsigned long *) (ends + (b + 1) * stride - 8), 1);
      before[count++] = ends + b * stride;
    }
  join_ends (r, r->total, before, count);
}

/* One thread's part of the scan of R in blocks by a team of TEAM: see
   the head of this file.  SLOTS holds TEAM + 1 slots of STRIDE bytes,
   each a value and, in its last 8 bytes, a flag that it is there: the
   prefix through thread 0's head, then each block's partial.  Where the
   loop has late items, ENDS holds TEAM slots more, each block's carry
   once scanned.  */
static void
team_member (const struct scanrt_request *r, unsigned char *slots,
             unsigned char *ends, size_t stride, int team)
{
  const struct SCANRT_desc *d = r->desc;
  struct blocks g = blocks_of (r, team, 0);
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
  /* The head's carry, where it was scanned before block 0.  */
  finish_block (r, ends, stride, t, last, carry,
                g.head && g.filled ? slots : NULL);
}

/* One thread's part of the scan of R by a team of TEAM in blocks with no
   head, each its thread's own: the thread reduces its block (but the
   last thread, whose partial no one needs, unless the positions'
   contributions are kept in VALS), publishes its partial in its slot of
   SLOTS (laid out as team_member's), combines the seed with the
   partials of the blocks before its own, and scans its block, from the
   values kept where VALS is not NULL; ENDS as team_member's.  Where the
   scan stores what the reduce reads, no block is read by one thread and
   stored by another, so none waits for another's reduce, and each block
   stays in the cache of the thread that reduces and scans it, call
   after call; where the values are kept, each thread reads its own.  */
static void
team_member_own (const struct scanrt_request *r, unsigned char *slots,
                 unsigned char *ends, size_t stride, int team, void *vals)
{
  const struct SCANRT_desc *d = r->desc;
  struct blocks g = blocks_of (r, team, 1);
  int t = omp_get_thread_num ();
  int last = g.filled ? g.filled - 1 : 0;
  size_t lo, hi;
  block_of (&g, t, &lo, &hi);
  if (lo == hi && t != last)
    return;
  unsigned char *slot = slots + (1 + t) * stride;
  if (vals && lo < hi)
    d->reduce_keep (r->args, r->first, lo, hi, slot, vals);
  else if (!vals && t < last)
    d->reduce (r->args, r->first, lo, hi, slot);
  __atomic_store_n ((unsigned long *) (slot + stride - 8), 1,
                    __ATOMIC_RELEASE);
  alignas (max_align_t) unsigned char carry[d->elem_size];
  memcpy (carry, r->seed, d->elem_size);
  for (int j = 0; j < t; j++)
    {
      unsigned char *before = slots + (1 + j) * stride;
      wait_for ((const unsigned long *) (before + stride - 8), 1);
      d->combine (carry, before);
    }
  if (lo < hi && vals)
    d->scan_kept (r->args, r->first, lo, hi, carry, vals);
  else if (lo < hi)
    d->scan (r->args, r->first, lo, hi, carry);
  finish_block (r, ends, stride, t, last, carry, NULL);
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
    {
      memcpy (r->total, carry, d->elem_size);
      join_ends (r, r->total, NULL, 0);
    }
}

/* R's scan shared among the TEAM threads of the calling thread's team as
   tasks, where the positions' contributions are kept in VALS: a task
   reduces each block, keeping them; the calling thread combines the
   partials into each block's prefix; a task scans each block from
   the values kept.  */
static void
task_scan_kept (const struct scanrt_request *r, int team, void *vals)
{
  const struct SCANRT_desc *d = r->desc;
  size_t elem = d->elem_size;
  struct blocks g = blocks_of (r, team, 1);
  size_t stride = slot_bytes (elem);
  /* Block b's partial, then its prefix, in slot b.  */
  alignas (SLOT_ALIGN) unsigned char slots[(size_t) team * stride];
  alignas (max_align_t) unsigned char prefix[elem];
  for (int b = 0; b < g.filled; b++)
    {
#pragma omp task firstprivate (b) shared (slots, g)
      {
        size_t lo, hi;
        block_of (&g, b, &lo, &hi);
        d->reduce_keep (r->args, r->first, lo, hi, slots + b * stride,
                        vals);
      }
    }
#pragma omp taskwait
  memcpy (prefix, r->seed, elem);
  for (int b = 0; b < g.filled; b++)
    {
      unsigned char *slot = slots + b * stride;
      alignas (max_align_t) unsigned char partial[elem];
      memcpy (partial, slot, elem);
      memcpy (slot, prefix, elem);
      d->combine (prefix, partial);
#pragma omp task firstprivate (b) shared (slots, g)
      {
        size_t lo, hi;
        block_of (&g, b, &lo, &hi);
        d->scan_kept (r->args, r->first, lo, hi, slots + b * stride, vals);
      }
    }
#pragma omp taskwait
  if (r->total)
    memcpy (r->total, prefix, elem);
}

/* R's scan shared among the TEAM threads of the calling thread's team as
   tasks: see the head of this file.  */
static void
task_scan (const struct scanrt_request *r, int team)
{
  const struct SCANRT_desc *d = r->desc;
  size_t elem = d->elem_size;
  struct blocks g = blocks_of (r, team, 0);
  size_t stride = slot_bytes (elem);
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
  /* The head's carry, for a loop's late items.  */
  alignas (max_align_t) unsigned char head[elem];
  memcpy (head, carry, elem);
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
  if (!r->total)
    return;
  memcpy (r->total, g.filled > 1 ? slots + (g.filled - 2) * stride : carry,
          elem);
  /* The calls' carries before the last's: the head's, block 0's, and
     block B's in slot B - 1.  */
  const unsigned char *before[MAX_TEAM + 1];
  int count = 0;
  if (lo0 && g.filled)
    before[count++] = head;
  if (g.filled > 1)
    before[count++] = carry;
  for (int b = 1; b < g.filled - 1; b++)
    before[count++] = slots + (b - 1) * stride;
  join_ends (r, r->total, before, count);
}

/* Room for what each of R's positions contributes, where its loop keeps
   them (SCANRT_desc.reduce_keep), or NULL: the functions that do not
   keep them run then, as where the room cannot be had.  */
static void *
kept_values (const struct scanrt_request *r)
{
  const struct SCANRT_desc *d = r->desc;
  if (!d->reduce_keep || !d->scan_kept || d->join_late
      || r->n > SIZE_MAX / d->elem_size)
    return NULL;
  return malloc (r->n * d->elem_size);
}

int
scanrt_team_scan (const struct scanrt_request *r, int threads, int alone)
{
  const struct SCANRT_desc *d = r->desc;
  if (!d->reduce || !d->scan || !d->combine)
    return SCANRT_HOST;
  /* A seed in the loop's array, read once, before the team reads it.  */
  struct scanrt_request valued;
  if (r->seed_at)
    {
      valued = *r;
      valued.seed = scanrt_request_seed (r);
      valued.seed_at = NULL;
      r = &valued;
    }
  /* A reproducible scan (repro.c): on the team the loop would have; an
     orphaned loop's as tasks of the team running it.  */
  if (scanrt_repro_wanted (r))
    {
      int orphaned = threads == SCANRT_THREADS_TEAM;
      int team = alone || !r->n || no_team (r) ? 1
                 : orphaned ? omp_get_num_threads ()
                 : omp_get_active_level () >= omp_get_max_active_levels ()
                   ? 1
                 : threads > 0 ? threads : omp_get_max_threads ();
      if (scanrt_repro_team_scan (r, team, orphaned) == SCANRT_OK)
        return SCANRT_OK;
    }
  if (threads == SCANRT_THREADS_TEAM)
    {
      int team = omp_get_num_threads ();
      if (team > MAX_TEAM)
        team = MAX_TEAM;
      void *vals = team == 1 || alone || !r->n ? NULL : kept_values (r);
      if (team == 1 || alone || !r->n)
        scan_alone (r);
      else if (vals)
        task_scan_kept (r, team, vals);
      else
        task_scan (r, team);
      free (vals);
      return SCANRT_OK;
    }
  /* A team of one thread, as num_threads(1), if(0), the ICV or a region
     nested past max-active-levels would make it, or too few positions to
     share: the loop on this thread, without starting a region.  */
  if (threads == 1 || alone || !r->n
      || (!threads && omp_get_max_threads () == 1)
      || omp_get_active_level () >= omp_get_max_active_levels ()
      || no_team (r))
    {
      scan_alone (r);
      return SCANRT_OK;
    }
  /* The team is at most the threads asked for, or the ICV's.  */
  int most = threads > 0 ? threads : omp_get_max_threads ();
  if (most > MAX_TEAM)
    most = MAX_TEAM;
  /* The head's slot and a slot a thread, each a value and its flag.  */
  size_t stride = slot_bytes (d->elem_size + 8);
  alignas (SLOT_ALIGN) unsigned char slots[((size_t) most + 1) * stride];
  memset (slots, 0, sizeof slots);
  /* Each block's carry once scanned, where the loop has late items.  */
  alignas (SLOT_ALIGN) unsigned char ends[d->join_late ? most * stride
                                                       : 1];
  if (d->join_late)
    memset (ends, 0, sizeof ends);
  void *vals = kept_values (r);
#pragma omp parallel num_threads (most)
  {
    int team = omp_get_num_threads ();
    /* OMP_DYNAMIC or a thread limit may give fewer threads, even one.  */
    if (team == 1)
      scan_alone (r);
    else if (vals || scanrt_reads_stored (r))
      team_member_own (r, slots, ends, stride, team, vals);
    else
      team_member (r, slots, ends, stride, team);
  }
  free (vals);
  return SCANRT_OK;
}
