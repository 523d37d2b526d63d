/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Inscan `parallel for simd' loops whose bounds GCC computes in the outer
   loop of the nest: an int index with long bounds (lb may be above 0),
   and i <= n - 1.  Each is checked against the sequential loop; with the
   plugin and OMP_TARGET_OFFLOAD=MANDATORY they run on the device.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */

#include "inscan-check.h"

#define N ((1L << 20) + 7)
static int x[N], y[N], ref[N];

static int
long_bounds (long lb, long ub)
{
  int s = 5;
#pragma omp parallel for simd reduction(inscan, +: s)
  for (int i = lb; i < ub; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

static int
less_equal (int n)
{
  int s = 0;
#pragma omp parallel for simd reduction(inscan, max: s)
  for (int i = 0; i <= n - 1; i++)
    {
      y[i] = s;
#pragma omp scan exclusive(s)
      s = x[i] > s ? x[i] : s;
    }
  return s;
}

int
main (void)
{
  for (long i = 0; i < N; i++)
    x[i] = (int) (rnd () % 2001) - 1000;
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k], lb = n > 10 ? 7 : 0;
      memset (y, 0, sizeof y);
      int s = long_bounds (lb, n), acc = 5;
      for (long i = lb; i < n; i++)
        ref[i] = acc += x[i];
      for (long i = lb; i < n; i++)
        CHECK (y[i] == ref[i], "long bounds, n=%ld: y[%ld] is %d, expected "
               "%d", n, i, y[i], ref[i]);
      CHECK (s == acc, "long bounds, n=%ld: s is %d, expected %d", n, s, acc);

      memset (y, 0, sizeof y);
      s = less_equal ((int) n);
      acc = 0;
      for (long i = 0; i < n; i++)
        {
          ref[i] = acc;
          acc = x[i] > acc ? x[i] : acc;
        }
      for (long i = 0; i < n; i++)
        CHECK (y[i] == ref[i], "i <= n - 1, n=%ld: y[%ld] is %d, expected "
               "%d", n, i, y[i], ref[i]);
      CHECK (s == acc, "i <= n - 1, n=%ld: s is %d, expected %d", n, s, acc);
    }
  puts ("simd inscan loops checked");
  return 0;
}
