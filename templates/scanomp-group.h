/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* scanomp-group.h: a scan across the work-items of one work-group, and the
   warp operations it and the look-back use on NVIDIA's OpenCL; shared by
   the GPU-shaped kernel sets (scan-gpu.cl, scan-lookback.cl).

   Parameters (besides those of scanomp-common.h, which must come first):
     SCANOMP_WG    the work-group size, a power of two.
     SCANOMP_PTX   1 on NVIDIA's OpenCL only: warps of 32 work-items
                   exchange values with inline PTX (shfl.sync, vote.sync),
                   which no OpenCL 1.2 built-in offers there (it has no
                   cl_khr_subgroups).  Needs SCANOMP_WG >= 32.  Default 0:
                   portable OpenCL C, through local memory.

   A group scan needs SCANOMP_GROUP_TMP elements of local memory.  */

#ifndef SCANOMP_GROUP_H
#define SCANOMP_GROUP_H

#ifndef SCANOMP_WG
#error "scanomp: define SCANOMP_WG, the work-group size"
#endif
#if SCANOMP_WG < 1 || (SCANOMP_WG & (SCANOMP_WG - 1)) != 0
#error "scanomp: SCANOMP_WG must be a power of two"
#endif
#ifndef SCANOMP_PTX
#define SCANOMP_PTX 0
#endif
#if SCANOMP_PTX && SCANOMP_WG < 32
#error "scanomp: SCANOMP_PTX needs work-groups of 32 work-items or more"
#endif

/* A value as the 32-bit words it is exchanged or published in.  */
#define SCANOMP_WORDS ((sizeof (scanomp_t) + 3) / 4)
typedef union
{
  scanomp_t v;
  uint w[SCANOMP_WORDS];
} scanomp_words;

#if SCANOMP_PTX
#define SCANOMP_GROUP_TMP (SCANOMP_WG / 32)
#define SCANOMP_LANE (get_local_id (0) & 31)

/* The value V of the work-item D lanes below (UP) or above this one in
   its warp, word by word; out of range, V itself.  Every lane of the warp
   must call it.  */
static scanomp_t
warp_shuffle (scanomp_t v, uint d, int up)
{
  scanomp_words u;
  u.v = v;
  for (uint k = 0; k < SCANOMP_WORDS; k++)
    {
      uint w = u.w[k], r;
      if (up)
        __asm__ volatile ("shfl.sync.up.b32 %0, %1, %2, 0, 0xffffffff;"
                          : "=r"(r) : "r"(w), "r"(d));
      else
        __asm__ volatile ("shfl.sync.down.b32 %0, %1, %2, 31, 0xffffffff;"
                          : "=r"(r) : "r"(w), "r"(d));
      u.w[k] = r;
    }
  return u.v;
}

/* The value V of lane LANE of this warp, word by word.  Every lane of
   the warp must call it.  */
static scanomp_t
warp_fetch (scanomp_t v, uint lane)
{
  scanomp_words u;
  u.v = v;
  for (uint k = 0; k < SCANOMP_WORDS; k++)
    {
      uint w = u.w[k], r;
      __asm__ volatile ("shfl.sync.idx.b32 %0, %1, %2, 31, 0xffffffff;"
                        : "=r"(r) : "r"(w), "r"(lane));
      u.w[k] = r;
    }
  return u.v;
}

/* The lanes of this warp for which P holds, as bits.  */
static uint
warp_ballot (int p)
{
  uint b;
  __asm__ volatile ("{ .reg .pred q; setp.ne.s32 q, %1, 0; "
                    "vote.sync.ballot.b32 %0, q, 0xffffffff; }"
                    : "=r"(b) : "r"(p));
  return b;
}

/* Inclusive scan of V across the warp, in lane order.  */
static scanomp_t
warp_scan (scanomp_t v)
{
  uint lane = SCANOMP_LANE;
  for (uint d = 1; d < 32; d <<= 1)
    {
      scanomp_t up = warp_shuffle (v, d, 1);
      if (lane >= d)
        v = SCANOMP_COMBINE (up, v);
    }
  return v;
}

