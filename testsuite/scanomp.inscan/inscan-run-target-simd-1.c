/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Inscan simd loops inside a target construct, which make cc1 crash in
   GCC's own lowering in every GCC from 11 to 16 (a segmentation fault
   in omplower), with the plugin too until 2026-12-01, since it kept the
   construct for its fallback: `simd' alone, `parallel for simd'
   (exclusive), an orphaned `for simd' in the region, and the same in
   `target if()', `target teams' and `target parallel'.  The plugin
   takes each, with the loop run sequentially as its fallback.  Each is
   checked against the sequential loop, the final value included.
   scanomp-taken: 6 */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include "inscan-check.h"

#define N 100003L

static long x[N], y[N];

static void
check (const char *what, long seed, int exclusive, long last)
{
  long r = seed;
  for (long i = 0; i < N; i++)
    {
      if (!exclusive)
        r += x[i];
      if (y[i] != r)
        FAIL ("%s: y[%ld] is %ld, not %ld", what, i, y[i], r);
      if (exclusive)
        r += x[i];
    }
  if (last != r)
    FAIL ("%s: the final value is %ld, not %ld", what, last, r);
}

int
main (void)
{
  for (long i = 0; i < N; i++)
    x[i] = (long) (rnd () % 100) - 50;

  long s = 3;
#pragma omp target map(to: x) map(from: y) map(tofrom: s)
#pragma omp simd reduction(inscan, +: s)
  for (long i = 0; i < N; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  check ("simd", 3, 0, s);

  s = 0;
#pragma omp target map(to: x) map(from: y) map(tofrom: s)
#pragma omp parallel for simd reduction(inscan, +: s)
  for (long i = 0; i < N; i++)
    {
      y[i] = s;
#pragma omp scan exclusive(s)
      s += x[i];
    }
  check ("parallel for simd, exclusive", 0, 1, s);

  s = 7;
#pragma omp target map(to: x) map(from: y) map(tofrom: s)
#pragma omp for simd reduction(inscan, +: s)
  for (long i = 0; i < N; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  check ("for simd", 7, 0, s);

  /* The same inside `target' with if(), `target teams' and `target
     parallel'.  */
  for (int on = 0; on < 2; on++)
    {
      s = on;
#pragma omp target if(on) map(to: x) map(from: y) map(tofrom: s)
#pragma omp parallel for simd reduction(inscan, +: s)
      for (long i = 0; i < N; i++)
        {
          s += x[i];
#pragma omp scan inclusive(s)
          y[i] = s;
        }
      check ("parallel for simd in target if()", on, 0, s);
    }
  s = 2;
#pragma omp target teams num_teams(1) map(to: x) map(from: y) \
                   map(tofrom: s)
#pragma omp parallel for simd reduction(inscan, +: s)
  for (long i = 0; i < N; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  check ("parallel for simd in target teams", 2, 0, s);
  s = 4;
#pragma omp target parallel map(to: x) map(from: y) map(tofrom: s)
#pragma omp for simd reduction(inscan, +: s)
  for (long i = 0; i < N; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  check ("for simd in target parallel", 4, 0, s);
  puts ("target simd checked");
  return 0;
}
/* { dg-output "target simd checked" } */
