/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A 32-bit unsigned loop index, from a constant start: i - 1 and i + 1
   cannot wrap over the loop's range, so the loop offloads (under
   OMP_TARGET_OFFLOAD=MANDATORY) and matches the sequential loop.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */

#include "clause-check.h"

#define N ((1L << 20) + 8)
static int x[N], y[N], ref[N];

static void
scan_unsigned (unsigned n)
{
#pragma omp parallel for scan(+: y)
  for (unsigned i = 1; i < n; i++)
    y[i] = y[i-1] + x[i] - x[i-1] / 2 + x[i+1] % 7;
}

static void
scan_from_two (unsigned n)
{
#pragma omp parallel for scan(max: y)
  for (unsigned i = 2; i <= n - 1; i++)
    y[i] = y[i-1] > x[i-2] ? y[i-1] : x[i-2];
}

int
main (void)
{
  for (long i = 0; i < N; i++)
    x[i] = (int) (rnd () % 2001) - 1000;
  for (unsigned s = 0; s < NSIZES; s++)
    {
      unsigned n = (unsigned) sizes[s];
      if (n < 3)
        continue;
      y[0] = ref[0] = 11;
      scan_unsigned (n);
      for (unsigned i = 1; i < n; i++)
        ref[i] = ref[i-1] + x[i] - x[i-1] / 2 + x[i+1] % 7;
      for (unsigned i = 0; i < n; i++)
        CHECK (y[i] == ref[i], "n=%u: y[%u] is %d, expected %d", n, i, y[i],
               ref[i]);
      y[1] = ref[1] = -5000;
      scan_from_two (n);
      for (unsigned i = 2; i <= n - 1; i++)
        ref[i] = ref[i-1] > x[i-2] ? ref[i-1] : x[i-2];
      for (unsigned i = 1; i < n; i++)
        CHECK (y[i] == ref[i], "from two, n=%u: y[%u] is %d, expected %d", n,
               i, y[i], ref[i]);
    }
  puts ("unsigned indices checked");
  return 0;
}
