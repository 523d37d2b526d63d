/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* launch.c: one scan on one device.  It plans the kernel set for the
   device (kernelset.c), gets its program (program.c), binds the scan's
   arrays to buffers (memory.c), launches the set and copies the results
   back, waiting once.  Where the device fails, the caller's way to run
   decides what follows; scanrt_run_device, for a scan on one device,
   falls back to the host unless it may not.  */

#include <stdlib.h>
#include <string.h>

#include "run.h"

/* pocl's CPU devices share one cache of the kernels' libraries, which
   pocl 5.0 miscounts when two of them run one kernel at once over grids
   of different sizes, as the blocks of a scan split across two pocl
   devices do: it aborts the program (`pocl_release_dlhandle_cache:
   Assertion found->ref_count > 0 failed', seen on Ubuntu 24.04's pocl).
   Their runs, from the launch to the wait, take this lock one at a time;
   they share the host's cores anyway.  */
static pthread_mutex_t pocl_runs = PTHREAD_MUTEX_INITIALIZER;

/* Whether this run on a device is one that SCANOMP_FAIL_RUNS, a list of
   run numbers counted from 1 in the process ("2,5"), makes fail: a test's
   way to have a device fail part way.  */
static int
injected_failure (void)
{
  static unsigned long runs;
  const char *s = scanrt_setting_text (SCANRT_SET_FAIL_RUNS);
  if (!s)
    return 0;
  unsigned long run = __atomic_add_fetch (&runs, 1, __ATOMIC_RELAXED);
  for (char *end; *s; s = *end ? end + 1 : end)
    if (strtoul (s, &end, 10) == run)
      {
        scanrt_report ("SCANOMP_FAIL_RUNS: run %lu on the device fails",
                       run);
        return 1;
      }
    else if (end == s)
      break;
  return 0;
}

/* Add to *SECONDS (-1: nothing yet) the device time from the start of
   EVENTS[0] to the end of EVENTS[1], or of EVENTS[0] alone, which have
   completed.  The blocks of a scan split across devices add theirs from
   threads of their own.  */
static void
add_device_time (cl_event *events, double *seconds)
{
  static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
  cl_ulong start, end;
  if (clGetEventProfilingInfo (events[0], CL_PROFILING_COMMAND_START,
                               sizeof start, &start, NULL) != CL_SUCCESS
      || clGetEventProfilingInfo (events[1] ? events[1] : events[0],
                                  CL_PROFILING_COMMAND_END, sizeof end, &end,
                                  NULL) != CL_SUCCESS)
    return;
  pthread_mutex_lock (&lock);
  *seconds = (*seconds < 0 ? 0 : *seconds) + (end - start) * 1e-9;
  pthread_mutex_unlock (&lock);
}

/* The launch plan of R for L, and its build options.  */
static int
plan (struct scanrt_launch *l, const struct scanrt_request *r, char *options,
      size_t size)
{
  int status = l->repro ? scanrt_repro_plan (l, options, size)
                        : scanrt_launch_plan (l, r->params, options, size);
  if (status == SCANRT_OK && r->total_only)
    strncat (options, " -DSCANOMP_TOTAL_ONLY=1", size - strlen (options) - 1);
  return status;
}

int
scanrt_run_on (struct scanrt_device *dev, const struct scanrt_request *r,
               struct scanrt_timing *t)
{
  struct scanrt_launch l = { 0 };
  char options[256];
  struct scanrt_binding b;
  int status;

  l.dev = dev;
  l.desc = r->desc;
  l.args = r->args;
  l.n = r->n;
  l.first = r->first;
  /* A seed in the loop's array (SCANRT_SEED_AT) that lies in data mapped
     on DEV: the kernels read it there, with no transfer before the
     launch; else its value, read as SCANRT_present_read reads.  */
  size_t elem = r->desc->elem_size;
  unsigned char seed_unread[elem];
  cl_ulong offset;
  int seed_there = r->seed_at
                   && scanrt_map_locate (dev, r->seed_at->addr, elem,
                                         &offset);
  if (seed_there)
    memset (seed_unread, 0, elem);
  l.seed = seed_there ? seed_unread : scanrt_request_seed (r);
  l.total = r->total;
  l.flags = r->desc->flags & SCANRT_EXCLUSIVE;
  l.gather_late = r->desc->join_late && !r->total_only;
  l.repro = r->repro;
  l.totals_only = r->total_only;
  l.repro_end_unread = r->repro_end_unread;
  cl_event events[2] = { NULL, NULL };
  double *kernel_seconds = r->params ? r->params->kernel_seconds : NULL;
  if (kernel_seconds)
    l.events = events;
  status = plan (&l, r, options, sizeof options);
  if (status != SCANRT_OK)
    return status;

