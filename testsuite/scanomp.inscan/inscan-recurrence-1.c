/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* An inscan loop whose input phase computes a scan variable from its own
   value otherwise than by the reduction's operator (a recurrence, which
   OpenMP does not compute: each input phase starts from the identity)
   gets a warning that names the scan clause's form; one that combines it
   by the operator, through a chain of + and -, or not at all, none.  A
   phase of several statements is a block, as GCC 11 wants.  */
/* { dg-do compile } */

void
affine (long n, double *y, const double *a, const double *b)
{
  double s = 1;
#pragma omp parallel for reduction(inscan, +: s) /* { dg-warning "the input phase computes 's' from its own value otherwise than by '\\\+'" } */
  for (long i = 0; i < n; i++)
    {
      s = a[i] * s + b[i];
#pragma omp scan inclusive(s)
      y[i] = s;
    }
}

void
subtracted (long n, long *y, const long *a)
{
  long s = 0, p = 1;
#pragma omp parallel for reduction(inscan, *: p) reduction(inscan, +: s) /* { dg-warning "computes 's' from its own value" } */
  for (long i = 0; i < n; i++)
    {
      y[i] = s + p;
#pragma omp scan exclusive(s, p)
      {
        p *= a[i];
        s = a[i] - s;
      }
    }
}

void
sums (long n, double *y, const double *a, const double *b)
{
  double s = 1;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      {
        s += a[i];
        s = s - b[i] * 2;
      }
#pragma omp scan inclusive(s)
      y[i] = s;
    }
}

void
products (long n, long *y, const long *a)
{
  long p = 1;
#pragma omp parallel for reduction(inscan, *: p)
  for (long i = 0; i < n; i++)
    {
      p = a[i] * p * 3;
#pragma omp scan inclusive(p)
      y[i] = p;
    }
}
