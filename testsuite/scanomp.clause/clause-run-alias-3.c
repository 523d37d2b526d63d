/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* clause-run-alias-2.c's count inside `target', on a device with memory
   of its own, called in place: its read of x[i] after the store to y[i]
   sees the stored value, which no kernel can, so the loop runs as the
   sequential loop on the host.  Where `target data' holds the arrays on
   the device, their current copy comes back to the host first, and the
   region's end copies nothing back over the host's.  Under
   OMP_TARGET_OFFLOAD=DEFAULT, as clause-run-alias-4.c has it under
   MANDATORY.  Checked against the loop run sequentially.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD DEFAULT } */

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

int
main (void)
{
  static const long ns[] = { 2, 1001, 300007 };
  for (unsigned k = 0; k < sizeof ns / sizeof *ns; k++)
    for (int data = 0; data < 2; data++)
      {
        long n = ns[k];
        long *a = malloc (n * sizeof *a), *ra = malloc (n * sizeof *ra);
        long *w = malloc (n * sizeof *w);
        for (long i = 0; i < n; i++)
          {
            a[i] = ra[i] = (long) (rnd () % 201) - 100;
            w[i] = (long) (rnd () % 201) - 100;
          }
        long got;
        if (data)
          {
            /* The device's copy, a prefix sum the host's does not
               have, is the one the loop must see.  */
#pragma omp target data map(tofrom: a[0:n]) map(to: w[0:n])
            {
#pragma omp target
#pragma omp parallel for scan(+: a)
              for (long i = 1; i < n; i++)
                a[i] = a[i-1] + a[i];
              got = count (a, a, w, n);
            }
            for (long i = 1; i < n; i++)
              ra[i] += ra[i-1];
          }
        else
          got = count (a, a, w, n);
        long want = count_ref (ra, ra, w, n);
        for (long i = 0; i < n; i++)
          if (a[i] != ra[i])
            FAIL ("%ld elements, data %d: element %ld is %ld, not %ld", n,
                  data, i, a[i], ra[i]);
        if (got != want)
          FAIL ("%ld elements, data %d: the count is %ld, not %ld", n,
                data, got, want);
        free (a);
        free (ra);
        free (w);
      }
  puts ("reads after stores in target checked");
  return 0;
}
/* { dg-output "libscanrt: \[^\n\]*clause-run-alias-3.c:22: an array this loop stores overlaps one it reads after the store\[^\n\]*runs as the sequential loop\[^\n\]*\n" } */
/* { dg-output "reads after stores in target checked" } */
