/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Each kernel template compiles on its own, given its documented -D
   parameters and -I templates, and each missing required parameter stops
   the build with its #error.  Uses OpenCL directly, not libscanrt.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include "api-check.h"

static cl_context ctx;
static cl_device_id dev;
static char dir[4096];

static char *
slurp (const char *name)
{
  char path[8192];
  snprintf (path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen (path, "rb");
  CHECK (f, "cannot open %s", path);
  fseek (f, 0, SEEK_END);
  long len = ftell (f);
  rewind (f);
  char *s = malloc (len + 1);
  CHECK (fread (s, 1, len, f) == (size_t) len, "read %s", path);
  s[len] = 0;
  fclose (f);
  return s;
}

/* Build template NAME with OPTIONS; expect success, or else a log that
   contains EXPECT.  */
static void
build (const char *name, const char *options, const char *expect)
{
  char *src = slurp (name);
  char opts[8192];
  snprintf (opts, sizeof opts, "-I%s %s", dir, options);
  cl_int err;
  cl_program p = clCreateProgramWithSource (ctx, 1, (const char **) &src,
                                            NULL, &err);
  CHECK (err == CL_SUCCESS, "create %s", name);
  err = clBuildProgram (p, 1, &dev, opts, NULL, NULL);
  static char log[65536];
  log[0] = 0;
  clGetProgramBuildInfo (p, dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log,
                         NULL);
  if (!expect)
    CHECK (err == CL_SUCCESS, "%s with %s: %s", name, options, log);
  else
    CHECK (err != CL_SUCCESS && strstr (log, expect),
           "%s with %s: no `%s' in:\n%s", name, options, expect, log);
  clReleaseProgram (p);
  free (src);
}

int
main (void)
{
  const char *src = getenv ("SCANOMP_SRCDIR");
  CHECK (src, "the harness sets SCANOMP_SRCDIR");
  snprintf (dir, sizeof dir, "%s/templates", src);
  cl_platform_id plat;
  CHECK (clGetPlatformIDs (1, &plat, NULL) == CL_SUCCESS, "platform");
  CHECK (clGetDeviceIDs (plat, CL_DEVICE_TYPE_ALL, 1, &dev, NULL)
         == CL_SUCCESS, "device");
  ctx = clCreateContext (NULL, 1, &dev, NULL, NULL, NULL);
  CHECK (ctx, "context");

  const char *base = "-DSCANOMP_T=int -DSCANOMP_UT=uint -DSCANOMP_OP=1";
  char opts[1024];
  snprintf (opts, sizeof opts, "%s -DSCANOMP_CPU_UNROLL=4", base);
  build ("scan-cpu.cl", opts, NULL);
  snprintf (opts, sizeof opts, "%s -DSCANOMP_WG=64 -DSCANOMP_ITEMS=4", base);
  build ("scan-gpu.cl", opts, NULL);
  snprintf (opts, sizeof opts, "%s -DSCANOMP_WG=64", base);
  build ("scan-blelloch.cl", opts, NULL);
  snprintf (opts, sizeof opts, "%s -DSCANOMP_WG=64 -DSCANOMP_ITEMS=4", base);
  build ("scan-lookback.cl", opts, NULL);
  snprintf (opts, sizeof opts,
            "%s -DSCANOMP_WG=64 -DSCANOMP_ITEMS=3 -DSCANOMP_LOOKBACK=16",
            base);
  build ("scan-lookback.cl", opts, NULL);
  /* Under 32 work-items, the window and the walk.  */
  snprintf (opts, sizeof opts, "%s -DSCANOMP_WG=16 -DSCANOMP_ITEMS=3", base);
  build ("scan-lookback.cl", opts, NULL);
  snprintf (opts, sizeof opts, "%s -DSCANOMP_WG=16 -DSCANOMP_ITEMS=3 "
            "-DSCANOMP_WALK=1", base);
  build ("scan-lookback.cl", opts, NULL);
  build ("scan-cpu.cl",
         "-DSCANOMP_T=double -DSCANOMP_OP=9 -DSCANOMP_T_MIN=(-INFINITY) "
         "-DSCANOMP_T_MAX=INFINITY -DSCANOMP_CPU_UNROLL=2", NULL);
  /* The reproducible set, as run/reproset.c builds it, its single pass
     walked and windowed.  */
  const char *repro = "-DSCANOMP_T=float -DSCANOMP_OP=1 -DREPRO_DIGITS=67 "
                      "-DREPRO_CHUNK=16 -DREPRO_PREFIX_WG=128";
  snprintf (opts, sizeof opts, "%s -DSCANOMP_WALK=1 -DREPRO_ONEPASS=1 "
            "-DONEPASS_SLOT=73 -DREPRO_FLAG_START=4u", repro);
  build ("scan-repro.cl", opts, NULL);
  snprintf (opts, sizeof opts, "%s -DSCANOMP_WALK=0 -DREPRO_ONEPASS=1 "
            "-DONEPASS_SLOT=73 -DREPRO_FLAG_START=4u", repro);
  build ("scan-repro.cl", opts, NULL);
  snprintf (opts, sizeof opts, "%s -DREPRO_ONEPASS=1 -DONEPASS_SLOT=74 "
            "-DREPRO_FLAG_START=4u", repro);
  build ("scan-repro.cl", opts, "not a total's and a sum's words");
  snprintf (opts, sizeof opts, "%s -DREPRO_ONEPASS=0 -DONEPASS_SLOT=73 "
            "-DREPRO_FLAG_START=2u", repro);
  build ("scan-repro.cl", opts, "is another flag's bit");
  snprintf (opts, sizeof opts, "%s -DREPRO_ONEPASS=0 -DONEPASS_SLOT=73",
            repro);
  build ("scan-repro.cl", opts, "options run/reproset.c passes are missing");

  build ("scan-cpu.cl", base, "define SCANOMP_CPU_UNROLL");
  build ("scan-gpu.cl", "-DSCANOMP_T=int -DSCANOMP_OP=1 -DSCANOMP_ITEMS=2",
         "define SCANOMP_WG");
  build ("scan-gpu.cl", "-DSCANOMP_T=int -DSCANOMP_OP=1 -DSCANOMP_WG=2",
         "define SCANOMP_ITEMS");
  build ("scan-gpu.cl",
         "-DSCANOMP_T=int -DSCANOMP_OP=1 -DSCANOMP_WG=6 -DSCANOMP_ITEMS=2",
         "SCANOMP_WG must be a power of two");
  build ("scan-blelloch.cl", "-DSCANOMP_T=int -DSCANOMP_OP=1",
         "define SCANOMP_WG");
  build ("scan-lookback.cl", "-DSCANOMP_T=int -DSCANOMP_OP=1 -DSCANOMP_WG=8",
         "define SCANOMP_ITEMS");
  build ("scan-lookback.cl",
         "-DSCANOMP_T=int -DSCANOMP_OP=1 -DSCANOMP_WG=64 -DSCANOMP_ITEMS=2 "
         "-DSCANOMP_LOOKBACK=24",
         "SCANOMP_LOOKBACK must be a power of two up to SCANOMP_WG");
  build ("scan-lookback.cl",
         "-DSCANOMP_T=int -DSCANOMP_OP=1 -DSCANOMP_WG=8 -DSCANOMP_ITEMS=2 "
         "-DSCANOMP_LOOKBACK=16",
         "SCANOMP_LOOKBACK must be a power of two up to SCANOMP_WG");
  build ("scan-gpu.cl",
         "-DSCANOMP_T=int -DSCANOMP_OP=1 -DSCANOMP_WG=16 -DSCANOMP_ITEMS=2 "
         "-DSCANOMP_PTX=1",
         "SCANOMP_PTX needs work-groups of 32 work-items or more");
  build ("scan-cpu.cl", "-DSCANOMP_OP=1 -DSCANOMP_CPU_UNROLL=1",
         "define SCANOMP_T");
  build ("scan-cpu.cl", "-DSCANOMP_T=int -DSCANOMP_CPU_UNROLL=1",
         "define SCANOMP_OP");
  build ("scan-cpu.cl", "-DSCANOMP_T=int -DSCANOMP_OP=9 -DSCANOMP_CPU_UNROLL=1",
         "min and max need SCANOMP_T_MIN");
  build ("scan-cpu.cl", "-DSCANOMP_T=int -DSCANOMP_OP=11 -DSCANOMP_CPU_UNROLL=1",
         "SCANOMP_OP_USER needs SCANOMP_COMBINE");
  build ("scan-cpu.cl", "-DSCANOMP_T=int -DSCANOMP_OP=12 -DSCANOMP_CPU_UNROLL=1",
         "not one of the SCANOMP_OP_* codes");
  build ("scan-cpu.cl",
         "-DSCANOMP_T=int -DSCANOMP_OP=1 -DSCANOMP_CPU_UNROLL=1 "
         "-DSCANOMP_PARAMS=int",
         "SCANOMP_PARAMS needs SCANOMP_ARGS");
  clReleaseContext (ctx);
  puts ("templates checked");
  return 0;
}
