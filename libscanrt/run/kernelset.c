/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* kernelset.c: choosing a kernel set for a device, applying its tile
   shape (tuning.c's table, unless a setting or the caller gives one, and
   shrunk to fit the device), and enqueuing it (through enqueue.c; the
   reproducible set is reproset.c's).  The templates in templates/
   describe what each kernel does; this file only sizes the launches and
   passes the arguments.

   Tuning can be overridden through scanrt_params, or the environment:
   SCANOMP_VARIANT (cpu, gpu, lookback, thesis), SCANOMP_CPU_UNROLL,
   SCANOMP_CPU_CHUNK, SCANOMP_STREAM_BYTES (outputs past this size bypass
   the cache), SCANOMP_WG and SCANOMP_ITEMS, and SCANOMP_WALK (how the
   single-pass sets read the tiles before their own).  */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run.h"

static scanrt_variant
choose_variant (const struct scanrt_launch *l, const scanrt_params *params)
{
  /* SCANOMP_VARIANT's words, in the settings table's order.  */
  static const scanrt_variant variants[] = {
    SCANRT_VARIANT_CPU, SCANRT_VARIANT_GPU, SCANRT_VARIANT_LOOKBACK,
    SCANRT_VARIANT_THESIS
  };
  scanrt_variant v = params ? params->variant : SCANRT_VARIANT_AUTO;
  int word = v == SCANRT_VARIANT_AUTO
             ? scanrt_setting_word (SCANRT_SET_VARIANT, -1) : -1;
  if (word >= 0)
    v = variants[word];
  /* GPUs: the single pass (docs/performance.md has the figures), where the
     device has the 64-bit atomics it publishes with.  */
  if (v == SCANRT_VARIANT_AUTO)
    v = (l->dev->type & CL_DEVICE_TYPE_CPU) ? SCANRT_VARIANT_CPU
        : l->dev->int64_atomics             ? SCANRT_VARIANT_LOOKBACK
                                            : SCANRT_VARIANT_GPU;
  if (v == SCANRT_VARIANT_LOOKBACK && !l->dev->int64_atomics)
    {
      scanrt_report ("the lookback kernel set needs "
                     "cl_khr_int64_base_atomics, which %s lacks; using the "
                     "gpu set", l->dev->name);
      v = SCANRT_VARIANT_GPU;
    }
  return v;
}

/* A tuning value: GIVEN by the caller, else setting S (kept within its
   range, whose top is HI where the table leaves it open), else DEFLT.
   If CHOSEN is set, it says whether the caller or the setting chose the
   value.  */
static size_t
pick (size_t given, enum scanrt_setting s, size_t deflt, size_t hi,
      int *chosen)
{
  int set;
  size_t v = given ? given : scanrt_setting_size (s, deflt, hi, &set);
  if (chosen)
    *chosen = given || set;
  return v;
}

/* Say once that the tuning settings of another kernel set than SET, the
   one this scan uses, do nothing.  */
static void
unused (const char *set, const enum scanrt_setting *s, unsigned count)
{
  for (unsigned k = 0; k < count; k++)
    {
      const char *v = scanrt_setting_text (s[k]);
      if (v && scanrt_first_report (scanrt_setting_name (s[k]), "unused"))
        scanrt_report ("%s=%s does nothing for the %s kernel set, which "
                       "this scan uses", scanrt_setting_name (s[k]), v, set);
    }
}

/* Bytes of local memory that kernel set V needs in work-groups of WG
   work-items with ITEMS elements of ELEM bytes each: the block and the
   group scan's (GPU); the padded tile, the group scan's, the look-back
   window, the prefix and three counters (LOOKBACK); two elements per
   work-item (THESIS).  The group scan's is counted as the portable path's,
   the larger (scanomp-group.h).  */
static size_t
local_bytes (scanrt_variant v, size_t wg, size_t items, size_t elem)
{
  size_t tile = wg * items;
  if (v == SCANRT_VARIANT_GPU)
    return (tile + wg) * elem;
  if (v == SCANRT_VARIANT_LOOKBACK)
    return (tile + tile / 32 + wg + (wg < 32 ? wg : 32) + 1) * elem
           + 3 * sizeof (cl_uint);
  return 2 * wg * elem;
}

int
scanrt_launch_plan (struct scanrt_launch *l, const scanrt_params *params,
                    char *options, size_t size)
{
  static const scanrt_params none = SCANRT_PARAMS_INIT;
  size_t elem = l->desc->elem_size;
  struct scanrt_device *dev = l->dev;
  if (!params)
    params = &none;
  l->variant = choose_variant (l, params);
  const struct scanrt_tuning *shape = scanrt_tuning_of (l->variant, l->n,
                                                        elem);

  if (l->variant == SCANRT_VARIANT_CPU)
    {
      static const enum scanrt_setting gpu_knobs[] = { SCANRT_SET_WG,
                                                       SCANRT_SET_ITEMS };
      unused ("cpu", gpu_knobs, 2);
      l->items = pick (params->items, SCANRT_SET_CPU_UNROLL,
                       scanrt_tuning_items (shape, elem), 0, NULL);
      size_t per_unit = (l->n + 4 * dev->compute_units - 1)
                        / (4 * dev->compute_units);
      size_t chunk = shape->chunk_bytes / elem;
      if (chunk > per_unit)
        chunk = per_unit;
      if (chunk < 4096)
        chunk = 4096;
      /* Chunks of fewer elements cost more in their hand-offs than they
         scan.  */
      l->chunk = pick (params->chunk, SCANRT_SET_CPU_CHUNK, chunk, 0, NULL);
      if (l->items < 1 || l->items > 16)
        {
          scanrt_report ("an unroll of %zu elements asked for; give 1 to 16",
                         l->items);
          return SCANRT_EINVAL;
        }
      /* An output larger than half the cache would only evict the input
         on its way to memory: write it around the cache.  OpenCL C has
         non-temporal stores for scalars and vectors only, not structs.  */
      int stream = l->desc->type < SCANRT_NTYPES
                   && l->n * elem
                        > scanrt_setting_size (SCANRT_SET_STREAM_BYTES,
                                               dev->cache_size / 2, 0, NULL);
      snprintf (options, size, "-DSCANOMP_CPU_UNROLL=%zu -DSCANOMP_STREAM=%d",
                l->items, stream);
      return SCANRT_OK;
    }

  static const enum scanrt_setting cpu_knobs[] = { SCANRT_SET_CPU_CHUNK,
                                                   SCANRT_SET_CPU_UNROLL };
  unused (l->variant == SCANRT_VARIANT_LOOKBACK ? "lookback"
          : l->variant == SCANRT_VARIANT_THESIS ? "thesis" : "gpu",
          cpu_knobs, 2);
  size_t wg = shape->wg;
  if (wg > dev->max_wg)
    wg = dev->max_wg;
  while (wg & (wg - 1))
    wg &= wg - 1;
  size_t items = scanrt_tuning_items (shape, elem);
  int given_wg, given_items;
  l->wg = pick (params->work_group_size, SCANRT_SET_WG, wg, dev->max_wg,
                &given_wg);
  l->items = pick (params->items, SCANRT_SET_ITEMS, items, 0, &given_items);
  /* What libscanrt assumes of the device's local memory: SCANOMP_LOCAL_MEM
     lowers it, so that tests on pocl (2 MiB) meet a GPU's limit (48 KiB on
     NVIDIA's OpenCL).  */
  size_t limit = scanrt_setting_size (SCANRT_SET_LOCAL_MEM, dev->local_mem,
                                      0, NULL);
  if (limit > dev->local_mem)
    limit = dev->local_mem;
  /* A shape not given shrinks until the tile fits: a loop's carried state
     can make an element too large for the default shape.  The
     multi-level set's levels shrink by a work-group's elements: it needs
     2 or more, or they would never end.  */
  size_t least = l->variant == SCANRT_VARIANT_GPU ? 2 : 1;
  while (local_bytes (l->variant, l->wg, l->items, elem) > limit)
    if (!given_items && l->items > 1 && l->items / 2 * l->wg >= least)
      l->items /= 2;
    else if (!given_wg && l->wg > 1 && l->wg / 2 * l->items >= least)
      l->wg /= 2;
    else
      break;
  size_t local = local_bytes (l->variant, l->wg, l->items, elem);
  if (l->wg * l->items == 1 && least == 2)
    {
      scanrt_report ("the gpu kernel set needs 2 or more elements a "
                     "work-group, not a work-group size of 1 with 1 item "
                     "per work-item; give more");
      return SCANRT_EINVAL;
    }
  if (l->wg == 0 || (l->wg & (l->wg - 1)) || l->wg > dev->max_wg
      || l->items == 0 || l->items > 4096 || local > limit)
    {
      if (!given_wg && !given_items)
        scanrt_report ("an element of %zu bytes needs %zu bytes of local "
                       "memory even in work-groups of %zu with %zu items "
                       "each, more than the %zu this device has", elem,
                       local, l->wg, l->items, limit);
      else
        scanrt_report ("work-group size %zu with %zu items per work-item "
                       "does not fit this device (a power of two up to %zu, "
                       "and %zu bytes of local memory); use smaller sizes",
                       l->wg, l->items, dev->max_wg, limit);
      return SCANRT_EINVAL;
    }
  /* NVIDIA's warps exchange values through inline PTX (scanomp-group.h);
     SCANOMP_PTX=0 takes the portable path there too.  Other compilers
     never get PTX: pocl's builds it, silently, into wrong code.  */
  l->ptx = l->variant != SCANRT_VARIANT_THESIS && dev->nvidia
           && !dev->ptx_refused && l->wg >= 32
           && scanrt_setting_size (SCANRT_SET_PTX, 1, 0, NULL) != 0;
  int walk = l->variant == SCANRT_VARIANT_LOOKBACK && !l->ptx
             && scanrt_walks (dev);
  if (l->variant == SCANRT_VARIANT_THESIS)
    snprintf (options, size, "-DSCANOMP_WG=%zu", l->wg);
  else
    snprintf (options, size, "-DSCANOMP_WG=%zu -DSCANOMP_ITEMS=%zu "
              "-DSCANOMP_PTX=%d -DSCANOMP_WALK=%d", l->wg, l->items, l->ptx,
              walk);
  return SCANRT_OK;
}

/* scanomp-common.h's SCANOMP_FLAG_SEED_AT: the kernel reads its seed
   from memory.  */
#define KERNEL_SEED_AT 2u

/* The arguments every kernel that stores results starts with: the
   element count, the hooks' index of position 0, the seed, the flags,
   and where the seed lies in memory when the kernel is to read it
   there.  Where it is not to, SPARE, a buffer of an element at least,
   stands in for that memory: never a null buffer, whose read pocl 7.1's
   compiler hoists above the test of the flags (the CPU kernel then
   faulted at every launch with a seed passed by value).  */
static void
put_scan_head (struct scanrt_setter *s, const struct scanrt_launch *l,
               cl_mem spare)
{
  cl_uint flags = l->flags | (l->seed_mem ? KERNEL_SEED_AT : 0);
  scanrt_put_ulong (s, l->n);
  scanrt_put (s, sizeof (cl_long), &l->first);
  scanrt_put (s, l->desc->elem_size, l->seed);
  scanrt_put (s, sizeof flags, &flags);
  scanrt_put_mem (s, l->seed_mem ? l->seed_mem : spare);
  scanrt_put_ulong (s, l->seed_mem ? l->seed_offset : 0);
}

/* The buffer behind the storing kernel's late_ argument: where L
   gathers late items, one of an element for each of the launch's COUNT
   blocks, in *MEM (NULL where it could not be made), and L's host copy
   to read them into; else SPARE, which the kernel does not touch.  */
static int
late_begin (struct scanrt_launch *l, size_t count, cl_mem spare, cl_mem *mem)
{
  *mem = spare;
  if (!l->gather_late)
    return SCANRT_OK;
  *mem = NULL;
  size_t bytes = count * l->desc->elem_size;
  l->late_parts = malloc (bytes ? bytes : 1);
  if (!l->late_parts)
    {
      scanrt_report ("no room on the host for the late items of %zu "
                     "blocks", count);
      return SCANRT_ENOMEM;
    }
  l->late_count = count;
  int status = SCANRT_OK;
  *mem = scanrt_scratch (l, bytes, &status);
  return status;
}

/* After the storing kernel: enqueue the read of the late items from MEM
   (late_begin's), which the caller's final wait completes, and release
   it.  */
static int
late_end (const struct scanrt_launch *l, cl_mem mem, int status)
{
  if (!l->gather_late || !mem)
    return status;
  if (status == SCANRT_OK)
    {
      cl_int err = clEnqueueReadBuffer (l->dev->queue, mem, CL_FALSE, 0,
                                        l->late_count * l->desc->elem_size,
                                        l->late_parts, 0, NULL, NULL);
      if (err != CL_SUCCESS)
        {
          scanrt_report_cl ("clEnqueueReadBuffer", err,
                            "the scan's late items could not be read "
                            "back");
          status = scanrt_status_of_cl (err);
        }
    }
  scanrt_release_buffer (mem);
  return status;
}

void
scanrt_launch_join_late (struct scanrt_launch *l, int ok)
{
  const struct SCANRT_desc *d = l->desc;
  if (ok && l->late_parts && l->total && d->join_late)
    {
      size_t elem = d->elem_size;
      for (size_t j = l->late_count; j-- > 0;)
        d->join_late (l->total, l->late_parts + j * elem);
      d->join_late (l->total, l->seed);
    }
  free (l->late_parts);
  l->late_parts = NULL;
}

static int
run_cpu (struct scanrt_launch *l)
{
  struct scanrt_device *dev = l->dev;
  size_t nchunks = scanrt_count_blocks (l, l->chunk,
                                        "chunks (SCANOMP_CPU_CHUNK)");
  if (!nchunks)
    return SCANRT_EINVAL;
  int made;
  int status = scanrt_keep_scratch (l, &dev->cpu_carry,
                                    &dev->cpu_carry_bytes,
                                    nchunks * l->desc->elem_size, 0, &made);
  if (status == SCANRT_OK)
    status = scanrt_chain_begin (l, &dev->cpu_chain,
                                 (nchunks + 1) * sizeof (cl_uint));
  if (status != SCANRT_OK)
    return status;

  cl_mem late;
  status = late_begin (l, nchunks, dev->cpu_carry, &late);
  if (status != SCANRT_OK)
    return late_end (l, late, status);

  struct scanrt_setter s = scanrt_setter_for (l, "scanomp_cpu_chained");
  put_scan_head (&s, l, dev->cpu_carry);
  scanrt_put_ulong (&s, l->chunk);
  scanrt_put_mem (&s, dev->cpu_carry);
  scanrt_put_chain (&s, &dev->cpu_chain);
  scanrt_put_mem (&s, late);
  scanrt_put_hooks (&s, l);
  status = late_end (l, late, scanrt_enqueue (l, &s, nchunks, 1));
  if (status == SCANRT_OK)
    dev->cpu_chain.tickets += (cl_uint) nchunks;
  if (status == SCANRT_OK && l->total)
    status = scanrt_read_total (l, dev->cpu_carry, nchunks - 1);
  return status;
}

static int
run_lookback (struct scanrt_launch *l)
{
  struct scanrt_device *dev = l->dev;
  size_t elem = l->desc->elem_size, words = (elem + 3) / 4;
  size_t ntiles = scanrt_count_blocks (l, l->wg * l->items,
                                       "tiles (SCANOMP_WG * SCANOMP_ITEMS)");
  if (!ntiles)
    return SCANRT_EINVAL;
  /* A slot per tile and per block of LOOKBACK tiles (scan-lookback.cl's
     default: 32, or the work-group size if smaller).  */
  size_t lookback = l->wg < 32 ? l->wg : 32;
  size_t slots = ntiles + (ntiles + lookback - 1) / lookback;
  int made;
  int status = scanrt_keep_scratch (l, &dev->lookback_total,
                                    &dev->lookback_total_bytes, elem, 0,
                                    &made);
  if (status == SCANRT_OK)
    status = scanrt_chain_begin (l, &dev->lookback_chain,
                                 (1 + words * slots) * sizeof (cl_ulong));
  if (status != SCANRT_OK)
    return status;

  cl_mem late;
  status = late_begin (l, ntiles, dev->lookback_total, &late);
  if (status != SCANRT_OK)
    return late_end (l, late, status);

  struct scanrt_setter s = scanrt_setter_for (l, "scanomp_lookback_scan");
  put_scan_head (&s, l, dev->lookback_total);
  scanrt_put_chain (&s, &dev->lookback_chain);
  scanrt_put_mem (&s, dev->lookback_total);
  scanrt_put_mem (&s, late);
  scanrt_put_hooks (&s, l);
  status = late_end (l, late, scanrt_enqueue (l, &s, ntiles * l->wg, l->wg));
  if (status == SCANRT_OK)
    dev->lookback_chain.tickets += (cl_uint) ntiles;
  if (status == SCANRT_OK && l->total)
    status = scanrt_read_total (l, dev->lookback_total, 0);
  return status;
}

/* Enqueue level kernel NAME over NB blocks, a work-group each, with the
   level's element count M, its array A and the blocks' sums SUMS, and
   then, where HAS is not NULL, *HAS.  */
static int
level_kernel (const struct scanrt_launch *l, const char *name, size_t m,
              cl_mem a, cl_mem sums, const cl_uint *has, size_t nb)
{
  struct scanrt_setter s = scanrt_setter_for (l, name);
  scanrt_put_ulong (&s, m);
  scanrt_put_mem (&s, a);
  scanrt_put_mem (&s, sums);
  if (has)
    scanrt_put (&s, sizeof *has, has);
  return scanrt_enqueue (l, &s, nb * l->wg, l->wg);
}

/* GPU: exclusive scan in place of the M elements of level array A.  */
static int
gpu_scan_array (const struct scanrt_launch *l, cl_mem a, size_t m)
{
  size_t block = l->wg * l->items, nb = (m + block - 1) / block;
  int status = SCANRT_OK;
  cl_uint has = nb > 1;
  cl_mem sums = has ? scanrt_scratch (l, nb * l->desc->elem_size, &status)
                    : a;
  if (status != SCANRT_OK)
    return status;
  if (has)
    {
      status = level_kernel (l, "scanomp_gpu_reduce_level", m, a, sums,
                             NULL, nb);
      if (status == SCANRT_OK)
        status = gpu_scan_array (l, sums, nb);
    }
  if (status == SCANRT_OK)
    status = level_kernel (l, "scanomp_gpu_scan_level", m, a, sums, &has,
                           nb);
  if (has)
    scanrt_release_buffer (sums);
  return status;
}

static int
run_gpu (struct scanrt_launch *l)
{
  size_t block = l->wg * l->items, nb = (l->n + block - 1) / block;
  size_t elem = l->desc->elem_size;
  int status = SCANRT_OK;
  cl_uint has = nb > 1;
  cl_mem total = scanrt_scratch (l, elem, &status);
  cl_mem sums = total && has ? scanrt_scratch (l, nb * elem, &status) : total;
  if (status == SCANRT_OK && has)
    {
      struct scanrt_setter s = scanrt_setter_for (l, "scanomp_gpu_reduce");
      scanrt_put_ulong (&s, l->n);
      scanrt_put (&s, sizeof (cl_long), &l->first);
      scanrt_put_mem (&s, sums);
      scanrt_put_hooks (&s, l);
      status = scanrt_enqueue (l, &s, nb * l->wg, l->wg);
      if (status == SCANRT_OK)
        status = gpu_scan_array (l, sums, nb);
    }
  cl_mem late = NULL;
  if (status == SCANRT_OK)
    status = late_begin (l, nb, total, &late);
  if (status == SCANRT_OK)
    {
      struct scanrt_setter s = scanrt_setter_for (l, "scanomp_gpu_scan");
      put_scan_head (&s, l, total);
      scanrt_put_mem (&s, sums);
      scanrt_put (&s, sizeof has, &has);
      scanrt_put_mem (&s, total);
      scanrt_put_mem (&s, late);
      scanrt_put_hooks (&s, l);
      status = scanrt_enqueue (l, &s, nb * l->wg, l->wg);
    }
  status = late_end (l, late, status);
  if (status == SCANRT_OK && l->total)
    status = scanrt_read_total (l, total, 0);
  if (has && sums)
    scanrt_release_buffer (sums);
  if (total)
    scanrt_release_buffer (total);
  return status;
}

/* THESIS: inclusive scan in place of the M elements of A, level by
   level.  */
static int
thesis_scan_array (const struct scanrt_launch *l, cl_mem a, size_t m)
{
  size_t pair = 2 * l->wg, nb = (m + pair - 1) / pair;
  int status = SCANRT_OK;
  cl_mem sums = scanrt_scratch (l, nb * l->desc->elem_size, &status);
  if (!sums)
    return status;
  status = level_kernel (l, "scanomp_blelloch_block", m, a, sums, NULL,
                         nb);
  if (status == SCANRT_OK && nb > 1)
    {
      status = thesis_scan_array (l, sums, nb);
      if (status == SCANRT_OK)
        status = level_kernel (l, "scanomp_blelloch_add", m, a, sums, NULL,
                               nb);
    }
  scanrt_release_buffer (sums);
  return status;
}

static int
run_thesis (struct scanrt_launch *l)
{
  size_t elem = l->desc->elem_size;
  int status = SCANRT_OK;
  cl_mem total = scanrt_scratch (l, elem, &status);
  cl_mem tmp = total ? scanrt_scratch (l, l->n * elem, &status) : NULL;
  if (status == SCANRT_OK)
    {
      struct scanrt_setter s
        = scanrt_setter_for (l, "scanomp_blelloch_gather");
      scanrt_put_ulong (&s, l->n);
      scanrt_put (&s, sizeof (cl_long), &l->first);
      scanrt_put_mem (&s, tmp);
      scanrt_put_hooks (&s, l);
      status = scanrt_enqueue (l, &s, l->n, l->wg);
    }
  if (status == SCANRT_OK)
    status = thesis_scan_array (l, tmp, l->n);
  cl_mem late = NULL;
  if (status == SCANRT_OK)
    status = late_begin (l, (l->n + l->wg - 1) / l->wg, total, &late);
  if (status == SCANRT_OK)
    {
      struct scanrt_setter s
        = scanrt_setter_for (l, "scanomp_blelloch_scatter");
      put_scan_head (&s, l, total);
      scanrt_put_mem (&s, tmp);
      scanrt_put_mem (&s, total);
      scanrt_put_mem (&s, late);
      scanrt_put_hooks (&s, l);
      status = scanrt_enqueue (l, &s, l->n, l->wg);
    }
  status = late_end (l, late, status);
  if (status == SCANRT_OK && l->total)
    status = scanrt_read_total (l, total, 0);
  if (tmp)
    scanrt_release_buffer (tmp);
  if (total)
    scanrt_release_buffer (total);
  return status;
}

void
scanrt_launch_forget (struct scanrt_device *dev)
{
  struct scanrt_chain *chains[] = { &dev->cpu_chain, &dev->lookback_chain,
                                     &dev->repro_chain };
  for (unsigned i = 0; i < 3; i++)
    {
      if (chains[i]->mem)
        scanrt_release_buffer (chains[i]->mem);
      memset (chains[i], 0, sizeof *chains[i]);
    }
}

int
scanrt_launch_run (struct scanrt_launch *l)
{
  if (l->repro)
    return scanrt_repro_launch (l);
  switch (l->variant)
    {
    case SCANRT_VARIANT_CPU:
      return run_cpu (l);
    case SCANRT_VARIANT_GPU:
      return run_gpu (l);
    case SCANRT_VARIANT_LOOKBACK:
      return run_lookback (l);
    default:
      return run_thesis (l);
    }
}
