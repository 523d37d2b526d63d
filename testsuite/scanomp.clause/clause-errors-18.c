/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Updates that choose between values in branches are a scan only where
   every branch stores y[i-1] op E_k, or a value free of y[i-1] (a reset:
   a segmented scan, clause-run-segment-1.c): a branch that combines
   y[i-1] otherwise, a reset under && or ||, or a value of y[i-1]
   computed in branches and then used again, is refused, where the value
   the last branch computes would pass.  So are the short-circuit and ?:
   shapes with a path around their test of y[i-1].  */
/* { dg-do compile } */

void
other_operator (long *y, const long *x, long n)
{
#pragma omp parallel for scan(+: y) /* { dg-error "does not update 'y' as 'y\\\[i\\\] = y\\\[i-1\\\] \\\+ ...'" } */
  for (long i = 1; i < n; i++)
    y[i] = (i & 1) ? y[i-1] * x[i] : y[i-1] + x[i];
}

void
used_again (long *y, const long *x, long n)
{
#pragma omp parallel for scan(+: y) /* { dg-error "computes a value from 'y\\\[i-1\\\]' in branches and goes on computing with it" } */
  for (long i = 1; i < n; i++)
    {
      long t = (i & 1) ? y[i-1] + x[i] : y[i-1] + 2;
      y[i] = t * 3;
    }
}

void
logical_reset (int *y, const int *x, const char *head, long n)
{
#pragma omp parallel for scan(||: y) /* { dg-error "does not update 'y' as 'y\\\[i\\\] = y\\\[i-1\\\] \\\|\\\| ...'" } */
  for (long i = 1; i < n; i++)
    y[i] = head[i] ? 0 : (y[i-1] || x[i]);
}

void
logical_and_reset (int *y, const int *x, const char *head, long n)
{
#pragma omp parallel for scan(&&: y) /* { dg-error "does not update 'y'" } */
  for (long i = 1; i < n; i++)
    y[i] = head[i] ? 1 : (x[i] && y[i-1]);
}

