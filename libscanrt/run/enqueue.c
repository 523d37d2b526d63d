/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* enqueue.c: what every kernel set does to run its kernels (kernelset.c,
   reproset.c): setting a kernel's arguments in order, enqueuing it,
   scratch buffers made for a launch or kept from launch to launch, the
   look-back chains' state, and how the look-backs read.  */

#include <string.h>

#include "run.h"

/* Whether the look-backs on DEV walk with one work-item rather than
   read a window at once: as SCANOMP_WALK says, else on CPU devices,
   where one work-item's walk was the faster (pocl 3.1, 2026-11-30: the
   group's window at 0.82 times its speed in the median).  */
int
scanrt_walks (const struct scanrt_device *dev)
{
  return scanrt_setting_size (SCANRT_SET_WALK,
                              (dev->type & CL_DEVICE_TYPE_CPU) != 0, 1,
                              NULL) != 0;
}

/* Set the next argument, SIZE bytes at V (a buffer where MEM).  */
static void
put_arg (struct scanrt_setter *s, size_t size, const void *v, int mem)
{
  if (s->err != CL_SUCCESS)
    return;
  cl_uint i = s->i++;
  struct scanrt_kernel_args *a = i < SCANRT_KEPT_ARGS ? s->set : NULL;
  int small = v && size <= SCANRT_KEPT_BYTES;
  if (a && small && a->size[i] == size && a->buffer[i] == mem
      && !memcmp (a->value[i], v, size))
    return;
  s->err = clSetKernelArg (s->k, i, size, v);
  if (a && small && s->err == CL_SUCCESS)
    {
      a->size[i] = (unsigned char) size;
      a->buffer[i] = (unsigned char) mem;
      memcpy (a->value[i], v, size);
    }
  else if (a)
    a->size[i] = 0;
}

void
scanrt_put (struct scanrt_setter *s, size_t size, const void *v)
{
  put_arg (s, size, v, 0);
}

void
scanrt_put_mem (struct scanrt_setter *s, cl_mem m)
{
  put_arg (s, sizeof m, &m, 1);
}

void
scanrt_put_ulong (struct scanrt_setter *s, cl_ulong v)
{
  scanrt_put (s, sizeof v, &v);
}

/* The arguments behind SCANOMP_PARAMS.  */
void
scanrt_put_hooks (struct scanrt_setter *s, const struct scanrt_launch *l)
{
  for (unsigned i = 0; i < l->desc->nargs; i++)
    if (!scanrt_arg_is_array (l->desc->args[i].kind))
      scanrt_put (s, l->desc->args[i].size, l->args[i].ptr);
    else
      {
        scanrt_put_mem (s, l->bound[i].mem);
        scanrt_put_ulong (s, l->bound[i].offset);
      }
}

/* Start setting the arguments of kernel NAME.  */
struct scanrt_setter
scanrt_setter_for (const struct scanrt_launch *l, const char *name)
{
  struct scanrt_setter s = { NULL, NULL, 0, CL_SUCCESS };
  s.k = scanrt_program_kernel (l->prog, name, &s.set);
  if (!s.k)
    s.err = CL_INVALID_KERNEL_NAME;
  return s;
}

/* Enqueue the kernel of S over GLOBAL work-items in groups of LOCAL.  */
int
scanrt_enqueue (const struct scanrt_launch *l, struct scanrt_setter *s,
                size_t global, size_t local)
{
  if (s->err != CL_SUCCESS)
    {
      if (s->k)
        scanrt_report_cl ("clSetKernelArg", s->err,
                          "the kernel's parameters do not match its "
                          "descriptor; report this as a scanomp bug");
      return SCANRT_EDEVICE;
    }
  global = (global + local - 1) / local * local;
  cl_event e = NULL;
  cl_int err = clEnqueueNDRangeKernel (l->dev->queue, s->k, 1, NULL, &global,
                                       &local, 0, NULL,
                                       l->events ? &e : NULL);
  if (e && !l->events[0])
    l->events[0] = e;
  else if (e)
    {
      if (l->events[1])
        clReleaseEvent (l->events[1]);
      l->events[1] = e;
    }
  if (err != CL_SUCCESS)
    {
      scanrt_report_cl ("clEnqueueNDRangeKernel", err,
                        "the device refused the kernel");
      return scanrt_status_of_cl (err);
    }
  return SCANRT_OK;
}

