/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* segments.c: a scan whose arrays do not fit in its device's largest
   buffer, run there as consecutive segments of positions, each seeded
   with the total of the ones before.  Each array's window moves by a
   fixed stride from one position to the next (the plugin says so, and the
   API's arrays do), so a segment's windows are the whole scan's, cut
   (request.c).  A segment that fails hands the rest to the host where
   the caller can go on from there (it passes DONE); else, past the first
   segment, the scan fails, since what is written cannot be undone.  A
   reproducible scan's segments are whole tiles, and pass on its exact
   sum (repro.c); where one fails, the host's reproducible scan goes on
   from that sum.  */

#include <string.h>

#include "run.h"

size_t
scanrt_segment_length (const struct scanrt_request *r, int device)
{
  struct scanrt_device *dev = scanrt_device_info (device);
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
                         "device: %s", r->site,
                         step ? "one position's window of an array exceeds "
                                "its largest buffer"
                              : "its accesses to an array do not all move "
                                "by the same stride");
          return 0;
        }
      if (r->n - cut < len)
        len = r->n - cut;
    }
  /* A reproducible scan's segments hold whole tiles, whose carries
     continue from one to the next.  */
  if (r->repro && len < r->n)
    {
      if (len < SCANRT_REPRO_TILE)
        {
          scanrt_report ("%s: the device's largest buffer holds fewer "
                         "positions than a reproducible scan's tile (%d)",
                         r->site, SCANRT_REPRO_TILE);
          return 0;
        }
      len -= len % SCANRT_REPRO_TILE;
    }
  return len;
}

int
scanrt_run_segments (const struct scanrt_request *r, int device, size_t len,
                     int strict, size_t *done, struct scanrt_timing *t)
{
  const struct SCANRT_desc *desc = r->desc;
  unsigned nargs = desc->nargs;
  struct SCANRT_arg args[nargs];
  long starts[nargs];
  size_t elem = desc->elem_size;
  unsigned char carry[2][elem];
  memcpy (carry[0], scanrt_request_seed (r), elem);
  int k = 0, status = SCANRT_OK;
  size_t p0;
  for (p0 = 0; p0 < r->n; p0 += len, k = !k)
    {
      size_t m = r->n - p0 < len ? r->n - p0 : len;
      scanrt_window_args (r, p0, m, args, starts);
      struct scanrt_request seg = {
        .desc = desc, .args = args, .params = r->params, .site = r->site,
        .device = device, .first = r->first + (long) p0, .n = m,
        .seed = carry[k], .total = carry[!k], .repro = r->repro,
        .total_only = r->total_only
      };
      /* A failed segment may have added some of its tiles' totals to
         the reproducible scan's exact sum: it is put back as it was.  */
      struct scanrt_exact before;
      if (r->repro)
        before = *r->repro;
      status = scanrt_run_device (device, &seg, strict || (p0 && !done), t);
      if (status != SCANRT_OK)
        {
          if (r->repro)
            *r->repro = before;
          break;
        }
    }
  /* A reproducible scan goes on on the host from the exact sum through
     the segments done, in the definition's bits, where the caller's
     loop would go on in its own.  */
  if (status == SCANRT_HOST && p0 && done && r->repro)
    {
      struct SCANRT_arg rest_args[nargs];
      long rest_starts[nargs];
      struct scanrt_request rest;
      scanrt_request_part (r, p0, r->n - p0, rest_args, rest_starts, &rest);
      rest.seed = carry[k];
      rest.total = carry[!k];
      rest.repro = r->repro;
      scanrt_report ("%s: positions %zu to %zu run on the host", r->site,
                     p0, r->n - 1);
      if (scanrt_team_scan (&rest, 0, 0) == SCANRT_OK)
        {
          status = SCANRT_OK;
          k = !k;
        }
    }
  if (status < 0 && p0 && !done)
    scanrt_report ("%s: the scan's first %zu positions are written, so it "
                   "cannot start again on the host", r->site, p0);
  if (done)
    *done = status == SCANRT_OK ? r->n : p0;
  if (r->total && (status == SCANRT_OK || p0))
    memcpy (r->total, carry[k], elem);
  return status;
}
