/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* scan-lookback.cl: the single-pass kernel set for GPUs, a scan with
   decoupled look-back (Merrill and Garland, "Single-pass Parallel Prefix
   Scan with Decoupled Look-back", NVIDIA, 2016).  It reads each input
   element once and writes each result once, as a copy does.

   Each work-group scans one tile of SCANOMP_WG * SCANOMP_ITEMS elements:
   it loads the tile through local memory with coalesced reads, each
   work-item scans its SCANOMP_ITEMS consecutive elements in registers, and
   a scan across the work-items gives each one its place in the tile.  The
   tile's prefix comes from the tiles before it:

     1. as soon as its own total (aggregate) is known, the tile publishes
        it;
     2. its first work-item then reads the status of SCANOMP_LOOKBACK
        preceding tiles at once and walks them from the nearest, waiting
        for each until it has published at least an aggregate.  The
        nearest tile that has published an inclusive prefix ends the
        look-back; the aggregates after it are combined onto it, in order.
        If the window holds no inclusive prefix, its aggregates are
        combined and the window moves back;
     3. the tile publishes its inclusive prefix and stores its results.

   Tiles are numbered by an atomic ticket taken when the work-group starts,
   not by group id, so a tile waits only for tiles that have already
   started: the look-back cannot deadlock, whatever order the device runs
   work-groups in.

   Publication has to be visible device-wide.  Some OpenCL drivers
   (NVIDIA's) honour mem_fence only within a work-group, so a value written
   before a flag may be read stale after the flag.  Here the flag travels
   with the value instead: every 32-bit word of a published value goes into
   a 64-bit word as (epoch << 32) | word, written and read with 64-bit
   atomics.  A reader takes a value only when each of its words carries
   this launch's epoch; no ordering between words is needed, since each is
   written once per launch.  This needs cl_khr_int64_base_atomics.

   Parameters (besides those of scanomp-common.h):
     SCANOMP_WG        the work-group size, a power of two.  Launch with
                       this local size.
     SCANOMP_ITEMS     elements per work-item.
     SCANOMP_LOOKBACK  tiles read at once during the look-back, 1 to 64.
                       Default 16.

   Kernel scanomp_lookback_scan (n_, first_, seed_, flags_, state_,
                                 ticket_base_, epoch_, total_,
                                 SCANOMP_PARAMS...)
     n_      ulong: element count, positions 0 .. n-1;
     first_  long: the index the hooks get for position 0;
     seed_   the value combined before position 0;
     flags_  uint: SCANOMP_FLAG_EXCLUSIVE, or 0 for an inclusive scan;
     state_  ulong[1 + 2 * WORDS * tiles], WORDS = ceil (sizeof (scanomp_t)
             / 4): state[0] counts tickets in its low 32 bits; then, for
             tile t, its aggregate in WORDS words from 1 + 2 * WORDS * t and
             its inclusive prefix in the next WORDS words.  The buffer is
             kept from launch to launch and never cleared:
     ticket_base_  uint: the ticket count before this launch;
     epoch_  uint: a value no word of state[1 ...] carries in its high half
             before this launch (the host counts launches, from 1, and
             zeroes the buffer before the count wraps);
     total_  scanomp_t[1]: receives seed combined with every element.
   Launch it with ceil (n / (SCANOMP_WG * SCANOMP_ITEMS)) work-groups.  */

#include "scanomp-common.h"
#include "scanomp-group.h"

#ifndef SCANOMP_ITEMS
#error "scanomp: define SCANOMP_ITEMS, the elements per work-item"
#endif
#ifndef SCANOMP_LOOKBACK
#define SCANOMP_LOOKBACK 16
#endif
#if SCANOMP_LOOKBACK < 1 || SCANOMP_LOOKBACK > 64
#error "scanomp: SCANOMP_LOOKBACK must be 1 to 64"
#endif

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

#define ITEMS SCANOMP_ITEMS
#define TILE (SCANOMP_WG * SCANOMP_ITEMS)
/* Position P of a tile in local memory, one element of padding after every
   32 so that work-items reading their consecutive elements hit different
   banks.  */
#define PAD(p) ((p) + (p) / 32)
#define WORDS ((sizeof (scanomp_t) + 3) / 4)

/* A value as the 32-bit words it is published in.  */
typedef union
{
  scanomp_t v;
  uint w[WORDS];
} scanomp_words;

/* Publish V in the WORDS status words at S, tagged with EPOCH.  */
static void
publish (__global ulong *s, scanomp_t v, uint epoch)
{
  scanomp_words u;
  u.v = v;
  for (uint k = 0; k < WORDS; k++)
    atom_xchg ((volatile __global ulong *) &s[k],
               (ulong) epoch << 32 | u.w[k]);
}

/* Whether the WORDS status words at S all carry EPOCH; if so, their value
   goes to *V.  */
static bool
take (__global ulong *s, uint epoch, scanomp_t *v)
{
  scanomp_words u;
  bool ready = true;
  for (uint k = 0; k < WORDS; k++)
    {
      ulong w = atom_add ((volatile __global ulong *) &s[k], 0);
      ready &= (uint) (w >> 32) == epoch;
      u.w[k] = (uint) w;
    }
  if (ready)
    *v = u.v;
  return ready;
}

/* What tile K has published: its inclusive prefix (HAS_PREFIX), else its
   aggregate (HAS_AGGREGATE), else nothing yet (0); the value goes to *V.
   Both are read, so that the reads of several tiles are in flight
   together.  */
#define HAS_AGGREGATE 1u
#define HAS_PREFIX 2u

static uint
status_of (__global ulong *status, long k, uint epoch, scanomp_t *v)
{
  __global ulong *s = status + 2 * WORDS * (ulong) k;
  scanomp_t a, p;
  bool has_a = take (s, epoch, &a), has_p = take (s + WORDS, epoch, &p);
  *v = has_p ? p : a;
  return has_p ? HAS_PREFIX : has_a ? HAS_AGGREGATE : 0;
}

/* The exclusive prefix of tile T (> 0): the look-back, by one work-item.
   It reads the status of SCANOMP_LOOKBACK tiles before T at once, then
   walks them from the nearest, waiting for each until it has published,
   combining their aggregates in front of what it has, until a tile's
   inclusive prefix ends the walk.  A window without one moves back.  No
   barrier waits inside the walk, so only the first work-item takes part.  */
static scanomp_t
look_back (__global ulong *status, uint t, uint epoch)
{
  scanomp_t run = SCANOMP_IDENTITY;  /* tiles [end, t), combined */
  for (long end = t;; end -= SCANOMP_LOOKBACK)
    {
      scanomp_t v[SCANOMP_LOOKBACK];
      uint f[SCANOMP_LOOKBACK];
      for (uint j = 0; j < SCANOMP_LOOKBACK; j++)
        f[j] = end - 1 - (long) j >= 0
                 ? status_of (status, end - 1 - (long) j, epoch, &v[j]) : 0;
      for (uint j = 0; j < SCANOMP_LOOKBACK; j++)
        {
          long k = end - 1 - (long) j;
          /* Tile 0 publishes its inclusive prefix: the walk ends there at
             the latest.  */
          while (!f[j])
            f[j] = status_of (status, k, epoch, &v[j]);
          run = SCANOMP_COMBINE (v[j], run);
          if (f[j] == HAS_PREFIX)
            return run;
        }
    }
}

__kernel __attribute__ ((reqd_work_group_size (SCANOMP_WG, 1, 1))) void
scanomp_lookback_scan (ulong n_, long first_, scanomp_t seed_, uint flags_,
                       __global ulong *state_, uint ticket_base_,
                       uint epoch_, __global scanomp_t *total_,
                       SCANOMP_PARAMS)
{
  __local scanomp_t buf_[PAD (TILE)];
  __local scanomp_t tmp_[SCANOMP_WG];
  __local scanomp_t prefix_;
  __local uint tile_;
  uint l_ = get_local_id (0);
  __global ulong *status_ = state_ + 1;

  if (l_ == 0)
    tile_ = atomic_inc ((volatile __global uint *) state_) - ticket_base_;
  barrier (CLK_LOCAL_MEM_FENCE);
  uint t_ = tile_;
  ulong base_ = (ulong) t_ * TILE;

  /* Load the tile in coalesced order; pad past the end with the
     identity.  */
  for (uint j_ = 0; j_ < ITEMS; j_++)
    {
      uint p_ = j_ * SCANOMP_WG + l_;
      buf_[PAD (p_)] = base_ + p_ < n_ ? SCANOMP_INPUT (first_ + (long) (base_
                                                                    + p_))
                                       : SCANOMP_IDENTITY;
    }
  barrier (CLK_LOCAL_MEM_FENCE);

  /* Scan this work-item's elements in registers.  */
  scanomp_t v_[ITEMS];
#pragma unroll
  for (uint k_ = 0; k_ < ITEMS; k_++)
    v_[k_] = buf_[PAD (l_ * ITEMS + k_)];
#pragma unroll
  for (uint k_ = 1; k_ < ITEMS; k_++)
    v_[k_] = SCANOMP_COMBINE (v_[k_ - 1], v_[k_]);
  scanomp_t aggregate_;
  scanomp_t run_ = group_scan (v_[ITEMS - 1], tmp_, &aggregate_);

  /* The tile's prefix: the seed for tile 0, else the look-back's.  */
  if (l_ == 0)
    {
      __global ulong *mine_ = status_ + 2 * WORDS * (ulong) t_;
      scanomp_t before_ = seed_;
      if (t_ > 0)
        {
          publish (mine_, aggregate_, epoch_);
          before_ = look_back (status_, t_, epoch_);
        }
      publish (mine_ + WORDS, SCANOMP_COMBINE (before_, aggregate_), epoch_);
      if (base_ + TILE >= n_)
        total_[0] = SCANOMP_COMBINE (before_, aggregate_);
      prefix_ = before_;
    }
  barrier (CLK_LOCAL_MEM_FENCE);

  /* Results through local memory again, for coalesced stores.  */
  run_ = SCANOMP_COMBINE (prefix_, run_);
  int exclusive_ = (flags_ & SCANOMP_FLAG_EXCLUSIVE) != 0;
#pragma unroll
  for (uint k_ = 0; k_ < ITEMS; k_++)
    buf_[PAD (l_ * ITEMS + k_)]
      = exclusive_ ? (k_ == 0 ? run_ : SCANOMP_COMBINE (run_, v_[k_ - 1]))
                   : SCANOMP_COMBINE (run_, v_[k_]);
  barrier (CLK_LOCAL_MEM_FENCE);
  for (uint j_ = 0; j_ < ITEMS; j_++)
    {
      uint p_ = j_ * SCANOMP_WG + l_;
      if (base_ + p_ < n_)
        SCANOMP_STORE (first_ + (long) (base_ + p_), buf_[PAD (p_)]);
    }
}
