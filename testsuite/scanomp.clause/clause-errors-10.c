/* Other stores, orphaned loops, and more than one array per clause are
   not supported, and say so.  */
/* { dg-do compile } */

void
f (int *y, int *z, const int *x, int n)
{
#pragma omp parallel for scan(+: y)
  for (int i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      z[i] = y[i] * 2; /* { dg-error "the 'scan' loop stores to 'z'; only the scanned array 'y' may be written" } */
    }
}

void
g (int *y, const int *x, int n)
{
#pragma omp parallel
  {
#pragma omp for scan(+: y) /* { dg-error "'scan' on an orphaned 'omp for' is not supported" } */
    for (int i = 1; i < n; i++)
      y[i] = y[i-1] + x[i];
  }
}

void
h (int *y, int *z, const int *x, int n)
{
#pragma omp parallel for scan(+: y, z) /* { dg-error "this 'scan' clause lists 2 arrays; only one array per clause is supported yet" } */
  for (int i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      z[i] = z[i-1] + x[i];
    }
}
