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
scanomp_cpu_chained (ulong n, long first, scanomp_t seed, uint flags,
                     ulong chunk, __global scanomp_t *carry,
                     __global volatile int *state, SCANOMP_PARAMS)
{
  /* Chunks are numbered by a ticket rather than by group id, so that chunk
     c starts only after chunk c-1 has started.  Waiting for c-1 then cannot
     deadlock, whatever order the device runs work-groups in.  */
  uint c = atomic_inc (&state[0]);
  ulong lo = c * chunk;
  if (lo >= n)
    return;
  ulong len = min (n - lo, chunk);
  ulong step = (len + LANES - 1) / LANES;

  /* Lane l covers positions lo + l * step + [0, lane_len[l]); the last
     lanes are shorter, or empty.  All lanes are full below `full'.  */
  ulong lane_len[LANES];
  for (int l = 0; l < LANES; l++)
    lane_len[l] = len > l * step ? min (step, len - l * step) : 0;
  ulong full = lane_len[LANES - 1];
  long base = first + (long) lo;

  scanomp_t part[LANES];
  for (int l = 0; l < LANES; l++)
    part[l] = SCANOMP_IDENTITY;
  for (ulong j = 0; j < full; j++)
    for (int l = 0; l < LANES; l++)
      part[l] = SCANOMP_COMBINE (part[l],
                                 SCANOMP_INPUT (base + (long) (l * step + j)));
  for (ulong j = full; j < step; j++)
    for (int l = 0; l < LANES; l++)
      if (j < lane_len[l])
        part[l] = SCANOMP_COMBINE (part[l],
                                   SCANOMP_INPUT (base
                                                  + (long) (l * step + j)));
  scanomp_t total = part[0];
  for (int l = 1; l < LANES; l++)
    total = SCANOMP_COMBINE (total, part[l]);

  /* The hand-off: state[1 + c] becomes 1 once carry[c] holds the inclusive
     prefix through chunk c.  */
  scanomp_t prefix = seed;
  if (c > 0)
    {
      while (atomic_add (&state[c], 0) == 0)
        ;
      read_mem_fence (CLK_GLOBAL_MEM_FENCE);
      prefix = carry[c - 1];
    }
  carry[c] = SCANOMP_COMBINE (prefix, total);
  write_mem_fence (CLK_GLOBAL_MEM_FENCE);
  atomic_xchg (&state[c + 1], 1);

  scanomp_t run[LANES];
  run[0] = prefix;
  for (int l = 1; l < LANES; l++)
    run[l] = SCANOMP_COMBINE (run[l - 1], part[l - 1]);

  /* The element is read before its result is stored: in-place scans pass
     the same buffer as input and output.  */
  if (flags & SCANOMP_FLAG_EXCLUSIVE)
    {
      for (ulong j = 0; j < step; j++)
        for (int l = 0; l < LANES; l++)
          if (j < full || j < lane_len[l])
            {
              long i = base + (long) (l * step + j);
              scanomp_t x = SCANOMP_INPUT (i);
              SCANOMP_STORE (i, run[l]);
              run[l] = SCANOMP_COMBINE (run[l], x);
            }
    }
  else
    {
      for (ulong j = 0; j < step; j++)
        for (int l = 0; l < LANES; l++)
          if (j < full || j < lane_len[l])
            {
              long i = base + (long) (l * step + j);
              run[l] = SCANOMP_COMBINE (run[l], SCANOMP_INPUT (i));
              SCANOMP_STORE (i, run[l]);
            }
    }
}
