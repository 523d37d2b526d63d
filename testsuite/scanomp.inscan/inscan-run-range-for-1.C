// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/* Inscan loops written as C++ users write them, over ranges rather than
   indices, which the plugin once left to GCC: a range-based for over a C
   array (its index `&x - a'), over a std::array in a template
   instantiated for two element types, over a std::vector in place, a
   loop over a vector's iterator storing through it, an orphaned `for'
   over a vector of doubles in a parallel region, all read as loops over
   an integer index (rewrite/index.cc); and an index loop whose element
   is a reference taken before a `?:' (`double &x = v[i]; m = x > m ?
   x : m'), once "an array index ... computed before a branch".  Each
   checked against its sequential loop.
   scanomp-taken: 7 */
/* { dg-do run } */
/* GCC's own code for these loops, which stays as the fallback, reads at
   -O2 a temporary it may not have set (-Wmaybe-uninitialized).  */
/* { dg-options "-Wno-maybe-uninitialized" } */

#include <array>
#include <vector>

#include "inscan-check.h"

enum { CELLS = 100003 };
static int grid[CELLS];

__attribute__((noipa)) static void
over_c_array (int *out)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (const int &x : grid)
    {
      out[&x - grid] = s;
#pragma omp scan exclusive(s)
      s += x;
    }
}

template <typename T, std::size_t N>
__attribute__((noipa)) static T
over_std_array (std::array<T, N> &a)
{
  T s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (T &x : a)
    {
      s += x;
#pragma omp scan inclusive(s)
      x = s;
    }
  return s;
}

__attribute__((noipa)) static long
over_vector (std::vector<long> &v)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (auto &x : v)
    {
      s += x;
#pragma omp scan inclusive(s)
      x = s;
    }
  return s;
}

__attribute__((noipa)) static long
through_iterator (std::vector<long> &v)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (auto it = v.begin (); it != v.end (); ++it)
    {
      s += *it;
#pragma omp scan inclusive(s)
      *it = s;
    }
  return s;
}

__attribute__((noipa)) static double
orphaned_max (std::vector<double> &v)
{
  double m = -1e300;
#pragma omp parallel
#pragma omp for reduction(inscan, max: m)
  for (double &x : v)
    {
      m = x > m ? x : m;
#pragma omp scan inclusive(m)
      x = m;
    }
  return m;
}

__attribute__((noipa)) static double
reference_before_branch (std::vector<double> &v)
{
  double m = -1e300;
#pragma omp parallel for reduction(inscan, max: m)
  for (std::size_t i = 0; i < v.size (); i++)
    {
      /* One block a phase: GCC 11 takes one statement.  */
      {
        double &x = v[i];
        m = x > m ? x : m;
      }
#pragma omp scan inclusive(m)
      v[i] = m;
    }
  return m;
}

static std::array<long, 65537> longs;
static std::array<double, 1001> doubles;

int
main ()
{
  /* The arrays' sizes are fixed.  */
  int *out = (int *) malloc (CELLS * sizeof *out);
  for (long i = 0; i < CELLS; i++)
    grid[i] = (int) (rnd () % 1000) - 500;
  over_c_array (out);
  int r = 0;
  for (long i = 0; i < CELLS; i++)
    {
      CHECK (out[i] == r, "C array: element %ld", i);
      r += grid[i];
    }
  free (out);

  std::array<long, 65537> lw;
  for (std::size_t i = 0; i < longs.size (); i++)
    lw[i] = longs[i] = (long) (rnd () % 1000) - 500;
  long lt = over_std_array (longs), lr = 0;
  for (std::size_t i = 0; i < longs.size (); i++)
    {
      lr += lw[i];
      CHECK (longs[i] == lr, "std::array<long>: element %zu", i);
    }
  CHECK (lt == lr, "std::array<long>: total");
  std::array<double, 1001> dw;
  for (std::size_t i = 0; i < doubles.size (); i++)
    dw[i] = doubles[i] = (double) (rnd () % 1000) * 0.25;
  double dt = over_std_array (doubles), dr = 0;
  for (std::size_t i = 0; i < doubles.size (); i++)
    {
      dr += dw[i];
      CHECK (doubles[i] == dr, "std::array<double>: element %zu", i);
    }
  CHECK (dt == dr, "std::array<double>: total");

  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      int *x = random_ints (n);
      std::vector<long> v (x, x + n);
      long t = over_vector (v), s = 0;
      for (long i = 0; i < n; i++)
        {
          s += x[i];
          CHECK (v[i] == s, "vector: n %ld: element %ld", n, i);
        }
      CHECK (t == s, "vector: n %ld: total", n);

      std::vector<long> w (x, x + n);
      t = through_iterator (w);
      s = 0;
      for (long i = 0; i < n; i++)
        {
          s += x[i];
          CHECK (w[i] == s, "iterator: n %ld: element %ld", n, i);
        }
      CHECK (t == s, "iterator: n %ld: total", n);

      std::vector<double> d (n), e (n);
      for (long i = 0; i < n; i++)
        d[i] = e[i] = x[i] * 0.5;
      double m = orphaned_max (d), mr = -1e300;
      for (long i = 0; i < n; i++)
        {
          mr = e[i] > mr ? e[i] : mr;
          CHECK (d[i] == mr, "orphaned: n %ld: element %ld", n, i);
        }
      CHECK (m == mr, "orphaned: n %ld: maximum", n);

      free (x);
#ifndef __scanomp_declare_scan
      /* GCC 14's own code for this loop crashes where the vector is
         empty.  */
      if (n == 0)
        continue;
#endif
      for (long i = 0; i < n; i++)
        d[i] = e[i];
      m = reference_before_branch (d);
      mr = -1e300;
      for (long i = 0; i < n; i++)
        {
          mr = e[i] > mr ? e[i] : mr;
          CHECK (d[i] == mr, "reference: n %ld: element %ld", n, i);
        }
      CHECK (m == mr, "reference: n %ld: maximum", n);
    }
  return 0;
}
