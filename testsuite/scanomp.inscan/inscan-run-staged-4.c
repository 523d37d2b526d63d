/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* An inscan loop inside `target' whose input phase stores (`d[i] = 2 *
   x[i]; s += d[i];'), on a device with memory of its own, called with
   its stored array as its input: the kernels, which run that phase in
   both their passes, would read the doubled values in the second, so
   libscanrt says so, once, and the loop runs as the sequential loop on
   the host.  Where `target data' holds the array on the device, its
   current copy (a prefix sum there first) comes back to the host first,
   and the region's end copies nothing back over the host's.  Called
   apart too, where the kernels run it.  Under OMP_TARGET_OFFLOAD=DEFAULT, as
   inscan-run-staged-5.c has it under MANDATORY.  Checked against the
   loop run sequentially.  scanomp-plugin-only (the message is
   libscanrt's).  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD DEFAULT } */

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

static void
check (long n, int in_place, int data)
{
  long *x = (long *) malloc ((n + 1) * sizeof *x);
  long *d = (long *) malloc ((n + 1) * sizeof *d);
  long *y = (long *) malloc ((n + 1) * sizeof *y);
  long *ref = (long *) malloc ((n + 1) * sizeof *ref);
  long *ox = (long *) malloc ((n + 1) * sizeof *ox);
  for (long i = 0; i < n; i++)
    ox[i] = x[i] = (long) (rnd () % 1000) - 500;
  long *dd = in_place ? x : d, total;
  if (data)
    {
      /* The device's copy, which the host's lacks, is the input the
         loop must read.  */
#pragma omp target data map(tofrom: x[0:n])
      {
#pragma omp target
#pragma omp parallel for scan(+: x)
        for (long i = 1; i < n; i++)
          x[i] = x[i-1] + x[i];
        total = doubled_sum (x, dd, y, n);
      }
      for (long i = 1; i < n; i++)
        ox[i] += ox[i-1];
    }
  else
    total = doubled_sum (x, dd, y, n);
  long s = 0;
  for (long i = 0; i < n; i++)
    {
      /* What the loop read: x[i] before its own store.  */
      long xi = ox[i];
      if (!in_place)
        CHECK (x[i] == xi, "x at %ld of %ld, data %d", i, n, data);
      s += 2 * xi;
      ref[i] = s;
    }
  CHECK (total == s, "total at %ld, in place %d, data %d", n, in_place,
         data);
  for (long i = 0; i < n; i++)
    CHECK (y[i] == ref[i] && dd[i] == 2 * ox[i],
           "at %ld of %ld, in place %d, data %d", i, n, in_place, data);
  free (x);
  free (d);
  free (y);
  free (ref);
  free (ox);
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    for (int data = 0; data < 2; data++)
      {
        check (sizes[k], 0, data);
        check (sizes[k], 1, data);
      }
  puts ("staged loops in place in target checked");
  return 0;
}

/* { dg-output "libscanrt: \[^\n\]*inscan-run-staged-4.c:25: an array that this loop's input phase stores overlaps another of its arrays \\(an output passed as an input\\), and the host path and the kernels run that phase twice, the second time reading what the first stored: it runs as the sequential loop\r?\nstaged loops in place in target checked" } */
