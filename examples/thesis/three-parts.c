/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* three-parts.c: thesis benchmark 8: count the ways to cut an array into
   three contiguous, non-empty parts with equal sums.  With prefix sums P
   and total S, a cut (i, j) works when P[i] = S/3 and P[j] = 2S/3; a
   second scan counts, for each j, the good first cuts before it.  */

#include "prefix-sums.h"

static long n;
static int *x;
static long *p, *good;
static long ways;

static void
setup (long size)
{
  n = size;
  x = realloc (x, n * sizeof *x);
  p = realloc (p, (n + 1) * sizeof *p);
  good = realloc (good, (n + 1) * sizeof *good);
  unsigned long r = 11;
  long s = 0;
  for (long i = 0; i < n; i++)
    {
      r = r * 6364136223846793005ul + 1442695040888963407ul;
      x[i] = (int) ((r >> 40) % 3) - 1;
      s += x[i];
    }
  /* Make the total a multiple of three.  */
  if (n > 0)
    x[n - 1] -= (int) (((s % 3) + 3) % 3);
}

static struct bl_scan good_scan = {
  "#define SCANOMP_T long\n"
  "#define SCANOMP_UT ulong\n"
  "#define SCANOMP_OP SCANOMP_OP_ADD\n"
  "#define SCANOMP_PARAMS __global const long *p, __global long *good, "
  "long third\n"
  "#define SCANOMP_ARGS p, good, third\n"
  "#define SCANOMP_LOAD(i) ((long) (p[(i) + 1] == third))\n"
  "#define SCANOMP_STORE(i, v) (good[i] = (v))\n",
  sizeof (long), 0, { 0 }
};

static int
run (int version)
{
  if (prefix_sums (version, x, p, n))
    return -1;
  good[0] = 0;
  long third = p[n] / 3;
  /* good[i]: the first cuts after 1 .. i elements that work.  */
  if (version == THESIS_CLAUSE)
    {
#pragma omp parallel for scan(+: good)
      for (long i = 1; i <= n; i++)
        good[i] = good[i-1] + (p[i] == third);
    }
  else if (version == THESIS_OPENCL)
    {
      long zero = 0;
      struct bl_arg args[] = { { p, (n + 1) * sizeof *p, BL_IN },
                               { good + 1, n * sizeof *good, BL_OUT },
                               { &third, sizeof third, BL_SCALAR } };
      if (bl_run (&good_scan, n, 0, &zero, 0, 3, args))
        return -1;
    }
  else
    for (long i = 1; i <= n; i++)
      good[i] = good[i-1] + (p[i] == third);

  long w = 0;
#pragma omp parallel for reduction(+: w) if (version != THESIS_SERIAL)
  for (long j = 2; j < n; j++)
    if (p[j] == 2 * third)
      w += good[j - 1];
  ways = w;
  return 0;
}

static void *
result (size_t *bytes)
{
  *bytes = sizeof ways;
  return &ways;
}

struct thesis_bench thesis = { "three-parts", setup, run, result };
