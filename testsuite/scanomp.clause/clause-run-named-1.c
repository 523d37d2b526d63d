/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* AClang's symbolic devices, as the thesis' listings write them:
   `target device(GPU)' around a scan, `device(CPU)' on a combined
   construct, and both on `target data', `target update' and a plain
   `target' region.  With no GPU, device(GPU) falls back to the default
   device (pocl here); both scans run as kernels, checked against the
   sequential loop (on a machine with a GPU, one scan there and one on
   pocl).  Outside a device clause the names are the program's
   own: a variable GPU and a function device.  OMP_TARGET_OFFLOAD is
   DEFAULT in every run: under MANDATORY, device(GPU) with no GPU stops
   the program (clause-run-named-2.c).  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_PROFILE 1 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD DEFAULT } */

#include "clause-check.h"

static int GPU = 5;

static int
device (int d)
{
  return d + GPU;
}

static void
scan_gpu (long *y, const long *x, long n)
{
#pragma omp target device(GPU) map(tofrom: y[:n]) map(to: x[:n])
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
}

static void
scan_cpu (long *y, const long *x, long n)
{
#pragma omp target parallel for device (CPU) scan(max: y) map(tofrom: y[0:n]) map(to: x[0:n])
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] > x[i] ? y[i-1] : x[i];
}

int
main (void)
{
  long n = (1L << 20) + 7;
  long *y = malloc (n * sizeof *y), *x = malloc (n * sizeof *x);
  long *r = malloc (n * sizeof *r);
  for (int k = 0; k < 2; k++)
    {
      for (long i = 0; i < n; i++)
        {
          x[i] = (long) (rnd () % 1000) - 300;
          y[i] = r[i] = k - 1000;
        }
      /* Each scan inside data mapped on its own device: where GPU and
         CPU are two devices, a scan on one does not see the other's
         copy, which would be mapped back over its results.  */
      if (k)
        {
#pragma omp target data device(CPU) map(tofrom: y[0:n]) map(to: x[0:n])
          {
            scan_cpu (y, x, n);
#pragma omp target update device(CPU) from(y[0:n])
          }
        }
      else
        {
#pragma omp target data device(GPU) map(tofrom: y[0:n]) map(to: x[0:n])
          {
            scan_gpu (y, x, n);
#pragma omp target update device(GPU) from(y[0:n])
          }
        }
      for (long i = 1; i < n; i++)
        r[i] = k ? (r[i-1] > x[i] ? r[i-1] : x[i]) : r[i-1] + x[i];
      for (long i = 0; i < n; i++)
        if (y[i] != r[i])
          FAIL ("%s: y[%ld] is %ld, not %ld", k ? "device(CPU)" : "device(GPU)",
                i, y[i], r[i]);
    }
  int v = 0;
#pragma omp target device(GPU) map(tofrom: v)
  v = 1;
  CHECK (v == 1 && device (GPU) == 10, "the plain target, and GPU outside");
  puts ("named devices checked");
  free (y);
  free (x);
  free (r);
  return 0;
}
/* { dg-output "named devices checked.*libscanrt: \[^ \]*clause-run-named-1.c:39 +1 +0 .*libscanrt: \[^ \]*clause-run-named-1.c:31 +1 +0 " } */
