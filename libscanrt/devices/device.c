/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* device.c: finding the OpenCL devices, numbering them as OpenMP device
   numbers, choosing the default one, and OMP_TARGET_OFFLOAD.

   Discovery runs once, on first use, under pthread_once.  Device n is the
   n-th device when the ICD loader's platforms are taken in order and each
   platform's devices in its own order, a device that a later platform
   lists again counted once; number scanrt_num_devices () is the host, as
   omp_get_initial_device () is in OpenMP 5.  A device's context
   and queue are created on first use.  */

#include <ctype.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "devices.h"

static pthread_once_t discovered = PTHREAD_ONCE_INIT;
static struct scanrt_device *devices;
static int ndevices;
static int default_device;
static pthread_once_t policy_read = PTHREAD_ONCE_INIT;
static enum scanrt_offload policy;

static void
read_policy (void)
{
  policy = (enum scanrt_offload) scanrt_setting_word (SCANRT_SET_OFFLOAD,
                                                      SCANRT_OFFLOAD_DEFAULT);
}

/* Whether device ID lists extension NAME.  */
static int
has_extension (cl_device_id id, const char *name)
{
  size_t size = 0;
  if (clGetDeviceInfo (id, CL_DEVICE_EXTENSIONS, 0, NULL, &size) != CL_SUCCESS)
    return 0;
  char *list = malloc (size + 1);
  int found = 0;
  if (list && clGetDeviceInfo (id, CL_DEVICE_EXTENSIONS, size, list, NULL)
                == CL_SUCCESS)
    {
      list[size] = 0;
      size_t len = strlen (name);
      for (char *p = list; (p = strstr (p, name)); p += len)
        if ((p == list || p[-1] == ' ') && (p[len] == ' ' || p[len] == 0))
          {
            found = 1;
            break;
          }
    }
  free (list);
  return found;
}

/* Whether SCANOMP_UNIFIED lets device NUMBER share the host's memory
   where it can: `0' makes every shared-memory device use explicit copies,
   as a discrete GPU does, which tests that path on pocl; a list such as
   `1,0' says it device by device (here the second copies), to test a node
   that has both kinds.  */
static int
shares_memory (int number)
{
  const char *s = scanrt_setting_text (SCANRT_SET_UNIFIED);
  if (!s || !strchr (s, ','))
    return scanrt_setting_size (SCANRT_SET_UNIFIED, 1, SIZE_MAX, NULL) != 0;
  for (int k = 0; k < number && s; k++)
    if ((s = strchr (s, ',')))
      s++;
  return !s || *s != '0';
}

/* Where the driver says what hardware device D is: a UUID
   (cl_khr_device_uuid), else a PCI address (cl_khr_pci_bus_info, or
   NVIDIA's own query).  */
#define UUID_KHR 0x106A
#define PCI_BUS_INFO_KHR 0x410F
#define PCI_BUS_ID_NV 0x4008
#define PCI_SLOT_ID_NV 0x4009
static void
identify (struct scanrt_device *d)
{
  cl_uint bus = 0, slot = 0;
  if (has_extension (d->id, "cl_khr_device_uuid")
      && clGetDeviceInfo (d->id, UUID_KHR, 16, d->hardware, NULL)
           == CL_SUCCESS)
    d->hardware_known = 1;
  else if (has_extension (d->id, "cl_khr_pci_bus_info")
           && clGetDeviceInfo (d->id, PCI_BUS_INFO_KHR, 16, d->hardware,
                               NULL) == CL_SUCCESS)
    d->hardware_known = 1;
  else if (has_extension (d->id, "cl_nv_device_attribute_query")
           && clGetDeviceInfo (d->id, PCI_BUS_ID_NV, sizeof bus, &bus, NULL)
                == CL_SUCCESS
           && clGetDeviceInfo (d->id, PCI_SLOT_ID_NV, sizeof slot, &slot,
                               NULL) == CL_SUCCESS)
    {
      memcpy (d->hardware, &bus, sizeof bus);
      memcpy (d->hardware + sizeof bus, &slot, sizeof slot);
      d->hardware_known = 1;
    }
}

