/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Loops of the scan clause that read an input after a store, called with
   an output as that input (`f (a, a, w, n)'): the read then sees the
   stored value, as the sequential loop has it.  A count beside the
   scan (`cnt += x[i] > w[i]' after `y[i] = y[i-1] + x[i]'), a
   conditional lastprivate set the same way, and a second scanned array
   whose term reads x[i] after the first array's store.  The host path's
   reduce and the kernels' run before any store, so until 2026-12-03 such
   a call came out wrong, silently, on 2 threads and as kernels; libscanrt
   now sees the overlap at the call and runs the sequential loop, said
   once a loop.  The same functions on arrays apart run as before, with
   nothing said.  Checked against the loops run sequentially.  */
/* { dg-do run } */

#include "clause-check.h"

static __attribute__ ((noipa)) long
count (long *y, const long *x, const long *w, long n)
{
  long cnt = 0;
#pragma omp parallel for scan(+: y) reduction(+: cnt)
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      cnt += x[i] > w[i];
    }
  return cnt;
}

static __attribute__ ((noipa)) long
last (long *y, const long *x, const long *w, long n)
{
  long at = -1;
#pragma omp parallel for scan(max: y) lastprivate(conditional: at)
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] > x[i] ? y[i-1] : x[i];
      if (x[i] < w[i])
        at = i;
    }
  return at;
}

static __attribute__ ((noipa)) void
two (long *y, long *z, const long *x, long n)
{
#pragma omp parallel for scan(+: y, z)
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      z[i] = z[i-1] + x[i];
    }
}

/* The same loops, run sequentially: the references.  */

static long
count_ref (long *y, const long *x, const long *w, long n)
{
  long cnt = 0;
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      cnt += x[i] > w[i];
    }
  return cnt;
}

static long
last_ref (long *y, const long *x, const long *w, long n)
{
  long at = -1;
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] > x[i] ? y[i-1] : x[i];
      if (x[i] < w[i])
        at = i;
    }
  return at;
}

static void
two_ref (long *y, long *z, const long *x, long n)
{
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      z[i] = z[i-1] + x[i];
    }
}

static void
fill (long *a, long n)
{
  for (long i = 0; i < n; i++)
    a[i] = (long) (rnd () % 201) - 100;
}

static void
same (const char *what, const long *a, const long *want, long n)
{
  for (long i = 0; i < n; i++)
    if (a[i] != want[i])
      FAIL ("%s, %ld elements: element %ld is %ld, not %ld", what, n, i,
            a[i], want[i]);
}

int
main (void)
{
  static const long ns[] = { 2, 1001, 300007 };
  for (unsigned k = 0; k < sizeof ns / sizeof *ns; k++)
    {
      long n = ns[k];
      long *a = malloc (n * sizeof *a), *b = malloc (n * sizeof *b);
      long *ra = malloc (n * sizeof *ra), *rb = malloc (n * sizeof *rb);
      long *w = malloc (n * sizeof *w);
      fill (w, n);
      for (int in_place = 1; in_place >= 0; in_place--)
        {
          long got, want;
          fill (a, n);
          fill (b, n);
          memcpy (ra, a, n * sizeof *a);
          memcpy (rb, b, n * sizeof *b);
          got = count (a, in_place ? a : b, w, n);
          want = count_ref (ra, in_place ? ra : rb, w, n);
          same ("count", a, ra, n);
          if (got != want)
            FAIL ("count, %ld elements, in place %d: %ld, not %ld", n,
                  in_place, got, want);

          fill (a, n);
          memcpy (ra, a, n * sizeof *a);
          got = last (a, in_place ? a : b, w, n);
          want = last_ref (ra, in_place ? ra : rb, w, n);
          same ("last", a, ra, n);
          if (got != want)
            FAIL ("last, %ld elements, in place %d: %ld, not %ld", n,
                  in_place, got, want);

          /* x is y, then z, then neither.  */
          for (int as = 0; as < 3; as++)
            {
              fill (a, n);
              fill (b, n);
              memcpy (ra, a, n * sizeof *a);
              memcpy (rb, b, n * sizeof *b);
              const long *x = !in_place ? w : as == 0 ? a : b;
              const long *rx = !in_place ? w : as == 0 ? ra : rb;
              if (in_place && as == 2)
                continue;
              two (a, b, x, n);
              two_ref (ra, rb, rx, n);
              same ("two: y", a, ra, n);
              same ("two: z", b, rb, n);
            }
        }
      free (a);
      free (b);
      free (ra);
      free (rb);
      free (w);
    }
  puts ("reads after stores checked");
  return 0;
}
/* Said once for each loop, where its first call in place has enough
   positions to leave the calling thread (1001 and up, on the runs that
   set no cutoff, 2 elements already).  */
/* { dg-output "libscanrt: \[^\n\]*clause-run-alias-2.c:21: an array this loop stores overlaps one it reads after the store\[^\n\]*\n" } */
/* { dg-output "libscanrt: \[^\n\]*clause-run-alias-2.c:34: an array this loop stores\[^\n\]*\n" } */
/* { dg-output "libscanrt: \[^\n\]*clause-run-alias-2.c:47: an array this loop stores\[^\n\]*\n" } */
/* { dg-output "reads after stores checked" } */
