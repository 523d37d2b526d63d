/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* User-defined reductions on structs, scanned: a field-by-field combiner,
   inclusive; the thesis' polynomial pairs, which do not commute, through
   a function, exclusive, beside a built-in + in the same loop; a global
   scan variable.  With the plugin they run as kernels; without it on
   GCC's host threads.  Both must match the sequential loops exactly.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include "inscan-check.h"

typedef struct { long sum; long count; } acc;

#pragma omp declare reduction (plus : acc : omp_out.sum += omp_in.sum, omp_out.count += omp_in.count) initializer (omp_priv = (acc) { 0, 0 })

typedef struct { unsigned x; unsigned y; } Pair;

static Pair
op (Pair a, Pair c)
{
  Pair r = { a.x * c.y + c.x, a.y * c.y };
  return r;
}

#pragma omp declare reduction (poly : Pair : omp_out = op (omp_out, omp_in)) initializer (omp_priv = (Pair) { 0, 1 })

/* A global scan variable: its combiner's placeholder.  */
static acc global_acc;

int
main (void)
{
  for (unsigned s = 0; s < NSIZES; s++)
    {
      long n = sizes[s];
      int *x = malloc ((n + 1) * 4);
      long *y = malloc ((n + 1) * 8), *z = malloc ((n + 1) * 8);
      Pair *h = malloc ((n + 1) * sizeof *h), *t = malloc ((n + 1) * sizeof *t);
      for (long i = 0; i < n; i++)
        {
          x[i] = (int) (rnd () % 100);
          h[i].x = (unsigned) (rnd () % 1000);
          h[i].y = (unsigned) (rnd () % 7) + 1;
        }

      acc a = { 5, 0 };
#pragma omp parallel for reduction(inscan, plus: a)
      for (long i = 0; i < n; i++)
        {
          {
            a.sum += x[i];
            a.count++;
          }
#pragma omp scan inclusive(a)
          y[i] = a.sum * 1000 + a.count;
        }
      acc r = { 5, 0 };
      for (long i = 0; i < n; i++)
        {
          r.sum += x[i];
          r.count++;
          CHECK (y[i] == r.sum * 1000 + r.count, "acc: n %ld: element %ld",
                 n, i);
        }
      CHECK (a.sum == r.sum && a.count == r.count, "acc: n %ld: final value",
             n);

      Pair p = { 3, 1 };
      long total = 0;
#pragma omp parallel for reduction(inscan, poly: p) reduction(inscan, +: total)
      for (long i = 0; i < n; i++)
        {
          {
            t[i] = p;
            z[i] = total;
          }
#pragma omp scan exclusive(p, total)
          {
            p = op (p, h[i]);
            total += x[i];
          }
        }
      Pair q = { 3, 1 };
      long sum = 0;
      for (long i = 0; i < n; i++)
        {
          CHECK (t[i].x == q.x && t[i].y == q.y && z[i] == sum,
                 "poly: n %ld: element %ld", n, i);
          q = op (q, h[i]);
          sum += x[i];
        }
      CHECK (p.x == q.x && p.y == q.y && total == sum, "poly: n %ld: final "
             "value", n);
      global_acc = (acc) { -3, 1 };
#pragma omp parallel for reduction(inscan, plus: global_acc)
      for (long i = 0; i < n; i++)
        {
          {
            global_acc.sum += x[i];
            global_acc.count += 2;
          }
#pragma omp scan inclusive(global_acc)
          y[i] = global_acc.sum * 1000 + global_acc.count;
        }
      r = (acc) { -3, 1 };
      for (long i = 0; i < n; i++)
        {
          r.sum += x[i];
          r.count += 2;
          CHECK (y[i] == r.sum * 1000 + r.count, "global: n %ld: element %ld",
                 n, i);
        }
      CHECK (global_acc.sum == r.sum && global_acc.count == r.count,
             "global: n %ld: final value", n);
      free (x);
      free (y);
      free (z);
      free (h);
      free (t);
    }
  return 0;
}
