/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* random-weighted.c: thesis benchmark 5: draw random numbers with
   probability proportional to given frequencies.  A scan of the
   frequencies gives their cumulative sums; each draw is then a binary
   search among them.  Each draw has its own generator state, so every
   version draws the same numbers.  */

#include "thesis.h"

static long n;
static int *freq;
static long *cum, *draw;

static void
setup (long size)
{
  n = size;
  freq = realloc (freq, n * sizeof *freq);
  cum = realloc (cum, (n + 1) * sizeof *cum);
  draw = realloc (draw, n * sizeof *draw);
  unsigned long r = 31;
  for (long i = 0; i < n; i++)
    {
      r = r * 6364136223846793005ul + 1442695040888963407ul;
      freq[i] = (r >> 60) ? (int) ((r >> 33) % 1000) : 0;
    }
}

static struct bl_scan cum_scan = {
  "#define SCANOMP_T long\n"
  "#define SCANOMP_UT ulong\n"
  "#define SCANOMP_OP SCANOMP_OP_ADD\n"
  "#define SCANOMP_PARAMS __global const int *freq, __global long *cum\n"
  "#define SCANOMP_ARGS freq, cum\n"
  "#define SCANOMP_LOAD(i) ((long) freq[i])\n"
  "#define SCANOMP_STORE(i, v) (cum[i] = (v))\n",
  sizeof (long), 0, { 0 }
};

/* The index k with cum[k] <= x < cum[k + 1].  */
static long
search (long x)
{
  long lo = 0, hi = n;
  while (hi - lo > 1)
    {
      long mid = lo + (hi - lo) / 2;
      if (cum[mid] <= x)
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

static int
run (int version)
{
  cum[0] = 0;
  if (version == THESIS_CLAUSE)
    {
#pragma omp parallel for scan(+: cum)
      for (long i = 1; i <= n; i++)
        cum[i] = cum[i-1] + freq[i-1];
    }
  else if (version == THESIS_OPENCL)
    {
      long zero = 0;
      struct bl_arg args[] = { { freq, n * sizeof *freq, BL_IN },
                               { cum + 1, n * sizeof *cum, BL_OUT } };
      if (bl_run (&cum_scan, n, 0, &zero, 0, 2, args))
        return -1;
    }
  else
    for (long i = 1; i <= n; i++)
      cum[i] = cum[i-1] + freq[i-1];

  long total = cum[n];
#pragma omp parallel for if (version != THESIS_SERIAL)
  for (long k = 0; k < n; k++)
    {
      unsigned long s = (unsigned long) k * 0x9e3779b97f4a7c15ul + 1;
      s ^= s >> 31;
      s *= 0xbf58476d1ce4e5b9ul;
      s ^= s >> 29;
      draw[k] = total ? search ((long) (s % (unsigned long) total)) : 0;
    }
  return 0;
}

static void *
result (size_t *bytes)
{
  *bytes = n * sizeof *draw;
  return draw;
}

struct thesis_bench thesis = { "random-weighted", setup, run, result };
