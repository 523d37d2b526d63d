/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Math built-ins in the input phase, among them the conversions GCC
   folds at -O1 and above: (long) floor (x) becomes __builtin_lfloor,
   (long) ceil (x) __builtin_lceil, (int) round (x) __builtin_iround,
   (long long) floor (x) __builtin_llfloor.  Each loop runs on the device
   (OMP_TARGET_OFFLOAD=MANDATORY) and must match the sequential loop
   exactly: the values are integers.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */

#include "clause-check.h"

#define N ((1L << 20) + 7)
static double x[N];
static long y[N], ref[N];
static long long z[N], zref[N];
static int w[N], wref[N];

static void
floors (long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + (long) floor (x[i]) - (long) ceil (x[i] / 3);
}

static void
rounds (long n)
{
#pragma omp parallel for scan(max: w)
  for (long i = 1; i < n; i++)
    w[i] = w[i-1] > (int) round (x[i]) ? w[i-1] : (int) round (x[i]);
}

static void
long_longs (long n)
{
#pragma omp parallel for scan(+: z)
  for (long i = 1; i < n; i++)
    z[i] = z[i-1] + (long long) floor (x[i] * 0.5) + (long) trunc (x[i]);
}

int
main (void)
{
  for (long i = 0; i < N; i++)
    x[i] = ((double) (rnd () % 20001) - 10000) / 7;
  for (unsigned s = 0; s < NSIZES; s++)
    {
      long n = sizes[s];
      if (n == 0)
        continue;
      y[0] = ref[0] = 1;
      z[0] = zref[0] = 2;
      w[0] = wref[0] = -100000;
      floors (n);
      rounds (n);
      long_longs (n);
      for (long i = 1; i < n; i++)
        {
          ref[i] = ref[i-1] + (long) floor (x[i]) - (long) ceil (x[i] / 3);
          int r = (int) round (x[i]);
          wref[i] = wref[i-1] > r ? wref[i-1] : r;
          zref[i] = zref[i-1] + (long long) floor (x[i] * 0.5)
                    + (long) trunc (x[i]);
        }
      for (long i = 0; i < n; i++)
        CHECK (y[i] == ref[i] && w[i] == wref[i] && z[i] == zref[i],
               "n=%ld: at %ld, %ld %d %lld, expected %ld %d %lld", n, i,
               y[i], w[i], z[i], ref[i], wref[i], zref[i]);
    }
  puts ("math built-ins checked");
  return 0;
}
