// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/* Inscan loops over a container's iterator that index another container
   by the iterator's distance from the start (`y[it - x.begin ()]'),
   once left to GCC ("accesses memory
   that is not an element of an array"): the plugin cannot tell that the
   iterator's first value and the `x.begin ()' the body reads are one
   pointer, so the call computes their difference before the loop
   (fields.cc), and the index is that plus the iterator's steps.  Over a
   const and a non-const vector, `<' and `!=', inclusive and exclusive,
   an iterator that starts past the container's start, a template
   instantiated over long and double whose `*it' is read again after a
   branch (once "an array index ... computed before a branch":
   forward.cc reads the iterator's field from its store before the
   branch).  Each checked against its sequential loop.
   scanomp-taken: 5 */
/* { dg-do run } */
/* GCC's own code for these loops, which stays as the fallback, reads at
   -O2 a temporary it may not have set (-Wmaybe-uninitialized).  */
/* { dg-options "-Wno-maybe-uninitialized" } */

#include <vector>

#include "inscan-check.h"

__attribute__((noipa)) static long
const_distance (std::vector<long> &y, const std::vector<long> &x)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (auto it = x.begin (); it < x.end (); ++it)
    {
      s += *it;
#pragma omp scan inclusive(s)
      y[it - x.begin ()] = s;
    }
  return s;
}

__attribute__((noipa)) static long
exclusive_not_equal (std::vector<long> &y, std::vector<long> &x)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (auto it = x.begin (); it != x.end (); ++it)
    {
      y[it - x.begin ()] = s;
#pragma omp scan exclusive(s)
      s += *it;
    }
  return s;
}

__attribute__((noipa)) static long
from_second (std::vector<long> &y, const std::vector<long> &x)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (auto it = x.begin () + 1; it < x.end (); ++it)
    {
      s += *it;
#pragma omp scan inclusive(s)
      y[it - x.begin ()] = s;
    }
  return s;
}

template <typename T>
__attribute__((noipa)) static T
running_max (std::vector<T> &y, const std::vector<T> &x)
{
  T m = -1000;
#pragma omp parallel for reduction(inscan, max: m)
  for (auto it = x.begin (); it < x.end (); ++it)
    {
      m = *it > m ? *it : m;
#pragma omp scan inclusive(m)
      y[it - x.begin ()] = m;
    }
  return m;
}

int
main ()
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      int *xi = random_ints (n);
      std::vector<long> x (xi, xi + n), y (n, -7);
      long t = const_distance (y, x), s = 0;
      for (long i = 0; i < n; i++)
        {
          s += x[i];
          CHECK (y[i] == s, "const: n %ld: element %ld", n, i);
        }
      CHECK (t == s, "const: n %ld: total", n);

      t = exclusive_not_equal (y, x);
      s = 0;
      for (long i = 0; i < n; i++)
        {
          CHECK (y[i] == s, "exclusive: n %ld: element %ld", n, i);
          s += x[i];
        }
      CHECK (t == s, "exclusive: n %ld: total", n);

      if (n > 0)
        {
          y.assign (n, -7);
          t = from_second (y, x);
          s = 0;
          CHECK (y[0] == -7, "from second: n %ld: element 0 set", n);
          for (long i = 1; i < n; i++)
            {
              s += x[i];
              CHECK (y[i] == s, "from second: n %ld: element %ld", n, i);
            }
          CHECK (t == s, "from second: n %ld: total", n);
        }

      long m = running_max (y, x), mr = -1000;
      for (long i = 0; i < n; i++)
        {
          mr = x[i] > mr ? x[i] : mr;
          CHECK (y[i] == mr, "max: n %ld: element %ld", n, i);
        }
      CHECK (m == mr, "max: n %ld: maximum", n);

      std::vector<double> dx (n), dy (n);
      for (long i = 0; i < n; i++)
        dx[i] = xi[i] * 0.5;
      double d = running_max (dy, dx), dr = -1000;
      for (long i = 0; i < n; i++)
        {
          dr = dx[i] > dr ? dx[i] : dr;
          CHECK (dy[i] == dr, "max of doubles: n %ld: element %ld", n, i);
        }
      CHECK (d == dr, "max of doubles: n %ld: maximum", n);
      free (xi);
    }
  return 0;
}
