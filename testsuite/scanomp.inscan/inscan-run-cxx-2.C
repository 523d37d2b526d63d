// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/* Orphaned inscan loops whose bound GCC computes with a call in the
   loop's pre-body (`i < v.size ()', `i < v.size () + 1'), which the
   plugin's call must compute before it reads the bound (it once read it
   unset: a wrong result); `for' and `for simd', in a function and in a
   function template (whose temporaries GCC writes as SSA names), a
   scan variable that is a reference bound to a temporary (`int &&s =
   0'), and a vector of vectors' sizes, whose elements no kernel holds
   (the host path runs it); and std::min in a loop after a function
   that GCC has lowered std::min's body for (read from its control-flow
   graph).  Each checked against the sequential loop.
   scanomp-taken: 4 */
/* { dg-do run } */

#include <algorithm>
#include <vector>

#include "inscan-check.h"

static long total;

__attribute__((noipa)) static void
orphan_for (const std::vector<int> &v, std::vector<long> &out)
{
#pragma omp for reduction(inscan, +: total)
  for (long i = 0; i < (long) v.size (); i++)
    {
      out[i] = total;
#pragma omp scan exclusive(total)
      total += v[i];
    }
}

template <typename T>
__attribute__((noipa)) static void
inner_sizes (const std::vector<std::vector<T>> &vv, std::vector<size_t> &out,
       int &&s = 0)
{
#pragma omp for simd reduction(inscan, +: s)
  for (int i = 0; i < (int) vv.size () + 1; i++)
    {
      out[i] = s;
#pragma omp scan exclusive(s)
      s += i < (int) vv.size () ? vv[i].size () : 0;
    }
}

template <typename T>
__attribute__((noipa)) static void
orphan_simd (const std::vector<T> &v, std::vector<T> &out, T &s)
{
#pragma omp for simd reduction(inscan, max: s)
  for (int i = 0; i < (int) v.size (); i++)
    {
      s = v[i] > s ? v[i] : s;
#pragma omp scan inclusive(s)
      out[i] = s;
    }
}

/* Uses std::min first: GCC lowers its body before the loop below.  */
__attribute__((noipa)) static unsigned char
smaller (unsigned char a, unsigned char b)
{
  return std::min<unsigned char> (a, b);
}

__attribute__((noipa)) static void
after_use (const std::vector<int> &v, std::vector<unsigned char> &out,
           unsigned char &m)
{
  long n = v.size ();
#pragma omp parallel for reduction(inscan, min: m)
  for (long i = 0; i < n; i++)
    {
      out[i] = m;
#pragma omp scan exclusive(m)
      m = std::min<unsigned char> (m, v[i] & 0x7f);
    }
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      std::vector<int> v (n);
      for (long i = 0; i < n; i++)
        v[i] = (int) (rnd () % 1000) - 500;
      std::vector<long> out (n, -1);
      std::vector<std::vector<short>> vv (n);
      for (long i = 0; i < n; i++)
        vv[i].resize (rnd () % 4);
      std::vector<size_t> sz (n + 1, 7);
      std::vector<int> mx (n, 0);
      int best = -1000;
      std::vector<unsigned char> low (n, 9);
      unsigned char lm = smaller (200, 250);
      total = 3;
#pragma omp parallel
      {
        orphan_for (v, out);
        inner_sizes (vv, sz);
        orphan_simd (v, mx, best);
      }
      after_use (v, low, lm);
      unsigned char rl = 200;
      long r = 3;
      size_t z = 0;
      int m = -1000;
      for (long i = 0; i < n; i++)
        {
          CHECK (out[i] == r, "for: n %ld: [%ld] is %ld, not %ld", n, i,
                 out[i], r);
          r += v[i];
          CHECK (sz[i] == z, "sizes: n %ld: [%ld] is %zu, not %zu", n, i,
                 sz[i], z);
          z += vv[i].size ();
          m = v[i] > m ? v[i] : m;
          CHECK (mx[i] == m, "simd: n %ld: [%ld] is %d, not %d", n, i,
                 mx[i], m);
          CHECK (low[i] == rl, "min: n %ld: [%ld] is %d, not %d", n, i,
                 low[i], rl);
          rl = std::min<unsigned char> (rl, v[i] & 0x7f);
        }
      CHECK (sz[n] == z && total == r && best == m && lm == rl,
             "n %ld: the totals", n);
    }
  puts ("loops with call bounds checked");
  return 0;
}
/* { dg-output "loops with call bounds checked" } */
