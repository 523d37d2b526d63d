/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A reduction or lastprivate variable beside `scan' is one more value
   that the kernels compute (clause-run-copies-1.c), but only from values
   the iteration has without the scan's elements: one the loop sets from
   them is late, which the host path finds (clause-run-late-1.c) and no
   kernel does, so inside `target' it is an error at the statement; what
   the kernels do not compute (linear, ordered, task reductions) is
   refused at the clause that names it, on every construct: GCC puts the
   clauses of a combined `parallel for' on the parallel, those of
   `parallel for simd' on both loops.  */
/* { dg-do compile } */

long
reduction_of_prefix (int *y, const int *x, long n)
{
  long j = 0;
#pragma omp target map(tofrom: y[:n], j) map(to: x[:n])
#pragma omp parallel for reduction(+: j) scan(+: y) /* { dg-message "for this scan" } */
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      j += y[i-1]; /* { dg-error "the loop may set 'j' from the scanned values: the kernels, which compute each iteration's contribution before any prefix, cannot find it; outside 'target' the host path does, and inside it a loop of its own after this one can" } */
    }
  return j;
}

int
lastprivate_of_prefix (int *y, const int *x, long n)
{
  int k = 0;
#pragma omp target map(tofrom: y[:n], k) map(to: x[:n])
#pragma omp parallel for lastprivate(k) scan(+: y) /* { dg-message "for this scan" } */
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      k = y[i] * 2; /* { dg-error "the loop may set 'k' from the scanned values" } */
    }
  return k;
}

int
conditional_on_prefix (int *y, const int *x, long n)
{
  int k = 0;
#pragma omp target map(tofrom: y[:n], k) map(to: x[:n])
#pragma omp parallel for lastprivate(conditional: k) scan(+: y) /* { dg-message "for this scan" } */
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      if (y[i] > 100)
        k = x[i]; /* { dg-error "the loop may set 'k' from the scanned values" } */
    }
  return k;
}

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
