/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A reduction or lastprivate variable beside `scan' is one more value
   that the kernels compute (clause-run-copies-1.c; one the loop sets
   from the scanned values, late, clause-run-late-1.c and -2.c, inside
   `target' an error until 2026-11-30); what the kernels do not compute
   (linear, ordered, task reductions) is refused at the clause that
   names it, on every construct: GCC puts the clauses of a combined
   `parallel for' on the parallel, those of `parallel for simd' on both
   loops.  */
/* { dg-do compile } */

long
task (int *y, const int *x, long n)
{
  long j = 0;
#pragma omp parallel for reduction(task, +: j) scan(+: y) /* { dg-error "the kernels of 'scan' cannot compute the reduction of 'j', which is a task reduction; compute it in a loop of its own" } */
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      j += x[i];
    }
  return j;
}

int
lastprivate_bool (int *y, const int *x, long n)
{
  _Bool b = 0;
#pragma omp parallel for simd lastprivate(b) scan(+: y) /* { dg-error "the kernels of 'scan' cannot give 'b' its value after the loop, since it is a _Bool, whose size OpenCL C leaves open; compute it in a loop of its own" } */
  for (long i = 1; i < n; i++)
    {
      b = x[i] > 0;
      y[i] = y[i-1] + x[i];
    }
  return b;
}

long
too_many (int *y, const int *x, long n)
{
  long a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0, k = 0;
  long l = 0, m = 0, o = 0, p = 0, q = 0, r = 0, s = 0, t = 0;
#pragma omp parallel for reduction(+: a, b, c, d, e, f, g, h, k, l, m, o, p, q, r, s, t) scan(+: y) /* { dg-error "the kernels of 'scan' carry at most 16 reduction and lastprivate variables beside it; compute the others in a loop of their own" } */
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      a++, b++, c++, d++, e++, f++, g++, h++, k++;
      l++, m++, o++, p++, q++, r++, s++, t++;
    }
  return a + b + c + d + e + f + g + h + k + l + m + o + p + q + r + s + t;
}

long
linear_ (int *y, const int *x, long n)
{
  long j = 0;
#pragma omp parallel for linear(j) scan(+: y) /* { dg-error "the 'linear' clause cannot be combined with 'scan'; compute that value after the loop" } */
  for (long i = 1; i < n; i++)
    {
      j++;
      y[i] = y[i-1] + x[i];
    }
  return j;
}

void
ordered_ (int *y, const int *x, long n)
{
#pragma omp parallel for ordered scan(+: y) /* { dg-error "the 'ordered' clause cannot be combined with 'scan'" } */
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
}

long
target (int *y, const int *x, long n)
{
  long j = 0;
#pragma omp target map(tofrom: y[:n], j) map(to: x[:n])
#pragma omp parallel for reduction(task, +: j) scan(+: y) /* { dg-error "which is a task reduction" } */
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      j += x[i];
    }
  return j;
}

long
index_ (int *y, const int *x, long n)
{
  long i;
#pragma omp parallel for lastprivate(i) scan(+: y)
  for (i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
  return i;
}
