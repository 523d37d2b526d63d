/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* scan.c: one scan, from its descriptor to its result, and the SCANRT_*
   entry points of generated code.  Both the public API (api.c) and the
   plugin's code come through scanrt_run, which decides where the scan runs:

   - OMP_TARGET_OFFLOAD=DISABLED, the host device number, or no OpenCL
     device at all: on the host, quietly (the caller runs its fallback);
   - fewer elements than the host cutoff: on the host, where a device
     cannot win;
   - otherwise on the device; if that fails, the reason is printed and the
     scan runs on the host.

   Under OMP_TARGET_OFFLOAD=MANDATORY, or with SCANRT_NO_HOST, the scan
   never falls back: every case above except success returns an error.  */

#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Below this many elements a scan stays on the host, unless
   SCANOMP_HOST_CUTOFF says otherwise.  Measured on pocl 3.1 with 2 cores:
   a device scan costs some 35 us plus 0.2 to 0.4 ns an element; the host
   loop 0.3 ns an int (so it wins up to about 2^20 elements) but 0.8 ns a
   double, whose adds wait on each other (the device wins from about 2^17).
   User-defined combiners are slower still on the host.  */
#define HOST_CUTOFF_INTEGER ((size_t) 1 << 20)
#define HOST_CUTOFF_OTHER ((size_t) 1 << 17)

size_t
scanrt_host_cutoff (const struct SCANRT_desc *desc)
{
  int integer = desc->type < SCANRT_NTYPES && desc->type != SCANRT_FLOAT
                && desc->type != SCANRT_DOUBLE;
  return scanrt_env_size ("SCANOMP_HOST_CUTOFF",
                          integer ? HOST_CUTOFF_INTEGER : HOST_CUTOFF_OTHER);
}

/* Whether this run on a device is one that SCANOMP_FAIL_RUNS, a list of
   run numbers counted from 1 in the process ("2,5"), makes fail: a test's
   way to have a device fail part way.  */
static int
injected_failure (void)
{
  static unsigned long runs;
  const char *s = getenv ("SCANOMP_FAIL_RUNS");
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
  int status = scanrt_launch_plan (l, r->params, options, size);
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
  l.seed = r->seed;
  l.total = r->total;
  l.flags = r->desc->flags & SCANRT_EXCLUSIVE;
  cl_event events[2] = { NULL, NULL };
  double *kernel_seconds = r->params ? r->params->kernel_seconds : NULL;
  if (kernel_seconds)
    l.events = events;
  status = plan (&l, r, options, sizeof options);
  if (status != SCANRT_OK)
    return status;

  pthread_mutex_lock (&dev->lock);
  l.prog = scanrt_program_get (dev, r->desc->source,
                               scanrt_template (l.variant), options,
                               &t->build, &status);
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
  if (l.prog && status == SCANRT_OK)
    {
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
      if (status != SCANRT_OK)
        scanrt_launch_forget (dev);
    }
  pthread_mutex_unlock (&dev->lock);
  if (events[0] && status == SCANRT_OK)
    add_device_time (events, kernel_seconds);
  for (int i = 0; i < 2; i++)
    if (events[i])
      clReleaseEvent (events[i]);
  return status;
}

const char *
scanrt_site (const struct scanrt_request *r)
{
  return r->params && r->params->site ? r->params->site : r->desc->site;
}

/* The device number that a request's DEVICE stands for, or -1.  */
static int
resolve_device (int device)
{
  return device == SCANRT_DEVICE_HOST_CPU ? scanrt_cpu_device ()
                                          : scanrt_resolve_device (device);
}

