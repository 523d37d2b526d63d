/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The clauses that may sit beside an inscan reduction, each on its own
   loop: shared, default(none), num_threads, proc_bind and if (GCC
   refuses schedule there).  With the plugin they run as kernels; without it on GCC's host
   threads.  Each must match the sequential loop exactly.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include "inscan-check.h"

/* Scan X into Y as Y[i] = sum of X[0..i] * C, in the way WAY names.  */
static long
scan (int way, const int *x, long *y, long n, long c)
{
  long s = 0;
  switch (way)
    {
    case 0:
#pragma omp parallel for default(none) shared(x, y, n, c) reduction(inscan, +: s)
      for (long i = 0; i < n; i++)
        {
          s += x[i] * c;
#pragma omp scan inclusive(s)
          y[i] = s;
        }
      break;
    case 1:
#pragma omp parallel for num_threads(2) proc_bind(close) reduction(inscan, +: s)
      for (long i = 0; i < n; i++)
        {
          s += x[i] * c;
#pragma omp scan inclusive(s)
          y[i] = s;
        }
      break;
    default:
#pragma omp parallel for if(n > 100) reduction(inscan, +: s)
      for (long i = 0; i < n; i++)
        {
          s += x[i] * c;
#pragma omp scan inclusive(s)
          y[i] = s;
        }
      break;
    }
  return s;
}

int
main (void)
{
  static const char *const ways[] = { "default(none) and shared",
                                      "num_threads and proc_bind", "if" };
  for (unsigned s = 0; s < NSIZES; s++)
    {
      long n = sizes[s];
      int *x = random_ints (n);
      long *y = malloc ((n + 1) * 8);
      for (int way = 0; way < 3; way++)
        {
          long total = scan (way, x, y, n, 3), r = 0;
          for (long i = 0; i < n; i++)
            {
              r += x[i] * 3L;
              CHECK (y[i] == r, "%s: n %ld: element %ld", ways[way], n, i);
            }
          CHECK (total == r, "%s: n %ld: total", ways[way], n);
        }
      free (x);
      free (y);
    }
  return 0;
}
