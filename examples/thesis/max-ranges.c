/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* max-ranges.c: thesis benchmark 11: the integer that occurs in the most
   of n ranges [lo, hi].  Each range adds one at lo and takes it off after
   hi in a difference array; a scan of that gives how many ranges cover
   each integer, and a reduction the first most covered.  */

#include "thesis.h"

static long n;
static long *lo, *hi;
static int *diff, *cover;
static struct { long value, count; } res;

static void
setup (long size)
{
  n = size;
  lo = realloc (lo, n * sizeof *lo);
  hi = realloc (hi, n * sizeof *hi);
  diff = realloc (diff, (n + 1) * sizeof *diff);
  cover = realloc (cover, (n + 1) * sizeof *cover);
  unsigned long r = 19;
  for (long i = 0; i < n; i++)
    {
      r = r * 6364136223846793005ul + 1442695040888963407ul;
      lo[i] = (long) ((r >> 20) % (unsigned long) n);
      hi[i] = lo[i] + (long) ((r >> 50) % 1000);
      if (hi[i] >= n)
        hi[i] = n - 1;
    }
}

static struct bl_scan cover_scan = {
  "#define SCANOMP_T int\n"
  "#define SCANOMP_UT uint\n"
  "#define SCANOMP_OP SCANOMP_OP_ADD\n"
  "#define SCANOMP_PARAMS __global const int *diff, __global int *cover\n"
  "#define SCANOMP_ARGS diff, cover\n"
  "#define SCANOMP_LOAD(i) (diff[i])\n"
  "#define SCANOMP_STORE(i, v) (cover[i] = (v))\n",
  sizeof (int), 0, { 0 }
};

static int
run (int version)
{
  int par = version != THESIS_SERIAL;
#pragma omp parallel for if (par)
  for (long v = 0; v <= n; v++)
    diff[v] = 0;
#pragma omp parallel for if (par)
  for (long i = 0; i < n; i++)
    {
#pragma omp atomic
      diff[lo[i]]++;
#pragma omp atomic
      diff[hi[i] + 1]--;
    }

  cover[0] = diff[0];
  if (version == THESIS_CLAUSE)
    {
#pragma omp parallel for scan(+: cover)
      for (long v = 1; v < n; v++)
        cover[v] = cover[v-1] + diff[v];
    }
  else if (version == THESIS_OPENCL)
    {
      struct bl_arg args[] = { { diff + 1, (n - 1) * sizeof *diff, BL_IN },
                               { cover + 1, (n - 1) * sizeof *cover, BL_OUT } };
      if (n > 1 && bl_run (&cover_scan, n - 1, 0, &cover[0], 0, 2, args))
        return -1;
    }
  else
    for (long v = 1; v < n; v++)
      cover[v] = cover[v-1] + diff[v];

  int most = 0;
#pragma omp parallel for reduction(max: most) if (par)
  for (long v = 0; v < n; v++)
    if (cover[v] > most)
      most = cover[v];
  long first = n;
#pragma omp parallel for reduction(min: first) if (par)
  for (long v = 0; v < n; v++)
    if (cover[v] == most && v < first)
      first = v;
  res.value = first;
  res.count = most;
  return 0;
}

static void *
result (size_t *bytes)
{
  *bytes = sizeof res;
  return &res;
}

struct thesis_bench thesis = { "max-ranges", setup, run, result };
