/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A clause listing several arrays: each is its own scan over the same
   loop, of its own type and form, in one kernel.  MANDATORY: on the
   device, at every size.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */

#include "clause-check.h"

static void
three (int *y, double *z, unsigned char *w, const int *x, long n)
{
#pragma omp parallel for scan(max: y, z, w)
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] > x[i] ? y[i-1] : x[i];
      z[i] = z[i] > z[i-1] ? z[i] : z[i-1];
      w[i] = w[i-1] > (unsigned char) x[i-1] ? w[i-1] : (unsigned char) x[i-1];
    }
}

static void
two (long *y, float *z, const int *x, long n)
{
#pragma omp target teams distribute parallel for map(tofrom: y[0:n], z[0:n]) scan(+: y, z)
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i] * 2;
      z[i] += z[i-1];
    }
}

int
main (void)
{
  for (unsigned s = 0; s < NSIZES; s++)
    {
      long n = sizes[s];
      int *x = malloc ((n + 1) * 4), *y = malloc ((n + 1) * 4);
      int *ry = malloc ((n + 1) * 4);
      double *z = malloc ((n + 1) * 8), *rz = malloc ((n + 1) * 8);
      unsigned char *w = malloc (n + 1), *rw = malloc (n + 1);
      long *yl = malloc ((n + 1) * 8), *ryl = malloc ((n + 1) * 8);
      float *zf = malloc ((n + 1) * 4), *rzf = malloc ((n + 1) * 4);
      for (long i = 0; i < n; i++)
        {
          x[i] = (int) (rnd () % 100000) - 50000;
          y[i] = ry[i] = (int) (rnd () % 1000);
          z[i] = rz[i] = (double) (rnd () % 1000) / 7;
          w[i] = rw[i] = (unsigned char) rnd ();
          yl[i] = ryl[i] = (long) (rnd () % 1000);
          zf[i] = rzf[i] = (float) (rnd () % 16);
        }
      three (y, z, w, x, n);
      two (yl, zf, x, n);
      for (long i = 1; i < n; i++)
        {
          ry[i] = ry[i-1] > x[i] ? ry[i-1] : x[i];
          rz[i] = rz[i] > rz[i-1] ? rz[i] : rz[i-1];
          rw[i] = rw[i-1] > (unsigned char) x[i-1] ? rw[i-1]
                                                   : (unsigned char) x[i-1];
          ryl[i] = ryl[i-1] + x[i] * 2;
          rzf[i] += rzf[i-1];
        }
      for (long i = 0; i < n; i++)
        if (y[i] != ry[i] || z[i] != rz[i] || w[i] != rw[i]
            || yl[i] != ryl[i] || zf[i] != rzf[i])
          FAIL ("n=%ld: element %ld", n, i);
      free (x); free (y); free (ry); free (z); free (rz); free (w);
      free (rw); free (yl); free (ryl); free (zf); free (rzf);
    }
  puts ("several arrays per clause checked");
  return 0;
}
