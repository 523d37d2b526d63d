/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* scanrt_params.kernel_seconds: the device's own time for a scan's
   kernels, from profiling events, within the call's wall time; summed over
   the blocks of a scan split across two devices; -1 for a scan that ran
   on the host, and for one with no element.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-devices pocl } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */

#include <time.h>

#include "api-check.h"

#define N 300000

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int x[N], y[N];

/* Scan X into Y with P, checked; returns the kernels' device time, and
   the call's wall time in *WALL.  */
static double
timed (scanrt_params *p, size_t n, double *wall)
{
  double seconds = -2;
  p->kernel_seconds = &seconds;
  double t0 = now ();
  int status = scanrt_scan (y, x, n, SCANRT_INT, SCANRT_ADD, p);
  *wall = now () - t0;
  CHECK (status == SCANRT_OK || status == SCANRT_HOST, "status %s",
         scanrt_status_name (status));
  int acc = 0;
  for (size_t i = 0; i < n; i++)
    {
      acc += x[i];
      CHECK (y[i] == acc, "y[%zu] is %d, expected %d", i, y[i], acc);
    }
  return seconds;
}

int
main (void)
{
  for (int i = 0; i < N; i++)
    x[i] = i % 13 - 6;
  double wall;
  for (int v = 0; v <= SCANRT_VARIANT_LOOKBACK; v++)
    {
      scanrt_params p = SCANRT_PARAMS_INIT;
      p.flags = SCANRT_NO_HOST;
      p.device = 0;
      p.variant = (scanrt_variant) (SCANRT_VARIANT_AUTO + v);
      double t = timed (&p, N, &wall);
      CHECK (t > 0 && t <= wall, "variant %d: %g s of kernels in %g s", v, t,
             wall);
    }

  scanrt_params p = SCANRT_PARAMS_INIT;
  p.devices = "0,1";
  p.flags = SCANRT_NO_HOST;
  double t = timed (&p, N, &wall);
  CHECK (t > 0, "split across two devices: %g s", t);

  p = (scanrt_params) SCANRT_PARAMS_INIT;
  p.device = scanrt_get_num_devices ();
  t = timed (&p, N, &wall);
  CHECK (t == -1, "on the host: %g s", t);

  p = (scanrt_params) SCANRT_PARAMS_INIT;
  t = timed (&p, 0, &wall);
  CHECK (t == -1, "no element: %g s", t);
  puts ("timed");
  return 0;
}
/* { dg-output "timed" } */