  pthread_mutex_lock (&dev->lock);
  l.prog = scanrt_program_get (dev, r->desc->source,
                               l.repro ? scanrt_repro_template ()
                                       : scanrt_template (l.variant),
                               options, &t->build, &status);
  /* A driver that refuses the inline PTX: the portable kernels, from now
     on.  */
  if (!l.prog && l.ptx)
    {
      dev->ptx_refused = 1;
      scanrt_report ("%s: the OpenCL compiler refused the warp operations "
                     "in inline PTX; using the portable kernels "
                     "(SCANOMP_PTX=0)", dev->name);
      status = plan (&l, r, options, sizeof options);
      if (status == SCANRT_OK)
        l.prog = scanrt_program_get (dev, r->desc->source,
                                     scanrt_template (l.variant), options,
                                     &t->build, &status);
    }
  if (l.prog)
    status = scanrt_bind (dev, r->desc, r->args, &b, r->pieces,
                           &t->transfer);
  /* The mapping found above, again under the device's lock: binding may
     have brought it up to date; where it is gone or the host's copy is
     the current one, the host's value.  */
  if (l.prog && status == SCANRT_OK && seed_there)
    {
      l.seed_mem = scanrt_map_locate (dev, r->seed_at->addr, elem,
                                      &l.seed_offset);
      if (!l.seed_mem)
        memcpy (seed_unread, r->seed_at->addr, elem);
    }
  if (l.prog && status == SCANRT_OK)
    {
      if (dev->pocl_cpu)
        pthread_mutex_lock (&pocl_runs);
      double t0 = scanrt_now ();
      l.bound = b.bound;
      status = injected_failure () ? SCANRT_EDEVICE : scanrt_launch_run (&l);
      /* Normally one wait, in scanrt_unbind, covers kernels and copies;
         the profile waits for the kernels apart, to time them apart, and
         a caller that keeps the binding for the kernels alone.  */
      if (status == SCANRT_OK && (scanrt_profiling () || r->keep)
          && clFinish (dev->queue) != CL_SUCCESS)
        status = SCANRT_EDEVICE;
      t->kernel += scanrt_now () - t0;
      if (status == SCANRT_OK && r->keep)
        *r->keep = b;
      else
        {
          int out = scanrt_unbind (dev, &b, status == SCANRT_OK
                                            && !r->total_only,
                                   &t->transfer);
          if (status == SCANRT_OK)
            status = out;
        }
      if (dev->pocl_cpu)
        pthread_mutex_unlock (&pocl_runs);
      if (status != SCANRT_OK)
        scanrt_launch_forget (dev);
    }
  /* The run is complete, or never started.  */
  scanrt_launch_join_late (&l, status == SCANRT_OK);
  pthread_mutex_unlock (&dev->lock);
  if (events[0] && status == SCANRT_OK)
    add_device_time (events, kernel_seconds);
  for (int i = 0; i < 2; i++)
    if (events[i])
      clReleaseEvent (events[i]);
  return status;
}

int
scanrt_run_device (int device, const struct scanrt_request *r, int strict,
                   struct scanrt_timing *t)
{
  struct scanrt_device *dev = scanrt_device_open (device);
  int status = dev ? scanrt_run_on (dev, r, t) : SCANRT_EDEVICE;
  if (status != SCANRT_OK && strict)
    scanrt_report ("%s: the scan failed on device %d (%s) and may not run "
                   "on the host", r->site, device,
                   scanrt_status_name (status));
  else if (status != SCANRT_OK)
    {
      scanrt_report ("%s: the scan runs on the host instead",
                     r->site);
      if (dev)
        scanrt_resident_to_host (dev, r->desc, r->args);
      status = SCANRT_HOST;
    }
  return status;
}
