/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Inscan loops as people write them: several scan variables of different
   types in one loop, input phases of several statements, scan phases that
   write two arrays, and a target region around the loop.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include "inscan-check.h"

static void
two_vars (long *y, double *z, const int *x, long n, long *s_out,
          double *t_out)
{
  long s = 3;
  double t = -1.0;
#pragma omp parallel for reduction(inscan, +: s) reduction(inscan, max: t)
  for (long i = 0; i < n; i++)
    {
      {
        int v = x[i] * 2;
        int w = v - 1;
        s += w;
        t = t > x[i] ? t : x[i];
      }
#pragma omp scan inclusive(s, t)
      {
        y[i] = s;
        z[i] = t + s;
      }
    }
  *s_out = s;
  *t_out = t;
}

static int
on_target (int *y, const int *x, long n)
{
  int s = 0;
#pragma omp target map(tofrom: y[0:n], s) map(to: x[0:n])
#pragma omp parallel for reduction(inscan, ^: s)
  for (long i = 0; i < n; i++)
    {
      y[i] = s;
#pragma omp scan exclusive(s)
      s ^= x[i];
    }
  return s;
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      int *x = malloc ((n + 1) * 4), *y = malloc ((n + 1) * 4);
      long *yl = malloc ((n + 1) * 8);
      double *z = malloc ((n + 1) * 8);
      for (long i = 0; i < n; i++)
        x[i] = (int) (rnd () % 2001) - 1000;
      long s;
      double t;
      two_vars (yl, z, x, n, &s, &t);
      long rs = 3;
      double rt = -1.0;
      for (long i = 0; i < n; i++)
        {
          rs += x[i] * 2 - 1;
          rt = rt > x[i] ? rt : x[i];
          if (yl[i] != rs || z[i] != rt + rs)
            FAIL ("two variables n=%ld: element %ld", n, i);
        }
      if (s != rs || t != rt)
        FAIL ("two variables n=%ld: final values", n);

      int last = on_target (y, x, n), r = 0;
      for (long i = 0; i < n; i++)
        {
          if (y[i] != r)
            FAIL ("target n=%ld: element %ld", n, i);
          r ^= x[i];
        }
      if (last != r)
        FAIL ("target n=%ld: final value", n);
      free (x);
      free (y);
      free (yl);
      free (z);
    }
  puts ("inscan forms checked");
  return 0;
}
