// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/* A breadth-first search's frontier offsets, as a public one computes
   them: `parallel for simd reduction(inscan, +: sum_deg)' over a
   `size_t' index up to `q.size ()', `deg[i] = sum_deg' before the
   directive and `sum_deg += g[q[i]].size ()' after, over a
   std::vector<std::vector<int>> graph: a gather of each frontier
   vertex's adjacency list, whose size the loop reads.  Left to GCC
   until 2026-12-03, twice over: the gather ("not an affine function of
   the loop index"), and the bound's call, in the pre-body of the `for'
   that a combined `parallel for simd' puts around its simd loop ("its
   bounds or indices use temporaries of the construct").  The same with
   the index `g[q[i]]' kept in a reference first, in braces (GCC 11 takes
   one statement a phase).  Each checked against the sequential loop.
   scanomp-taken: 2 */
/* { dg-do run } */
/* GCC's own code for these loops, which stays as the fallback, reads at
   -O2 a temporary it may not have set (-Wmaybe-uninitialized).  */
/* { dg-options "-Wno-maybe-uninitialized" } */

#include <cstddef>
#include <vector>

#include "inscan-check.h"

using std::vector;

__attribute__((noipa)) static int
offsets (const vector<vector<int>> &g, const vector<int> &q,
         vector<int> &deg)
{
  int sum_deg = 0;
#pragma omp parallel for simd reduction(inscan, +: sum_deg)
  for (size_t i = 0; i < q.size (); i++)
    {
      deg[i] = sum_deg;
#pragma omp scan exclusive(sum_deg)
      sum_deg += g[q[i]].size ();
    }
  return sum_deg;
}

__attribute__((noipa)) static long
through_reference (const vector<vector<int>> &g, const vector<int> &q,
                   vector<long> &deg)
{
  long sum = 0;
#pragma omp parallel for reduction(inscan, +: sum)
  for (size_t i = 0; i < q.size (); i++)
    {
      {
        const vector<int> &row = g[q[i]];
        sum += (long) row.size ();
      }
#pragma omp scan inclusive(sum)
      deg[i] = sum;
    }
  return sum;
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      vector<vector<int>> g (n + 1);
      for (long v = 0; v <= n; v++)
        g[v].resize (rnd () % 6, (int) v);
      vector<int> q;
      for (long v = 0; v <= n; v += 1 + (long) (rnd () % 3))
        q.push_back ((int) v);
      vector<int> deg (q.size ());
      vector<long> ldeg (q.size ());
      int total = offsets (g, q, deg), s = 0;
      for (size_t i = 0; i < q.size (); i++)
        {
          CHECK (deg[i] == s, "offsets at %zu of %zu", i, q.size ());
          s += (int) g[q[i]].size ();
        }
      CHECK (total == s, "offsets' total at %ld", n);
      long lt = through_reference (g, q, ldeg), ls = 0;
      for (size_t i = 0; i < q.size (); i++)
        {
          ls += (long) g[q[i]].size ();
          CHECK (ldeg[i] == ls, "through_reference at %zu of %zu", i,
                 q.size ());
        }
      CHECK (lt == ls, "through_reference's total at %ld", n);
    }
  return 0;
}
