// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// udr-matrix.h: the thesis' Fibonacci Matrix, for the C++ run tests: a
// class with constructors and an operator* that takes a const reference.

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
  bool operator== (const Matrix &o) const
  {
    return a == o.a && b == o.b && c == o.c && d == o.d;
  }
};
