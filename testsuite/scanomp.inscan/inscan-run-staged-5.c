/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* inscan-run-staged-4.c's loop called in place under OMP_TARGET_OFFLOAD=
   MANDATORY: the kernels, which run its input phase twice, would read
   in the second run what the first stored, and MANDATORY allows no
   host, so the program stops with exit status 1 after saying why and
   what to write, rather than give a wrong sum.  scanomp-plugin-only
   (the message is libscanrt's).  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */
/* { dg-shouldfail "an input phase's store over an input, under MANDATORY" } */
/* { dg-no-host-runs "its loop is in a target construct, under MANDATORY" } */

#include "inscan-check.h"

__attribute__((noipa)) static long
doubled_sum (const long *x, long *d, long *y, long n)
{
  long s = 0;
#pragma omp target map(to: x[0:n]) map(from: d[0:n]) map(tofrom: y[0:n], s)
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      {
        d[i] = 2 * x[i];
        s += d[i];
      }
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

int
main (void)
{
  long n = 1001;
  long *x = (long *) calloc (n, sizeof *x);
  long *y = (long *) calloc (n, sizeof *y);
  puts ("scanning");
  fflush (stdout);
  doubled_sum (x, x, y, n);
  puts ("not reached");
  return 0;
}

/* { dg-output "scanning\r?\nlibscanrt: \[^\n\]*inscan-run-staged-5.c:20: an array that this loop's input phase stores overlaps another of its arrays\[^\n\]*under OMP_TARGET_OFFLOAD=MANDATORY it does not run on the host\[^\n\]*store to an array apart from the loop's others" } */
