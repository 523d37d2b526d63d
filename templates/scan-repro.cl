/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* scan-repro.cl: the kernel set of reproducible float and double sums
   (SCANOMP_REPRODUCIBLE, libscanrt's run/repro.c, which has the
   definition): tiles of 4096 positions from position 0, 16 groups of 16
   lanes of 16 positions each, a fixed grouping within a tile, and
   between tiles a carry, the exact sum of the totals before, rounded
   once.  Two passes: the tiles' totals, their carries (three kernels
   over exact sums, below), the tiles' scans; or, for GPUs with 64-bit
   atomics, one (scanomp_repro_onepass_wg, last in this file), whose
   tiles take their carries by a look-back over exact sums.  Each
   work-item takes one tile, as the host path's threads take runs of
   tiles, with the same operations in the same order (on GPUs, a
   work-group, the _wg kernels); contraction into fused multiply-adds is
   off, as in the host's C.

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

/* Lane L_'s prefix in the tile, from the lanes' totals V_ (of which
   lane G_ * REPRO_GROUP is its group's first), into Q_[L_]: within its
   group in order, as the host's chain, then after the totals of the
   groups before, in order.  Q_[REPRO_LANES - 1] is then the tile's
   total.  */
#define LANE_PREFIXES(v_, q_, l_, g_)                                       \
  {                                                                         \
    scanomp_t q = (v_)[(g_) * REPRO_GROUP];                                 \
    for (uint i_ = (g_) * REPRO_GROUP + 1; i_ <= (l_); i_++)                \
      q = SCANOMP_COMBINE (q, (v_)[i_]);                                    \
    (q_)[l_] = q;                                                           \
    barrier (CLK_LOCAL_MEM_FENCE);                                          \
    if (g_)                                                                 \
      {                                                                     \
        scanomp_t e_ = (q_)[REPRO_GROUP - 1];                               \
        for (uint h_ = 1; h_ < (g_); h_++)                                  \
          e_ = SCANOMP_COMBINE (e_, (q_)[h_ * REPRO_GROUP + REPRO_GROUP     \
                                         - 1]);                             \
        q = SCANOMP_COMBINE (e_, q);                                        \
      }                                                                     \
    barrier (CLK_LOCAL_MEM_FENCE);                                          \
    (q_)[l_] = q;                                                           \
    barrier (CLK_LOCAL_MEM_FENCE);                                          \
  }

/* Lane L_ scanned from the tile's carry CARRY_ and the lanes' prefixes
   Q_ (its inclusive values into C_, its start into S_), then the
   tile's COUNT_ results from index BASE_ stored in coalesced order; LAST_
   receives the last position's inclusive value where the tile, from
   position LO_, holds the last of N_.  */
#define LANES_SCAN(carry_, q_, c_, s_, l_, base_, count_, lo_, n_, flags_,  \
                   last_)                                                   \
  {                                                                         \
    scanomp_t a_ = (l_) ? SCANOMP_COMBINE (carry_, (q_)[(l_) - 1])          \
                        : (carry_);                                         \
    (s_)[l_] = a_;                                                          \
    for (uint k_ = 0;                                                       \
         k_ < REPRO_LANE && (l_) * REPRO_LANE + k_ < (count_); k_++)        \
      {                                                                     \
        uint p_ = (l_) * REPRO_LANE + k_;                                   \
        a_ = SCANOMP_COMBINE (a_, (c_)[PAD (p_)]);                          \
        (c_)[PAD (p_)] = a_;                                                \
      }                                                                     \
    barrier (CLK_LOCAL_MEM_FENCE);                                          \
    int exclusive_ = ((flags_) & SCANOMP_FLAG_EXCLUSIVE) != 0;              \
    for (uint j_ = 0; j_ < REPRO_LANE; j_++)                                \
      {                                                                     \
        uint p_ = (l_) + j_ * REPRO_LANES;                                  \
        if (p_ >= (count_))                                                 \
          break;                                                            \
        scanomp_t v = (c_)[PAD (p_)];                                       \
        scanomp_t w = p_ % REPRO_LANE ? (c_)[PAD (p_ - 1)]                  \
                                      : (s_)[p_ / REPRO_LANE];              \
        SCANOMP_OUTPUT ((base_) + (long) p_, exclusive_ ? w : v, w, 0);     \
        if ((lo_) + p_ + 1 == (n_))                                         \
          (last_) = v;                                                      \
      }                                                                     \
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
  LANE_PREFIXES (v_, q_, l_, g_)
  scanomp_t carry_ = carries_[t_];
  LANES_SCAN (carry_, q_, c_, s_, l_, base_, count_, lo_, n_, flags_,
              carries_[(n_ + REPRO_TILE - 1) / REPRO_TILE])
}