/* Whether D is a device already numbered, seen again through another
   platform: two ICD files that name the same driver list each of its
   devices twice, with the same handles where the loader opened one
   library for both, else as the same hardware.  Devices of one platform
   are always distinct.  Where the driver does not say what hardware a
   device is, the same driver (the platform's and the device's names and
   versions, D->key) listing a device at the same place is taken for the
   same device.  */
static int
seen_before (const struct scanrt_device *d)
{
  for (int i = 0; i < ndevices; i++)
    {
      const struct scanrt_device *e = &devices[i];
      /* One library behind two ICD files: the loader lists its platform
         twice, with the same handles.  */
      if (e->id == d->id)
        return 1;
      if (e->platform == d->platform || strcmp (e->key, d->key))
        continue;
      if (d->hardware_known && e->hardware_known
          ? !memcmp (e->hardware, d->hardware, sizeof d->hardware)
          : e->place == d->place)
        return 1;
    }
  return 0;
}

/* Fill in what we need to know of device D of platform P.  */
static int
describe (struct scanrt_device *d, cl_platform_id p, cl_device_id id)
{
  char pname[256] = "", version[256] = "", driver[256] = "";
  cl_bool unified = CL_FALSE;
  cl_int err;

  memset (d, 0, sizeof *d);
  d->platform = p;
  d->id = id;
  if ((err = clGetDeviceInfo (id, CL_DEVICE_TYPE, sizeof d->type, &d->type,
                              NULL))
      || (err = clGetDeviceInfo (id, CL_DEVICE_NAME, sizeof d->name, d->name,
                                 NULL))
      || (err = clGetDeviceInfo (id, CL_DEVICE_VERSION, sizeof version,
                                 version, NULL))
      || (err = clGetDeviceInfo (id, CL_DRIVER_VERSION, sizeof driver, driver,
                                 NULL))
      || (err = clGetPlatformInfo (p, CL_PLATFORM_NAME, sizeof pname, pname,
                                   NULL))
      || (err = clGetDeviceInfo (id, CL_DEVICE_HOST_UNIFIED_MEMORY,
                                 sizeof unified, &unified, NULL))
      || (err = clGetDeviceInfo (id, CL_DEVICE_MAX_MEM_ALLOC_SIZE,
                                 sizeof d->max_alloc, &d->max_alloc, NULL))
      || (err = clGetDeviceInfo (id, CL_DEVICE_GLOBAL_MEM_SIZE,
                                 sizeof d->global_mem, &d->global_mem, NULL))
      || (err = clGetDeviceInfo (id, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE,
                                 sizeof d->cache_size, &d->cache_size, NULL))
      || (err = clGetDeviceInfo (id, CL_DEVICE_LOCAL_MEM_SIZE,
                                 sizeof d->local_mem, &d->local_mem, NULL))
      || (err = clGetDeviceInfo (id, CL_DEVICE_MAX_WORK_GROUP_SIZE,
                                 sizeof d->max_wg, &d->max_wg, NULL))
      || (err = clGetDeviceInfo (id, CL_DEVICE_MAX_COMPUTE_UNITS,
                                 sizeof d->compute_units, &d->compute_units,
                                 NULL))
      || (err = clGetDeviceInfo (id, CL_DEVICE_MAX_CLOCK_FREQUENCY,
                                 sizeof d->clock_mhz, &d->clock_mhz, NULL)))
    {
      scanrt_report_cl ("clGetDeviceInfo", err,
                        "skipping this device; check its OpenCL driver");
      return -1;
    }
  d->unified = unified == CL_TRUE;
  d->int64_atomics = has_extension (id, "cl_khr_int64_base_atomics");
  char vendor[256] = "";
  clGetDeviceInfo (id, CL_DEVICE_VENDOR, sizeof vendor, vendor, NULL);
  d->nvidia = strstr (vendor, "NVIDIA") != NULL;
  d->pocl_cpu = strstr (pname, "Portable Computing Language") != NULL
                && (d->type & CL_DEVICE_TYPE_CPU);
  identify (d);
  snprintf (d->key, sizeof d->key, "%s|%s|%s|%s", pname, d->name, version,
            driver);
  pthread_mutex_init (&d->lock, NULL);
  return 0;
}

