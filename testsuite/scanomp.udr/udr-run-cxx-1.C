// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// C++ operators: the thesis' Fibonacci Matrix, with constructors, an
// overloaded operator* that takes a const reference, `*' declared for it
// and a Matrix (1, 0, 0, 1) initializer; a template instantiated for int
// and double, each with its own kernel; the Matrix loop again over global
// arrays, whose elements the operator takes as &q[i] (the plugin once
// refused `&q[i]'); and an inscan loop on a class with a member function.
// Checked against sequential loops.
// { dg-do run }
// { dg-require-effective-target opencl_device }
// { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 }
// { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY }

#include "udr-check.h"
#include "udr-matrix.h"

#pragma omp declare scan(* : Matrix : omp_out = omp_out * omp_in) initializer(omp_priv = Matrix (1, 0, 0, 1))

template <typename T>
struct P
{
  T x, y;
};

template <typename T>
P<T>
pop (P<T> a, P<T> b)
{
  P<T> r;
  r.x = a.x * b.y + b.x;
  r.y = a.y * b.y;
  return r;
}

#pragma omp declare scan(pop : P<int>, P<double> : omp_out = pop (omp_out, omp_in)) initializer(omp_priv = { 0, 1 })

template <typename T>
static void
pairs (long n)
{
  P<T> *h = new P<T>[n], *t = new P<T>[n];
  for (long i = 0; i < n; i++)
    {
      h[i].x = (T) (rnd () % 100);
      h[i].y = 1;
    }
  t[0] = P<T> { 1, 1 };
#pragma omp parallel for scan(pop : t)
  for (long i = 1; i < n; i++)
    t[i] = pop (t[i-1], h[i-1]);
  P<T> want = t[0];
  for (long i = 1; i < n; i++)
    {
      want = pop (want, h[i-1]);
      CHECK (t[i].x == want.x && t[i].y == want.y,
             "pairs of %zu bytes: n %ld: element %ld", sizeof (T), n, i);
    }
  delete[] h;
  delete[] t;
}

struct Counter
{
  long sum, count;
  void add (long v) { sum += v; count++; }
};

#pragma omp declare reduction(both : Counter : omp_out.sum += omp_in.sum, omp_out.count += omp_in.count) initializer(omp_priv = Counter { 0, 0 })

#define NG 3001
static Matrix gq[NG], gm[NG];

/* The Matrix loop over global arrays, of NG elements.  */
static void
global_matrices ()
{
  for (long i = 0; i < NG; i++)
    gq[i] = Matrix (rnd () % 3, 1, 1, rnd () % 2);
#pragma omp parallel for scan(* : gm)
  for (long i = 1; i < NG; i++)
    gm[i] = gm[i-1] * gq[i-1];
  Matrix want;
  for (long i = 1; i < NG; i++)
    {
      want = want * gq[i-1];
      CHECK (gm[i] == want, "global matrices: element %ld", i);
    }
}

int
main ()
{
  global_matrices ();
  for (unsigned s = 0; s < NSIZES; s++)
    {
      long n = sizes[s] + 1;
      Matrix *q = new Matrix[n], *m = new Matrix[n];
      for (long i = 0; i < n; i++)
        q[i] = Matrix (rnd () % 3, 1, 1, rnd () % 2);
      m[0] = Matrix ();
#pragma omp parallel for scan(* : m)
      for (long i = 1; i < n; i++)
        m[i] = m[i-1] * q[i-1];
      Matrix want;
      for (long i = 1; i < n; i++)
        {
          want = want * q[i-1];
          CHECK (m[i] == want, "matrix: n %ld: element %ld", n, i);
        }
      delete[] q;
      delete[] m;

      pairs<int> (n);
      pairs<double> (n);

      long *x = new long[n], *y = new long[n];
      for (long i = 0; i < n; i++)
        x[i] = (long) (rnd () % 1000);
      Counter c = { 0, 0 };
#pragma omp parallel for reduction(inscan, both : c)
      for (long i = 0; i < n; i++)
        {
          c.add (x[i]);
#pragma omp scan inclusive(c)
          y[i] = c.sum * 4096 + c.count;
        }
      long sum = 0;
      for (long i = 0; i < n; i++)
        {
          sum += x[i];
          CHECK (y[i] == sum * 4096 + i + 1, "counter: n %ld: element %ld",
                 n, i);
        }
      CHECK (c.sum == sum && c.count == n, "counter: n %ld: final value", n);
      delete[] x;
      delete[] y;
    }
  return 0;
}
