/* scan-cpu.cl: the kernel set for CPU devices.  A few work-items each scan
   a long contiguous chunk, in a single pass over memory:

     1. fold the chunk's contributions into a chunk total (the chunk is now
        in cache);
     2. wait for the previous chunk's inclusive prefix, combine it with the
        total and publish this chunk's prefix at once, so the next chunk waits
        only for this hand-off and not for the scan below;
     3. scan the chunk from cache, starting from the previous prefix.

   Memory traffic is one read and one write per element, as for a copy.
   Each chunk is cut into SCANOMP_CPU_LANES equal lanes walked side by side,
   so that the loops carry that many independent dependency chains: a scan
   over floats is otherwise bound by the latency of one add per element.

   Parameters (besides those of scanomp-common.h):
     SCANOMP_CPU_LANES  lanes per chunk, 1 to 16.

   Kernel scanomp_cpu_chained (n, first, seed, flags, chunk, carry, state,
                               SCANOMP_PARAMS...)
     n       ulong: element count, positions 0 .. n-1;
     first   long: the index the hooks get for position 0;
     seed    the value combined before position 0;
     flags   uint: SCANOMP_FLAG_EXCLUSIVE, or 0 for an inclusive scan;
     chunk   ulong: positions per work-item;
     carry   scanomp_t[ceil (n / chunk)]: on return, carry[c] is the
             inclusive prefix through chunk c (the last one is the total);
     state   int[1 + ceil (n / chunk)], zeroed before the launch.
   Launch it with ceil (n / chunk) work-items and a local size of 1.  */

#include "scanomp-common.h"

#ifndef SCANOMP_CPU_LANES
#error "scanomp: define SCANOMP_CPU_LANES, the lanes per chunk"
#endif
#if SCANOMP_CPU_LANES < 1 || SCANOMP_CPU_LANES > 16
#error "scanomp: SCANOMP_CPU_LANES must be 1 to 16"
#endif

#define LANES SCANOMP_CPU_LANES

__kernel void
scanomp_cpu_chained (ulong n_, long first_, scanomp_t seed_, uint flags_,
                     ulong chunk_, __global scanomp_t *carry_,
                     __global volatile int *state_, SCANOMP_PARAMS)
{
  /* Chunks are numbered by a ticket rather than by group id, so that chunk
     c starts only after chunk c-1 has started.  Waiting for c-1 then cannot
     deadlock, whatever order the device runs work-groups in.  */
  uint c_ = atomic_inc (&state_[0]);
  ulong lo_ = c_ * chunk_;
  if (lo_ >= n_)
    return;
  ulong len_ = min (n_ - lo_, chunk_);
  ulong step_ = (len_ + LANES - 1) / LANES;

  /* Lane l covers positions lo + l * step + [0, lane_len[l]); the last
     lanes are shorter, or empty.  All lanes are full below `full'.  */
  ulong lane_len_[LANES];
  for (int l_ = 0; l_ < LANES; l_++)
    lane_len_[l_] = len_ > l_ * step_ ? min (step_, len_ - l_ * step_) : 0;
  ulong full_ = lane_len_[LANES - 1];
  long base_ = first_ + (long) lo_;

  scanomp_t part_[LANES];
  for (int l_ = 0; l_ < LANES; l_++)
    part_[l_] = SCANOMP_IDENTITY;
  for (ulong j_ = 0; j_ < full_; j_++)
    for (int l_ = 0; l_ < LANES; l_++)
      part_[l_] = SCANOMP_COMBINE (part_[l_], SCANOMP_INPUT (base_
                                                      + (long) (l_ * step_
                                                                + j_)));
  for (ulong j_ = full_; j_ < step_; j_++)
    for (int l_ = 0; l_ < LANES; l_++)
      if (j_ < lane_len_[l_])
        part_[l_] = SCANOMP_COMBINE (part_[l_], SCANOMP_INPUT (base_
                                                        + (long) (l_ * step_
                                                                  + j_)));
  scanomp_t total_ = part_[0];
  for (int l_ = 1; l_ < LANES; l_++)
    total_ = SCANOMP_COMBINE (total_, part_[l_]);

  /* The hand-off: state[1 + c] becomes 1 once carry[c] holds the inclusive
     prefix through chunk c.  */
  scanomp_t prefix_ = seed_;
  if (c_ > 0)
    {
      while (atomic_add (&state_[c_], 0) == 0)
        ;
      read_mem_fence (CLK_GLOBAL_MEM_FENCE);
      prefix_ = carry_[c_ - 1];
    }
  carry_[c_] = SCANOMP_COMBINE (prefix_, total_);
  write_mem_fence (CLK_GLOBAL_MEM_FENCE);
  atomic_xchg (&state_[c_ + 1], 1);

  scanomp_t run_[LANES];
  run_[0] = prefix_;
  for (int l_ = 1; l_ < LANES; l_++)
    run_[l_] = SCANOMP_COMBINE (run_[l_ - 1], part_[l_ - 1]);

  /* The element is read before its result is stored: in-place scans pass
     the same buffer as input and output.  */
  if (flags_ & SCANOMP_FLAG_EXCLUSIVE)
    {
      for (ulong j_ = 0; j_ < step_; j_++)
        for (int l_ = 0; l_ < LANES; l_++)
          if (j_ < full_ || j_ < lane_len_[l_])
            {
              long i_ = base_ + (long) (l_ * step_ + j_);
              scanomp_t x_ = SCANOMP_INPUT (i_);
              SCANOMP_STORE (i_, run_[l_]);
              run_[l_] = SCANOMP_COMBINE (run_[l_], x_);
            }
    }
  else
    {
      for (ulong j_ = 0; j_ < step_; j_++)
        for (int l_ = 0; l_ < LANES; l_++)
          if (j_ < full_ || j_ < lane_len_[l_])
            {
              long i_ = base_ + (long) (l_ * step_ + j_);
              run_[l_] = SCANOMP_COMBINE (run_[l_], SCANOMP_INPUT (i_));
              SCANOMP_STORE (i_, run_[l_]);
            }
    }
}