int
scanrt_run (const struct scanrt_request *r)
{
  static const scanrt_params none = SCANRT_PARAMS_INIT;
  const scanrt_params *p = r->params ? r->params : &none;
  const char *site = scanrt_site (r);
  enum scanrt_offload policy = scanrt_offload_policy ();
  int strict = policy == SCANRT_OFFLOAD_MANDATORY
               || (p->flags & SCANRT_NO_HOST);
  struct scanrt_timing t = { 0 };
  double t0 = scanrt_now ();
  int status = SCANRT_OK;

  int ndev = scanrt_num_devices ();
  int device = resolve_device (r->device);
  if (device < 0)
    /* A named device that MANDATORY leaves with none (said).  */
    status = SCANRT_ENODEV;
  else if (device > ndev)
    {
      scanrt_report ("%s: device %d does not exist: devices are 0 to %d, and "
                     "%d is the host%s", site, device, ndev - 1, ndev,
                     strict ? "" : "; running on the host");
      status = strict ? SCANRT_ENODEV : SCANRT_HOST;
    }
  else if (device == ndev)
    {
      /* The host: chosen by number, which even MANDATORY allows when
         there are devices to choose from, or the only device left.  */
      int refused = (p->flags & SCANRT_NO_HOST)
                    || (policy == SCANRT_OFFLOAD_MANDATORY && ndev == 0);
      if (refused)
        scanrt_report ("%s: %s, but %s; not running on the host", site,
                       p->flags & SCANRT_NO_HOST
                         ? "SCANRT_NO_HOST is set"
                         : "OMP_TARGET_OFFLOAD=MANDATORY",
                       policy == SCANRT_OFFLOAD_DISABLED
                         ? "OMP_TARGET_OFFLOAD=DISABLED"
                         : ndev ? "the host device was chosen"
                                : "there is no OpenCL device");
      status = refused ? SCANRT_ENODEV : SCANRT_HOST;
    }
  else if (r->n == 0)
    {
      if (r->total)
        memcpy (r->total, r->seed, r->desc->elem_size);
    }
  else if (!strict && r->n < scanrt_host_cutoff (r->desc)
           && !scanrt_resident (scanrt_device_info (device), r->desc,
                                r->args))
    status = SCANRT_HOST;
  else if (scanrt_forked ())
    {
      if (scanrt_first_report ("fork", "child"))
        scanrt_report ("%s: this process was forked after libscanrt started "
                       "OpenCL, which a child cannot use; %s", site,
                       strict ? "the scans may not run on the host, and fail"
                              : "scans run on the host");
      status = strict ? SCANRT_ENODEV : SCANRT_HOST;
    }
  else
    {
      struct scanrt_device *dev = scanrt_device_open (device);
      status = dev ? scanrt_run_on (dev, r, &t) : SCANRT_EDEVICE;
      if (status != SCANRT_OK && strict)
        scanrt_report ("%s: the scan failed on device %d (%s) and may not "
                       "run on the host", site, device,
                       scanrt_status_name (status));
      else if (status != SCANRT_OK)
        {
          scanrt_report ("%s: the scan runs on the host instead", site);
          if (dev)
            scanrt_resident_to_host (dev, r->desc, r->args);
          status = SCANRT_HOST;
        }
    }

  t.on_host = status == SCANRT_HOST;
  t.total = scanrt_now () - t0;
  scanrt_profile_record (site, &t);
  return status;
}

/* STEP, the bytes by which the window of R's argument I moves from one
   position to the next, is 0 where it does not move: not an array, no
   stride, no START after it, or a window too small for its stride (not
   the plugin's).  The window over LEN positions is BYTES - STEP * (N -
   LEN).  */
size_t
scanrt_window_step (const struct scanrt_request *r, unsigned i)
{
  const struct SCANRT_arg_desc *a = &r->desc->args[i];
  size_t step = a->stride < 0 ? -(size_t) a->stride : (size_t) a->stride;
  if (!scanrt_arg_is_array (a->kind) || !step || i + 1 == r->desc->nargs
      || r->desc->args[i + 1].kind != SCANRT_ARG_START
      || r->args[i].bytes / step < r->n - 1)
    return 0;
  return step;
}

