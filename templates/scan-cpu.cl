/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* scan-cpu.cl: the kernel set for CPU devices.  A few work-items each scan
   a long contiguous chunk, in a single pass over memory:

     1. fold the chunk's contributions into a chunk total (the chunk is now
        in cache);
     2. wait for the previous chunk's inclusive prefix, combine it with the
        total and publish this chunk's prefix at once, so the next chunk waits
        only for this hand-off and not for the scan below;
     3. scan the chunk from cache, starting from the previous prefix.

   Memory traffic is one read and one write per element, as for a copy;
   with SCANOMP_STREAM the writes bypass the cache, as a large memcpy's do.
   Both loops take SCANOMP_CPU_UNROLL elements at a time and combine them
   among themselves before combining with the running value, so the chain
   of dependent operations has one step per block, not per element: a scan
   over floats is otherwise bound by the latency of one add per element.
   The operands stay in index order, so combiners need not commute.

   Parameters (besides those of scanomp-common.h):
     SCANOMP_CPU_UNROLL  elements per step, 1 to 16.

   Kernel scanomp_cpu_chained (n_, first_, seed_, flags_, seed_mem_,
                               seed_at_, chunk_, carry_, state_,
                               ticket_base_, epoch_, late_,
                               SCANOMP_PARAMS...)
     n_      ulong: element count, positions 0 .. n-1;
     first_  long: the index the hooks get for position 0;
     seed_   the value combined before position 0;
     flags_  uint: SCANOMP_FLAG_EXCLUSIVE, or 0 for an inclusive scan,
             and SCANOMP_FLAG_SEED_AT where the seed is read from memory;
     seed_mem_, seed_at_  the buffer and byte offset the seed lies at then
             (scanomp-common.h);
     chunk_  ulong: positions per work-item;
     carry_  scanomp_t[ceil (n / chunk)]: on return, carry[c] is the
             inclusive prefix through chunk c (the last one is the total);
     state_  uint[1 + ceil (n / chunk)]: state[0] counts tickets, state[1 +
             c] is set to epoch_ once carry[c] is ready.  The buffer is kept
             from launch to launch, never cleared:
     ticket_base_  uint: state[0] before this launch;
     epoch_  uint: a value no element of state[1 ...] holds before this
             launch (the host counts launches, from 1, and zeroes the
             buffer before the count wraps);
     late_   scanomp_t[ceil (n / chunk)], where SCANOMP_LATE: on return,
             late_[c] holds the late items chunk c gathered.
   Launch it with ceil (n / chunk) work-items and a local size of 1.  */

#include "scanomp-common.h"

#ifndef SCANOMP_CPU_UNROLL
#error "scanomp: define SCANOMP_CPU_UNROLL, the elements per step"
#endif
#if SCANOMP_CPU_UNROLL < 1 || SCANOMP_CPU_UNROLL > 16
#error "scanomp: SCANOMP_CPU_UNROLL must be 1 to 16"
#endif

#define UNROLL SCANOMP_CPU_UNROLL

/* One block of UNROLL elements at I_: scan it locally into V_, store each
   result combined after RUN_ (EXCL_: the result before the element),
   gathering late items into *OWN_, and advance RUN_.  All the block's
   inputs are read before any store, for in-place scans.  */
#define SCAN_BLOCK(i_, run_, excl_, own_)                                   \
  do                                                                        \
    {                                                                       \
      scanomp_t v_[UNROLL];                                                 \
      _Pragma ("unroll")                                                    \
      for (int k_ = 0; k_ < UNROLL; k_++)                                   \
        v_[k_] = SCANOMP_INPUT ((i_) + k_);                                 \
      _Pragma ("unroll")                                                    \
      for (int k_ = 1; k_ < UNROLL; k_++)                                   \
        v_[k_] = SCANOMP_COMBINE (v_[k_ - 1], v_[k_]);                      \
      if (excl_)                                                            \
        {                                                                   \
          SCANOMP_OUTPUT (i_, run_, run_, own_);                            \
          _Pragma ("unroll")                                                \
          for (int k_ = 1; k_ < UNROLL; k_++)                               \
            {                                                               \
              scanomp_t e_ = SCANOMP_COMBINE (run_, v_[k_ - 1]);            \
              SCANOMP_OUTPUT ((i_) + k_, e_, e_, own_);                     \
            }                                                               \
        }                                                                   \
      else                                                                  \
        {                                                                   \
          scanomp_t w_ = run_;                                              \
          _Pragma ("unroll")                                                \
          for (int k_ = 0; k_ < UNROLL; k_++)                               \
            {                                                               \
              scanomp_t c_ = SCANOMP_COMBINE (run_, v_[k_]);                \
              SCANOMP_OUTPUT ((i_) + k_, c_, w_, own_);                     \
              w_ = c_;                                                      \
            }                                                               \
        }                                                                   \
      run_ = SCANOMP_COMBINE (run_, v_[UNROLL - 1]);                        \
    }                                                                       \
  while (0)

