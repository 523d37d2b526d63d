/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* api-check.h: what the runtime API tests share: a seeded random
   generator, a failure macro, and an independent sequential reference scan
   for every built-in type and operator, written from C's semantics.

   Floating-point results are compared with an error bound, since the
   device reassociates: for + and -, |got - ref| <= TOL * (|seed| + sum of
   |x[j]| up to i), with TOL = 1e-4 for float and 1e-12 for double; for *,
   |got - ref| <= MTOL * |ref|, with MTOL = 1e-3 and 1e-10.  Everything else,
   integers included, must match bit for bit.  */

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <scanrt.h>

#include "../lib/check.h"

/* A uniform double in [A, B).  */
static inline double
rnd_real (double a, double b)
{
  return a + (b - a) * (double) (rnd () >> 11) / (double) (1ull << 53);
}

static const char *const op_names[] = {
  [SCANRT_ADD] = "+", [SCANRT_SUB] = "-", [SCANRT_MUL] = "*",
  [SCANRT_AND] = "&", [SCANRT_OR] = "|", [SCANRT_XOR] = "^",
  [SCANRT_LAND] = "&&", [SCANRT_LOR] = "||", [SCANRT_MIN] = "min",
  [SCANRT_MAX] = "max",
};

/* X (enum, C type, unsigned C type, floating, least, greatest).  */
#define TEST_TYPES(X)                                                       \
  X (SCANRT_CHAR, char, unsigned, 0, CHAR_MIN, CHAR_MAX)                    \
  X (SCANRT_SCHAR, signed char, unsigned, 0, SCHAR_MIN, SCHAR_MAX)          \
  X (SCANRT_UCHAR, unsigned char, unsigned, 0, 0, UCHAR_MAX)                \
  X (SCANRT_SHORT, short, unsigned, 0, SHRT_MIN, SHRT_MAX)                  \
  X (SCANRT_USHORT, unsigned short, unsigned, 0, 0, USHRT_MAX)              \
  X (SCANRT_INT, int, unsigned, 0, INT_MIN, INT_MAX)                        \
  X (SCANRT_UINT, unsigned, unsigned, 0, 0, UINT_MAX)                       \
  X (SCANRT_LONG, long, unsigned long, 0, LONG_MIN, LONG_MAX)               \
  X (SCANRT_ULONG, unsigned long, unsigned long, 0, 0, ULONG_MAX)           \
  X (SCANRT_FLOAT, float, float, 1, -INFINITY, INFINITY)                    \
  X (SCANRT_DOUBLE, double, double, 1, -INFINITY, INFINITY)

static inline size_t
type_size (scanrt_type t)
{
  switch (t)
    {
#define X(e, T, UT, fl, lo, hi)                                                   \
  case e:                                                                   \
    return sizeof (T);
      TEST_TYPES (X)
#undef X
    default:
      abort ();
    }
}

static inline int
op_applies (scanrt_type t, scanrt_op op)
{
  int floating = t == SCANRT_FLOAT || t == SCANRT_DOUBLE;
  return !(floating && (op == SCANRT_AND || op == SCANRT_OR
                        || op == SCANRT_XOR));
}

/* Per type: fill with inputs that keep OP's scan interesting, the
   reference scan, and the comparison.  */
