/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Scans whose OpenCL C names variables, temporaries, labels, a function
   the loop calls and a struct: each checked against the sequential loop.
   clause.exp also builds this file with -DMORE, which adds declarations,
   a function and statements before the loops, as an edit elsewhere in a
   program does, and runs both builds with one disk cache of program
   binaries: the second run must build nothing, since the loops are the
   same (opencl/translate.cc names by the loop's own numbers, not GCC's
   UIDs, which MORE shifts).  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include "clause-check.h"

#define N 10007

struct weight
{
  int scale;
  short bias;
};

#ifdef MORE
/* What the edit adds: globals, a type and a function with locals of its
   own, none of which the loops use.  */
struct unused
{
  double a[3];
  struct weight w;
};
static struct unused spare[4];
static long
unrelated (long n)
{
  long s = 0;
  for (long i = 0; i < n; i++)
    s += spare[i % 4].w.scale * i;
  return s;
}
#endif

static long y[N], ref[N];
static int z[N], zref[N];
static int x[N];
static struct weight w[N];

static long
clipped (long v, long lo, long hi)
{
  if (v < lo)
    return lo;
  if (v > hi)
    return hi;
  return v;
}

static void
weighted (long n)
{
#ifdef MORE
  if (unrelated (n % 3) == 12345)
    printf ("never\n");
#endif
#pragma omp target map(tofrom: y[0:n]) map(to: x[0:n], w[0:n])
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + clipped ((long) x[i] * w[i].scale + w[i].bias, -50, 50);
}

static void
largest (long n)
{
#pragma omp target map(tofrom: z[0:n]) map(to: x[0:n])
#pragma omp parallel for scan(max: z)
  for (long i = 1; i < n; i++)
    {
      int v = x[i] > 0 ? x[i] : -x[i];
      z[i] = z[i-1] > v ? z[i-1] : v;
    }
}

int
main (void)
{
  for (long i = 0; i < N; i++)
    {
      x[i] = (int) (rnd () % 201) - 100;
      w[i].scale = (int) (rnd () % 5) - 2;
      w[i].bias = (short) (rnd () % 7) - 3;
    }
  for (unsigned s = 0; s < NSIZES && sizes[s] <= N; s++)
    {
      long n = sizes[s];
      y[0] = ref[0] = 3;
      z[0] = zref[0] = 1;
      for (long i = 1; i < n; i++)
        {
          ref[i] = ref[i-1] + clipped ((long) x[i] * w[i].scale + w[i].bias,
                                       -50, 50);
          int v = x[i] > 0 ? x[i] : -x[i];
          zref[i] = zref[i-1] > v ? zref[i-1] : v;
        }
      weighted (n);
      largest (n);
      for (long i = 0; i < n; i++)
        {
          CHECK (y[i] == ref[i], "n=%ld: y[%ld] is %ld, expected %ld", n, i,
                 y[i], ref[i]);
          CHECK (z[i] == zref[i], "n=%ld: z[%ld] is %d, expected %d", n, i,
                 z[i], zref[i]);
        }
    }
  printf ("rebuild checked\n");
  return 0;
}
