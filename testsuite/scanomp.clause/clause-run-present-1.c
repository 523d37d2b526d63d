/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The `present' modifier (GCC 14 on) on data constructs around target
   scans, on a device with memory of its own (pocl made to copy,
   SCANOMP_UNIFIED=0): `target exit data map(present, from:)' counts the
   data down and copies it back at its last exit, `always, present' copies
   at once, `present' regions and `update to(present:)' copy nothing more;
   each step checked against the same steps run on host copies, as
   clause-run-data-1.c does.  Data the modifier finds mapped nowhere is
   said once and left on the host, where the scans of it still give the
   sequential loop's values.  The same through the API's
   SCANRT_MAP_PRESENT, under every GCC.  GCC's gimplifier makes
   `present' without `always' a presence check of its own kind, which the
   plugin once dropped: the exit copied nothing back.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD DEFAULT } */

#include "clause-check.h"
#include <scanrt.h>

#define N 5003L

static long y[N], dev[N], host[N], z[N];

/* Scan A on the device.  */
static void
scan (long *a)
{
#pragma omp target map(tofrom: a[0:N])
#pragma omp parallel for scan(+: a)
  for (long i = 1; i < N; i++)
    a[i] = a[i-1] + a[i];
}

/* The same scan of a model of one copy.  */
static void
scan_model (long *a)
{
  for (long i = 1; i < N; i++)
    a[i] = a[i-1] + a[i];
}

static void
same (const long *got, const long *want, const char *what)
{
  for (long i = 0; i < N; i++)
    if (got[i] != want[i])
      FAIL ("%s: [%ld] is %ld, not %ld", what, i, got[i], want[i]);
}

static void
fill (void)
{
  for (long i = 0; i < N; i++)
    y[i] = host[i] = dev[i] = (long) (rnd () % 100) - 50;
}

/* The modifier through the API: entered data is present, other data
   not, and a present exit counts down and copies back as any.  */
static void
through_api (void)
{
  size_t bytes = sizeof y;
  unsigned present_to = SCANRT_MAP_PRESENT | SCANRT_MAP_TO;
  unsigned present_from = SCANRT_MAP_PRESENT | SCANRT_MAP_FROM;
  fill ();
  CHECK (scanrt_data_enter (-1, y, bytes, present_to) == SCANRT_EINVAL,
         "a present entry of data not mapped");
  CHECK (scanrt_data_enter (-1, y, bytes, SCANRT_MAP_TO) == SCANRT_OK,
         "an entry");
  CHECK (scanrt_data_enter (-1, y + 10, 10 * sizeof *y, present_to)
         == SCANRT_OK, "a present entry of part of mapped data");
  y[0] = host[0] = 99;
  scan (y);
  scan_model (dev);
  CHECK (scanrt_data_update (-1, y, bytes, SCANRT_MAP_FROM
                             | SCANRT_MAP_PRESENT) == SCANRT_OK,
         "a present update");
  same (y, dev, "the API's present update");
  CHECK (scanrt_data_exit (-1, y + 10, 10 * sizeof *y, present_from)
         == SCANRT_OK, "a present exit of part");
  y[0] = host[0] = 7;
  CHECK (scanrt_data_exit (-1, y, bytes, present_from) == SCANRT_OK,
         "the last present exit");
  same (y, dev, "the API's last present exit");
  CHECK (scanrt_data_exit (-1, y, bytes, present_from) == SCANRT_EINVAL,
         "a present exit of data no longer mapped");
}

int
main (void)
{
#if __GNUC__ >= 14
  /* enter, a scan on the device, then a present exit from: the last,
     so it copies back.  */
  fill ();
#pragma omp target enter data map(to: y[0:N])
  y[0] = host[0] = 1000;
  scan (y);
  scan_model (dev);
  same (y, host, "after a scan of mapped data, the host's copy");
#pragma omp target exit data map(present, from: y[0:N])
  same (y, dev, "the last exit, present from");

  /* present regions and updates inside mapped data.  */
  fill ();
#pragma omp target data map(to: y[0:N])
  {
#pragma omp target data map(present, tofrom: y[0:N])
    {
      y[3] = host[3] = dev[3] = -5;
#pragma omp target update to(present: y[2:2])
      scan (y);
      scan_model (dev);
    }
    same (y, host, "the end of a present region");
#pragma omp target enter data map(present, alloc: y[0:N])
#pragma omp target exit data map(always, present, from: y[0:N])
    same (y, dev, "an always present exit");
    memcpy (host, dev, sizeof dev);
    y[0] = host[0] = dev[0] = 3;
#pragma omp target data map(always, present, to: y[0:1])
    scan (y);
    scan_model (dev);
#pragma omp target update from(present: y[N-10:10])
    memcpy (host + N - 10, dev + N - 10, 10 * sizeof *dev);
    same (y, host, "a present update from");
  }
  same (y, host, "the end of a to region");

  /* Data mapped nowhere: said, and scanned on the host's copy.  */
  for (long i = 0; i < N; i++)
    z[i] = host[i] = (long) (rnd () % 100) - 50;
#pragma omp target data map(present, tofrom: z[0:N])
  scan (z);
  scan_model (host);
  same (z, host, "a present region of data mapped nowhere");
#pragma omp target update to(present: z[0:N])
  scan (z);
  scan_model (host);
  same (z, host, "after a present update of data mapped nowhere");
#else
  /* z's message, which the pragmas above give from GCC 14.  */
  scanrt_data_update (-1, z, sizeof z, SCANRT_MAP_TO | SCANRT_MAP_PRESENT);
#endif
  through_api ();
  puts ("present checked");
  return 0;
}
/* z's present region and update say it once, the API's entry of y once
   (its exit of the same range nothing more).  */
/* { dg-output "libscanrt: the present modifier: 0x\[0-9a-f\]+ \\(40024 bytes\\) is not mapped on device 0; it stays on the host.*libscanrt: the present modifier: 0x\[0-9a-f\]+ \\(40024 bytes\\) is not mapped on device 0" } */
