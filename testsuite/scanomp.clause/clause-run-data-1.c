/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* OpenMP's device data environment around target scans, on a device with
   memory of its own (pocl made to copy, SCANOMP_UNIFIED=0): values move
   between host and device exactly when OpenMP says, and scans of data
   already on the device copy nothing.  Each step is checked against the
   same steps run on host copies: a write to the host's copy inside a
   region is not seen by the device until `target update to', and the
   device's results reach the host at `target update from', at the end of
   a `from' map, at an `always' exit, and never for `to' or `alloc'.
   OMP_TARGET_OFFLOAD is DEFAULT in every run: with DISABLED the host's
   copy is the only one.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD DEFAULT } */
/* { dg-set-target-env-var SCANOMP_PROFILE 1 } */

#include "clause-check.h"

#define N 5003L

static long y[N], dev[N], host[N];

/* Scan y on the device.  */
static void
scan (void)
{
#pragma omp target map(tofrom: y[0:N])
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < N; i++)
    y[i] = y[i-1] + y[i];
}

/* The same scan of the model of the device's copy.  */
static void
scan_model (long *a)
{
  for (long i = 1; i < N; i++)
    a[i] = a[i-1] + a[i];
}

/* The same scan on the host: outside any target, and in one whose if()
   is false.  Each works on the host's copy of data mapped on the
   device.  */
static void
scan_here (int outside)
{
  if (outside)
    {
#pragma omp parallel for scan(+: y)
      for (long i = 1; i < N; i++)
        y[i] = y[i-1] + y[i];
    }
  else
    {
#pragma omp target map(tofrom: y[0:N]) if(outside)
#pragma omp parallel for scan(+: y)
      for (long i = 1; i < N; i++)
        y[i] = y[i-1] + y[i];
    }
}

/* A region inside a parallel region, its device a long and its if a
   char: what the mapping calls take are computed there.  */
static void
in_parallel (long device, char k)
{
#pragma omp parallel num_threads(2)
#pragma omp target data map(tofrom: y[0:N]) if(k) device(device)
  {
#pragma omp single
    scan ();
  }
}

static void
same (const long *want, const char *what)
{
  for (long i = 0; i < N; i++)
    if (y[i] != want[i])
      FAIL ("%s: y[%ld] is %ld, not %ld", what, i, y[i], want[i]);
}

static void
fill (void)
{
  for (long i = 0; i < N; i++)
    y[i] = host[i] = dev[i] = (long) (rnd () % 100) - 50;
}

int
main (void)
{
  /* enter data to; a host write the device does not see; update from.  */
  fill ();
#pragma omp target enter data map(to: y[0:N])
  y[0] = host[0] = 1000;
  scan ();
  scan_model (dev);
  same (host, "after a scan of mapped data, the host's copy");
#pragma omp target update from(y[0:N])
  memcpy (host, dev, sizeof dev);
  same (host, "update from");
  /* update to carries a host write over.  */
  y[7] = host[7] = dev[7] = -3;
#pragma omp target update to(y[5:5])
  scan ();
  scan_model (dev);
  /* A nested region on present data counts a reference: no copy at its
     end, nor at the release.  */
#pragma omp target data map(tofrom: y[0:N])
  scan ();
  scan_model (dev);
  same (host, "the end of a nested tofrom region");
#pragma omp target exit data map(release: y[0:N])
  same (host, "release");

  /* A from region copies back at its end; an always exit at once.  */
  fill ();
#pragma omp target data map(from: y[0:N]) map(to: dev[0:1])
  {
#pragma omp target update to(y[0:N])
    scan ();
    scan_model (dev);
#pragma omp target enter data map(alloc: y[0:N])
#pragma omp target exit data map(always, from: y[0:N])
    memcpy (host, dev, sizeof dev);
    same (host, "an always exit");
    scan ();
    scan_model (dev);
  }
  same (dev, "the end of a from region");

  /* always to copies in again; to and alloc never copy back; delete
     drops the data whatever its count, and a scan then copies its own.  */
  fill ();
#pragma omp target enter data map(to: y[0:N])
  y[3] = host[3] = dev[3] = 77;
#pragma omp target enter data map(always, to: y[2:2])
#pragma omp target enter data map(alloc: y[0:N])
  scan ();
  scan_model (dev);
  y[0] = host[0] = 5;
  scan ();
  scan_model (dev);
#pragma omp target exit data map(release: y[0:N])
  same (host, "to and alloc");
#pragma omp target update from(y[N-10:10])
  memcpy (host + N - 10, dev + N - 10, 10 * sizeof *dev);
  same (host, "always to, then update from");
  y[0] = host[0] = 6;
#pragma omp target exit data map(delete: y[0:N])
  same (host, "delete");
  scan ();
  scan_model (host);
  same (host, "a scan after delete");

  fill ();
  in_parallel (0, 1);
  scan_model (host);
  same (host, "a region in a parallel region");

  /* Loops on the host inside a region see the host's copy, which the
     host changed, and leave the device's as it was, until `target
     update from' brings it.  */
  fill ();
#pragma omp target data map(to: y[0:N])
  {
    y[0] = host[0] = 1000;
    scan_here (1);
    scan_model (host);
    same (host, "a loop outside target, in a region");
    y[1] = host[1] = -1000;
    scan_here (0);
    scan_model (host);
    same (host, "a target's if(0), in a region");
#pragma omp target update from(y[0:N])
    same (dev, "the device's copy after loops on the host");
  }

  /* if(0) maps nothing.  */
  fill ();
#pragma omp target data map(to: y[0:N]) if(0)
  scan ();
  scan_model (host);
  same (host, "if(0)");
  puts ("data checked");
  return 0;
}
/* The eight scans of mapped data ran on the device, whatever their size;
   the two others, below the size where the device pays, on the host
   unless every scan goes to the device.  */
/* { dg-output "data checked.*libscanrt: \[^ \]*clause-run-data-1.c:29 +10 +(0|2) " } */
