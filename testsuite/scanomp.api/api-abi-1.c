/* The SCANRT_scan entry point as generated code calls it: the thesis' loop
     for (i = 1; i < n; i++) y[i] = y[i-1] + 2 * x[i-1] + c;
   with hand-written hooks (a fused map), a scalar argument, and arrays
   passed as host pointers with extents.  Also an extent larger than the
   device's largest buffer, which falls back, and a descriptor of the wrong
   ABI version.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-env SCANOMP_HOST_CUTOFF 0 } */

#include <scanrt-abi.h>

#include "api-check.h"

static const char source[] =
  "#define SCANOMP_T int\n"
  "#define SCANOMP_UT uint\n"
  "#define SCANOMP_OP 1\n"
  "#define SCANOMP_PARAMS __global const int *x, ulong x_off, "
  "__global int *y, ulong y_off, int c\n"
  "#define SCANOMP_ARGS x, x_off, y, y_off, c\n"
  "#define X(i) ((__global const int *) ((__global const char *) x "
  "+ x_off))[i]\n"
  "#define Y(i) ((__global int *) ((__global char *) y + y_off))[i]\n"
  "#define SCANOMP_LOAD(i) (2 * X ((i) - 1) + c)\n"
  "#define SCANOMP_STORE(i, v) (Y (i) = (v))\n";

static const struct SCANRT_arg_desc kinds[] = {
  { SCANRT_ARG_IN, 0 },
  { SCANRT_ARG_INOUT, 0 },
  { SCANRT_ARG_SCALAR, sizeof (int) },
};

int
main (void)
{
  struct SCANRT_desc desc = { SCANRT_ABI_VERSION, "api-abi-1.c:loop", source,
                              SCANRT_INT, SCANRT_ADD, sizeof (int), 0, 3,
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
     their first element, as the plugin will.  */
  struct SCANRT_arg args[] = {
    { x, (n - 1) * sizeof *x },
    { y, n * sizeof *y },
    { &c, sizeof c },
  };
  int total;
  int status = SCANRT_scan (&desc, -1, 1, n - 1, &y[0], &total, args);
  CHECK (status == 0, "status %s", scanrt_status_name (status));
  for (size_t i = 0; i < n; i++)
    CHECK (y[i] == ref[i], "element %zu: %d, expected %d", i, y[i], ref[i]);
  CHECK (total == ref[n - 1], "total");

  /* An extent past the device's largest buffer: the caller falls back.  */
  args[1].bytes = (size_t) 1 << 45;
  status = SCANRT_scan (&desc, -1, 1, n - 1, &y[0], &total, args);
  CHECK (status == SCANRT_HOST, "huge extent: %s", scanrt_status_name (status));

  desc.version = 99;
  status = SCANRT_scan (&desc, -1, 1, n - 1, &y[0], &total, args);
  CHECK (status == SCANRT_HOST, "wrong version: %s",
         scanrt_status_name (status));
  puts ("ABI checked");
  return 0;
}
/* { dg-output "libscanrt: an array of 35184372088832 bytes exceeds the device's largest buffer.*" } */
/* { dg-output "libscanrt: api-abi-1.c:loop: the scan runs on the host instead.*" } */
/* { dg-output "libscanrt: a scan descriptor of ABI version 99, but this libscanrt has version 1.*" } */
/* { dg-output "ABI checked" } */
