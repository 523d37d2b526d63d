/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* scanomp-group.h: a scan across the work-items of one work-group, shared
   by the GPU-shaped kernel sets (scan-gpu.cl, scan-lookback.cl).

   Parameters: SCANOMP_WG, the work-group size, a power of two; and those of
   scanomp-common.h, which must come first.  */

#ifndef SCANOMP_GROUP_H
#define SCANOMP_GROUP_H

#ifndef SCANOMP_WG
#error "scanomp: define SCANOMP_WG, the work-group size"
#endif
#if SCANOMP_WG < 1 || (SCANOMP_WG & (SCANOMP_WG - 1)) != 0
#error "scanomp: SCANOMP_WG must be a power of two"
#endif

/* Exclusive scan of the work-items' values V, in order, through local
   memory TMP of SCANOMP_WG elements; returns this work-item's prefix and
   sets *TOTAL to the group's total.  Every work-item of the group must
   call it.  */
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

#endif /* SCANOMP_GROUP_H */
