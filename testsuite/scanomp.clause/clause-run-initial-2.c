/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* device(omp_get_initial_device ()) names the host under every GCC, and
   so does a variable set once to its value: a target scan with it runs
   on the host path, from the host's copy of data that the default device
   holds a copy of (SCANOMP_UNIFIED=0), and leaves the device's copy as
   it was; `target data' and `target update' with it map and copy
   nothing.  libgomp numbers the host as its count of devices, 0 where
   it has none, which libscanrt took for its device 0 until 2026-12-02:
   the scan ran on the device's copy, and the update copied the device's
   stale values over the host's.  Checked against the same steps run
   sequentially on models of both copies.  omp_set_default_device
   (omp_get_initial_device ()) is not seen (docs/clause.md).  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD DEFAULT } */

#include <omp.h>

#include "clause-check.h"

#define N 100003L

static long y[N], host[N], dev[N];

static void
scan_model (long *a)
{
  for (long i = 1; i < N; i++)
    a[i] = a[i-1] + a[i];
}

static void
same (const long *want, const char *what)
{
  for (long i = 0; i < N; i++)
    if (y[i] != want[i])
      FAIL ("%s: y[%ld] is %ld, not %ld", what, i, y[i], want[i]);
}

int
main (void)
{
  for (long i = 0; i < N; i++)
    y[i] = host[i] = dev[i] = (long) (rnd () % 100) - 50;
#pragma omp target data map(to: y[0:N])
  {
    y[0] = host[0] = 1000;
#pragma omp target device(omp_get_initial_device ()) map(tofrom: y[0:N])
#pragma omp parallel for scan(+: y)
    for (long i = 1; i < N; i++)
      y[i] = y[i-1] + y[i];
    scan_model (host);
    same (host, "a scan on the initial device");
    /* A data region and an update on the host map and copy nothing.  */
#pragma omp target data map(tofrom: y[0:N]) \
  device(omp_get_initial_device ())
    {
#pragma omp target update from(y[0:N]) device(omp_get_initial_device ())
      same (host, "target update on the initial device");
    }
    same (host, "the end of a region on the initial device");
    int initial = omp_get_initial_device ();
    y[1] = host[1] = -1000;
#pragma omp target device(initial) map(tofrom: y[0:N])
#pragma omp parallel for scan(+: y)
    for (long i = 1; i < N; i++)
      y[i] = y[i-1] + y[i];
    scan_model (host);
    same (host, "a scan on a variable's initial device");
#pragma omp target update from(y[0:N])
    same (dev, "the device's copy after a scan on the host");
  }
  puts ("initial device checked");
  return 0;
}
/* { dg-output "initial device checked" } */
