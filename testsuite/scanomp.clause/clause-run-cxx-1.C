// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The scan clause over C++ containers, named as the user has them:
// scan(+: y) over a std::vector, read through operator[]; a class's
// member vectors through `this'; a std::array; each against its
// sequential loop.
/* { dg-do run } */

/* libstdc++'s assertions (on by default at -O0 from GCC 15) check each
   index in operator[] on a branch the plugin cannot read, and the
   clause's loop would be an error: docs/inscan.md.  */
#define _GLIBCXX_NO_ASSERTIONS 1

#include <array>
#include <vector>

#include "clause-check.h"

__attribute__((noipa)) static void
vector_sum (std::vector<long> &y, const std::vector<int> &x, long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i-1];
}

struct ledger
{
  std::vector<double> balance, flow;
  __attribute__((noipa)) void
  settle (long n)
  {
#pragma omp parallel for scan(+: balance)
    for (long i = 1; i < n; i++)
      balance[i] = balance[i-1] + flow[i];
  }
};

static std::array<unsigned, 3001> a, b;

__attribute__((noipa)) static void
array_max ()
{
#pragma omp parallel for scan(max: b)
  for (int i = 1; i < 3001; i++)
    b[i] = b[i-1] > a[i] ? b[i-1] : a[i];
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      std::vector<int> x (n + 1);
      for (long i = 0; i < n; i++)
        x[i] = (int) (rnd () % 1000) - 500;
      std::vector<long> y (n + 1, 0);
      y[0] = 17;
      vector_sum (y, x, n);
      long r = 17;
      for (long i = 1; i < n; i++)
        {
          r += x[i-1];
          CHECK (y[i] == r, "vector: n %ld: element %ld", n, i);
        }

      ledger l;
      l.balance.assign (n + 1, 0.0);
      l.flow.resize (n + 1);
      for (long i = 0; i < n; i++)
        l.flow[i] = x[i] / 8.0;
      l.balance[0] = 1.5;
      l.settle (n);
      double d = 1.5;
      for (long i = 1; i < n; i++)
        {
          d += l.flow[i];
          CHECK (l.balance[i] == d, "members: n %ld: element %ld", n, i);
        }
    }

  for (int i = 0; i < 3001; i++)
    a[i] = (unsigned) (rnd () % 100000);
  b[0] = a[0];
  array_max ();
  unsigned m = a[0];
  for (int i = 1; i < 3001; i++)
    {
      m = m > a[i] ? m : a[i];
      CHECK (b[i] == m, "array: element %d", i);
    }
  return 0;
}
