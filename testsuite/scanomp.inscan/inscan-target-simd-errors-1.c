/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* An inscan simd loop inside a target construct that the plugin cannot
   take gets a located error that says why, not a note: GCC's own
   lowering, which would run a declined loop, makes cc1 crash on it in
   every GCC from 11 to 16, as it did with the plugin until
   2026-12-01.  */
/* { dg-do compile } */

#define N 1000
long x[N], y[N];

long
more_than_the_loop (void)
{
  long s = 0, t = 0;
#pragma omp target map(to: x) map(from: y) map(tofrom: s, t) /* { dg-error "cannot run this inscan loop, a 'simd' loop inside 'target', which GCC cannot compile itself: its construct holds more than the loop" } */
  {
    t = x[0];
#pragma omp simd reduction(inscan, +: s)
    for (long i = 0; i < N; i++)
      {
        s += x[i];
#pragma omp scan inclusive(s)
        y[i] = s;
      }
  }
  return s + t;
}
