/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* run.h: running a scan.  route.c decides where a scan runs, once, and
   runs it there: on the host path (host.c), on one device (launch.c,
   with the kernel set of kernelset.c or reproset.c, enqueued through
   enqueue.c, in the tile shapes of tuning.c), in segments of one
   device's largest buffer (segments.c), or split across several devices
   (split.c).  */

#ifndef SCANRT_RUN_H
#define SCANRT_RUN_H

#include "data/data.h"

/* tuning.c: a kernel set's default tile shape.  */
struct scanrt_tuning
{
  scanrt_variant variant;
  size_t min_n;                 /* scans of at least this many elements */
  size_t max_elem;              /* of elements of at most these bytes (0:
                                   any) */
  size_t wg;                    /* work-items a group (GPU sets) */
  size_t items;                 /* elements a work-item takes at once:
                                   the CPU set's unroll, the GPU sets'
                                   items */
  size_t item_bytes;            /* or, where not 0, this many bytes'
                                   worth of elements (at least one) */
  size_t chunk_bytes;           /* CPU set: the bytes a work-item scans
                                   at a time */
};
/* The entry of the table for kernel set V scanning N elements of ELEM
   bytes; NULL where it has none.  */
const struct scanrt_tuning *scanrt_tuning_of (scanrt_variant v, size_t n,
                                              size_t elem);
/* The items a work-item takes of elements of ELEM bytes under T.  */
size_t scanrt_tuning_items (const struct scanrt_tuning *t, size_t elem);

/* kernelset.c: running a kernel set.  */
struct scanrt_launch
{
  struct scanrt_device *dev;
  struct scanrt_program *prog;
  const struct SCANRT_desc *desc;
  const struct SCANRT_arg *args;
  const struct scanrt_bound *bound;
  scanrt_variant variant;
  size_t n;
  long first;
  const void *seed;
  /* Or, where SEED_MEM is set, the kernels read the seed at byte
     SEED_OFFSET of that buffer: y[i-1] at the first i, in the loop's
     array mapped on the device (SCANRT_SEED_AT).  */
  cl_mem seed_mem;
  cl_ulong seed_offset;
  void *total;
  unsigned flags;
  size_t wg, items, chunk;
  int ptx;                 /* NVIDIA's warp operations (scanomp-group.h) */
  /* If set, the events of the first and the last kernel enqueued (the
     same one for a single launch), which the caller releases.  */
  cl_event *events;
  /* Where set, the loop has late items (scanrt-abi.h) and the launch
     stores: the kernels gather them per block, and the run reads the
     blocks' into LATE_PARTS, LATE_COUNT elements, which
     scanrt_launch_join_late joins into TOTAL.  */
  int gather_late;
  unsigned char *late_parts;
  size_t late_count;
  /* Where set, the reproducible kernel set runs, from this exact sum
     (the request's), which it adds its tiles' totals to; where
     TOTALS_ONLY, it does that alone.  */
  struct scanrt_exact *repro;
  int totals_only;
  int repro_end_unread;    /* the request's */
};

/* The build options and tuning of L's variant on its device, from the
   user's PARAMS (which may be NULL): fills l->wg, items, chunk and writes
   the -D options into OPTIONS.  */
int scanrt_launch_plan (struct scanrt_launch *l, const scanrt_params *params,
                        char *options, size_t size);
/* Enqueue the kernel set (reproset.c's, where L->repro is set), and
   the read of the total; does not wait.  */
int scanrt_launch_run (struct scanrt_launch *l);
/* Once L's run is complete (OK: it succeeded), join the late items its
   blocks gathered into L's total, then the seed's, as the host path's
   scan does; free what the run read them into.  */
void scanrt_launch_join_late (struct scanrt_launch *l, int ok);
/* After a failure on DEV: drop the state kept between launches, which the
   failed launch may have left half updated.  Call with dev->lock held.  */
void scanrt_launch_forget (struct scanrt_device *dev);

/* reproset.c: the reproducible kernel set.  */
/* The build options of L's reproducible set (templates/scan-repro.cl)
   on its device, into OPTIONS.  */
int scanrt_repro_plan (const struct scanrt_launch *l, char *options,
                       size_t size);
/* Enqueue L's reproducible set, from and into L's exact sum, and the
   read of the total; waits only where it reads the exact sum back.  */
int scanrt_repro_launch (struct scanrt_launch *l);

/* enqueue.c: what every kernel set does to run its kernels.  */

/* Setting a kernel's arguments in order; the first error sticks.  An
   argument whose bytes are those last set on the kernel is not set again:
   OpenCL keeps a kernel's arguments from launch to launch.  A buffer
   counts as the same only where no buffer was released since
   (scanrt_program_kernel forgets them): one made after a release may
   have the released one's address, and be another buffer to the
   driver.  */
struct scanrt_setter
{
  cl_kernel k;
  struct scanrt_kernel_args *set;    /* NULL: set every argument */
  cl_uint i;
  cl_int err;
};

/* Start setting the arguments of kernel NAME of L's program.  */
struct scanrt_setter scanrt_setter_for (const struct scanrt_launch *l,
                                        const char *name);
/* Set the next argument: SIZE bytes at V, buffer M, or V as a ulong.  */
void scanrt_put (struct scanrt_setter *s, size_t size, const void *v);
void scanrt_put_mem (struct scanrt_setter *s, cl_mem m);
void scanrt_put_ulong (struct scanrt_setter *s, cl_ulong v);
/* The arguments behind SCANOMP_PARAMS, L's hooks.  */
void scanrt_put_hooks (struct scanrt_setter *s,
                       const struct scanrt_launch *l);
