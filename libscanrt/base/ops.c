/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* ops.c: the built-in element types and operators: their OpenCL C
   spellings, their identities, and the sequential host scan that runs when
   no device takes a scan.  The host scan has the kernels' exact semantics:
   integer +, - and * wrap through an unsigned type, && and || give 0 or 1,
   min and max keep the earlier operand on ties.  */

#include <limits.h>
#include <math.h>
#include <string.h>

#include "base.h"

_Static_assert (sizeof (long) == 8, "libscanrt needs an LP64 host: C long "
                "must match OpenCL long");

/* X (enum, C type, unsigned C type for wrapping, OpenCL type, OpenCL
   unsigned type, OpenCL min, OpenCL max, C min, C max).  */
#define SCANRT_TYPES(X)                                                     \
  X (SCANRT_SCHAR, signed char, unsigned, "char", "uint", "SCHAR_MIN",      \
     "SCHAR_MAX", SCHAR_MIN, SCHAR_MAX)                                     \
  X (SCANRT_UCHAR, unsigned char, unsigned, "uchar", "uint", "0",           \
     "UCHAR_MAX", 0, UCHAR_MAX)                                             \
  X (SCANRT_SHORT, short, unsigned, "short", "uint", "SHRT_MIN", "SHRT_MAX", \
     SHRT_MIN, SHRT_MAX)                                                    \
  X (SCANRT_USHORT, unsigned short, unsigned, "ushort", "uint", "0",        \
     "USHRT_MAX", 0, USHRT_MAX)                                             \
  X (SCANRT_INT, int, unsigned, "int", "uint", "INT_MIN", "INT_MAX",        \
     INT_MIN, INT_MAX)                                                      \
  X (SCANRT_UINT, unsigned, unsigned, "uint", "uint", "0", "UINT_MAX", 0,   \
     UINT_MAX)                                                              \
  X (SCANRT_LONG, long, unsigned long, "long", "ulong", "LONG_MIN",         \
     "LONG_MAX", LONG_MIN, LONG_MAX)                                        \
  X (SCANRT_ULONG, unsigned long, unsigned long, "ulong", "ulong", "0",     \
     "ULONG_MAX", 0, ULONG_MAX)                                             \
  X (SCANRT_FLOAT, float, float, "float", NULL, "(-INFINITY)", "INFINITY",  \
     -INFINITY, INFINITY)                                                   \
  X (SCANRT_DOUBLE, double, double, "double", NULL, "(-(double) INFINITY)", \
     "((double) INFINITY)", -(double) INFINITY, (double) INFINITY)

/* Plain char is the signed or the unsigned kind, as on the host.  */
static scanrt_type
canonical (scanrt_type type)
{
  if (type == SCANRT_CHAR)
    return CHAR_MIN < 0 ? SCANRT_SCHAR : SCANRT_UCHAR;
  return type;
}

const struct scanrt_type_info *
scanrt_type_info (scanrt_type type)
{
  static const struct scanrt_type_info table[SCANRT_NTYPES] = {
#define X(e, t, ut, cl, clu, clmin, clmax, cmin, cmax)                       \
  [e] = { cl, clu, clmin, clmax, sizeof (t) },
    SCANRT_TYPES (X)
#undef X
  };
  if ((unsigned) type >= SCANRT_NTYPES)
    return NULL;
  return &table[canonical (type)];
}

int
scanrt_op_valid (scanrt_type type, scanrt_op op)
{
  const struct scanrt_type_info *t = scanrt_type_info (type);
  if (!t || op < SCANRT_ADD || op > SCANRT_MAX)
    return 0;
  if (!t->cl_utype)
    return op != SCANRT_AND && op != SCANRT_OR && op != SCANRT_XOR;
  return 1;
}

/* One host scan per type.  Integer wrapping goes through UT, as in the
   kernels; for float and double UT is the type itself.  */
#define WRAP(a, op, b) ((T) ((UT) (a) op (UT) (b)))

/* Scan with COMBINE over x, each element read as PREP (src[i]): two
   loops, so that neither tests per element whether it is exclusive.  */