/* The carries, on the device: the exact sum of the tiles' totals before
   each tile, rounded once, as exact.c computes it on the host (the same
   digits, the same rounding), so that no total crosses to the host and
   back.  Tiles form chunks of REPRO_CHUNK; sums are kept in rows of
   REPRO_ROW longs, exact.c's layout (SCANRT_EXACT_ROW): REPRO_DIGITS
   digits, digit K weighing 2^(32 K - 1074), each a long so that many
   values may be added before any carry moves; then how many values but
   -0.0 were added; then the infinities' and NaNs' sum, the type's bits.

   Kernel scanomp_repro_chunks (tiles_, totals_, rows_)
     tiles_   ulong: the tile count;
     totals_  scanomp_t[tiles]: each tile's total;
     rows_    long[REPRO_ROW * (chunks + 1)]: on return, row C holds
              chunk C's totals' sum.
     One work-item a chunk.
   Kernel scanomp_repro_prefix (chunks_, rows_)
     rows_    the rows above, and row CHUNKS the sum to start from; on
              return, each chunk's row holds the sum before the chunk
              (the start's included), and row CHUNKS the sum of all.
     One work-group a field of the row (REPRO_ROW of them), of up to
     REPRO_PREFIX_WG work-items.
   Kernel scanomp_repro_carries (tiles_, totals_, rows_)
     totals_  on return, each tile's carry in place of its total.
     One work-item a chunk.  */

/* From libscanrt (run/reproset.c), as build options: the digits of an
   exact sum (base/exact.c), the tiles in a chunk, the largest work-group
   of the prefix kernel; REPRO_ONEPASS, 1 where the device has the 64-bit
   atomics that the single pass publishes with (the kernel is left out
   elsewhere); and the single pass's words a tile (ONEPASS_SLOT, which
   libscanrt sizes its state by, checked below) and its flag
   REPRO_FLAG_START.  */
#if !defined (REPRO_DIGITS) || !defined (REPRO_CHUNK) \
    || !defined (REPRO_PREFIX_WG) || !defined (ONEPASS_SLOT) \
    || !defined (REPRO_FLAG_START)
#error "scanomp: the build options run/reproset.c passes are missing"
#endif
#if (REPRO_FLAG_START) & (SCANOMP_FLAG_EXCLUSIVE | SCANOMP_FLAG_SEED_AT)
#error "scanomp: REPRO_FLAG_START is another flag's bit"
#endif
#define REPRO_ROW (REPRO_DIGITS + 2)
#define REPRO_WIDE (sizeof (scanomp_t) == 8)

typedef union
{
  scanomp_t v;
  ulong u;
  uint w;
} repro_bits_t;

static long
repro_bits (scanomp_t v)
{
  repro_bits_t b;
  b.u = 0;
  b.v = v;
  return (long) (REPRO_WIDE ? b.u : b.w);
}

static scanomp_t
repro_value (long bits)
{
  repro_bits_t b;
  b.u = 0;
  if (REPRO_WIDE)
    b.u = (ulong) bits;
  else
    b.w = (uint) bits;
  return b.v;
}

/* V, finite and not 0, as digits: D0, D1 and D2, to be added to digits
   *K, *K + 1 and *K + 2.  */
static void
repro_split (scanomp_t v, int *k, long *d0, long *d1, long *d2)
{
  ulong bits = (ulong) repro_bits (v);
  uint mant_bits = REPRO_WIDE ? 52 : 23;
  uint biased = (uint) (bits >> mant_bits) & (REPRO_WIDE ? 0x7ffu : 0xffu);
  ulong mant = bits & ((1ul << mant_bits) - 1);
  /* V is MANT * 2^(POS - 1074); a float's least step is 2^-149.  */
  uint pos = REPRO_WIDE ? 0 : 1074 - 149;
  if (biased)
    {
      mant |= 1ul << mant_bits;
      pos += biased - 1;
    }
  uint s = pos & 31;
  *k = (int) (pos >> 5);
  *d0 = (long) ((mant << s) & 0xffffffffu);
  *d1 = (long) ((s ? mant >> (32 - s) : mant >> 32) & 0xffffffffu);
  *d2 = (long) (s ? mant >> (64 - s) : 0);
  if (bits >> (REPRO_WIDE ? 63 : 31))
    {
      *d0 = -*d0;
      *d1 = -*d1;
      *d2 = -*d2;
    }
}

