/* fibonacci.c: the first N Fibonacci numbers (modulo 2^64) as a scan of
   2x2 matrix products (thesis section 4.4).  [[1 1] [1 0]] to the power
   i holds F(i+1), F(i) and F(i-1); a scan with the matrix product gives
   every power at once.  The product is not commutative in general, and
   the struct holds an array: both go to the device as they are.

     fibonacci [N]  */

#include <stdio.h>
#include <stdlib.h>

typedef struct
{
  unsigned long m[2][2];
} Matrix;

static Matrix
mul (Matrix a, Matrix b)
{
  Matrix r;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      r.m[i][j] = a.m[i][0] * b.m[0][j] + a.m[i][1] * b.m[1][j];
  return r;
}

#pragma omp declare scan(mul : Matrix : omp_out = mul (omp_out, omp_in)) \
  initializer(omp_priv = (Matrix) { { { 1, 0 }, { 0, 1 } } })

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1L << 22;
  if (n < 2)
    n = 2;
  Matrix *f = malloc (n * sizeof *f), *q = malloc (n * sizeof *q);
  if (!f || !q)
    return 2;
  for (long i = 0; i < n; i++)
    q[i] = (Matrix) { { { 1, 1 }, { 1, 0 } } };
  f[0] = (Matrix) { { { 1, 0 }, { 0, 1 } } };

#pragma omp parallel for scan(mul : f)
  for (long i = 1; i < n; i++)
    f[i] = mul (f[i-1], q[i-1]);

  unsigned long a = 0, b = 1;   /* F(i), F(i+1) */
  for (long i = 0; i < n; i++)
    {
      if (f[i].m[0][1] != a || f[i].m[0][0] != b)
        {
          printf ("FAIL: F(%ld) = %lu, expected %lu\n", i, f[i].m[0][1], a);
          return 1;
        }
      unsigned long next = a + b;
      a = b;
      b = next;
    }
  printf ("F(%ld) modulo 2^64 = %lu\nPASS\n", n - 1, f[n - 1].m[0][1]);
  return 0;
}
