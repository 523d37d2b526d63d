// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/* Inscan loops whose condition is OpenMP 5.0's `!=', an index up to n
   and one down to -1, which the plugin once left to GCC ("the condition
   ... does not match its step"); and range-based for loops over a
   std::vector, inclusive, and exclusive over a vector of structs, each
   given its offset, which GCC writes as an iterator carried from one
   iteration to the next: once left to GCC, taken since 2026-11-29
   (rewrite/index.cc).  Each checked against the sequential loop.
   scanomp-taken: 4 */
/* { dg-do run } */

#include <vector>

#include "inscan-check.h"

__attribute__((noipa)) static long
up (long *y, const int *x, long n)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i != n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

/* From the end: y[i] is the sum of x[i..n-1].  */
__attribute__((noipa)) static long
down (long *y, const int *x, long n)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = n - 1; i != -1; i--)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

/* Each cell's offset is the sum of the counts before it.  */
struct cell
{
  long count, offset;
};

__attribute__((noipa)) static long
range_exclusive (std::vector<cell> &cells)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (cell &c : cells)
    {
      c.offset = s;
#pragma omp scan exclusive(s)
      s += c.count;
    }
  return s;
}

__attribute__((noipa)) static long
range_inclusive (std::vector<long> &v)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long &e : v)
    {
      s += e;
#pragma omp scan inclusive(s)
      e = s;
    }
  return s;
}

int
main ()
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      int *x = random_ints (n);
      long *y = (long *) malloc ((n + 1) * sizeof *y);
      long total = up (y, x, n), r = 0;
      for (long i = 0; i < n; i++)
        {
          r += x[i];
          CHECK (y[i] == r, "up: n %ld: element %ld", n, i);
        }
      CHECK (total == r, "up: n %ld: total", n);

      total = down (y, x, n);
      r = 0;
      for (long i = n - 1; i >= 0; i--)
        {
          r += x[i];
          CHECK (y[i] == r, "down: n %ld: element %ld", n, i);
        }
      CHECK (total == r, "down: n %ld: total", n);

      std::vector<cell> cells (n);
      for (long i = 0; i < n; i++)
        cells[i] = { x[i], -1 };
      total = range_exclusive (cells);
      r = 0;
      for (long i = 0; i < n; i++)
        {
          CHECK (cells[i].offset == r && cells[i].count == x[i],
                 "range exclusive: n %ld: element %ld", n, i);
          r += x[i];
        }
      CHECK (total == r, "range exclusive: n %ld: total", n);

      std::vector<long> w (x, x + n);
      total = range_inclusive (w);
      r = 0;
      for (long i = 0; i < n; i++)
        {
          r += x[i];
          CHECK (w[i] == r, "range inclusive: n %ld: element %ld", n, i);
        }
      CHECK (total == r, "range inclusive: n %ld: total", n);
      free (x);
      free (y);
    }

  return 0;
}
