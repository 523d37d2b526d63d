/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* kernelset.c: choosing a kernel set for a device, applying its tile
   shape (tuning.c's table, unless a setting or the caller gives one, and
   shrunk to fit the device), and enqueuing it.  The templates in
   templates/ describe what each kernel does; this file only sizes the
   launches and passes the arguments.

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

/* Whether the look-backs on DEV walk with one work-item rather than
   read a window at once: as SCANOMP_WALK says, else on CPU devices,
   since pocl cannot be trusted with barriers inside loops
   (scan-lookback.cl).  */
static int
walk_lookback (const struct scanrt_device *dev)
{
  return scanrt_setting_size (SCANRT_SET_WALK,
                              (dev->type & CL_DEVICE_TYPE_CPU) != 0, 1,
                              NULL) != 0;
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
     can make an element too large for the default shape.  */
  while (local_bytes (l->variant, l->wg, l->items, elem) > limit)
    if (!given_items && l->items > 1)
      l->items /= 2;
    else if (!given_wg && l->wg > 1)
      l->wg /= 2;
    else
      break;
  size_t local = local_bytes (l->variant, l->wg, l->items, elem);
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
             && walk_lookback (dev);
  if (l->variant == SCANRT_VARIANT_THESIS)
    snprintf (options, size, "-DSCANOMP_WG=%zu", l->wg);
  else
    snprintf (options, size, "-DSCANOMP_WG=%zu -DSCANOMP_ITEMS=%zu "
              "-DSCANOMP_PTX=%d -DSCANOMP_WALK=%d", l->wg, l->items, l->ptx,
              walk);
  return SCANRT_OK;
}

/* Kernel arguments are set in order through one of these; the first error
   sticks.  */
/* Setting a kernel's arguments in order.  An argument whose bytes are
   those last set on the kernel is not set again: OpenCL keeps a kernel's
   arguments from launch to launch.  A buffer counts as the same only
   where no buffer was released since (scanrt_program_kernel forgets
   them): one made after a release may have the released one's address,
   and be another buffer to the driver.  */
struct setter
{
  cl_kernel k;
  struct scanrt_kernel_args *set;    /* NULL: set every argument */
  cl_uint i;
  cl_int err;
};

/* Set the next argument, SIZE bytes at V (a buffer where MEM).  */
static void
put_arg (struct setter *s, size_t size, const void *v, int mem)
{
  if (s->err != CL_SUCCESS)
    return;
  cl_uint i = s->i++;
  struct scanrt_kernel_args *a = i < SCANRT_KEPT_ARGS ? s->set : NULL;
  int small = v && size <= SCANRT_KEPT_BYTES;
  if (a && small && a->size[i] == size && a->buffer[i] == mem
      && !memcmp (a->value[i], v, size))
    return;
  s->err = clSetKernelArg (s->k, i, size, v);
  if (a && small && s->err == CL_SUCCESS)
    {
      a->size[i] = (unsigned char) size;
      a->buffer[i] = (unsigned char) mem;
      memcpy (a->value[i], v, size);
    }
  else if (a)
    a->size[i] = 0;
}

static void
put (struct setter *s, size_t size, const void *v)
{
  put_arg (s, size, v, 0);
}

static void
put_mem (struct setter *s, cl_mem m)
{
  put_arg (s, sizeof m, &m, 1);
}

static void
put_ulong (struct setter *s, cl_ulong v)
{
  put (s, sizeof v, &v);
}

