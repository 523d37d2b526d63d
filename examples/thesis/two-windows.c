/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* two-windows.c: thesis benchmark 9: the largest sum of two
   non-overlapping subarrays of length K.  Prefix sums give every window's
   sum; a max-scan from the left gives the best window ending by each
   point, one from the right the best starting from each point; the answer
   is the best pair across a split.  */

#include "prefix-sums.h"

#define K 100

static long n, m;          /* m = n - K + 1 windows */
static int *x;
static long *p, *w, *left, *right;
static long best;

static void
setup (long size)
{
  n = size < 2 * K ? 2 * K : size;
  m = n - K + 1;
  x = realloc (x, n * sizeof *x);
  p = realloc (p, (n + 1) * sizeof *p);
  w = realloc (w, m * sizeof *w);
  left = realloc (left, m * sizeof *left);
  right = realloc (right, m * sizeof *right);
  unsigned long r = 13;
  for (long i = 0; i < n; i++)
    {
      r = r * 6364136223846793005ul + 1442695040888963407ul;
      x[i] = (int) ((r >> 40) % 2001) - 1000;
    }
}

/* The running maximum of w, from the left, or from the right (position
   i then stands for window m - 1 - i).  */
static struct bl_scan max_scan = {
  "#define SCANOMP_T long\n"
  "#define SCANOMP_OP SCANOMP_OP_MAX\n"
  "#define SCANOMP_T_MIN LONG_MIN\n"
  "#define SCANOMP_T_MAX LONG_MAX\n"
  "#define SCANOMP_PARAMS __global const long *w, __global long *out, "
  "long m, int reverse\n"
  "#define SCANOMP_ARGS w, out, m, reverse\n"
  "#define SCANOMP_LOAD(i) (w[reverse ? m - 1 - (i) : (i)])\n"
  "#define SCANOMP_STORE(i, v) (out[reverse ? m - 1 - (i) : (i)] = (v))\n",
  sizeof (long), 0, { 0 }
};

static int
run (int version)
{
  if (prefix_sums (version, x, p, n))
    return -1;
#pragma omp parallel for if (version != THESIS_SERIAL)
  for (long i = 0; i < m; i++)
    w[i] = p[i + K] - p[i];

  left[0] = w[0];
  right[m - 1] = w[m - 1];
  if (version == THESIS_CLAUSE)
    {
#pragma omp parallel for scan(max: left)
      for (long i = 1; i < m; i++)
        left[i] = w[i] > left[i-1] ? w[i] : left[i-1];
#pragma omp parallel for scan(max: right)
      for (long i = m - 2; i >= 0; i--)
        right[i] = w[i] > right[i+1] ? w[i] : right[i+1];
    }
  else if (version == THESIS_OPENCL)
    {
      long lo = w[0], hi = w[m - 1];
      int fwd = 0, back = 1;
      struct bl_arg l[] = { { w + 1, (m - 1) * sizeof *w, BL_IN },
                            { left + 1, (m - 1) * sizeof *left, BL_OUT },
                            { &(long) { m - 1 }, sizeof (long), BL_SCALAR },
                            { &fwd, sizeof fwd, BL_SCALAR } };
      struct bl_arg r[] = { { w, (m - 1) * sizeof *w, BL_IN },
                            { right, (m - 1) * sizeof *right, BL_OUT },
                            { &(long) { m - 1 }, sizeof (long), BL_SCALAR },
                            { &back, sizeof back, BL_SCALAR } };
      if (bl_run (&max_scan, m - 1, 0, &lo, 0, 4, l)
          || bl_run (&max_scan, m - 1, 0, &hi, 0, 4, r))
        return -1;
    }
  else
    {
      for (long i = 1; i < m; i++)
        left[i] = w[i] > left[i-1] ? w[i] : left[i-1];
      for (long i = m - 2; i >= 0; i--)
        right[i] = w[i] > right[i+1] ? w[i] : right[i+1];
    }

  long b = w[0] + w[K];
#pragma omp parallel for reduction(max: b) if (version != THESIS_SERIAL)
  for (long i = 0; i < m - K; i++)
    if (left[i] + right[i + K] > b)
      b = left[i] + right[i + K];
  best = b;
  return 0;
}

static void *
result (size_t *bytes)
{
  *bytes = sizeof best;
  return &best;
}

struct thesis_bench thesis = { "two-windows", setup, run, result };
