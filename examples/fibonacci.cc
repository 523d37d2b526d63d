/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
// fibonacci.cc: the Fibonacci example of thesis section 4.4 in C++ (the
// C one is examples/thesis/fibonacci.c): a Matrix class with constructors
// and an overloaded operator*, scanned with `*' declared for it.
//
//   fibonacci-cxx [N]

#include <cstdio>
#include <cstdlib>
#include <vector>

struct Matrix
{
  unsigned long a, b, c, d;
  Matrix () : a (1), b (0), c (0), d (1) {}
  Matrix (unsigned long a, unsigned long b, unsigned long c, unsigned long d)
    : a (a), b (b), c (c), d (d) {}
  Matrix operator* (const Matrix &o) const
  {
    return Matrix (a * o.a + b * o.c, a * o.b + b * o.d,
                   c * o.a + d * o.c, c * o.b + d * o.d);
  }
};

#pragma omp declare scan(* : Matrix : omp_out = omp_out * omp_in) \
  initializer(omp_priv = Matrix (1, 0, 0, 1))

int
main (int argc, char **argv)
{
  long n = argc > 1 ? std::atol (argv[1]) : 1L << 22;
  if (n < 2)
    n = 2;
  std::vector<Matrix> f (n), q (n, Matrix (1, 1, 1, 0));
  Matrix *fp = f.data (), *qp = q.data ();

#pragma omp parallel for scan(* : fp)
  for (long i = 1; i < n; i++)
    fp[i] = fp[i-1] * qp[i-1];

  unsigned long x = 0, y = 1;   // F(i), F(i+1)
  for (long i = 0; i < n; i++)
    {
      if (f[i].b != x || f[i].a != y)
        {
          std::printf ("FAIL: F(%ld) = %lu, expected %lu\n", i, f[i].b, x);
          return 1;
        }
      unsigned long next = x + y;
      x = y;
      y = next;
    }
  std::printf ("F(%ld) modulo 2^64 = %lu\nPASS\n", n - 1, f[n - 1].b);
  return 0;
}
