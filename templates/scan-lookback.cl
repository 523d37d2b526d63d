/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* scan-lookback.cl: the single-pass kernel set for GPUs, a scan with
   decoupled look-back (Merrill and Garland, "Single-pass Parallel Prefix
   Scan with Decoupled Look-back", NVIDIA, 2016).  One launch reads each
   input element once and writes each result once, as a copy does.

   Each work-group scans one tile of SCANOMP_WG * SCANOMP_ITEMS elements:
   it loads the tile through local memory with coalesced reads, each
   work-item scans its SCANOMP_ITEMS consecutive elements in registers, and
   a group scan gives each work-item its place in the tile.  The tile's
   prefix comes from the tiles before it, grouped in a way the tile's
   number alone sets, so that a scan gives the same bits every run:
   timing chooses only which published values a tile reads, never how
   they are combined.  Tiles form blocks of SCANOMP_LOOKBACK; P (k) is the
   seed combined with every element of blocks 0 .. k - 1, defined as
   P (k + 1) = P (k) + sum (k) from P (0) = the seed.

     1. as soon as its own total (aggregate) is known, the tile publishes
        it;
     2. it waits for the aggregates of the tiles before it in its block
        and combines them, in a tree whose shape depends on its place in
        the block alone (with SCANOMP_WALK, one by one);
     3. the block's last tile publishes the block's sum;
     4. the look-back: a window of SCANOMP_LOOKBACK work-items reads the
        status of as many preceding blocks at once, one each.  When the
        window holds a P (j) and every block after it has published at
        least its sum, P (k) is P (j) with those sums combined into it one
        by one, left to right, the same bits as the block's own P (k)
        would be; otherwise the window is read again;
     5. the block's last tile publishes P (k + 1); each tile stores its
        results from P (k) combined with step 2's value.

   Tiles are numbered by an atomic ticket taken when the work-group starts,
   not by group id, so a tile waits only for tiles that have already
   started: the look-back cannot deadlock, whatever order the device runs
   work-groups in, as long as a started work-group keeps running (true of
   GPUs and of pocl, whose work-groups run to their end on one thread).

   A tile's or block's status is one slot of SCANOMP_WORDS 64-bit words,
   each holding a 32-bit word of the published value in its low half and
   a tag in its high half: (epoch << 1) | 1 for an inclusive prefix (a
   block's P), (epoch << 1) for an aggregate (a tile's, or a block's
   sum).  The flag travels with the value, so no fence is needed between
   them (NVIDIA's OpenCL honours mem_fence only within a
   work-group).  A reader takes a slot only when all its words carry the
   same tag of this launch's epoch; each word is written once per kind and
   launch.  Words are published with 64-bit atomic exchanges
   (cl_khr_int64_base_atomics) and polled with plain volatile loads.

   Parameters (besides those of scanomp-common.h and scanomp-group.h):
     SCANOMP_WG        the work-group size, a power of two.  Launch with
                       this local size.
     SCANOMP_ITEMS     elements per work-item.
     SCANOMP_LOOKBACK  tiles in a block, and blocks read at once during the
                       look-back: a power of two up to SCANOMP_WG; 32 (a
                       warp) with SCANOMP_PTX.
                       Default 32, or SCANOMP_WG if smaller.
     SCANOMP_WALK      1: one work-item reads the window and walks it, with
                       no barrier inside a loop (libscanrt's default on
                       CPU devices); 0: the group reads it at once.
                       Default 0.

   Kernel scanomp_lookback_scan (n_, first_, seed_, flags_, seed_mem_,
                                 seed_at_, state_, ticket_base_, epoch_,
                                 total_, late_, SCANOMP_PARAMS...)
     n_      ulong: element count, positions 0 .. n-1;
     first_  long: the index the hooks get for position 0;
     seed_   the value combined before position 0;
     flags_  uint: SCANOMP_FLAG_EXCLUSIVE, or 0 for an inclusive scan,
             and SCANOMP_FLAG_SEED_AT where the seed is read from memory;
     seed_mem_, seed_at_  the buffer and byte offset the seed lies at then
             (scanomp-common.h);
     state_  ulong[1 + SCANOMP_WORDS * (tiles + blocks)], blocks being
             ceil (tiles / SCANOMP_LOOKBACK): state[0] counts tickets in
             its low 32 bits; tile t's slot starts at 1 + SCANOMP_WORDS * t,
             block k's at 1 + SCANOMP_WORDS * (tiles + k).
             The buffer is kept from launch to launch and never cleared:
     ticket_base_  uint: the ticket count before this launch;
     epoch_  uint, below 2^31: a value no tag of state[1 ...] carries
             before this launch (the host counts launches, from 1, and
             zeroes the buffer before the count passes 2^31 - 1);
     total_  scanomp_t[1]: receives seed combined with every element;
     late_   scanomp_t[tiles], where SCANOMP_LATE: late_[t] receives the
             late items tile t gathered.
   Launch it with ceil (n / (SCANOMP_WG * SCANOMP_ITEMS)) work-groups.  */

#include "scanomp-common.h"
#include "scanomp-group.h"

#ifndef SCANOMP_ITEMS
#error "scanomp: define SCANOMP_ITEMS, the elements per work-item"
#endif
#ifndef SCANOMP_LOOKBACK
#define SCANOMP_LOOKBACK (SCANOMP_WG < 32 ? SCANOMP_WG : 32)
#endif
/* The look-back by one work-item: where asked (CPU devices).  */
#ifndef SCANOMP_WALK
#define SCANOMP_WALK 0
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

/* The status of slot K of STATUS as a window sees it: slots before 0 hold
   SEED as an inclusive prefix.  */
static uint
window_read (__global ulong *status, long k, uint epoch, scanomp_t seed,
             scanomp_t *v)
{
  if (k < 0)
    {
      *v = seed;
      return PREFIX;
    }
  *v = SCANOMP_IDENTITY;
  return status_read (status + SCANOMP_WORDS * (ulong) k, epoch, v);
}

/* Two look-backs, each in three forms (by a warp, by one work-item, by
   the group):

   block_part      the aggregates of the I tiles before tile T in its
                   block, [T - I, T), combined in an order I alone sets,
                   once all have published;
   blocks_before   P(K), the seed combined with blocks 0 .. K - 1: the
                   nearest block J < K that has published P(J), then the
                   sums of blocks J + 1 .. K - 1 combined into it one by
                   one, left to right, as each block's last tile makes
                   P(J + 1) = P(J) + sum (J + 1).  Whichever block the
                   look-back finds published, the bits are the same.  */

#if SCANOMP_PTX
/* By the first warp; the value is lane 0's.  Lane j reads tile
   T - 1 - j; a shuffle tree combines them.  */
static scanomp_t
block_part (__global ulong *tiles, uint t, uint i, uint epoch)
{
  uint lane = SCANOMP_LANE;
  scanomp_t v = SCANOMP_IDENTITY;
  for (;;)
    {
      uint f = lane < i ? window_read (tiles, (long) t - 1 - (long) lane,
                                       epoch, SCANOMP_IDENTITY, &v)
                        : AGGREGATE;
      if (!warp_ballot (f == NOT_YET))
        break;
    }
  if (lane >= i)
    v = SCANOMP_IDENTITY;
  /* Lane j + d holds the earlier tiles.  */
  for (uint d = 1; d < 32; d <<= 1)
    {
      scanomp_t earlier = warp_shuffle (v, d, 0);
      if (lane + d < 32)
        v = SCANOMP_COMBINE (earlier, v);
    }
  return v;
}

/* By the first warp; the value is every lane's.  Lane j reads block
   K - 1 - j; votes find the nearest inclusive prefix and say whether the
   blocks after it have published their sums.  */
static scanomp_t
blocks_before (__global ulong *blocks, long k, uint epoch, scanomp_t seed)
{
  uint lane = SCANOMP_LANE;
  scanomp_t v;
  uint m;
  for (;;)
    {
      uint f = window_read (blocks, k - 1 - (long) lane, epoch, seed, &v);
      uint prefixes = warp_ballot (f == PREFIX);
      uint waiting = warp_ballot (f == NOT_YET);
      if (!prefixes)
        continue;
      m = 31 - clz (prefixes & -prefixes);
      if (!(waiting & ((1u << m) - 1)))
        break;
    }
  scanomp_t run = warp_fetch (v, m);
  for (uint j = m; j-- > 0;)
    run = SCANOMP_COMBINE (run, warp_fetch (v, j));
  return run;
}

#elif SCANOMP_WALK
/* By one work-item, which waits for each tile in turn.  */
static scanomp_t
block_part (__global ulong *tiles, uint t, uint i, uint epoch)
{
  scanomp_t run = SCANOMP_IDENTITY, v;
  for (uint j = 0; j < i; j++)
    {
      while (window_read (tiles, (long) (t - i + j), epoch, SCANOMP_IDENTITY,
                          &v) == NOT_YET)
        ;
      run = j ? SCANOMP_COMBINE (run, v) : v;
    }
  return run;
}

/* By one work-item: it walks back from block K - 1, waiting for each
   block until it has published, up to the first inclusive prefix; a
   window of LOOKBACK blocks without one is read again.  */
static scanomp_t
blocks_before (__global ulong *blocks, long k, uint epoch, scanomp_t seed)
{
  scanomp_t v[LOOKBACK];
  for (;;)
    for (uint j = 0; j < LOOKBACK; j++)
      {
        uint f;
        while ((f = window_read (blocks, k - 1 - (long) j, epoch, seed,
                                 &v[j])) == NOT_YET)
          ;
        if (f == PREFIX)
          {
            scanomp_t run = v[j];
            while (j-- > 0)
              run = SCANOMP_COMBINE (run, v[j]);
            return run;
          }
      }
}

#else /* neither */
/* By the whole group (every work-item must call it), through local
   memory: WIN, LOOKBACK values, and COUNTERS, two counters.  Every
   work-item returns the value.  (One way out of each loop, at its head:
   pocl's barriers in loops want it so.)  */
static scanomp_t
block_part (__global ulong *tiles, uint t, uint i, uint epoch,
            __local scanomp_t *win, __local uint *counters)
{
  uint l = get_local_id (0);
  bool more = true;
  while (more)
    {
      if (l == 0)
        counters[0] = 0;
      barrier (CLK_LOCAL_MEM_FENCE);
      if (l < LOOKBACK)
        {
          scanomp_t v = SCANOMP_IDENTITY;
          if (l < i
              && window_read (tiles, (long) t - 1 - (long) l, epoch,
                              SCANOMP_IDENTITY, &v) == NOT_YET)
            atomic_or (&counters[0], 1u);
          win[l] = v;
        }
      barrier (CLK_LOCAL_MEM_FENCE);
      more = counters[0] != 0;
      barrier (CLK_LOCAL_MEM_FENCE);
    }
  /* win[l + d] holds the earlier tiles.  */
  for (uint d = 1; d < LOOKBACK; d <<= 1)
    {
      if (l < LOOKBACK && (l & (2 * d - 1)) == 0)
        win[l] = SCANOMP_COMBINE (win[l + d], win[l]);
      barrier (CLK_LOCAL_MEM_FENCE);
    }
  scanomp_t run = win[0];
  barrier (CLK_LOCAL_MEM_FENCE);
  return run;
}

/* As block_part; COUNTERS hold the window's nearest block that has
   published nothing, and its nearest inclusive prefix.  */
static scanomp_t
blocks_before (__global ulong *blocks, long k, uint epoch, scanomp_t seed,
               __local scanomp_t *win, __local uint *counters)
{
  uint l = get_local_id (0);
  uint m = LOOKBACK;
  bool more = true;
  while (more)
    {
      if (l == 0)
        counters[0] = counters[1] = LOOKBACK;
      barrier (CLK_LOCAL_MEM_FENCE);
      if (l < LOOKBACK)
        {
          scanomp_t v;
          uint f = window_read (blocks, k - 1 - (long) l, epoch, seed, &v);
          win[l] = v;
          if (f == NOT_YET)
            atomic_min (&counters[0], l);
          else if (f == PREFIX)
            atomic_min (&counters[1], l);
        }
      barrier (CLK_LOCAL_MEM_FENCE);
      uint waiting = counters[0];
      m = counters[1];
      more = m == LOOKBACK || waiting < m;
      barrier (CLK_LOCAL_MEM_FENCE);
    }
  if (l == 0)
    {
      scanomp_t run = win[m];
      for (uint j = m; j-- > 0;)
        run = SCANOMP_COMBINE (run, win[j]);
      win[0] = run;
    }
  barrier (CLK_LOCAL_MEM_FENCE);
  scanomp_t run = win[0];
  barrier (CLK_LOCAL_MEM_FENCE);
  return run;
}
#endif /* SCANOMP_PTX, SCANOMP_WALK */

__kernel __attribute__ ((reqd_work_group_size (SCANOMP_WG, 1, 1))) void
scanomp_lookback_scan (ulong n_, long first_, scanomp_t seed_, uint flags_,
                       SCANOMP_SEED_AT_PARAMS, __global ulong *state_,
                       uint ticket_base_,
                       uint epoch_, __global scanomp_t *total_,
                       __global scanomp_t *late_, SCANOMP_PARAMS)
{
  __local scanomp_t buf_[PAD (TILE)];
  __local scanomp_t tmp_[SCANOMP_GROUP_TMP];
  __local scanomp_t win_[LOOKBACK];
  __local uint counters_[2];
  __local scanomp_t prefix_;
  __local uint tile_;
  uint l_ = get_local_id (0);
  seed_ = SCANOMP_SEED (seed_, flags_);
  __global ulong *tiles_ = state_ + 1;
  __global ulong *blocks_
    = tiles_ + SCANOMP_WORDS * ((n_ + TILE - 1) / TILE);

  if (l_ == 0)
    tile_ = atomic_inc ((volatile __global uint *) state_) - ticket_base_;
  barrier (CLK_LOCAL_MEM_FENCE);
  uint t_ = tile_;
  ulong base_ = (ulong) t_ * TILE;
  /* The tile's block, its place there, and whether it ends the block.  */
  long blk_ = t_ / LOOKBACK;
  uint i_ = t_ % LOOKBACK;
  bool closes_ = i_ == LOOKBACK - 1;

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

  /* The tile's prefix, P (k) combined with the tiles before it in its
     block, in an order the tile's number alone sets, so that a scan
     gives the same bits every run: the look-back's timing chooses only
     where the values are read, never how they are grouped.  */
  if (l_ == 0)
    publish (tiles_ + SCANOMP_WORDS * (ulong) t_, aggregate_, AGGREGATE,
             epoch_);
  scanomp_t part_ = SCANOMP_IDENTITY;
#if SCANOMP_PTX || SCANOMP_WALK
  if (i_ > 0)
    {
#if SCANOMP_PTX
      if (l_ < 32)
        part_ = block_part (tiles_, t_, i_, epoch_);
#else
      if (l_ == 0)
        part_ = block_part (tiles_, t_, i_, epoch_);
#endif
    }
#else
  /* The group's look-backs run in every tile, block_part's over no tile
     where I_ is 0, blocks_before's from the seed alone in block 0: no
     barrier lies inside a branch (pocl 3.1 and 7.1 hung on
     blocks_before's inside `blk_ > 0', once a scan had two blocks).  */
  part_ = block_part (tiles_, t_, i_, epoch_, win_, counters_);
#endif
  /* The block's last tile publishes its sum, and P (k + 1) once it has
     P (k); block 0's, P (1) at once.  */
  __global ulong *block_ = blocks_ + SCANOMP_WORDS * (ulong) blk_;
  scanomp_t sum_ = i_ ? SCANOMP_COMBINE (part_, aggregate_) : aggregate_;
  if (l_ == 0 && closes_)
    publish (block_, blk_ ? sum_ : SCANOMP_COMBINE (seed_, sum_),
             blk_ ? AGGREGATE : PREFIX, epoch_);
  scanomp_t before_ = seed_;
#if SCANOMP_PTX || SCANOMP_WALK
  if (blk_ > 0)
    {
#if SCANOMP_PTX
      if (l_ < 32)
        before_ = blocks_before (blocks_, blk_, epoch_, seed_);
#else
      if (l_ == 0)
        before_ = blocks_before (blocks_, blk_, epoch_, seed_);
#endif
    }
#else
  before_ = blocks_before (blocks_, blk_, epoch_, seed_, win_, counters_);
#endif
  if (l_ == 0 && closes_ && blk_ > 0)
    publish (block_, SCANOMP_COMBINE (before_, sum_), PREFIX, epoch_);
  if (i_ > 0)
    before_ = SCANOMP_COMBINE (before_, part_);
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
#if SCANOMP_LATE
  scanomp_t late_own_ = SCANOMP_IDENTITY;
#endif
  for (uint j_ = 0; j_ < ITEMS; j_++)
    {
      uint p_ = SCANOMP_STORED (j_, ITEMS);
      if (base_ + p_ < n_)
        SCANOMP_OUTPUT (first_ + (long) (base_ + p_), buf_[PAD (p_)],
                        exclusive_ ? buf_[PAD (p_)]
                        : p_ > 0 ? buf_[PAD (p_ - 1)] : prefix_,
                        &late_own_);
    }
  SCANOMP_LATE_END (late_own_, buf_, late_[t_]);
}
