/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* scan-blelloch.cl: the thesis' kernel set, kept as a selectable variant for
   comparison.  Each work-group scans a block of 2 * SCANOMP_WG elements with
   Blelloch's work-efficient up-sweep and down-sweep in local memory and
   writes the block's total; the totals are scanned the same way, level by
   level; a uniform add then gives every block its prefix.  Gather and scatter
   kernels move the data between the hooks and a temporary array.

   Parameters (besides those of scanomp-common.h):
     SCANOMP_WG  the work-group size, a power of two.  Launch every kernel
                 but gather with this local size.

   Kernels:
     scanomp_blelloch_gather (n, first, tmp, SCANOMP_PARAMS...)
         tmp[k] = contribution of position k, for k < n
     scanomp_blelloch_block (m, a, sums)
         inclusive scan of each block of a[m] in place; sums[g] = its total
     scanomp_blelloch_add (m, a, sums)
         a[k] = sums[g - 1] combined with a[k] for block g > 0, where sums
         holds the inclusive scan of the block totals
     scanomp_blelloch_scatter (n, first, seed, flags, seed_mem, seed_at,
                               tmp, total, late, SCANOMP_PARAMS...)
         store seed combined with tmp[k] (inclusive) or tmp[k - 1]
         (exclusive); total[0] = seed combined with everything; where
         SCANOMP_LATE, late[g] = the late items work-group g gathered
         (scanomp-group.h).  */

#include "scanomp-common.h"
#include "scanomp-group.h"

#ifndef SCANOMP_WG
#error "scanomp: define SCANOMP_WG, the work-group size"
#endif
#if SCANOMP_WG < 1 || (SCANOMP_WG & (SCANOMP_WG - 1)) != 0
#error "scanomp: SCANOMP_WG must be a power of two"
#endif

#define PAIR (2 * SCANOMP_WG)

__kernel void
scanomp_blelloch_gather (ulong n_, long first_, __global scanomp_t *tmp_,
                         SCANOMP_PARAMS)
{
  ulong k_ = get_global_id (0);
  if (k_ < n_)
    tmp_[k_] = SCANOMP_INPUT (first_ + (long) k_);
}

__kernel __attribute__ ((reqd_work_group_size (SCANOMP_WG, 1, 1))) void
scanomp_blelloch_block (ulong m, __global scanomp_t *a,
                        __global scanomp_t *sums)
{
  __local scanomp_t s[PAIR];
  __local scanomp_t block_total;
  uint l = get_local_id (0);
  ulong base = get_group_id (0) * (ulong) PAIR;
  uint ai = 2 * l, bi = 2 * l + 1;
  scanomp_t xa = base + ai < m ? a[base + ai] : SCANOMP_IDENTITY;
  scanomp_t xb = base + bi < m ? a[base + bi] : SCANOMP_IDENTITY;
  s[ai] = xa;
  s[bi] = xb;

  /* Up-sweep: build partial totals in place, left operand first.  */
  uint offset = 1;
  for (uint d = SCANOMP_WG; d > 0; d >>= 1)
    {
      barrier (CLK_LOCAL_MEM_FENCE);
      if (l < d)
        {
          uint i = offset * (2 * l + 1) - 1, j = offset * (2 * l + 2) - 1;
          s[j] = SCANOMP_COMBINE (s[i], s[j]);
        }
      offset <<= 1;
    }
  if (l == 0)
    {
      block_total = s[PAIR - 1];
      s[PAIR - 1] = SCANOMP_IDENTITY;
    }

  /* Down-sweep: a left child takes its parent's prefix; a right child
     takes that prefix combined with its left sibling's total.  */
  for (uint d = 1; d < PAIR; d <<= 1)
    {
      offset >>= 1;
      barrier (CLK_LOCAL_MEM_FENCE);
      if (l < d)
        {
          uint i = offset * (2 * l + 1) - 1, j = offset * (2 * l + 2) - 1;
          scanomp_t left = s[i];
          s[i] = s[j];
          s[j] = SCANOMP_COMBINE (s[j], left);
        }
    }
  barrier (CLK_LOCAL_MEM_FENCE);

  if (base + ai < m)
    a[base + ai] = SCANOMP_COMBINE (s[ai], xa);
  if (base + bi < m)
    a[base + bi] = SCANOMP_COMBINE (s[bi], xb);
  if (l == 0)
    sums[get_group_id (0)] = block_total;
}

__kernel __attribute__ ((reqd_work_group_size (SCANOMP_WG, 1, 1))) void
scanomp_blelloch_add (ulong m, __global scanomp_t *a,
                      __global const scanomp_t *sums)
{
  ulong g = get_group_id (0);
  if (g == 0)
    return;
  scanomp_t prefix = sums[g - 1];
  ulong base = g * (ulong) PAIR;
  for (uint k = get_local_id (0); k < PAIR; k += SCANOMP_WG)
    if (base + k < m)
      a[base + k] = SCANOMP_COMBINE (prefix, a[base + k]);
}

__kernel __attribute__ ((reqd_work_group_size (SCANOMP_WG, 1, 1))) void
scanomp_blelloch_scatter (ulong n_, long first_, scanomp_t seed_, uint flags_,
                          SCANOMP_SEED_AT_PARAMS,
                          __global const scanomp_t *tmp_,
                          __global scanomp_t *total_,
                          __global scanomp_t *late_, SCANOMP_PARAMS)
{
  ulong k_ = get_global_id (0);
#if SCANOMP_LATE
  /* Every work-item reaches the group's combination of late items.  */
  __local scanomp_t late_buf_[SCANOMP_WG];
  scanomp_t late_own_ = SCANOMP_IDENTITY;
  if (k_ < n_)
#else
  if (k_ >= n_)
    return;
#endif
    {
      seed_ = SCANOMP_SEED (seed_, flags_);
      scanomp_t w_ = k_ == 0 ? seed_ : SCANOMP_COMBINE (seed_, tmp_[k_ - 1]);
      if (flags_ & SCANOMP_FLAG_EXCLUSIVE)
        SCANOMP_OUTPUT (first_ + (long) k_, w_, w_, &late_own_);
      else
        SCANOMP_OUTPUT (first_ + (long) k_, SCANOMP_COMBINE (seed_, tmp_[k_]),
                        w_, &late_own_);
      if (k_ == n_ - 1)
        total_[0] = SCANOMP_COMBINE (seed_, tmp_[k_]);
    }
  SCANOMP_LATE_END (late_own_, late_buf_, late_[get_group_id (0)]);
}
