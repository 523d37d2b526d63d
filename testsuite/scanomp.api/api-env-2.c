/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A setting changed between scans is seen by the next scan, however the
   program changes it: libscanrt keeps what getenv found while the
   environment's entries stay the same strings (base/settings.c).
   SCANOMP_HOST says where scanrt_scan runs: on the device ("opencl"),
   where it returns SCANRT_OK and kernel_seconds reports the kernels'
   time, or on the host ("native", and unset), SCANRT_HOST and -1.  The setting goes through
   setenv, unsetenv, setenv over an existing value, putenv of a buffer of
   the test's, that buffer changed in place, many unrelated variables set
   and removed around it (which move the environment's array), and back;
   each scan is checked against the sequential one.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-devices pocl } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include "api-check.h"

#define N 20000

static unsigned x[N], y[N], ref[N];

/* Scan x into y; whether it ran on the device (its kernels timed).  */
static int
on_device (void)
{
  scanrt_params p = SCANRT_PARAMS_INIT;
  double kernels = -2;
  p.kernel_seconds = &kernels;
  memset (y, 0, sizeof y);
  int status = scanrt_scan (y, x, N, SCANRT_UINT, SCANRT_ADD, &p);
  CHECK (status == SCANRT_OK || status == SCANRT_HOST, "scan failed: %d",
         status);
  CHECK (!memcmp (y, ref, sizeof y), "wrong scan");
  CHECK ((status == SCANRT_OK && kernels >= 0)
         || (status == SCANRT_HOST && kernels == -1),
         "status %d with kernel_seconds %g", status, kernels);
  return status == SCANRT_OK;
}

int
main (void)
{
  for (int i = 0; i < N; i++)
    x[i] = (unsigned) rnd ();
  for (int i = 0; i < N; i++)
    ref[i] = (i ? ref[i - 1] : 0) + x[i];

  CHECK (!on_device (), "unset: ran on the device");
  setenv ("SCANOMP_HOST", "opencl", 1);
  CHECK (on_device (), "setenv opencl: ran on the host");
  setenv ("SCANOMP_HOST", "native", 1);
  CHECK (!on_device (), "setenv native: ran on the device");
  setenv ("SCANOMP_HOST", "opencl", 1);
  CHECK (on_device (), "setenv opencl again: ran on the host");
  unsetenv ("SCANOMP_HOST");
  CHECK (!on_device (), "unsetenv: ran on the device");

  static char entry[] = "SCANOMP_HOST=opencl";
  putenv (entry);
  CHECK (on_device (), "putenv opencl: ran on the host");
  /* The same string, changed in place: POSIX makes it the environment.  */
  memcpy (entry + strlen ("SCANOMP_HOST="), "native", 6);
  CHECK (!on_device (), "putenv's string changed to native: device");
  memcpy (entry + strlen ("SCANOMP_HOST="), "opencl", 6);
  CHECK (on_device (), "putenv's string changed back: host");

  /* Unrelated variables come and go; the setting stays as it is, then
     changes among them.  */
  char name[32];
  for (int k = 0; k < 64; k++)
    {
      snprintf (name, sizeof name, "API_ENV_2_%d", k);
      setenv (name, "x", 1);
    }
  CHECK (on_device (), "unrelated variables set: ran on the host");
  setenv ("SCANOMP_HOST", "native", 1);
  for (int k = 0; k < 64; k += 2)
    {
      snprintf (name, sizeof name, "API_ENV_2_%d", k);
      unsetenv (name);
    }
  CHECK (!on_device (), "native among unrelated changes: device");
  unsetenv ("SCANOMP_HOST");
  setenv ("API_ENV_2_0", "y", 1);
  CHECK (!on_device (), "unset again: ran on the device");
  setenv ("SCANOMP_HOST", "opencl", 0);
  CHECK (on_device (), "setenv without overwrite: ran on the host");
  return 0;
}
