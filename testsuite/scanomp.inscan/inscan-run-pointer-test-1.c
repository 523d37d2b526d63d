/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* An inscan loop that tests an array's pointer (`if (w)', a null
   pointer for no weights): the kernels hold offsets into their arrays,
   not addresses, and read such a test as false, giving wrong results
   for a non-null pointer (found 2026-11-28).  The loop has no kernel and
   runs on the host path.  Each call must match the sequential loop.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include "inscan-check.h"

static int
weighted (const int *x, int *y, const int *w, long n)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      {
        if (w)
          s += x[i] * w[i];
        else
          s += x[i];
      }
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      int *x = random_ints (n), *w = random_ints (n);
      int *y = malloc ((n + 1) * sizeof *y);
      for (int pass = 0; pass < 2; pass++)
        {
          const int *ws = pass ? w : NULL;
          int total = weighted (x, y, ws, n), r = 0;
          for (long i = 0; i < n; i++)
            {
              r += ws ? x[i] * ws[i] : x[i];
              CHECK (y[i] == r, "n %ld, %s: element %ld", n,
                     ws ? "weights" : "none", i);
            }
          CHECK (total == r, "n %ld: total", n);
        }
      free (x);
      free (w);
      free (y);
    }
  return 0;
}
