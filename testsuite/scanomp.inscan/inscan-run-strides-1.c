/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Inscan loops down a column of a row-major matrix, whose row length is
   known at run time alone: `a[i * ld + j]', written the ways C people
   write it (`j + ld * i', an int stride beside a long index, a loop
   that counts down).  The plugin once left each to GCC ("an array index
   ... is not an affine function of the loop index"); each checked
   against its sequential loop, the sums exact (quarters of small
   integers).
   scanomp-taken: 4 */
/* { dg-do run } */

#include "inscan-check.h"

static double
column_inclusive (double *b, const double *a, long n, long ld, long j)
{
  double s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += a[i * ld + j];
#pragma omp scan inclusive(s)
      b[i * ld + j] = s;
    }
  return s;
}

static int
column_exclusive (int *b, const int *a, long n, long ld, long j)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      b[j + ld * i] = s;
#pragma omp scan exclusive(s)
      s += a[j + ld * i];
    }
  return s;
}

/* An int stride and column, a long index.  */
static int
column_max (int *b, const int *a, long n, int ld, int j)
{
  int m = -1000;
#pragma omp parallel for reduction(inscan, max: m)
  for (long i = 0; i < n; i++)
    {
      m = a[i * ld + j] > m ? a[i * ld + j] : m;
#pragma omp scan inclusive(m)
      b[i * ld + j] = m;
    }
  return m;
}

/* From the last row up.  */
static double
column_up (double *b, const double *a, long n, long ld, long j)
{
  double s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = n - 1; i >= 0; i--)
    {
      s += a[i * ld + j];
#pragma omp scan inclusive(s)
      b[i * ld + j] = s;
    }
  return s;
}

int
main (void)
{
  static const long rows[] = { 0, 1, 2, 3, 1001, 100003 };
  static const long cols[] = { 1, 2, 5 };
  for (unsigned k = 0; k < sizeof rows / sizeof rows[0]; k++)
    for (unsigned c = 0; c < sizeof cols / sizeof cols[0]; c++)
      {
        long n = rows[k], ld = cols[c], j = ld - 1;
        long cells = n * ld + 1;
        double *a = malloc (cells * sizeof *a);
        double *b = malloc (cells * sizeof *b);
        int *ai = malloc (cells * sizeof *ai), *bi = malloc (cells * sizeof *bi);
        for (long i = 0; i < cells; i++)
          {
            a[i] = (double) (rnd () % 1000) / 4;
            ai[i] = (int) (rnd () % 1000) - 500;
            b[i] = -1;
            bi[i] = -1;
          }
        double s = column_inclusive (b, a, n, ld, j), r = 0;
        for (long i = 0; i < n; i++)
          {
            r += a[i * ld + j];
            if (b[i * ld + j] != r)
              FAIL ("inclusive n=%ld ld=%ld: row %ld", n, ld, i);
          }
        for (long i = 0; i < n * ld; i++)
          if (i % ld != j && b[i] != -1)
            FAIL ("inclusive n=%ld ld=%ld: cell %ld written", n, ld, i);
        if (s != r)
          FAIL ("inclusive n=%ld ld=%ld: total", n, ld);
        int si = column_exclusive (bi, ai, n, ld, 0), ri = 0;
        for (long i = 0; i < n; i++)
          {
            if (bi[i * ld] != ri)
              FAIL ("exclusive n=%ld ld=%ld: row %ld", n, ld, i);
            ri += ai[i * ld];
          }
        if (si != ri)
          FAIL ("exclusive n=%ld ld=%ld: total", n, ld);
        int mi = column_max (bi, ai, n, (int) ld, (int) j), m = -1000;
        for (long i = 0; i < n; i++)
          {
            m = ai[i * ld + j] > m ? ai[i * ld + j] : m;
            if (bi[i * ld + j] != m)
              FAIL ("max n=%ld ld=%ld: row %ld", n, ld, i);
          }
        if (mi != m)
          FAIL ("max n=%ld ld=%ld: total", n, ld);
        s = column_up (b, a, n, ld, 0);
        r = 0;
        for (long i = n - 1; i >= 0; i--)
          {
            r += a[i * ld];
            if (b[i * ld] != r)
              FAIL ("up n=%ld ld=%ld: row %ld", n, ld, i);
          }
        if (s != r)
          FAIL ("up n=%ld ld=%ld: total", n, ld);
        free (a);
        free (b);
        free (ai);
        free (bi);
      }
  return 0;
}
