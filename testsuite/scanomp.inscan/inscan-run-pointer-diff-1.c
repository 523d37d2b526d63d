/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Inscan loops that step a pointer only to count with it, its base
   never read through (`s += x[p - a]' with `a' dereferenced nowhere),
   once left to GCC ("uses the pointer 'a' as a value": neither the
   kernels nor the host path carry a pointer as a value): the plugin
   reads `p - a' as the index's bytes alone (fields.cc's
   scan_fold_same_base).  Inclusive and exclusive, `<' and `!=', an
   index scaled and offset, a base that is an array, inside `target' too.
   Each checked against its sequential loop.
   scanomp-taken: 5 */
/* { dg-do run } */
/* GCC's own code for these loops, which stays as the fallback, reads at
   -O2 a temporary it may not have set (-Wmaybe-uninitialized).  */
/* { dg-options "-Wno-maybe-uninitialized" } */

#include "inscan-check.h"

__attribute__((noipa)) static long
counted (long *y, const long *x, const char *a, long n)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (const char *p = a; p < a + n; p++)
    {
      s += x[p - a];
#pragma omp scan inclusive(s)
      y[p - a] = s;
    }
  return s;
}

__attribute__((noipa)) static long
exclusive_scaled (long *y, const long *x, const double *a, long n)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (const double *p = a; p != a + n; p++)
    {
      y[p - a] = s;
#pragma omp scan exclusive(s)
      s += x[2 * (p - a) + 1];
    }
  return s;
}

static int marks[1001];

__attribute__((noipa)) static long
over_array (long *y, const long *x, long n)
{
  long m = -1000;
#pragma omp parallel for reduction(inscan, max: m)
  for (int *p = marks; p < marks + n; p++)
    {
      m = x[p - marks] > m ? x[p - marks] : m;
#pragma omp scan inclusive(m)
      y[p - marks] = m;
    }
  return m;
}

__attribute__((noipa)) static long
from_offset (long *y, const long *x, const long *a, long lb, long n)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (const long *p = a + lb; p < a + n; p++)
    {
      s += x[p - a];
#pragma omp scan inclusive(s)
      y[p - a] = s;
    }
  return s;
}

__attribute__((noipa)) static long
in_target (long *y, const long *x, const short *a, long n)
{
  long s = 0;
#pragma omp target map(to: x[0:n]) map(from: y[0:n]) map(tofrom: s)
#pragma omp parallel for reduction(inscan, +: s)
  for (const short *p = a; p < a + n; p++)
    {
      s += x[p - a];
#pragma omp scan inclusive(s)
      y[p - a] = s;
    }
  return s;
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
#ifndef __scanomp_declare_scan
      /* GCC 12's own code for a pointer loop crashes where it has no
         iteration; the plugin defines __scanomp_declare_scan.  */
      if (n == 0)
        continue;
#endif
      int *xi = random_ints (2 * n + 2);
      long *x = (long *) malloc ((2 * n + 2) * sizeof *x);
      long *y = (long *) malloc ((n + 1) * sizeof *y);
      for (long i = 0; i < 2 * n + 2; i++)
        x[i] = xi[i];
      /* The bases are never read through: any address will do, as long
         as the arithmetic on it stays defined, so an object of the
         right size.  */
      char *cbase = (char *) malloc ((n + 1) * sizeof *cbase);

      long t = counted (y, x, cbase, n), s = 0;
      for (long i = 0; i < n; i++)
        {
          s += x[i];
          CHECK (y[i] == s, "counted: n %ld: element %ld", n, i);
        }
      CHECK (t == s, "counted: n %ld: total", n);

      double *dbase = (double *) malloc ((n + 1) * sizeof *dbase);
      t = exclusive_scaled (y, x, dbase, n);
      s = 0;
      for (long i = 0; i < n; i++)
        {
          CHECK (y[i] == s, "scaled: n %ld: element %ld", n, i);
          s += x[2 * i + 1];
        }
      CHECK (t == s, "scaled: n %ld: total", n);
      free (dbase);

      if (n <= 1001)
        {
          long m = over_array (y, x, n), mr = -1000;
          for (long i = 0; i < n; i++)
            {
              mr = x[i] > mr ? x[i] : mr;
              CHECK (y[i] == mr, "array: n %ld: element %ld", n, i);
            }
          CHECK (m == mr, "array: n %ld: maximum", n);
        }

      long *lbase = (long *) malloc ((n + 1) * sizeof *lbase);
      long lb = n / 3;
      for (long i = 0; i < n; i++)
        y[i] = -7;
      t = from_offset (y, x, lbase, lb, n);
      s = 0;
      for (long i = 0; i < n; i++)
        {
          if (i >= lb)
            s += x[i];
          CHECK (y[i] == (i >= lb ? s : -7), "offset: n %ld: element %ld",
                 n, i);
        }
      CHECK (t == s, "offset: n %ld: total", n);
      free (lbase);

      short *sbase = (short *) malloc ((n + 1) * sizeof *sbase);
      t = in_target (y, x, sbase, n);
      s = 0;
      for (long i = 0; i < n; i++)
        {
          s += x[i];
          CHECK (y[i] == s, "target: n %ld: element %ld", n, i);
        }
      CHECK (t == s, "target: n %ld: total", n);
      free (sbase);
      free (cbase);
      free (xi);
      free (x);
      free (y);
    }
  return 0;
}
