/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* place.c: where `target data', `enter data', `exit data' and `update'
   put an array: in pieces across the devices of SCANOMP_DEVICES, where
   it splits the device's scans (pieces.c); else on the device alone
   (memory.c); else nowhere, where the data stays on the host: under
   OMP_TARGET_OFFLOAD=DISABLED, on the host device, or on a device that
   does not exist (said).  Scans then find the data where it is, and read
   a target loop's seed there.  Data that the `present' modifier
   (SCANRT_MAP_PRESENT) finds mapped nowhere on the device is said and
   left on the host.  A data construct's items that lie in one of its
   sections count once on it, as OpenMP counts a construct's.  */

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

/* The item of a data construct's COUNT ranges PTRS[k] of SIZES[k] bytes
   that range I is mapped with: the largest that holds it, the first of
   equal ones; I itself where none holds it.  */
static unsigned
holder (unsigned count, void *const *ptrs, const size_t *sizes, unsigned i)
{
  const char *p = ptrs[i];
  unsigned h = i;
  /* An empty range maps nothing, and adds no kind to another's.  */
  for (unsigned k = 0; k < count && p && sizes[i]; k++)
    {
      const char *q = ptrs[k];
      if (q && q <= p && p + sizes[i] <= q + sizes[k]
          && (sizes[k] > sizes[h] || (sizes[k] == sizes[h] && k < h)))
        h = k;
    }
  return h;
}

/* The map kind that item H of a data construct (holder's) is entered
   (ENTER) or exited with: its own with what the items it holds ask.  An
   item of the same range adds its kind whole; one inside it adds its
   copy in (ENTER) or out, and `present' and `delete', while an `always'
   copy of it is its own (always_copies).  */
static unsigned
merged_kind (unsigned count, void *const *ptrs, const size_t *sizes,
             const unsigned *kinds, unsigned h, int enter)
{
  unsigned kind = kinds[h];
  for (unsigned k = 0; k < count; k++)
    if (k != h && holder (count, ptrs, sizes, k) == h)
      {
        if (ptrs[k] == ptrs[h] && sizes[k] == sizes[h])
          kind |= kinds[k];
        else
          kind |= kinds[k] & (SCANRT_MAP_PRESENT | SCANRT_MAP_DELETE
                              | (enter ? SCANRT_MAP_TO : SCANRT_MAP_FROM));
      }
  return kind;
}

/* The `always' copy (to the device when ENTER, else back) that item K of
   a data construct asks for a range inside another item's.  */
static void
always_copies (int device, unsigned count, void *const *ptrs,
               const size_t *sizes, const unsigned *kinds, unsigned k,
               int enter)
{
  unsigned way = enter ? SCANRT_MAP_TO : SCANRT_MAP_FROM;
  unsigned h = holder (count, ptrs, sizes, k);
  if (h != k && (kinds[k] & SCANRT_MAP_ALWAYS) && (kinds[k] & way)
      && !(ptrs[k] == ptrs[h] && sizes[k] == sizes[h]))
    scanrt_place_update (device, ptrs[k], sizes[k], way);
}

void
scanrt_place_enter_all (int device, unsigned count, void *const *ptrs,
                        const size_t *sizes, const unsigned *kinds)
{
  for (unsigned i = 0; i < count; i++)
    if (holder (count, ptrs, sizes, i) == i)
      scanrt_place_enter (device, ptrs[i], sizes[i],
                          merged_kind (count, ptrs, sizes, kinds, i, 1));
  for (unsigned i = 0; i < count; i++)
    always_copies (device, count, ptrs, sizes, kinds, i, 1);
}

void
scanrt_place_exit_all (int device, unsigned count, void *const *ptrs,
                       const size_t *sizes, const unsigned *kinds)
{
  for (unsigned i = 0; i < count; i++)
    always_copies (device, count, ptrs, sizes, kinds, i, 0);
  for (unsigned i = count; i-- > 0;)
    if (holder (count, ptrs, sizes, i) == i)
      scanrt_place_exit (device, ptrs[i], sizes[i],
                         merged_kind (count, ptrs, sizes, kinds, i, 0));
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
