// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/* The -verbose notes of C++ inscan loops the plugin leaves to GCC, each
   saying why and what to write instead: a loop over a class iterator
   and a range-based for over a container, which GCC writes as an
   iterator advanced from one iteration to the next (the plugin once took
   the range-based for once `!=' was read, and ran its iterations from
   an unset iterator); beside them an index loop with `!=', taken.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-scanomp-verbose" } */

#include <vector>

long
iterator_loop (std::vector<long> &y, const std::vector<long> &x)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (auto it = x.begin (); it < x.end (); ++it) /* { dg-message "left to GCC's own implementation: each iteration starts from the iterator the one before left, as GCC writes a loop over a class iterator or a range-based 'for'; loop over an integer index, as in 'v\\\[i\\\]'" } */
    {
      s += *it;
#pragma omp scan inclusive(s)
      y[it - x.begin ()] = s;
    }
  return s;
}

long
range_for (std::vector<long> &v)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long &e : v) /* { dg-message "each iteration starts from the iterator the one before left" } */
    {
      s += e;
#pragma omp scan inclusive(s)
      e = s;
    }
  return s;
}

long
unequal (long *y, const long *x, long n)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s) /* { dg-message "this inscan loop runs on the host path" } */
  for (long i = 0; i != n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}