/* Exclusive scan of the work-items' values V, in order, through local
   memory TMP of SCANOMP_GROUP_TMP elements; returns this work-item's
   prefix and sets *TOTAL to the group's total.  Every work-item of the
   group must call it.  Each warp scans with shuffles, the first warp
   scans the warps' totals.  */
static scanomp_t
group_scan (scanomp_t v, __local scanomp_t *tmp, scanomp_t *total)
{
  uint l = get_local_id (0), lane = l & 31, warp = l >> 5;
  scanomp_t inc = warp_scan (v);
  scanomp_t exc = warp_shuffle (inc, 1, 1);
  if (lane == 31)
    tmp[warp] = inc;
  barrier (CLK_LOCAL_MEM_FENCE);
  if (warp == 0)
    {
      scanomp_t w = lane < SCANOMP_WG / 32 ? tmp[lane] : SCANOMP_IDENTITY;
      w = warp_scan (w);
      if (lane < SCANOMP_WG / 32)
        tmp[lane] = w;
    }
  barrier (CLK_LOCAL_MEM_FENCE);
  scanomp_t prefix = lane ? exc : SCANOMP_IDENTITY;
  if (warp)
    prefix = SCANOMP_COMBINE (tmp[warp - 1], prefix);
  *total = tmp[SCANOMP_WG / 32 - 1];
  barrier (CLK_LOCAL_MEM_FENCE);
  return prefix;
}

#else /* !SCANOMP_PTX */
#define SCANOMP_GROUP_TMP SCANOMP_WG

/* As above, portably: a scan through local memory, two barriers a step.
   (In two halves that take turns, one barrier a step, crashed pocl 6.0
   in work-groups of 2.)  */
static scanomp_t
group_scan (scanomp_t v, __local scanomp_t *tmp, scanomp_t *total)
{
  uint l = get_local_id (0);
  tmp[l] = v;
  barrier (CLK_LOCAL_MEM_FENCE);
  for (uint d = 1; d < SCANOMP_WG; d <<= 1)
    {
      scanomp_t left = l >= d ? tmp[l - d] : SCANOMP_IDENTITY;
      barrier (CLK_LOCAL_MEM_FENCE);
      if (l >= d)
        tmp[l] = SCANOMP_COMBINE (left, tmp[l]);
      barrier (CLK_LOCAL_MEM_FENCE);
    }
  *total = tmp[SCANOMP_WG - 1];
  scanomp_t prefix = l > 0 ? tmp[l - 1] : SCANOMP_IDENTITY;
  barrier (CLK_LOCAL_MEM_FENCE);
  return prefix;
}
#endif /* SCANOMP_PTX */

/* Where SCANOMP_LATE (scanomp-common.h): the position in its block of
   a work-item's J-th store of ITEMS, its own consecutive elements, whose
   late items it gathers in their order into LATE_OWN, a scanomp_t, from
   SCANOMP_IDENTITY; SCANOMP_LATE_END then combines the work-items', in
   order, into SLOT, through BUF, SCANOMP_WG elements of local memory
   that no work-item reads any more: the first work-item folds them.
   (Through group_scan, the look-back kernel crashed LLVM 15's SROA pass
   in pocl 3.1.)  Else the coalesced order, and nothing to combine.  */
#if SCANOMP_LATE
#define SCANOMP_STORED(j, items) (get_local_id (0) * (items) + (j))
#define SCANOMP_LATE_END(late_own, buf, slot)                               \
  do                                                                        \
    {                                                                       \
      barrier (CLK_LOCAL_MEM_FENCE);                                        \
      (buf)[get_local_id (0)] = (late_own);                                 \
      barrier (CLK_LOCAL_MEM_FENCE);                                        \
      if (get_local_id (0) == 0)                                            \
        {                                                                   \
          scanomp_t group_late_ = (buf)[0];                                 \
          for (uint u_ = 1; u_ < SCANOMP_WG; u_++)                          \
            group_late_ = SCANOMP_COMBINE (group_late_, (buf)[u_]);         \
          (slot) = group_late_;                                             \
        }                                                                   \
    }                                                                       \
  while (0)
#else
#define SCANOMP_STORED(j, items) ((j) * SCANOMP_WG + get_local_id (0))
#define SCANOMP_LATE_END(late_own, tmp, slot) ((void) 0)
#endif

#endif /* SCANOMP_GROUP_H */
