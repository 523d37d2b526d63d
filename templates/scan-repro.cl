/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* scan-repro.cl: the kernel set of reproducible float and double sums
   (SCANOMP_REPRODUCIBLE, libscanrt's run/repro.c, which has the
   definition): tiles of 4096 positions from position 0, 16 groups of 16
   lanes of 16 positions each, a fixed grouping within a tile, and
   between tiles a carry that the host computes as the exact sum of the
   totals before, rounded once.  Each work-item takes one tile, as the
   host path's threads take runs of tiles, with the same operations in
   the same order; contraction into fused multiply-adds is off, as in the
   host's C.

   Kernel scanomp_repro_totals (n_, first_, totals_, SCANOMP_PARAMS...)
     n_       ulong: element count, positions 0 .. n-1;
     first_   long: the index the hooks get for position 0;
     totals_  scanomp_t[ceil (n / 4096)]: on return, each tile's total.
   Kernel scanomp_repro_scan (n_, first_, flags_, carries_,
                              SCANOMP_PARAMS...)
     flags_   uint: SCANOMP_FLAG_EXCLUSIVE, or 0 for an inclusive scan;
     carries_ scanomp_t[ceil (n / 4096) + 1]: each tile's carry; on
              return, the last element holds the last position's
              inclusive value.
   Launch each with ceil (n / 4096) work-items and a local size of 1;
   for GPUs, the _wg kernels below.  */

#pragma OPENCL FP_CONTRACT OFF

#include "scanomp-common.h"

#if SCANOMP_LATE
#error "scanomp: reproducible scans carry no late items"
#endif

#define REPRO_LANE 16
#define REPRO_LANES 256
#define REPRO_TILE (REPRO_LANE * REPRO_LANES)
#define REPRO_GROUP 16
#define REPRO_GROUPS (REPRO_LANES / REPRO_GROUP)

/* The totals of the lanes of the COUNT_ positions from index BASE_, into
   V_: each from the identity, in order; a lane with none, -0.0.  */
#define LANE_TOTALS(base_, count_, v_)                                      \
  for (uint l_ = 0; l_ < REPRO_LANES; l_++)                                 \
    {                                                                       \
      ulong a_ = (ulong) l_ * REPRO_LANE;                                   \
      ulong b_ = min (a_ + REPRO_LANE, (ulong) (count_));                   \
      scanomp_t t_ = a_ < (count_) ? SCANOMP_IDENTITY : -(scanomp_t) 0;     \
      for (ulong i_ = a_; i_ < b_; i_++)                                    \
        t_ = SCANOMP_COMBINE (t_, SCANOMP_INPUT ((base_) + (long) i_));     \
      (v_)[l_] = t_;                                                        \
    }

/* Set TOTAL_ to the tile's total from its lanes' totals V_: each group's
   total, and their sum, in order.  */
#define TILE_TOTAL(v_, total_)                                              \
  {                                                                         \
    scanomp_t sum_ = 0;                                                     \
    for (uint g_ = 0; g_ < REPRO_GROUPS; g_++)                              \
      {                                                                     \
        scanomp_t s_ = (v_)[g_ * REPRO_GROUP];                              \
        for (uint i_ = 1; i_ < REPRO_GROUP; i_++)                           \
          s_ = SCANOMP_COMBINE (s_, (v_)[g_ * REPRO_GROUP + i_]);           \
        sum_ = g_ ? SCANOMP_COMBINE (sum_, s_) : s_;                        \
      }                                                                     \
    (total_) = sum_;                                                        \
  }

__kernel void
scanomp_repro_totals (ulong n_, long first_, __global scanomp_t *totals_,
                      SCANOMP_PARAMS)
{
  ulong t_ = get_global_id (0), lo_ = t_ * REPRO_TILE;
  if (lo_ >= n_)
    return;
  ulong count_ = min (n_ - lo_, (ulong) REPRO_TILE);
  long base_ = first_ + (long) lo_;
  scanomp_t v_[REPRO_LANES];
  LANE_TOTALS (base_, count_, v_)
  TILE_TOTAL (v_, totals_[t_])
}

