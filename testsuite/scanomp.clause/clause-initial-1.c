/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A device clause's value is traced back to a call of
   omp_get_initial_device () through variables set once
   (clause-run-initial-2.c); two variables set once from each other, a
   cycle, end the trace rather than the compilation, and neither a
   variable set twice nor one whose address is taken is traced.  */
/* { dg-do compile } */
/* { dg-options "-w" } */

#include <omp.h>

void
cycle (long *y, long n)
{
  int v, w;
  v = w;
  w = v;
#pragma omp target data map(tofrom: y[0:n]) device(v)
#pragma omp target parallel for scan(+: y) device(w)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + y[i];
}

void
set_twice (long *y, long n, int *p, int k)
{
  int h = omp_get_initial_device ();
  if (k)
    h = k;
  int g = omp_get_initial_device ();
  p[0] = *&g;
#pragma omp target parallel for scan(+: y) device(h)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + y[i];
#pragma omp target update to(y[0:n]) device(g)
}
