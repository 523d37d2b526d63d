/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* floor.h: the driver's floor for a call, which the per-call benchmarks
   set libscanrt's time against: an empty kernel of one work-item,
   enqueued and waited for (clFinish) as libscanrt enqueues a scan and
   waits for it, in a context and queue of the benchmark's own on the
   device libscanrt names.  What a call costs beyond it and beyond the
   kernels' own time is the runtime's.

   A second floor: an empty kernel that takes what a scan's kernel takes,
   18 arguments (the CPU kernel set's: 6 buffers and 12 values), set
   once, as libscanrt sets a resident scan's (it sets again only those
   that change, two): the driver's cost of a launch that carries them
   (pocl copies every argument into each launch), so that what a call
   costs beyond it is libscanrt's alone.

   Where the device has cl_khr_command_buffer (and the headers know it),
   the same kernel recorded once in a command buffer, which each replay
   enqueues and waits for: whether paying the launch once would lower the
   floor.  */

#ifndef SCANOMP_FLOOR_H
#define SCANOMP_FLOOR_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <CL/cl_ext.h>
#include <string.h>

struct bench_floor
{
  cl_context ctx;
  cl_command_queue q;
  cl_kernel k;
  cl_kernel k_args;                    /* the 18 arguments' */
  cl_mem bufs[4];
#ifdef cl_khr_command_buffer
  cl_command_buffer_khr recorded;     /* NULL without the extension */
  clEnqueueCommandBufferKHR_fn replay;
#endif
};

#ifdef cl_khr_command_buffer
/* Record F's kernel in a command buffer, where PLATFORM's device has the
   extension; leave F->recorded NULL where not.  */
static inline void
bench_floor_record (struct bench_floor *f, cl_platform_id platform,
                    cl_device_id device)
{
  char ext[8192] = "";
  clGetDeviceInfo (device, CL_DEVICE_EXTENSIONS, sizeof ext, ext, NULL);
  if (!strstr (ext, "cl_khr_command_buffer"))
    return;
  clCreateCommandBufferKHR_fn create = (clCreateCommandBufferKHR_fn)
    clGetExtensionFunctionAddressForPlatform (platform,
                                              "clCreateCommandBufferKHR");
  clCommandNDRangeKernelKHR_fn add = (clCommandNDRangeKernelKHR_fn)
    clGetExtensionFunctionAddressForPlatform (platform,
                                              "clCommandNDRangeKernelKHR");
  clFinalizeCommandBufferKHR_fn finish = (clFinalizeCommandBufferKHR_fn)
    clGetExtensionFunctionAddressForPlatform (platform,
                                              "clFinalizeCommandBufferKHR");
  f->replay = (clEnqueueCommandBufferKHR_fn)
    clGetExtensionFunctionAddressForPlatform (platform,
                                              "clEnqueueCommandBufferKHR");
  if (!create || !add || !finish || !f->replay)
    return;
  cl_int err;
  size_t one = 1;
  cl_command_buffer_khr b = create (1, &f->q, NULL, &err);
  if (err == CL_SUCCESS)
    err = add (b, NULL, NULL, f->k, 1, NULL, &one, &one, 0, NULL, NULL,
               NULL);
  if (err == CL_SUCCESS)
    err = finish (b);
  if (err == CL_SUCCESS)
    f->recorded = b;
}
#endif

/* The OpenCL device named NAME (scanrt_get_device_name's), in *DEVICE,
   and its platform, in *PLATFORM: the first of that name when the ICD
   loader's platforms are taken in order, as libscanrt numbers them.
   Returns 0, or -1 when there is none.  */
static inline int
bench_find_device (const char *name, cl_platform_id *platform,
                   cl_device_id *device)
{
  cl_platform_id plats[16];
  cl_uint np = 0;
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
          if (!strcmp (dn, name))
            {
              *platform = plats[p];
              *device = ids[d];
              return 0;
            }
        }
    }
  return -1;
}

/* Open *F on the OpenCL device named NAME.  Returns 0, or -1 when there
   is none or it fails.  */
