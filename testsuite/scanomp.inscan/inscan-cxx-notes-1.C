// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/* The -verbose notes of C++ inscan loops over class iterators, which GCC
   writes as an iterator advanced from one iteration to the next (the
   plugin once took the range-based for once `!=' was read, and ran its
   iterations from an unset iterator; then left both to GCC): the
   range-based for over a container is taken, each iteration moving the
   iterator from its first value by the index (rewrite/index.cc); so is
   a loop over an iterator whose index is `it - x.begin ()' (once left,
   "accesses memory that is not an element of an array"); beside them
   an index loop with `!=', taken, and a
   reference to an element chosen by `?:', which GCC makes an address
   chosen in branches, read past a further branch (on one line: GCC 12
   places the note at the store, GCC 15 at the test): under GCC 12
   taken since 2026-12-03 on the host path, which computes the address
   as the loop does (a gather's read); GCC 16 makes the choice a pointer
   value, and the loop is left ("uses the pointer 'x' as a value").
   Left before on both, the note saying to copy the element into a
   variable (read with no branch between, as `std::max (m, c[i] ? x[i] :
   w[i])' reads it, it was taken: inscan-run-chosen-1.C; this one runs
   in inscan-run-chosen-2.C).  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-scanomp-verbose" } */

#include <algorithm>
#include <vector>

long
iterator_loop (std::vector<long> &y, const std::vector<long> &x)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (auto it = x.begin (); it < x.end (); ++it) /* { dg-message "this inscan loop runs on the host path" } */
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
  for (long &e : v) /* { dg-message "this inscan loop runs on the host path" } */
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

long
chosen_reference (const long *x, const long *w, const int *c, long *y, long n)
{
  long m = -1000000;
#pragma omp parallel for reduction(inscan, max: m) /* { dg-message "(this inscan loop runs on the host path: 1 scan variable, inclusive|left to GCC's own implementation: it uses the pointer 'x' as a value)" } */
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

long
chosen_value (const long *x, const long *w, const int *c, long *y, long n)
{
  long m = -1000000;
#pragma omp parallel for reduction(inscan, max: m) /* { dg-message "this inscan loop runs on the host path" } */
  for (long i = 0; i < n; i++)
    {
      {
        long v = c[i] ? x[i] : w[i];
        m = std::max (m, v);
      }
#pragma omp scan inclusive(m)
      y[i] = m;
    }
  return m;
}
