/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A loop whose iterations run in parallel but whose body computes y[i]
   from y[i-1] races: the plugin warns at the loop, with the clause that
   fixes it, for each construct whose iterations run in parallel and each
   form of update; and says nothing where the dependence is not certain
   or the iterations do not run in parallel.  */
/* { dg-do compile } */

#define N 1000
long y[N], x[N], z[N], w[N];
double d[N];
unsigned u[N];

void
parallel_for (void)
{
#pragma omp parallel for /* { dg-warning "iterations of this loop run in parallel but 'y\\\[i\\\]' depends on 'y\\\[i-1\\\]' from the previous iteration; add 'scan\\\(\\\+: y\\\)' to the construct" } */
  for (int i = 1; i < N; i++)
    y[i] = y[i-1] + x[i];
}

/* Stream compaction in one loop: the store at the count is one beside
   the scan.  */
void
compaction (void)
{
#pragma omp parallel for /* { dg-warning "add 'scan\\\(\\\+: y\\\)'" } */
  for (int i = 1; i < N; i++)
    {
      y[i] = y[i-1] + (x[i] > 0);
      if (x[i] > 0)
        z[y[i] - 1] = x[i];
    }
}

void
orphaned_for (void)
{
#pragma omp parallel
#pragma omp for /* { dg-warning "add 'scan\\\(\\\*: y\\\)'" } */
  for (long i = 1; i < N; i++)
    y[i] = y[i-1] * x[i];
}

void
for_simd (void)
{
#pragma omp parallel for simd /* { dg-warning "add 'scan\\\(\\\^: u\\\)'" } */
  for (int i = 1; i < N; i++)
    u[i] = (unsigned) x[i] ^ u[i-1];
}

void
simd (void)
{
  /* In a parallel region: outside one, GCC 11 writes a simd loop's body
     in SSA form, which the plugin does not read for the warning.  */
#pragma omp parallel
#pragma omp simd /* { dg-warning "add 'scan\\\(\\\+: d\\\)'" } */
  for (int i = 1; i < N; i++)
    d[i] = d[i-1] + 0.5;
}

void
target (void)
{
#pragma omp target teams distribute parallel for map(tofrom: y) map(to: x) /* { dg-warning "add 'scan\\\(\\\+: y\\\)'" } */
  for (int i = 1; i < N; i++)
    y[i] = y[i-1] - x[i];
}

void
distribute (void)
{
#pragma omp teams distribute /* { dg-warning "add 'scan\\\(\\\+: y\\\)'" } */
  for (int i = 1; i < N; i++)
    y[i] = y[i-1] + x[i];
}

void
taskloop (void)
{
#pragma omp parallel
#pragma omp single
#pragma omp taskloop /* { dg-warning "add 'scan\\\(\\\+: y\\\)'" } */
  for (int i = 1; i < N; i++)
    y[i] = y[i-1] + x[i];
}

void
descending (void)
{
#pragma omp parallel for /* { dg-warning "'y\\\[i\\\]' depends on 'y\\\[i\\\+1\\\]'" } */
  for (int i = N - 2; i >= 0; i--)
    y[i] = y[i+1] & x[i];
}

void
linear (long *p, const long *a, const long *b, long n)
{
#pragma omp parallel for /* { dg-warning "'p\\\[i\\\]' depends on 'p\\\[i-1\\\]' from the previous iteration; add 'scan\\\(\\\+: p\\\)'" } */
  for (long i = 1; i < n; i++)
    p[i] = a[i] * p[i-1] + b[i];
}

void
min_select (void)
{
#pragma omp parallel for /* { dg-warning "add 'scan\\\(OP: d\\\)' to the construct, OP the operator that combines them" } */
  for (int i = 1; i < N; i++)
    d[i] = d[i-1] < d[i] ? d[i-1] : d[i];
}

void
temporaries (long *p, const long *a, long n)
{
#pragma omp parallel for /* { dg-warning "'p\\\[i\\\]' depends on 'p\\\[i-1\\\]'" } */
  for (long i = 1; i < n; i++)
    {
      long t = p[i-1];
      long v = a[i] * 2;
      p[i] = t | v;
    }
}

void
read_in_a_branch (const char *c)
{
#pragma omp parallel for /* { dg-warning "'y\\\[i\\\]' depends on 'y\\\[i-1\\\]' from the previous iteration; add 'scan\\\(OP: y\\\)'" } */
  for (int i = 1; i < N; i++)
    y[i] = c[i] ? y[i-1] + x[i] : 0;
}

void
short_circuit (int *p, const int *a, int n)
{
#pragma omp parallel for /* { dg-warning "'p\\\[i\\\]' depends on 'p\\\[i-1\\\]'" } */
  for (int i = 1; i < n; i++)
    p[i] = a[i] && p[i-1];
}

/* No warning below.  */

void
other_array (void)
{
#pragma omp parallel for
  for (int i = 1; i < N; i++)
    y[i] = z[i-1] + x[i];
}

void
ordered (void)
{
#pragma omp parallel for ordered
  for (int i = 1; i < N; i++)
    {
#pragma omp ordered
      y[i] = y[i-1] + x[i];
    }
}

void
serial_simd (void)
{
#pragma omp simd safelen(1)
  for (int i = 1; i < N; i++)
    y[i] = y[i-1] + x[i];
}

void
not_worksharing (void)
{
#pragma omp parallel
  {
    for (int i = 1; i < N; i++)
      z[i] = z[i-1] + x[i];
  }
#pragma omp single
  for (int i = 1; i < N; i++)
    w[i] = w[i-1] + x[i];
}

void
sometimes (void)
{
#pragma omp parallel for
  for (int i = 1; i < N; i++)
    if (i % 2 == 0)
      y[i] = y[i-1] + 1;
}

void
written_twice (void)
{
#pragma omp parallel for
  for (int i = 1; i < N; i++)
    {
      y[i] = y[i-1] + x[i];
      y[i] += 1;
    }
}

void
two_apart (void)
{
#pragma omp parallel for /* { dg-warning "'y\\\[i\\\]' depends on 'y\\\[i-2\\\]' from an earlier iteration; if it is a linear recurrence \\\(of order 2\\\)" } */
  for (int i = 2; i < N; i++)
    y[i] = y[i-2] + x[i];
}

void
five_apart (void)
{
#pragma omp parallel for
  for (int i = 5; i < N; i++)
    y[i] = y[i-5] + x[i];
}

void
scanned (void)
{
#pragma omp parallel for scan(+: y)
  for (int i = 1; i < N; i++)
    y[i] = y[i-1] + x[i];
}

long
inscan (void)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (int i = 1; i < N; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

void
called (long *p, long n)
{
  extern long g (long);
#pragma omp parallel for
  for (long i = 1; i < n; i++)
    p[i] = g (p[i-1]);
}
