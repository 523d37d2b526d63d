/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* prefix-sums.h: the plain prefix sums that three of the programs start
   with, p[i] = x[0] + ... + x[i-1] of ints into longs, in the three
   versions of thesis.h.  */

#ifndef THESIS_PREFIX_SUMS_H
#define THESIS_PREFIX_SUMS_H

#include "thesis.h"

static struct bl_scan prefix_scan = {
  "#define SCANOMP_T long\n"
  "#define SCANOMP_UT ulong\n"
  "#define SCANOMP_OP SCANOMP_OP_ADD\n"
  "#define SCANOMP_PARAMS __global const int *x, __global long *p\n"
  "#define SCANOMP_ARGS x, p\n"
  "#define SCANOMP_LOAD(i) ((long) x[i])\n"
  "#define SCANOMP_STORE(i, v) (p[i] = (v))\n",
  sizeof (long), 0, { 0 }
};

/* Fill P[0..n] with the prefix sums of X[0..n) by VERSION; 0, or -1 when
   the OpenCL version failed.  */
static int
prefix_sums (int version, int *x, long *p, long n)
{
  p[0] = 0;
  if (version == THESIS_CLAUSE)
    {
#pragma omp parallel for scan(+: p)
      for (long i = 1; i <= n; i++)
        p[i] = p[i-1] + x[i-1];
    }
  else if (version == THESIS_OPENCL)
    {
      long zero = 0;
      struct bl_arg args[] = { { x, n * sizeof *x, BL_IN },
                               { p + 1, n * sizeof *p, BL_OUT } };
      return bl_run (&prefix_scan, n, 0, &zero, 0, 2, args);
    }
  else
    for (long i = 1; i <= n; i++)
      p[i] = p[i-1] + x[i-1];
  return 0;
}

#endif /* THESIS_PREFIX_SUMS_H */
