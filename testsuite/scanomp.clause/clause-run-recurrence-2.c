/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A linear recurrence and a segmented sum on each of two OpenCL devices
   (pocl asked for two CPU devices), with their arrays resident in a
   `target data' region, the second loop reading what the first left
   there; checked against the sequential loops.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */
/* { dg-set-target-env-var SCANOMP_PROFILE 1 } */

#include "clause-check.h"

static void
scans_on (int device, long n, long *y, long *s, const long *a, const int *h)
{
#pragma omp target data map(tofrom: y[0:n], s[0:n]) map(to: a[0:n], h[0:n]) \
  device(device)
  {
#pragma omp target device(device)
#pragma omp parallel for scan(+: y)
    for (long i = 1; i < n; i++)
      y[i] = a[i] * y[i-1] + 2 * a[i - 1];
#pragma omp target device(device)
#pragma omp parallel for scan(+: s)
    for (long i = 1; i < n; i++)
      s[i] = h[i] ? y[i] : s[i-1] + y[i];
  }
}

int
main (void)
{
  long n = 300001;
  long *y = malloc (n * 8), *s = malloc (n * 8), *a = malloc (n * 8);
  int *h = malloc (n * sizeof *h);
  for (int device = 0; device < 2; device++)
    {
      for (long i = 0; i < n; i++)
        {
          a[i] = (long) (rnd () % 3) - 1;
          h[i] = rnd () % 16 == 0;
          y[i] = s[i] = device + 1;
        }
      scans_on (device, n, y, s, a, h);
      long ry = device + 1, rs = device + 1;
      for (long i = 1; i < n; i++)
        {
          ry = a[i] * ry + 2 * a[i - 1];
          rs = h[i] ? ry : rs + ry;
          if (y[i] != ry || s[i] != rs)
            FAIL ("device %d: at %ld: %ld %ld, want %ld %ld", device, i, y[i],
                  s[i], ry, rs);
        }
    }
  puts ("recurrences on devices checked");
  free (y);
  free (s);
  free (a);
  free (h);
  return 0;
}
/* Two runs of each loop, on the devices.  */
/* { dg-output "recurrences on devices checked.*libscanrt: \[^ \]*clause-run-recurrence-2.c:\[0-9\]+ +2 +0 .*libscanrt: \[^ \]*clause-run-recurrence-2.c:\[0-9\]+ +2 +0 " } */
