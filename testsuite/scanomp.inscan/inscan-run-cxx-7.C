// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/* Inscan loops whose input phase stores, as C++ people write a filter
   in one loop: `flags[i] = pred (data[i]) ? 1 : 0; total += flags[i];'
   over std::vector, the predicate a lambda the loop calls, the scan
   phase compacting by the flag into a std::vector; and a struct's
   member set through a reference to the element (`row &r = rows[i];
   r.len = ...'), then its start in the scan phase.  Left to GCC until
   2026-12-03 ("its input phase stores to memory").  Each checked against
   the sequential loop, in braces (GCC 11 takes one statement a phase).
   GCC 12's own code for the filter crashes at 0 elements (a `size_t'
   index, docs/corpus.md): scanomp-plugin-only.  scanomp-taken: 2 */
/* { dg-do run } */
/* GCC's own code for these loops, which stays as the fallback, reads at
   -O2 a temporary it may not have set (-Wmaybe-uninitialized).  */
/* { dg-options "-Wno-maybe-uninitialized" } */

#include <cstddef>
#include <vector>

#include <omp.h>

#include "inscan-check.h"

using std::vector;

struct row
{
  int len;
  long start;
};

template <typename T, typename P>
__attribute__((noipa)) static size_t
filter (const vector<T> &data, vector<int> &flags, vector<T> &out,
        const P &pred)
{
  size_t total = 0;
#pragma omp parallel for reduction(inscan, +: total)
  for (size_t i = 0; i < data.size (); i++)
    {
      {
        flags[i] = pred (data[i]) ? 1 : 0;
        total += flags[i];
      }
#pragma omp scan inclusive(total)
      {
        if (flags[i])
          out[total - 1] = data[i];
      }
    }
  return total;
}

__attribute__((noipa)) static long
starts (const vector<int> &deg, vector<row> &rows)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (size_t i = 0; i < rows.size (); i++)
    {
      {
        row &r = rows[i];
        r.len = deg[i] > 0 ? deg[i] : 0;
        s += r.len;
      }
#pragma omp scan inclusive(s)
      {
        rows[i].start = s - rows[i].len;
      }
    }
  return s;
}

static void
check_all (long n)
{
  vector<double> data (n), out (n, -1.0);
  vector<int> flags (n, 7), deg (n);
  for (long i = 0; i < n; i++)
    {
      data[i] = (double) (rnd () % 1000) / 8;
      deg[i] = (int) (rnd () % 17) - 5;
    }
  double limit = 60;
  size_t total = filter (data, flags, out,
                         [limit] (double v) { return v > limit; });
  size_t t = 0;
  for (long i = 0; i < n; i++)
    {
      CHECK (flags[i] == (data[i] > limit), "filter's flag at %ld of %ld", i,
             n);
      if (data[i] > limit)
        {
          CHECK (out[t] == data[i], "filter's out at %ld of %ld", i, n);
          t++;
        }
    }
  CHECK (total == t, "filter's total at %ld", n);

  vector<row> rows (n, row { -1, -1 });
  long s = starts (deg, rows), u = 0;
  for (long i = 0; i < n; i++)
    {
      int len = deg[i] > 0 ? deg[i] : 0;
      CHECK (rows[i].len == len && rows[i].start == u, "starts at %ld of %ld",
             i, n);
      u += len;
    }
  CHECK (s == u, "starts' total at %ld", n);
}

int
main ()
{
  for (int threads = 2; threads <= 3; threads++)
    {
      omp_set_num_threads (threads);
      for (unsigned k = 0; k < NSIZES; k++)
        check_all (sizes[k]);
    }
  return 0;
}
