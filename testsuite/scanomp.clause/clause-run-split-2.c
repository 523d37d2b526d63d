/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Loops split into segments where their arrays exceed the largest buffer
   (here SCANOMP_MAX_BUFFER), on a device with its own memory (pocl with
   SCANOMP_UNIFIED=0, so each segment's windows are copied in and out):
   an upward loop whose input is read two elements apart, a downward
   one, and an inscan loop, whose last segment runs on the device even
   below the host cutoff.  A loop whose accesses to one array move by
   different strides cannot be split: it says so and runs sequentially
   (so the test does not run under OMP_TARGET_OFFLOAD=MANDATORY).  The
   loops are not in target constructs: SCANOMP_HOST=opencl sends them to
   pocl.  Each is checked against the sequential loop.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST opencl } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_MAX_BUFFER 1000000 } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 100000 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD default } */

#include "clause-check.h"

#define N 3000001L
static int x[2 * N], y[N], r[N];

static void
check (const char *what)
{
  for (long i = 0; i < N; i++)
    CHECK (y[i] == r[i], "%s: y[%ld] is %d, expected %d", what, i, y[i],
           r[i]);
}

int
main (void)
{
  for (long i = 0; i < 2 * N; i++)
    x[i] = (int) (rnd () % 1001) - 500;

  y[0] = r[0] = 5;
  for (long i = 1; i < N; i++)
    r[i] = r[i - 1] + x[2 * i + 1] * 3;
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < N; i++)
    y[i] = y[i - 1] + x[2 * i + 1] * 3;
  check ("upward, x read with stride 2");

  y[N - 1] = r[N - 1] = 7;
  for (long i = N - 2; i >= 0; i--)
    r[i] = r[i + 1] ^ x[i];
#pragma omp parallel for scan(^: y)
  for (long i = N - 2; i >= 0; i--)
    y[i] = y[i + 1] ^ x[i];
  check ("downward");

  long s = 11, rs = 11;
  for (long i = 0; i < N; i++)
    r[i] = (int) (rs = rs > x[i] + i % 7 ? rs : x[i] + i % 7);
#pragma omp parallel for reduction(inscan, max: s)
  for (long i = 0; i < N; i++)
    {
      s = s > x[i] + i % 7 ? s : x[i] + i % 7;
#pragma omp scan inclusive(s)
      y[i] = (int) s;
    }
  check ("inscan");
  CHECK (s == rs, "inscan: s is %ld, expected %ld", s, rs);

  y[0] = r[0] = 1;
  for (long i = 1; i < N; i++)
    r[i] = r[i - 1] + x[2 * i] - x[i];
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < N; i++)
    y[i] = y[i - 1] + x[2 * i] - x[i];
  check ("x read with strides 2 and 1");
  puts ("split loops checked");
  return 0;
}
/* { dg-output "libscanrt: \[^\n\]*clause-run-split-2.c:\[0-9\]+: the loop cannot run in segments that fit the device: its accesses to an array do not all move by the same stride.*" } */
/* { dg-output "libscanrt: an array of \[0-9\]+ bytes exceeds the device's largest buffer \\(1000000 bytes: SCANOMP_MAX_BUFFER\\).*" } */
/* { dg-output "split loops checked" } */