/* Scan positions [0, len_) from BASE_ starting from RUN_: whole blocks,
   then one element at a time.  */
#define SCAN_CHUNK(base_, len_, run_, excl_, own_)                          \
  do                                                                        \
    {                                                                       \
      ulong blocks_ = (len_) / UNROLL;                                      \
      for (ulong b_ = 0; b_ < blocks_; b_++)                                \
        SCAN_BLOCK ((base_) + (long) (b_ * UNROLL), run_, excl_, own_);     \
      for (ulong j_ = blocks_ * UNROLL; j_ < (len_); j_++)                  \
        {                                                                   \
          long i_ = (base_) + (long) j_;                                    \
          scanomp_t x_ = SCANOMP_INPUT (i_);                                \
          scanomp_t next_ = SCANOMP_COMBINE (run_, x_);                     \
          SCANOMP_OUTPUT (i_, (excl_) ? run_ : next_, run_, own_);          \
          run_ = next_;                                                     \
        }                                                                   \
    }                                                                       \
  while (0)

__kernel void
scanomp_cpu_chained (ulong n_, long first_, scanomp_t seed_, uint flags_,
                     SCANOMP_SEED_AT_PARAMS, ulong chunk_,
                     __global scanomp_t *carry_,
                     __global volatile uint *state_, uint ticket_base_,
                     uint epoch_, __global scanomp_t *late_, SCANOMP_PARAMS)
{
  /* Chunks are numbered by a ticket rather than by group id, so that chunk
     c starts only after chunk c-1 has started.  Waiting for c-1 then cannot
     deadlock, whatever order the device runs work-groups in.  */
  uint c_ = atomic_inc (&state_[0]) - ticket_base_;
  ulong lo_ = c_ * chunk_;
  if (lo_ >= n_)
    return;
  ulong len_ = min (n_ - lo_, chunk_);
  long base_ = first_ + (long) lo_;

  /* The chunk's total: blocks folded first, then folded in order.  */
  scanomp_t total_ = SCANOMP_IDENTITY;
  ulong blocks_ = len_ / UNROLL;
  for (ulong b_ = 0; b_ < blocks_; b_++)
    {
      long i_ = base_ + (long) (b_ * UNROLL);
      scanomp_t t_ = SCANOMP_INPUT (i_);
#pragma unroll
      for (int k_ = 1; k_ < UNROLL; k_++)
        t_ = SCANOMP_COMBINE (t_, SCANOMP_INPUT (i_ + k_));
      total_ = SCANOMP_COMBINE (total_, t_);
    }
  for (ulong j_ = blocks_ * UNROLL; j_ < len_; j_++)
    total_ = SCANOMP_COMBINE (total_, SCANOMP_INPUT (base_ + (long) j_));

  /* The hand-off: state[1 + c] becomes epoch once carry[c] holds the
     inclusive prefix through chunk c.  */
  scanomp_t run_ = c_ > 0 ? seed_ : SCANOMP_SEED (seed_, flags_);
  if (c_ > 0)
    {
      while (atomic_add (&state_[c_], 0) != epoch_)
        ;
      read_mem_fence (CLK_GLOBAL_MEM_FENCE);
      run_ = carry_[c_ - 1];
    }
  carry_[c_] = SCANOMP_COMBINE (run_, total_);
  write_mem_fence (CLK_GLOBAL_MEM_FENCE);
  atomic_xchg (&state_[c_ + 1], epoch_);

#if SCANOMP_LATE
  scanomp_t late_own_ = SCANOMP_IDENTITY;
#endif
  if (flags_ & SCANOMP_FLAG_EXCLUSIVE)
    SCAN_CHUNK (base_, len_, run_, 1, &late_own_);
  else
    SCAN_CHUNK (base_, len_, run_, 0, &late_own_);
#if SCANOMP_LATE
  late_[c_] = late_own_;
#endif
  scanomp_stream_end ();
}