#define X(e, T, UT, floating, lo, hi)                                             \
  static T rnd_##e (scanrt_op op)                                           \
  {                                                                         \
    uint64_t r = rnd ();                                                    \
    int bits = 8 * sizeof (T);                                              \
    if (floating)                                                           \
      switch (op)                                                           \
        {                                                                   \
        case SCANRT_MUL: return (T) rnd_real (0.999, 1.001);                \
        case SCANRT_LAND: return r % 200 ? (T) rnd_real (-2, 2) : 0;        \
        case SCANRT_LOR: return r % 200 ? 0 : (T) rnd_real (-2, 2);         \
        default: return (T) rnd_real (-1, 1);                               \
        }                                                                   \
    switch (op)                                                             \
      {                                                                     \
      case SCANRT_MUL: return (T) (r | 1);                                  \
      case SCANRT_AND: return (T) ~((uint64_t) 1 << (r >> 32) % bits);      \
      case SCANRT_OR: return (T) ((uint64_t) 1 << (r >> 32) % bits);        \
      case SCANRT_LAND: return r % 200 ? (T) ((r >> 8) | 1) : 0;            \
      case SCANRT_LOR: return r % 200 ? 0 : (T) ((r >> 8) | 1);             \
      default: return (T) r;                                                \
      }                                                                     \
  }                                                                         \
                                                                            \
  /* OpenMP's identities.  */                                             \
  static T identity_##e (scanrt_op op)                                      \
  {                                                                         \
    switch (op)                                                             \
      {                                                                     \
      case SCANRT_MUL: case SCANRT_LAND: return (T) 1;                      \
      case SCANRT_AND: return (T) ~(uint64_t) 0;                            \
      case SCANRT_MIN: return (T) (hi);                                     \
      case SCANRT_MAX: return (T) (lo);                                     \
      default: return (T) 0;                                                \
      }                                                                     \
  }                                                                         \
                                                                            \
  static T combine_##e (scanrt_op op, T a, T x)                             \
  {                                                                         \
    switch (op)                                                             \
      {                                                                     \
      case SCANRT_ADD: return (T) ((UT) a + (UT) x);                        \
      case SCANRT_SUB: return (T) ((UT) a - (UT) x);                        \
      case SCANRT_MUL: return (T) ((UT) a * (UT) x);                        \
      case SCANRT_AND: return (T) ((uint64_t) a & (uint64_t) x);            \
      case SCANRT_OR: return (T) ((uint64_t) a | (uint64_t) x);             \
      case SCANRT_XOR: return (T) ((uint64_t) a ^ (uint64_t) x);            \
      case SCANRT_LAND: return a && x;                                      \
      case SCANRT_LOR: return a || x;                                       \
      case SCANRT_MIN: return x < a ? x : a;                                \
      case SCANRT_MAX: return x > a ? x : a;                                \
      }                                                                     \
    abort ();                                                               \
  }                                                                         \
                                                                            \
  static void check_##e (const void *got_, const void *in_, size_t n,       \
                         scanrt_op op, int exclusive, const void *seed_,    \
                         const void *total_, const char *what)              \
  {                                                                         \
    const T *got = got_, *in = in_;                                         \
    T acc, seed, total;                                                     \
    memcpy (&seed, seed_, sizeof seed);                                     \
    memcpy (&total, total_, sizeof total);                                  \
    acc = seed;                                                             \
    double mag = fabs ((double) seed);                                      \
    for (size_t i = 0; i <= n; i++)                                         \
      {                                                                     \
        T want = acc, have = i < n ? got[i] : total;                        \
        if (i < n)                                                          \
          {                                                                 \
            acc = combine_##e (op, acc, in[i]);                             \
            mag += fabs ((double) in[i]);                                   \
            if (!exclusive)                                                 \
              want = acc;                                                   \
          }                                                                 \
        else                                                                \
          want = acc;                                                       \
        int ok;                                                             \
        if (floating && (op == SCANRT_ADD || op == SCANRT_SUB))             \
          ok = fabs ((double) have - (double) want)                         \
               <= (sizeof (T) == 4 ? 1e-4 : 1e-12) * mag;                   \
        else if (floating && op == SCANRT_MUL)                              \
          ok = fabs ((double) have - (double) want)                         \
               <= (sizeof (T) == 4 ? 1e-3 : 1e-10) * fabs ((double) want);  \
        else                                                                \
          ok = !memcmp (&have, &want, sizeof (T));                          \
        if (!ok)                                                            \
          FAIL ("%s: %s %s n=%zu: %s %zu is %.17g, expected %.17g", what,   \
                #T, op_names[op], n, i < n ? "element" : "total (at n)",    \
                i, (double) have, (double) want);                           \
      }                                                                     \
  }
TEST_TYPES (X)
#undef X

/* Fill IN (N elements of TYPE) with inputs for OP, and SEED with a random
   seed, or the identity when !RANDOM_SEED.  */
static inline void
fill (scanrt_type type, scanrt_op op, void *in, size_t n, void *seed,
      int random_seed)
{
  switch (type)
    {
#define X(e, T, UT, fl, lo, hi)                                                   \
  case e:                                                                   \
    for (size_t i = 0; i < n; i++)                                          \
      ((T *) in)[i] = rnd_##e (op);                                         \
    *(T *) seed = !random_seed ? identity_##e (op)                          \
                  : op == SCANRT_LAND ? (T) 1                               \
                  : op == SCANRT_LOR ? (T) 0 : rnd_##e (op);                \
    break;
      TEST_TYPES (X)
#undef X
    default:
      abort ();
    }
}

/* Compare GOT against the reference scan of IN.  */
static inline void
check (scanrt_type type, const void *got, const void *in, size_t n,
       scanrt_op op, int exclusive, const void *seed, const void *total,
       const char *what)
{
  switch (type)
    {
#define X(e, T, UT, fl, lo, hi)                                                   \
  case e:                                                                   \
    check_##e (got, in, n, op, exclusive, seed, total, what);               \
    break;
      TEST_TYPES (X)
#undef X
    default:
      abort ();
    }
}

/* Scan N random elements of TYPE with OP through scanrt_scan with PARAMS
   (its seed, total and flags are set here), in all four modes: inclusive
   and exclusive, out of place and in place.  The scan must run on the
   device.  */
static inline void
scan_and_check (scanrt_type type, scanrt_op op, size_t n,
                const scanrt_params *params, const char *what)
{
  size_t size = type_size (type);
  unsigned char *in = malloc (n * size + 1), *out = malloc (n * size + 1);
  unsigned char *copy = malloc (n * size + 1);
  unsigned char seed[8], total[8];
  CHECK (in && out && copy, "out of memory");
  for (int mode = 0; mode < 4; mode++)
    {
      scanrt_params p = *params;
      int exclusive = mode & 1, in_place = mode & 2;
      /* Every other run leaves the seed to the identity.  */
      int random_seed = rnd () & 1;
      fill (type, op, in, n, seed, random_seed);
      p.flags |= (exclusive ? SCANRT_EXCLUSIVE : 0) | SCANRT_NO_HOST;
      p.seed = random_seed ? seed : NULL;
      p.total = total;
      memcpy (copy, in, n * size);
      int status = scanrt_scan (in_place ? in : out, in, n, type, op, &p);
      CHECK (status == SCANRT_OK, "%s: type %d op %s n=%zu mode %d: %s",
             what, (int) type, op_names[op], n, mode,
             scanrt_status_name (status));
      check (type, in_place ? in : out, copy, n, op, exclusive, seed, total,
             what);
    }
  free (in);
  free (out);
  free (copy);
}
