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

static size_t
host_cutoff (const struct SCANRT_desc *desc)
{
  int integer = desc->type < SCANRT_NTYPES && desc->type != SCANRT_FLOAT
                && desc->type != SCANRT_DOUBLE;
  return scanrt_env_size ("SCANOMP_HOST_CUTOFF",
                          integer ? HOST_CUTOFF_INTEGER : HOST_CUTOFF_OTHER);
}

/* The device part of scanrt_run: DEV is open; T collects the times.  */
static int
run_on (struct scanrt_device *dev, const struct scanrt_request *r,
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
  status = scanrt_launch_plan (&l, r->params, options, sizeof options);
  if (status != SCANRT_OK)
    return status;

  pthread_mutex_lock (&dev->lock);
  l.prog = scanrt_program_get (dev, r->desc->source,
                               scanrt_template (l.variant), options,
                               &t->build, &status);
  if (l.prog)
    status = scanrt_bind (dev, r->desc, r->args, &b, &t->transfer);
  if (l.prog && status == SCANRT_OK)
    {
      double t0 = scanrt_now ();
      l.bound = b.bound;
      status = scanrt_launch_run (&l);
      /* Normally one wait, in scanrt_unbind, covers kernels and copies;
         the profile waits for the kernels apart, to time them apart.  */
      if (status == SCANRT_OK && scanrt_profiling ()
          && clFinish (dev->queue) != CL_SUCCESS)
        status = SCANRT_EDEVICE;
      t->kernel += scanrt_now () - t0;
      int out = scanrt_unbind (dev, &b, status == SCANRT_OK, &t->transfer);
      if (status == SCANRT_OK)
        status = out;
      if (status != SCANRT_OK)
        scanrt_launch_forget (dev);
    }
  pthread_mutex_unlock (&dev->lock);
  return status;
}

int
scanrt_run (const struct scanrt_request *r)
{
  static const scanrt_params none = SCANRT_PARAMS_INIT;
  const scanrt_params *p = r->params ? r->params : &none;
  const char *site = p->site ? p->site : r->desc->site;
  enum scanrt_offload policy = scanrt_offload_policy ();
  int strict = policy == SCANRT_OFFLOAD_MANDATORY
               || (p->flags & SCANRT_NO_HOST);
  struct scanrt_timing t = { 0 };
  double t0 = scanrt_now ();
  int status = SCANRT_OK;

  int ndev = scanrt_num_devices ();
  int device = r->device == SCANRT_DEVICE_HOST_CPU ? scanrt_cpu_device ()
               : r->device < 0 ? scanrt_default_device () : r->device;
  if (device > ndev)
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
  else if (!strict && r->n < host_cutoff (r->desc))
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
      status = dev ? run_on (dev, r, &t) : SCANRT_EDEVICE;
      if (status != SCANRT_OK && strict)
        scanrt_report ("%s: the scan failed on device %d (%s) and may not "
                       "run on the host", site, device,
                       scanrt_status_name (status));
      else if (status != SCANRT_OK)
        {
          scanrt_report ("%s: the scan runs on the host instead", site);
          status = SCANRT_HOST;
        }
    }

  t.on_host = status == SCANRT_HOST;
  t.total = scanrt_now () - t0;
  scanrt_profile_record (site, &t);
  return status;
}

SCANRT_EXPORT int
SCANRT_scan (const struct SCANRT_desc *desc, int device, long first,
             unsigned long n, const void *seed, void *total,
             const struct SCANRT_arg *args)
{
  if (!desc || desc->version != SCANRT_ABI_VERSION)
    {
      scanrt_report ("a scan descriptor of ABI version %u, but this "
                     "libscanrt has version %u; rebuild with the same "
                     "scanomp", desc ? desc->version : 0,
                     SCANRT_ABI_VERSION);
      return SCANRT_HOST;
    }
  struct scanrt_request r = { desc, args, NULL, device, first, n, seed,
                              total };
  return scanrt_run (&r);
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
