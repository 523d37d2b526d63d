/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* fibonacci.c: thesis benchmark 4, a linear recurrence: Fibonacci numbers
   modulo 2^64 as a scan of 2x2 matrix products (thesis section 4.4), the
   factors alternating with a lower-triangular one so that their order
   matters.  */

#include "thesis.h"

typedef struct
{
  unsigned long m[2][2];
} Matrix;

static Matrix
mul (Matrix a, Matrix b)
{
  Matrix r;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      r.m[i][j] = a.m[i][0] * b.m[0][j] + a.m[i][1] * b.m[1][j];
  return r;
}

#pragma omp declare scan(mul : Matrix : omp_out = mul (omp_out, omp_in)) \
  initializer(omp_priv = (Matrix) { { { 1, 0 }, { 0, 1 } } })

static long n;
static Matrix *q, *f;

static void
setup (long size)
{
  n = size;
  q = realloc (q, n * sizeof *q);
  f = realloc (f, n * sizeof *f);
  for (long i = 0; i < n; i++)
    q[i] = i % 5 ? (Matrix) { { { 1, 1 }, { 1, 0 } } }
                 : (Matrix) { { { 1, 0 }, { (unsigned long) i, 1 } } };
}

static struct bl_scan fib_scan = {
  "typedef struct { ulong m[2][2]; } matrix;\n"
  "#define SCANOMP_T matrix\n"
  "#define SCANOMP_OP SCANOMP_OP_USER\n"
  "static matrix mul (matrix a, matrix b)\n"
  "{\n"
  "  matrix r;\n"
  "  for (int i = 0; i < 2; i++)\n"
  "    for (int j = 0; j < 2; j++)\n"
  "      r.m[i][j] = a.m[i][0] * b.m[0][j] + a.m[i][1] * b.m[1][j];\n"
  "  return r;\n"
  "}\n"
  "#define SCANOMP_COMBINE(a, b) mul ((a), (b))\n"
  "#define SCANOMP_IDENTITY ((matrix) { { { 1, 0 }, { 0, 1 } } })\n"
  "#define SCANOMP_PARAMS __global const matrix *q, __global matrix *f\n"
  "#define SCANOMP_ARGS q, f\n"
  "#define SCANOMP_LOAD(i) (q[i])\n"
  "#define SCANOMP_STORE(i, v) (f[(i) + 1] = (v))\n",
  sizeof (Matrix), 0, { 0 }
};

static int
run (int version)
{
  f[0] = (Matrix) { { { 1, 0 }, { 0, 1 } } };
  if (version == THESIS_CLAUSE)
    {
#pragma omp parallel for scan(mul : f)
      for (long i = 1; i < n; i++)
        f[i] = mul (f[i-1], q[i-1]);
    }
  else if (version == THESIS_OPENCL)
    {
      struct bl_arg args[] = { { q, n * sizeof *q, BL_IN },
                               { f, n * sizeof *f, BL_INOUT } };
      if (bl_run (&fib_scan, n - 1, 0, &f[0], 0, 2, args))
        return -1;
    }
  else
    for (long i = 1; i < n; i++)
      f[i] = mul (f[i-1], q[i-1]);
  return 0;
}

static void *
result (size_t *bytes)
{
  *bytes = n * sizeof *f;
  return f;
}

struct thesis_bench thesis = { "fibonacci", setup, run, result };