/* A scratch buffer of BYTES on the device.  */
cl_mem
scanrt_scratch (const struct scanrt_launch *l, size_t bytes, int *status)
{
  cl_int err;
  cl_mem m = clCreateBuffer (l->dev->context, CL_MEM_READ_WRITE,
                             bytes ? bytes : 1, NULL, &err);
  if (err != CL_SUCCESS)
    {
      scanrt_report_cl ("clCreateBuffer", err,
                        "no room for the scan's scratch space");
      *status = scanrt_status_of_cl (err);
      return NULL;
    }
  return m;
}

/* Enqueue the read of the total from element INDEX of M; the caller's
   final wait completes it.  */
int
scanrt_read_total (const struct scanrt_launch *l, cl_mem m, size_t index)
{
  size_t elem = l->desc->elem_size;
  cl_int err = clEnqueueReadBuffer (l->dev->queue, m, CL_FALSE, index * elem,
                                    elem, l->total, 0, NULL, NULL);
  if (err != CL_SUCCESS)
    {
      scanrt_report_cl ("clEnqueueReadBuffer", err,
                        "the scan's total could not be read back");
      return scanrt_status_of_cl (err);
    }
  return SCANRT_OK;
}

/* Make *MEM a device buffer of at least BYTES, keeping it if it is large
   enough (*HAVE is its size); a new one is zeroed when ZERO, and sets
   *MADE.  */
int
scanrt_keep_scratch (const struct scanrt_launch *l, cl_mem *mem,
                     size_t *have, size_t bytes, int zero, int *made)
{
  *made = 0;
  if (*mem && *have >= bytes)
    return SCANRT_OK;
  if (*mem)
    scanrt_release_buffer (*mem);
  *have = 0;
  int status = SCANRT_OK;
  *mem = scanrt_scratch (l, bytes, &status);
  if (*mem && zero)
    {
      cl_uchar z = 0;
      cl_int err = clEnqueueFillBuffer (l->dev->queue, *mem, &z, 1, 0, bytes,
                                        0, NULL, NULL);
      if (err != CL_SUCCESS)
        {
          scanrt_report_cl ("clEnqueueFillBuffer", err,
                            "the device failed a plain fill");
          scanrt_release_buffer (*mem);
          *mem = NULL;
          status = scanrt_status_of_cl (err);
        }
    }
  if (*mem)
    {
      *have = bytes;
      *made = 1;
    }
  return status;
}

/* Ready chain C with at least BYTES of state, and start a new epoch.
   Epochs stay below 2^31 (the look-back tags a status with epoch << 1):
   before they pass it, the state is made anew, zeroed, so that no flag
   left from an earlier launch can carry the new epoch.  */
int
scanrt_chain_begin (const struct scanrt_launch *l, struct scanrt_chain *c,
                    size_t bytes)
{
  if (c->epoch == 0x7fffffff)
    {
      scanrt_release_buffer (c->mem);
      c->mem = NULL;
      c->bytes = 0;
    }
  int made;
  int status = scanrt_keep_scratch (l, &c->mem, &c->bytes, bytes, 1, &made);
  if (status != SCANRT_OK)
    return status;
  if (made)
    {
      c->tickets = 0;
      c->epoch = 0;
    }
  c->epoch++;
  return SCANRT_OK;
}

/* The arguments that pass chain C to a kernel: the state, the ticket
   count before this launch, and the epoch.  */
void
scanrt_put_chain (struct scanrt_setter *s, const struct scanrt_chain *c)
{
  scanrt_put_mem (s, c->mem);
  scanrt_put (s, sizeof c->tickets, &c->tickets);
  scanrt_put (s, sizeof c->epoch, &c->epoch);
}

/* How many blocks of BLOCK elements hold L's elements; 0, reported, if
   too many to number with the chain's 32-bit tickets.  */
size_t
scanrt_count_blocks (const struct scanrt_launch *l, size_t block,
                     const char *what)
{
  size_t count = (l->n + block - 1) / block;
  if (count > 0x7fffffff)
    {
      scanrt_report ("%zu %s of %zu elements are too many for one launch; "
                     "use larger ones", count, what, block);
      return 0;
    }
  return count;
}

