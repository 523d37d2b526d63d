/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Which inscan loops the host path keeps each position's contribution
   for (host.cc's keeps_values), as -verbose says: those whose input
   phase calls a function or reads more than twice the bytes of what it
   yields; not a plain sum, nor a sum of two products of doubles, nor a
   loop whose scan phase reads what its input phase sets (`k'), which
   the kept scan would not set.  */
/* { dg-do compile } */
/* GCC's own code for kept_private, where it is not taken, reads k
   uninitialized in the scan phase, and says so.  */
/* { dg-options "-O2 -fplugin-arg-scanomp-verbose -Wno-maybe-uninitialized" } */

#include <math.h>

struct range
{
  const int *begin, *end;
};

void
exp_sums (double *y, const double *x, long n)
{
  double s = 0;
#pragma omp parallel for reduction(inscan, +: s) /* { dg-message "keeping what each position contributes" } */
  for (long i = 0; i < n; i++)
    {
      s += exp (x[i]);
#pragma omp scan inclusive(s)
      y[i] = s;
    }
}

void
lengths (int *y, const struct range *r, long n)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s) /* { dg-message "keeping what each position contributes" } */
  for (long i = 0; i < n; i++)
    {
      y[i] = s;
#pragma omp scan exclusive(s)
      s += (int) (r[i].end - r[i].begin);
    }
}

void
sums (int *y, const int *x, long n)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s) /* { dg-bogus "keeping" } */
  for (long i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      y[i] = s;
    }
}

void
dots (double *y, const double *a, const double *b, long n)
{
  double s = 0;
#pragma omp parallel for reduction(inscan, +: s) /* { dg-bogus "keeping" } */
  for (long i = 0; i < n; i++)
    {
      s += a[i] * b[i];
#pragma omp scan inclusive(s)
      y[i] = s;
    }
}
void
kept_private (double *y, const double *x, long n)
{
  double s = 0, k = 0;
#pragma omp parallel for reduction(inscan, +: s) private(k) /* { dg-bogus "keeping" } */
  for (long i = 0; i < n; i++)
    {
      {
        k = exp (x[i]);
        s += k;
      }
#pragma omp scan inclusive(s)
      y[i] = s + k;
    }
}
/* { dg-message "runs on the host path" "" { target *-*-* } 0 } */
