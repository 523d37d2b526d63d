/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* max-mod.c: thesis benchmark 10: the largest sum of a subarray modulo M.
   The prefix sums modulo M are a scan with the operator (a + b) mod M,
   declared for longs; a subarray (i, j] sums to P[j] - P[i] modulo M,
   largest when P[i] is the smallest prefix above P[j] that comes before
   it, which the prefixes sorted by value give.  The sort, O(n log n),
   is the same in every version.  */

#include "thesis.h"

#define M 1000000007L

static long
addmod (long a, long b)
{
  return (a + b) % M;
}

#pragma omp declare scan(addmod : long : omp_out = addmod (omp_out, omp_in)) \
  initializer(omp_priv = 0)

static long n;
static long *x, *p;
static struct { long value, at; } *sorted;
static long best;

static void
setup (long size)
{
  n = size;
  x = realloc (x, n * sizeof *x);
  p = realloc (p, (n + 1) * sizeof *p);
  sorted = realloc (sorted, (n + 1) * sizeof *sorted);
  unsigned long r = 17;
  for (long i = 0; i < n; i++)
    {
      r = r * 6364136223846793005ul + 1442695040888963407ul;
      x[i] = (long) ((r >> 20) % M);
    }
}

static struct bl_scan mod_scan = {
  "#define SCANOMP_T long\n"
  "#define SCANOMP_OP SCANOMP_OP_USER\n"
  "#define SCANOMP_COMBINE(a, b) (((a) + (b)) % 1000000007L)\n"
  "#define SCANOMP_IDENTITY 0L\n"
  "#define SCANOMP_PARAMS __global const long *x, __global long *p\n"
  "#define SCANOMP_ARGS x, p\n"
  "#define SCANOMP_LOAD(i) (x[i])\n"
  "#define SCANOMP_STORE(i, v) (p[i] = (v))\n",
  sizeof (long), 0, { 0 }
};

static int
by_value (const void *a, const void *b)
{
  const long *u = a, *v = b;
  return u[0] < v[0] ? -1 : u[0] > v[0] ? 1 : (u[1] > v[1]) - (u[1] < v[1]);
}

static int
run (int version)
{
  p[0] = 0;
  if (version == THESIS_CLAUSE)
    {
#pragma omp parallel for scan(addmod : p)
      for (long i = 1; i <= n; i++)
        p[i] = addmod (p[i-1], x[i-1]);
    }
  else if (version == THESIS_OPENCL)
    {
      long zero = 0;
      struct bl_arg args[] = { { x, n * sizeof *x, BL_IN },
                               { p + 1, n * sizeof *p, BL_OUT } };
      if (bl_run (&mod_scan, n, 0, &zero, 0, 2, args))
        return -1;
    }
  else
    for (long i = 1; i <= n; i++)
      p[i] = addmod (p[i-1], x[i-1]);

  long b = 0;
  for (long i = 0; i <= n; i++)
    {
      sorted[i].value = p[i];
      sorted[i].at = i;
      if (p[i] > b)
        b = p[i];
    }
  qsort (sorted, n + 1, sizeof *sorted, by_value);
  /* P[j] - P[i] + M for the next larger prefix P[i] before P[j].  */
  for (long k = 0; k < n; k++)
    if (sorted[k + 1].at < sorted[k].at
        && sorted[k].value - sorted[k + 1].value + M > b)
      b = sorted[k].value - sorted[k + 1].value + M;
  best = b;
  return 0;
}

static void *
result (size_t *bytes)
{
  *bytes = sizeof best;
  return &best;
}

struct thesis_bench thesis = { "max-mod", setup, run, result };
