/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* stream-compaction.c: thesis benchmark 1: keep the elements above a
   threshold, in order.  A scan of the 0/1 test results gives each kept
   element its place; a parallel loop moves it there.  */

#include "thesis.h"

static long n;
static float *in;
static long *pos;
static float threshold = 0.7f;
static struct { long kept; float out[]; } *res;

static void
setup (long size)
{
  n = size;
  in = realloc (in, n * sizeof *in);
  pos = realloc (pos, (n + 1) * sizeof *pos);
  res = realloc (res, sizeof *res + n * sizeof (float));
  unsigned long r = 12345;
  for (long i = 0; i < n; i++)
    {
      r = r * 6364136223846793005ul + 1442695040888963407ul;
      in[i] = (float) (r >> 40) / (float) (1ul << 24);
    }
}

static struct bl_scan flags_scan = {
  "#define SCANOMP_T long\n"
  "#define SCANOMP_UT ulong\n"
  "#define SCANOMP_OP SCANOMP_OP_ADD\n"
  "#define SCANOMP_PARAMS __global const float *in, __global long *pos, "
  "float threshold\n"
  "#define SCANOMP_ARGS in, pos, threshold\n"
  "#define SCANOMP_LOAD(i) ((long) (in[i] > threshold))\n"
  "#define SCANOMP_STORE(i, v) (pos[i] = (v))\n",
  sizeof (long), 0, { 0 }
};

static int
run (int version)
{
  pos[0] = 0;
  if (version == THESIS_CLAUSE)
    {
#pragma omp parallel for scan(+: pos)
      for (long i = 1; i <= n; i++)
        pos[i] = pos[i-1] + (in[i-1] > threshold);
    }
  else if (version == THESIS_OPENCL)
    {
      long zero = 0;
      struct bl_arg args[] = { { in, n * sizeof *in, BL_IN },
                               { pos + 1, n * sizeof *pos, BL_OUT },
                               { &threshold, sizeof threshold, BL_SCALAR } };
      if (bl_run (&flags_scan, n, 0, &zero, 0, 3, args))
        return -1;
    }
  else
    for (long i = 1; i <= n; i++)
      pos[i] = pos[i-1] + (in[i-1] > threshold);

#pragma omp parallel for if (version != THESIS_SERIAL)
  for (long i = 0; i < n; i++)
    if (in[i] > threshold)
      res->out[pos[i]] = in[i];
  res->kept = pos[n];
  return 0;
}

static void *
result (size_t *bytes)
{
  /* What is kept; the rest of out is not written.  */
  *bytes = sizeof *res + res->kept * sizeof (float);
  return res;
}

struct thesis_bench thesis = { "stream-compaction", setup, run, result };
