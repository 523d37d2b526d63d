/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* polynomial.c: thesis benchmark 3: every prefix of a polynomial,
   evaluated at one point by Horner's rule written as a scan over pairs
   (thesis section 4.3): (c, m) stands for the map v -> v * m + c, and `op'
   composes two, modulo a prime so that the results are exact.  */

#include "thesis.h"

#define P 1000000007ul

typedef struct
{
  unsigned long c, m;
} Pair;

static Pair
op (Pair a, Pair b)
{
  Pair r = { (a.c * b.m + b.c) % P, a.m * b.m % P };
  return r;
}

#pragma omp declare scan(op : Pair : omp_out = op (omp_out, omp_in)) \
  initializer(omp_priv = (Pair) { 0, 1 })

static long n;
static Pair *h, *t;

static void
setup (long size)
{
  n = size;
  h = realloc (h, n * sizeof *h);
  t = realloc (t, n * sizeof *t);
  unsigned long r = 42;
  for (long i = 0; i < n; i++)
    {
      r = r * 6364136223846793005ul + 1442695040888963407ul;
      h[i].c = (r >> 33) % P;
      h[i].m = 31337;
    }
}

static struct bl_scan poly_scan = {
  "typedef struct { ulong c, m; } pair;\n"
  "#define SCANOMP_T pair\n"
  "#define SCANOMP_OP SCANOMP_OP_USER\n"
  "static pair op (pair a, pair b)\n"
  "{ pair r = { (a.c * b.m + b.c) % 1000000007ul, a.m * b.m % 1000000007ul };"
  " return r; }\n"
  "#define SCANOMP_COMBINE(a, b) op ((a), (b))\n"
  "#define SCANOMP_IDENTITY ((pair) { 0, 1 })\n"
  "#define SCANOMP_PARAMS __global const pair *h, __global pair *t\n"
  "#define SCANOMP_ARGS h, t\n"
  "#define SCANOMP_LOAD(i) (h[i])\n"
  "#define SCANOMP_STORE(i, v) (t[(i) + 1] = (v))\n",
  sizeof (Pair), 0, { 0 }
};

static int
run (int version)
{
  t[0].c = 7;
  t[0].m = 1;
  if (version == THESIS_CLAUSE)
    {
#pragma omp parallel for scan(op : t)
      for (long i = 1; i < n; i++)
        t[i] = op (t[i-1], h[i-1]);
    }
  else if (version == THESIS_OPENCL)
    {
      struct bl_arg args[] = { { h, n * sizeof *h, BL_IN },
                               { t, n * sizeof *t, BL_INOUT } };
      if (bl_run (&poly_scan, n - 1, 0, &t[0], 0, 2, args))
        return -1;
    }
  else
    for (long i = 1; i < n; i++)
      t[i] = op (t[i-1], h[i-1]);
  return 0;
}

static void *
result (size_t *bytes)
{
  *bytes = n * sizeof *t;
  return t;
}

struct thesis_bench thesis = { "polynomial", setup, run, result };
