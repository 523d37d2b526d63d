// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/* Inscan loops over a class that holds its storage in a
   std::shared_ptr<T[]> member, with a length and an offset, and whose
   const operator[] returns `data[i + offset]', as a solver library's
   host arrays do; passed by value, in place (one view, the scan phase
   first in the exclusive loop) and apart, on views that start past the
   storage's start.  The member's operator[] reads it as its base class
   (`__shared_ptr'), at the member's address: the plugin left each loop
   to GCC ("accesses memory that is not an element of an array") until
   2026-12-03, where GCC's code ran 20 times slower than the sequential
   loop.  Also a class whose storage comes after another member, and one
   that derives from its storage's holder.  Each checked against the
   sequential loop.
   scanomp-taken: 6 */
/* { dg-do run } */

#include <cstddef>
#include <memory>

#include "inscan-check.h"

template <typename T>
class view
{
  std::shared_ptr<T[]> data_;
  std::size_t length_;
  std::size_t offset_;
public:
  view () : length_ (0), offset_ (0) {}
  explicit view (std::size_t n) : data_ (new T[n]), length_ (n), offset_ (0)
  {}
  view part (std::size_t from) const
  {
    view v (*this);
    v.offset_ += from;
    v.length_ -= from;
    return v;
  }
  T &operator[] (std::ptrdiff_t i) const { return data_[i + offset_]; }
};

/* In place: the scan phase stores v[i] before the input phase reads it,
   which the exclusive scan runs first.  */
template <typename T>
__attribute__((noipa)) void
exclusive_in_place (int n, view<T> v)
{
  T s{0};
#pragma omp parallel for reduction(inscan, +: s)
  for (int i = 0; i < n; ++i)
    {
      v[i] = s;
#pragma omp scan exclusive(s)
      s += v[i];
    }
}

template <typename T>
__attribute__((noipa)) void
inclusive_apart (int n, const view<T> v, view<T> w)
{
  T s{0};
#pragma omp parallel for reduction(inscan, +: s)
  for (int i = 0; i < n; ++i)
    {
      s += v[i];
#pragma omp scan inclusive(s)
      w[i] = s;
    }
}

template void exclusive_in_place (int, view<int>);
template void exclusive_in_place (int, view<double>);
template void inclusive_apart (int, const view<int>, view<int>);
template void inclusive_apart (int, const view<double>, view<double>);

/* The storage after another member.  */
struct tagged
{
  long tag;
  std::shared_ptr<long[]> p;
  long &operator[] (long i) const { return p[i]; }
};

__attribute__((noipa)) void
tagged_max (long n, tagged in, tagged out)
{
  long m = -(1L << 40);
#pragma omp parallel for reduction(inscan, max: m)
  for (long i = 0; i < n; i++)
    {
      m = in[i] > m ? in[i] : m;
#pragma omp scan inclusive(m)
      out[i] = m;
    }
}

/* The storage in a base class.  */
struct holder
{
  std::shared_ptr<int[]> p;
};

struct derived : holder
{
  long count;
  int &operator[] (long i) const { return p[i]; }
};

__attribute__((noipa)) void
derived_sum (long n, const derived &in, derived &out)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += in[i];
#pragma omp scan inclusive(s)
      out[i] = s;
    }
}

/* T's values small enough that a double's sums are exact.  */
template <typename T>
static void
check_views (long n)
{
  view<T> a (n + 5), b (n + 5);
  view<T> v = a.part (3), w = b.part (5);
  T *ref = new T[n + 1];
  for (long i = 0; i < n; i++)
    v[i] = ref[i] = (T) (rnd () % 100);
  inclusive_apart ((int) n, v, w);
  T s{0};
  for (long i = 0; i < n; i++)
    {
      s += ref[i];
      CHECK (w[i] == s, "inclusive_apart at %ld of %ld", i, n);
    }
  exclusive_in_place ((int) n, v);
  s = 0;
  for (long i = 0; i < n; i++)
    {
      CHECK (v[i] == s, "exclusive_in_place at %ld of %ld", i, n);
      s += ref[i];
    }
  delete[] ref;
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      check_views<int> (n);
      check_views<double> (n);

      tagged in{7, std::shared_ptr<long[]> (new long[n + 1])};
      tagged out{8, std::shared_ptr<long[]> (new long[n + 1])};
      for (long i = 0; i < n; i++)
        in[i] = (long) (rnd () % 100000) - 50000;
      tagged_max (n, in, out);
      long m = -(1L << 40);
      for (long i = 0; i < n; i++)
        {
          m = in[i] > m ? in[i] : m;
          CHECK (out[i] == m, "tagged_max at %ld of %ld", i, n);
        }

      derived x, y;
      x.p.reset (new int[n + 1]);
      y.p.reset (new int[n + 1]);
      for (long i = 0; i < n; i++)
        x[i] = (int) (rnd () % 1000) - 500;
      derived_sum (n, x, y);
      int s = 0;
      for (long i = 0; i < n; i++)
        {
          s += x[i];
          CHECK (y[i] == s, "derived_sum at %ld of %ld", i, n);
        }
    }
  return 0;
}
