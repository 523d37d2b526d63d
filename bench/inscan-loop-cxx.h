// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// inscan-loop-cxx.h: bench-inscan's loop as C++ people write it, included
// by inscan-cxx-gcc.cc (compiled without the plugin) and
// inscan-cxx-scanomp.cc (with it) under different names: over a
// std::vector with operator[], and as a generic algorithm over
// iterators (std::vector<int>::iterator); and, to tell what the C++
// costs from what the vectors' place in the caches does, the C rows'
// own loop over the same vectors' data pointers.  The vectors are each
// function's own: the benchmark's arrays are copied in when they change
// and the result out the first time, so that a timed call scans
// vectors and copies nothing.

#include <vector>

namespace
{
// A function's vectors, and the arrays they were copied from.
struct copies
{
  std::vector<int> xs, ys;
  const int *x;
  long n;
};
copies for_vector, for_iterators, for_pointers;

// C's vectors for X and N, and whether they are new.
bool
vectors_for (copies &c, const int *x, long n)
{
  if (x == c.x && n == c.n)
    return false;
  c.xs.assign (x, x + n);
  c.ys.assign (n, 0);
  c.x = x;
  c.n = n;
  return true;
}

int
vector_scan (std::vector<int> &y, const std::vector<int> &x)
{
  int s = 0;
  long n = x.size ();
#pragma omp parallel for reduction (inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive (s)
      y[i] = s;
    }
  return s;
}

// The C rows' loop itself (inscan-loop.h), compiled as C++.
#define restrict __restrict
#define INSCAN_NAME pointer_scan
#define INSCAN_ORPHAN_NAME pointer_scan_orphan
#include "inscan-loop.h"
#undef INSCAN_ORPHAN_NAME
#undef INSCAN_NAME
#undef restrict

template <typename InputIt, typename OutputIt>
int
iterator_scan (InputIt first, InputIt last, OutputIt d_first)
{
  int s = 0;
  long n = last - first;
#pragma omp parallel for reduction (inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += *(first + i);
#pragma omp scan inclusive (s)
      *(d_first + i) = s;
    }
  return s;
}
}

extern "C" int
INSCAN_VECTOR_NAME (int *y, const int *x, long n)
{
  copies &c = for_vector;
  bool fresh = vectors_for (c, x, n);
  int s = vector_scan (c.ys, c.xs);
  if (fresh)
    std::copy (c.ys.begin (), c.ys.end (), y);
  return s;
}

extern "C" int
INSCAN_ITERATOR_NAME (int *y, const int *x, long n)
{
  copies &c = for_iterators;
  bool fresh = vectors_for (c, x, n);
  int s = iterator_scan (c.xs.cbegin (), c.xs.cend (), c.ys.begin ());
  if (fresh)
    std::copy (c.ys.begin (), c.ys.end (), y);
  return s;
}

extern "C" int
INSCAN_POINTER_NAME (int *y, const int *x, long n)
{
  copies &c = for_pointers;
  bool fresh = vectors_for (c, x, n);
  int s = pointer_scan (c.ys.data (), c.xs.data (), n);
  if (fresh)
    std::copy (c.ys.begin (), c.ys.end (), y);
  return s;
}