#define SCAN_PREP(PREP, COMBINE)                                            \
  if (exclusive)                                                            \
    for (size_t i = 0; i < n; i++)                                          \
      {                                                                     \
        T x = PREP (src[i]);                                                \
        dst[i] = acc;                                                       \
        acc = COMBINE;                                                      \
      }                                                                     \
  else                                                                      \
    for (size_t i = 0; i < n; i++)                                          \
      {                                                                     \
        T x = PREP (src[i]);                                                \
        dst[i] = acc = COMBINE;                                             \
      }
/* The operators, each combining the running value ACC with element x
   through LOOP, or PREP_LOOP with the element negated for `-'; for the
   scans and the folds alike.  */
#define EACH_OP(LOOP, PREP_LOOP)                                            \
  switch (op)                                                               \
    {                                                                       \
    case SCANRT_ADD:                                                        \
      LOOP (WRAP (acc, +, x));                                              \
      break;                                                                \
    case SCANRT_SUB:                                                        \
      PREP_LOOP (NEGATED, WRAP (acc, +, x));                                \
      break;                                                                \
    case SCANRT_MUL:                                                        \
      LOOP (WRAP (acc, *, x));                                              \
      break;                                                                \
    case SCANRT_AND:                                                        \
      LOOP (INT_OP (acc, &, x));                                            \
      break;                                                                \
    case SCANRT_OR:                                                         \
      LOOP (INT_OP (acc, |, x));                                            \
      break;                                                                \
    case SCANRT_XOR:                                                        \
      LOOP (INT_OP (acc, ^, x));                                            \
      break;                                                                \
    case SCANRT_LAND:                                                       \
      LOOP ((T) (acc && x));                                                \
      break;                                                                \
    case SCANRT_LOR:                                                        \
      LOOP ((T) (acc || x));                                                \
      break;                                                                \
    case SCANRT_MIN:                                                        \
      LOOP (x < acc ? x : acc);                                             \
      break;                                                                \
    case SCANRT_MAX:                                                        \
      LOOP (x > acc ? x : acc);                                             \
      break;                                                                \
    }
#define AS_IS(v) (v)
#define NEGATED(v) WRAP (0, -, v)
#define SCAN_LOOP(COMBINE) SCAN_PREP (AS_IS, COMBINE)

#define X(e, t, ut, cl, clu, clmin, clmax, cmin, cmax)                       \
  static void host_scan_##e (void *out, const void *in, size_t n,           \
                             scanrt_op op, int exclusive, const void *seed, \
                             void *total)                                   \
  {                                                                         \
    typedef t T;                                                            \
    typedef ut UT;                                                          \
    const T *src = in;                                                      \
    T *dst = out, acc;                                                      \
    memcpy (&acc, seed, sizeof acc);                                        \
    EACH_OP (SCAN_LOOP, SCAN_PREP);                                         \
    if (total)                                                              \
      memcpy (total, &acc, sizeof acc);                                     \
  }

/* Bitwise operators exist for the integer types only; scanrt_op_valid
   keeps them away from float and double, whose instances never run but
   must compile.  */
#define INT_OP(a, op, b)                                                    \
  ((T) ((unsigned long long) (a) op (unsigned long long) (b)))
SCANRT_TYPES (X)
#undef X

/* One fold per type: ACC combined with each element of IN in turn, with
   the scans' semantics (a `-' scan's elements negated).  The host path's
   reduce is a fold: vectorized, it costs a fraction of a scan, as host.c
   counts on.  GCC's -O2 cost model leaves integer reductions scalar; the
   floating-point ones stay in order either way (no -ffast-math).  */
#if defined __GNUC__ && !defined __clang__
#define FOLD_VECTORIZED                                                     \
  __attribute__ ((optimize ("tree-vectorize", "vect-cost-model=dynamic")))
#else
#define FOLD_VECTORIZED
#endif
#define FOLD_PREP(PREP, COMBINE)                                            \
  for (size_t i = 0; i < n; i++)                                            \
    {                                                                       \
      T x = PREP (src[i]);                                                  \
      acc = COMBINE;                                                        \
    }
