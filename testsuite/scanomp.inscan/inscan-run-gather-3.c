/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* An inscan loop inside `target' that gathers (`s += w[idx[i]]') from
   the array it stores (`out[i] = s'), through two pointers, on a device
   with memory of its own: a pass of the kernels could read what another
   stored, where the sequential loop reads what the iterations before
   it stored, so libscanrt says so, once, and the loop runs as the
   sequential loop on the host.  Where `target data' holds the array on
   the device, its current copy (a prefix sum there first) comes back to
   the host first, and the region's end copies nothing back over the
   host's.  Called apart too, where the kernels run it.  Under
   OMP_TARGET_OFFLOAD=DEFAULT (inscan-run-staged-5.c has the same way
   under MANDATORY).  Checked against the loop run sequentially.
   scanomp-plugin-only (the message is libscanrt's).  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD DEFAULT } */

#include "inscan-check.h"

__attribute__((noipa)) static long
gathered (long *out, const long *w, const long *idx, long n)
{
  long s = 0;
#pragma omp target teams distribute parallel for reduction(inscan, +: s) \
    map(to: w[0:n], idx[0:n]) map(tofrom: out[0:n], s)
  for (long i = 0; i < n; i++)
    {
      s += w[idx[i]];
#pragma omp scan inclusive(s)
      out[i] = s;
    }
  return s;
}

static void
check (long n, int in_place, int data)
{
  long *w = (long *) calloc (n + 1, sizeof *w);
  long *rw = (long *) calloc (n + 1, sizeof *rw);
  long *out = (long *) calloc (n + 1, sizeof *out);
  long *ref = (long *) calloc (n + 1, sizeof *ref);
  long *idx = (long *) calloc (n + 1, sizeof *idx);
  for (long i = 0; i < n; i++)
    {
      rw[i] = w[i] = (long) (rnd () % 1000) - 500;
      idx[i] = (long) (rnd () % (unsigned long) n);
    }
  long *o = in_place ? w : out, total;
  if (data)
    {
      /* The device's copy, which the host's lacks, is what the loop
         must read.  */
#pragma omp target data map(tofrom: w[0:n])
      {
#pragma omp target
#pragma omp parallel for scan(+: w)
        for (long i = 1; i < n; i++)
          w[i] = w[i-1] + w[i];
        total = gathered (o, w, idx, n);
      }
      for (long i = 1; i < n; i++)
        rw[i] += rw[i-1];
    }
  else
    total = gathered (o, w, idx, n);
  /* The sequential loop, in place where the call was.  */
  long *ro = in_place ? rw : ref, s = 0;
  for (long i = 0; i < n; i++)
    {
      s += rw[idx[i]];
      ro[i] = s;
    }
  CHECK (total == s, "total at %ld, in place %d, data %d", n, in_place,
         data);
  for (long i = 0; i < n; i++)
    CHECK (o[i] == ro[i] && (in_place || w[i] == rw[i]),
           "at %ld of %ld, in place %d, data %d", i, n, in_place, data);
  free (w);
  free (rw);
  free (out);
  free (ref);
  free (idx);
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
  puts ("gathers in place in target checked");
  return 0;
}

/* { dg-output "libscanrt: \[^\n\]*inscan-run-gather-3.c:25: an array this loop reads at an index computed from what it reads overlaps one it stores \\(an output passed as an input\\), and the kernels could read what another pass stored: it runs as the sequential loop\r?\ngathers in place in target checked" } */
