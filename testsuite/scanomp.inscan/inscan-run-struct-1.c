/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Arrays reached through structs and variable-length arrays, in inscan
   loops as C programs write them: pointer members read with `s.p[i]'
   and `s->p[i]', an array member (`t->hist[i]'), a struct inside a
   struct, and the OpenMP Examples' scan.1.c with its arrays as VLAs;
   inclusive and exclusive, each against its sequential loop.
   scanomp-taken: 5 */
/* { dg-do run } */

#include "inscan-check.h"

struct series
{
  long n;
  const int *in;
  long *out;
};

struct table
{
  int hist[257];
  int start[257];
};

struct nested
{
  struct series s;
  double scale;
};

__attribute__((noipa)) static void
by_value (struct series s)
{
  long acc = 0;
#pragma omp parallel for reduction(inscan, +: acc)
  for (long i = 0; i < s.n; i++)
    {
      acc += s.in[i];
#pragma omp scan inclusive(acc)
      s.out[i] = acc;
    }
}

__attribute__((noipa)) static void
by_pointer (struct series *s)
{
  long acc = 0;
#pragma omp parallel for reduction(inscan, +: acc)
  for (long i = 0; i < s->n; i++)
    {
      s->out[i] = acc;
#pragma omp scan exclusive(acc)
      acc += s->in[i];
    }
}

__attribute__((noipa)) static void
members (struct table *t)
{
  int acc = 0;
#pragma omp parallel for reduction(inscan, +: acc)
  for (int i = 0; i < 257; i++)
    {
      t->start[i] = acc;
#pragma omp scan exclusive(acc)
      acc += t->hist[i];
    }
}

__attribute__((noipa)) static void
inner (struct nested *q)
{
  long acc = 0;
#pragma omp parallel for reduction(inscan, +: acc)
  for (long i = 0; i < q->s.n; i++)
    {
      acc += q->s.in[i];
#pragma omp scan inclusive(acc)
      q->s.out[i] = acc;
    }
}

/* The OpenMP Examples' scan.1.c, its arrays VLAs.  */
__attribute__((noipa)) static void
vla (int n, const int *from)
{
  int a[n + 1], b[n + 1];
  for (int i = 0; i < n; i++)
    a[i] = from[i];
  int x = 0;
#pragma omp parallel for reduction(inscan, +: x)
  for (int i = 0; i < n; i++)
    {
      x += a[i];
#pragma omp scan inclusive(x)
      b[i] = x;
    }
  int r = 0;
  for (int i = 0; i < n; i++)
    {
      r += a[i];
      CHECK (b[i] == r, "vla: n %d: element %d", n, i);
    }
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      int *x = random_ints (n);
      long *y = (long *) malloc ((n + 1) * sizeof *y);
      struct series s = { n, x, y };
      by_value (s);
      long r = 0;
      for (long i = 0; i < n; i++)
        {
          r += x[i];
          CHECK (y[i] == r, "value: n %ld: element %ld", n, i);
        }
      by_pointer (&s);
      r = 0;
      for (long i = 0; i < n; i++)
        {
          CHECK (y[i] == r, "pointer: n %ld: element %ld", n, i);
          r += x[i];
        }
      struct nested q = { s, 2.0 };
      inner (&q);
      r = 0;
      for (long i = 0; i < n; i++)
        {
          r += x[i];
          CHECK (y[i] == r, "nested: n %ld: element %ld", n, i);
        }
      if (n < 100000)
        vla ((int) n, x);
      free (x);
      free (y);
    }

  struct table *t = (struct table *) malloc (sizeof *t);
  for (int i = 0; i < 257; i++)
    t->hist[i] = (int) (rnd () % 50);
  members (t);
  int c = 0;
  for (int i = 0; i < 257; i++)
    {
      CHECK (t->start[i] == c, "members: element %d", i);
      c += t->hist[i];
    }
  free (t);
  return 0;
}
