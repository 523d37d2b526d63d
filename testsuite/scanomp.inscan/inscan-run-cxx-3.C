// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/* Inscan loops whose accessors check their index, a check that ends the
   program when it fails: libstdc++'s assertions (_GLIBCXX_ASSERTIONS,
   which GCC 15's libstdc++ turns on by itself at -O0) in std::vector's
   operator[] and std::array's, std::vector::at's throw, and a class's
   own accessor that calls abort () or throws std::out_of_range.  A
   program that goes on never takes such a branch, so the plugin reads
   each accessor as the element it returns (the taken loop does not make
   the check); before, each loop was left to GCC.  Each checked against
   the sequential loop.
   scanomp-taken: 6 */
/* { dg-do run } */

#define _GLIBCXX_ASSERTIONS 1

#include <array>
#include <cstdlib>
#include <stdexcept>
#include <vector>

#include "inscan-check.h"

/* A buffer whose accessor aborts on a bad index.  */
class checked_buffer
{
public:
  explicit checked_buffer (long n) : n_ (n), p_ (new int[n + 1]) {}
  ~checked_buffer () { delete[] p_; }
  int &operator[] (long i)
  {
    if (i < 0 || i >= n_)
      abort ();
    return p_[i];
  }
  long size () const { return n_; }
private:
  long n_;
  int *p_;
};

/* A view whose accessor throws on a bad index.  */
template <typename T>
class throwing_view
{
public:
  throwing_view (T *p, long n) : p_ (p), n_ (n) {}
  T &at (long i) const
  {
    if (i >= n_)
      throw std::out_of_range ("throwing_view::at");
    return p_[i];
  }
private:
  T *p_;
  long n_;
};

__attribute__((noipa)) static void
vector_inclusive (std::vector<long> &out, const std::vector<int> &in)
{
  long acc = 0;
  long n = in.size ();
#pragma omp parallel for reduction(inscan, +: acc)
  for (long i = 0; i < n; i++)
    {
      acc += in[i];
#pragma omp scan inclusive(acc)
      out[i] = acc;
    }
}

__attribute__((noipa)) static void
vector_at_exclusive (std::vector<long> &out, const std::vector<int> &in)
{
  long acc = 0;
  long n = in.size ();
#pragma omp parallel for reduction(inscan, +: acc)
  for (long i = 0; i < n; i++)
    {
      out.at (i) = acc;
#pragma omp scan exclusive(acc)
      acc += in.at (i);
    }
}

__attribute__((noipa)) static void
array_max (std::array<int, 1001> &out, const std::array<int, 1001> &in)
{
  int m = -1000;
#pragma omp parallel for reduction(inscan, max: m)
  for (int i = 0; i < 1001; i++)
    {
      m = in[i] > m ? in[i] : m;
#pragma omp scan inclusive(m)
      out[i] = m;
    }
}

__attribute__((noipa)) static void
aborting_inclusive (std::vector<long> &out, checked_buffer &in)
{
  long acc = 0;
#pragma omp parallel for reduction(inscan, +: acc)
  for (long i = 0; i < in.size (); i++)
    {
      acc += in[i];
#pragma omp scan inclusive(acc)
      out[i] = acc;
    }
}

__attribute__((noipa)) static void
throwing_exclusive (throwing_view<long> out, throwing_view<int> in, long n)
{
  long acc = 0;
#pragma omp parallel for reduction(inscan, +: acc)
  for (long i = 0; i < n; i++)
    {
      out.at (i) = acc;
#pragma omp scan exclusive(acc)
      acc += in.at (i);
    }
}

__attribute__((noipa)) static void
vector_double (std::vector<double> &out, const std::vector<double> &in)
{
  double acc = 0;
  long n = in.size ();
#pragma omp parallel for reduction(inscan, +: acc)
  for (long i = 0; i < n; i++)
    {
      acc += in[i];
#pragma omp scan inclusive(acc)
      out[i] = acc;
    }
}

int
main ()
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      int *x = random_ints (n);
      std::vector<int> in (x, x + n);
      std::vector<long> out (n), want (n);
      long acc = 0;
      for (long i = 0; i < n; i++)
        {
          acc += x[i];
          want[i] = acc;
        }
      vector_inclusive (out, in);
      for (long i = 0; i < n; i++)
        CHECK (out[i] == want[i], "vector []: n %ld: element %ld", n, i);

      std::vector<long> excl (n, -1);
      vector_at_exclusive (excl, in);
      for (long i = 0; i < n; i++)
        CHECK (excl[i] == (i ? want[i - 1] : 0),
               "vector at: n %ld: element %ld", n, i);

      checked_buffer buf (n);
      for (long i = 0; i < n; i++)
        buf[i] = x[i];
      std::vector<long> ab (n);
      aborting_inclusive (ab, buf);
      for (long i = 0; i < n; i++)
        CHECK (ab[i] == want[i], "aborting: n %ld: element %ld", n, i);

      std::vector<long> th (n, -1);
      throwing_exclusive (throwing_view<long> (th.data (), n),
                          throwing_view<int> (x, n), n);
      for (long i = 0; i < n; i++)
        CHECK (th[i] == (i ? want[i - 1] : 0),
               "throwing: n %ld: element %ld", n, i);

      std::vector<double> din (n), dout (n);
      for (long i = 0; i < n; i++)
        din[i] = x[i] / 4.0;
      /* Sums of small integers: exact in any order.  */
      vector_double (dout, din);
      double dacc = 0;
      for (long i = 0; i < n; i++)
        {
          dacc += din[i];
          CHECK (dout[i] == dacc, "vector double: n %ld: element %ld", n, i);
        }
      free (x);
    }

  std::array<int, 1001> a, am;
  for (int i = 0; i < 1001; i++)
    a[i] = (int) (rnd () % 1000) - 500;
  array_max (am, a);
  int m = -1000;
  for (int i = 0; i < 1001; i++)
    {
      m = a[i] > m ? a[i] : m;
      CHECK (am[i] == m, "array max: element %d", i);
    }
  return 0;
}