/* The arguments behind SCANOMP_PARAMS.  */
static void
put_hooks (struct setter *s, const struct scanrt_launch *l)
{
  for (unsigned i = 0; i < l->desc->nargs; i++)
    if (!scanrt_arg_is_array (l->desc->args[i].kind))
      put (s, l->desc->args[i].size, l->args[i].ptr);
    else
      {
        put_mem (s, l->bound[i].mem);
        put_ulong (s, l->bound[i].offset);
      }
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
put_scan_head (struct setter *s, const struct scanrt_launch *l,
               cl_mem spare)
{
  cl_uint flags = l->flags | (l->seed_mem ? KERNEL_SEED_AT : 0);
  put_ulong (s, l->n);
  put (s, sizeof (cl_long), &l->first);
  put (s, l->desc->elem_size, l->seed);
  put (s, sizeof flags, &flags);
  put_mem (s, l->seed_mem ? l->seed_mem : spare);
  put_ulong (s, l->seed_mem ? l->seed_offset : 0);
}

/* Start setting the arguments of kernel NAME.  */
static struct setter
kernel (const struct scanrt_launch *l, const char *name)
{
  struct setter s = { NULL, NULL, 0, CL_SUCCESS };
  s.k = scanrt_program_kernel (l->prog, name, &s.set);
  if (!s.k)
    s.err = CL_INVALID_KERNEL_NAME;
  return s;
}

/* Enqueue the kernel of S over GLOBAL work-items in groups of LOCAL.  */
static int
enqueue (const struct scanrt_launch *l, struct setter *s, size_t global,
         size_t local)
{
  if (s->err != CL_SUCCESS)
    {
      if (s->k)
        scanrt_report_cl ("clSetKernelArg", s->err,
                          "the kernel's parameters do not match its "
                          "descriptor; report this as a scanomp bug");
      return SCANRT_EDEVICE;
    }
  global = (global + local - 1) / local * local;
  cl_event e = NULL;
  cl_int err = clEnqueueNDRangeKernel (l->dev->queue, s->k, 1, NULL, &global,
                                       &local, 0, NULL,
                                       l->events ? &e : NULL);
  if (e && !l->events[0])
    l->events[0] = e;
  else if (e)
    {
      if (l->events[1])
        clReleaseEvent (l->events[1]);
      l->events[1] = e;
    }
  if (err != CL_SUCCESS)
    {
      scanrt_report_cl ("clEnqueueNDRangeKernel", err,
                        "the device refused the kernel");
      return scanrt_status_of_cl (err);
    }
  return SCANRT_OK;
}

/* A scratch buffer of BYTES on the device.  */
static cl_mem
scratch (const struct scanrt_launch *l, size_t bytes, int *status)
{
  cl_int err;
  cl_mem m = clCreateBuffer (l->dev->context, CL_MEM_READ_WRITE,
                             bytes ? bytes : 1, NULL, &err);
  if (err != CL_SUCCESS)
    {
      scanrt_report_cl ("clCreateBuffer", err,
                        "no room for the scan's scratch space");
      *status = scanrt_status_of_cl (err);
      return NULL;
    }
  return m;
}

/* Enqueue the read of the total from element INDEX of M; the caller's
   final wait completes it.  */
static int
read_total (const struct scanrt_launch *l, cl_mem m, size_t index)
{
  size_t elem = l->desc->elem_size;
  cl_int err = clEnqueueReadBuffer (l->dev->queue, m, CL_FALSE, index * elem,
                                    elem, l->total, 0, NULL, NULL);
  if (err != CL_SUCCESS)
    {
      scanrt_report_cl ("clEnqueueReadBuffer", err,
                        "the scan's total could not be read back");
      return scanrt_status_of_cl (err);
    }
  return SCANRT_OK;
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
  *mem = scratch (l, bytes, &status);
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

/* Make *MEM a device buffer of at least BYTES, keeping it if it is large
   enough (*HAVE is its size); a new one is zeroed when ZERO, and sets
   *MADE.  */
static int
keep_scratch (const struct scanrt_launch *l, cl_mem *mem, size_t *have,
              size_t bytes, int zero, int *made)
{
  *made = 0;
  if (*mem && *have >= bytes)
    return SCANRT_OK;
  if (*mem)
    scanrt_release_buffer (*mem);
  *have = 0;
  int status = SCANRT_OK;
  *mem = scratch (l, bytes, &status);
  if (*mem && zero)
    {
      cl_uchar z = 0;
      cl_int err = clEnqueueFillBuffer (l->dev->queue, *mem, &z, 1, 0, bytes,
                                        0, NULL, NULL);
      if (err != CL_SUCCESS)
        {
          scanrt_report_cl ("clEnqueueFillBuffer", err,
                            "the device failed a plain fill");
          scanrt_release_buffer (*mem);
          *mem = NULL;
          status = scanrt_status_of_cl (err);
        }
    }
  if (*mem)
    {
      *have = bytes;
      *made = 1;
    }
  return status;
}

/* Ready chain C with at least BYTES of state, and start a new epoch.
   Epochs stay below 2^31 (the look-back tags a status with epoch << 1):
   before they pass it, the state is made anew, zeroed, so that no flag
   left from an earlier launch can carry the new epoch.  */
static int
chain_begin (const struct scanrt_launch *l, struct scanrt_chain *c,
             size_t bytes)
{
  if (c->epoch == 0x7fffffff)
    {
      scanrt_release_buffer (c->mem);
      c->mem = NULL;
      c->bytes = 0;
    }
  int made;
  int status = keep_scratch (l, &c->mem, &c->bytes, bytes, 1, &made);
  if (status != SCANRT_OK)
    return status;
  if (made)
    {
      c->tickets = 0;
      c->epoch = 0;
    }
  c->epoch++;
  return SCANRT_OK;
}

/* The arguments that pass chain C to a kernel: the state, the ticket
   count before this launch, and the epoch.  */
static void
put_chain (struct setter *s, const struct scanrt_chain *c)
{
  put_mem (s, c->mem);
  put (s, sizeof c->tickets, &c->tickets);
  put (s, sizeof c->epoch, &c->epoch);
}

/* How many blocks of BLOCK elements hold L's elements; 0, reported, if
   too many to number with the chain's 32-bit tickets.  */
static size_t
count_blocks (const struct scanrt_launch *l, size_t block, const char *what)
{
  size_t count = (l->n + block - 1) / block;
  if (count > 0x7fffffff)
    {
      scanrt_report ("%zu %s of %zu elements are too many for one launch; "
                     "use larger ones", count, what, block);
      return 0;
    }
  return count;
}

static int
run_cpu (struct scanrt_launch *l)
{
  struct scanrt_device *dev = l->dev;
  size_t nchunks = count_blocks (l, l->chunk, "chunks (SCANOMP_CPU_CHUNK)");
  if (!nchunks)
    return SCANRT_EINVAL;
  int made;
  int status = keep_scratch (l, &dev->cpu_carry, &dev->cpu_carry_bytes,
                             nchunks * l->desc->elem_size, 0, &made);
  if (status == SCANRT_OK)
    status = chain_begin (l, &dev->cpu_chain,
                          (nchunks + 1) * sizeof (cl_uint));
  if (status != SCANRT_OK)
    return status;

  cl_mem late;
  status = late_begin (l, nchunks, dev->cpu_carry, &late);
  if (status != SCANRT_OK)
    return late_end (l, late, status);

  struct setter s = kernel (l, "scanomp_cpu_chained");
  put_scan_head (&s, l, dev->cpu_carry);
  put_ulong (&s, l->chunk);
  put_mem (&s, dev->cpu_carry);
  put_chain (&s, &dev->cpu_chain);
  put_mem (&s, late);
  put_hooks (&s, l);
  status = late_end (l, late, enqueue (l, &s, nchunks, 1));
  if (status == SCANRT_OK)
    dev->cpu_chain.tickets += (cl_uint) nchunks;
  if (status == SCANRT_OK && l->total)
    status = read_total (l, dev->cpu_carry, nchunks - 1);
  return status;
}

static int
run_lookback (struct scanrt_launch *l)
{
  struct scanrt_device *dev = l->dev;
  size_t elem = l->desc->elem_size, words = (elem + 3) / 4;
  size_t ntiles = count_blocks (l, l->wg * l->items,
                                "tiles (SCANOMP_WG * SCANOMP_ITEMS)");
  if (!ntiles)
    return SCANRT_EINVAL;
  /* A slot per tile and per block of LOOKBACK tiles (scan-lookback.cl's
     default: 32, or the work-group size if smaller).  */
  size_t lookback = l->wg < 32 ? l->wg : 32;
  size_t slots = ntiles + (ntiles + lookback - 1) / lookback;
  int made;
  int status = keep_scratch (l, &dev->lookback_total,
                             &dev->lookback_total_bytes, elem, 0, &made);
  if (status == SCANRT_OK)
    status = chain_begin (l, &dev->lookback_chain,
                          (1 + words * slots) * sizeof (cl_ulong));
  if (status != SCANRT_OK)
    return status;

  cl_mem late;
  status = late_begin (l, ntiles, dev->lookback_total, &late);
  if (status != SCANRT_OK)
    return late_end (l, late, status);

  struct setter s = kernel (l, "scanomp_lookback_scan");
  put_scan_head (&s, l, dev->lookback_total);
  put_chain (&s, &dev->lookback_chain);
  put_mem (&s, dev->lookback_total);
  put_mem (&s, late);
  put_hooks (&s, l);
  status = late_end (l, late, enqueue (l, &s, ntiles * l->wg, l->wg));
  if (status == SCANRT_OK)
    dev->lookback_chain.tickets += (cl_uint) ntiles;
  if (status == SCANRT_OK && l->total)
    status = read_total (l, dev->lookback_total, 0);
  return status;
}

/* GPU: exclusive scan in place of the M elements of level array A.  */
static int
gpu_scan_array (const struct scanrt_launch *l, cl_mem a, size_t m)
{
  size_t block = l->wg * l->items, nb = (m + block - 1) / block;
  int status = SCANRT_OK;
  cl_uint has = nb > 1;
  cl_mem sums = has ? scratch (l, nb * l->desc->elem_size, &status) : a;
  if (status != SCANRT_OK)
    return status;
  if (has)
    {
      struct setter s = kernel (l, "scanomp_gpu_reduce_level");
      put_ulong (&s, m);
      put_mem (&s, a);
      put_mem (&s, sums);
      status = enqueue (l, &s, nb * l->wg, l->wg);
      if (status == SCANRT_OK)
        status = gpu_scan_array (l, sums, nb);
    }
  if (status == SCANRT_OK)
    {
      struct setter s = kernel (l, "scanomp_gpu_scan_level");
      put_ulong (&s, m);
      put_mem (&s, a);
      put_mem (&s, sums);
      put (&s, sizeof has, &has);
      status = enqueue (l, &s, nb * l->wg, l->wg);
    }
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
  cl_mem total = scratch (l, elem, &status);
  cl_mem sums = total && has ? scratch (l, nb * elem, &status) : total;
  if (status == SCANRT_OK && has)
    {
      struct setter s = kernel (l, "scanomp_gpu_reduce");
      put_ulong (&s, l->n);
      put (&s, sizeof (cl_long), &l->first);
      put_mem (&s, sums);
      put_hooks (&s, l);
      status = enqueue (l, &s, nb * l->wg, l->wg);
      if (status == SCANRT_OK)
        status = gpu_scan_array (l, sums, nb);
    }
  cl_mem late = NULL;
  if (status == SCANRT_OK)
    status = late_begin (l, nb, total, &late);
  if (status == SCANRT_OK)
    {
      struct setter s = kernel (l, "scanomp_gpu_scan");
      put_scan_head (&s, l, total);
      put_mem (&s, sums);
      put (&s, sizeof has, &has);
      put_mem (&s, total);
      put_mem (&s, late);
      put_hooks (&s, l);
      status = enqueue (l, &s, nb * l->wg, l->wg);
    }
  status = late_end (l, late, status);
  if (status == SCANRT_OK && l->total)
    status = read_total (l, total, 0);
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
  cl_mem sums = scratch (l, nb * l->desc->elem_size, &status);
  if (!sums)
    return status;
  struct setter s = kernel (l, "scanomp_blelloch_block");
  put_ulong (&s, m);
  put_mem (&s, a);
  put_mem (&s, sums);
  status = enqueue (l, &s, nb * l->wg, l->wg);
  if (status == SCANRT_OK && nb > 1)
    {
      status = thesis_scan_array (l, sums, nb);
      if (status == SCANRT_OK)
        {
          struct setter t = kernel (l, "scanomp_blelloch_add");
          put_ulong (&t, m);
          put_mem (&t, a);
          put_mem (&t, sums);
          status = enqueue (l, &t, nb * l->wg, l->wg);
        }
    }
  scanrt_release_buffer (sums);
  return status;
}

static int
run_thesis (struct scanrt_launch *l)
{
  size_t elem = l->desc->elem_size;
  int status = SCANRT_OK;
  cl_mem total = scratch (l, elem, &status);
  cl_mem tmp = total ? scratch (l, l->n * elem, &status) : NULL;
  if (status == SCANRT_OK)
    {
      struct setter s = kernel (l, "scanomp_blelloch_gather");
      put_ulong (&s, l->n);
      put (&s, sizeof (cl_long), &l->first);
      put_mem (&s, tmp);
      put_hooks (&s, l);
      status = enqueue (l, &s, l->n, l->wg);
    }
  if (status == SCANRT_OK)
    status = thesis_scan_array (l, tmp, l->n);
  cl_mem late = NULL;
  if (status == SCANRT_OK)
    status = late_begin (l, (l->n + l->wg - 1) / l->wg, total, &late);
  if (status == SCANRT_OK)
    {
      struct setter s = kernel (l, "scanomp_blelloch_scatter");
      put_scan_head (&s, l, total);
      put_mem (&s, tmp);
      put_mem (&s, total);
      put_mem (&s, late);
      put_hooks (&s, l);
      status = enqueue (l, &s, l->n, l->wg);
    }
  status = late_end (l, late, status);
  if (status == SCANRT_OK && l->total)
    status = read_total (l, total, 0);
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

/* What scan-repro.cl takes from here, as build options
   (scanrt_repro_plan): the tiles in a chunk of its two passes, and the
   largest work-group of their prefix kernel.  */
#define REPRO_CHUNK 16
#define REPRO_PREFIX_WG 128

/* scan-repro.cl's single pass: a tile's slot of 64-bit words (its
   total's two, its exact sum's digits and two fields of two each), and
   the local memory it needs beyond the two-pass kernels' (its window of
   totals, its row, the carry).  */
#define ONEPASS_SLOT (2 + SCANRT_EXACT_DIGITS + 4)
/* scan-repro.cl's REPRO_FLAG_START: the single pass starts from a value
   passed, not from the row in memory.  */
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
            "-DREPRO_CHUNK=%d -DREPRO_PREFIX_WG=%d -DREPRO_ONEPASS=%d",
            walk_lookback (l->dev), SCANRT_EXACT_DIGITS, REPRO_CHUNK,
            REPRO_PREFIX_WG, l->dev->int64_atomics);
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
  cl_mem m = scratch (l, (tiles + 1) * elem, &status);
  cl_mem rows = m ? scratch (l, (chunks + 1) * row_bytes, &status) : NULL;
  if (!rows)
    {
      if (m)
        scanrt_release_buffer (m);
      return status;
    }
  /* ROW lives until the blocking read at the end.  */
  int64_t row[SCANRT_EXACT_ROW];
  status = repro_sum_write (l, rows, chunks * row_bytes, row);
  struct setter s = kernel (l, groups ? "scanomp_repro_totals_wg"
                                      : "scanomp_repro_totals");
  put_ulong (&s, l->n);
  put (&s, sizeof (cl_long), &l->first);
  put_mem (&s, m);
  put_hooks (&s, l);
  if (status == SCANRT_OK)
    status = enqueue (l, &s, tiles * local, local);
  s = kernel (l, "scanomp_repro_chunks");
  put_ulong (&s, tiles);
  put_mem (&s, m);
  put_mem (&s, rows);
  if (status == SCANRT_OK)
    status = enqueue (l, &s, chunks, spread);
  s = kernel (l, "scanomp_repro_prefix");
  put_ulong (&s, chunks);
  put_mem (&s, rows);
  if (status == SCANRT_OK)
    status = enqueue (l, &s, SCANRT_EXACT_ROW * prefix, prefix);
  if (status == SCANRT_OK && !l->totals_only)
    {
      s = kernel (l, "scanomp_repro_carries");
      put_ulong (&s, tiles);
      put_mem (&s, m);
      put_mem (&s, rows);
      status = enqueue (l, &s, chunks, spread);
    }
  if (status == SCANRT_OK && !l->totals_only)
    {
      cl_uint flags = l->flags;
      s = kernel (l, groups ? "scanomp_repro_scan_wg" : "scanomp_repro_scan");
      put_ulong (&s, l->n);
      put (&s, sizeof (cl_long), &l->first);
      put (&s, sizeof flags, &flags);
      put_mem (&s, m);
      put_hooks (&s, l);
      status = enqueue (l, &s, tiles * local, local);
    }
  if (status == SCANRT_OK && !l->totals_only && l->total)
    status = read_total (l, m, tiles);
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
  size_t tiles = count_blocks (l, SCANRT_REPRO_TILE, "tiles");
  size_t row_bytes = SCANRT_EXACT_ROW * sizeof (int64_t);
  scanrt_type type = (scanrt_type) l->desc->type;
  if (!tiles)
    return l->n ? SCANRT_EINVAL : SCANRT_OK;
  int made;
  int status = chain_begin (l, &dev->repro_chain,
                            (1 + ONEPASS_SLOT * tiles) * sizeof (cl_ulong));
  if (status == SCANRT_OK)
    status = keep_scratch (l, &dev->lookback_total,
                           &dev->lookback_total_bytes, l->desc->elem_size, 0,
                           &made);
  if (status == SCANRT_OK)
    status = keep_scratch (l, &dev->repro_rows, &dev->repro_rows_bytes,
                           2 * row_bytes, 0, &made);
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
  struct setter s = kernel (l, "scanomp_repro_onepass_wg");
  put_ulong (&s, l->n);
  put (&s, sizeof (cl_long), &l->first);
  put (&s, sizeof flags, &flags);
  if (type == SCANRT_DOUBLE)
    put (&s, sizeof single, &single);
  else
    put (&s, sizeof single_float, &single_float);
  put_mem (&s, rows);
  put_mem (&s, last);
  put_chain (&s, &dev->repro_chain);
  put_hooks (&s, l);
  size_t local = SCANRT_REPRO_TILE / 16;
  if (status == SCANRT_OK)
    status = enqueue (l, &s, tiles * local, local);
  if (status == SCANRT_OK)
    dev->repro_chain.tickets += (cl_uint) tiles;
  if (status == SCANRT_OK && l->total)
    status = read_total (l, last, 0);
  if (!l->repro_end_unread || !from_value)
    status = repro_sum_read (l, rows, row_bytes, row, status);
  return status;
}

int
scanrt_launch_run (struct scanrt_launch *l)
{
  if (l->repro)
    return repro_onepass (l) ? run_repro_onepass (l) : run_repro (l);
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
