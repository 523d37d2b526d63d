// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/* Inscan loops as C++ people write them, each kept as the idiom has it:
   std::vector's operator[], a generic algorithm over iterators
   (instantiated with vector iterators and with raw pointers), std::max
   and std::min as the operator's update, a
   std::shared_ptr<int[]> and a std::unique_ptr<double[]>, std::array, a
   std::string's characters, a class's own accessors, members through
   `this', a loop inside a lambda, a reference as the scan variable;
   inclusive and exclusive.  The plugin reads the small functions they
   call as what they compute (inscan.exp counts the loops it takes),
   so they run as kernels and on the host path; without it, on GCC's
   threads.  Each must match its sequential loop exactly.
   scanomp-taken: 13 (the iterator form twice: two instantiations).  */
/* { dg-do run } */
/* { dg-options "-std=c++17" } */

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "inscan-check.h"

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

template <typename InputIt, typename OutputIt>
__attribute__((noipa)) static void
exclusive_scan_of (InputIt first, InputIt last, OutputIt d_first)
{
  typename std::iterator_traits<InputIt>::value_type sum = 0;
  long n = last - first;
#pragma omp parallel for reduction(inscan, +: sum)
  for (long i = 0; i < n; i++)
    {
      *(d_first + i) = sum;
#pragma omp scan exclusive(sum)
      sum += *(first + i);
    }
}

__attribute__((noipa)) static void
shared_inclusive (std::shared_ptr<int[]> out, std::shared_ptr<int[]> in,
                  long n)
{
  int acc = 0;
#pragma omp parallel for reduction(inscan, +: acc)
  for (long i = 0; i < n; i++)
    {
      acc += in[i];
#pragma omp scan inclusive(acc)
      out[i] = acc;
    }
}

__attribute__((noipa)) static void
unique_exclusive (std::unique_ptr<double[]> &out,
                  const std::unique_ptr<double[]> &in, long n)
{
  double acc = 0;
#pragma omp parallel for reduction(inscan, +: acc)
  for (long i = 0; i < n; i++)
    {
      out[i] = acc;
#pragma omp scan exclusive(acc)
      acc += in[i];
    }
}

__attribute__((noipa)) static void
running_extremes (std::vector<long> &lo, std::vector<long> &hi,
                  const std::vector<int> &in)
{
  long m = 1L << 40, big = -(1L << 40);
  long n = in.size ();
#pragma omp parallel for reduction(inscan, min: m)
  for (long i = 0; i < n; i++)
    {
      m = std::min (m, (long) in[i]);
#pragma omp scan inclusive(m)
      lo[i] = m;
    }
#pragma omp parallel for reduction(inscan, max: big)
  for (long i = 0; i < n; i++)
    {
      hi[i] = big;
#pragma omp scan exclusive(big)
      big = std::max<long> (in[i], big);
    }
}

static std::array<int, 4099> small_in, small_out;

__attribute__((noipa)) static void
array_max ()
{
  int acc = -1000;
#pragma omp parallel for reduction(inscan, max: acc)
  for (int i = 0; i < 4099; i++)
    {
      acc = small_in[i] > acc ? small_in[i] : acc;
#pragma omp scan inclusive(acc)
      small_out[i] = acc;
    }
}

__attribute__((noipa)) static void
string_count (std::vector<int> &out, const std::string &s)
{
  int acc = 0;
  long n = s.size ();
#pragma omp parallel for reduction(inscan, +: acc)
  for (long i = 0; i < n; i++)
    {
      acc += s[i] == 'a';
#pragma omp scan inclusive(acc)
      out[i] = acc;
    }
}

/* A class of the user's own, with accessors.  */
class series
{
  long *p_;
public:
  explicit series (long *p) : p_ (p) {}
  long &at (long i) { return p_[i]; }
  const long &get (long i) const { return p_[i]; }
};

__attribute__((noipa)) static void
accessors (series &out, const series &in, long n)
{
  long acc = 0;
#pragma omp parallel for reduction(inscan, +: acc)
  for (long i = 0; i < n; i++)
    {
      acc += in.get (i);
#pragma omp scan inclusive(acc)
      out.at (i) = acc;
    }
}

/* Members through `this'.  */
struct histogram
{
  std::vector<int> counts, offsets;
  __attribute__((noipa)) void
  place ()
  {
    int acc = 0;
    long n = counts.size ();
#pragma omp parallel for reduction(inscan, +: acc)
    for (long i = 0; i < n; i++)
      {
        offsets[i] = acc;
#pragma omp scan exclusive(acc)
        acc += counts[i];
      }
  }
};

