// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/* The scan clause in OpenMP's attributes of C++ gets the errors it gets
   on a #pragma line, at the same tokens: an operator no declaration
   names, `inscan' written as its operator, and a loop whose update is
   not the scan's.  A call of a function named scan in a clause's
   expression stays a call.  */
/* { dg-do compile } */
/* { dg-require-effective-target omp_attributes } */

void
unknown (long *y, const long *x, long n)
{
  [[omp::directive (parallel for scan (plus: y))]] // { dg-error "unknown 'scan' operator 'plus'" }
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
}

void
modifier (long *y, const long *x, long n)
{
  [[omp::directive (parallel for scan (inscan, +: y))]] // { dg-error "'inscan' is a modifier of the 'reduction' clause, not a 'scan' operator; write 'reduction\\(inscan, \\+: y\\)'" }
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
}

void
not_a_scan (long *y, const long *x, long n)
{
  [[omp::directive (parallel for scan (+: y))]] // { dg-error "the loop does not compute 'y\\\[i\\\]' from 'y\\\[i-1\\\]'" }
  for (long i = 1; i < n; i++)
    y[i] = x[i] * 2;
}

static int
scan (int v)
{
  return v + 1;
}

void
elsewhere (long *y, const long *x, int n)
{
  [[omp::directive (parallel for if (scan (n) > 100))]]
  for (long i = 0; i < n; i++)
    y[i] = x[i];
}
