/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* memory.c: the buffers a launch works on, and the table of data mapped by
   `target data' (scanrt_data_enter / scanrt_data_exit).

   On a device that shares memory with the host (pocl, integrated GPUs) a
   buffer wraps the host array with CL_MEM_USE_HOST_PTR and nothing is
   copied; mapping it after the kernels makes the results coherent.  Other
   devices get a device buffer and explicit writes and reads.

   An array inside a range that is already mapped on the device uses the
   mapped buffer at an offset and is not copied.  Data spread across
   devices (pieces.c) is in this table too, a map for each device's piece,
   which only split scans' blocks use.  The other arrays of a
   launch get temporary buffers; arrays whose host ranges overlap share one
   buffer, so that an in-place scan reads and writes the same memory.  */

#include <stdlib.h>
#include <string.h>

#include "data.h"

static pthread_mutex_t map_lock = PTHREAD_MUTEX_INITIALIZER;
static struct scanrt_map *maps;

/* Ranges whose enter could not make a buffer (said then): the data stays
   on the host, and the matching exits release them quietly.  */
struct declined
{
  struct declined *next;
  struct scanrt_device *dev;
  char *base;
  size_t bytes;
  unsigned refs;
};
static struct declined *declined;

/* The link to the declined range on DEV that contains [P, P + BYTES), or
   NULL.  Call with map_lock held.  */
static struct declined **
find_declined (struct scanrt_device *dev, const char *p, size_t bytes)
{
  for (struct declined **pd = &declined; *pd; pd = &(*pd)->next)
    if ((*pd)->dev == dev && p >= (*pd)->base
        && p + bytes <= (*pd)->base + (*pd)->bytes)
      return pd;
  return NULL;
}

/* The link to the mapping on DEV that contains [P, P + BYTES), or NULL;
   a piece of data spread across devices (pieces.c) only with PIECES.
   Call with map_lock held.  */
static struct scanrt_map **
find_link (struct scanrt_device *dev, const char *p, size_t bytes,
           int pieces)
{
  for (struct scanrt_map **pm = &maps; *pm; pm = &(*pm)->next)
    if ((*pm)->dev == dev && p >= (*pm)->base
        && p + bytes <= (*pm)->base + (*pm)->bytes
        && (pieces || !(*pm)->group))
      return pm;
  return NULL;
}

/* The mapping on DEV that contains [P, P + BYTES), or NULL, as
   find_link's.  */
static struct scanrt_map *
find_map (struct scanrt_device *dev, const char *p, size_t bytes,
          int pieces)
{
  struct scanrt_map **pm = find_link (dev, p, bytes, pieces);
  return pm ? *pm : NULL;
}

void
scanrt_map_add (struct scanrt_map *m)
{
  pthread_mutex_lock (&map_lock);
  m->next = maps;
  maps = m;
  pthread_mutex_unlock (&map_lock);
}

void
scanrt_map_remove (struct scanrt_map *m)
{
  pthread_mutex_lock (&map_lock);
  for (struct scanrt_map **pm = &maps; *pm; pm = &(*pm)->next)
    if (*pm == m)
      {
        *pm = m->next;
        break;
      }
  pthread_mutex_unlock (&map_lock);
}

/* Take DEV's lock, for its queue, then map_lock, in the order scanrt_bind
   has them (run_on holds the device's).  */
static void
lock_maps (struct scanrt_device *dev)
{
  pthread_mutex_lock (&dev->lock);
  pthread_mutex_lock (&map_lock);
}

static void
unlock_maps (struct scanrt_device *dev)
{
  pthread_mutex_unlock (&map_lock);
  pthread_mutex_unlock (&dev->lock);
}

/* Device NUMBER, open, with lock_maps taken; NULL when it cannot open.  */
static struct scanrt_device *
open_locked (int number)
{
  struct scanrt_device *dev = scanrt_device_open (number);
  if (dev)
    lock_maps (dev);
  return dev;
}

size_t
scanrt_buffer_limit (const struct scanrt_device *dev)
{
  cl_ulong limit = dev->max_alloc;
  if (limit > dev->global_mem / 2)
    limit = dev->global_mem / 2;
  if (limit > SIZE_MAX)
    limit = SIZE_MAX;
  return scanrt_setting_size (SCANRT_SET_MAX_BUFFER, limit, limit, NULL);
}

cl_mem
scanrt_make_buffer (struct scanrt_device *dev, char *base, size_t bytes,
                    int copy_in, double *seconds, int *status)
{
  cl_int err;
  cl_mem mem;
  size_t limit = scanrt_buffer_limit (dev);
  if (bytes > limit)
    {
      scanrt_report ("an array of %zu bytes exceeds the device's largest "
                     "buffer (%zu bytes: %s)", bytes, limit,
                     limit == dev->max_alloc ? "CL_DEVICE_MAX_MEM_ALLOC_SIZE"
                     : limit == dev->global_mem / 2 ? "half its memory"
                     : "SCANOMP_MAX_BUFFER");
      *status = SCANRT_ENOMEM;
      return NULL;
    }
  if (bytes == 0)
    mem = clCreateBuffer (dev->context, CL_MEM_READ_WRITE, 1, NULL, &err);
  else if (dev->unified)
    mem = clCreateBuffer (dev->context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR,
                          bytes, base, &err);
  else
    mem = clCreateBuffer (dev->context, CL_MEM_READ_WRITE, bytes, NULL, &err);
  if (err != CL_SUCCESS)
    {
      scanrt_report_cl ("clCreateBuffer", err,
                        "the device has no room for the arrays");
      *status = scanrt_status_of_cl (err);
      return NULL;
    }
  if (copy_in && bytes && !dev->unified)
    {
      double t0 = scanrt_now ();
      err = clEnqueueWriteBuffer (dev->queue, mem, CL_TRUE, 0, bytes, base, 0,
                                  NULL, NULL);
      *seconds += scanrt_now () - t0;
      if (err != CL_SUCCESS)
        {
          scanrt_report_cl ("clEnqueueWriteBuffer", err,
                            "copying to the device failed");
          scanrt_release_buffer (mem);
          *status = scanrt_status_of_cl (err);
          return NULL;
        }
    }
  return mem;
}

/* Enqueue a copy between host range [HOST, HOST + BYTES) and MEM at
   OFFSET: to the device when TO_DEVICE, else back.  A device that shares
   the host's memory gets a map and unmap instead, which makes either
   side's writes visible to the other.  The caller waits for the queue.  */
static int
enqueue_copy (struct scanrt_device *dev, cl_mem mem, size_t offset,
              char *host, size_t bytes, int to_device)
{
  if (bytes == 0)
    return SCANRT_OK;
  cl_int err;
  const char *call;
  if (dev->unified)
    {
      call = "clEnqueueMapBuffer";
      void *p = clEnqueueMapBuffer (dev->queue, mem, CL_FALSE,
                                    to_device ? CL_MAP_WRITE : CL_MAP_READ,
                                    offset, bytes, 0, NULL, NULL, &err);
      if (err == CL_SUCCESS)
        err = clEnqueueUnmapMemObject (dev->queue, mem, p, 0, NULL, NULL);
    }
  else if (to_device)
    {
      call = "clEnqueueWriteBuffer";
      err = clEnqueueWriteBuffer (dev->queue, mem, CL_FALSE, offset, bytes,
                                  host, 0, NULL, NULL);
    }
  else
    {
      call = "clEnqueueReadBuffer";
      err = clEnqueueReadBuffer (dev->queue, mem, CL_FALSE, offset, bytes,
                                 host, 0, NULL, NULL);
    }
  if (err != CL_SUCCESS)
    {
      scanrt_report_cl (call, err, to_device
                                   ? "copying to the device failed"
                                   : "the results could not be read back");
      return scanrt_status_of_cl (err);
    }
  return SCANRT_OK;
}

/* Wait for everything enqueued on DEV.  */
static int
finish (struct scanrt_device *dev)
{
  cl_int err = clFinish (dev->queue);
  if (err != CL_SUCCESS)
    {
      scanrt_report_cl ("clFinish", err, "the device failed the scan");
      return scanrt_status_of_cl (err);
    }
  return SCANRT_OK;
}

int
scanrt_map_copy (struct scanrt_map *m, const char *p, void *host,
                 size_t bytes, int to_device, double *seconds)
{
  double t0 = scanrt_now ();
  int status = enqueue_copy (m->dev, m->mem, p - m->base, host, bytes,
                             to_device);
  int waited = finish (m->dev);
  *seconds += scanrt_now () - t0;
  return status != SCANRT_OK ? status : waited;
}

static int
by_base (const void *a, const void *b)
{
  const struct scanrt_temp *x = a, *y = b;
  return x->base < y->base ? -1 : x->base > y->base;
}

int
scanrt_bind (struct scanrt_device *dev, const struct SCANRT_desc *desc,
             const struct SCANRT_arg *args, struct scanrt_binding *b,
             int pieces, double *seconds)
{
  unsigned n = desc->nargs;
  memset (b, 0, sizeof *b);
  b->nargs = n;
  /* malloc and memset, not calloc, which glibc 2.36 serves past its
     per-thread cache: the two callocs took 2.5% of an API call's
     samples under perf on this machine, some 0.4 us.  */
  size_t bound = (n ? n : 1) * sizeof *b->bound;
  size_t temps = (n ? n : 1) * sizeof *b->temps;
  if ((b->bound = malloc (bound)))
    memset (b->bound, 0, bound);
  if ((b->temps = malloc (temps)))
    memset (b->temps, 0, temps);
  if (!b->bound || !b->temps)
    {
      scanrt_report ("out of host memory binding arrays");
      scanrt_unbind (dev, b, 0, seconds);
      return SCANRT_ENOMEM;
    }

  /* Arrays in mapped data use the mapping; collect the others.  */
  pthread_mutex_lock (&map_lock);
  for (unsigned i = 0; i < n; i++)
    {
      unsigned kind = desc->args[i].kind;
      if (!scanrt_arg_is_array (kind))
        continue;
      char *p = args[i].ptr;
      struct scanrt_map *m = find_map (dev, p, args[i].bytes, pieces);
      if (m && m->host_newer)
        {
          int copied = scanrt_map_copy (m, m->base, m->base, m->bytes, 1,
                                        seconds);
          if (copied != SCANRT_OK)
            {
              pthread_mutex_unlock (&map_lock);
              scanrt_unbind (dev, b, 0, seconds);
              return copied;
            }
          m->host_newer = 0;
        }
      if (m)
        {
          m->refs++;
          b->bound[i].map = m;
          b->bound[i].mem = m->mem;
          b->bound[i].offset = p - m->base;
          continue;
        }
      struct scanrt_temp *t = &b->temps[b->count++];
      t->base = p;
      t->bytes = args[i].bytes;
      t->kinds = kind == SCANRT_ARG_IN ? SCANRT_MAP_TO
                 : kind == SCANRT_ARG_OUT ? SCANRT_MAP_FROM
                                          : SCANRT_MAP_TO | SCANRT_MAP_FROM;
    }
  pthread_mutex_unlock (&map_lock);

  /* Merge overlapping ranges into one buffer each.  */
  qsort (b->temps, b->count, sizeof *b->temps, by_base);
  unsigned merged = 0;
  for (unsigned i = 0; i < b->count; i++)
    {
      struct scanrt_temp *last = merged ? &b->temps[merged - 1] : NULL;
      struct scanrt_temp t = b->temps[i];
      if (last && t.base < last->base + last->bytes)
        {
          if (t.base + t.bytes > last->base + last->bytes)
            last->bytes = t.base + t.bytes - last->base;
          last->kinds |= t.kinds;
        }
      else
        b->temps[merged++] = t;
    }
  b->count = merged;

  int status = SCANRT_OK;
  for (unsigned i = 0; i < b->count && status == SCANRT_OK; i++)
    {
      struct scanrt_temp *t = &b->temps[i];
      t->mem = scanrt_make_buffer (dev, t->base, t->bytes,
                                   (t->kinds & SCANRT_MAP_TO) != 0, seconds,
                                   &status);
    }
  if (status != SCANRT_OK)
    {
      scanrt_unbind (dev, b, 0, seconds);
      return status;
    }

  for (unsigned i = 0; i < n; i++)
    {
      char *p = args[i].ptr;
      if (!scanrt_arg_is_array (desc->args[i].kind) || b->bound[i].map)
        continue;
      for (unsigned j = 0; j < b->count; j++)
        if (p >= b->temps[j].base
            && p + args[i].bytes <= b->temps[j].base + b->temps[j].bytes)
          {
            b->bound[i].mem = b->temps[j].mem;
            b->bound[i].offset = p - b->temps[j].base;
            break;
          }
    }
  return SCANRT_OK;
}

int
scanrt_unbind (struct scanrt_device *dev, struct scanrt_binding *b, int ok,
               double *seconds)
{
  int status = SCANRT_OK;
  double t0 = scanrt_now ();
  /* After a failure the host keeps its data: the caller's fallback needs
     it intact.  */
  for (unsigned i = 0; i < b->count && ok && status == SCANRT_OK; i++)
    if (b->temps[i].mem && (b->temps[i].kinds & SCANRT_MAP_FROM))
      status = enqueue_copy (dev, b->temps[i].mem, 0, b->temps[i].base,
                             b->temps[i].bytes, 0);
  /* One wait covers the kernels, the total and the copies.  */
  int waited = finish (dev);
  if (status == SCANRT_OK)
    status = waited;
  *seconds += scanrt_now () - t0;
  for (unsigned i = 0; i < b->count; i++)
    if (b->temps[i].mem)
      scanrt_release_buffer (b->temps[i].mem);
  if (b->bound)
    {
      pthread_mutex_lock (&map_lock);
      for (unsigned i = 0; i < b->nargs; i++)
        if (b->bound[i].map)
          b->bound[i].map->refs--;
      pthread_mutex_unlock (&map_lock);
    }
  free (b->temps);
  free (b->bound);
  memset (b, 0, sizeof *b);
  return status;
}

int
scanrt_map_enter (int device, void *ptr, size_t bytes, unsigned kind)
{
  int status = SCANRT_OK;
  /* A device that cannot open leaves the data on the host: scans will
     run there.  */
  struct scanrt_device *dev = open_locked (device);
  double seconds = 0;
  if (!dev)
    return SCANRT_OK;
  struct scanrt_map *m = find_map (dev, ptr, bytes, 0);
  struct declined **pd = m ? NULL : find_declined (dev, ptr, bytes);
  if (m)
    {
      m->refs++;
      if ((kind & SCANRT_MAP_ALWAYS) && (kind & SCANRT_MAP_TO))
        status = scanrt_map_copy (m, ptr, ptr, bytes, 1, &seconds);
    }
  else if (pd)
    (*pd)->refs++;
  else if ((m = calloc (1, sizeof *m)))
    {
      m->mem = scanrt_make_buffer (dev, ptr, bytes,
                                   (kind & SCANRT_MAP_TO) != 0, &seconds,
                                   &status);
      if (!m->mem)
        {
          free (m);
          m = NULL;
          struct declined *d = malloc (sizeof *d);
          scanrt_report ("data enter of %p (%zu bytes) on device %d: not "
                         "mapped (%s); the data stays on the host, and "
                         "each scan of it copies what it needs", ptr, bytes,
                         device, scanrt_status_name (status));
          if (d)
            {
              *d = (struct declined) { .next = declined, .dev = dev,
                                       .base = ptr, .bytes = bytes,
                                       .refs = 1 };
              declined = d;
            }
        }
      else
        {
          m->dev = dev;
          m->base = ptr;
          m->bytes = bytes;
          m->refs = 1;
          m->next = maps;
          maps = m;
        }
    }
  else
    status = SCANRT_ENOMEM;
  unlock_maps (dev);
  return status;
}

int
scanrt_map_exit (int device, void *ptr, size_t bytes, unsigned kind)
{
  int status = SCANRT_OK;
  struct scanrt_device *dev = open_locked (device);
  double seconds = 0;
  if (!dev)
    return SCANRT_OK;
  struct scanrt_map **pm = find_link (dev, ptr, bytes, 0);
  struct scanrt_map *m = pm ? *pm : NULL;
  struct declined **pd = m ? NULL : find_declined (dev, ptr, bytes);
  if (pd)
    {
      struct declined *d = *pd;
      if ((kind & SCANRT_MAP_DELETE) || --d->refs == 0)
        {
          *pd = d->next;
          free (d);
        }
    }
  else if (!m)
    {
      scanrt_report ("data exit of %p (%zu bytes), which is not mapped on "
                     "device %d; check the matching enter", ptr, bytes,
                     device);
      status = SCANRT_EINVAL;
    }
  else if ((kind & SCANRT_MAP_DELETE) || --m->refs == 0)
    {
      *pm = m->next;
      if ((kind & SCANRT_MAP_FROM) && !m->host_newer)
        status = scanrt_map_copy (m, m->base, m->base, m->bytes, 0,
                                  &seconds);
      scanrt_release_buffer (m->mem);
      free (m);
    }
  else if ((kind & SCANRT_MAP_ALWAYS) && (kind & SCANRT_MAP_FROM)
           && !m->host_newer)
    status = scanrt_map_copy (m, ptr, ptr, bytes, 0, &seconds);
  unlock_maps (dev);
  return status;
}

int
scanrt_map_update (int device, void *ptr, size_t bytes, unsigned kind)
{
  int status = SCANRT_OK;
  struct scanrt_device *dev = open_locked (device);
  double seconds = 0;
  if (!dev)
    return SCANRT_OK;
  struct scanrt_map *m = find_map (dev, ptr, bytes, 0);
  if (m && ((kind & SCANRT_MAP_TO) || !m->host_newer))
    status = scanrt_map_copy (m, ptr, ptr, bytes,
                              (kind & SCANRT_MAP_TO) != 0, &seconds);
  unlock_maps (dev);
  return status;
}

int
scanrt_maps_any (void)
{
  return __atomic_load_n (&maps, __ATOMIC_RELAXED) != NULL;
}

int
scanrt_resident (struct scanrt_device *dev, const struct SCANRT_desc *desc,
                 const struct SCANRT_arg *args)
{
  int found = 0;
  if (!dev || dev->unified)
    return 0;
  pthread_mutex_lock (&map_lock);
  for (unsigned i = 0; i < desc->nargs && !found; i++)
    found = scanrt_arg_is_array (desc->args[i].kind)
            && find_map (dev, args[i].ptr, args[i].bytes, 0);
  pthread_mutex_unlock (&map_lock);
  return found;
}

void
scanrt_resident_to_host (struct scanrt_device *dev,
                         const struct SCANRT_desc *desc,
                         const struct SCANRT_arg *args)
{
  double seconds = 0;
  if (dev->unified)
    return;
  lock_maps (dev);
  for (unsigned i = 0; i < desc->nargs; i++)
    {
      struct scanrt_map *m = scanrt_arg_is_array (desc->args[i].kind)
                             ? find_map (dev, args[i].ptr, args[i].bytes, 0)
                             : NULL;
      if (!m || m->host_newer)
        continue;
      if (scanrt_map_copy (m, m->base, m->base, m->bytes, 0, &seconds)
          != SCANRT_OK)
        scanrt_report ("mapped data could not be read back from the device "
                       "before the scan ran on the host: the host's copy "
                       "of %zu bytes at %p is what it was before", m->bytes,
                       (void *) m->base);
      m->host_newer = 1;
    }
  unlock_maps (dev);
}

int
scanrt_map_read (int device, void *dst, const void *src, size_t bytes)
{
  struct scanrt_device *dev = scanrt_device_info (device);
  int read = 0;
  if (dev && !dev->unified)
    {
      lock_maps (dev);
      struct scanrt_map *m = find_map (dev, src, bytes, 0);
      if (m && !m->host_newer)
        read = enqueue_copy (dev, m->mem, (const char *) src - m->base, dst,
                             bytes, 0) == SCANRT_OK
               && finish (dev) == SCANRT_OK;
      unlock_maps (dev);
    }
  return read;
}

int
scanrt_map_entered (int device, const void *ptr, size_t bytes)
{
  struct scanrt_device *dev = scanrt_device_info (device);
  int entered = 0;
  if (dev)
    {
      pthread_mutex_lock (&map_lock);
      entered = find_map (dev, ptr, bytes, 0)
                || find_declined (dev, ptr, bytes);
      pthread_mutex_unlock (&map_lock);
    }
  return entered;
}

cl_mem
scanrt_map_locate (struct scanrt_device *dev, const void *p, size_t bytes,
                   cl_ulong *offset)
{
  cl_mem mem = NULL;
  if (dev->unified)
    return NULL;
  pthread_mutex_lock (&map_lock);
  struct scanrt_map *m = find_map (dev, p, bytes, 0);
  if (m && !m->host_newer)
    {
      mem = m->mem;
      *offset = (const char *) p - m->base;
    }
  pthread_mutex_unlock (&map_lock);
  return mem;
}
