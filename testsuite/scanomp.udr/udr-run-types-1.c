/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* What user types may hold, checked against sequential loops: 2x2
   matrices of wrapping integers held in an array field, multiplied by a
   function that calls another with a loop and a branch (the product does
   not commute); a struct nesting a struct and a union; and an operator on
   plain ints, the carry of big-integer addition.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */

#include "udr-check.h"

typedef struct { unsigned long m[2][2]; } Matrix;

static unsigned long
dot (const unsigned long *a, const unsigned long *b, int stride)
{
  unsigned long s = 0;
  for (int k = 0; k < 2; k++)
    if (a[k] != 0)
      s += a[k] * b[k * stride];
  return s;
}

static Matrix
mul (Matrix a, Matrix b)
{
  Matrix r;
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++)
      r.m[i][j] = dot (a.m[i], &b.m[0][j], 2);
  return r;
}

#pragma omp declare scan(mul : Matrix : omp_out = mul (omp_out, omp_in)) initializer(omp_priv = (Matrix) { { { 1, 0 }, { 0, 1 } } })

/* The last nonzero tag wins; values add, as doubles and as the low and
   high halves of a long.  */
typedef struct
{
  struct { int tag; short pad; } last;
  union { long whole; unsigned half[2]; } bits;
  double sum;
} Mixed;

static Mixed
mix (Mixed a, Mixed b)
{
  Mixed r = a;
  if (b.last.tag)
    r.last = b.last;
  r.bits.half[0] = a.bits.half[0] + b.bits.half[0];
  r.bits.half[1] = a.bits.half[1] ^ b.bits.half[1];
  r.sum = a.sum + b.sum;
  return r;
}

#pragma omp declare scan(mix : Mixed : omp_out = mix (omp_out, omp_in)) initializer(omp_priv = (Mixed) { { 0, 0 }, { 0 }, 0.0 })

enum { KILL, PROPAGATE, GENERATE };

static int
carry (int low, int high)
{
  return high == PROPAGATE ? low : high;
}

#pragma omp declare scan(carry : int : omp_out = carry (omp_out, omp_in)) initializer(omp_priv = PROPAGATE)

int
main (void)
{
  for (unsigned s = 0; s < NSIZES; s++)
    {
      long n = sizes[s] + 1;
      Matrix *q = malloc (n * sizeof *q), *f = malloc (n * sizeof *f);
      Mixed *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
      int *st = malloc (n * sizeof *st), *c = malloc (n * sizeof *c);
      for (long i = 0; i < n; i++)
        {
          for (int k = 0; k < 4; k++)
            q[i].m[k / 2][k % 2] = rnd () % 5;
          x[i].last.tag = rnd () % 4 == 0 ? (int) (rnd () % 100) : 0;
          x[i].last.pad = 0;
          x[i].bits.half[0] = (unsigned) rnd ();
          x[i].bits.half[1] = (unsigned) rnd ();
          x[i].sum = (double) (rnd () % 1000);
          st[i] = (int) (rnd () % 3);
        }

      f[0] = q[0];
#pragma omp parallel for scan(mul : f)
      for (long i = 1; i < n; i++)
        f[i] = mul (f[i-1], q[i-1]);
      Matrix p = q[0];
      for (long i = 1; i < n; i++)
        {
          p = mul (p, q[i-1]);
          CHECK (!memcmp (&p, &f[i], sizeof p), "matrix: n %ld: element %ld",
                 n, i);
        }

      y[0] = x[0];
#pragma omp parallel for scan(mix : y)
      for (long i = 1; i < n; i++)
        y[i] = mix (y[i-1], x[i]);
      Mixed m = x[0];
      for (long i = 1; i < n; i++)
        {
          m = mix (m, x[i]);
          CHECK (m.last.tag == y[i].last.tag && m.bits.whole == y[i].bits.whole
                 && m.sum == y[i].sum, "mixed: n %ld: element %ld", n, i);
        }

      c[0] = KILL;
#pragma omp parallel for scan(carry : c)
      for (long i = 1; i < n; i++)
        c[i] = carry (c[i-1], st[i-1]);
      int k = KILL;
      for (long i = 1; i < n; i++)
        {
          k = carry (k, st[i-1]);
          CHECK (c[i] == k, "carry: n %ld: element %ld is %d, expected %d",
                 n, i, c[i], k);
        }
      free (q);
      free (f);
      free (x);
      free (y);
      free (st);
      free (c);
    }
  return 0;
}
