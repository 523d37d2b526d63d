/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* floor.h: the driver's floor for a call, which the per-call benchmarks
   set libscanrt's time against: an empty kernel of one work-item,
   enqueued and waited for (clFinish) as libscanrt enqueues a scan and
   waits for it, in a context and queue of the benchmark's own on the
   device libscanrt names.  What a call costs beyond it and beyond the
   kernels' own time is the runtime's.  */

#ifndef SCANOMP_FLOOR_H
#define SCANOMP_FLOOR_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <string.h>

struct bench_floor
{
  cl_context ctx;
  cl_command_queue q;
  cl_kernel k;
};

/* Open *F on the OpenCL device named NAME (scanrt_get_device_name's).
   Returns 0, or -1 when there is none or it fails.  */
static inline int
bench_floor_open (struct bench_floor *f, const char *name)
{
  const char *source = "__kernel void empty (void) { }\n";
  cl_platform_id plats[16];
  cl_uint np = 0;
  memset (f, 0, sizeof *f);
  if (clGetPlatformIDs (16, plats, &np) != CL_SUCCESS)
    return -1;
  for (cl_uint p = 0; p < np && p < 16; p++)
    {
      cl_device_id ids[64];
      cl_uint nd = 0;
      if (clGetDeviceIDs (plats[p], CL_DEVICE_TYPE_ALL, 64, ids, &nd)
          != CL_SUCCESS)
        continue;
      for (cl_uint d = 0; d < nd && d < 64; d++)
        {
          char dn[256] = "";
          clGetDeviceInfo (ids[d], CL_DEVICE_NAME, sizeof dn, dn, NULL);
          if (strcmp (dn, name))
            continue;
          cl_int err;
          cl_program prog = NULL;
          f->ctx = clCreateContext (NULL, 1, &ids[d], NULL, NULL, &err);
          if (err == CL_SUCCESS)
            f->q = clCreateCommandQueue (f->ctx, ids[d], 0, &err);
          if (err == CL_SUCCESS)
            prog = clCreateProgramWithSource (f->ctx, 1, &source, NULL,
                                              &err);
          if (err == CL_SUCCESS)
            err = clBuildProgram (prog, 1, &ids[d], "", NULL, NULL);
          if (err == CL_SUCCESS)
            f->k = clCreateKernel (prog, "empty", &err);
          if (prog)
            clReleaseProgram (prog);
          return err == CL_SUCCESS ? 0 : -1;
        }
    }
  return -1;
}

/* One launch of F's empty kernel and its wait; 0, or -1 on failure.  */
static inline int
bench_floor_run (const struct bench_floor *f)
{
  size_t one = 1;
  return clEnqueueNDRangeKernel (f->q, f->k, 1, NULL, &one, &one, 0, NULL,
                                 NULL) == CL_SUCCESS
         && clFinish (f->q) == CL_SUCCESS ? 0 : -1;
}

#endif
