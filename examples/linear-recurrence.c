/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* linear-recurrence.c: the first-order linear recurrence
   x[i] = a[i] * x[i-1] + b[i], written as the loop it is.  The scan
   clause names the operator that joins the terms, +; the plugin scans
   the loop as pairs (a, b) of the maps x -> a x + b, composed, with no
   operator to declare (docs/clause.md, "Linear recurrences and segmented
   scans").  The composition reassociates floating-point arithmetic, so
   the check allows for rounding.

     linear-recurrence [N]  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1L << 22;
  double *a = malloc (n * sizeof *a), *b = malloc (n * sizeof *b);
  double *x = malloc (n * sizeof *x);
  if (!a || !b || !x)
    return 2;
  int status = 0;
  unsigned long r = 99;
  for (long i = 0; i < n; i++)
    {
      r = r * 6364136223846793005ul + 1442695040888963407ul;
      a[i] = 0.5 + (double) (r >> 40) / (double) (1ul << 25);   /* [0.5, 1) */
      b[i] = (double) ((r >> 8) & 0xffff) / 65536.0 - 0.5;
    }

  x[0] = 1.0;
#pragma omp parallel for scan(+: x)
  for (long i = 1; i < n; i++)
    x[i] = a[i] * x[i-1] + b[i];

  double want = 1.0;
  for (long i = 1; !status && i < n; i++)
    {
      want = a[i] * want + b[i];
      if (fabs (x[i] - want) > 1e-9 * (1.0 + fabs (want)))
        {
          printf ("FAIL: x[%ld] = %.17g, expected %.17g\n", i, x[i], want);
          status = 1;
        }
    }
  if (!status)
    printf ("x[%ld] = %.6f\nPASS\n", n - 1, x[n - 1]);
  free (a);
  free (b);
  free (x);
  return status;
}