/* Add V, finite and not 0, to the digits D, widening [*LO, *HI], the
   digits in use.  */
static void
repro_add (long *d, scanomp_t v, int *lo, int *hi)
{
  int k;
  long d0, d1, d2;
  repro_split (v, &k, &d0, &d1, &d2);
  d[k] += d0;
  d[k + 1] += d1;
  d[k + 2] += d2;
  *lo = min (*lo, k);
  *hi = max (*hi, k + 2);
}

/* Carry each digit's excess into the next, as exact.c does: the digits
   below *HI then lie in [0, 2^32), and the value has d[*HI]'s sign.  */
static void
repro_normalize (long *d, int lo, int *hi)
{
  for (int k = lo; k < *hi; k++)
    {
      long c = d[k] >> 32;
      d[k] -= c * 4294967296l;
      d[k + 1] += c;
    }
  while (*hi < REPRO_DIGITS - 1)
    {
      long c = d[*hi] >> 31;
      if (c == 0 || c == -1)
        break;
      c = d[*hi] >> 32;
      d[*hi] -= c * 4294967296l;
      d[++*hi] += c;
    }
}

/* Digit K of the magnitude of the normalized digits D, whose top digit
   in use is H, whose least nonzero digit is J, negative where NEG.  */
static ulong
repro_mag (const long *d, int k, int j, int h, int neg)
{
  if (k < j)
    return 0;
  if (!neg)
    return (ulong) d[k];
  if (k == h)
    return (ulong) (k == j ? -d[k] : -d[k] - 1);
  return (k == j ? 4294967296ul : 4294967295ul) - (ulong) d[k];
}

/* The sum of the digits D (in use LO .. *HI) with NMZ and SP as a row
   has them, rounded once to the nearest, ties to even, as exact.c's
   odd_rounded and its callers do; D is normalized on the way.  */
static scanomp_t
repro_round (long *d, int lo, int *hi, long nmz, scanomp_t sp)
{
  if (sp != 0)
    return sp;
  repro_normalize (d, lo, hi);
  int h = *hi, j = lo;
  while (j <= h && d[j] == 0)
    j++;
  if (j > h)
    return nmz ? (scanomp_t) 0 : -(scanomp_t) 0;
  int neg = d[h] < 0;
  while (!repro_mag (d, h, j, *hi, neg))
    h--;
  /* The magnitude's top three digits, rounded to odd into 64 bits.  */
  ulong t2 = repro_mag (d, h, j, *hi, neg);
  ulong t1 = h >= 1 ? repro_mag (d, h - 1, j, *hi, neg) : 0;
  ulong t0 = h >= 2 ? repro_mag (d, h - 2, j, *hi, neg) : 0;
  int wide = 32 - (int) clz ((uint) t2);
  ulong r = t2 << (64 - wide) | t1 << (32 - wide) | t0 >> wide;
  if (j <= h - 3 || (t0 & ((1ul << wide) - 1)))
    r |= 1;
  scanomp_t v = ldexp ((scanomp_t) r, 32 * (h - 2) - 1074 + wide);
  return neg ? -v : v;
}

/* The digits of D in use: *LO the least that is not 0, *HI the greatest
   (REPRO_DIGITS and 0 where all are).  */
static void
repro_span (const long *d, int *lo, int *hi)
{
  *lo = REPRO_DIGITS;
  *hi = 0;
  for (int k = 0; k < REPRO_DIGITS; k++)
    if (d[k])
      {
        *lo = min (*lo, k);
        *hi = k;
      }
}

/* Add total V to the digits D, in use LO .. HI, and to NMZ and SP.  */
static void
repro_take (long *d, int *lo, int *hi, long *nmz, scanomp_t *sp,
            scanomp_t v)
{
  if (v == 0)
    *nmz += !signbit (v);
  else if (!isfinite (v))
    {
      *nmz += 1;
      *sp += v;
    }
  else
    {
      *nmz += 1;
      repro_add (d, v, lo, hi);
    }
}

