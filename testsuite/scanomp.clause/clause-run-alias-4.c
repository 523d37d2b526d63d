/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* clause-run-alias-3.c's count in place under OMP_TARGET_OFFLOAD=
   MANDATORY: no kernel can give its read after the store the stored
   value, and MANDATORY allows no host, so the program stops with exit
   status 1 after saying why and what to write, rather than give a wrong
   count.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */
/* { dg-shouldfail "a read after a store, in place, under MANDATORY" } */
/* { dg-no-host-runs "its loop is in a target construct, under MANDATORY" } */

#include "clause-check.h"

static __attribute__ ((noipa)) long
count (long *y, const long *x, const long *w, long n)
{
  long cnt = 0;
#pragma omp target map(tofrom: y[0:n], cnt) map(to: x[0:n], w[0:n])
#pragma omp parallel for scan(+: y) reduction(+: cnt)
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      cnt += x[i] > w[i];
    }
  return cnt;
}

int
main (void)
{
  long n = 1001;
  long *a = calloc (n, sizeof *a), *w = calloc (n, sizeof *w);
  puts ("scanning");
  fflush (stdout);
  count (a, a, w, n);
  puts ("not reached");
  return 0;
}
/* { dg-output "scanning\r?\nlibscanrt: \[^\n\]*clause-run-alias-4.c:20: an array this loop stores overlaps one it reads after the store\[^\n\]*under OMP_TARGET_OFFLOAD=MANDATORY it does not run on the host\[^\n\]*read the input before the store" } */
