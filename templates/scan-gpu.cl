/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* scan-gpu.cl: the kernel set for GPU-shaped devices.  A work-group scans
   a block of SCANOMP_WG * SCANOMP_ITEMS elements: it loads the block into
   local memory with coalesced reads, each work-item scans its
   SCANOMP_ITEMS consecutive elements, and a tree scan over the work-items'
   totals gives each one its prefix.  Any n is handled in levels (reduce
   then scan):

     scanomp_gpu_reduce        block totals of the input          -> sums
     scanomp_gpu_reduce_level  block totals of a level's array    -> sums
     scanomp_gpu_scan_level    exclusive scan of a level's array, in place,
                               each block starting from its carry
     scanomp_gpu_scan          the final scan of the input, each block
                               starting from seed and its carry

   so a scan of n elements with block size B costs a reduce and a scan at
   each of the ceil (log_B n) levels.  Combiners need not commute: every
   step keeps the operands in index order.

   Parameters (besides those of scanomp-common.h):
     SCANOMP_WG     the work-group size, a power of two.  Launch every kernel
                    with this local size.
     SCANOMP_ITEMS  elements per work-item.
     SCANOMP_PTX    see scanomp-group.h.

   Kernels (one work-group per block of B = SCANOMP_WG * SCANOMP_ITEMS):
     scanomp_gpu_reduce (n, first, sums, SCANOMP_PARAMS...)
     scanomp_gpu_reduce_level (m, a, sums)
     scanomp_gpu_scan_level (m, a, carries, has_carries)
     scanomp_gpu_scan (n, first, seed, flags, seed_mem, seed_at, carries,
                       has_carries, total, late, SCANOMP_PARAMS...)
   n, m: ulong element counts; first: long, the hooks' index of position 0;
   (in the kernels that call the hooks, every name ends in `_');
   seed_mem, seed_at: where the seed lies when flags has
   SCANOMP_FLAG_SEED_AT (scanomp-common.h); sums: one total per block;
   carries: the exclusive prefix of each block, used when has_carries
   (uint) is nonzero; total: one element, receives
   seed combined with every element; late: one element per block, where
   SCANOMP_LATE, the late items the block gathered.  */

#include "scanomp-common.h"
#include "scanomp-group.h"

#ifndef SCANOMP_ITEMS
#error "scanomp: define SCANOMP_ITEMS, the elements per work-item"
#endif

#define ITEMS SCANOMP_ITEMS
#define BLOCK (SCANOMP_WG * SCANOMP_ITEMS)

/* Load the block at BASE of an array of COUNT elements into BUF, in
   coalesced order, padding past the end with the identity; GET (k) reads
   position k.  */
#define LOAD_BLOCK(buf, base, count, GET)                                   \
  for (uint j_ = 0; j_ < ITEMS; j_++)                                       \
    {                                                                       \
      uint p_ = j_ * SCANOMP_WG + get_local_id (0);                         \
      (buf)[p_] = (base) + p_ < (count) ? GET ((base) + p_)                 \
                                        : SCANOMP_IDENTITY;                 \
    }                                                                       \
  barrier (CLK_LOCAL_MEM_FENCE)

#define INPUT_AT(k) SCANOMP_INPUT (first_ + (long) (k))
#define ARRAY_AT(k) a[k]

/* Fold this work-item's ITEMS consecutive elements of BUF.  */
static scanomp_t
own_total (__local const scanomp_t *buf)
{
  __local const scanomp_t *mine = buf + get_local_id (0) * ITEMS;
  scanomp_t acc = mine[0];
  for (uint k = 1; k < ITEMS; k++)
    acc = SCANOMP_COMBINE (acc, mine[k]);
  return acc;
}

/* Scan BUF, the loaded block, in place starting from PREFIX: inclusive, or
   exclusive when EXCLUSIVE.  Returns the block's total combined after
   PREFIX.  */
static scanomp_t
block_scan (__local scanomp_t *buf, __local scanomp_t *tmp, scanomp_t prefix,
            int exclusive)
{
  scanomp_t block_total;
  scanomp_t run = group_scan (own_total (buf), tmp, &block_total);
  run = SCANOMP_COMBINE (prefix, run);
  __local scanomp_t *mine = buf + get_local_id (0) * ITEMS;
  for (uint k = 0; k < ITEMS; k++)
    {
      scanomp_t x = mine[k];
      scanomp_t next = SCANOMP_COMBINE (run, x);
      mine[k] = exclusive ? run : next;
      run = next;
    }
  barrier (CLK_LOCAL_MEM_FENCE);
  return SCANOMP_COMBINE (prefix, block_total);
}

/* The total of BUF, the loaded block.  */
static scanomp_t
block_total (__local const scanomp_t *buf, __local scanomp_t *tmp)
{
  scanomp_t total;
  group_scan (own_total (buf), tmp, &total);
  return total;
}

__kernel __attribute__ ((reqd_work_group_size (SCANOMP_WG, 1, 1))) void
scanomp_gpu_reduce (ulong n_, long first_, __global scanomp_t *sums_,
                    SCANOMP_PARAMS)
{
  __local scanomp_t buf_[BLOCK], tmp_[SCANOMP_GROUP_TMP];
  ulong base_ = get_group_id (0) * (ulong) BLOCK;
  LOAD_BLOCK (buf_, base_, n_, INPUT_AT);
  scanomp_t total_ = block_total (buf_, tmp_);
  if (get_local_id (0) == 0)
    sums_[get_group_id (0)] = total_;
}

__kernel __attribute__ ((reqd_work_group_size (SCANOMP_WG, 1, 1))) void
scanomp_gpu_reduce_level (ulong m, __global const scanomp_t *a,
                          __global scanomp_t *sums)
{
  __local scanomp_t buf[BLOCK], tmp[SCANOMP_GROUP_TMP];
  ulong base = get_group_id (0) * (ulong) BLOCK;
  LOAD_BLOCK (buf, base, m, ARRAY_AT);
  scanomp_t total = block_total (buf, tmp);
  if (get_local_id (0) == 0)
    sums[get_group_id (0)] = total;
}

__kernel __attribute__ ((reqd_work_group_size (SCANOMP_WG, 1, 1))) void
scanomp_gpu_scan_level (ulong m, __global scanomp_t *a,
                        __global const scanomp_t *carries, uint has_carries)
{
  __local scanomp_t buf[BLOCK], tmp[SCANOMP_GROUP_TMP];
  ulong base = get_group_id (0) * (ulong) BLOCK;
  LOAD_BLOCK (buf, base, m, ARRAY_AT);
  block_scan (buf, tmp,
              has_carries ? carries[get_group_id (0)] : SCANOMP_IDENTITY, 1);
  for (uint j = 0; j < ITEMS; j++)
    {
      uint p = j * SCANOMP_WG + get_local_id (0);
      if (base + p < m)
        a[base + p] = buf[p];
    }
}

__kernel __attribute__ ((reqd_work_group_size (SCANOMP_WG, 1, 1))) void
scanomp_gpu_scan (ulong n_, long first_, scanomp_t seed_, uint flags_,
                  SCANOMP_SEED_AT_PARAMS, __global const scanomp_t *carries_,
                  uint has_carries_, __global scanomp_t *total_,
                  __global scanomp_t *late_, SCANOMP_PARAMS)
{
  __local scanomp_t buf_[BLOCK], tmp_[SCANOMP_GROUP_TMP];
  ulong base_ = get_group_id (0) * (ulong) BLOCK;
#if SCANOMP_LATE
  scanomp_t late_own_ = SCANOMP_IDENTITY;
#endif
  LOAD_BLOCK (buf_, base_, n_, INPUT_AT);
  scanomp_t prefix_ = SCANOMP_SEED (seed_, flags_);
  if (has_carries_)
    prefix_ = SCANOMP_COMBINE (prefix_, carries_[get_group_id (0)]);
  scanomp_t through_ = block_scan (buf_, tmp_, prefix_,
                                   (flags_ & SCANOMP_FLAG_EXCLUSIVE) != 0);
  /* Each element's exclusive result is the inclusive one before it.  */
  int exclusive_ = (flags_ & SCANOMP_FLAG_EXCLUSIVE) != 0;
  for (uint j_ = 0; j_ < ITEMS; j_++)
    {
      uint p_ = SCANOMP_STORED (j_, ITEMS);
      if (base_ + p_ < n_)
        SCANOMP_OUTPUT (first_ + (long) (base_ + p_), buf_[p_],
                        exclusive_ ? buf_[p_]
                        : p_ > 0 ? buf_[p_ - 1] : prefix_, &late_own_);
    }
  if (base_ + BLOCK >= n_ && get_local_id (0) == 0)
    total_[0] = through_;
  SCANOMP_LATE_END (late_own_, buf_, late_[get_group_id (0)]);
}
