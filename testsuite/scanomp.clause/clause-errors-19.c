/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* What is no linear recurrence or segmented scan keeps its error: an
   affine update under another operator than +, one that reads y[i-1]
   twice, divides it, or narrows it on the way; such a loop beside other
   arrays or reductions of its clause; one that passes its elements to a
   function; one that branches on y[i-1]; and an if/else whose stores to
   y[i] do not join at once.  */
/* { dg-do compile } */

void
other_operator (double *y, const double *a, const double *b, long n)
{
#pragma omp parallel for scan(*: y) /* { dg-error "does not update 'y' as 'y\\\[i\\\] = y\\\[i-1\\\] \\\* ...'" } */
  for (long i = 1; i < n; i++)
    y[i] = a[i] * y[i-1] + b[i];
}

void
twice (double *y, const double *b, long n)
{
#pragma omp parallel for scan(+: y) /* { dg-error "does not update 'y'" } */
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] * y[i-1] + b[i];
}

void
divided (double *y, const double *a, const double *b, long n)
{
#pragma omp parallel for scan(+: y) /* { dg-error "does not update 'y'" } */
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] / a[i] + b[i];
}

void
narrowed (int *y, const int *b, long n)
{
#pragma omp parallel for scan(+: y) /* { dg-error "does not update 'y'" } */
  for (long i = 1; i < n; i++)
    y[i] = (signed char) y[i-1] * 3 + b[i];
}

void
truncated (double *y, const double *b, long n)
{
#pragma omp parallel for scan(+: y) /* { dg-error "does not update 'y'" } */
  for (long i = 1; i < n; i++)
    y[i] = (long) y[i-1] * 2 + b[i];
}

void
beside (double *y, double *z, const double *a, long n)
{
#pragma omp parallel for scan(+: y, z) /* { dg-error "'y' is scanned as a linear recurrence, which a 'scan' clause computes alone" } */
  for (long i = 1; i < n; i++)
    {
      y[i] = a[i] * y[i-1] + 1.0;
      z[i] = z[i-1] + a[i];
    }
}

void
with_reduction (long *y, const long *x, const int *h, long n)
{
  long t = 0;
#pragma omp parallel for scan(+: y) reduction(+: t) /* { dg-error "'y' is scanned as segments" } */
  for (long i = 1; i < n; i++)
    {
      y[i] = h[i] ? x[i] : y[i-1] + x[i];
      t += x[i];
    }
  y[0] = t;
}

/* A branch on a value: the plugin cannot read the call as what it
   computes (straight-line code it reads through).  */
static long
first (const long *p)
{
  if (p[0] > 7)
    return p[0];
  return 2 * p[0];
}

void
passed (long *y, const long *x, const int *h, long n)
{
#pragma omp parallel for scan(+: y) /* { dg-message "for this 'scan' clause" } */
  for (long i = 1; i < n; i++)
    y[i] = h[i] ? first (&x[i]) : y[i-1] + x[i]; /* { dg-error "a loop that scans 'y' as segments may not pass its elements to functions" } */
}

void
three_ways (long *y, const long *x, const int *h, long n)
{
#pragma omp parallel for scan(+: y) /* { dg-message "for this 'scan' clause" } */
  for (long i = 1; i < n; i++)
    if (h[i] == 1)
      y[i] = x[i];
    else if (h[i] == 2)
      y[i] = y[i-1] - x[i]; /* { dg-error "the loop writes 'y\\\[i\\\]' twice" } */
    else
      y[i] = y[i-1] + x[i];
}

void
branches_on_prev (double *y, const double *a, const double *b, long n)
{
#pragma omp parallel for scan(+: y) /* { dg-error "the loop computes a value from 'y\\\[i-1\\\]' in branches" } */
  for (long i = 1; i < n; i++)
    {
      double t = y[i-1];
      if (y[i-1] > 0)
        t = t * a[i];
      y[i] = t + b[i];
    }
}
