/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Under -fsanitize=address,undefined and bounds, GCC puts its checks in
   the loops (UBSAN_BOUNDS, __ubsan_handle_* under branches) and in the
   operator's function: the kernels leave them out, and every loop is
   still offloaded (the notes say so) and right.  Before, the plugin
   crashed formatting the internal call's callee.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-options "-fsanitize=address,undefined,bounds -fno-sanitize-recover=all -fplugin-arg-scanomp-verbose" } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */
/* { dg-set-target-env-var ASAN_OPTIONS detect_leaks=0 } */

#include "clause-check.h"

/* Unsigned, so that the products wrap as C defines.  */
typedef struct { unsigned long m, c; } Aff;

static Aff
mul (Aff a, Aff b)
{
  Aff r = { a.m * b.m, a.c * b.m + b.c };
  return r;
}

#pragma omp declare scan (aff : Aff : omp_out = mul (omp_out, omp_in)) initializer (omp_priv = (Aff) { 1, 0 })

#define N 5000
static long x[N], y[N];
static int a[N], b[N];
static Aff t[N], h[N];

int
main (void)
{
  for (int i = 0; i < N; i++)
    {
      x[i] = (long) (rnd () % 1000) - 500;
      a[i] = (int) (rnd () % 64);
      h[i] = (Aff) { 1 + rnd () % 2, rnd () % 5 };
    }
  y[0] = 3;
  b[0] = 1;
  t[0] = (Aff) { 1, 0 };
#pragma omp parallel for scan(+: y) /* { dg-message "runs on the host path\[^\n\]*SCANOMP_HOST=opencl runs it as an OpenCL kernel" } */
  for (long i = 1; i < N; i++)
    y[i] = y[i-1] + x[i] * 2;
#pragma omp parallel for scan(+: b) /* { dg-message "runs on the host path\[^\n\]*SCANOMP_HOST=opencl runs it as an OpenCL kernel" } */
  for (int i = 1; i < N; i++)
    b[i] = b[i-1] + 100 / (a[i] + 1) + (a[i] << 2);
#pragma omp parallel for scan(aff: t) /* { dg-message "runs on the host path\[^\n\]*SCANOMP_HOST=opencl runs it as an OpenCL kernel" } */
  for (int i = 1; i < N; i++)
    t[i] = mul (t[i-1], h[i]);
  long ry = 3, rb = 1;
  Aff rt = { 1, 0 };
  for (int i = 1; i < N; i++)
    {
      ry += x[i] * 2;
      rb += 100 / (a[i] + 1) + (a[i] << 2);
      rt = mul (rt, h[i]);
      CHECK (y[i] == ry && b[i] == rb && t[i].m == rt.m && t[i].c == rt.c,
             "element %d: %ld %d (%lu, %lu), expected %ld %ld (%lu, %lu)", i,
             y[i], b[i], t[i].m, t[i].c, ry, rb, rt.m, rt.c);
    }

  long s = 0;
#pragma omp parallel for reduction(inscan, +: s) /* { dg-message "this inscan loop runs on the host path\[^\n\]*SCANOMP_HOST=opencl runs it as an OpenCL kernel" } */
  for (int i = 0; i < N; i++)
    {
      s += x[i] / (a[i] + 1);
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  long r = 0;
  for (int i = 0; i < N; i++)
    {
      r += x[i] / (a[i] + 1);
      CHECK (y[i] == r, "inscan element %d: %ld, expected %ld", i, y[i], r);
    }
  puts ("sanitized scans checked");
  return 0;
}