__kernel void
scanomp_repro_chunks (ulong tiles_, __global const scanomp_t *totals_,
                      __global long *rows_)
{
  ulong c_ = get_global_id (0), from_ = c_ * REPRO_CHUNK;
  if (from_ >= tiles_)
    return;
  ulong to_ = min (from_ + REPRO_CHUNK, tiles_);
  long d_[REPRO_DIGITS], nmz_ = 0;
  int lo_ = REPRO_DIGITS, hi_ = 0;
  scanomp_t sp_ = 0;
  for (int k_ = 0; k_ < REPRO_DIGITS; k_++)
    d_[k_] = 0;
  for (ulong t_ = from_; t_ < to_; t_++)
    repro_take (d_, &lo_, &hi_, &nmz_, &sp_, totals_[t_]);
  __global long *row_ = rows_ + c_ * REPRO_ROW;
  for (int k_ = 0; k_ < REPRO_DIGITS; k_++)
    row_[k_] = d_[k_];
  row_[REPRO_DIGITS] = nmz_;
  row_[REPRO_DIGITS + 1] = repro_bits (sp_);
}

/* A and B combined as field F of a row holds them: the infinities' sum
   by the type's addition, which gives the same infinity or NaN in any
   order; the others as integers, exactly.  */
static long
repro_field_add (uint f, long a, long b)
{
  if (f == REPRO_ROW - 1)
    return repro_bits (repro_value (a) + repro_value (b));
  return a + b;
}

__kernel void
scanomp_repro_prefix (ulong chunks_, __global long *rows_)
{
  __local long part_[REPRO_PREFIX_WG];
  uint f_ = get_group_id (0), i_ = get_local_id (0);
  uint size_ = get_local_size (0);
  __global long *col_ = rows_ + f_;
  ulong per_ = (chunks_ + size_ - 1) / size_;
  ulong a_ = min ((ulong) i_ * per_, chunks_);
  ulong b_ = min (a_ + per_, chunks_);
  long start_ = col_[chunks_ * REPRO_ROW], s_ = 0;
  for (ulong c_ = a_; c_ < b_; c_++)
    s_ = repro_field_add (f_, s_, col_[c_ * REPRO_ROW]);
  part_[i_] = s_;
  barrier (CLK_LOCAL_MEM_FENCE);
  for (uint d_ = 1; d_ < size_; d_ <<= 1)
    {
      long o_ = i_ >= d_ ? part_[i_ - d_] : 0;
      barrier (CLK_LOCAL_MEM_FENCE);
      if (i_ >= d_)
        part_[i_] = repro_field_add (f_, o_, part_[i_]);
      barrier (CLK_LOCAL_MEM_FENCE);
    }
  long run_ = i_ ? repro_field_add (f_, start_, part_[i_ - 1]) : start_;
  for (ulong c_ = a_; c_ < b_; c_++)
    {
      long v_ = col_[c_ * REPRO_ROW];
      col_[c_ * REPRO_ROW] = run_;
      run_ = repro_field_add (f_, run_, v_);
    }
  if (i_ == size_ - 1)
    col_[chunks_ * REPRO_ROW] = repro_field_add (f_, start_, part_[i_]);
}

__kernel void
scanomp_repro_carries (ulong tiles_, __global scanomp_t *totals_,
                       __global const long *rows_)
{
  ulong c_ = get_global_id (0), from_ = c_ * REPRO_CHUNK;
  if (from_ >= tiles_)
    return;
  ulong to_ = min (from_ + REPRO_CHUNK, tiles_);
  __global const long *row_ = rows_ + c_ * REPRO_ROW;
  long d_[REPRO_DIGITS];
  int lo_, hi_;
  for (int k_ = 0; k_ < REPRO_DIGITS; k_++)
    d_[k_] = row_[k_];
  repro_span (d_, &lo_, &hi_);
  long nmz_ = row_[REPRO_DIGITS];
  scanomp_t sp_ = repro_value (row_[REPRO_DIGITS + 1]);
  for (ulong t_ = from_; t_ < to_; t_++)
    {
      scanomp_t v_ = totals_[t_];
      totals_[t_] = repro_round (d_, lo_, &hi_, nmz_, sp_);
      repro_take (d_, &lo_, &hi_, &nmz_, &sp_, v_);
    }
}

