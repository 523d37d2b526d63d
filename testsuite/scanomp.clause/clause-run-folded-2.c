/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Updates GCC folds to a constant before the plugin sees them
   (y[i-1] || 5, y[i-1] * 0 over unsigned, y[i-1] && 0): the loop is
   valid, and leaves no dependence to scan.  The plugin warns, says to
   drop the array from the clause, and the loop runs as the plain
   parallel loop it now is: every element the constant, as the
   sequential loop leaves it, y[0] untouched.  Issue 50's "valid code is
   never refused".  */
/* { dg-do run } */

#include "clause-check.h"

#define N 100003
static int a[N];
static unsigned b[N];
static long c[N];

static void
scans (long n)
{
#pragma omp parallel for scan(||: a) /* { dg-warning "GCC folded the update of 'a' to the constant '1'.*drop 'a' from the clause" } */
  for (long i = 1; i < n; i++)
    a[i] = a[i - 1] || 5;
#pragma omp parallel for scan(*: b) /* { dg-warning "GCC folded the update of 'b' to the constant '0'" } */
  for (long i = 1; i < n; i++)
    b[i] = b[i - 1] * 0;
#pragma omp parallel for scan(&&: c) /* { dg-warning "the loop runs as a plain parallel loop" } */
  for (long i = 1; i < n; i++)
    c[i] = c[i - 1] && 0;
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k] < N ? sizes[k] : N;
      for (long i = 0; i < N; i++)
        {
          a[i] = 7;
          b[i] = 9;
          c[i] = 11;
        }
      scans (n);
      for (long i = 0; i < N; i++)
        {
          int set = i >= 1 && i < n;
          CHECK (a[i] == (set ? 1 : 7), "a[%ld] = %d, n %ld", i, a[i], n);
          CHECK (b[i] == (set ? 0u : 9u), "b[%ld] = %u, n %ld", i, b[i], n);
          CHECK (c[i] == (set ? 0 : 11), "c[%ld] = %ld, n %ld", i, c[i], n);
        }
    }
  return 0;
}