#define FOLD_LOOP(COMBINE) FOLD_PREP (AS_IS, COMBINE)

#define X(e, t, ut, cl, clu, clmin, clmax, cmin, cmax)                       \
  FOLD_VECTORIZED                                                           \
  static void host_fold_##e (const void *in, size_t n, scanrt_op op,        \
                             void *accp)                                    \
  {                                                                         \
    typedef t T;                                                            \
    typedef ut UT;                                                          \
    const T *src = in;                                                      \
    T acc;                                                                  \
    memcpy (&acc, accp, sizeof acc);                                        \
    EACH_OP (FOLD_LOOP, FOLD_PREP);                                         \
    memcpy (accp, &acc, sizeof acc);                                        \
  }
SCANRT_TYPES (X)
#undef X

/* The host path's combine function of each type and operator: A
   combined with B, two partials (of a `-' scan, sums of negated
   elements, combined with `+').  */
#define COMBINER(e, o)                                                      \
  static void combine_##e##_##o (void *a, const void *b)                    \
  {                                                                         \
    host_fold_##e (b, 1, SCANRT_##o, a);                                    \
  }
#define X(e, t, ut, cl, clu, clmin, clmax, cmin, cmax)                       \
  COMBINER (e, ADD) COMBINER (e, MUL) COMBINER (e, AND) COMBINER (e, OR)    \
  COMBINER (e, XOR) COMBINER (e, LAND) COMBINER (e, LOR) COMBINER (e, MIN)  \
  COMBINER (e, MAX)
SCANRT_TYPES (X)
#undef X