__attribute__((noipa)) static void
in_lambda (std::vector<long> &out, const std::vector<int> &in)
{
  long n = in.size ();
  auto go = [&] () {
    long acc = 0;
#pragma omp parallel for reduction(inscan, +: acc)
    for (long i = 0; i < n; i++)
      {
        acc += 2 * in[i];
#pragma omp scan inclusive(acc)
        out[i] = acc;
      }
  };
  go ();
}

__attribute__((noipa)) static void
by_reference (std::vector<long> &out, const std::vector<int> &in, long &acc)
{
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
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      std::vector<int> in (n);
      for (long i = 0; i < n; i++)
        in[i] = (int) (rnd () % 1000) - 500;

      std::vector<long> out (n);
      vector_inclusive (out, in);
      long r = 0;
      for (long i = 0; i < n; i++)
        {
          r += in[i];
          CHECK (out[i] == r, "vector: n %ld: element %ld", n, i);
        }

      std::vector<long> lo (n), hi (n);
      running_extremes (lo, hi, in);
      long least = 1L << 40, most = -(1L << 40);
      for (long i = 0; i < n; i++)
        {
          least = std::min (least, (long) in[i]);
          CHECK (lo[i] == least, "std::min: n %ld: element %ld", n, i);
          CHECK (hi[i] == most, "std::max: n %ld: element %ld", n, i);
          most = std::max (most, (long) in[i]);
        }

      std::vector<int> iout (n);
      exclusive_scan_of (in.begin (), in.end (), iout.begin ());
      int ri = 0;
      for (long i = 0; i < n; i++)
        {
          CHECK (iout[i] == ri, "iterators: n %ld: element %ld", n, i);
          ri += in[i];
        }
      std::vector<long> lin (in.begin (), in.end ());
      exclusive_scan_of (lin.data (), lin.data () + n, out.data ());
      r = 0;
      for (long i = 0; i < n; i++)
        {
          CHECK (out[i] == r, "pointers: n %ld: element %ld", n, i);
          r += in[i];
        }

      std::shared_ptr<int[]> sin (new int[n + 1]), sout (new int[n + 1]);
      for (long i = 0; i < n; i++)
        sin[i] = in[i];
      shared_inclusive (sout, sin, n);
      ri = 0;
      for (long i = 0; i < n; i++)
        {
          ri += in[i];
          CHECK (sout[i] == ri, "shared_ptr: n %ld: element %ld", n, i);
        }

      /* Sums of small integers: exact in any order.  */
      std::unique_ptr<double[]> din (new double[n + 1]),
        dout (new double[n + 1]);
      for (long i = 0; i < n; i++)
        din[i] = in[i] / 4.0;
      unique_exclusive (dout, din, n);
      double rd = 0;
      for (long i = 0; i < n; i++)
        {
          CHECK (dout[i] == rd, "unique_ptr: n %ld: element %ld", n, i);
          rd += din[i];
        }

      std::string s (n, 'b');
      for (long i = 0; i < n; i++)
        if (in[i] % 3 == 0)
          s[i] = 'a';
      string_count (iout, s);
      ri = 0;
      for (long i = 0; i < n; i++)
        {
          ri += s[i] == 'a';
          CHECK (iout[i] == ri, "string: n %ld: element %ld", n, i);
        }

      series sin2 (lin.data ()), sout2 (out.data ());
      accessors (sout2, sin2, n);
      r = 0;
      for (long i = 0; i < n; i++)
        {
          r += in[i];
          CHECK (out[i] == r, "accessors: n %ld: element %ld", n, i);
        }

      histogram h;
      h.counts = in;
      h.offsets.resize (n);
      h.place ();
      ri = 0;
      for (long i = 0; i < n; i++)
        {
          CHECK (h.offsets[i] == ri, "members: n %ld: element %ld", n, i);
          ri += in[i];
        }

      in_lambda (out, in);
      r = 0;
      for (long i = 0; i < n; i++)
        {
          r += 2 * in[i];
          CHECK (out[i] == r, "lambda: n %ld: element %ld", n, i);
        }

      long total = 11;
      by_reference (out, in, total);
      r = 11;
      for (long i = 0; i < n; i++)
        {
          r += in[i];
          CHECK (out[i] == r, "reference: n %ld: element %ld", n, i);
        }
      CHECK (total == r, "reference: n %ld: final value", n);
    }

  for (int i = 0; i < 4099; i++)
    small_in[i] = (int) (rnd () % 1000) - 500;
  array_max ();
  int m = -1000;
  for (int i = 0; i < 4099; i++)
    {
      m = small_in[i] > m ? small_in[i] : m;
      CHECK (small_out[i] == m, "array: element %d", i);
    }
  return 0;
}
