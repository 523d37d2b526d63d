// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// `#pragma omp scan init_complete' in C++: in a function template over
// int and double, the data of std::vectors, an exclusive scan whose
// initialization phase reads what its scan phase overwrites.  Each must
// match the sequential loop exactly.
// { dg-do run }
// { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 }

#include <vector>

#include "inscan-check.h"

template <typename T>
static T
offsets (T *c, long n, T start)
{
  T t, x = start;
#pragma omp parallel for reduction(inscan, +: x) private(t)
  for (long k = 0; k < n; k++)
    {
      {
        t = c[k] * 2;
#pragma omp scan init_complete
        c[k] = x;
      }
#pragma omp scan exclusive(x)
      x += t;
    }
  return x;
}

template <typename T>
static void
check (long n)
{
  std::vector<T> c (n + 1), ref (n + 1);
  for (long k = 0; k < n; k++)
    c[k] = ref[k] = (T) ((long) (rnd () % 1000) - 500);
  T total = offsets (c.data (), n, (T) 5);
  T r = 5;
  for (long k = 0; k < n; k++)
    {
      CHECK (c[k] == r, "n %ld: element %ld", n, k);
      r += ref[k] * 2;
    }
  CHECK (total == r, "n %ld: total", n);
}

int
main ()
{
  for (unsigned s = 0; s < NSIZES; s++)
    {
      check<int> (sizes[s]);
      check<double> (sizes[s]);
    }
  return 0;
}
