/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Scan phases that store to fields of array elements, as CSR row
   offsets and stream compaction's tables are filled: each row's start
   (exclusive) and end (inclusive) in one loop, a field of a struct
   inside the element, and a loop whose condition is OpenMP 5.0's
   `i != n'.  The plugin once left each to GCC ("assigns to
   '*<U1e10>.offset', which cannot be outlined"); each checked against
   its sequential loop.
   scanomp-taken: 3 */
/* { dg-do run } */

#include "inscan-check.h"

struct row
{
  int count;
  long start, end;
};

struct point
{
  double x, y;
};

struct sample
{
  double w;
  struct point at;
};

static void
rows_exclusive (struct row *r, long n)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      r[i].start = s;
#pragma omp scan exclusive(s)
      s += r[i].count;
    }
}

static void
rows_inclusive (struct row *r, long n)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i != n; i++)
    {
      s += r[i].count;
#pragma omp scan inclusive(s)
      r[i].end = s;
    }
}

/* Sums of small integers' quarters: exact in any order.  */
static void
nested_field (struct sample *p, long n)
{
  double s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += p[i].w;
#pragma omp scan inclusive(s)
      {
        p[i].at.x = s;
        p[i].at.y = s - p[i].w;
      }
    }
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      struct row *r = malloc ((n + 1) * sizeof *r);
      struct sample *p = malloc ((n + 1) * sizeof *p);
      for (long i = 0; i < n; i++)
        {
          r[i].count = (int) (rnd () % 7);
          r[i].start = r[i].end = -1;
          p[i].w = (double) (rnd () % 1000) / 4;
          p[i].at.x = p[i].at.y = -1;
        }
      rows_exclusive (r, n);
      rows_inclusive (r, n);
      nested_field (p, n);
      long s = 0;
      double t = 0;
      for (long i = 0; i < n; i++)
        {
          if (r[i].start != s)
            FAIL ("start n=%ld: row %ld", n, i);
          s += r[i].count;
          if (r[i].end != s)
            FAIL ("end n=%ld: row %ld", n, i);
          t += p[i].w;
          if (p[i].at.x != t || p[i].at.y != t - p[i].w)
            FAIL ("nested n=%ld: element %ld", n, i);
        }
      free (r);
      free (p);
    }
  return 0;
}
