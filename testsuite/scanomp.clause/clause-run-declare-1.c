/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* An operator from `declare scan', in a #pragma or a _Pragma, is an
   ordinary user-defined reduction: here the thesis' polynomial pairs,
   which do not commute, scanned with GCC's inscan loop.  Checked against
   a sequential loop.  */
/* { dg-do run } */

#include "clause-check.h"

typedef struct { unsigned x; unsigned y; } Pair;

static Pair
op (Pair a, Pair c)
{
  Pair r = { a.x * c.y + c.x, a.y * c.y };
  return r;
}

#pragma omp declare scan(poly : Pair : omp_out = op (omp_out, omp_in)) initializer(omp_priv = (Pair) { 0, 1 })
PRAGMA (omp declare scan(poly2 : Pair : omp_out = op (omp_out, omp_in)) initializer(omp_priv = (Pair) { 0, 1 }))

int
main (void)
{
  for (unsigned s = 0; s < NSIZES; s++)
    {
      long n = sizes[s];
      Pair *h = malloc ((n + 1) * sizeof *h);
      Pair *t = malloc ((n + 1) * sizeof *t);
      Pair *u = malloc ((n + 1) * sizeof *u);
      for (long i = 0; i < n; i++)
        {
          h[i].x = (unsigned) (rnd () % 1000);
          h[i].y = (unsigned) (rnd () % 7) + 1;
        }
      Pair p = { 3, 1 };
#pragma omp parallel for reduction(inscan, poly: p)
      for (long i = 0; i < n; i++)
        {
          p = op (p, h[i]);
#pragma omp scan inclusive(p)
          t[i] = p;
        }
      Pair q = { 3, 1 };
#pragma omp parallel for reduction(inscan, poly2: q)
      for (long i = 0; i < n; i++)
        {
          u[i] = q;
#pragma omp scan exclusive(q)
          q = op (q, h[i]);
        }
      Pair r = { 3, 1 };
      for (long i = 0; i < n; i++)
        {
          if (u[i].x != r.x || u[i].y != r.y)
            FAIL ("n = %ld: exclusive element %ld", n, i);
          r = op (r, h[i]);
          if (t[i].x != r.x || t[i].y != r.y)
            FAIL ("n = %ld: element %ld", n, i);
        }
      if (p.x != r.x || p.y != r.y || q.x != r.x || q.y != r.y)
        FAIL ("n = %ld: final value", n);
      free (h);
      free (t);
      free (u);
    }
  return 0;
}