/* The single pass, for GPUs (scanomp_repro_onepass_wg): each tile's
   work-group reads its contributions once, finds its total, and takes
   the exact sum before it from the tiles before it by a decoupled
   look-back, as scan-lookback.cl's tiles take their prefixes, but over
   exact sums, which no grouping changes: the look-back's timing chooses
   which published sums it reads, never the bits.  A tile publishes its
   total, then the exact sum through it; a tile that looks back adds the
   totals of the tiles before it up to the nearest one that has
   published its sum, and that sum.  It rounds the sum before it once,
   its carry, and scans its lanes from there, as the kernels above do.
   The data is read once and written once, where the kernels above read
   it twice.

   Kernel scanomp_repro_onepass_wg (n_, first_, flags_, start_, rows_,
                                    last_, state_, ticket_base_, epoch_,
                                    SCANOMP_PARAMS...)
     flags_   uint: SCANOMP_FLAG_EXCLUSIVE, and REPRO_FLAG_START where the
              sum to start from is START_'s alone;
     start_   scanomp_t: that value;
     rows_    long[2 * REPRO_ROW]: row 0 the sum to start from, unless
              REPRO_FLAG_START; on return, row 1 the sum of all;
     last_    scanomp_t[1]: on return, the last position's inclusive
              value;
     state_, ticket_base_, epoch_  as scan-lookback.cl's: state_ is
              ulong[1 + ONEPASS_SLOT * tiles], kept from launch to launch;
              tile t's slot starts at 1 + ONEPASS_SLOT * t, its total's
              ONEPASS_TOTAL words, then its sum's ONEPASS_SUM.
   Launch with ceil (n / 4096) * 256 work-items, a local size of 256.
   Each 64-bit word of a slot holds 32 bits of the value in its low half
   and a tag in its high half, (epoch << 1) for a total and
   (epoch << 1) | 1 for a sum, so that no fence is needed between a value
   and its flag.  A sum is published with its digits carried up to the
   last (base/exact.c's layout): each digit then fits a word, the last
   one signed.  SCANOMP_WALK=1 (CPU devices): one work-item walks the
   look-back, with no barrier inside a loop (see scan-lookback.cl);
   else a window of ONEPASS_WINDOW tiles is read at once.  */

#if REPRO_ONEPASS
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

#ifndef SCANOMP_WALK
#define SCANOMP_WALK 0
#endif

#define ONEPASS_TOTAL 2
#define ONEPASS_SUM (REPRO_DIGITS + 4)
#if ONEPASS_SLOT != ONEPASS_TOTAL + ONEPASS_SUM
#error "scanomp: libscanrt's ONEPASS_SLOT is not a total's and a sum's words"
#endif
#define ONEPASS_WINDOW 32

/* What a tile's slot holds.  */
#define NOT_YET 0u
#define TOTAL 1u
#define SUM 2u

/* The tag of EPOCH's words of a total (SUM_KIND 0) or a sum (1).  */
static ulong
onepass_tag (uint epoch, uint sum_kind)
{
  return (ulong) (epoch << 1 | sum_kind) << 32;
}

/* The low 32 bits of word W, once it carries TAG.  */
static uint
onepass_wait (__global ulong *w, ulong tag)
{
  ulong v;
  do
    v = *(volatile __global ulong *) w;
  while ((v & 0xffffffff00000000ul) != tag);
  return (uint) v;
}

/* What tile slot SLOT holds in EPOCH: NOT_YET, TOTAL with the total in
   *V, or SUM (whose words may still be on their way).  */
static uint
onepass_status (__global ulong *slot, uint epoch, scanomp_t *v)
{
  ulong w = ((volatile __global ulong *) slot)[ONEPASS_TOTAL];
  if ((w & 0xffffffff00000000ul) == onepass_tag (epoch, 1))
    return SUM;
  ulong lo = ((volatile __global ulong *) slot)[0];
  ulong hi = ((volatile __global ulong *) slot)[1];
  ulong tag = onepass_tag (epoch, 0);
  if ((lo & 0xffffffff00000000ul) != tag
      || (hi & 0xffffffff00000000ul) != tag)
    return NOT_YET;
  *v = repro_value ((long) (hi << 32 | (lo & 0xffffffffu)));
  return TOTAL;
}