void
scanrt_window_args (const struct scanrt_request *r, size_t p0, size_t m,
                    struct SCANRT_arg *args, long *starts)
{
  const struct SCANRT_desc *desc = r->desc;
  memcpy (args, r->args, desc->nargs * sizeof *args);
  for (unsigned i = 0; i < desc->nargs; i++)
    {
      size_t step = scanrt_window_step (r, i);
      if (!step)
        continue;
      /* The window of positions [P0, P0 + M) within the whole one.  */
      size_t from = step * (desc->args[i].stride > 0 ? p0 : r->n - p0 - m);
      args[i].ptr = (char *) r->args[i].ptr + from;
      args[i].bytes = r->args[i].bytes - step * (r->n - m);
      starts[i] = *(const long *) r->args[i + 1].ptr + (long) from;
      args[i + 1].ptr = &starts[i];
    }
}

int
scanrt_windows_fit (const struct scanrt_request *r,
                    const struct scanrt_device *dev, size_t m)
{
  size_t limit = scanrt_buffer_limit (dev);
  for (unsigned i = 0; i < r->desc->nargs; i++)
    if (scanrt_arg_is_array (r->desc->args[i].kind)
        && r->args[i].bytes - scanrt_window_step (r, i) * (r->n - m) > limit)
      return 0;
  return 1;
}

/* The positions of R that one launch takes: all of them, unless an
   array's window over them exceeds the largest buffer on R's device.
   Then as many as keep each window within it, where the windows move;
   0 where they do not, or cannot shrink enough.  */
static size_t
segment_length (const struct scanrt_request *r)
{
  struct scanrt_device *dev = scanrt_device_info (resolve_device (r->device));
  if (!dev || r->n < 2)
    return r->n;
  size_t limit = scanrt_buffer_limit (dev), len = r->n;
  for (unsigned i = 0; i < r->desc->nargs; i++)
    {
      size_t bytes = r->args[i].bytes;
      if (!scanrt_arg_is_array (r->desc->args[i].kind) || bytes <= limit)
        continue;
      size_t step = scanrt_window_step (r, i);
      size_t cut = step ? (bytes - limit + step - 1) / step : 0;
      if (!step || cut >= r->n)
        {
          scanrt_report ("%s: the loop cannot run in segments that fit the "
                         "device: %s", scanrt_site (r),
                         step ? "one position's window of an array exceeds "
                                "its largest buffer"
                              : "its accesses to an array do not all move "
                                "by the same stride");
          return 0;
        }
      if (r->n - cut < len)
        len = r->n - cut;
    }
  return len;
}

int
scanrt_run_split (const struct scanrt_request *r, size_t *done)
{
  int status;
  if (scanrt_spread (r, done, &status))
    return status;
  scanrt_pieces_to_host (r);
  size_t len = segment_length (r);
  if (len == 0 || len == r->n)
    {
      /* On a GPU, reading the total back costs a transfer a call.  */
      struct scanrt_request one = *r;
      if (r->total_optional)
        one.total = NULL;
      status = scanrt_run (&one);
      if (done)
        *done = status == SCANRT_OK ? r->n : 0;
      return status;
    }

  const struct SCANRT_desc *desc = r->desc;
  unsigned nargs = desc->nargs;
  struct SCANRT_arg args[nargs];
  long starts[nargs];
  size_t elem = desc->elem_size;
  unsigned char carry[2][elem];
  scanrt_params later = r->params ? *r->params
                                  : (scanrt_params) SCANRT_PARAMS_INIT;
  later.flags |= SCANRT_NO_HOST;
  memcpy (carry[0], r->seed, elem);
  int k = 0;
  size_t p0;
  status = SCANRT_OK;
  for (p0 = 0; p0 < r->n; p0 += len, k = !k)
    {
      size_t m = r->n - p0 < len ? r->n - p0 : len;
      scanrt_window_args (r, p0, m, args, starts);
      /* Without DONE, a later segment cannot hand the rest to the
         caller's fallback: it runs on the device or fails.  */
      struct scanrt_request seg = {
        desc, args, p0 && !done ? &later : r->params, r->device,
        r->first + (long) p0, m, carry[k], carry[!k], 0, NULL, 0, 0
      };
      status = scanrt_run (&seg);
      if (status != SCANRT_OK)
        break;
    }
  if (status < 0 && p0 && !done)
    scanrt_report ("%s: the scan's first %zu positions are written, so it "
                   "cannot start again on the host", scanrt_site (r), p0);
  if (done)
    *done = status == SCANRT_OK ? r->n : p0;
  if (r->total && (status == SCANRT_OK || p0))
    memcpy (r->total, carry[k], elem);
  return status;
}

