/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Orphaned scan loops get the errors of any scan loop, at the statement,
   and the clauses of the `omp for' itself count: `ordered' is refused
   there as on a `parallel for', and a reduction or lastprivate variable
   named there is no shared variable set by the loop.  */
/* { dg-do compile } */

void
reads_far (long *y, const long *x, long n)
{
#pragma omp parallel
  {
#pragma omp for scan(+: y)
    for (long i = 2; i < n; i++)
      y[i] = y[i-1] + y[i-5]; /* { dg-error "the loop reads 'y\\\[i-5\\\]'" } */
  }
}

void
ordered (long *y, const long *x, long n)
{
#pragma omp for scan(+: y) ordered /* { dg-error "ordered" } */
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
}

long
shared_set (long *y, const long *x, long n)
{
  long last = 0;
#pragma omp parallel
  {
#pragma omp for scan(+: y)
    for (long i = 1; i < n; i++)
      {
        y[i] = y[i-1] + x[i];
        last = i; /* { dg-error "the 'scan' loop sets 'last', which it shares" } */
      }
  }
  return last;
}

void
stores_one (long *y, long *z, const long *x, long n)
{
#pragma omp for scan(+: y)
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      z[0] = y[i]; /* { dg-error "every iteration of the 'scan' loop stores to the same element of 'z'" } */
    }
}

long
named_there (long *y, const long *x, long n)
{
  long s = 5, k = -1;
#pragma omp parallel
  {
#pragma omp for scan(+: y) reduction(+: s) lastprivate(k)
    for (long i = 1; i < n; i++)
      {
        y[i] = y[i-1] + x[i];
        s += x[i] * 2;
        k = i * 3;
      }
  }
  return s + k;
}
