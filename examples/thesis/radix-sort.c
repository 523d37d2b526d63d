/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* radix-sort.c: the thesis' radix sort application (section 4.2): a
   least-significant-digit sort of 32-bit keys, one bit per pass.  A scan
   of each pass's bit counts the zeros before each key; a key with the bit
   clear goes there, one with it set after all the zeros, at its index
   less the zeros before it.  */

#include "thesis.h"

static long n;
static unsigned *keys, *a, *b;
static long *zeros;

static void
setup (long size)
{
  n = size;
  keys = realloc (keys, n * sizeof *keys);
  a = realloc (a, n * sizeof *a);
  b = realloc (b, n * sizeof *b);
  zeros = realloc (zeros, (n + 1) * sizeof *zeros);
  unsigned long r = 42;
  for (long i = 0; i < n; i++)
    {
      r = r * 6364136223846793005ul + 1442695040888963407ul;
      keys[i] = (unsigned) (r >> 32);
    }
}

static struct bl_scan zero_scan = {
  "#define SCANOMP_T long\n"
  "#define SCANOMP_UT ulong\n"
  "#define SCANOMP_OP SCANOMP_OP_ADD\n"
  "#define SCANOMP_PARAMS __global const uint *a, __global long *zeros, "
  "int bit\n"
  "#define SCANOMP_ARGS a, zeros, bit\n"
  "#define SCANOMP_LOAD(i) ((long) !((a[i] >> bit) & 1))\n"
  "#define SCANOMP_STORE(i, v) (zeros[i] = (v))\n",
  sizeof (long), 0, { 0 }
};

static int
run (int version)
{
  memcpy (a, keys, n * sizeof *a);
  for (int bit = 0; bit < 32; bit++)
    {
      zeros[0] = 0;
      if (version == THESIS_CLAUSE)
        {
#pragma omp parallel for scan(+: zeros)
          for (long i = 1; i <= n; i++)
            zeros[i] = zeros[i-1] + !((a[i-1] >> bit) & 1);
        }
      else if (version == THESIS_OPENCL)
        {
          long zero = 0;
          struct bl_arg args[] = { { a, n * sizeof *a, BL_IN },
                                   { zeros + 1, n * sizeof *zeros, BL_OUT },
                                   { &bit, sizeof bit, BL_SCALAR } };
          if (bl_run (&zero_scan, n, 0, &zero, 0, 3, args))
            return -1;
        }
      else
        for (long i = 1; i <= n; i++)
          zeros[i] = zeros[i-1] + !((a[i-1] >> bit) & 1);

      long total = zeros[n];
#pragma omp parallel for if (version != THESIS_SERIAL)
      for (long i = 0; i < n; i++)
        if ((a[i] >> bit) & 1)
          b[total + i - zeros[i]] = a[i];
        else
          b[zeros[i]] = a[i];
      unsigned *t = a;
      a = b;
      b = t;
    }
  return 0;
}

static void *
result (size_t *bytes)
{
  *bytes = n * sizeof *a;
  return a;
}

struct thesis_bench thesis = { "radix-sort", setup, run, result };
