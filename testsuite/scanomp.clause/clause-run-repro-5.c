/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* SCANOMP_REPRODUCIBLE=1 where a device fails part way through a scan
   (SCANOMP_FAIL_RUNS): the host goes on from the exact sum before the
   positions that failed, so a target loop and the API's scan still give
   the bits of the reproducible scan on the host.  In segments
   (SCANOMP_MAX_BUFFER), the second fails: the rest runs on the host.
   Split across pocl's two devices, block 1 fails on both, then block 0:
   each runs on the host from its own exact start.  Before, a segment
   that failed left the rest to the loop's own sequential code (other
   bits), and a block past the first ran on the host from a seed never
   set: wrong values, said nowhere.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */
/* { dg-set-target-env-var SCANOMP_REPRODUCIBLE 1 } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */
/* { dg-set-target-env-var SCANOMP_FAIL_RUNS 2,4,5,6,9,10,12,14,16,17,19 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD DEFAULT } */
/* { dg-set-target-env-var SCANOMP_HOST native } */

#include <scanrt.h>

#include "clause-check.h"

#define N 100000

static void
target_sum (double *y, const double *x, long n)
{
#pragma omp target map(tofrom: y[:n]) map(to: x[:n])
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i-1];
}

/* Y against R, the reproducible scan on the host, bit for bit.  */
static void
same_bits (const double *y, const double *r, const char *what)
{
  for (long i = 0; i < N; i++)
    CHECK (!memcmp (&y[i], &r[i], sizeof *y), "%s: y[%ld] is %a, not %a",
           what, i, y[i], r[i]);
}

int
main (void)
{
  double *x = malloc (N * sizeof *x), *y = malloc (N * sizeof *y);
  double *r = malloc (N * sizeof *r);
  CHECK (x && y && r, "out of memory");
  for (long i = 0; i < N; i++)
    x[i] = ldexp ((double) ((long) (rnd () % 4095) - 2047),
                  (int) (rnd () % 61) - 30);
  double seed = 0.25;
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.seed = &seed;
  r[0] = seed;
  scanrt_scan (r + 1, x, N - 1, SCANRT_DOUBLE, SCANRT_ADD, &p);

  /* Runs 1 and 2: segments 0 and 1; 2 fails.  */
  setenv ("SCANOMP_MAX_BUFFER", "131072", 1);
  y[0] = seed;
  target_sum (y, x, N);
  same_bits (y, r, "segments");
  unsetenv ("SCANOMP_MAX_BUFFER");

  /* Runs 3 (block 0's sum), 4 and 5 (the blocks, failing), 6 (block 1
     again, failing: the host's) and 7 (block 0 again).  */
  setenv ("SCANOMP_DEVICES", "0,1", 1);
  y[0] = seed;
  target_sum (y, x, N);
  same_bits (y, r, "block 1 on the host");
  /* Runs 8 to 12, as 3 to 7 but block 0 failing again instead.  */
  y[0] = seed;
  target_sum (y, x, N);
  same_bits (y, r, "block 0 on the host");

  /* The API, naming the device: runs 13 and 14 as 1 and 2, 14
     failing; 15 to 19 as 8 to 12, its block 0 failing on both.  */
  double total;
  p.device = 0;
  p.total = &total;
  setenv ("SCANOMP_MAX_BUFFER", "131072", 1);
  scanrt_scan (y + 1, x, N - 1, SCANRT_DOUBLE, SCANRT_ADD, &p);
  y[0] = seed;
  same_bits (y, r, "the API in segments");
  CHECK (!memcmp (&total, &r[N - 1], sizeof total), "the API's total");
  unsetenv ("SCANOMP_MAX_BUFFER");
  p.devices = "0,1";
  scanrt_scan (y + 1, x, N - 1, SCANRT_DOUBLE, SCANRT_ADD, &p);
  same_bits (y, r, "the API split");
  CHECK (!memcmp (&total, &r[N - 1], sizeof total), "the API's total");
  free (x);
  free (y);
  free (r);
  puts ("the same bits");
  return 0;
}
/* { dg-output ".*clause-run-repro-5.c:\[0-9\]+: positions \[0-9\]+ to 99998 run on the host.*" } */
/* { dg-output "positions 49152 to 99998 run on the host.*" } */
/* { dg-output "positions 0 to 49151 run on the host.*" } */
/* { dg-output "scanrt_scan: positions \[0-9\]+ to 99998 run on the host.*" } */
/* { dg-output "scanrt_scan: positions 0 to 49151 run on the host.*the same bits" } */
