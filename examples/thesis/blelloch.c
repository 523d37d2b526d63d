/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* blelloch.c: the host code of the thesis' hand-written OpenCL version
   (see blelloch.h), straight against the OpenCL API: the first GPU, else
   the first device; buffers copied in and out; the kernels of
   templates/scan-blelloch.cl launched level by level.  */

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blelloch.h"

#define WG 256
#define PAIR (2 * WG)

static cl_context context;
static cl_device_id device;
static cl_command_queue queue;

#define CHECK(call)                                                         \
  do                                                                        \
    {                                                                       \
      cl_int err_ = (call);                                                 \
      if (err_ != CL_SUCCESS)                                               \
        {                                                                   \
          fprintf (stderr, "blelloch: %s: OpenCL error %d\n", #call, err_); \
          return -1;                                                        \
        }                                                                   \
    }                                                                       \
  while (0)

static int
open_device (void)
{
  cl_platform_id platforms[8];
  cl_uint np = 0;
  if (queue)
    return 0;
  CHECK (clGetPlatformIDs (8, platforms, &np));
  for (int pass = 0; pass < 2 && !device; pass++)
    for (cl_uint p = 0; p < np && !device; p++)
      clGetDeviceIDs (platforms[p], pass ? CL_DEVICE_TYPE_ALL
                                         : CL_DEVICE_TYPE_GPU, 1, &device,
                      NULL);
  if (!device)
    {
      fprintf (stderr, "blelloch: no OpenCL device\n");
      return -1;
    }
  cl_int err;
  context = clCreateContext (NULL, 1, &device, NULL, NULL, &err);
  CHECK (err);
  queue = clCreateCommandQueue (context, device, 0, &err);
  CHECK (err);
  return 0;
}

/* The kernel set of S, built on first use.  */
static int
build (struct bl_scan *s)
{
  static const char *names[4] = { "scanomp_blelloch_gather",
                                  "scanomp_blelloch_block",
                                  "scanomp_blelloch_add",
                                  "scanomp_blelloch_scatter" };
  if (s->program)
    return 0;
  if (open_device ())
    return -1;
  size_t len = strlen (s->hooks) + 64;
  char *src = malloc (len);
  snprintf (src, len, "%s\n#include \"scan-blelloch.cl\"\n", s->hooks);
  cl_int err;
  const char *srcs[1] = { src };
  cl_program p = clCreateProgramWithSource (context, 1, srcs, NULL, &err);
  free (src);
  CHECK (err);
  char options[1024];
  snprintf (options, sizeof options, "-I %s -DSCANOMP_WG=%d",
            THESIS_TEMPLATES, WG);
  if (clBuildProgram (p, 1, &device, options, NULL, NULL) != CL_SUCCESS)
    {
      char log[16384];
      clGetProgramBuildInfo (p, device, CL_PROGRAM_BUILD_LOG, sizeof log,
                             log, NULL);
      fprintf (stderr, "blelloch: build failed:\n%s\n", log);
      return -1;
    }
  for (int k = 0; k < 4; k++)
    {
      s->kernels[k] = clCreateKernel (p, names[k], &err);
      CHECK (err);
    }
  s->program = p;
  return 0;
}

/* Scan the M elements of A in place, level by level: blocks, then their
   totals (recursively), then the uniform add.  */
static int
scan_levels (struct bl_scan *s, cl_mem a, cl_ulong m)
{
  cl_ulong groups = (m + PAIR - 1) / PAIR;
  cl_int err;
  cl_mem sums = clCreateBuffer (context, CL_MEM_READ_WRITE,
                                groups * s->elem, NULL, &err);
  CHECK (err);
  cl_kernel block = s->kernels[1], add = s->kernels[2];
  size_t local = WG, global = groups * WG;
  CHECK (clSetKernelArg (block, 0, sizeof m, &m));
  CHECK (clSetKernelArg (block, 1, sizeof a, &a));
  CHECK (clSetKernelArg (block, 2, sizeof sums, &sums));
  CHECK (clEnqueueNDRangeKernel (queue, block, 1, NULL, &global, &local, 0,
                                 NULL, NULL));
  if (groups > 1)
    {
      if (scan_levels (s, sums, groups))
        return -1;
      CHECK (clSetKernelArg (add, 0, sizeof m, &m));
      CHECK (clSetKernelArg (add, 1, sizeof a, &a));
      CHECK (clSetKernelArg (add, 2, sizeof sums, &sums));
      CHECK (clEnqueueNDRangeKernel (queue, add, 1, NULL, &global, &local,
                                     0, NULL, NULL));
    }
  CHECK (clReleaseMemObject (sums));
  return 0;
}

int
bl_run (struct bl_scan *s, long n, long first, const void *seed,
        int exclusive, int nargs, const struct bl_arg *args)
{
  if (n <= 0)
    return 0;
  if (build (s))
    return -1;
  cl_int err;
  cl_mem bufs[16];
  cl_ulong m = n;
  cl_long first_ = first;
  cl_uint flags = exclusive ? 1 : 0;
  cl_mem tmp = clCreateBuffer (context, CL_MEM_READ_WRITE, m * s->elem, NULL,
                               &err);
  CHECK (err);
  cl_mem total = clCreateBuffer (context, CL_MEM_READ_WRITE, s->elem, NULL,
                                 &err);
  CHECK (err);
  cl_kernel gather = s->kernels[0], scatter = s->kernels[3];
  for (int k = 0; k < nargs; k++)
    {
      const struct bl_arg *a = &args[k];
      if (a->kind == BL_SCALAR)
        {
          CHECK (clSetKernelArg (gather, 3 + k, a->bytes, a->ptr));
          CHECK (clSetKernelArg (scatter, 9 + k, a->bytes, a->ptr));
          continue;
        }
      cl_mem_flags f = a->kind == BL_IN ? CL_MEM_READ_ONLY
                       : a->kind == BL_OUT ? CL_MEM_WRITE_ONLY
                       : CL_MEM_READ_WRITE;
      if (a->kind != BL_OUT)
        f |= CL_MEM_COPY_HOST_PTR;
      bufs[k] = clCreateBuffer (context, f, a->bytes,
                                a->kind != BL_OUT ? a->ptr : NULL, &err);
      CHECK (err);
      CHECK (clSetKernelArg (gather, 3 + k, sizeof bufs[k], &bufs[k]));
      CHECK (clSetKernelArg (scatter, 9 + k, sizeof bufs[k], &bufs[k]));
    }
  size_t local = WG, global = (m + WG - 1) / WG * WG;
  CHECK (clSetKernelArg (gather, 0, sizeof m, &m));
  CHECK (clSetKernelArg (gather, 1, sizeof first_, &first_));
  CHECK (clSetKernelArg (gather, 2, sizeof tmp, &tmp));
  CHECK (clEnqueueNDRangeKernel (queue, gather, 1, NULL, &global, &local, 0,
                                 NULL, NULL));
  if (scan_levels (s, tmp, m))
    return -1;
  CHECK (clSetKernelArg (scatter, 0, sizeof m, &m));
  CHECK (clSetKernelArg (scatter, 1, sizeof first_, &first_));
  CHECK (clSetKernelArg (scatter, 2, s->elem, seed));
  CHECK (clSetKernelArg (scatter, 3, sizeof flags, &flags));
  /* The seed is the value above, not one in memory.  */
  cl_mem no_mem = NULL;
  cl_ulong no_offset = 0;
  CHECK (clSetKernelArg (scatter, 4, sizeof no_mem, &no_mem));
  CHECK (clSetKernelArg (scatter, 5, sizeof no_offset, &no_offset));
  CHECK (clSetKernelArg (scatter, 6, sizeof tmp, &tmp));
  CHECK (clSetKernelArg (scatter, 7, sizeof total, &total));
  /* No late items (SCANOMP_LATE): a buffer the kernel does not touch.  */
  CHECK (clSetKernelArg (scatter, 8, sizeof total, &total));
  CHECK (clEnqueueNDRangeKernel (queue, scatter, 1, NULL, &global, &local, 0,
                                 NULL, NULL));
  for (int k = 0; k < nargs; k++)
    if (args[k].kind == BL_OUT || args[k].kind == BL_INOUT)
      CHECK (clEnqueueReadBuffer (queue, bufs[k], CL_FALSE, 0, args[k].bytes,
                                  args[k].ptr, 0, NULL, NULL));
  CHECK (clFinish (queue));
  for (int k = 0; k < nargs; k++)
    if (args[k].kind != BL_SCALAR)
      CHECK (clReleaseMemObject (bufs[k]));
  CHECK (clReleaseMemObject (tmp));
  CHECK (clReleaseMemObject (total));
  return 0;
}