/* Field F of a row holding total V alone, as repro_take adds it.  */
static long
onepass_part (uint f, scanomp_t v)
{
  if (f == REPRO_DIGITS)
    return v == 0 ? !signbit (v) : 1;
  if (f == REPRO_DIGITS + 1)
    return repro_bits (v != 0 && !isfinite (v) ? v : 0);
  if (v == 0 || !isfinite (v))
    return 0;
  int k;
  long d0, d1, d2;
  repro_split (v, &k, &d0, &d1, &d2);
  return (int) f == k ? d0 : (int) f == k + 1 ? d1 : (int) f == k + 2 ? d2
                                                                      : 0;
}

/* Field F of the sum published at SUM in EPOCH, waiting for its
   words.  */
static long
onepass_field (__global ulong *sum, uint f, uint epoch)
{
  ulong tag = onepass_tag (epoch, 1);
  if (f < REPRO_DIGITS)
    {
      uint w = onepass_wait (&sum[f], tag);
      return f == REPRO_DIGITS - 1 ? (long) (int) w : (long) w;
    }
  uint at = REPRO_DIGITS + 2 * (f - REPRO_DIGITS);
  ulong lo = onepass_wait (&sum[at], tag), hi = onepass_wait (&sum[at + 1],
                                                              tag);
  return (long) (hi << 32 | lo);
}

/* Field F of the exact sum through tile J, once published in EPOCH
   (SLOTS as the kernel's); through tile -1, the sum to start from:
   START's alone where FROM_START, else row 0 of ROWS.  */
static long
onepass_through (long j, uint f, __global ulong *slots, uint epoch,
                 __global const long *rows, bool from_start,
                 scanomp_t start)
{
  if (j >= 0)
    return onepass_field (slots + ONEPASS_SLOT * j + ONEPASS_TOTAL, f,
                          epoch);
  return from_start ? onepass_part (f, start) : rows[f];
}

/* Word F of the sum to publish from the row D.  */
static uint
onepass_word (__local const long *d, uint f)
{
  if (f < REPRO_DIGITS)
    return (uint) d[f];
  f -= REPRO_DIGITS;
  ulong v = (ulong) d[REPRO_DIGITS + (f >> 1)];
  return (uint) (f & 1 ? v >> 32 : v);
}

