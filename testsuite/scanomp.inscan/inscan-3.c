/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* -fplugin-arg-scanomp-verbose on orphaned inscan loops: an orphaned `omp
   for' or `for simd' outside target constructs runs on the host path;
   inside a target region, where the construct holds more than the loop,
   GCC keeps it.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-scanomp-verbose" } */

long s;
void
orphaned (long *y, const long *x, long n)
{
#pragma omp for reduction(inscan, +: s) /* { dg-message "this inscan loop runs on the host path: 1 scan variable, inclusive" } */
  for (long i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      y[i] = s;
    }
}

void
in_target (long *y, const long *x, long n)
{
#pragma omp target map(tofrom: y[0:n]) map(to: x[0:n]) /* { dg-message "this inscan loop is left to GCC's own implementation: its construct holds more than the loop" } */
#pragma omp parallel
  {
    y[0] = 0;
#pragma omp for reduction(inscan, +: s)
    for (long i = 0; i < n; i++)
      {
        s += x[i];
#pragma omp scan inclusive(s)
        y[i] = s;
      }
  }
}

void
for_simd (long *y, const long *x, long n)
{
#pragma omp parallel
  {
    y[0] = 0;
#pragma omp for simd reduction(inscan, +: s) /* { dg-message "this inscan loop runs on the host path: 1 scan variable, inclusive" } */
    for (long i = 0; i < n; i++)
      {
        s += x[i];
#pragma omp scan inclusive(s)
        y[i] = s;
      }
  }
}
