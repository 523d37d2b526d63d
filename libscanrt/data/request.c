/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* request.c: one scan as its callers ask for it (struct scanrt_request),
   and the windows of its arrays.  An array argument's window is the bytes
   the scan touches; where the plugin knows that it moves by a fixed
   stride from one position to the next, with the START scalar after it
   (scanrt-abi.h), a range of positions has a window of its own: so a
   scan runs in segments, and in blocks across devices.  */

#include <string.h>

#include "data.h"

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

void
scanrt_request_part (const struct scanrt_request *r, size_t p0, size_t m,
                     struct SCANRT_arg *args, long *starts,
                     struct scanrt_request *part)
{
  scanrt_window_args (r, p0, m, args, starts);
  size_t skip = p0 * r->desc->elem_size;
  *part = (struct scanrt_request) {
    .desc = r->desc, .args = args, .params = r->params, .site = r->site,
    .device = r->device, .first = r->first + (long) p0, .n = m,
    .plain_in = r->plain_in ? (const char *) r->plain_in + skip : NULL,
    .plain_out = r->plain_out ? (char *) r->plain_out + skip : NULL
  };
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

/* Whether the windows of R's arrays I and J share a byte.  */
static int
windows_overlap (const struct scanrt_request *r, unsigned i, unsigned j)
{
  const char *p = r->args[i].ptr, *q = r->args[j].ptr;
  return p < q + r->args[j].bytes && q < p + r->args[i].bytes;
}

int
scanrt_stores_over_reads (const struct scanrt_request *r)
{
  const struct SCANRT_desc *d = r->desc;
  for (unsigned i = 0; i < d->nargs; i++)
    for (unsigned j = 0; j < d->nargs; j++)
      {
        unsigned ki = d->args[i].kind, kj = d->args[j].kind;
        if (j != i && (ki == SCANRT_ARG_OUT || ki == SCANRT_ARG_INOUT)
            && (kj == SCANRT_ARG_IN || kj == SCANRT_ARG_INOUT)
            && windows_overlap (r, i, j))
          return 1;
      }
  return 0;
}

/* Whether an array of R marked MARK (SCANRT_arg_desc.size) overlaps
   another of R's arrays, one R stores where STORED.  */
static int
marked_overlaps (const struct scanrt_request *r, unsigned mark, int stored)
{
  const struct SCANRT_desc *d = r->desc;
  for (unsigned i = 0; i < d->nargs; i++)
    if (scanrt_arg_is_array (d->args[i].kind) && (d->args[i].size & mark))
      for (unsigned j = 0; j < d->nargs; j++)
        {
          unsigned kj = d->args[j].kind;
          if (j != i && scanrt_arg_is_array (kj)
              && (!stored || kj == SCANRT_ARG_OUT || kj == SCANRT_ARG_INOUT)
              && windows_overlap (r, i, j))
            return 1;
        }
  return 0;
}

int
scanrt_stored_twice_overlaps (const struct scanrt_request *r)
{
  return marked_overlaps (r, SCANRT_ARRAY_STORED_TWICE, 0);
}

int
scanrt_gathers_over_stores (const struct scanrt_request *r)
{
  return marked_overlaps (r, SCANRT_ARRAY_GATHERED, 1);
}

int
scanrt_reads_stored (const struct scanrt_request *r)
{
  return (r->desc->flags & SCANRT_READS_STORED)
         || scanrt_stores_over_reads (r);
}

int
scanrt_in_place (const struct scanrt_request *r)
{
  const struct SCANRT_desc *d = r->desc;
  for (unsigned i = 0; i < d->nargs; i++)
    for (unsigned j = 0; j < d->nargs; j++)
      if (d->args[i].kind == SCANRT_ARG_INOUT
          || (d->args[i].kind == SCANRT_ARG_OUT
              && d->args[j].kind == SCANRT_ARG_IN
              && windows_overlap (r, i, j)))
        return 1;
  return 0;
}
