/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Floating-point products whose factors alternate between 0.5 and 2:
   every prefix is 0.5, 1 or 2, exactly, but a product of every other factor
   (or every fourth, a vector lane's) overflows to inf or underflows to 0
   within 256 factors.  The host path's reduce once vectorized such a
   product by lanes and returned 0 * inf, a NaN (GCC's libgomp.c/scan-3.c
   found it); each scan must equal the sequential loop exactly.  */
/* { dg-do run } */

#include "clause-check.h"

static void
product_f (float *y, const float *x, long n)
{
#pragma omp parallel for scan(*: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] * x[i];
}

static void
product_d (double *y, const double *x, long n)
{
#pragma omp parallel for scan(*: y)
  for (long i = 1; i < n; i++)
    y[i] = x[i] * y[i-1];
}

int
main (void)
{
  for (unsigned s = 0; s < NSIZES; s++)
    {
      long n = sizes[s];
      float *yf = malloc ((n + 1) * sizeof *yf);
      float *xf = malloc ((n + 1) * sizeof *xf);
      double *yd = malloc ((n + 1) * sizeof *yd);
      double *xd = malloc ((n + 1) * sizeof *xd);
      for (long i = 0; i < n; i++)
        {
          /* Pairs of 0.5 and 2, every seventh pair the other way round
             (the prefixes stay 0.5, 1 and 2).  */
          int half = (i % 2) ^ (i / 2 % 7 == 3);
          xf[i] = half ? 0.5f : 2.0f;
          xd[i] = half ? 0.5 : 2.0;
          yf[i] = yd[i] = 1;
        }
      product_f (yf, xf, n);
      product_d (yd, xd, n);
      float pf = 1;
      double pd = 1;
      for (long i = 1; i < n; i++)
        {
          pf *= xf[i];
          pd *= xd[i];
          CHECK (yf[i] == pf, "n %ld: float y[%ld] is %g, not %g", n, i,
                 yf[i], pf);
          CHECK (yd[i] == pd, "n %ld: double y[%ld] is %g, not %g", n, i,
                 yd[i], pd);
        }
      free (yf);
      free (xf);
      free (yd);
      free (xd);
    }
  puts ("products checked");
  return 0;
}
/* { dg-output "products checked" } */
