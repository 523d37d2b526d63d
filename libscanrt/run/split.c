/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* split.c: one scan across several OpenCL devices, as SkelCL distributes
   a vector over its GPUs.  SCANOMP_DEVICES, or scanrt_params.devices,
   names them (list.c); route.c decides which scans are split.  A scan
   then runs as one contiguous block of positions per device, the
   blocks' lengths in proportion to the devices' weights.

   With a built-in operator, whose identity and combination the host
   knows, the totals come first: every device but the last computes its
   block's total (the kernel set with its stores compiled out), all at
   once; the host combines them into each block's seed; then every device
   scans its block from its seed, all at once.  The devices read their
   blocks twice but none waits for another.  A user-defined operator's
   blocks are chained instead: each runs after the one before, seeded with
   its total.

   Weights not given are measured: each device's rate in its last block
   (positions a second, copies in included, builds not), for scans whose
   result no cut changes: a built-in operator over integers, or min and
   max.  Measured weights move the blocks' bounds from call to call, and
   with them a floating-point result's rounding: so that such a scan gives
   the same bits from run to run, its weights are estimated from the
   devices' compute units and clocks instead, unless given.

   A reproducible scan (repro.c) cuts its blocks at whole tiles, and
   its totals are the exact sums of the blocks' tiles' totals, whose
   running sums start the blocks.

   A block whose device fails runs again on the list's other devices in
   turn.  Totals that no device computes leave the whole scan to the
   caller's fallback, with nothing written.  A block that no device scans
   runs on the descriptor's host scan function where there is one (a
   reproducible scan's, on the host's reproducible scan from the block's
   exact start); else the caller's fallback goes on from the block's
   first position, unless the scan is in place and a later block is
   already written: it then fails.

   Data that `target data' spread across the devices (pieces.c) sets the
   blocks itself: they end where its pieces do, and each runs on the
   device that holds its piece, is not retried elsewhere, and goes to the
   host, with the data, when it fails.

   Not split: a scan on data mapped on one device (it runs where the data
   is), and a scan whose written arrays cannot be cut into blocks (their
   windows do not move by a stride).  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run.h"

#define MAX_DEVICES SCANRT_MAX_SPLIT

struct spread
{
  struct scanrt_device_list l;
  int pinned;                    /* blocks on data spread across devices */
};

/* One block of a split scan: positions [LO, HI) on DEVICE.  */
struct block
{
  const struct scanrt_request *whole;
  size_t lo, hi;
  int device;
  struct scanrt_request r;
  struct SCANRT_arg *args;
  long *starts;
  struct scanrt_timing t;
  int status;
  struct scanrt_binding kept;   /* results not yet copied back */
  unsigned char *before;        /* the host's written windows before */
  unsigned char *margins;       /* its pieces' margins before (pinned) */
  struct scanrt_exact start;    /* a reproducible block's exact start */
};

/* Whether the result of a scan of D is the same however its positions
   are cut: integer sums wrap exactly, min and max pick an element.  */
static int
exact_anyhow (const struct SCANRT_desc *d)
{
  if (d->type >= SCANRT_NTYPES || d->op == SCANRT_OP_USER)
    return 0;
  return (d->type != SCANRT_FLOAT && d->type != SCANRT_DOUBLE)
         || d->op == SCANRT_MIN || d->op == SCANRT_MAX;
}

static void *
run_block (void *arg)
{
  struct block *b = arg;
  double t0 = scanrt_now () + b->t.build;
  struct scanrt_device *dev = scanrt_device_open (b->device);
  b->status = dev ? scanrt_run_on (dev, &b->r, &b->t) : SCANRT_EDEVICE;
  /* The device's rate, less the time it spent building.  */
  double seconds = scanrt_now () - t0 - b->t.build;
  if (dev && b->status == SCANRT_OK && !b->r.total_only && seconds > 0)
    {
      double rate = (double) (b->hi - b->lo) / seconds;
      __atomic_store (&dev->rate, &rate, __ATOMIC_RELAXED);
    }
  return NULL;
}

/* Run block B again on the other devices of S in turn, until one takes
   it.  */
static void
retry (struct block *b, const struct spread *s)
{
  int failed = b->device;
  for (unsigned k = 0; k < s->l.count && b->status != SCANRT_OK; k++)
    if (s->l.devices[k] != failed)
      {
        scanrt_report ("%s: positions %zu to %zu failed on device %d; "
                       "running them on device %d", b->whole->site,
                       b->lo, b->hi - 1, failed, s->l.devices[k]);
        b->device = s->l.devices[k];
        run_block (b);
      }
}

/* Run blocks B[0] to B[COUNT - 1] at once, a thread each (the last on the
   calling thread), then each that failed again elsewhere.  Returns the
   first that still fails, or COUNT.  */
static unsigned
run_blocks (struct block *b, unsigned count, const struct spread *s)
{
  pthread_t threads[count];
  int started[count];
  for (unsigned k = 0; k + 1 < count; k++)
    if (!(started[k] = !pthread_create (&threads[k], NULL, run_block,
                                        &b[k])))
      run_block (&b[k]);
  run_block (&b[count - 1]);
  for (unsigned k = 0; k + 1 < count; k++)
    if (started[k])
      pthread_join (threads[k], NULL);
  unsigned failed = count;
  for (unsigned k = count; k-- > 0;)
    {
      /* A pinned block's data is on its device alone.  */
      if (b[k].status != SCANRT_OK && !s->pinned)
        retry (&b[k], s);
      if (b[k].status != SCANRT_OK)
        failed = k;
    }
  return failed;
}

/* Where the windows of an array that the blocks write overlap (the
   plugin's take in y[i-1], a map's take its whole section), a device's copy
   holds the elements of the windows' other blocks as they were before the
   scan, unless it shares the host's memory.  Such a block's results go back
   from the copy the device kept (B->kept) byte by byte where they differ
   from the host's before the scan (B->before, taken by save_windows): each
   element ends as the block that wrote it left it.  */

static int
written (const struct block *b, unsigned i)
{
  return scanrt_arg_is_written (b->r.desc->args[i].kind);
}

static int
save_windows (struct block *b)
{
  size_t bytes = 0;
  for (unsigned i = 0; i < b->r.desc->nargs; i++)
    bytes += written (b, i) ? b->args[i].bytes : 0;
  if (!(b->before = malloc (bytes ? bytes : 1)))
    return 0;
  bytes = 0;
  for (unsigned i = 0; i < b->r.desc->nargs; i++)
    if (written (b, i))
      {
        memcpy (b->before + bytes, b->args[i].ptr, b->args[i].bytes);
        bytes += b->args[i].bytes;
      }
  return 1;
}

/* Bring block B's results back from the copy its device kept, and release
   it.  */
static int
merge_back (struct block *b)
{
  struct scanrt_device *dev = scanrt_device_info (b->device);
  const struct scanrt_bound *bound = b->kept.bound;
  int status = SCANRT_OK;
  size_t at = 0;
  pthread_mutex_lock (&dev->lock);
  double t0 = scanrt_now ();
  for (unsigned i = 0; i < b->r.desc->nargs && status == SCANRT_OK; i++)
    {
      if (!written (b, i))
        continue;
      size_t bytes = b->args[i].bytes;
      unsigned char *host = b->args[i].ptr, *after = malloc (bytes + 1);
      cl_int err = after ? clEnqueueReadBuffer (dev->queue, bound[i].mem,
                                                CL_TRUE, bound[i].offset,
                                                bytes, after, 0, NULL, NULL)
                         : CL_OUT_OF_HOST_MEMORY;
      if (err != CL_SUCCESS)
        {
          scanrt_report_cl ("clEnqueueReadBuffer", err,
                            "the results could not be read back");
          status = scanrt_status_of_cl (err);
        }
      else
        for (size_t j = 0; j < bytes; j++)
          if (after[j] != b->before[at + j])
            host[j] = after[j];
      free (after);
      at += bytes;
    }
  b->t.transfer += scanrt_now () - t0;
  scanrt_unbind (dev, &b->kept, 0, &b->t.transfer);
  pthread_mutex_unlock (&dev->lock);
  return status;
}

/* Whether R can be cut into blocks: 0 where an array it writes has a
   window that does not move by a stride, or an array it writes without
   reading (which is not copied in) has windows that overlap; 2 where the
   windows of consecutive positions overlap (the plugin's take in y[i-1]);
   else 1.  */
static int
divisible (const struct scanrt_request *r)
{
  int cut = 1;
  for (unsigned i = 0; i < r->desc->nargs; i++)
    {
      unsigned kind = r->desc->args[i].kind;
      size_t step = scanrt_window_step (r, i);
      if (kind != SCANRT_ARG_OUT && kind != SCANRT_ARG_INOUT)
        continue;
      if (!step)
        return 0;
      if (r->args[i].bytes > step * r->n && kind == SCANRT_ARG_OUT)
        return 0;
      if (r->args[i].bytes > step * r->n)
        cut = 2;
    }
  return cut;
}

/* Whether R's arrays lie in data mapped on the default device or one of
   L's.  */
static int
resident (const struct scanrt_request *r, const struct scanrt_device_list *l)
{
  if (scanrt_resident (scanrt_device_info (scanrt_default_device ()),
                       r->desc, r->args))
    return 1;
  for (unsigned k = 0; k < l->count; k++)
    if (scanrt_resident (scanrt_device_info (l->devices[k]), r->desc,
                         r->args))
      return 1;
  return 0;
}

/* Blocks of R over S's devices: B and their arguments (ARGS and STARTS,
   desc->nargs a block), their lengths in proportion to the devices'
   weights, or ending at ENDS where it is not NULL.  Returns how many;
   blocks of no positions are left out.  */
static unsigned
cut (const struct scanrt_request *r, const struct spread *s,
     struct block *b, struct SCANRT_arg *args, long *starts,
     const size_t *ends)
{
  double w[MAX_DEVICES], sum = 0, before = 0;
  unsigned nargs = r->desc->nargs, count = 0;
  size_t lo = 0;
  scanrt_device_list_weigh (&s->l, w, exact_anyhow (r->desc));
  for (unsigned k = 0; k < s->l.count; k++)
    sum += w[k];
  for (unsigned k = 0; k < s->l.count; k++)
    {
      before += w[k];
      size_t hi = ends ? ends[k]
                  : k + 1 == s->l.count ? r->n
                                      : (size_t) ((long double) r->n * before
                                                  / sum);
      /* A reproducible scan's blocks are whole tiles.  */
      if (r->repro && hi < r->n)
        hi -= hi % SCANRT_REPRO_TILE;
      if (hi <= lo)
        continue;
      struct block *x = &b[count];
      memset (x, 0, sizeof *x);
      x->whole = r;
      x->lo = lo;
      x->hi = hi;
      x->device = s->l.devices[k];
      x->status = SCANRT_EDEVICE;     /* not run yet */
      x->args = args + count * nargs;
      x->starts = starts + count * nargs;
      scanrt_window_args (r, lo, hi - lo, x->args, x->starts);
      x->r = (struct scanrt_request) {
        .desc = r->desc, .args = x->args, .params = r->params,
        .site = r->site, .device = x->device, .first = r->first + (long) lo,
        .n = hi - lo, .pieces = s->pinned
      };
      count++;
      lo = hi;
    }
  return count;
}

/* The end of a scan on pinned blocks B[0] to B[COUNT - 1]: the pieces'
   lock released, and, where the scan goes on elsewhere (TO_HOST), the
   pieces brought back to the host.  */
static void
unpin (const struct scanrt_request *r, struct block *b, unsigned count,
       int to_host)
{
  for (unsigned k = 0; k < count; k++)
    {
      free (b[k].margins);
      b[k].margins = NULL;
    }
  scanrt_pieces_unlock ();
  if (to_host)
    scanrt_pieces_to_host (r);
}

/* The seeds of blocks B[0] to B[COUNT - 1] of R, a built-in operator's,
   in SEEDS (ELEM bytes each, block 0's given): the totals of all blocks
   but the last, into TOTALS, block 0's from its seed, at once; then
   combined on the host.  Returns 0 where a total was not computed.  */
static int
seed_blocks (const struct scanrt_request *r, struct block *b, unsigned count,
             const struct spread *s, unsigned char *seeds,
             unsigned char *totals)
{
  const struct SCANRT_desc *desc = r->desc;
  size_t elem = desc->elem_size;
  unsigned char identity[sizeof (double)];
  scanrt_identity ((scanrt_type) desc->type, (scanrt_op) desc->op, identity);
  for (unsigned k = 0; k + 1 < count; k++)
    {
      b[k].r.seed = k ? identity : scanrt_request_seed (r);
      b[k].r.total = totals + k * elem;
      b[k].r.total_only = 1;
    }
  if (run_blocks (b, count - 1, s) != count - 1)
    return 0;
  memcpy (seeds + elem, totals, elem);
  for (unsigned k = 1; k + 1 < count; k++)
    scanrt_combine ((scanrt_type) desc->type, (scanrt_op) desc->op,
                    seeds + (k + 1) * elem, seeds + k * elem,
                    totals + k * elem);
  return 1;
}

/* The starts of blocks B[0] to B[COUNT - 1] of R, a reproducible scan,
   in STARTS: the exact sums of all blocks' tiles' totals but the last's,
   into SUMS, at once; then added on the host to R's exact sum (repro.c).
   Returns 0 where a sum was not computed.  */
static int
start_repro_blocks (const struct scanrt_request *r, struct block *b,
                    unsigned count, const struct spread *s,
                    struct scanrt_exact *starts, struct scanrt_exact *sums)
{
  for (unsigned k = 0; k + 1 < count; k++)
    {
      scanrt_exact_clear (&sums[k]);
      b[k].r.repro = &sums[k];
      b[k].r.total_only = 1;
    }
  if (run_blocks (b, count - 1, s) != count - 1)
    return 0;
  starts[0] = *r->repro;
  for (unsigned k = 1; k < count; k++)
    {
      starts[k] = starts[k - 1];
      scanrt_exact_merge (&starts[k], &sums[k - 1]);
    }
  return 1;
}

/* Block B of R, a reproducible scan, on the host, from its exact start
   B->start, with SEED its rounding and TOTAL receiving the block's last
   value: the definition's bits, which the block's device would have
   given.  Returns as scanrt_team_scan.  */
static int
repro_on_host (const struct scanrt_request *r, const struct block *b,
               const void *seed, void *total)
{
  unsigned nargs = r->desc->nargs;
  struct SCANRT_arg args[nargs];
  long starts[nargs];
  struct scanrt_request part;
  scanrt_request_part (r, b->lo, b->hi - b->lo, args, starts, &part);
  struct scanrt_exact from = b->start;
  part.seed = seed;
  part.total = total;
  part.repro = &from;
  return scanrt_team_scan (&part, 0, 0);
}

/* The outcome of blocks B[0] to B[COUNT - 1] of R, the first that failed
   FAILED (COUNT: none), whose seeds SEEDS holds (ELEM bytes each, the
   total last): blocks no device took run on the host where R's descriptor
   has a host path and STRICT allows it (a reproducible scan's each from
   its exact start); the rest is said, and the status returned, with
   *DONE.  */
static int
outcome (const struct scanrt_request *r, struct block *b, unsigned count,
         unsigned failed, unsigned char *seeds, int strict, int pinned,
         double t0, size_t *done)
{
  const struct SCANRT_desc *desc = r->desc;
  size_t elem = desc->elem_size;
  /* Blocks no device took (and, chained, those after them): the
     host's, where it has the loop.  */
  for (unsigned k = failed; k < count && desc->scan && !strict; k++)
    if (b[k].status != SCANRT_OK)
      {
        scanrt_report ("%s: positions %zu to %zu run on the host",
                       r->site, b[k].lo, b[k].hi - 1);
        unsigned char carry[elem];
        memcpy (carry, seeds + k * elem, elem);
        if (!r->repro
            || repro_on_host (r, &b[k], seeds + k * elem, carry)
                 != SCANRT_OK)
          desc->scan (r->args, r->first, b[k].lo, b[k].hi, carry);
        memcpy (seeds + (k + 1) * elem, carry, elem);
        b[k].status = SCANRT_OK;
      }
  while (failed < count && b[failed].status == SCANRT_OK)
    failed++;

  struct scanrt_timing t = { 0 };
  for (unsigned k = 0; k < count; k++)
    {
      t.build += b[k].t.build;
      t.transfer += b[k].t.transfer;
      t.kernel += b[k].t.kernel;
    }
  t.total = scanrt_now () - t0;

  int status = SCANRT_OK;
  if (failed < count)
    {
      /* The caller goes on from block FAILED's first position (from the
         start, without DONE), which rewrites what the blocks after it
         (and before it) wrote: with the same values, unless the scan is
         in place.  */
      int rewritten = failed > 0 && !done;
      for (unsigned k = failed + 1; k < count; k++)
        rewritten |= b[k].status == SCANRT_OK;
      int resumable = !strict && !(rewritten && scanrt_in_place (r));
      char where[64] = "on every device";
      if (pinned)
        snprintf (where, sizeof where, "on device %d, which holds their data",
                  b[failed].device);
      scanrt_report ("%s: positions %zu to %zu failed %s; %s",
                     r->site, b[failed].lo, b[failed].hi - 1, where,
                     resumable ? "the host goes on from there"
                     : strict ? "the scan fails"
                              : "the blocks around them are written, so the "
                                "scan cannot go on on the host");
      status = resumable ? SCANRT_HOST : SCANRT_EDEVICE;
      memcpy (seeds + count * elem, seeds + failed * elem, elem);
      t.on_host = 1;
    }
  if (done)
    *done = status == SCANRT_OK ? r->n
            : status == SCANRT_HOST ? b[failed].lo : 0;
  if (r->total && (status == SCANRT_OK || (status == SCANRT_HOST && done)))
    memcpy (r->total, seeds + count * elem, elem);
  scanrt_profile_record (r->site, &t);
  return status;
}

int
scanrt_split_scan (const struct scanrt_request *r,
                   const struct scanrt_device_list *list, int strict,
                   size_t *done, int *status)
{
  struct spread s = { 0 };
  size_t ends[MAX_DEVICES];
  const scanrt_params *p = r->params;
  /* A seed in the loop's array, read now where the scan may be split:
     reading it may take the pieces' lock, which a split holds.  */
  if (r->seed_at && ((list && list->count) || scanrt_pieces_any ()))
    scanrt_request_seed (r);
  /* Data spread across devices sets the blocks: its pieces, whatever
     the scan's size, as for other data on a device.  */
  scanrt_pieces_lock ();
  int pinned = scanrt_forked () ? 0
                                : scanrt_pieces_cut (r, s.l.devices, ends);
  if (pinned > 0)
    {
      s.l.count = (unsigned) pinned;
      s.pinned = 1;
      /* Other arrays mapped on one device: the scan goes there.  */
      if (resident (r, &s.l))
        {
          unpin (r, NULL, 0, 1);
          return 0;
        }
    }
  else
    {
      scanrt_pieces_unlock ();
      if (pinned < 0 && scanrt_first_report ("not on pieces", r->desc->site))
        scanrt_report ("%s: the scan's blocks cannot follow the pieces of "
                       "the data mapped across devices (an array it writes "
                       "is not spread as the first is, or its windows "
                       "reach past the pieces' margins), so that data comes "
                       "back to the host and the scan runs on the host's "
                       "copy", r->site);
      if (pinned < 0)
        scanrt_pieces_to_host (r);
      /* What stays on one device goes the usual way.  */
      if (!list || list->count == 0 || resident (r, list))
        return 0;
      s.l = *list;
    }
  int cut_kind = divisible (r);
  if (!cut_kind)
    {
      if (s.pinned)
        unpin (r, NULL, 0, 1);
      if (scanrt_first_report ("not divisible", r->desc->site))
        scanrt_report ("%s: the scan's stores cannot be cut into blocks, so "
                       "it runs on one device, not on those of %s",
                       r->site,
                       p && p->devices ? "scanrt_params.devices"
                                       : "SCANOMP_DEVICES");
      return 0;
    }

  const struct SCANRT_desc *desc = r->desc;
  unsigned nargs = desc->nargs;
  size_t elem = desc->elem_size;
  struct block b[MAX_DEVICES];
  struct SCANRT_arg args[MAX_DEVICES * nargs + 1];
  long starts[MAX_DEVICES * nargs + 1];
  unsigned count = cut (r, &s, b, args, starts, s.pinned ? ends : NULL);
  for (unsigned k = 0; k < count && !s.pinned; k++)
    if (!scanrt_windows_fit (r, scanrt_device_info (b[k].device),
                             b[k].hi - b[k].lo))
      return 0;
  /* Nothing is written before the margins are in place: without them the
     scan goes the usual way, on the host's copy.  */
  for (unsigned k = 0; k < count && s.pinned; k++)
    if (scanrt_pieces_ready (&b[k].r, b[k].args, b[k].device,
                             &b[k].margins)
        != SCANRT_OK)
      {
        unpin (r, b, count, 1);
        return 0;
      }
  int chained = desc->type >= SCANRT_NTYPES || desc->op > SCANRT_MAX;
  struct scanrt_exact begin[r->repro ? count : 1], sums[count];

  /* seeds[k] is block k's seed; seeds[count] the total.  */
  unsigned char seeds[count + 1][elem], totals[count][elem];
  memcpy (seeds[0], scanrt_request_seed (r), elem);
  double t0 = scanrt_now ();
  unsigned failed = count;
  if (chained)
    for (unsigned k = 0; k < count && failed == count; k++)
      {
        b[k].r.seed = seeds[k];
        b[k].r.total = seeds[k + 1];
        if (run_blocks (&b[k], 1, &s) == 0)
          failed = k;
      }
  else if (count > 1)
    {
      if (r->repro ? !start_repro_blocks (r, b, count, &s, begin, sums)
                   : !seed_blocks (r, b, count, &s, &seeds[0][0],
                                   &totals[0][0]))
        {
          scanrt_report ("%s: no device computed a block's total; %s",
                         r->site,
                         strict ? "the scan fails" : "the scan runs on the "
                                                     "host instead");
          if (s.pinned)
            unpin (r, b, count, 1);
          *status = strict ? SCANRT_EDEVICE : SCANRT_HOST;
          if (done)
            *done = 0;
          return 1;
        }
    }
  if (!chained)
    {
      /* Chained blocks run one after another, each copying in what the
         one before it copied back: they need no merge.  Nothing is
         written yet, so without the room for it the scan can still go
         the usual way.  */
      for (unsigned k = 0; k < count && cut_kind == 2 && !s.pinned; k++)
        if (!save_windows (&b[k]))
          {
            while (k-- > 0)
              free (b[k].before);
            return 0;
          }
      for (unsigned k = 0; k < count; k++)
        {
          b[k].r.seed = seeds[k];
          b[k].r.total = k + 1 == count ? seeds[count] : totals[k];
          b[k].r.total_only = 0;
          b[k].r.keep = b[k].before ? &b[k].kept : NULL;
          if (r->repro)
            {
              b[k].r.repro = count > 1 ? &begin[k] : r->repro;
              /* Kept for the host, and rounded as the block's seed
                 there and for the caller's loop.  */
              b[k].start = *b[k].r.repro;
              if (k)
                scanrt_exact_store (&b[k].start,
                                    (scanrt_type) desc->type, seeds[k]);
            }
        }
      failed = run_blocks (b, count, &s);
    }
  for (unsigned k = 0; k < count; k++)
    if (b[k].before && b[k].status == SCANRT_OK
        && (b[k].status = merge_back (&b[k])) != SCANRT_OK && k < failed)
      failed = k;
  for (unsigned k = 0; k < count; k++)
    free (b[k].before);
  /* The bytes pinned blocks changed in their margins, to their owners;
     then, if the host is to go on, all of it to the host.  */
  for (unsigned k = 0; k < count && s.pinned; k++)
    if (b[k].status == SCANRT_OK
        && (b[k].status = scanrt_pieces_settle (&b[k].r, b[k].device,
                                                b[k].margins)) != SCANRT_OK
        && k < failed)
      failed = k;
  if (s.pinned)
    unpin (r, b, count, failed < count);

  *status = outcome (r, b, count, failed, &seeds[0][0], strict, s.pinned,
                     t0, done);
  return 1;
}
