/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Scan clauses that read a column of a row-major matrix, `x[i * w + j]',
   w known at run time alone, and store the scanned values into another
   column: the clause was once an error ("an array index in the 'scan'
   loop is not an affine function of the loop index").  A store whose
   step is a variable's is each iteration's own only where that step is
   at least an element: the call checks it, and the sequential loop runs
   where it is not (w = 0).  A negative row length reads upwards.  */
/* { dg-do run } */

#include "clause-check.h"

static void
read_column (int *restrict y, const int *restrict x, long n, long w, long j)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i - 1] + x[i * w + j];
}

static void
store_column (double *restrict y, double *restrict z,
              const double *restrict x, int n, int w, int j)
{
#pragma omp parallel for scan(+: y)
  for (int i = 1; i < n; i++)
    {
      y[i] = y[i - 1] + x[j + w * i];
      z[i * w + j] = y[i];
    }
}

int
main (void)
{
  static const long widths[] = { 3, 1, 0, -2 };
  for (unsigned k = 0; k < NSIZES; k++)
    for (unsigned c = 0; c < sizeof widths / sizeof widths[0]; c++)
      {
        long n = sizes[k], w = widths[c], aw = w < 0 ? -w : w;
        long cells = n * (aw ? aw : 1) + 1;
        int *x = malloc (cells * sizeof *x), *y = malloc ((n + 1) * sizeof *y);
        double *xd = malloc (cells * sizeof *xd);
        double *z = malloc (cells * sizeof *z);
        for (long i = 0; i < cells; i++)
          {
            x[i] = (int) (rnd () % 1000) - 500;
            xd[i] = (double) (rnd () % 1000) / 4;
            z[i] = -1;
          }
        /* Column 1 from the top, or for a negative w from the bottom.  */
        long j = w < 0 ? (n - 1) * aw + 1 : aw > 1 ? 1 : 0;
        for (long i = 0; i < n; i++)
          y[i] = i ? 0 : 7;
        read_column (y, x, n, w, j);
        int r = 7;
        for (long i = 1; i < n; i++)
          {
            r += x[i * w + j];
            if (y[i] != r)
              FAIL ("read n=%ld w=%ld: %ld", n, w, i);
          }
        double *yd = malloc ((n + 1) * sizeof *yd), rd = 0.5;
        for (long i = 0; i < n; i++)
          yd[i] = i ? 0 : 0.5;
        store_column (yd, z, xd, (int) n, (int) w, (int) j);
        for (long i = 1; i < n; i++)
          {
            rd += xd[i * w + j];
            if (yd[i] != rd)
              FAIL ("store n=%ld w=%ld: %ld", n, w, i);
            /* With w = 0 every iteration stores one element, the last
               value staying.  */
            if ((w || i == n - 1) && z[i * w + j] != rd)
              FAIL ("store n=%ld w=%ld: column at %ld", n, w, i);
          }
        free (x);
        free (y);
        free (xd);
        free (yd);
        free (z);
      }
  return 0;
}