static void
find_devices (void)
{
  cl_uint nplat = 0;
  cl_int err = clGetPlatformIDs (0, NULL, &nplat);
  if (err != CL_SUCCESS || nplat == 0)
    {
      scanrt_report_cl ("clGetPlatformIDs",
                        err != CL_SUCCESS ? err : CL_DEVICE_NOT_FOUND,
                        "no OpenCL platform is installed (install "
                        "pocl-opencl-icd, or your GPU's ICD, and check "
                        "OCL_ICD_VENDORS); scans run on the host");
      return;
    }
  cl_platform_id *plats = calloc (nplat, sizeof *plats);
  if (!plats || (err = clGetPlatformIDs (nplat, plats, NULL)))
    {
      if (plats)
        scanrt_report_cl ("clGetPlatformIDs", err, "scans run on the host");
      free (plats);
      return;
    }
  for (cl_uint p = 0; p < nplat; p++)
    {
      cl_uint nd = 0;
      if (clGetDeviceIDs (plats[p], CL_DEVICE_TYPE_ALL, 0, NULL, &nd)
          || nd == 0)
        continue;
      cl_device_id *ids = calloc (nd, sizeof *ids);
      struct scanrt_device *grown
        = realloc (devices, (ndevices + nd) * sizeof *devices);
      if (!ids || !grown)
        {
          free (ids);
          break;
        }
      devices = grown;
      if (clGetDeviceIDs (plats[p], CL_DEVICE_TYPE_ALL, nd, ids, NULL)
          == CL_SUCCESS)
        for (cl_uint i = 0; i < nd; i++)
          {
            struct scanrt_device *d = &devices[ndevices];
            if (describe (d, plats[p], ids[i]) != 0)
              continue;
            d->place = i;
            if (seen_before (d))
              continue;
            d->number = ndevices;
            if (!shares_memory (ndevices))
              d->unified = 0;
            ndevices++;
          }
      free (ids);
    }
  free (plats);
}

/* The first device of type WANT, or -1.  */
static int
first_of_type (cl_device_type want)
{
  for (int i = 0; i < ndevices; i++)
    if (devices[i].type & want)
      return i;
  return -1;
}

/* Parse a device number or the words "cpu", "gpu", "host".  Returns -1 if
   S names none.  */
static int
parse_device (const char *s)
{
  if (!strcasecmp (s, "host"))
    return ndevices;
  if (!strcasecmp (s, "cpu") || !strcasecmp (s, "gpu"))
    return first_of_type (tolower ((unsigned char) s[0]) == 'c'
                            ? CL_DEVICE_TYPE_CPU : CL_DEVICE_TYPE_GPU);
  char *end;
  long v = strtol (s, &end, 10);
  if (*s && !*end && v >= 0 && v <= ndevices)
    return (int) v;
  return -1;
}

static void
choose_default (void)
{
  const enum scanrt_setting names[] = { SCANRT_SET_DEVICE,
                                        SCANRT_SET_OMP_DEVICE };
  for (int k = 0; k < 2; k++)
    {
      const char *s = scanrt_setting_text (names[k]);
      if (!s)
        continue;
      int d = parse_device (s);
      if (d >= 0)
        {
          default_device = d;
          return;
        }
      scanrt_report ("%s=%s names no device (there are %d; give a number, "
                     "cpu, gpu or host); using the usual default",
                     scanrt_setting_name (names[k]), s, ndevices);
    }
  default_device = 0;
  for (int i = 0; i < ndevices; i++)
    if (devices[i].type & CL_DEVICE_TYPE_GPU)
      {
        default_device = i;
        break;
      }
  if (ndevices == 0)
    default_device = 0; /* the host */
}

