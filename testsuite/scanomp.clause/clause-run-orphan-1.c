/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Orphaned scan loops: `#pragma omp for scan(...)' inside a `parallel'
   region that does other work before and after it, as GCC's own tests
   and real code write loops.  Every thread sees the whole scan once the
   loop is done (its barrier), and a second `omp for' uses it; a max scan
   and a loop in a function called from the region, one with stores beside
   the scan, a reduction and a lastprivate variable on the `for' itself,
   and `nowait' before an explicit barrier, checked against the
   sequential loops.  The host path shares each among the team as
   tasks.  */
/* { dg-do run } */

#include <omp.h>

#include "clause-check.h"

/* Called from inside a parallel region: the loop is orphaned here.  */
static void
running_max (double *m, const double *x, long n)
{
#pragma omp for scan(max: m)
  for (long i = 1; i < n; i++)
    m[i] = m[i-1] > x[i] ? m[i-1] : x[i];
}

int
main (void)
{
  for (unsigned s = 0; s < NSIZES; s++)
    {
      long n = sizes[s] + 1;
      long *y = malloc (n * sizeof *y), *z = malloc (n * sizeof *z);
      long *x = malloc (n * sizeof *x), *r = malloc (n * sizeof *r);
      double *m = malloc (n * sizeof *m), *d = malloc (n * sizeof *d);
      double *mr = malloc (n * sizeof *mr);
      long *w = malloc (n * sizeof *w), *z2 = malloc (n * sizeof *z2);
      long *wr = malloc (n * sizeof *wr);
      for (long i = 0; i < n; i++)
        {
          x[i] = (long) (rnd () % 1000) - 400;
          d[i] = (double) (rnd () % 100000) / 7;
          y[i] = r[i] = 3;
          m[i] = mr[i] = -1;
          w[i] = wr[i] = 5;
          z2[i] = -7;
        }
      long before = 0, s2 = 4, k2 = -1, rs2 = 4;
#pragma omp parallel reduction(+: before)
      {
        before += omp_get_thread_num () + 1;
#pragma omp for scan(+: y)
        for (long i = 1; i < n; i++)
          y[i] = y[i-1] + x[i];
#pragma omp for
        for (long i = 0; i < n; i++)
          z[i] = 2 * y[i];
        running_max (m, d, n);
#pragma omp for scan(+: w) reduction(+: s2) lastprivate(k2) nowait
        for (long i = 1; i < n; i++)
          {
            w[i] = w[i-1] + x[i] * 3;
            z2[i] = w[i] - x[i];
            s2 += x[i] & 3;
            k2 = i * 5;
          }
#pragma omp barrier
      }
      for (long i = 1; i < n; i++)
        {
          r[i] = r[i-1] + x[i];
          mr[i] = mr[i-1] > d[i] ? mr[i-1] : d[i];
          wr[i] = wr[i-1] + x[i] * 3;
          rs2 += x[i] & 3;
        }
      CHECK (s2 == rs2 && k2 == (n > 1 ? (n - 1) * 5 : -1),
             "n=%ld: the reduction is %ld, not %ld, and k2 %ld", n, s2, rs2,
             k2);
      CHECK (before > 0, "the work before the loop");
      CHECK (z2[0] == -7, "z2[0] is %ld, not -7", z2[0]);
      for (long i = 0; i < n; i++)
        CHECK (w[i] == wr[i] && (!i || z2[i] == wr[i] - x[i]),
               "n=%ld: at %ld, w %ld z2 %ld; want %ld %ld", n, i, w[i],
               z2[i], wr[i], wr[i] - x[i]);
      for (long i = 0; i < n; i++)
        if (y[i] != r[i] || z[i] != 2 * r[i] || m[i] != mr[i])
          FAIL ("n=%ld: at %ld, y %ld z %ld m %g; want %ld %ld %g", n, i,
                y[i], z[i], m[i], r[i], 2 * r[i], mr[i]);
      free (y);
      free (z);
      free (x);
      free (r);
      free (m);
      free (d);
      free (mr);
      free (w);
      free (z2);
      free (wr);
    }
  puts ("orphaned loops checked");
  return 0;
}
/* { dg-output "orphaned loops checked" } */
