/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* reproset.c: the reproducible kernel set (templates/scan-repro.cl) on a
   device, SCANOMP_REPRODUCIBLE's: its build options, which of its forms
   runs (a work-item or a work-group a tile; two passes or one), and
   their launches, from the exact sum before the scan and into the sum
   after it (docs/determinism.md).  */

#include <stdio.h>

#include "run.h"

/* What scan-repro.cl takes from here, as build options
   (scanrt_repro_plan): the tiles in a chunk of its two passes, and the
   largest work-group of their prefix kernel.  */
#define REPRO_CHUNK 16
#define REPRO_PREFIX_WG 128

/* The single pass's, also passed as build options, which scan-repro.cl
   checks: a tile's slot of 64-bit words (its total's two, its exact
   sum's digits and two fields of two each), and the flag that says it
   starts from a value passed, not from the row in memory (a bit that
   scanomp-common.h's flags leave free).  And the local memory it needs
   beyond the two-pass kernels' (its window of totals, its row, the
   carry).  */
#define ONEPASS_SLOT (2 + SCANRT_EXACT_DIGITS + 4)
#define REPRO_FLAG_START 4u
#define ONEPASS_LOCAL(elem) \
  (33 * (elem) + SCANRT_EXACT_ROW * sizeof (int64_t) + 3 * sizeof (cl_uint))

/* Whether L's reproducible set takes a work-group of 256 a tile (the
   _wg kernels), as GPUs want, rather than a work-item: on devices other
   than CPUs with room for it, or as SCANOMP_VARIANT says (cpu: a
   work-item; the others: a work-group).  */
static int
repro_groups (const struct scanrt_launch *l)
{
  size_t lanes = SCANRT_REPRO_TILE / 16, elem = l->desc->elem_size;
  size_t local = (SCANRT_REPRO_TILE + SCANRT_REPRO_TILE / 16 + 3 * lanes)
                 * elem + ONEPASS_LOCAL (elem);
  if (l->dev->max_wg < lanes || l->dev->local_mem < local)
    return 0;
  int word = scanrt_setting_word (SCANRT_SET_VARIANT, -1);
  return word >= 0 ? word > 0 : !(l->dev->type & CL_DEVICE_TYPE_CPU);
}

/* Whether L's reproducible set, in work-groups, scans in a single pass
   (scanomp_repro_onepass_wg): where the device has the 64-bit atomics
   it publishes with, unless SCANOMP_VARIANT names another set than
   lookback (gpu, thesis: the two passes).  A sum of the totals alone
   (TOTALS_ONLY) takes the first pass only.  */
static int
repro_onepass (const struct scanrt_launch *l)
{
  int word = scanrt_setting_word (SCANRT_SET_VARIANT, -1);
  return repro_groups (l) && l->dev->int64_atomics && !l->totals_only
         && (word < 0 || word == 2);
}

int
scanrt_repro_plan (const struct scanrt_launch *l, char *options,
                   size_t size)
{
  snprintf (options, size, "-DSCANOMP_WALK=%d -DREPRO_DIGITS=%d "
            "-DREPRO_CHUNK=%d -DREPRO_PREFIX_WG=%d -DREPRO_ONEPASS=%d "
            "-DONEPASS_SLOT=%d -DREPRO_FLAG_START=%uu",
            scanrt_walks (l->dev), SCANRT_EXACT_DIGITS, REPRO_CHUNK,
            REPRO_PREFIX_WG, l->dev->int64_atomics, ONEPASS_SLOT,
            REPRO_FLAG_START);
  return SCANRT_OK;
}

/* Write L's exact sum as a row, through ROW, to byte AT of MEM, without
   waiting: ROW must live until the queue has run the write (a blocking
   read after it, or a wait).  */
static int
repro_sum_write (const struct scanrt_launch *l, cl_mem mem, size_t at,
                 int64_t *row)
{
  scanrt_exact_to_row (l->repro, (scanrt_type) l->desc->type, row);
  cl_int err = clEnqueueWriteBuffer (l->dev->queue, mem, CL_FALSE, at,
                                     SCANRT_EXACT_ROW * sizeof *row, row, 0,
                                     NULL, NULL);
  if (err == CL_SUCCESS)
    return SCANRT_OK;
  scanrt_report_cl ("clEnqueueWriteBuffer", err,
                    "the scan's exact sum could not be written");
  return scanrt_status_of_cl (err);
}