SCANRT_EXPORT int
SCANRT_scan (const struct SCANRT_desc *desc, int device, int threads,
             long first, unsigned long n, const void *seed, void *total,
             const struct SCANRT_arg *args, unsigned long *done)
{
  if (done)
    *done = 0;
  if (!desc || desc->version != SCANRT_ABI_VERSION)
    {
      scanrt_report ("a scan descriptor of ABI version %u, but this "
                     "libscanrt has version %u; rebuild with the same "
                     "scanomp", desc ? desc->version : 0,
                     SCANRT_ABI_VERSION);
      return SCANRT_HOST;
    }
  struct scanrt_request r = { desc, args, NULL, device, first, n, seed,
                              total, 0, NULL, 0, 0 };
  size_t finished = 0;
  int status = SCANRT_HOST;
  /* A loop outside target constructs goes to the host path, with no
     OpenCL at all; a target loop there when it falls back with nothing
     done.  A loop with no kernels (which the plugin could not translate
     to OpenCL C) has only the host path.  */
  int route = device == SCANRT_DEVICE_HOST_CPU ? scanrt_host_route ()
                                               : SCANRT_ROUTE_OPENCL;
  /* SCANOMP_HOST=off: the loop as written (GCC's code for an inscan
     loop), by the user's choice.  */
  if (route == SCANRT_ROUTE_OFF)
    return SCANRT_HOST;
  int native = route == SCANRT_ROUTE_NATIVE && desc->scan;
  if (!native && desc->source)
    status = scanrt_run_split (&r, done ? &finished : NULL);
  else if (!native && scanrt_first_report ("no kernels", desc->site))
    scanrt_report ("%s: this loop has no OpenCL kernel (the plugin could "
                   "not translate it; -fplugin-arg-scanomp-verbose says "
                   "why), so it runs on the host path", desc->site);
  if (status == SCANRT_HOST && !finished
      && (status = scanrt_team_scan (&r, threads)) == SCANRT_OK)
    finished = n;
  if (done)
    *done = finished;
  return status;
}

SCANRT_EXPORT void
SCANRT_data_begin (int device, unsigned count, void *const *ptrs,
                   const size_t *sizes, const unsigned *kinds)
{
  for (unsigned i = 0; i < count; i++)
    scanrt_data_enter (device, ptrs[i], sizes[i], kinds[i]);
}

SCANRT_EXPORT void
SCANRT_data_end (int device, unsigned count, void *const *ptrs,
                 const size_t *sizes, const unsigned *kinds)
{
  for (unsigned i = count; i-- > 0;)
    scanrt_data_exit (device, ptrs[i], sizes[i], kinds[i]);
}

SCANRT_EXPORT int
SCANRT_gomp_device (int device)
{
  int gomp = omp_get_num_devices ();
  int d = device == SCANRT_DEFAULT_DEVICE ? omp_get_default_device ()
                                          : device;
  return d >= gomp && d < scanrt_num_devices () ? gomp : device;
}

SCANRT_EXPORT void
SCANRT_data_update (int device, unsigned count, void *const *ptrs,
                    const size_t *sizes, const unsigned *kinds)
{
  for (unsigned i = 0; i < count; i++)
    scanrt_data_update (device, ptrs[i], sizes[i], kinds[i]);
}