__kernel void
scanomp_repro_scan (ulong n_, long first_, uint flags_,
                    __global scanomp_t *carries_, SCANOMP_PARAMS)
{
  ulong t_ = get_global_id (0), lo_ = t_ * REPRO_TILE;
  if (lo_ >= n_)
    return;
  ulong count_ = min (n_ - lo_, (ulong) REPRO_TILE);
  long base_ = first_ + (long) lo_;
  scanomp_t v_[REPRO_LANES];
  LANE_TOTALS (base_, count_, v_)
  /* The lanes' prefixes: within each group, then after the groups
     before.  */
  for (uint g_ = 0; g_ < REPRO_GROUPS; g_++)
    for (uint i_ = 1; i_ < REPRO_GROUP; i_++)
      v_[g_ * REPRO_GROUP + i_] = SCANOMP_COMBINE (v_[g_ * REPRO_GROUP + i_
                                                      - 1],
                                                   v_[g_ * REPRO_GROUP + i_]);
  scanomp_t e_ = v_[REPRO_GROUP - 1];
  for (uint g_ = 1; g_ < REPRO_GROUPS; g_++)
    {
      scanomp_t next_ = SCANOMP_COMBINE (e_, v_[g_ * REPRO_GROUP
                                                + REPRO_GROUP - 1]);
      for (uint i_ = 0; i_ < REPRO_GROUP; i_++)
        v_[g_ * REPRO_GROUP + i_] = SCANOMP_COMBINE (e_,
                                                     v_[g_ * REPRO_GROUP
                                                        + i_]);
      e_ = next_;
    }
  int exclusive_ = (flags_ & SCANOMP_FLAG_EXCLUSIVE) != 0;
  scanomp_t carry_ = carries_[t_], a_ = carry_;
  for (uint l_ = 0; (ulong) l_ * REPRO_LANE < count_; l_++)
    {
      ulong from_ = (ulong) l_ * REPRO_LANE;
      ulong to_ = min (from_ + REPRO_LANE, count_);
      a_ = l_ ? SCANOMP_COMBINE (carry_, v_[l_ - 1]) : carry_;
      for (ulong i_ = from_; i_ < to_; i_++)
        {
          long at_ = base_ + (long) i_;
          scanomp_t next_ = SCANOMP_COMBINE (a_, SCANOMP_INPUT (at_));
          SCANOMP_OUTPUT (at_, exclusive_ ? a_ : next_, a_, 0);
          a_ = next_;
        }
    }
  if (lo_ + count_ == n_)
    carries_[(n_ + REPRO_TILE - 1) / REPRO_TILE] = a_;
}

/* The same two kernels for GPUs (scanomp_repro_totals_wg,
   scanomp_repro_scan_wg, the same arguments): a work-group of 256
   work-items a tile, launched with ceil (n / 4096) * 256 work-items and a
   local size of 256.  The work-group reads its tile's contributions into
   local memory in coalesced order (work-item l positions l, l + 256,
   ...), padded by one element every 16 so that the lanes' reads do not
   meet in one bank; work-item l is lane l, and its sums are those of the
   kernels above, operation for operation.  The scan then stores in
   coalesced order too.  */

/* A tile position's place in the padded local array.  */
#define PAD(p_) ((p_) + ((p_) >> 4))
#define PADDED (REPRO_TILE + REPRO_TILE / REPRO_LANE)

/* Stage the contributions of the COUNT_ positions from index BASE_ into
   C_, and set lane L_'s total in V_[L_].  */
#define STAGE_LANES(base_, count_, c_, v_, l_)                              \
  for (uint j_ = 0; j_ < REPRO_LANE; j_++)                                  \
    {                                                                       \
      uint p_ = (l_) + j_ * REPRO_LANES;                                    \
      if (p_ < (count_))                                                    \
        (c_)[PAD (p_)] = SCANOMP_INPUT ((base_) + (long) p_);               \
    }                                                                       \
  barrier (CLK_LOCAL_MEM_FENCE);                                            \
  {                                                                         \
    uint a_ = (l_) * REPRO_LANE;                                            \
    scanomp_t t_ = a_ < (count_) ? SCANOMP_IDENTITY : -(scanomp_t) 0;       \
    for (uint k_ = 0; k_ < REPRO_LANE && a_ + k_ < (count_); k_++)          \
      t_ = SCANOMP_COMBINE (t_, (c_)[PAD (a_ + k_)]);                       \
    (v_)[l_] = t_;                                                          \
  }                                                                         \
  barrier (CLK_LOCAL_MEM_FENCE);

