/* A reduction or a lastprivate variable beside `scan' would be lost by
   the kernels, so they are refused at the clause that names them, on
   every construct: GCC puts the clauses of a combined `parallel for' on
   the parallel, those of `parallel for simd' on both loops.  The loop's
   own index may be lastprivate.  */
/* { dg-do compile } */

long
reduction_ (int *y, const int *x, long n)
{
  long j = 0;
#pragma omp parallel for reduction(+: j) scan(+: y) /* { dg-error "the 'reduction' clause cannot be combined with 'scan'; compute that value after the loop" } */
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      j += x[i];
    }
  return j;
}

int
lastprivate_ (int *y, const int *x, long n)
{
  int k = 0;
#pragma omp parallel for lastprivate(k) scan(+: y) /* { dg-error "the 'lastprivate' clause cannot be combined with 'scan'" } */
  for (long i = 1; i < n; i++)
    {
      k = x[i];
      y[i] = y[i-1] + k;
    }
  return k;
}

int
conditional (int *y, const int *x, long n)
{
  int k = 0;
#pragma omp parallel for lastprivate(conditional: k) scan(+: y) /* { dg-error "the 'lastprivate' clause cannot be combined with 'scan'" } */
  for (long i = 1; i < n; i++)
    {
      if (x[i] > 0)
        k = x[i];
      y[i] = y[i-1] + x[i];
    }
  return k;
}

long
simd (int *y, const int *x, long n)
{
  long j = 0;
#pragma omp parallel for simd reduction(+: j) scan(+: y) /* { dg-error "the 'reduction' clause cannot be combined with 'scan'" } */
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      j += x[i];
    }
  return j;
}

long
target (int *y, const int *x, long n)
{
  long j = 0;
#pragma omp target map(tofrom: y[:n], j) map(to: x[:n])
#pragma omp parallel for reduction(+: j) scan(+: y) /* { dg-error "the 'reduction' clause cannot be combined with 'scan'" } */
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