/* Set in a child forked after discover: OpenCL's state, pocl's threads
   among it, did not come along, and the child never touches it.  */
static volatile sig_atomic_t forked;

static void
after_fork_child (void)
{
  forked = 1;
}

int
scanrt_forked (void)
{
  return forked;
}

static void
discover (void)
{
  pthread_atfork (NULL, NULL, after_fork_child);
  pthread_once (&policy_read, read_policy);
  /* As in OpenMP, DISABLED leaves the host as the only device.  */
  if (policy != SCANRT_OFFLOAD_DISABLED)
    find_devices ();
  choose_default ();
}

enum scanrt_offload
scanrt_offload_policy (void)
{
  pthread_once (&policy_read, read_policy);
  return policy;
}

int
scanrt_num_devices (void)
{
  pthread_once (&discovered, discover);
  return ndevices;
}

int
scanrt_cpu_device (void)
{
  pthread_once (&discovered, discover);
  int cpu = first_of_type (CL_DEVICE_TYPE_CPU);
  return cpu >= 0 ? cpu : default_device;
}

int
scanrt_resolve_device (int device)
{
  pthread_once (&discovered, discover);
  if (device != SCANRT_DEVICE_GPU && device != SCANRT_DEVICE_CPU)
    return device == SCANRT_DEFAULT_DEVICE ? default_device : device;
  const char *name = device == SCANRT_DEVICE_GPU ? "GPU" : "CPU";
  int d = first_of_type (device == SCANRT_DEVICE_GPU ? CL_DEVICE_TYPE_GPU
                                                     : CL_DEVICE_TYPE_CPU);
  /* As OpenMP falls back from a device that is not there: to the default
     device, which may be the host; under MANDATORY, not at all.  */
  if (d >= 0 || policy != SCANRT_OFFLOAD_MANDATORY)
    return d >= 0 ? d : default_device;
  if (scanrt_first_report ("device", name))
    scanrt_report ("device(%s): none of the %d OpenCL devices is a %s, and "
                   "OMP_TARGET_OFFLOAD=MANDATORY allows no other device; "
                   "name a device that exists, or leave OMP_TARGET_OFFLOAD "
                   "unset to fall back to the default device", name,
                   ndevices, name);
  return -1;
}

int
scanrt_default_device (void)
{
  pthread_once (&discovered, discover);
  return default_device;
}

struct scanrt_device *
scanrt_device_info (int number)
{
  pthread_once (&discovered, discover);
  return number >= 0 && number < ndevices && !forked ? &devices[number]
                                                     : NULL;
}

struct scanrt_device *
scanrt_device_open (int number)
{
  struct scanrt_device *d = scanrt_device_info (number);
  if (!d)
    return NULL;
  pthread_mutex_lock (&d->lock);
  if (d->opened == 0)
    {
      cl_int err;
      cl_context_properties props[]
        = { CL_CONTEXT_PLATFORM, (cl_context_properties) d->platform, 0 };
      d->context = clCreateContext (props, 1, &d->id, NULL, NULL, &err);
      if (err != CL_SUCCESS)
        scanrt_report_cl ("clCreateContext", err,
                          "this device cannot be used");
      else
        {
          /* Profiling costs nothing until a caller asks for events
             (scanrt_params.kernel_seconds).  */
          d->queue = clCreateCommandQueue (d->context, d->id,
                                           CL_QUEUE_PROFILING_ENABLE, &err);
          if (err != CL_SUCCESS)
            {
              scanrt_report_cl ("clCreateCommandQueue", err,
                                "this device cannot be used");
              clReleaseContext (d->context);
            }
        }
      d->opened = err == CL_SUCCESS ? 1 : -1;
    }
  int ok = d->opened == 1;
  pthread_mutex_unlock (&d->lock);
  return ok ? d : NULL;
}

const char *
scanrt_device_name (int number)
{
  pthread_once (&discovered, discover);
  return number >= 0 && number < ndevices ? devices[number].name : "host";
}