/* After L's kernels, whose run gave STATUS: the row at byte AT of MEM
   read into ROW, waited for even after a failure (a write from ROW may
   be queued before it), and where all went well made L's exact sum; the
   status then.  */
static int
repro_sum_read (const struct scanrt_launch *l, cl_mem mem, size_t at,
                int64_t *row, int status)
{
  cl_int err = clEnqueueReadBuffer (l->dev->queue, mem, CL_TRUE, at,
                                    SCANRT_EXACT_ROW * sizeof *row, row, 0,
                                    NULL, NULL);
  if (err != CL_SUCCESS)
    {
      clFinish (l->dev->queue);
      if (status == SCANRT_OK)
        {
          scanrt_report_cl ("clEnqueueReadBuffer", err,
                            "the scan's exact sum could not be read back");
          status = scanrt_status_of_cl (err);
        }
    }
  if (status == SCANRT_OK)
    scanrt_exact_from_row (l->repro, (scanrt_type) l->desc->type, row);
  return status;
}

/* The reproducible set (templates/scan-repro.cl), all on the device: the
   tiles' totals; their exact sums by chunks, then the sums before each
   chunk from L's exact sum, and the sum of all; each tile's carry, the
   exact sum before it rounded once; the tiles' scans.  L's exact sum
   then becomes the sum of all, read back.  With TOTALS_ONLY, no carries
   and no scans.  */
static int
run_repro (struct scanrt_launch *l)
{
  size_t tiles = (l->n + SCANRT_REPRO_TILE - 1) / SCANRT_REPRO_TILE;
  size_t chunks = (tiles + REPRO_CHUNK - 1) / REPRO_CHUNK;
  size_t row_bytes = SCANRT_EXACT_ROW * sizeof (int64_t);
  size_t elem = l->desc->elem_size;
  int status = SCANRT_OK;
  int groups = repro_groups (l);
  size_t local = groups ? SCANRT_REPRO_TILE / 16 : 1;
  size_t spread = groups ? 64 : 1, prefix = 1;
  while (prefix * 2 <= REPRO_PREFIX_WG && prefix * 2 <= l->dev->max_wg)
    prefix *= 2;
  if (!tiles)
    return SCANRT_OK;
  cl_mem m = scanrt_scratch (l, (tiles + 1) * elem, &status);
  cl_mem rows = m ? scanrt_scratch (l, (chunks + 1) * row_bytes, &status)
                  : NULL;
  if (!rows)
    {
      if (m)
        scanrt_release_buffer (m);
      return status;
    }
  /* ROW lives until the blocking read at the end.  */
  int64_t row[SCANRT_EXACT_ROW];
  status = repro_sum_write (l, rows, chunks * row_bytes, row);
  struct scanrt_setter s
    = scanrt_setter_for (l, groups ? "scanomp_repro_totals_wg"
                                   : "scanomp_repro_totals");
  scanrt_put_ulong (&s, l->n);
  scanrt_put (&s, sizeof (cl_long), &l->first);
  scanrt_put_mem (&s, m);
  scanrt_put_hooks (&s, l);
  if (status == SCANRT_OK)
    status = scanrt_enqueue (l, &s, tiles * local, local);
  s = scanrt_setter_for (l, "scanomp_repro_chunks");
  scanrt_put_ulong (&s, tiles);
  scanrt_put_mem (&s, m);
  scanrt_put_mem (&s, rows);
  if (status == SCANRT_OK)
    status = scanrt_enqueue (l, &s, chunks, spread);
  s = scanrt_setter_for (l, "scanomp_repro_prefix");
  scanrt_put_ulong (&s, chunks);
  scanrt_put_mem (&s, rows);
  if (status == SCANRT_OK)
    status = scanrt_enqueue (l, &s, SCANRT_EXACT_ROW * prefix, prefix);
  if (status == SCANRT_OK && !l->totals_only)
    {
      s = scanrt_setter_for (l, "scanomp_repro_carries");
      scanrt_put_ulong (&s, tiles);
      scanrt_put_mem (&s, m);
      scanrt_put_mem (&s, rows);
      status = scanrt_enqueue (l, &s, chunks, spread);
    }
  if (status == SCANRT_OK && !l->totals_only)
    {
      cl_uint flags = l->flags;
      s = scanrt_setter_for (l, groups ? "scanomp_repro_scan_wg"
                                       : "scanomp_repro_scan");
      scanrt_put_ulong (&s, l->n);
      scanrt_put (&s, sizeof (cl_long), &l->first);
      scanrt_put (&s, sizeof flags, &flags);
      scanrt_put_mem (&s, m);
      scanrt_put_hooks (&s, l);
      status = scanrt_enqueue (l, &s, tiles * local, local);
    }
  if (status == SCANRT_OK && !l->totals_only && l->total)
    status = scanrt_read_total (l, m, tiles);
  status = repro_sum_read (l, rows, chunks * row_bytes, row, status);
  scanrt_release_buffer (rows);
  scanrt_release_buffer (m);
  return status;
}