__kernel __attribute__ ((reqd_work_group_size (REPRO_LANES, 1, 1))) void
scanomp_repro_totals_wg (ulong n_, long first_, __global scanomp_t *totals_,
                         SCANOMP_PARAMS)
{
  __local scanomp_t c_[PADDED], v_[REPRO_LANES];
  uint l_ = get_local_id (0);
  ulong t_ = get_group_id (0), lo_ = t_ * REPRO_TILE;
  uint count_ = (uint) min (n_ - lo_, (ulong) REPRO_TILE);
  long base_ = first_ + (long) lo_;
  STAGE_LANES (base_, count_, c_, v_, l_)
  /* By one work-item.  */
  if (l_ == 0)
    TILE_TOTAL (v_, totals_[t_])
}

__kernel __attribute__ ((reqd_work_group_size (REPRO_LANES, 1, 1))) void
scanomp_repro_scan_wg (ulong n_, long first_, uint flags_,
                       __global scanomp_t *carries_, SCANOMP_PARAMS)
{
  __local scanomp_t c_[PADDED], v_[REPRO_LANES], q_[REPRO_LANES];
  __local scanomp_t s_[REPRO_LANES];
  uint l_ = get_local_id (0), g_ = l_ / REPRO_GROUP;
  ulong t_ = get_group_id (0), lo_ = t_ * REPRO_TILE;
  uint count_ = (uint) min (n_ - lo_, (ulong) REPRO_TILE);
  long base_ = first_ + (long) lo_;
  STAGE_LANES (base_, count_, c_, v_, l_)
  /* Lane l's prefix within its group, in order, as the host's chain.  */
  scanomp_t q = v_[g_ * REPRO_GROUP];
  for (uint i_ = g_ * REPRO_GROUP + 1; i_ <= l_; i_++)
    q = SCANOMP_COMBINE (q, v_[i_]);
  q_[l_] = q;
  barrier (CLK_LOCAL_MEM_FENCE);
  /* After the totals of the groups before, in order.  */
  if (g_)
    {
      scanomp_t e_ = q_[REPRO_GROUP - 1];
      for (uint h_ = 1; h_ < g_; h_++)
        e_ = SCANOMP_COMBINE (e_, q_[h_ * REPRO_GROUP + REPRO_GROUP - 1]);
      q = SCANOMP_COMBINE (e_, q);
    }
  barrier (CLK_LOCAL_MEM_FENCE);
  q_[l_] = q;
  barrier (CLK_LOCAL_MEM_FENCE);
  /* The lane from its start; the inclusive values into C_, the starts
     into S_.  */
  scanomp_t carry_ = carries_[t_];
  scanomp_t a_ = l_ ? SCANOMP_COMBINE (carry_, q_[l_ - 1]) : carry_;
  s_[l_] = a_;
  for (uint k_ = 0; k_ < REPRO_LANE && l_ * REPRO_LANE + k_ < count_; k_++)
    {
      uint p_ = l_ * REPRO_LANE + k_;
      a_ = SCANOMP_COMBINE (a_, c_[PAD (p_)]);
      c_[PAD (p_)] = a_;
    }
  barrier (CLK_LOCAL_MEM_FENCE);
  int exclusive_ = (flags_ & SCANOMP_FLAG_EXCLUSIVE) != 0;
  for (uint j_ = 0; j_ < REPRO_LANE; j_++)
    {
      uint p_ = l_ + j_ * REPRO_LANES;
      if (p_ >= count_)
        break;
      scanomp_t v = c_[PAD (p_)];
      scanomp_t w = p_ % REPRO_LANE ? c_[PAD (p_ - 1)]
                                    : s_[p_ / REPRO_LANE];
      SCANOMP_OUTPUT (base_ + (long) p_, exclusive_ ? w : v, w, 0);
      if (lo_ + p_ + 1 == n_)
        carries_[(n_ + REPRO_TILE - 1) / REPRO_TILE] = v;
    }
}