/* The arguments that pass look-back chain C.  */
void scanrt_put_chain (struct scanrt_setter *s,
                       const struct scanrt_chain *c);
/* Enqueue the kernel of S over GLOBAL work-items in groups of LOCAL.  */
int scanrt_enqueue (const struct scanrt_launch *l, struct scanrt_setter *s,
                    size_t global, size_t local);
/* A scratch buffer of BYTES on L's device; NULL and *STATUS set where
   none could be made.  */
cl_mem scanrt_scratch (const struct scanrt_launch *l, size_t bytes,
                       int *status);
/* Enqueue the read of L's total from element INDEX of M.  */
int scanrt_read_total (const struct scanrt_launch *l, cl_mem m,
                       size_t index);
/* Make *MEM a buffer of at least BYTES, kept from launch to launch.  */
int scanrt_keep_scratch (const struct scanrt_launch *l, cl_mem *mem,
                         size_t *have, size_t bytes, int zero, int *made);
/* Ready look-back chain C with BYTES of state for a new launch.  */
int scanrt_chain_begin (const struct scanrt_launch *l,
                        struct scanrt_chain *c, size_t bytes);
/* How many blocks of BLOCK elements hold L's elements; 0 if too many.  */
size_t scanrt_count_blocks (const struct scanrt_launch *l, size_t block,
                            const char *what);
/* Whether look-backs on DEV walk with one work-item.  */
int scanrt_walks (const struct scanrt_device *dev);

/* launch.c: one scan on one device.  */
/* Run R on DEV, which is open, with no fallback; T collects the times.  */
int scanrt_run_on (struct scanrt_device *dev, const struct scanrt_request *r,
                   struct scanrt_timing *t);
/* Run R on DEVICE, a device number, opening it.  Where that fails, say
   so and, unless STRICT, return SCANRT_HOST with R's mapped data brought
   back to the host, for the host to run it; T collects the times.  */
int scanrt_run_device (int device, const struct scanrt_request *r,
                       int strict, struct scanrt_timing *t);

/* segments.c: one scan on DEVICE in consecutive segments of LEN
   positions, each seeded with the total of the ones before, where R's
   arrays exceed the device's largest buffer (see scanrt-abi.h).  */
/* The positions of R that one launch on DEVICE takes: all of them,
   unless an array's window over them exceeds its largest buffer; then as
   many as keep each window within it, or 0 where they cannot shrink
   enough (said).  */
size_t scanrt_segment_length (const struct scanrt_request *r, int device);
/* Run R so, as scanrt_run_device each segment (STRICT past the first,
   where DONE is NULL: without it, nothing can go on from a later segment
   on the host); with DONE, the positions done.  T collects the times.  */
int scanrt_run_segments (const struct scanrt_request *r, int device,
                         size_t len, int strict, size_t *done,
                         struct scanrt_timing *t);

/* split.c: one scan split across the devices of LIST (NULL: none), or
   those holding the pieces of the data it works on.  Returns 0 where R is
   not to be split (no list and no pieces, or blocks that cannot be cut);
   else runs it, sets *STATUS and *DONE (as SCANRT_scan's) and returns
   1.  */
int scanrt_split_scan (const struct scanrt_request *r,
                       const struct scanrt_device_list *list, int strict,
                       size_t *done, int *status);

/* host.c: the host path.  Run R with THREADS (as SCANRT_scan's), the
   scan function alone on the calling thread where ALONE: SCANRT_OK, or
   SCANRT_HOST where the caller's sequential loop should run (the
   descriptor has no host functions).  */
int scanrt_team_scan (const struct scanrt_request *r, int threads,
                      int alone);

/* repro.c: reproducible floating-point scans on the host.  Whether R is
   to be one: a float or double `+' or `-' with SCANRT_REPRODUCIBLE or
   SCANOMP_REPRODUCIBLE=1.  */
int scanrt_repro_wanted (const struct scanrt_request *r);
/* E, the exact sum of R's seed alone, where R's tiles start.  */
void scanrt_repro_start (const struct scanrt_request *r,
                         struct scanrt_exact *e);
/* Run R so on a team of TEAM threads at most (1: the calling thread
   alone), or where TASKS as tasks of the calling thread's team of TEAM:
   SCANRT_OK, or SCANRT_HOST where it cannot be (said once).  From
   R->repro where set (a piece's carry, scanrt_scan_piece), which
   receives the sum after R's tiles; where R->total_only too, that sum
   alone.  */
int scanrt_repro_team_scan (const struct scanrt_request *r, int team,
                            int tasks);

/* route.c: where a scan runs.  */
/* A loop the plugin compiled (SCANRT_scan): on the host path outside
   target constructs, for a target's false if() and for
   omp_initial_device (DEVICE SCANRT_DEVICE_HOST_CPU), else on a device;
   SCANRT_HOST where the caller is to run the loop itself from *DONE.  */
int scanrt_route_loop (const struct scanrt_request *r, int threads,
                       size_t *done);
/* A call of the API: on the host path, or on devices where they win;
   SCANRT_HOST where the host computed it, or where the caller is to
   compute positions *DONE on the host.  */
int scanrt_route_call (const struct scanrt_request *r, size_t *done);

#endif /* SCANRT_RUN_H */
