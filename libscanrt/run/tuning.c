/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* tuning.c: the kernel sets' default tile shapes, by kernel set, scan
   length and element size, each entry with the measurement that chose
   it (what, where, when; docs/performance.md has the runs), as CUB keeps
   its tuning policies apart from its agents.  kernelset.c applies them:
   the settings and scanrt_params override them, and a shape that does not
   fit the device's local memory shrinks.  */

#include "run.h"

/* First match wins: an entry applies to scans of kernel set VARIANT of
   at least MIN_N elements of at most MAX_ELEM bytes (0: any).  */
static const struct scanrt_tuning table[] = {
  /* CPU devices: each work-item scans chunks of 256 KiB, still in cache
     when scanned after their fold, 4 elements a step.  pocl 3.1, 2^24
     elements, 2 cores (2026-11): int 3.5 ms against 3.8 two at a time,
     4.5 against 5.8 with the output one element off the input (a false
     4 KiB dependence); float and double 3.1 and 1.9 Gelem/s against 1.2
     and 1.1 one at a time; 8 collapsed for double, to 0.04 Gelem/s.  */
  { SCANRT_VARIANT_CPU, 0, 0, 0, 4, 0, 256 * 1024 },
  /* The look-back from 2^24 elements: 128 work-items of 128 bytes each.
     H200, 2026-11-27: int32 at 2^28 128 x 32 ran 1.11 times CUB's speed,
     256 x 16 1.00; double and the 8-byte pair at 128 x 16, 1.00 and
     2.27.  */
  { SCANRT_VARIANT_LOOKBACK, (size_t) 1 << 24, 0, 128, 0, 128, 0 },
  /* Below 2^24: 256 work-items of 64 bytes each.  H200, 2026-11-27: int32
     at 2^16 and 2^20 256 x 16 ran 2.0 and 1.8 times CUB's speed, 128 x 32
     1.3.  */
  { SCANRT_VARIANT_LOOKBACK, 0, 0, 256, 0, 64, 0 },
  /* The work-group tree scan and the thesis' set: 256 work-items of 8
     elements of up to 4 bytes, else 4; the thesis' set takes no items.
     No measurement chose these: the first shapes written.  */
  { SCANRT_VARIANT_GPU, 0, 4, 256, 8, 0, 0 },
  { SCANRT_VARIANT_GPU, 0, 0, 256, 4, 0, 0 },
  { SCANRT_VARIANT_THESIS, 0, 4, 256, 8, 0, 0 },
  { SCANRT_VARIANT_THESIS, 0, 0, 256, 4, 0, 0 },
};

const struct scanrt_tuning *
scanrt_tuning_of (scanrt_variant v, size_t n, size_t elem)
{
  for (size_t k = 0; k < sizeof table / sizeof table[0]; k++)
    if (table[k].variant == v && n >= table[k].min_n
        && (!table[k].max_elem || elem <= table[k].max_elem))
      return &table[k];
  return NULL;
}

size_t
scanrt_tuning_items (const struct scanrt_tuning *t, size_t elem)
{
  if (!t->item_bytes)
    return t->items;
  return elem >= t->item_bytes ? 1 : t->item_bytes / elem;
}