static inline int
bench_floor_open (struct bench_floor *f, const char *name)
{
  const char *source =
    "__kernel void empty (void) { }\n"
    "__kernel void empty_args (ulong n, long first, uint seed, uint flags,\n"
    "  __global uint *seed_at, ulong seed_offset, ulong chunk,\n"
    "  __global uint *carry, __global uint *chain, uint tickets,\n"
    "  uint epoch, __global uint *late, __global uint *in,\n"
    "  ulong in_offset, long in_start, __global uint *out,\n"
    "  ulong out_offset, long out_start) { }\n";
  cl_platform_id platform;
  cl_device_id device;
  memset (f, 0, sizeof *f);
  if (bench_find_device (name, &platform, &device))
    return -1;
  cl_int err;
  cl_program prog = NULL;
  f->ctx = clCreateContext (NULL, 1, &device, NULL, NULL, &err);
  if (err == CL_SUCCESS)
    f->q = clCreateCommandQueue (f->ctx, device, 0, &err);
  if (err == CL_SUCCESS)
    prog = clCreateProgramWithSource (f->ctx, 1, &source, NULL, &err);
  if (err == CL_SUCCESS)
    err = clBuildProgram (prog, 1, &device, "", NULL, NULL);
  if (err == CL_SUCCESS)
    f->k = clCreateKernel (prog, "empty", &err);
  if (err == CL_SUCCESS)
    f->k_args = clCreateKernel (prog, "empty_args", &err);
  for (int b = 0; b < 4 && err == CL_SUCCESS; b++)
    f->bufs[b] = clCreateBuffer (f->ctx, CL_MEM_READ_WRITE, 64, NULL, &err);
  /* The arguments, each once: the 6 buffers among the 4 made, as the
     scan's kernel takes its carry twice and its input and output as
     one.  */
  cl_ulong u = 4096;
  cl_uint w = 0;
  cl_mem *b = f->bufs;
  const void *values[18] = { &u, &u, &w, &w, &b[0], &u, &u, &b[0], &b[1],
                             &w, &w, &b[2], &b[3], &u, &u, &b[3], &u, &u };
  const size_t sizes[18] = { 8, 8, 4, 4, sizeof (cl_mem), 8, 8,
                             sizeof (cl_mem), sizeof (cl_mem), 4, 4,
                             sizeof (cl_mem), sizeof (cl_mem), 8, 8,
                             sizeof (cl_mem), 8, 8 };
  for (cl_uint a = 0; a < 18 && err == CL_SUCCESS; a++)
    err = clSetKernelArg (f->k_args, a, sizes[a], values[a]);
  if (prog)
    clReleaseProgram (prog);
#ifdef cl_khr_command_buffer
  if (err == CL_SUCCESS)
    bench_floor_record (f, platform, device);
#endif
  return err == CL_SUCCESS ? 0 : -1;
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

/* One launch of F's empty kernel of 18 arguments and its wait; 0, or -1
   on failure.  */
static inline int
bench_floor_run_args (const struct bench_floor *f)
{
  size_t one = 1;
  return clEnqueueNDRangeKernel (f->q, f->k_args, 1, NULL, &one, &one, 0,
                                 NULL, NULL) == CL_SUCCESS
         && clFinish (f->q) == CL_SUCCESS ? 0 : -1;
}

/* Whether F has the kernel recorded in a command buffer.  */
static inline int
bench_floor_recorded (const struct bench_floor *f)
{
#ifdef cl_khr_command_buffer
  return f->recorded != NULL;
#else
  (void) f;
  return 0;
#endif
}

/* One replay of F's recorded kernel and its wait; 0, or -1 on failure
   or where nothing was recorded.  */
static inline int
bench_floor_replay (const struct bench_floor *f)
{
#ifdef cl_khr_command_buffer
  cl_command_queue q = f->q;
  return f->recorded
         && f->replay (1, &q, f->recorded, 0, NULL, NULL) == CL_SUCCESS
         && clFinish (q) == CL_SUCCESS ? 0 : -1;
#else
  (void) f;
  return -1;
#endif
}

#endif
