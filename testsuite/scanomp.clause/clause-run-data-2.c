/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A device that fails while data is mapped there loses nothing: pocl,
   made to copy (SCANOMP_UNIFIED=0), fails the 2nd and 5th scans of the
   process (SCANOMP_FAIL_RUNS).  The failing scan brings the mapped data
   back and runs on the host; a later scan on the device first takes the
   host's copy there again, and a region's `from' ends with the right
   values either way, checked against the same scans run sequentially.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */
/* { dg-set-target-env-var SCANOMP_FAIL_RUNS 2,5 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD DEFAULT } */

#include "clause-check.h"

#define N 30011L

static int y[N], want[N];

static void
scan (void)
{
#pragma omp target map(tofrom: y[0:N])
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < N; i++)
    y[i] = y[i-1] + y[i];
}

/* Fill y, then scan it SCANS times inside one mapping.  */
static void
check (int scans, const char *what)
{
  for (long i = 0; i < N; i++)
    y[i] = want[i] = (int) (rnd () % 7) - 3;
  for (int k = 0; k < scans; k++)
    for (long i = 1; i < N; i++)
      want[i] = want[i-1] + want[i];
#pragma omp target enter data map(to: y[0:N])
  for (int k = 0; k < scans; k++)
    scan ();
#pragma omp target exit data map(from: y[0:N])
  for (long i = 0; i < N; i++)
    if (y[i] != want[i])
      FAIL ("%s: y[%ld] is %d, not %d", what, i, y[i], want[i]);
}

int
main (void)
{
  check (3, "a failure before a scan on the device");
  check (2, "a failure at the last scan");
  puts ("faults checked");
  return 0;
}
/* { dg-output "libscanrt: SCANOMP_FAIL_RUNS: run 2 on the device fails\[^\n\]*\n" } */
/* { dg-output "libscanrt: \[^ \]*clause-run-data-2.c:24: the scan runs on the host instead\[^\n\]*\n" } */
/* { dg-output "libscanrt: SCANOMP_FAIL_RUNS: run 5 on the device fails\[^\n\]*\n" } */
/* { dg-output "libscanrt: \[^ \]*clause-run-data-2.c:24: the scan runs on the host instead\[^\n\]*\n" } */
/* { dg-output "faults checked" } */
