/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Stores beside the scan that depend on y[i-1], the prefix before the
   element, inside `target', where the kernels make them in their output
   pass from that prefix (SCANOMP_STORE_AFTER's W): a line of sight, an
   exclusive count beside the inclusive one, the update's own temporary
   stored, a store that a branch on y[i-1] decides, a second-order
   recurrence whose elements before y[i] are stored (its map's values,
   y[i-1] and y[i-2]), and reads of y[i-1] after the updates of two
   arrays, one in a comparison GCC writes as a branch.  clause-run-prev-1.c has them on the host path;
   until 2026-11-30 each was an error inside `target'.  Each checked
   against its sequential loop.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include "clause-check.h"

static void
line_of_sight (int *m, char *vis, const int *a, long n)
{
#pragma omp target map(tofrom: m[0:n]) map(from: vis[0:n]) map(to: a[0:n])
#pragma omp parallel for scan(max: m)
  for (long i = 1; i < n; i++)
    {
      vis[i] = a[i] >= m[i-1];
      m[i] = m[i-1] > a[i] ? m[i-1] : a[i];
    }
}

static void
counts (long *c, long *before, const int *a, long n)
{
#pragma omp target map(tofrom: c[0:n]) map(from: before[0:n]) \
  map(to: a[0:n])
#pragma omp parallel for scan(+: c)
  for (long i = 1; i < n; i++)
    {
      before[i] = c[i-1];
      c[i] = c[i-1] + (a[i] > 0);
    }
}

static void
temporary (long *y, long *z, const int *a, long n)
{
#pragma omp target map(tofrom: y[0:n]) map(from: z[0:n]) map(to: a[0:n])
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    {
      long t = y[i-1] + a[i];
      y[i] = t;
      z[i] = t * 3;
    }
}

static void
decided (int *y, int *z, const int *a, long n)
{
#pragma omp target map(tofrom: y[0:n]) map(from: z[0:n]) map(to: a[0:n])
#pragma omp parallel for scan(min: y)
  for (long i = 1; i < n; i++)
    {
      int lower = a[i] < y[i-1];
      y[i] = lower ? a[i] : y[i-1];
      if (lower)
        z[i] = 1;
      else
        z[i] = 0;
    }
}

/* y[i] = y[i-1] + y[i-2] + c[i], unsigned, wrapping; z[i] the
   elements before it.  */
static void
second_order (unsigned *y, unsigned *z, const int *c, long n)
{
#pragma omp target map(tofrom: y[0:n]) map(from: z[0:n]) map(to: c[0:n])
#pragma omp parallel for scan(+: y)
  for (long i = 2; i < n; i++)
    {
      z[i] = y[i-2] * 3u + y[i-1];
      y[i] = y[i-1] + y[i-2] + (unsigned) c[i];
    }
}

/* Reads of y[i-1] after the updates, of both arrays of the clause (the
   host path once read the carry there, y[i] by then, and the kernels
   the second array's prefix), and a comparison with it, which GCC
   writes as a branch after the store.  */
static void
after_update (long *y, long *z, long *u, long *v, double *f, const int *a,
              long n)
{
#pragma omp target map(tofrom: y[0:n], z[0:n]) map(from: u[0:n], v[0:n], f[0:n]) \
  map(to: a[0:n])
#pragma omp parallel for scan(+: y, z)
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + a[i];
      z[i] = z[i-1] + (a[i] & 3);
      v[i] = z[i-1];
      u[i] = y[i-1] * 2;
      f[i] = (double) (y[i-1] < a[i]);
    }
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k] + 2;
      int *a = malloc (n * sizeof *a), *m = malloc (n * sizeof *m);
      int *zi = malloc (n * sizeof *zi);
      char *vis = malloc (n);
      long *c = malloc (n * sizeof *c), *before = malloc (n * sizeof *before);
      unsigned *u = malloc (n * sizeof *u), *uz = malloc (n * sizeof *uz);
      for (long i = 0; i < n; i++)
        a[i] = (int) (rnd () % 2000) - 1000;

      m[0] = a[0];
      line_of_sight (m, vis, a, n);
      int high = a[0];
      for (long i = 1; i < n; i++)
        {
          if (vis[i] != (a[i] >= high))
            FAIL ("line_of_sight n=%ld: vis[%ld]", n, i);
          high = high > a[i] ? high : a[i];
          if (m[i] != high)
            FAIL ("line_of_sight n=%ld: m[%ld]", n, i);
        }

      c[0] = 4;
      counts (c, before, a, n);
      long cnt = 4;
      for (long i = 1; i < n; i++)
        {
          if (before[i] != cnt)
            FAIL ("counts n=%ld: before[%ld] %ld, expected %ld", n, i,
                  before[i], cnt);
          cnt += a[i] > 0;
          if (c[i] != cnt)
            FAIL ("counts n=%ld: c[%ld]", n, i);
        }

      c[0] = -3;
      temporary (c, before, a, n);
      cnt = -3;
      for (long i = 1; i < n; i++)
        {
          cnt += a[i];
          if (c[i] != cnt || before[i] != cnt * 3)
            FAIL ("temporary n=%ld: element %ld", n, i);
        }

      m[0] = 0;
      decided (m, zi, a, n);
      int low = 0;
      for (long i = 1; i < n; i++)
        {
          if (zi[i] != (a[i] < low))
            FAIL ("decided n=%ld: z[%ld]", n, i);
          low = a[i] < low ? a[i] : low;
          if (m[i] != low)
            FAIL ("decided n=%ld: y[%ld]", n, i);
        }

      u[0] = 7;
      u[1] = 4000000000u;
      second_order (u, uz, a, n);
      unsigned p2 = 7, p1 = 4000000000u;
      for (long i = 2; i < n; i++)
        {
          if (uz[i] != p2 * 3u + p1)
            FAIL ("second_order n=%ld: z[%ld] %u, expected %u", n, i,
                  uz[i], p2 * 3u + p1);
          unsigned v = p1 + p2 + (unsigned) a[i];
          if (u[i] != v)
            FAIL ("second_order n=%ld: y[%ld]", n, i);
          p2 = p1;
          p1 = v;
        }

      {
        long *y2 = malloc (n * sizeof *y2), *z2 = malloc (n * sizeof *z2);
        long *u2 = malloc (n * sizeof *u2), *v2 = malloc (n * sizeof *v2);
        double *f2 = malloc (n * sizeof *f2);
        y2[0] = 3;
        z2[0] = -8;
        after_update (y2, z2, u2, v2, f2, a, n);
        long sy = 3, sz = -8;
        for (long i = 1; i < n; i++)
          {
            if (u2[i] != sy * 2 || v2[i] != sz || f2[i] != (sy < a[i]))
              FAIL ("after_update n=%ld: element %ld: %ld %ld %.0f, "
                    "expected %ld %ld %d", n, i, u2[i], v2[i], f2[i],
                    sy * 2, sz, sy < a[i]);
            sy += a[i];
            sz += a[i] & 3;
            if (y2[i] != sy || z2[i] != sz)
              FAIL ("after_update n=%ld: y or z[%ld]", n, i);
          }
        free (y2);
        free (z2);
        free (u2);
        free (v2);
        free (f2);
      }
      free (a);
      free (m);
      free (zi);
      free (vis);
      free (c);
      free (before);
      free (u);
      free (uz);
    }
  return 0;
}
