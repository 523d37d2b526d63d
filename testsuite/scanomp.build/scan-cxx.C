// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// scan-cxx.C: the plugin in cc1plus: a scan clause, an inscan reduction,
// and the thesis' Fibonacci matrices under `declare scan' (an overloaded,
// non-commutative `*'), in C++, against sequential loops.  Prints PASS.

#include <cstdio>
#include <vector>

struct Matrix
{
  unsigned long a, b, c, d;
  Matrix (unsigned long a = 0, unsigned long b = 0, unsigned long c = 0,
          unsigned long d = 0) : a (a), b (b), c (c), d (d) {}
  Matrix operator* (const Matrix &m) const
  {
    return Matrix (a * m.a + b * m.c, a * m.b + b * m.d,
                   c * m.a + d * m.c, c * m.b + d * m.d);
  }
  bool operator!= (const Matrix &m) const
  {
    return a != m.a || b != m.b || c != m.c || d != m.d;
  }
};

#pragma omp declare scan(* : Matrix : omp_out = omp_out * omp_in) initializer(omp_priv = Matrix (1, 0, 0, 1))

// Fibonacci numbers as powers of [[1 1] [1 0]], mixed with a second,
// lower-triangular factor so that the order of the products matters.
static bool
fibonacci (long n)
{
  std::vector<Matrix> f (n), p (n);
  for (long i = 0; i < n; i++)
    f[i] = i % 5 ? Matrix (1, 1, 1, 0) : Matrix (1, 0, i, 1);
  Matrix m (1, 0, 0, 1);
  Matrix *fp = f.data (), *pp = p.data ();
#pragma omp parallel for reduction(inscan, *: m)
  for (long i = 0; i < n; i++)
    {
      m = m * fp[i];
#pragma omp scan inclusive(m)
      pp[i] = m;
    }
  Matrix r (1, 0, 0, 1);
  for (long i = 0; i < n; i++)
    {
      r = r * f[i];
      if (p[i] != r)
        {
          std::printf ("FAIL fibonacci %ld\n", i);
          return false;
        }
    }
  return !(m != r);
}

int
main ()
{
  const long n = 300007;
  std::vector<long> x (n), y (n), r (n);
  for (long i = 0; i < n; i++)
    x[i] = i % 11 - 5;
  long *py = y.data ();
  const long *px = x.data ();
  py[0] = 7;
#pragma omp parallel for scan(+: py)
  for (long i = 1; i < n; i++)
    py[i] = py[i-1] + px[i-1];
  r[0] = 7;
  for (long i = 1; i < n; i++)
    r[i] = r[i-1] + x[i-1];
  for (long i = 0; i < n; i++)
    if (y[i] != r[i])
      {
        std::printf ("FAIL clause %ld\n", i);
        return 1;
      }

  long s = 0;
#pragma omp parallel for reduction(inscan, max: s)
  for (long i = 0; i < n; i++)
    {
      s = s > px[i] * (i % 7) ? s : px[i] * (i % 7);
#pragma omp scan inclusive(s)
      py[i] = s;
    }
  long m = 0;
  for (long i = 0; i < n; i++)
    {
      m = m > x[i] * (i % 7) ? m : x[i] * (i % 7);
      if (y[i] != m)
        {
          std::printf ("FAIL inscan %ld\n", i);
          return 1;
        }
    }
  bool ok = s == m && fibonacci (n);
  std::puts (ok ? "PASS" : "FAIL final value");
  return !ok;
}