SCANRT_host_combine
scanrt_host_combiner (scanrt_type type, scanrt_op op)
{
  static const SCANRT_host_combine table[SCANRT_NTYPES][SCANRT_MAX + 1] = {
#define X(e, t, ut, cl, clu, clmin, clmax, cmin, cmax)                       \
  [e] = { [SCANRT_ADD] = combine_##e##_ADD, [SCANRT_SUB] = combine_##e##_ADD, \
          [SCANRT_MUL] = combine_##e##_MUL, [SCANRT_AND] = combine_##e##_AND, \
          [SCANRT_OR] = combine_##e##_OR, [SCANRT_XOR] = combine_##e##_XOR,   \
          [SCANRT_LAND] = combine_##e##_LAND,                                \
          [SCANRT_LOR] = combine_##e##_LOR,                                  \
          [SCANRT_MIN] = combine_##e##_MIN,                                  \
          [SCANRT_MAX] = combine_##e##_MAX },
    SCANRT_TYPES (X)
#undef X
  };
  return scanrt_op_valid (type, op) ? table[canonical (type)][op] : NULL;
}

void
scanrt_host_fold (const void *in, size_t n, scanrt_type type, scanrt_op op,
                  void *acc)
{
  switch (canonical (type))
    {
#define X(e, t, ut, cl, clu, clmin, clmax, cmin, cmax)                       \
  case e:                                                                   \
    host_fold_##e (in, n, op, acc);                                         \
    break;
      SCANRT_TYPES (X)
#undef X
    default:
      break;
    }
}

/* The lanes of scanrt_host_total: enough independent chains to cover
   an add's latency.  */
#define TOTAL_LANES 8

/* *ACCP combined with the N elements of IN under `+' (`-': less their
   sum) or `*', of floating type T, in TOTAL_LANES lanes: element i goes
   to lane i % TOTAL_LANES, the lanes are combined in order, then the
   elements past the last whole group.  */
#define LANES_TOTAL(NAME, T)                                                \
  static void NAME (const T *in, size_t n, scanrt_op op, void *accp)        \
  {                                                                         \
    int mul = op == SCANRT_MUL;                                             \
    T lane[TOTAL_LANES], sum = mul ? (T) 1 : (T) 0, acc;                    \
    size_t i = 0;                                                           \
    for (int k = 0; k < TOTAL_LANES; k++)                                   \
      lane[k] = sum;                                                        \
    if (mul)                                                                \
      for (; i + TOTAL_LANES <= n; i += TOTAL_LANES)                        \
        for (int k = 0; k < TOTAL_LANES; k++)                               \
          lane[k] *= in[i + k];                                             \
    else                                                                    \
      for (; i + TOTAL_LANES <= n; i += TOTAL_LANES)                        \
        for (int k = 0; k < TOTAL_LANES; k++)                               \
          lane[k] += in[i + k];                                             \
    for (int k = 0; k < TOTAL_LANES; k++)                                   \
      sum = mul ? sum * lane[k] : sum + lane[k];                            \
    for (; i < n; i++)                                                      \
      sum = mul ? sum * in[i] : sum + in[i];                                \
    memcpy (&acc, accp, sizeof acc);                                        \
    acc = mul ? acc * sum : op == SCANRT_SUB ? acc - sum : acc + sum;       \
    memcpy (accp, &acc, sizeof acc);                                        \
  }
LANES_TOTAL (lanes_total_float, float)
LANES_TOTAL (lanes_total_double, double)
#undef LANES_TOTAL

void
scanrt_host_total (const void *in, size_t n, scanrt_type type, scanrt_op op,
                   void *acc)
{
  int lanes = op == SCANRT_ADD || op == SCANRT_SUB || op == SCANRT_MUL;
  if (lanes && type == SCANRT_FLOAT)
    lanes_total_float (in, n, op, acc);
  else if (lanes && type == SCANRT_DOUBLE)
    lanes_total_double (in, n, op, acc);
  else
    scanrt_host_fold (in, n, type, op, acc);
}

void
scanrt_identity (scanrt_type type, scanrt_op op, void *out)
{
  switch (canonical (type))
    {
#define X(e, t, ut, cl, clu, clmin, clmax, cmin, cmax)                       \
  case e:                                                                   \
    {                                                                       \
      t v = op == SCANRT_MUL || op == SCANRT_LAND ? (t) 1                   \
            : op == SCANRT_AND ? (t) -1                                     \
            : op == SCANRT_MIN ? (t) (cmax)                                 \
            : op == SCANRT_MAX ? (t) (cmin)                                 \
                               : (t) 0;                                     \
      memcpy (out, &v, sizeof v);                                           \
      break;                                                                \
    }
      SCANRT_TYPES (X)
#undef X
    default:
      break;
    }
}

void
scanrt_host_scan (void *out, const void *in, size_t n, scanrt_type type,
                  scanrt_op op, unsigned flags, const void *seed, void *total)
{
  int exclusive = (flags & SCANRT_EXCLUSIVE) != 0;
  switch (canonical (type))
    {
#define X(e, t, ut, cl, clu, clmin, clmax, cmin, cmax)                       \
  case e:                                                                   \
    host_scan_##e (out, in, n, op, exclusive, seed, total);                 \
    break;
      SCANRT_TYPES (X)
#undef X
    default:
      break;
    }
}

void
scanrt_host_scan_user (void *out, const void *in, size_t n,
                       const scanrt_user_op *op, unsigned flags,
                       const void *seed, void *total)
{
  size_t size = op->elem_size;
  unsigned char acc[size], x[size], next[size];
  memcpy (acc, seed, size);
  for (size_t i = 0; i < n; i++)
    {
      memcpy (x, (const unsigned char *) in + i * size, size);
      op->host_combine (next, acc, x);
      memcpy ((unsigned char *) out + i * size,
              flags & SCANRT_EXCLUSIVE ? acc : next, size);
      memcpy (acc, next, size);
    }
  if (total)
    memcpy (total, acc, size);
}

void
scanrt_combine (scanrt_type type, scanrt_op op, void *out, const void *a,
                const void *b)
{
  /* The kernels combine a `-' scan's negated elements with `+'.  */
  memcpy (out, a, scanrt_type_info (type)->size);
  scanrt_host_fold (b, 1, type, op == SCANRT_SUB ? SCANRT_ADD : op, out);
}
