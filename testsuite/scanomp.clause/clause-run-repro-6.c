/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* SCANOMP_REPRODUCIBLE=1 and loops whose pairs are integers, a linear
   recurrence over unsigned longs and a segmented sum of longs: integers
   combine exactly in any grouping, so the mode has nothing to say of
   them (until 2026-12-03 libscanrt said it did not cover them), and
   each is the sequential loop's, exactly.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_REPRODUCIBLE 1 } */

#include "clause-check.h"

__attribute__((noipa)) static void
recurrence (unsigned long *y, const unsigned long *a, const unsigned long *b,
            long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = a[i] * y[i-1] + b[i];
}

__attribute__((noipa)) static void
segmented (long *y, const long *x, const char *head, long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = head[i] ? x[i] : y[i-1] + x[i];
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      unsigned long *a = calloc (n + 1, sizeof *a);
      unsigned long *b = calloc (n + 1, sizeof *b);
      unsigned long *u = calloc (n + 1, sizeof *u);
      long *x = calloc (n + 1, sizeof *x), *y = calloc (n + 1, sizeof *y);
      char *head = calloc (n + 1, 1);
      for (long i = 0; i < n; i++)
        {
          a[i] = rnd () * 2654435761u + 1;
          b[i] = rnd ();
          x[i] = (long) (rnd () % 1000) - 500;
          head[i] = rnd () % 7 == 0;
        }
      if (n)
        {
          u[0] = 3;
          y[0] = x[0];
        }
      recurrence (u, a, b, n);
      segmented (y, x, head, n);
      unsigned long ru = 3;
      long ry = n ? x[0] : 0;
      for (long i = 1; i < n; i++)
        {
          ru = a[i] * ru + b[i];
          ry = head[i] ? x[i] : ry + x[i];
          CHECK (u[i] == ru && y[i] == ry, "at %ld of %ld", i, n);
        }
      free (a);
      free (b);
      free (u);
      free (x);
      free (y);
      free (head);
    }
  puts ("integer pairs checked");
  return 0;
}

/* { dg-output "^integer pairs checked\r?\n$" } */
