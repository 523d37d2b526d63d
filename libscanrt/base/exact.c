/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* exact.c: exact sums of doubles (and so of floats), rounded once.  The
   reproducible scans (run/repro.c) carry from one tile of positions to the
   next the exact sum of the tiles' totals before it, which no grouping of
   the work can change: threads, segments and devices each add what they
   have, in any order, and get the same bits.

   The sum is a fixed-point number of 32-bit digits, each kept in an
   int64_t so that 2^31 values may be added before any carry moves: digit
   K weighs 2^(32 K - 1074), the least 2^-1074, a double's least
   subnormal step, and digit 66, the last, takes a double's largest
   exponent and the carries past it.  Infinities and NaNs are summed apart,
   as IEEE adds them; a sum of none but -0.0 values is -0.0.  */

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "base.h"

/* Carry each digit's excess into the next, from the least digit in use
   to the greatest, which keeps the sign: the digits below it are then in
   [0, 2^32), and the value has the greatest digit's sign.  */
static void
normalize (struct scanrt_exact *e)
{
  for (int k = e->lo; k < e->hi; k++)
    {
      int64_t c = e->digit[k] >> 32;
      e->digit[k] -= c * ((int64_t) 1 << 32);
      e->digit[k + 1] += c;
    }
  /* The greatest digit, past 31 bits and a sign, carries into a new one:
     never a carry of -1 alone, which would run to the last digit.  */
  while (e->hi < SCANRT_EXACT_DIGITS - 1)
    {
      int64_t c = e->digit[e->hi] >> 31;
      if (c == 0 || c == -1)
        break;
      c = e->digit[e->hi] >> 32;
      e->digit[e->hi] -= c * ((int64_t) 1 << 32);
      e->digit[++e->hi] += c;
    }
  e->adds = 0;
}

void
scanrt_exact_clear (struct scanrt_exact *e)
{
  memset (e, 0, sizeof *e);
  e->lo = SCANRT_EXACT_DIGITS;
  e->hi = 0;
}

void
scanrt_exact_add (struct scanrt_exact *e, double v)
{
  if (v == 0)
    {
      if (!signbit (v))
        e->not_minus_zero = 1;
      return;
    }
  e->not_minus_zero = 1;
  if (!isfinite (v))
    {
      e->special += v;
      return;
    }
  if (e->adds >= (1u << 30))
    normalize (e);
  e->adds++;
  uint64_t bits;
  memcpy (&bits, &v, sizeof bits);
  unsigned biased = (unsigned) (bits >> 52) & 0x7ff;
  uint64_t mant = bits & (((uint64_t) 1 << 52) - 1);
  /* The position of MANT's least bit: V is MANT * 2^(POS - 1074).  */
  unsigned pos = 0;
  if (biased)
    {
      mant |= (uint64_t) 1 << 52;
      pos = biased - 1;
    }
  unsigned __int128 w = (unsigned __int128) mant << (pos & 31);
  int k = (int) (pos >> 5);
  int64_t d0 = (int64_t) (w & 0xffffffffu);
  int64_t d1 = (int64_t) ((w >> 32) & 0xffffffffu);
  int64_t d2 = (int64_t) (w >> 64);
  if (bits >> 63)
    {
      d0 = -d0;
      d1 = -d1;
      d2 = -d2;
    }
  e->digit[k] += d0;
  e->digit[k + 1] += d1;
  e->digit[k + 2] += d2;
  if (k < e->lo)
    e->lo = k;
  if (k + 2 > e->hi)
    e->hi = k + 2;
}

void
scanrt_exact_merge (struct scanrt_exact *e, const struct scanrt_exact *b)
{
  if (e->adds + b->adds >= (1u << 30))
    normalize (e);
  struct scanrt_exact c;
  if (b->adds >= (1u << 29))
    {
      c = *b;
      normalize (&c);
      b = &c;
    }
  for (int k = b->lo; k <= b->hi; k++)
    e->digit[k] += b->digit[k];
  if (b->lo < e->lo)
    e->lo = b->lo;
  if (b->hi > e->hi)
    e->hi = b->hi;
  e->adds += b->adds + 1;
  e->special += b->special;
  e->not_minus_zero |= b->not_minus_zero;
}

/* E's finite part as a 64-bit integer R rounded to odd (its last bit set
   where any bit below it was) times 2^*SCALE, and its sign in *NEG; 0
   when the part is 0.  Converting R to a float or a double then rounds
   it once, correctly: R has at least 11 bits more than a double's.  */
