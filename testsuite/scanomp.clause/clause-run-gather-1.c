/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The scan clause over loops that read an array at an index computed
   from what they read, a gather: a weight looked up through a
   permutation (`y[i] = y[i-1] + w[idx[i]]'), a running maximum of
   gathered values, a linear recurrence whose multiplier is gathered
   (`y[i] = a[idx[i]] * y[i-1] + b[i]', over unsigned longs, which wrap
   the same in any grouping), a segmented scan whose heads are gathered
   (`y[i] = head[idx[i]] ? x[i] : y[i-1] + x[i]'), a store beside the
   scan gathered at the scanned value (`z[i] = w[y[i] % n]'), a sum over
   an inner loop (`t += x[3 * i + j]', an index built there, an error
   before); and inside target
   constructs, where a map clause gives the gathered array's section,
   which the kernels hold whole, once the weights held by `target data'.
   The host path runs the body as written; outside target the kernels,
   which copy the elements each index reaches, have none.  An error
   until 2026-12-03 ("not an affine function of the loop index").  Each
   checked against its sequential loop, 0 to 2^20 + 7 elements.  */
/* { dg-do run } */

#include "clause-check.h"

__attribute__((noipa)) static void
weights (long *y, const int *w, const long *idx, long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + w[idx[i]];
}

__attribute__((noipa)) static void
running_max (int *y, const int *w, const long *idx, long n)
{
#pragma omp parallel for scan(max: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] > w[idx[i]] ? y[i-1] : w[idx[i]];
}

__attribute__((noipa)) static void
recurrence (unsigned long *y, const unsigned long *a, const unsigned long *b,
            const long *idx, long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = a[idx[i]] * y[i-1] + b[i];
}

__attribute__((noipa)) static void
segmented (long *y, const long *x, const char *head, const long *idx, long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = head[idx[i]] ? x[i] : y[i-1] + x[i];
}

__attribute__((noipa)) static void
beside (long *y, long *z, const long *x, const int *w, long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      z[i] = w[(unsigned long) y[i] % (unsigned long) n];
    }
}

__attribute__((noipa)) static void
inner (long *y, const long *x, long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    {
      long t = 0;
      for (long j = 0; j < 3; j++)
        t += x[3 * i + j];
      y[i] = y[i-1] + t;
    }
}

__attribute__((noipa)) static void
weights_target (long *y, const int *w, const long *idx, long n)
{
#pragma omp target teams distribute parallel for scan(+: y) \
    map(tofrom: y[0:n]) map(to: w[0:n], idx[0:n])
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + w[idx[i]];
}

__attribute__((noipa)) static void
recurrence_target (unsigned long *y, const unsigned long *a,
                   const unsigned long *b, const long *idx, long n)
{
#pragma omp target map(tofrom: y[0:n]) map(to: a[0:n], b[0:n], idx[0:n])
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = a[idx[i]] * y[i-1] + b[i];
}

static void
check_all (long n)
{
  int *w = (int *) calloc (n + 1, sizeof *w);
  int *iy = (int *) calloc (n + 1, sizeof *iy);
  long *idx = (long *) calloc (n + 1, sizeof *idx);
  long *x = (long *) calloc (n + 1, sizeof *x);
  long *y = (long *) calloc (n + 1, sizeof *y);
  long *ry = (long *) calloc (n + 1, sizeof *ry);
  unsigned long *a = (unsigned long *) calloc (n + 1, sizeof *a);
  unsigned long *b = (unsigned long *) calloc (n + 1, sizeof *b);
  unsigned long *uy = (unsigned long *) calloc (n + 1, sizeof *uy);
  unsigned long *ru = (unsigned long *) calloc (n + 1, sizeof *ru);
  char *head = (char *) calloc (n + 1, 1);
  for (long i = 0; i < n; i++)
    {
      w[i] = (int) (rnd () % 1000) - 500;
      x[i] = (long) (rnd () % 1000) - 500;
      a[i] = rnd () * 2654435761u + 1;
      b[i] = rnd ();
      head[i] = rnd () % 5 == 0;
      idx[i] = (long) (rnd () % (unsigned long) n);
    }

  for (int target = 0; target < 2; target++)
    {
      if (n)
        y[0] = ry[0] = 7;
      if (target)
        weights_target (y, w, idx, n);
      else
        weights (y, w, idx, n);
      for (long i = 1; i < n; i++)
        ry[i] = ry[i-1] + w[idx[i]];
      for (long i = 0; i < n; i++)
        CHECK (y[i] == ry[i], "weights at %ld of %ld, target %d", i, n,
               target);

      if (n)
        uy[0] = ru[0] = 3;
      if (target)
        recurrence_target (uy, a, b, idx, n);
      else
        recurrence (uy, a, b, idx, n);
      for (long i = 1; i < n; i++)
        ru[i] = a[idx[i]] * ru[i-1] + b[i];
      for (long i = 0; i < n; i++)
        CHECK (uy[i] == ru[i], "recurrence at %ld of %ld, target %d", i, n,
               target);
    }

  if (n)
    iy[0] = -1000;
  running_max (iy, w, idx, n);
  for (long i = 1, m = -1000; i < n; i++)
    {
      m = m > w[idx[i]] ? m : w[idx[i]];
      CHECK (iy[i] == m, "running_max at %ld of %ld", i, n);
    }

  if (n)
    y[0] = ry[0] = x[0];
  segmented (y, x, head, idx, n);
  for (long i = 1; i < n; i++)
    ry[i] = head[idx[i]] ? x[i] : ry[i-1] + x[i];
  for (long i = 0; i < n; i++)
    CHECK (y[i] == ry[i], "segmented at %ld of %ld", i, n);

  long *z = (long *) calloc (n + 1, sizeof *z);
  long *x3 = (long *) calloc (3 * n + 1, sizeof *x3);
  for (long i = 0; i < 3 * n; i++)
    x3[i] = (long) (rnd () % 1000) - 500;
  if (n)
    y[0] = ry[0] = 5;
  beside (y, z, x, w, n);
  for (long i = 1; i < n; i++)
    {
      ry[i] = ry[i-1] + x[i];
      CHECK (y[i] == ry[i]
             && z[i] == w[(unsigned long) ry[i] % (unsigned long) n],
             "beside at %ld of %ld", i, n);
    }
  if (n)
    y[0] = ry[0] = 2;
  inner (y, x3, n);
  for (long i = 1; i < n; i++)
    {
      ry[i] = ry[i-1] + x3[3 * i] + x3[3 * i + 1] + x3[3 * i + 2];
      CHECK (y[i] == ry[i], "inner at %ld of %ld", i, n);
    }
  free (z);
  free (x3);

  /* The weights on the device, from `target data', twice.  */
  if (n)
    y[0] = ry[0] = 1;
#pragma omp target data map(to: w[0:n])
  for (int k = 0; k < 2; k++)
    weights_target (y, w, idx, n);
  for (long i = 1; i < n; i++)
    ry[i] = ry[i-1] + w[idx[i]];
  for (long i = 0; i < n; i++)
    CHECK (y[i] == ry[i], "weights held at %ld of %ld", i, n);

  free (w);
  free (iy);
  free (idx);
  free (x);
  free (y);
  free (ry);
  free (a);
  free (b);
  free (uy);
  free (ru);
  free (head);
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    check_all (sizes[k]);
  puts ("gathers checked");
  return 0;
}

/* { dg-output "gathers checked" } */
