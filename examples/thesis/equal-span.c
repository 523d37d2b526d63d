/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* equal-span.c: thesis benchmark 2: the longest span [i, j) over which
   two binary arrays have the same sum.  The running difference of their
   prefix sums is a scan; a span is equal where the difference returns to
   a value it had, so the answer is the widest gap between the first and
   the last place each value occurs.  */

#include "thesis.h"

static long n;
static unsigned char *a, *b;
static long *d, *first, *last;
static struct { long start, length; } res;

static void
setup (long size)
{
  n = size;
  a = realloc (a, n);
  b = realloc (b, n);
  d = realloc (d, (n + 1) * sizeof *d);
  first = realloc (first, (2 * n + 1) * sizeof *first);
  last = realloc (last, (2 * n + 1) * sizeof *last);
  unsigned long r = 777;
  for (long i = 0; i < n; i++)
    {
      r = r * 6364136223846793005ul + 1442695040888963407ul;
      a[i] = (r >> 40) & 1;
      /* b mostly follows a, so that long equal spans exist.  */
      b[i] = (r >> 45) % 16 ? a[i] : !a[i];
    }
}

static struct bl_scan diff_scan = {
  "#define SCANOMP_T long\n"
  "#define SCANOMP_UT ulong\n"
  "#define SCANOMP_OP SCANOMP_OP_ADD\n"
  "#define SCANOMP_PARAMS __global const uchar *a, __global const uchar *b, "
  "__global long *d\n"
  "#define SCANOMP_ARGS a, b, d\n"
  "#define SCANOMP_LOAD(i) ((long) a[i] - (long) b[i])\n"
  "#define SCANOMP_STORE(i, v) (d[i] = (v))\n",
  sizeof (long), 0, { 0 }
};

static int
run (int version)
{
  d[0] = 0;
  if (version == THESIS_CLAUSE)
    {
#pragma omp parallel for scan(+: d)
      for (long i = 1; i <= n; i++)
        d[i] = d[i-1] + (a[i-1] - b[i-1]);
    }
  else if (version == THESIS_OPENCL)
    {
      long zero = 0;
      struct bl_arg args[] = { { a, n, BL_IN }, { b, n, BL_IN },
                               { d + 1, n * sizeof *d, BL_OUT } };
      if (bl_run (&diff_scan, n, 0, &zero, 0, 3, args))
        return -1;
    }
  else
    for (long i = 1; i <= n; i++)
      d[i] = d[i-1] + (a[i-1] - b[i-1]);

  /* First and last place of each difference, then the widest gap.  */
#pragma omp parallel for if (version != THESIS_SERIAL)
  for (long v = 0; v <= 2 * n; v++)
    first[v] = last[v] = -1;
  for (long i = 0; i <= n; i++)
    {
      long v = d[i] + n;
      if (first[v] < 0)
        first[v] = i;
      last[v] = i;
    }
  res.start = res.length = 0;
  for (long v = 0; v <= 2 * n; v++)
    if (first[v] >= 0 && last[v] - first[v] > res.length)
      {
        res.start = first[v];
        res.length = last[v] - first[v];
      }
  return 0;
}

static void *
result (size_t *bytes)
{
  *bytes = sizeof res;
  return &res;
}

struct thesis_bench thesis = { "equal-span", setup, run, result };