__kernel __attribute__ ((reqd_work_group_size (REPRO_LANES, 1, 1))) void
scanomp_repro_onepass_wg (ulong n_, long first_, uint flags_,
                          scanomp_t start_, __global long *rows_,
                          __global scanomp_t *last_,
                          __global ulong *state_, uint ticket_base_,
                          uint epoch_, SCANOMP_PARAMS)
{
  __local scanomp_t c_[PADDED], v_[REPRO_LANES], q_[REPRO_LANES];
  __local scanomp_t s_[REPRO_LANES], win_[ONEPASS_WINDOW], carry_;
  __local long acc_[REPRO_ROW];
  __local uint counters_[2], tile_;
  uint l_ = get_local_id (0), g_ = l_ / REPRO_GROUP;
  if (l_ == 0)
    tile_ = atomic_inc ((volatile __global uint *) state_) - ticket_base_;
  if (l_ < REPRO_ROW)
    acc_[l_] = 0;
  barrier (CLK_LOCAL_MEM_FENCE);
  uint t_ = tile_;
  ulong lo_ = (ulong) t_ * REPRO_TILE;
  uint count_ = (uint) min (n_ - lo_, (ulong) REPRO_TILE);
  long base_ = first_ + (long) lo_;
  __global ulong *slots_ = state_ + 1;
  STAGE_LANES (base_, count_, c_, v_, l_)
  LANE_PREFIXES (v_, q_, l_, g_)
  scanomp_t total_ = q_[REPRO_LANES - 1];
  __global ulong *own_ = slots_ + ONEPASS_SLOT * (ulong) t_;
  if (l_ < ONEPASS_TOTAL)
    {
      ulong bits = (ulong) repro_bits (total_);
      atom_xchg ((volatile __global ulong *) &own_[l_],
                 onepass_tag (epoch_, 0) | (uint) (l_ ? bits >> 32 : bits));
    }

  /* The look-back: into ACC_, the exact sum before the tile; tile -1's
     sum is START_'s, or row 0 of ROWS_.  */
  bool from_start_ = (flags_ & REPRO_FLAG_START) != 0;
#if SCANOMP_WALK
  if (l_ == 0)
    for (long j_ = (long) t_ - 1;; j_--)
      {
        __global ulong *slot_ = slots_ + ONEPASS_SLOT * j_;
        scanomp_t v;
        uint f;
        while ((f = j_ < 0 ? SUM : onepass_status (slot_, epoch_, &v))
               == NOT_YET)
          ;
        for (uint i_ = 0; i_ < REPRO_ROW; i_++)
          acc_[i_] = repro_field_add (i_, acc_[i_],
                                      f == TOTAL ? onepass_part (i_, v)
                                      : onepass_through (j_, i_, slots_,
                                                         epoch_, rows_,
                                                         from_start_,
                                                         start_));
        if (f == SUM)
          break;
      }
#else
  /* Work-item i reads tile K_ - 1 - i of the window; once every tile up
     to the window's nearest sum has published its total (or the whole
     window has, with no sum), field owner i adds them up into
     ACC_[i].  (One way out of the loop, at its head: pocl's barriers in
     loops want it so.)  */
  long k_ = t_;
  for (bool more_ = true; more_;)
    {
      if (l_ == 0)
        counters_[0] = counters_[1] = ONEPASS_WINDOW;
      barrier (CLK_LOCAL_MEM_FENCE);
      if (l_ < ONEPASS_WINDOW)
        {
          long j = k_ - 1 - (long) l_;
          scanomp_t v = 0;
          uint f = j < 0 ? SUM : onepass_status (slots_ + ONEPASS_SLOT * j,
                                                 epoch_, &v);
          win_[l_] = v;
          if (f == NOT_YET)
            atomic_min (&counters_[0], l_);
          else if (f == SUM)
            atomic_min (&counters_[1], l_);
        }
      barrier (CLK_LOCAL_MEM_FENCE);
      uint m = counters_[1];
      bool ready = counters_[0] >= m;
      if (ready && l_ < REPRO_ROW)
        {
          long a = acc_[l_];
          for (uint i = 0; i < m; i++)
            a = repro_field_add (l_, a, onepass_part (l_, win_[i]));
          if (m < ONEPASS_WINDOW)
            a = repro_field_add (l_, a,
                                 onepass_through (k_ - 1 - (long) m, l_,
                                                  slots_, epoch_, rows_,
                                                  from_start_, start_));
          acc_[l_] = a;
        }
      more_ = !ready || m == ONEPASS_WINDOW;
      if (ready)
        k_ -= ONEPASS_WINDOW;
      barrier (CLK_LOCAL_MEM_FENCE);
    }
#endif
  barrier (CLK_LOCAL_MEM_FENCE);

  /* The carry, the sum before rounded once; the sum through the tile,
     its digits carried up to the last, published.  */
  if (l_ == 0)
    {
      long d[REPRO_DIGITS];
      int lo, hi;
      for (int k = 0; k < REPRO_DIGITS; k++)
        d[k] = acc_[k];
      repro_span (d, &lo, &hi);
      long nmz = acc_[REPRO_DIGITS];
      scanomp_t sp = repro_value (acc_[REPRO_DIGITS + 1]);
      carry_ = repro_round (d, lo, &hi, nmz, sp);
      repro_take (d, &lo, &hi, &nmz, &sp, total_);
      for (int k = 0; k < REPRO_DIGITS - 1; k++)
        {
          long c = d[k] >> 32;
          d[k] -= c * 4294967296l;
          d[k + 1] += c;
        }
      for (int k = 0; k < REPRO_DIGITS; k++)
        acc_[k] = d[k];
      acc_[REPRO_DIGITS] = nmz;
      acc_[REPRO_DIGITS + 1] = repro_bits (sp);
    }
  barrier (CLK_LOCAL_MEM_FENCE);
  if (l_ < ONEPASS_SUM)
    atom_xchg ((volatile __global ulong *) &own_[ONEPASS_TOTAL + l_],
               onepass_tag (epoch_, 1) | onepass_word (acc_, l_));
  if (l_ < REPRO_ROW && lo_ + count_ == n_)
    rows_[REPRO_ROW + l_] = acc_[l_];
  LANES_SCAN (carry_, q_, c_, s_, l_, base_, count_, lo_, n_, flags_,
              last_[0])
}
#endif /* REPRO_ONEPASS */
