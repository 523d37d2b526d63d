/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* An orphaned inscan loop whose scan goes back to GCC's own loop, as
   SCANOMP_HOST=off asks: the thread that meets the loop first tells the
   whole team, which then runs GCC's worksharing loop together, as it must.
   Its scan phase sets a lastprivate variable.  Checked against the
   sequential loop.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST off } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD DEFAULT } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include "inscan-check.h"

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      int *x = random_ints (n);
      long *y = malloc ((n + 1) * sizeof *y);
      long s = 1, last = -5, before = 0;
#pragma omp parallel reduction(+: before)
      {
        before++;
#pragma omp for reduction(inscan, +: s) lastprivate(last)
        for (long i = 0; i < n; i++)
          {
            s += x[i];
#pragma omp scan inclusive(s)
            {
              y[i] = s;
              last = i * 2 + 1;
            }
          }
      }
      long rs = 1;
      for (long i = 0; i < n; i++)
        {
          rs += x[i];
          CHECK (y[i] == rs, "n %ld: y[%ld] is %ld, not %ld", n, i, y[i], rs);
        }
      CHECK (s == rs, "n %ld: s is %ld, not %ld", n, s, rs);
      CHECK (before > 0, "the work before the loop");
      /* With no iteration, OpenMP leaves lastprivate's value open.  */
      CHECK (!n || last == n * 2 - 1, "n %ld: last is %ld", n, last);
      free (x);
      free (y);
    }
  puts ("orphaned inscan fallback checked");
  return 0;
}
/* { dg-output "orphaned inscan fallback checked" } */
