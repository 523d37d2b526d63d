/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* In-place scans split across two devices whose first block fails on
   both while the second is written (SCANOMP_FAIL_RUNS: run 1 computes
   block 0's total; runs 2 and 3, the blocks, fail; the retries run block 1
   (run 4) and then block 0 (run 5, which fails)).  Block 0's input is still
   there.  The API's scan has a host path: it scans block 0 there, from its
   seed, and the whole scan is right.  A loop whose descriptor has none
   (through SCANRT_scan; runs 6 to 10 as 1 to 5) cannot go on: the
   caller's loop would reread block 1, which now holds results.  That scan
   fails with a message, and the elements of block 1 are the right ones.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */
/* { dg-set-target-env-var SCANOMP_FAIL_RUNS 2,3,5,7,8,10 } */

#include <scanrt-abi.h>

#include "api-check.h"

#define N 100000

static long x[N], ref[N];

/* y[i] = y[i-1] + y[i], in place.  */
static const char source[] =
  "#define SCANOMP_T long\n"
  "#define SCANOMP_UT ulong\n"
  "#define SCANOMP_OP 1\n"
  "#define SCANOMP_PARAMS __global long *y, ulong y_off, long y_at\n"
  "#define SCANOMP_ARGS y, y_off, y_at\n"
  "#define Y(i) *(__global long *) ((__global char *) y + y_off "
  "+ ((i) * 8L - y_at))\n"
  "#define SCANOMP_LOAD(i) Y (i)\n"
  "#define SCANOMP_STORE(i, v) (Y (i) = (v))\n";

static const struct SCANRT_arg_desc kinds[] = {
  { SCANRT_ARG_INOUT, 0, sizeof (long) },
  { SCANRT_ARG_START, sizeof (long), 0 },
};

int
main (void)
{
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.devices = "0:1,1:1";
  for (long i = 0; i < N; i++)
    ref[i] = x[i] = (long) (rnd () % 2001) - 1000;
  int status = scanrt_scan (x, x, N, SCANRT_LONG, SCANRT_ADD, &p);
  CHECK (status == SCANRT_OK, "the API's scan: %s",
         scanrt_status_name (status));
  long acc = 0;
  for (long i = 0; i < N; i++)
    {
      acc += ref[i];
      CHECK (x[i] == acc, "the API's scan: x[%ld] is %ld, not %ld", i, x[i],
             acc);
    }

  for (long i = 0; i < N; i++)
    x[i] = ref[i];
  setenv ("SCANOMP_DEVICES", "0:1,1:1", 1);
  struct SCANRT_desc desc = { SCANRT_ABI_VERSION, "api-spread-5.c:loop",
                              source, SCANRT_LONG, SCANRT_ADD, sizeof (long),
                              0, 2, kinds, NULL, NULL, NULL };
  long start = 0, seed = 0;
  struct SCANRT_arg args[] = { { x, sizeof x }, { &start, sizeof start } };
  unsigned long done;
  status = SCANRT_scan (&desc, -1, 0, 0, N, &seed, NULL, args, &done);
  CHECK (status == SCANRT_EDEVICE, "the loop fails: %s",
         scanrt_status_name (status));
  acc = 0;
  for (long i = 0; i < N / 2; i++)
    acc += ref[i];
  for (long i = N / 2; i < N; i++)
    {
      acc += ref[i];
      CHECK (x[i] == acc, "the loop: x[%ld] is %ld, not %ld", i, x[i], acc);
    }
  puts ("in-place failures checked");
  return 0;
}
/* { dg-output ".*scanrt_scan: positions 0 to 49999 run on the host.*" } */
/* { dg-output "api-spread-5.c:loop: positions 0 to 49999 failed on every device; the blocks around them are written, so the scan cannot go on on the host.*in-place failures checked" } */
