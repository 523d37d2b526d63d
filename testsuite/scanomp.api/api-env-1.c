/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A bad setting is reported once per process, not on every scan: 100
   scans under a bad SCANOMP_HOST_CUTOFF and SCANOMP_VARIANT, each read
   on every scan, give one line each (read back from stderr), and right
   results.  So do a tuning setting out of its range (SCANOMP_CPU_CHUNK=1,
   which made a scan of one-element chunks, clamped to 1024), and one of
   a kernel set the scans do not use (SCANOMP_WG on pocl's CPU set).  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-devices pocl } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF zero } */
/* { dg-set-target-env-var SCANOMP_VARIANT fastest } */
/* { dg-set-target-env-var SCANOMP_CPU_CHUNK 1 } */
/* { dg-set-target-env-var SCANOMP_WG 64 } */

#include <unistd.h>
#include "api-check.h"

#define N 5000

static int x[N], y[N];

/* How many lines of FILE contain NEEDLE.  */
static int
count (FILE *file, const char *needle)
{
  char line[512];
  int k = 0;
  rewind (file);
  while (fgets (line, sizeof line, file))
    k += strstr (line, needle) != NULL;
  return k;
}

int
main (void)
{
  FILE *log = tmpfile ();
  int saved = dup (2);
  CHECK (log && saved >= 0 && dup2 (fileno (log), 2) == 2, "stderr moved");
  for (size_t i = 0; i < N; i++)
    x[i] = (int) (rnd () % 1000);
  for (int k = 0; k < 100; k++)
    {
      scanrt_params p = SCANRT_PARAMS_INIT;
      /* Half on the device whatever the cutoff, which they then do not
         read: the variant is chosen there.  */
      if (k >= 50)
        p.flags = SCANRT_NO_HOST;
      CHECK (scanrt_scan (y, x, N, SCANRT_INT, SCANRT_ADD, &p) >= 0,
             "scan %d", k);
      int acc = 0;
      for (size_t i = 0; i < N; i++)
        CHECK (y[i] == (acc += x[i]), "scan %d element %zu", k, i);
    }
  fflush (stderr);
  dup2 (saved, 2);
  static const char *const settings[] = { "SCANOMP_HOST_CUTOFF=zero",
    "SCANOMP_VARIANT=fastest", "SCANOMP_CPU_CHUNK=1 is not a size from "
    "1024", "SCANOMP_WG=64 does nothing for the cpu kernel set" };
  for (int k = 0; k < 4; k++)
    CHECK (count (log, settings[k]) == 1, "%s reported %d times",
           settings[k], count (log, settings[k]));
  puts ("bad settings reported once");
  return 0;
}
