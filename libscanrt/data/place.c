/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* place.c: where `target data', `enter data', `exit data' and `update'
   put an array: in pieces across the devices of SCANOMP_DEVICES, where
   it splits the device's scans (pieces.c); else on the device alone
   (memory.c); else nowhere, where the data stays on the host: under
   OMP_TARGET_OFFLOAD=DISABLED, on the host device, or on a device that
   does not exist (said).  Scans then find the data where it is, and read
   a target loop's seed there.  Data that the `present' modifier
   (SCANRT_MAP_PRESENT) finds mapped nowhere on the device is said and
   left on the host.  */

#include <stdio.h>
#include <string.h>

#include "data.h"

/* The device a data call on DEVICE means, or -1 when the data stays on
   the host.  */
static int
data_device (int device)
{
  if (scanrt_offload_policy () == SCANRT_OFFLOAD_DISABLED
      || device == SCANRT_DEVICE_HOST_CPU)
    return -1;
  if ((device = scanrt_resolve_device (device)) < 0)
    return -1;
  if (device > scanrt_num_devices ())
    {
      char number[16];
      snprintf (number, sizeof number, "%d", device);
      if (scanrt_first_report ("data on no device", number))
        scanrt_report ("device %d does not exist; the data stays on the "
                       "host", device);
      return -1;
    }
  return device < scanrt_num_devices () ? device : -1;
}

/* Whether KIND has the present modifier and PTR's BYTES are mapped on
   DEVICE (data_device's) neither whole nor in pieces: said, once for
   each range and device.  */
static int
absent (int device, const void *ptr, size_t bytes, unsigned kind)
{
  if (!(kind & SCANRT_MAP_PRESENT)
      || scanrt_pieces_entered (device, ptr, bytes)
      || scanrt_map_entered (device, ptr, bytes))
    return 0;
  char range[64];
  snprintf (range, sizeof range, "%p %zu %d", ptr, bytes, device);
  if (scanrt_first_report ("present modifier", range))
    scanrt_report ("the present modifier: %p (%zu bytes) is not mapped on "
                   "device %d; it stays on the host, and each scan of it "
                   "copies what it needs (libgomp would stop the program)",
                   ptr, bytes, device);
  return 1;
}

/* The device of a data call of KIND on DEVICE for PTR's BYTES, as
   data_device says, with *STATUS SCANRT_OK; or -1 where the call does
   nothing: where the data stays on the host, or where the present
   modifier finds it mapped nowhere on the device (*STATUS then
   SCANRT_EINVAL).  */
static int
call_device (int device, const void *ptr, size_t bytes, unsigned kind,
             int *status)
{
  *status = SCANRT_OK;
  if ((device = data_device (device)) < 0 || !ptr || !bytes)
    return -1;
  if (absent (device, ptr, bytes, kind))
    {
      *status = SCANRT_EINVAL;
      return -1;
    }
  return device;
}

int
scanrt_place_enter (int device, void *ptr, size_t bytes, unsigned kind)
{
  int status;
  if ((device = call_device (device, ptr, bytes, kind, &status)) < 0
      || scanrt_pieces_enter (device, ptr, bytes, kind, &status))
    return status;
  return scanrt_map_enter (device, ptr, bytes, kind);
}

int
scanrt_place_exit (int device, void *ptr, size_t bytes, unsigned kind)
{
  int status;
  if ((device = call_device (device, ptr, bytes, kind, &status)) < 0
      || scanrt_pieces_exit (device, ptr, bytes, kind, &status))
    return status;
  return scanrt_map_exit (device, ptr, bytes, kind);
}

int
scanrt_place_update (int device, void *ptr, size_t bytes, unsigned kind)
{
  int status;
  /* Nothing mapped anywhere: nothing to copy, and no device to open
     (libscanrt-mpi updates the edges of blocks that may be mapped).  */
  if (!scanrt_maps_any () && !scanrt_pieces_any ()
      && !(kind & SCANRT_MAP_PRESENT))
    return SCANRT_OK;
  if ((device = call_device (device, ptr, bytes, kind, &status)) < 0
      || scanrt_pieces_update (device, ptr, bytes, kind, &status))
    return status;
  return scanrt_map_update (device, ptr, bytes, kind);
}

void
scanrt_place_read (int device, void *dst, const void *src, size_t bytes)
{
  /* A loop that runs on the host (a target's false if(), or
     omp_initial_device) reads the host's copy.  */
  int d = scanrt_offload_policy () == SCANRT_OFFLOAD_DISABLED
          || device == SCANRT_DEVICE_HOST_CPU
          ? -1 : scanrt_resolve_device (device);
  if (d < 0 || !scanrt_device_info (d)
      || (!scanrt_pieces_read (d, dst, src, bytes)
          && !scanrt_map_read (d, dst, src, bytes)))
    memcpy (dst, src, bytes);
}

const void *
scanrt_request_seed (const struct scanrt_request *r)
{
  struct scanrt_seed_at *at = r->seed_at;
  if (!at)
    return r->seed;
  if (!at->read)
    {
      scanrt_place_read (at->device, at->value, at->addr,
                         r->desc->elem_size);
      at->read = 1;
    }
  return at->value;
}
