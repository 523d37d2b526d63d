// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// min and max written with ?: in C++, whose front end keeps the
// conditional as branches, beside other branches that compute the
// value: int and double, one array and two in one clause.  Each loop runs
// on the device (OMP_TARGET_OFFLOAD=MANDATORY) and must match the
// sequential loop exactly.
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */

#include "clause-check.h"

#define N ((1L << 20) + 8)
static int xi[N], yi[N], ri[N];
static double xd[N], yd[N], zd[N], rd[N], rz[N];

static void
int_max (long n)
{
#pragma omp parallel for scan(max: yi)
  for (long i = 1; i < n; i++)
    {
      int v = xi[i+1] != 3 ? xi[i] : 5;
      yi[i] = v >= yi[i-1] ? v : yi[i-1];
    }
}

static void
double_min (long n)
{
#pragma omp parallel for scan(min: yd, zd)
  for (long i = 1; i < n; i++)
    {
      double v = xd[i] > 0 ? xd[i] : -xd[i];
      yd[i] = v < yd[i-1] ? v : yd[i-1];
      zd[i] = zd[i-1] <= xd[i] * 2 ? zd[i-1] : xd[i] * 2;
    }
}

int
main ()
{
  for (long i = 0; i < N; i++)
    {
      xi[i] = (int) (rnd () % 20001) - 10000;
      xd[i] = (double) ((long) (rnd () % 20001) - 10000) / 8;
    }
  for (unsigned s = 0; s < NSIZES; s++)
    {
      long n = sizes[s];
      if (n < 2)
        continue;
      yi[0] = ri[0] = -20000;
      yd[0] = rd[0] = 1e9;
      zd[0] = rz[0] = 3;
      int_max (n);
      double_min (n);
      for (long i = 1; i < n; i++)
        {
          int v = xi[i+1] != 3 ? xi[i] : 5;
          ri[i] = v >= ri[i-1] ? v : ri[i-1];
          double w = xd[i] > 0 ? xd[i] : -xd[i];
          rd[i] = w < rd[i-1] ? w : rd[i-1];
          rz[i] = rz[i-1] <= xd[i] * 2 ? rz[i-1] : xd[i] * 2;
        }
      for (long i = 0; i < n; i++)
        CHECK (yi[i] == ri[i] && yd[i] == rd[i] && zd[i] == rz[i],
               "n=%ld: at %ld: %d %g %g, expected %d %g %g", n, i, yi[i],
               yd[i], zd[i], ri[i], rd[i], rz[i]);
    }
  puts ("min and max with ?: checked");
  return 0;
}
