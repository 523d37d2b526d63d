/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Orphaned inscan loops, as libgomp.c/scan-1.c writes them: `#pragma omp
   for reduction(inscan, ...)' inside a `parallel' region that does other
   work before and after it, inclusive and exclusive, with `nowait' before
   an explicit barrier, and in a function called from the region; and
   `for simd' as libgomp.c++/scan-9.C writes it, in the region and in a
   function called from it.  Every thread sees the scan once the loop is
   done, and a second `omp for' uses it.  Each checked against the
   sequential loop.
   scanomp-taken: 5 */
/* { dg-do run } */

#include <omp.h>

#include "inscan-check.h"

static long best;

/* Called from inside a parallel region: the loop is orphaned here.  */
static void
exclusive_max (long *m, const int *x, long n)
{
#pragma omp for reduction(inscan, max: best)
  for (long i = 0; i < n; i++)
    {
      m[i] = best;
#pragma omp scan exclusive(best)
      best = best > x[i] ? best : x[i];
    }
}

static long total;

/* An orphaned `for simd', inclusive, over a global.  */
static void
inclusive_simd (long *v, const int *x, long n)
{
#pragma omp for simd reduction(inscan, +: total)
  for (long i = 0; i < n; i++)
    {
      total += x[i] - 1;
#pragma omp scan inclusive(total)
      v[i] = total;
    }
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      int *x = random_ints (n);
      long *y = malloc ((n + 1) * sizeof *y), *z = malloc ((n + 1) * sizeof *z);
      long *m = malloc ((n + 1) * sizeof *m), *w = malloc ((n + 1) * sizeof *w);
      long *v = malloc ((n + 1) * sizeof *v);
      long *e = malloc ((n + 1) * sizeof *e);
      long s = 3, t = -2, u = 7, before = 0;
      best = -1000;
      total = 0;
#pragma omp parallel reduction(+: before)
      {
        before += omp_get_thread_num () + 1;
#pragma omp for reduction(inscan, +: s)
        for (long i = 0; i < n; i++)
          {
            s += x[i];
#pragma omp scan inclusive(s)
            y[i] = s;
          }
#pragma omp for
        for (long i = 0; i < n; i++)
          z[i] = 2 * y[i];
        exclusive_max (m, x, n);
#pragma omp for reduction(inscan, +: t) nowait
        for (long i = 0; i < n; i++)
          {
            w[i] = t;
#pragma omp scan exclusive(t)
            t += x[i] * 3;
          }
#pragma omp barrier
        inclusive_simd (v, x, n);
#pragma omp for simd reduction(inscan, +: u)
        for (long i = 0; i < n; i++)
          {
            e[i] = u;
#pragma omp scan exclusive(u)
            u += x[i];
          }
      }
      CHECK (before > 0, "the work before the loops");
      long rs = 3, rt = -2, rb = -1000, rv = 0, ru = 7;
      for (long i = 0; i < n; i++)
        {
          rs += x[i];
          CHECK (y[i] == rs && z[i] == 2 * rs, "n %ld: y[%ld] is %ld and "
                 "z %ld, not %ld", n, i, y[i], z[i], rs);
          CHECK (m[i] == rb, "n %ld: m[%ld] is %ld, not %ld", n, i, m[i], rb);
          rb = rb > x[i] ? rb : x[i];
          CHECK (w[i] == rt, "n %ld: w[%ld] is %ld, not %ld", n, i, w[i], rt);
          rt += x[i] * 3;
          rv += x[i] - 1;
          CHECK (v[i] == rv, "n %ld: v[%ld] is %ld, not %ld", n, i, v[i], rv);
          CHECK (e[i] == ru, "n %ld: e[%ld] is %ld, not %ld", n, i, e[i], ru);
          ru += x[i];
        }
      CHECK (s == rs && t == rt && best == rb, "n %ld: the totals are %ld %ld "
             "%ld, not %ld %ld %ld", n, s, t, best, rs, rt, rb);
      CHECK (total == rv && u == ru, "n %ld: the simd totals are %ld %ld, "
             "not %ld %ld", n, total, u, rv, ru);
      free (x);
      free (y);
      free (z);
      free (m);
      free (w);
      free (v);
      free (e);
    }
  puts ("orphaned inscan loops checked");
  return 0;
}
/* { dg-output "orphaned inscan loops checked" } */
