/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* bigint-add.c: thesis benchmark 7: add two big integers of n 32-bit
   digits.  Each position generates a carry, propagates one or kills it;
   the carry into a position is the last status before it that is not
   `propagate', a scan with a non-commutative operator on ints.  */

#include <stdint.h>

#include "thesis.h"

enum { KILL, PROPAGATE, GENERATE };

static int
status (uint32_t a, uint32_t b)
{
  uint64_t s = (uint64_t) a + b;
  return s > UINT32_MAX ? GENERATE : s == UINT32_MAX ? PROPAGATE : KILL;
}

static int
carry (int low, int high)
{
  return high == PROPAGATE ? low : high;
}

#pragma omp declare scan(carry : int : omp_out = carry (omp_out, omp_in)) \
  initializer(omp_priv = PROPAGATE)

static long n;
static uint32_t *a, *b, *sum;
static int *c;

static void
setup (long size)
{
  n = size;
  a = realloc (a, n * 4);
  b = realloc (b, n * 4);
  sum = realloc (sum, (n + 1) * 4);
  c = realloc (c, (n + 1) * sizeof *c);
  uint64_t r = 7;
  for (long i = 0; i < n; i++)
    {
      r = r * 6364136223846793005ul + 1442695040888963407ul;
      a[i] = r >> 32;
      b[i] = (r & 3) ? ~a[i] : (uint32_t) r;
    }
}

static struct bl_scan carry_scan = {
  "#define SCANOMP_T int\n"
  "#define SCANOMP_OP SCANOMP_OP_USER\n"
  "#define SCANOMP_COMBINE(low, high) ((high) == 1 ? (low) : (high))\n"
  "#define SCANOMP_IDENTITY 1\n"
  "#define SCANOMP_PARAMS __global const uint *a, __global const uint *b, "
  "__global int *c\n"
  "#define SCANOMP_ARGS a, b, c\n"
  "#define SCANOMP_LOAD(i) ((ulong) a[i] + b[i] > 0xfffffffful ? 2 "
  ": (ulong) a[i] + b[i] == 0xfffffffful ? 1 : 0)\n"
  "#define SCANOMP_STORE(i, v) (c[i] = (v))\n",
  sizeof (int), 0, { 0 }
};

static int
run (int version)
{
  c[0] = KILL;
  if (version == THESIS_CLAUSE)
    {
#pragma omp parallel for scan(carry : c)
      for (long i = 1; i <= n; i++)
        c[i] = carry (c[i-1], status (a[i-1], b[i-1]));
    }
  else if (version == THESIS_OPENCL)
    {
      int kill = KILL;
      struct bl_arg args[] = { { a, n * 4, BL_IN }, { b, n * 4, BL_IN },
                               { c + 1, n * sizeof *c, BL_OUT } };
      if (bl_run (&carry_scan, n, 0, &kill, 0, 3, args))
        return -1;
    }
  else
    for (long i = 1; i <= n; i++)
      c[i] = carry (c[i-1], status (a[i-1], b[i-1]));

#pragma omp parallel for if (version != THESIS_SERIAL)
  for (long i = 0; i < n; i++)
    sum[i] = a[i] + b[i] + (c[i] == GENERATE);
  sum[n] = c[n] == GENERATE;
  return 0;
}

static void *
result (size_t *bytes)
{
  *bytes = (n + 1) * 4;
  return sum;
}

struct thesis_bench thesis = { "bigint-add", setup, run, result };
