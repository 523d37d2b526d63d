/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* scanomp-common.h: what every scanomp kernel template shares: the element
   type, the operator with its identity, and the hooks through which a kernel
   reads element i's contribution and stores element i's result.

   Parameters (-D options, or #defines placed before this file):

     SCANOMP_T          the element type.  Required.
     SCANOMP_OP         the operator, one of the SCANOMP_OP_* codes below.
                        Required.
     SCANOMP_UT         integer SCANOMP_T only: an unsigned type at least as
                        wide as SCANOMP_T.  +, - and * are computed in it and
                        converted back, so results wrap bit for bit as C's
                        unsigned arithmetic does and never hit signed
                        overflow.  Leave undefined for float and double.
     SCANOMP_T_MIN, SCANOMP_T_MAX
                        the least and greatest value of SCANOMP_T: the
                        identities of max and min.  Required for those two.
     SCANOMP_COMBINE(a, b), SCANOMP_IDENTITY
                        SCANOMP_OP_USER only: the combiner, where a is the
                        earlier operand (the order matters: combiners need not
                        commute), and its identity.
     SCANOMP_PARAMS, SCANOMP_ARGS
                        the kernel parameters through which the hooks reach
                        their data, as a declaration list and as the matching
                        list of names.  Default: one input and one output
                        array, each with a byte offset.
     SCANOMP_STREAM     1 when the output is too large to stay in cache:
                        SCANOMP_STREAM_STORE then writes around the cache
                        (non-temporal stores), saving the read a cached
                        store makes of each line it writes.  Scalar and
                        vector element types only.  Default 0.
     SCANOMP_TOTAL_ONLY 1 when the launch only computes the total: the
                        stores are compiled out.  Default 0.
     SCANOMP_LOAD(i)    the contribution of element i (a long: the launch's
                        FIRST plus the position).  It may read only read-only
                        data and what SCANOMP_STORE(i, ...) itself writes.
     SCANOMP_STORE(i, v)
                        store the scan result v of element i.
                        Default for both: the arrays of the default
                        SCANOMP_PARAMS, indexed by i.
     SCANOMP_OUTPUT(i, v, w, p)
                        what the templates call to store: v as
                        SCANOMP_STORE stores it, for hooks that need more:
                        w, the seed combined with the contributions of the
                        elements before i (v itself in an exclusive scan),
                        and where SCANOMP_LATE, p, the address of the
                        work-item's scanomp_t that gathers late items.
                        Default: SCANOMP_STORE (i, v), which leaves w and
                        p unevaluated.
     SCANOMP_LATE       1 where the stores find values from the results
                        that the scan does not carry (late items: a
                        reduction set from the scanned value, `if (s >
                        best) best = s'), fields of scanomp_t: each
                        work-item gathers them over its elements in their
                        order, from SCANOMP_IDENTITY, and the storing
                        kernel leaves in its argument late_[b] those of
                        block b (a chunk, a tile, a work-group's
                        elements), combined in order.  The source then
                        defines scanomp_late_clear (s), S with those
                        fields set to their identities, which the kernels
                        apply to the seed: the host joins the seed's after
                        the blocks'.  Default 0.

   Every kernel also takes, first, `ulong n` (the element count) and
   `long first` (the index of position 0); see each template.  */

#ifndef SCANOMP_COMMON_H
#define SCANOMP_COMMON_H

#define SCANOMP_OP_ADD 1
#define SCANOMP_OP_SUB 2
#define SCANOMP_OP_MUL 3
#define SCANOMP_OP_AND 4
#define SCANOMP_OP_OR 5
#define SCANOMP_OP_XOR 6
#define SCANOMP_OP_LAND 7
#define SCANOMP_OP_LOR 8
#define SCANOMP_OP_MIN 9
#define SCANOMP_OP_MAX 10
#define SCANOMP_OP_USER 11

#ifndef SCANOMP_T
#error "scanomp: define SCANOMP_T, the element type"
#endif
#ifndef SCANOMP_OP
#error "scanomp: define SCANOMP_OP, one of the SCANOMP_OP_* codes"
#endif

#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

typedef SCANOMP_T scanomp_t;

/* Arithmetic that wraps like C's unsigned arithmetic for integer types.  */
#ifdef SCANOMP_UT
#define SCANOMP_WRAP(a, op, b) \
  ((scanomp_t) ((SCANOMP_UT) (a) op (SCANOMP_UT) (b)))
#else
#define SCANOMP_WRAP(a, op, b) ((scanomp_t) ((a) op (b)))
#endif

/* The built-in operators, with OpenMP's identities.  `-' follows OpenMP's
   reduction: each element is subtracted from the running value, so element
   contributions are negated and partial results combine with +.  min and max
   keep the earlier operand on ties, like OpenMP's combiner
   `omp_out = omp_in < omp_out ? omp_in : omp_out'.  */
#if SCANOMP_OP == SCANOMP_OP_ADD
#define SCANOMP_IDENTITY ((scanomp_t) 0)
#define SCANOMP_COMBINE(a, b) SCANOMP_WRAP (a, +, b)
#elif SCANOMP_OP == SCANOMP_OP_SUB
#define SCANOMP_IDENTITY ((scanomp_t) 0)
#define SCANOMP_COMBINE(a, b) SCANOMP_WRAP (a, +, b)
#define SCANOMP_PREPARE(x) SCANOMP_WRAP (0, -, x)
#elif SCANOMP_OP == SCANOMP_OP_MUL
#define SCANOMP_IDENTITY ((scanomp_t) 1)
#define SCANOMP_COMBINE(a, b) SCANOMP_WRAP (a, *, b)
#elif SCANOMP_OP == SCANOMP_OP_AND
#define SCANOMP_IDENTITY ((scanomp_t) ~(scanomp_t) 0)
#define SCANOMP_COMBINE(a, b) ((scanomp_t) ((a) & (b)))
#elif SCANOMP_OP == SCANOMP_OP_OR
#define SCANOMP_IDENTITY ((scanomp_t) 0)
#define SCANOMP_COMBINE(a, b) ((scanomp_t) ((a) | (b)))
#elif SCANOMP_OP == SCANOMP_OP_XOR
#define SCANOMP_IDENTITY ((scanomp_t) 0)
#define SCANOMP_COMBINE(a, b) ((scanomp_t) ((a) ^ (b)))
#elif SCANOMP_OP == SCANOMP_OP_LAND
#define SCANOMP_IDENTITY ((scanomp_t) 1)
#define SCANOMP_COMBINE(a, b) ((scanomp_t) ((a) && (b)))
#elif SCANOMP_OP == SCANOMP_OP_LOR
#define SCANOMP_IDENTITY ((scanomp_t) 0)
#define SCANOMP_COMBINE(a, b) ((scanomp_t) ((a) || (b)))
#elif SCANOMP_OP == SCANOMP_OP_MIN || SCANOMP_OP == SCANOMP_OP_MAX
#if !defined SCANOMP_T_MIN || !defined SCANOMP_T_MAX
#error "scanomp: min and max need SCANOMP_T_MIN and SCANOMP_T_MAX"
#endif
#if SCANOMP_OP == SCANOMP_OP_MIN
#define SCANOMP_IDENTITY ((scanomp_t) SCANOMP_T_MAX)
#define SCANOMP_COMBINE(a, b) ((b) < (a) ? (b) : (a))
#else
#define SCANOMP_IDENTITY ((scanomp_t) SCANOMP_T_MIN)
#define SCANOMP_COMBINE(a, b) ((b) > (a) ? (b) : (a))
#endif
#elif SCANOMP_OP == SCANOMP_OP_USER
#if !defined SCANOMP_COMBINE || !defined SCANOMP_IDENTITY
#error "scanomp: SCANOMP_OP_USER needs SCANOMP_COMBINE(a, b) and SCANOMP_IDENTITY"
#endif
#else
#error "scanomp: SCANOMP_OP is not one of the SCANOMP_OP_* codes"
#endif

#ifndef SCANOMP_PREPARE
#define SCANOMP_PREPARE(x) (x)
#endif

/* SCANOMP_STREAM_STORE (p, v): *p = v, around the cache when streaming.
   Kernels that store this way end with scanomp_stream_end (), which orders
   those weakly ordered stores before the kernel completes.  */
#ifndef SCANOMP_STREAM
#define SCANOMP_STREAM 0
#endif
#if SCANOMP_STREAM && defined __has_builtin
#if __has_builtin (__builtin_nontemporal_store)
#define SCANOMP_STREAM_STORE(p, v) __builtin_nontemporal_store ((v), (p))
#endif
#endif
#ifndef SCANOMP_STREAM_STORE
#define SCANOMP_STREAM_STORE(p, v) (*(p) = (v))
#endif
#define scanomp_stream_end() mem_fence (CLK_GLOBAL_MEM_FENCE)

/* The default hooks: an input and an output array, which may be the same
   buffer (an in-place scan), each at a byte offset into its buffer and
   followed by the byte offset, from element 0, at which the buffer's
   window starts (nonzero in the later segments of a split scan).  */
#ifndef SCANOMP_PARAMS
#define SCANOMP_PARAMS                                                       \
  __global const scanomp_t *scanomp_in, ulong scanomp_in_off,               \
  long scanomp_in_start, __global scanomp_t *scanomp_out,                   \
  ulong scanomp_out_off, long scanomp_out_start
#define SCANOMP_ARGS                                                         \
  scanomp_in, scanomp_in_off, scanomp_in_start, scanomp_out,                \
  scanomp_out_off, scanomp_out_start
#define SCANOMP_LOAD(i)                                                      \
  (*(__global const scanomp_t *) ((__global const char *) scanomp_in         \
                                  + scanomp_in_off                          \
                                  + ((i) * (long) sizeof (scanomp_t)         \
                                     - scanomp_in_start)))
#define SCANOMP_STORE(i, v)                                                  \
  SCANOMP_STREAM_STORE ((__global scanomp_t *) ((__global char *) scanomp_out \
                                                + scanomp_out_off            \
                                                + ((i) * (long) sizeof       \
                                                   (scanomp_t)               \
                                                   - scanomp_out_start)),    \
                        (v))
#endif
#if !defined SCANOMP_ARGS || !defined SCANOMP_LOAD \
    || (!defined SCANOMP_STORE && !defined SCANOMP_OUTPUT)
#error "scanomp: SCANOMP_PARAMS needs SCANOMP_ARGS, SCANOMP_LOAD and SCANOMP_STORE"
#endif
#ifndef SCANOMP_LATE
#define SCANOMP_LATE 0
#endif

/* A block's total, where one scan is split across devices (split.c).  */
#if SCANOMP_TOTAL_ONLY
#undef SCANOMP_OUTPUT
#define SCANOMP_OUTPUT(i, v, w, p) ((void) 0)
#endif
#ifndef SCANOMP_OUTPUT
#define SCANOMP_OUTPUT(i, v, w, p) SCANOMP_STORE (i, v)
#endif

/* Element i's contribution to the scan.  */
#define SCANOMP_INPUT(i) SCANOMP_PREPARE (SCANOMP_LOAD (i))

/* Bits of a kernel's `flags' argument.  */
#define SCANOMP_FLAG_EXCLUSIVE 1u
/* The seed lies in memory, in the loop's array: the kernel reads it
   there (libscanrt's SCANRT_SEED_AT).  */
#define SCANOMP_FLAG_SEED_AT 2u

/* The parameters that follow `flags' in every kernel that takes a seed:
   the buffer the seed lies in and its byte offset there, read where
   flags has SCANOMP_FLAG_SEED_AT (otherwise a buffer the kernel need
   not read: libscanrt never passes a null one, whose read a compiler may
   hoist above the test, as pocl 7.1's does).  */
#define SCANOMP_SEED_AT_PARAMS                                             \
  __global const uchar *seed_mem_, ulong seed_at_
/* The seed a kernel combines before position 0 (without its late
   items).  */
#define SCANOMP_SEED_VALUE(seed, flags)                                    \
  ((flags) & SCANOMP_FLAG_SEED_AT                                          \
     ? *(__global const scanomp_t *) (seed_mem_ + seed_at_)                \
     : (seed))
#if SCANOMP_LATE
#define SCANOMP_SEED(seed, flags)                                          \
  scanomp_late_clear (SCANOMP_SEED_VALUE (seed, flags))
#else
#define SCANOMP_SEED(seed, flags) SCANOMP_SEED_VALUE (seed, flags)
#endif

#endif /* SCANOMP_COMMON_H */
