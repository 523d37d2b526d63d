/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* scan-lookback.cl: the single-pass kernel set for GPUs, a scan with
   decoupled look-back (Merrill and Garland, "Single-pass Parallel Prefix
   Scan with Decoupled Look-back", NVIDIA, 2016).  One launch reads each
   input element once and writes each result once, as a copy does.

   Each work-group scans one tile of SCANOMP_WG * SCANOMP_ITEMS elements:
   it loads the tile through local memory with coalesced reads, each
   work-item scans its SCANOMP_ITEMS consecutive elements in registers, and
   a group scan gives each work-item its place in the tile.  The tile's
   prefix comes from the tiles before it:

     1. as soon as its own total (aggregate) is known, the tile publishes
        it (tile 0 publishes its inclusive prefix at once);
     2. the look-back: a window of SCANOMP_LOOKBACK work-items reads the
        status of as many preceding tiles at once, one each.  When every
        tile in the window up to the nearest one with an inclusive prefix
        has published at least its aggregate, their values are combined in
        order, by a tree; otherwise the window is read again.  A window
        without an inclusive prefix is combined whole and moves back
        (with SCANOMP_WALK, one work-item reads the window and walks it);
     3. the tile publishes its inclusive prefix and stores its results.

   Tiles are numbered by an atomic ticket taken when the work-group starts,
   not by group id, so a tile waits only for tiles that have already
   started: the look-back cannot deadlock, whatever order the device runs
   work-groups in, as long as a started work-group keeps running (true of
   GPUs and of pocl, whose work-groups run to their end on one thread).

   A tile's status is one slot of SCANOMP_WORDS 64-bit words, each holding
   a 32-bit word of the published value in its low half and a tag in its
   high half: (epoch << 1) | 1 for an inclusive prefix, (epoch << 1) for an
   aggregate.  The flag travels with the value, so no fence is needed
   between them (NVIDIA's OpenCL honours mem_fence only within a
   work-group).  A reader takes a slot only when all its words carry the
   same tag of this launch's epoch; each word is written once per kind and
   launch.  Words are published with 64-bit atomic exchanges
   (cl_khr_int64_base_atomics) and polled with plain volatile loads.

   Parameters (besides those of scanomp-common.h and scanomp-group.h):
     SCANOMP_WG        the work-group size, a power of two.  Launch with
                       this local size.
     SCANOMP_ITEMS     elements per work-item.
     SCANOMP_LOOKBACK  tiles read at once during the look-back: a power of
                       two up to SCANOMP_WG; 32 (a warp) with SCANOMP_PTX.
                       Default 32, or SCANOMP_WG if smaller.
     SCANOMP_WALK      1: one work-item reads the window and walks it, with
                       no barrier inside a loop (CPU devices: pocl 7.1
                       hung on the group's window in work-groups of 64 or
                       more, pocl 3.1 in those of 8 or fewer).  Always so
                       in work-groups under 32 without PTX.  Default 0.

   Kernel scanomp_lookback_scan (n_, first_, seed_, flags_, state_,
                                 ticket_base_, epoch_, total_,
                                 SCANOMP_PARAMS...)
     n_      ulong: element count, positions 0 .. n-1;
     first_  long: the index the hooks get for position 0;
     seed_   the value combined before position 0;
     flags_  uint: SCANOMP_FLAG_EXCLUSIVE, or 0 for an inclusive scan;
     state_  ulong[1 + SCANOMP_WORDS * tiles]: state[0] counts tickets in
             its low 32 bits; tile t's slot starts at 1 + SCANOMP_WORDS * t.
             The buffer is kept from launch to launch and never cleared:
     ticket_base_  uint: the ticket count before this launch;
     epoch_  uint, below 2^31: a value no tag of state[1 ...] carries
             before this launch (the host counts launches, from 1, and
             zeroes the buffer before the count passes 2^31 - 1);
     total_  scanomp_t[1]: receives seed combined with every element.
   Launch it with ceil (n / (SCANOMP_WG * SCANOMP_ITEMS)) work-groups.  */

#include "scanomp-common.h"
#include "scanomp-group.h"

#ifndef SCANOMP_ITEMS
#error "scanomp: define SCANOMP_ITEMS, the elements per work-item"
#endif
#ifndef SCANOMP_LOOKBACK
#define SCANOMP_LOOKBACK (SCANOMP_WG < 32 ? SCANOMP_WG : 32)
#endif
/* The look-back by one work-item: where asked (CPU devices), and in
   work-groups under 32 without PTX.  */
#ifndef SCANOMP_WALK
#define SCANOMP_WALK 0
#endif
#if !SCANOMP_PTX && SCANOMP_WG < 32
#undef SCANOMP_WALK
#define SCANOMP_WALK 1
#endif
#if SCANOMP_PTX && SCANOMP_WALK
#error "scanomp: SCANOMP_PTX and SCANOMP_WALK exclude each other"
#endif
#if SCANOMP_PTX && SCANOMP_LOOKBACK != 32
#error "scanomp: SCANOMP_PTX looks back one warp, 32 tiles, at a time"
#endif
#if SCANOMP_LOOKBACK < 1 || SCANOMP_LOOKBACK > SCANOMP_WG \
    || (SCANOMP_LOOKBACK & (SCANOMP_LOOKBACK - 1)) != 0
#error "scanomp: SCANOMP_LOOKBACK must be a power of two up to SCANOMP_WG"
#endif

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

#define ITEMS SCANOMP_ITEMS
#define TILE (SCANOMP_WG * SCANOMP_ITEMS)
#define LOOKBACK SCANOMP_LOOKBACK
/* Position P of a tile in local memory, one element of padding after every
   32 so that work-items reading their consecutive elements hit different
   banks.  */
#define PAD(p) ((p) + (p) / 32)

/* What a tile's slot holds.  */
#define NOT_YET 0u
#define AGGREGATE 1u
#define PREFIX 2u

/* Publish V as KIND (AGGREGATE or PREFIX) in SLOT, for EPOCH.  */
static void
publish (__global ulong *slot, scanomp_t v, uint kind, uint epoch)
{
  scanomp_words u;
  u.v = v;
  ulong tag = (ulong) (epoch << 1 | (kind == PREFIX)) << 32;
  for (uint k = 0; k < SCANOMP_WORDS; k++)
    atom_xchg ((volatile __global ulong *) &slot[k], tag | u.w[k]);
}

/* What SLOT holds in EPOCH: NOT_YET, or AGGREGATE or PREFIX with the value
   in *V.  */
static uint
status_read (__global ulong *slot, uint epoch, scanomp_t *v)
{
  scanomp_words u;
  uint tag = 0;
  bool same = true;
  for (uint k = 0; k < SCANOMP_WORDS; k++)
    {
      ulong w = ((volatile __global ulong *) slot)[k];
      uint t = (uint) (w >> 32);
      if (k == 0)
        tag = t;
      same &= t == tag;
      u.w[k] = (uint) w;
    }
  if (!same || tag >> 1 != epoch)
    return NOT_YET;
  *v = u.v;
  return tag & 1 ? PREFIX : AGGREGATE;
}

/* The status of tile K as a look-back window sees it: tiles before tile 0
   hold the identity as an inclusive prefix.  */
static uint
window_read (__global ulong *status, long k, uint epoch, scanomp_t *v)
{
  *v = SCANOMP_IDENTITY;
  return k >= 0 ? status_read (status + SCANOMP_WORDS * (ulong) k, epoch, v)
                : PREFIX;
}

#if SCANOMP_PTX
/* The exclusive prefix of tile T (> 0), by the first warp of the group;
   the value is lane 0's.  Lane j reads tile end - 1 - j; votes say whether
   the window is ready up to its nearest inclusive prefix, and a shuffle
   tree combines it.  WIN and COUNTERS are not used.  */
static scanomp_t
look_back (__global ulong *status, uint t, uint epoch,
           __local scanomp_t *win, __local uint *counters)
{
  uint lane = SCANOMP_LANE;
  scanomp_t run = SCANOMP_IDENTITY;  /* tiles [end, t), combined */
  for (long end = t;; end -= 32)
    {
      scanomp_t v;
      uint prefixes, upto;
      for (;;)
        {
          uint f = window_read (status, end - 1 - (long) lane, epoch, &v);
          prefixes = warp_ballot (f == PREFIX);
          /* Lanes 0 up to the nearest inclusive prefix.  */
          upto = prefixes ? ((prefixes & -prefixes) << 1) - 1 : ~0u;
          if (!(warp_ballot (f == NOT_YET) & upto))
            break;
        }
      if (!(upto >> lane & 1))
        v = SCANOMP_IDENTITY;
      /* Lane j + d holds the earlier tiles.  */
      for (uint d = 1; d < 32; d <<= 1)
        {
          scanomp_t earlier = warp_shuffle (v, d, 0);
          if (lane + d < 32)
            v = SCANOMP_COMBINE (earlier, v);
        }
      run = SCANOMP_COMBINE (v, run);
      if (prefixes)
        return run;
    }
}

#elif SCANOMP_WALK
/* The exclusive prefix of tile T (> 0), by one work-item: it reads the
   status of LOOKBACK tiles before T at once, then walks them from the
   nearest, waiting for each until it has published, combining their
   values in front of what it has, until an inclusive prefix ends the
   walk; a window without one moves back.  No barrier inside a loop.  */
static scanomp_t
look_back_walk (__global ulong *status, uint t, uint epoch)
{
  scanomp_t run = SCANOMP_IDENTITY;  /* tiles [end, t), combined */
  for (long end = t;; end -= LOOKBACK)
    {
      scanomp_t v[LOOKBACK];
      uint f[LOOKBACK];
      for (uint j = 0; j < LOOKBACK; j++)
        f[j] = window_read (status, end - 1 - (long) j, epoch, &v[j]);
      for (uint j = 0; j < LOOKBACK; j++)
        {
          while (f[j] == NOT_YET)
            f[j] = window_read (status, end - 1 - (long) j, epoch, &v[j]);
          run = SCANOMP_COMBINE (v[j], run);
          if (f[j] == PREFIX)
            return run;
        }
    }
}

#else /* neither */
/* The exclusive prefix of tile T (> 0), as the warp's above but by the
   whole group (every work-item must call it), through
   local memory: WIN, LOOKBACK values, and COUNTERS, two pairs of counters
   (the window's first tile not yet published and first inclusive prefix)
   used by turns, so that one round's are reset while the last round's are
   still being read.  Every work-item returns the value.  */
static scanomp_t
look_back (__global ulong *status, uint t, uint epoch,
           __local scanomp_t *win, __local uint *counters)
{
  uint l = get_local_id (0);
  scanomp_t run = SCANOMP_IDENTITY;
  long end = t;
  /* One way out of the loop, at its head: pocl's barriers in loops want
     it so.  */
  bool more = true;
  for (uint round = 0; more; round++)
    {
      __local uint *c = counters + 2 * (round & 1);
      if (l == 0)
        c[0] = c[1] = LOOKBACK;
      barrier (CLK_LOCAL_MEM_FENCE);
      if (l < LOOKBACK)
        {
          scanomp_t v;
          uint f = window_read (status, end - 1 - (long) l, epoch, &v);
          win[l] = v;
          if (f == NOT_YET)
            atomic_min (&c[0], l);
          else if (f == PREFIX)
            atomic_min (&c[1], l);
        }
      barrier (CLK_LOCAL_MEM_FENCE);
      uint waiting = c[0], nearest = c[1];
      /* Read the window again while a tile before its nearest inclusive
         prefix has published nothing.  */
      if (waiting >= nearest)
        {
          if (l < LOOKBACK && l > nearest)
            win[l] = SCANOMP_IDENTITY;
          barrier (CLK_LOCAL_MEM_FENCE);
          /* win[l + d] holds the earlier tiles.  */
          for (uint d = 1; d < LOOKBACK; d <<= 1)
            {
              if (l < LOOKBACK && (l & (2 * d - 1)) == 0)
                win[l] = SCANOMP_COMBINE (win[l + d], win[l]);
              barrier (CLK_LOCAL_MEM_FENCE);
            }
          run = SCANOMP_COMBINE (win[0], run);
          barrier (CLK_LOCAL_MEM_FENCE);
          more = nearest == LOOKBACK;
          end -= LOOKBACK;
        }
    }
  return run;
}
#endif /* SCANOMP_PTX, SCANOMP_WALK */

__kernel __attribute__ ((reqd_work_group_size (SCANOMP_WG, 1, 1))) void
scanomp_lookback_scan (ulong n_, long first_, scanomp_t seed_, uint flags_,
                       __global ulong *state_, uint ticket_base_,
                       uint epoch_, __global scanomp_t *total_,
                       SCANOMP_PARAMS)
{
  __local scanomp_t buf_[PAD (TILE)];
  __local scanomp_t tmp_[SCANOMP_GROUP_TMP];
  __local scanomp_t win_[LOOKBACK];
  __local uint counters_[4];
  __local scanomp_t prefix_;
  __local uint tile_;
  uint l_ = get_local_id (0);
  __global ulong *status_ = state_ + 1;

  if (l_ == 0)
    tile_ = atomic_inc ((volatile __global uint *) state_) - ticket_base_;
  barrier (CLK_LOCAL_MEM_FENCE);
  uint t_ = tile_;
  ulong base_ = (ulong) t_ * TILE;
  __global ulong *mine_ = status_ + SCANOMP_WORDS * (ulong) t_;

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
    publish (mine_, t_ ? aggregate_ : SCANOMP_COMBINE (seed_, aggregate_),
             t_ ? AGGREGATE : PREFIX, epoch_);
  scanomp_t before_ = seed_;
  if (t_ > 0)
    {
#if SCANOMP_PTX
      if (l_ < 32)
        before_ = look_back (status_, t_, epoch_, win_, counters_);
#elif SCANOMP_WALK
      if (l_ == 0)
        before_ = look_back_walk (status_, t_, epoch_);
#else
      before_ = look_back (status_, t_, epoch_, win_, counters_);
#endif
      if (l_ == 0)
        publish (mine_, SCANOMP_COMBINE (before_, aggregate_), PREFIX,
                 epoch_);
    }
  if (l_ == 0)
    {
      if (base_ + TILE >= n_)
        total_[0] = SCANOMP_COMBINE (before_, aggregate_);
      prefix_ = before_;
    }
  barrier (CLK_LOCAL_MEM_FENCE);

  /* Results through local memory again, for coalesced stores.  */
  run_ = SCANOMP_COMBINE (prefix_, run_);
  /* Each element's exclusive result is the inclusive one before it.
     (Written as v_[k_ - 1] under k_ > 0, pocl 7.1 stored the prefix
     alone for k_ = 1.)  */
  int exclusive_ = (flags_ & SCANOMP_FLAG_EXCLUSIVE) != 0;
  scanomp_t before_k_ = run_;
#pragma unroll
  for (uint k_ = 0; k_ < ITEMS; k_++)
    {
      scanomp_t through_ = SCANOMP_COMBINE (run_, v_[k_]);
      buf_[PAD (l_ * ITEMS + k_)] = exclusive_ ? before_k_ : through_;
      before_k_ = through_;
    }
  barrier (CLK_LOCAL_MEM_FENCE);
  for (uint j_ = 0; j_ < ITEMS; j_++)
    {
      uint p_ = j_ * SCANOMP_WG + l_;
      if (base_ + p_ < n_)
        SCANOMP_STORE (first_ + (long) (base_ + p_), buf_[PAD (p_)]);
    }
}
