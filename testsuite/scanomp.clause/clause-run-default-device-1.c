/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* omp_set_default_device chooses the device of a target construct
   without a device clause, as OpenMP's default-device-var ICV does: a
   scan clause and an inscan loop run on device 1's copy of data entered
   there, `target enter data' without a clause maps there, 2 (the host,
   as libscanrt numbers pocl's two devices) runs on the host's copy, and
   the ICV set back to its first value leaves the device to libscanrt's
   settings again (device 0, which copies the host's data); a `target
   data' region ends on the device it began on.  Until
   2026-12-01 libscanrt read only OMP_DEFAULT_DEVICE: the scans ran on
   device 0 from the host's copy.  Each copy has a model, scanned
   sequentially.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-devices pocl } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD DEFAULT } */

#include <omp.h>

#include "clause-check.h"

#define N 200003L

static long x[N], y[N], on_host[N], on_device[N], want[N];

/* The scans' results from X, as the sequential loop gives them.  */
static void
model (const long *from)
{
  want[0] = 7;
  for (long i = 1; i < N; i++)
    want[i] = want[i-1] + from[i];
}

static void
same (const char *what)
{
  for (long i = 0; i < N; i++)
    if (y[i] != want[i])
      FAIL ("%s: y[%ld] is %ld, not %ld", what, i, y[i], want[i]);
}

static void
scan_clause (void)
{
  y[0] = 7;
#pragma omp target map(tofrom: y[0:N]) map(to: x[0:N])
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < N; i++)
    y[i] = y[i-1] + x[i];
}

static void
scan_inscan (void)
{
  long s = 7;
  memset (y, 0, sizeof y);
  y[0] = 7;
#pragma omp target map(to: x[0:N]) map(tofrom: y[0:N], s)
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 1; i < N; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      y[i] = s;
    }
}

int
main (void)
{
  int start = omp_get_default_device ();
  for (long i = 0; i < N; i++)
    on_device[i] = x[i] = (long) (rnd () % 100) - 50;
#pragma omp target enter data map(to: x[0:N]) device(1)
  for (long i = 0; i < N; i++)
    on_host[i] = x[i] = x[i] + 3;

  omp_set_default_device (1);
  model (on_device);
  scan_clause ();
  same ("the scan clause on device 1");
  scan_inscan ();
  same ("the inscan loop on device 1");

  omp_set_default_device (2);
  model (on_host);
  scan_clause ();
  same ("the scan clause on the host");

  omp_set_default_device (start);
  scan_inscan ();
  same ("the inscan loop on libscanrt's default device");

  /* Data without a device clause goes to the ICV's device too: device
     1's copy of x becomes the host's, through its own map.  */
  omp_set_default_device (1);
#pragma omp target exit data map(release: x[0:N])
#pragma omp target enter data map(to: x[0:N])
  for (long i = 0; i < N; i++)
    x[i] = -x[i];
  model (on_host);
  scan_clause ();
  same ("the scan clause on data entered on device 1 by the ICV");
#pragma omp target exit data map(release: x[0:N])

  /* A region begun on device 1 by the ICV ends there, and copies back
     from there, though the default device changes inside it.  */
  model (x);
  memset (y, 0, sizeof y);
  y[0] = 7;
#pragma omp target data map(tofrom: y[0:N])
  {
    omp_set_default_device (start);
#pragma omp target device(1) map(tofrom: y[0:N]) map(to: x[0:N])
#pragma omp parallel for scan(+: y)
    for (long i = 1; i < N; i++)
      y[i] = y[i-1] + x[i];
  }
  same ("a region's end on the device it began on");
  /* And one begun on libscanrt's default device (0) ends there though
     the ICV names device 1 by then.  */
  memset (y, 0, sizeof y);
  y[0] = 7;
#pragma omp target data map(tofrom: y[0:N])
  {
    omp_set_default_device (1);
#pragma omp target device(0) map(tofrom: y[0:N]) map(to: x[0:N])
#pragma omp parallel for scan(+: y)
    for (long i = 1; i < N; i++)
      y[i] = y[i-1] + x[i];
  }
  same ("a region's end on libscanrt's default device");
  puts ("default device checked");
  return 0;
}
/* { dg-output "default device checked" } */
