// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/* Inscan loops whose update chooses, by C++'s `?:' of two lvalues,
   between a variable and an element (`s += x[i] < 0 ? b : x[i]'): G++
   loads each through its address (`D.2 = &b; t = *D.2' in one branch),
   which the plugin once read as "memory that is not an element of an
   array" and left to GCC, whose code inside `target' the fuzzer found
   wrong (program 800002).  forward.cc now reads such a load as the
   variable.  Where a reference to what `?:' chooses is taken (`const
   long &e = c ? g : x[i]', `std::max (m, c[i] ? x[i] : w[i])'), G++
   chooses an address in branches and reads it after they join, which
   the plugin once left to GCC ("chosen in branches"): forward.cc copies
   what reads it into each branch.  The variable a parameter, a local set
   before the loop, a global; two elements chosen; `max' and `+';
   inclusive and exclusive; inside `target' too.  Each checked against
   its sequential loop.
   scanomp-taken: 9 */
/* { dg-do run } */

#include <algorithm>

#include "inscan-check.h"

static long floor_value = 7;

__attribute__((noipa)) static void
parameter_or_element (long *y, const long *x, long b, long n)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += (x[i] < 0 ? b : x[i]);
#pragma omp scan inclusive(s)
      y[i] = s;
    }
}

__attribute__((noipa)) static void
local_or_element (long *y, const long *x, long n)
{
  const long b = n % 5 - 2;
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      y[i] = s;
#pragma omp scan exclusive(s)
      s += (x[i] > 100 ? x[i] : b);
    }
}

__attribute__((noipa)) static void
global_or_element (long *y, const long *x, long n)
{
  long m = -1000;
#pragma omp parallel for reduction(inscan, max: m)
  for (long i = 0; i < n; i++)
    {
      {
        const long &e = (x[i] & 1) ? floor_value : x[i];
        m = std::max (m, e);
      }
#pragma omp scan inclusive(m)
      y[i] = m;
    }
}

__attribute__((noipa)) static void
two_elements (double *y, const double *x, const double *w, long n)
{
  double s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += (x[i] < w[i] ? w[i] : x[i]);
#pragma omp scan inclusive(s)
      y[i] = s;
    }
}

__attribute__((noipa)) static void
max_of_chosen (double *y, const double *x, const double *w, const int *c,
               long n)
{
  double m = -1e300;
#pragma omp parallel for reduction(inscan, max: m)
  for (long i = 0; i < n; i++)
    {
      m = std::max (m, c[i] ? x[i] : w[i]);
#pragma omp scan inclusive(m)
      y[i] = m;
    }
}

__attribute__((noipa)) static void
min_of_parameter_or_element (long *y, const long *x, const int *c, long b,
                             long n)
{
  long m = 1000;
#pragma omp parallel for reduction(inscan, min: m)
  for (long i = 0; i < n; i++)
    {
      y[i] = m;
#pragma omp scan exclusive(m)
      m = std::min (m, c[i] ? b : x[i]);
    }
}

__attribute__((noipa)) static void
max_in_target (long *y, const long *x, const int *c, long n)
{
  long m = -1000;
#pragma omp target map(to: x[0:n], c[0:n]) map(from: y[0:n]) map(tofrom: m)
#pragma omp parallel for reduction(inscan, max: m)
  for (long i = 0; i < n; i++)
    {
      m = std::max (m, c[i] ? floor_value : x[i]);
#pragma omp scan inclusive(m)
      y[i] = m;
    }
}

__attribute__((noipa)) static void
in_target (long *y, const long *x, long b, long n)
{
  long s = 0;
#pragma omp target map(to: x[0:n]) map(from: y[0:n]) map(tofrom: s)
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += (x[i] < 0 ? b : x[i]);
#pragma omp scan inclusive(s)
      y[i] = s;
    }
}

__attribute__((noipa)) static void
in_target_exclusive (long *y, const long *x, long n)
{
  long s = 3;
#pragma omp target map(to: x[0:n]) map(from: y[0:n]) map(tofrom: s)
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      y[i] = s;
#pragma omp scan exclusive(s)
      s += (x[i] > 0 ? floor_value : x[i]);
    }
}

int
main ()
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      int *xi = random_ints (n);
      long *x = (long *) malloc ((n + 1) * sizeof *x);
      long *y = (long *) malloc ((n + 1) * sizeof *y);
      double *dx = (double *) malloc ((n + 1) * sizeof *dx);
      double *dw = (double *) malloc ((n + 1) * sizeof *dw);
      double *dy = (double *) malloc ((n + 1) * sizeof *dy);
      for (long i = 0; i < n; i++)
        {
          x[i] = xi[i];
          dx[i] = xi[i] * 0.5;
          dw[i] = (double) (xi[(i * 7) % n]) * 0.25;
        }

      parameter_or_element (y, x, -3, n);
      long s = 0;
      for (long i = 0; i < n; i++)
        {
          s += x[i] < 0 ? -3 : x[i];
          CHECK (y[i] == s, "parameter: n %ld: element %ld", n, i);
        }

      local_or_element (y, x, n);
      s = 0;
      for (long i = 0; i < n; i++)
        {
          CHECK (y[i] == s, "local: n %ld: element %ld", n, i);
          s += x[i] > 100 ? x[i] : n % 5 - 2;
        }

      global_or_element (y, x, n);
      long m = -1000;
      for (long i = 0; i < n; i++)
        {
          long e = (x[i] & 1) ? floor_value : x[i];
          m = e > m ? e : m;
          CHECK (y[i] == m, "global: n %ld: element %ld", n, i);
        }

      two_elements (dy, dx, dw, n);
      double d = 0;
      for (long i = 0; i < n; i++)
        {
          d += dx[i] < dw[i] ? dw[i] : dx[i];
          CHECK (dy[i] == d, "two elements: n %ld: element %ld", n, i);
        }

      int *c = (int *) malloc ((n + 1) * sizeof *c);
      for (long i = 0; i < n; i++)
        c[i] = xi[(i * 3) % n] > 0;
      max_of_chosen (dy, dx, dw, c, n);
      d = -1e300;
      for (long i = 0; i < n; i++)
        {
          d = std::max (d, c[i] ? dx[i] : dw[i]);
          CHECK (dy[i] == d, "max of chosen: n %ld: element %ld", n, i);
        }

      min_of_parameter_or_element (y, x, c, -17, n);
      m = 1000;
      for (long i = 0; i < n; i++)
        {
          CHECK (y[i] == m, "min: n %ld: element %ld", n, i);
          m = std::min (m, c[i] ? -17L : x[i]);
        }

      max_in_target (y, x, c, n);
      m = -1000;
      for (long i = 0; i < n; i++)
        {
          m = std::max (m, c[i] ? floor_value : x[i]);
          CHECK (y[i] == m, "max in target: n %ld: element %ld", n, i);
        }
      free (c);

      in_target (y, x, 11, n);
      s = 0;
      for (long i = 0; i < n; i++)
        {
          s += x[i] < 0 ? 11 : x[i];
          CHECK (y[i] == s, "target: n %ld: element %ld", n, i);
        }

      in_target_exclusive (y, x, n);
      s = 3;
      for (long i = 0; i < n; i++)
        {
          CHECK (y[i] == s, "target exclusive: n %ld: element %ld", n, i);
          s += x[i] > 0 ? floor_value : x[i];
        }
      free (xi);
      free (x);
      free (y);
      free (dx);
      free (dw);
      free (dy);
    }
  return 0;
}
