/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The SCANRT_scan entry point as generated code calls it: the thesis' loop
     for (i = 1; i < n; i++) y[i] = y[i-1] + 2 * x[i-1] + c;
   with hand-written hooks (a fused map), a scalar argument, and arrays
   passed as host pointers with extents.  Also an extent larger than the
   device's largest buffer, which falls back; the same loop split into
   segments under a small SCANOMP_MAX_BUFFER, all on the device (where a
   scan runs is decided once, for all its segments), whose last one, made
   to fail, is left to the caller (DONE) or fails the scan (no DONE); and
   a descriptor of the wrong ABI version.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include <scanrt-abi.h>

#include "api-check.h"

static const char source[] =
  "#define SCANOMP_T int\n"
  "#define SCANOMP_UT uint\n"
  "#define SCANOMP_OP 1\n"
  "#define SCANOMP_PARAMS __global const int *x, ulong x_off, long x_at, "
  "__global int *y, ulong y_off, long y_at, int c\n"
  "#define SCANOMP_ARGS x, x_off, x_at, y, y_off, y_at, c\n"
  "#define X(i) *(__global const int *) ((__global const char *) x "
  "+ x_off + ((i) * 4L - x_at))\n"
  "#define Y(i) *(__global int *) ((__global char *) y + y_off "
  "+ ((i) * 4L - y_at))\n"
  "#define SCANOMP_LOAD(i) (2 * X ((i) - 1) + c)\n"
  "#define SCANOMP_STORE(i, v) (Y (i) = (v))\n";

static const struct SCANRT_arg_desc kinds[] = {
  { SCANRT_ARG_IN, 0, sizeof (int) },
  { SCANRT_ARG_START, sizeof (long), 0 },
  { SCANRT_ARG_INOUT, 0, sizeof (int) },
  { SCANRT_ARG_START, sizeof (long), 0 },
  { SCANRT_ARG_SCALAR, sizeof (int), 0 },
};

int
main (void)
{
  struct SCANRT_desc desc = { SCANRT_ABI_VERSION, "api-abi-1.c:loop", source,
                              SCANRT_INT, SCANRT_ADD, sizeof (int), 0, 5,
                              kinds };
  size_t n = (1 << 20) + 7;
  int *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  int *ref = malloc (n * sizeof *ref);
  int c = 3;
  for (size_t i = 0; i < n; i++)
    x[i] = (int) (rnd () % 2001) - 1000;
  y[0] = ref[0] = 17;
  for (size_t i = 1; i < n; i++)
    ref[i] = ref[i - 1] + 2 * x[i - 1] + c;

  /* x is read at [0, n-1), y written at [1, n): pass the extents from
     their first element, as the plugin will, and where the windows start
     (at the arrays' first elements).  */
  long start = 0;
  struct SCANRT_arg args[] = {
    { x, (n - 1) * sizeof *x }, { &start, sizeof start },
    { y, n * sizeof *y }, { &start, sizeof start },
    { &c, sizeof c },
  };
  int total;
  unsigned long done;
  int status = SCANRT_scan (&desc, -1, 0, 1, n - 1, &y[0], &total, args,
                            &done);
  CHECK (status == 0 && done == n - 1, "status %s, done %lu",
         scanrt_status_name (status), done);
  for (size_t i = 0; i < n; i++)
    CHECK (y[i] == ref[i], "element %zu: %d, expected %d", i, y[i], ref[i]);
  CHECK (total == ref[n - 1], "total");

  /* Windows of at most 65536 bytes: segments of 16383 positions, since
     y's window holds y[0] too; 64 of them, then 70 positions, below a
     host cutoff of 1000 but on the device like the others.  The last
     fails (SCANOMP_FAIL_RUNS counts the runs from its setting on).  With
     DONE its positions are left to the caller: the first 64 segments are
     written, and the total is theirs.  */
  setenv ("SCANOMP_MAX_BUFFER", "65536", 1);
  setenv ("SCANOMP_HOST_CUTOFF", "1000", 1);
  setenv ("SCANOMP_FAIL_RUNS", "65,130", 1);
  memset (y + 1, 0, (n - 1) * sizeof *y);
  status = SCANRT_scan (&desc, -1, 0, 1, n - 1, &y[0], &total, args, &done);
  CHECK (status == SCANRT_HOST && done == 64 * 16383, "split: status %s, "
         "done %lu", scanrt_status_name (status), done);
  for (size_t i = 0; i <= done; i++)
    CHECK (y[i] == ref[i], "split: element %zu: %d, expected %d", i, y[i],
           ref[i]);
  CHECK (y[done + 1] == 0, "split: element %lu written", done + 1);
  CHECK (total == ref[done], "split: total");
  /* Without DONE, nothing can go on from a later segment: all 65 run
     on the device, and the scan fails where the last does (run 130),
     its segments before it written.  */
  status = SCANRT_scan (&desc, -1, 0, 1, n - 1, &y[0], &total, args, NULL);
  CHECK (status < 0, "split, no DONE: status %s", scanrt_status_name (status));
  for (size_t i = 0; i <= 64 * 16383; i++)
    CHECK (y[i] == ref[i], "split, no DONE: element %zu: %d, expected %d", i,
           y[i], ref[i]);
  /* Then all of it, on the device.  */
  status = SCANRT_scan (&desc, -1, 0, 1, n - 1, &y[0], &total, args, &done);
  CHECK (status == 0 && done == n - 1, "split: status %s, done %lu",
         scanrt_status_name (status), done);
  for (size_t i = 0; i < n; i++)
    CHECK (y[i] == ref[i], "split: element %zu: %d, expected %d", i, y[i],
           ref[i]);
  CHECK (total == ref[n - 1], "split: total");
  unsetenv ("SCANOMP_MAX_BUFFER");
  unsetenv ("SCANOMP_FAIL_RUNS");

  /* An extent past the device's largest buffer, in a window that cannot
     be split: the caller falls back.  */
  args[2].bytes = (size_t) 1 << 45;
  status = SCANRT_scan (&desc, -1, 0, 1, n - 1, &y[0], &total, args, &done);
  CHECK (status == SCANRT_HOST && done == 0, "huge extent: %s",
         scanrt_status_name (status));

  desc.version = 99;
  status = SCANRT_scan (&desc, -1, 0, 1, n - 1, &y[0], &total, args, &done);
  CHECK (status == SCANRT_HOST, "wrong version: %s",
         scanrt_status_name (status));
  free (x);
  free (y);
  free (ref);
  puts ("ABI checked");
  return 0;
}
/* { dg-output "libscanrt: SCANOMP_FAIL_RUNS: run 65 on the device fails.*" } */
/* { dg-output "libscanrt: api-abi-1.c:loop: the scan runs on the host instead.*" } */
/* { dg-output "libscanrt: SCANOMP_FAIL_RUNS: run 130 on the device fails.*" } */
/* { dg-output "libscanrt: api-abi-1.c:loop: the scan failed on device .* and may not run on the host.*" } */
/* { dg-output "libscanrt: api-abi-1.c:loop: the scan's first 1048512 positions are written, so it cannot start again on the host.*" } */
/* { dg-output "libscanrt: api-abi-1.c:loop: the loop cannot run in segments that fit the device: one position's window of an array exceeds its largest buffer.*" } */
/* { dg-output "libscanrt: an array of 35184372088832 bytes exceeds the device's largest buffer.*" } */
/* { dg-output "libscanrt: api-abi-1.c:loop: the scan runs on the host instead.*" } */
/* { dg-output "libscanrt: a scan descriptor of ABI version 99, but this libscanrt has version 7.*" } */
/* { dg-output "ABI checked" } */