/* The reproducible set's single pass (scanomp_repro_onepass_wg): from
   L's exact sum, which goes to the device with the launch, as a value or
   a row, and becomes the sum of all, read back unless nothing reads it.
   The buffers are the device's, kept from call to call: the chain, the
   rows, and the last value in the lookback set's total.  */
static int
run_repro_onepass (struct scanrt_launch *l)
{
  struct scanrt_device *dev = l->dev;
  size_t tiles = scanrt_count_blocks (l, SCANRT_REPRO_TILE, "tiles");
  size_t row_bytes = SCANRT_EXACT_ROW * sizeof (int64_t);
  scanrt_type type = (scanrt_type) l->desc->type;
  if (!tiles)
    return l->n ? SCANRT_EINVAL : SCANRT_OK;
  int made;
  int status = scanrt_chain_begin (l, &dev->repro_chain,
                                   (1 + ONEPASS_SLOT * tiles)
                                   * sizeof (cl_ulong));
  if (status == SCANRT_OK)
    status = scanrt_keep_scratch (l, &dev->lookback_total,
                                  &dev->lookback_total_bytes,
                                  l->desc->elem_size, 0, &made);
  if (status == SCANRT_OK)
    status = scanrt_keep_scratch (l, &dev->repro_rows,
                                  &dev->repro_rows_bytes, 2 * row_bytes, 0,
                                  &made);
  if (status != SCANRT_OK)
    return status;
  cl_mem last = dev->lookback_total, rows = dev->repro_rows;
  /* A sum of one value (a seed's) goes as that value, with no transfer;
     the sum after is read back where the caller reads it, and where a
     row was written (ROW must live until the queue has run the write).  */
  double single;
  int from_value = scanrt_exact_single (l->repro, type, &single);
  int64_t row[SCANRT_EXACT_ROW];
  if (!from_value)
    status = repro_sum_write (l, rows, 0, row);
  cl_uint flags = l->flags | (from_value ? REPRO_FLAG_START : 0);
  float single_float = (float) single;
  struct scanrt_setter s = scanrt_setter_for (l, "scanomp_repro_onepass_wg");
  scanrt_put_ulong (&s, l->n);
  scanrt_put (&s, sizeof (cl_long), &l->first);
  scanrt_put (&s, sizeof flags, &flags);
  if (type == SCANRT_DOUBLE)
    scanrt_put (&s, sizeof single, &single);
  else
    scanrt_put (&s, sizeof single_float, &single_float);
  scanrt_put_mem (&s, rows);
  scanrt_put_mem (&s, last);
  scanrt_put_chain (&s, &dev->repro_chain);
  scanrt_put_hooks (&s, l);
  size_t local = SCANRT_REPRO_TILE / 16;
  if (status == SCANRT_OK)
    status = scanrt_enqueue (l, &s, tiles * local, local);
  if (status == SCANRT_OK)
    dev->repro_chain.tickets += (cl_uint) tiles;
  if (status == SCANRT_OK && l->total)
    status = scanrt_read_total (l, last, 0);
  if (!l->repro_end_unread || !from_value)
    status = repro_sum_read (l, rows, row_bytes, row, status);
  return status;
}

int
scanrt_repro_launch (struct scanrt_launch *l)
{
  return repro_onepass (l) ? run_repro_onepass (l) : run_repro (l);
}
