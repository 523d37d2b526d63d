/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A variable of the enclosing function that the loop shares and sets is
   an error, at the statement that sets it: every thread would set the one
   variable, and the kernels and the host path each a copy of their own,
   so it would hold no iteration's value after the loop.  A variable the
   loop makes its own (private, lastprivate, declared inside it) is
   fine.  */
/* { dg-do compile } */

long
shared_by_default (int *y, const int *x, long n)
{
  long last = 0;
#pragma omp parallel for scan(+: y) /* { dg-message "for this 'scan' clause" } */
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      last = i; /* { dg-error "the 'scan' loop sets 'last', which it shares, so that after the loop it holds no iteration's value in particular; make it 'lastprivate\\(last\\)' for the last iteration's value, or declare it inside the loop" } */
    }
  return last;
}

int
shared_by_name (int *y, const int *x, long n)
{
  int seen = 0;
#pragma omp parallel for shared(seen) scan(+: y) /* { dg-message "for this 'scan' clause" } */
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      if (x[i] > 0)
        seen = 1; /* { dg-error "the 'scan' loop sets 'seen', which it shares" } */
    }
  return seen;
}

long
own_copies (int *y, const int *x, long n)
{
  long last = 0, tmp = 0;
#pragma omp parallel for lastprivate(last) private(tmp) scan(+: y)
  for (long i = 1; i < n; i++)
    {
      long twice = 2 * x[i];
      tmp = twice + 1;
      y[i] = y[i-1] + (int) tmp;
      last = i;
    }
  return last + tmp;
}
