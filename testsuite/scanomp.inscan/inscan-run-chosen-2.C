// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/* A reference to an element chosen by `?:' (`const long &e = c[i] ?
   x[i] : w[i]'), read past a further branch.  GCC 12 makes it an address
   chosen in branches, which the plugin takes since 2026-12-03 as a
   gather's read, on the host path, which computes the address as the
   loop does (left to GCC before: "an array index ... chosen in
   branches"); GCC 16 makes it a pointer value, which the plugin leaves
   to GCC ("uses the pointer 'x' as a value").  Either way checked
   against the sequential loop.  */
/* { dg-do run } */

#include <vector>

#include "inscan-check.h"

__attribute__((noipa)) static long
chosen_reference (const long *x, const long *w, const int *c, long *y,
                  long n)
{
  long m = -1000000;
#pragma omp parallel for reduction(inscan, max: m)
  for (long i = 0; i < n; i++)
    {
      {
        const long &e = c[i] ? x[i] : w[i];
        if (e > m) m = e;
      }
#pragma omp scan inclusive(m)
      y[i] = m;
    }
  return m;
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      std::vector<long> x (n + 1), w (n + 1), y (n + 1);
      std::vector<int> c (n + 1);
      for (long i = 0; i < n; i++)
        {
          x[i] = (long) (rnd () % 100000) - 50000;
          w[i] = (long) (rnd () % 100000) - 50000;
          c[i] = (int) (rnd () & 1);
        }
      long mt = chosen_reference (x.data (), w.data (), c.data (),
                                  y.data (), n), m = -1000000;
      for (long i = 0; i < n; i++)
        {
          long e = c[i] ? x[i] : w[i];
          m = e > m ? e : m;
          CHECK (y[i] == m, "chosen_reference at %ld of %ld", i, n);
        }
      CHECK (mt == m, "chosen_reference's total at %ld", n);
    }
  return 0;
}