static uint64_t
odd_rounded (const struct scanrt_exact *e, int *scale, int *neg)
{
  struct scanrt_exact c = *e;
  normalize (&c);
  *neg = c.digit[c.hi] < 0;
  if (*neg)
    {
      for (int k = c.lo; k <= c.hi; k++)
        c.digit[k] = -c.digit[k];
      normalize (&c);
    }
  int h = c.hi;
  while (h >= c.lo && !c.digit[h])
    h--;
  if (h < c.lo)
    return 0;
  /* The top three digits, the last of them weighing 2^(32 (h - 2)).  */
  unsigned __int128 top = (unsigned __int128) c.digit[h] << 64;
  if (h >= 1)
    top |= (unsigned __int128) c.digit[h - 1] << 32;
  if (h >= 2)
    top |= (unsigned __int128) c.digit[h - 2];
  int sticky = 0;
  for (int k = c.lo; k < h - 2; k++)
    sticky |= c.digit[k] != 0;
  int width = 0;
  for (unsigned __int128 t = top; t; t >>= 1)
    width++;
  int shift = width > 64 ? width - 64 : 0;
  if (shift && (top & (((unsigned __int128) 1 << shift) - 1)))
    sticky = 1;
  uint64_t r = (uint64_t) (top >> shift);
  *scale = 32 * (h - 2) - 1074 + shift;
  return r | (uint64_t) sticky;
}

/* The rounded value: the finite part converted as odd_rounded says, and
   scaled, which is exact but past the largest finite value (there the
   infinity is the right rounding): below the least normal value the sum
   of doubles, a multiple of 2^-1074, has no bits to lose, nor a sum of
   floats, a multiple of 2^-149, as a float.  */
double
scanrt_exact_double (const struct scanrt_exact *e)
{
  if (e->special != 0)
    return e->special;
  int scale, neg;
  uint64_t r = odd_rounded (e, &scale, &neg);
  if (!r)
    return e->not_minus_zero ? 0.0 : -0.0;
  double v = ldexp ((double) r, scale);
  return neg ? -v : v;
}

float
scanrt_exact_float (const struct scanrt_exact *e)
{
  if (e->special != 0)
    return (float) e->special;
  int scale, neg;
  uint64_t r = odd_rounded (e, &scale, &neg);
  if (!r)
    return e->not_minus_zero ? 0.0f : -0.0f;
  float v = ldexpf ((float) r, scale);
  return neg ? -v : v;
}

int
scanrt_exact_single (const struct scanrt_exact *e, scanrt_type type,
                     double *v)
{
  if (e->special != 0)
    return 0;
  *v = type == SCANRT_DOUBLE ? scanrt_exact_double (e)
                             : (double) scanrt_exact_float (e);
  if (!isfinite (*v))
    return 0;
  /* E less its rounding, exactly: 0 where the rounding lost nothing.  A
     zero's sign follows whether a value but -0.0 was added, as the
     rounding's does.  */
  struct scanrt_exact d = *e;
  scanrt_exact_add (&d, -*v);
  return scanrt_exact_double (&d) == 0;
}

void
scanrt_exact_store (const struct scanrt_exact *e, scanrt_type type,
                    void *out)
{
  if (type == SCANRT_DOUBLE)
    {
      double v = scanrt_exact_double (e);
      memcpy (out, &v, sizeof v);
    }
  else
    {
      float v = scanrt_exact_float (e);
      memcpy (out, &v, sizeof v);
    }
}

void
scanrt_exact_to_row (const struct scanrt_exact *e, scanrt_type type,
                     int64_t *row)
{
  struct scanrt_exact c = *e;
  normalize (&c);
  memcpy (row, c.digit, sizeof c.digit);
  row[SCANRT_EXACT_DIGITS] = c.not_minus_zero;
  row[SCANRT_EXACT_DIGITS + 1] = 0;
  if (type == SCANRT_DOUBLE)
    memcpy (&row[SCANRT_EXACT_DIGITS + 1], &c.special, sizeof c.special);
  else
    {
      float f = (float) c.special;
      uint32_t bits;
      memcpy (&bits, &f, sizeof bits);
      row[SCANRT_EXACT_DIGITS + 1] = bits;
    }
}

void
scanrt_exact_from_row (struct scanrt_exact *e, scanrt_type type,
                       const int64_t *row)
{
  scanrt_exact_clear (e);
  for (int k = 0; k < SCANRT_EXACT_DIGITS; k++)
    if (row[k])
      {
        e->digit[k] = row[k];
        if (k < e->lo)
          e->lo = k;
        e->hi = k;
      }
  normalize (e);
  e->not_minus_zero = row[SCANRT_EXACT_DIGITS] != 0;
  if (type == SCANRT_DOUBLE)
    memcpy (&e->special, &row[SCANRT_EXACT_DIGITS + 1], sizeof e->special);
  else
    {
      uint32_t bits = (uint32_t) row[SCANRT_EXACT_DIGITS + 1];
      float f;
      memcpy (&f, &bits, sizeof f);
      e->special = f;
    }
}
