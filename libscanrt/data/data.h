/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* data.h: a scan's arrays.  What a scan is asked to do (request.c); where
   `target data' placed an array, on one device or in pieces across several
   (place.c); the table of data mapped on one device, and the buffers a
   launch binds (memory.c); the pieces (pieces.c).  */

#ifndef SCANRT_DATA_H
#define SCANRT_DATA_H

#include "devices/devices.h"

struct scanrt_binding;
/* request.c: one scan as its callers ask for it, and the windows of its
   arrays over a range of its positions.  */
struct scanrt_request
{
  const struct SCANRT_desc *desc;
  const struct SCANRT_arg *args;
  const scanrt_params *params;   /* may be NULL */
  /* The call site it reports as: its params', else its descriptor's.  */
  const char *site;
  int device;
  long first;
  size_t n;
  const void *seed;              /* NULL where SEED_AT has it */
  /* A seed that lies in the loop's array (SCANRT_SEED_AT): its host
     address, and its value once read (scanrt_request_seed).  */
  struct scanrt_seed_at *seed_at;
  void *total;
  int total_only;                /* compute TOTAL, storing nothing */
  /* If set, a run that succeeds leaves its results on the device, bound
     here: the caller copies them back with scanrt_unbind.  */
  struct scanrt_binding *keep;
  int pieces;                    /* bind data spread across devices */
  /* TOTAL is wanted only where the scan runs in parts (segments, several
     devices), to go on from: one launch then reads no total back.  */
  int total_optional;
  /* A reproducible scan on a device (run/repro.c's definition): the
     exact sum of the seed and the tiles' totals before position 0, which
     the run adds its own tiles' totals to; R's seed is then unused.  */
  struct scanrt_exact *repro;
  /* Where set, nothing reads REPRO after a run that succeeds (a scan
     run whole, not a piece): a device need not bring the sum back.  */
  int repro_end_unread;
  /* A call of the API with a built-in operator: the arrays it scans,
     DESC's elements each, which ARGS name too.  */
  const void *plain_in;
  void *plain_out;
};
struct scanrt_seed_at
{
  const void *addr;              /* y[i-1] at the first i, on the host */
  int device;                    /* SCANRT_scan's device */
  int read;                      /* VALUE holds it */
  void *value;                   /* elem_size bytes */
};
/* The bytes by which the window of R's argument I moves from one position
   to the next, or 0 where it does not.  */
size_t scanrt_window_step (const struct scanrt_request *r, unsigned i);
/* ARGS and STARTS (R's count each): R's arguments with every moving
   window cut to positions [P0, P0 + M).  */
void scanrt_window_args (const struct scanrt_request *r, size_t p0, size_t m,
                         struct SCANRT_arg *args, long *starts);
/* PART: positions [P0, P0 + M) of R, as a scan of their own on ARGS
   and STARTS (as scanrt_window_args's), with no seed, total or exact
   sum yet.  */
void scanrt_request_part (const struct scanrt_request *r, size_t p0,
                          size_t m, struct SCANRT_arg *args, long *starts,
                          struct scanrt_request *part);
/* Whether DEV's buffers take R's windows over M positions.  */
int scanrt_windows_fit (const struct scanrt_request *r,
                        const struct scanrt_device *dev, size_t m);
/* Whether the window of an array that R stores overlaps that of another
   that it reads, as an input and an output passed as one array do
   (`f (x, x, n)').  */
int scanrt_stores_over_reads (const struct scanrt_request *r);
/* Whether an array of R that its loop's input phase stores
   (SCANRT_ARRAY_STORED_TWICE) overlaps another of its arrays.  */
int scanrt_stored_twice_overlaps (const struct scanrt_request *r);
/* Whether an array R's loop gathers from (SCANRT_ARRAY_GATHERED)
   overlaps one it stores.  */
int scanrt_gathers_over_stores (const struct scanrt_request *r);
/* Whether R's host reduce may read what its scan stores: one array read
   and stored (SCANRT_READS_STORED), or scanrt_stores_over_reads.  A
   scatter's window is empty: where it overlaps what the loop reads,
   iterations store where others read, the program's race as in any
   parallel loop.  */
int scanrt_reads_stored (const struct scanrt_request *r);
/* Whether R writes an array that it reads: an in-place scan, whose input
   is gone where it has written.  */
int scanrt_in_place (const struct scanrt_request *r);

/* memory.c: buffers for a launch, and the table of data mapped on one
   device.  */
struct scanrt_group;
struct scanrt_map
{
  struct scanrt_map *next;
  struct scanrt_device *dev;
  char *base;
  size_t bytes;
  unsigned refs;
  cl_mem mem;
  /* A scan on the data fell back to the host (scanrt_resident_to_host):
     the host's copy is the current one, and the device's is stale.  */
  int host_newer;
  /* A piece of data spread across devices (pieces.c), which owns [OWN,
     OWN + OWN_BYTES) of its range; GROUP is NULL for data on one device.
     Only a split scan's blocks use pieces.  */
  struct scanrt_group *group;
  char *own;
  size_t own_bytes;
};

struct scanrt_bound
{
  cl_mem mem;              /* the buffer holding the range */
  cl_ulong offset;         /* byte offset of the host pointer in it */
  struct scanrt_map *map;  /* the mapped data it lies in, or NULL */
};

struct scanrt_binding
{
  unsigned count;          /* temporary buffers made for this launch */
  struct scanrt_temp
  {
    char *base;
    size_t bytes;
    unsigned kinds;        /* union of SCANRT_MAP_* needed */
    cl_mem mem;
  } *temps;
  unsigned nargs;
  struct scanrt_bound *bound;  /* one per argument (arrays only) */
};

/* Give every array argument of DESC a buffer on DEV: the mapped data's
   (a piece of data spread across devices only with PIECES), or a
   temporary one copied in as needed.  Adds transfer time to *SECONDS.  */
int scanrt_bind (struct scanrt_device *dev, const struct SCANRT_desc *desc,
                 const struct SCANRT_arg *args, struct scanrt_binding *b,
                 int pieces, double *seconds);
/* Copy results back (or map them, on unified devices), wait for the
   device, and release the temporaries.  OK says whether the launch
   succeeded; if it did not, nothing is copied back.  */
int scanrt_unbind (struct scanrt_device *dev, struct scanrt_binding *b,
                   int ok, double *seconds);
/* The largest buffer libscanrt makes on DEV: its largest, at most half
   its memory, or less with SCANOMP_MAX_BUFFER.  */
size_t scanrt_buffer_limit (const struct scanrt_device *dev);
/* A buffer on DEV for host range [BASE, BASE + BYTES), copied in when
   COPY_IN and the device does not share the host's memory; adds the time
   to *SECONDS, or returns NULL (reported) with *STATUS set.  Call with
   dev->lock held.  */
cl_mem scanrt_make_buffer (struct scanrt_device *dev, char *base,
                           size_t bytes, int copy_in, double *seconds,
                           int *status);
/* Copy [P, P + BYTES) of mapping M between its buffer and HOST, to the
   device when TO_DEVICE, now.  Call with m->dev->lock held.  */
int scanrt_map_copy (struct scanrt_map *m, const char *p, void *host,
                     size_t bytes, int to_device, double *seconds);
/* Put M in the table of mapped data, or take it out.  */
void scanrt_map_add (struct scanrt_map *m);
void scanrt_map_remove (struct scanrt_map *m);
/* Enter, exit and update data mapped on DEVICE alone (scanrt_data_enter,
   scanrt_data_exit, scanrt_data_update); copy what a map on DEVICE holds
   of [SRC, SRC + BYTES) to DST, returning 0 where none holds it.  */
int scanrt_map_enter (int device, void *ptr, size_t bytes, unsigned kind);
int scanrt_map_exit (int device, void *ptr, size_t bytes, unsigned kind);
int scanrt_map_update (int device, void *ptr, size_t bytes, unsigned kind);
int scanrt_map_read (int device, void *dst, const void *src, size_t bytes);
/* Whether [PTR, PTR + BYTES) lies in data that an enter on DEVICE mapped
   there alone, or tried to and left on the host.  */
int scanrt_map_entered (int device, const void *ptr, size_t bytes);
/* Where [P, P + BYTES) lies in data mapped on DEV, which has memory of
   its own, and DEV's copy is the current one: the buffer, with the byte
   offset of P in it in *OFFSET; else NULL.  */
cl_mem scanrt_map_locate (struct scanrt_device *dev, const void *p,
                          size_t bytes, cl_ulong *offset);
/* Whether any data is mapped on any device (a piece of data spread
   across devices too), without a look at the devices.  */
int scanrt_maps_any (void);
/* Whether an array of a scan lies in data mapped on DEV, a device with
   memory of its own: the scan then stays on the device whatever its size,
   since the host's copy may be stale.  */
int scanrt_resident (struct scanrt_device *dev,
                     const struct SCANRT_desc *desc,
                     const struct SCANRT_arg *args);
/* Before a scan that failed on DEV runs on the host: bring the mapped
   data its arrays lie in back to the host, which keeps the current copy
   from then on (the device's is written again before its next scan there,
   and an exit copies nothing back over the host's).  */
void scanrt_resident_to_host (struct scanrt_device *dev,
                              const struct SCANRT_desc *desc,
                              const struct SCANRT_arg *args);

/* pieces.c: data that `target data' on the default device spreads across
   the devices of SCANOMP_DEVICES, a piece each.  The map calls return 0
   for data that is not spread, else 1 with *STATUS set;
   scanrt_pieces_read 1 when it read SRC.  */
int scanrt_pieces_enter (int device, void *ptr, size_t bytes, unsigned kind,
                         int *status);
int scanrt_pieces_exit (int device, void *ptr, size_t bytes, unsigned kind,
                        int *status);
int scanrt_pieces_update (int device, void *ptr, size_t bytes, unsigned kind,
                          int *status);
int scanrt_pieces_read (int device, void *dst, const void *src,
                        size_t bytes);
/* Whether PTR's BYTES lie in data spread from DEVICE.  */
int scanrt_pieces_entered (int device, const void *ptr, size_t bytes);
/* Before R runs otherwise than on the pieces: bring every piece its
   arrays touch back to the host, whose copy is then the current one.  */
void scanrt_pieces_to_host (const struct scanrt_request *r);
/* Whether R's arrays touch data spread across devices.  */
int scanrt_pieces_touched (const struct scanrt_request *r);
/* Whether any data is spread across devices.  */
int scanrt_pieces_any (void);
/* A split scan on the pieces holds their lock throughout.  */
void scanrt_pieces_lock (void);
void scanrt_pieces_unlock (void);
/* R's blocks on the pieces of the arrays it writes: DEVICES[K] runs
   positions [ENDS[K - 1], ENDS[K]) (from 0).  Returns their count; 0
   where R touches no spread data; -1 where its blocks cannot follow the
   pieces.  */
int scanrt_pieces_cut (const struct scanrt_request *r, int *devices,
                       size_t *ends);
/* Before block B runs on DEVICE: its pieces current there, and the bytes
   its windows take from the pieces beside them copied in, kept in *SAVED
   (malloc'd, freed after the block) for scanrt_pieces_settle, which after
   it ran writes those that it changed to the pieces that own them.  A
   window of spread data that the block reads but its pieces do not hold
   is copied into *SAVED, and B's ARGS (its args, writable) point there.  */
int scanrt_pieces_ready (const struct scanrt_request *b,
                         struct SCANRT_arg *args, int device,
                         unsigned char **saved);
int scanrt_pieces_settle (const struct scanrt_request *b, int device,
                          const unsigned char *saved);

/* place.c: `target data' and its like, on the device that DEVICE (a
   number, SCANRT_DEFAULT_DEVICE, or a name) stands for: in pieces where
   SCANOMP_DEVICES splits that device's scans, else on it alone; nowhere
   where OMP_TARGET_OFFLOAD=DISABLED, or DEVICE is the host or does not
   exist (said).  As scanrt_data_enter, scanrt_data_exit and
   scanrt_data_update, and SCANRT_present_read.  */
int scanrt_place_enter (int device, void *ptr, size_t bytes, unsigned kind);
int scanrt_place_exit (int device, void *ptr, size_t bytes, unsigned kind);
int scanrt_place_update (int device, void *ptr, size_t bytes, unsigned kind);
/* A data construct's COUNT ranges PTRS[i] of SIZES[i] bytes, map kinds
   KINDS[i] (SCANRT_data_begin, _end): each mapping counted once, as
   OpenMP counts a construct's, whatever number of its items it holds.
   An item inside another (a scan in place: `map(to: x[0:n]) map(from:
   y[0:n])' with x == y) is mapped with the largest item that holds it,
   which copies in and out as any of them asks.  */
void scanrt_place_enter_all (int device, unsigned count, void *const *ptrs,
                             const size_t *sizes, const unsigned *kinds);
void scanrt_place_exit_all (int device, unsigned count, void *const *ptrs,
                            const size_t *sizes, const unsigned *kinds);
void scanrt_place_read (int device, void *dst, const void *src, size_t bytes);
/* R's seed: SEED, or the value SEED_AT's address holds where the data
   lies (the device's copy, or the host's), read once with
   scanrt_place_read.  */
const void *scanrt_request_seed (const struct scanrt_request *r);

#endif /* SCANRT_DATA_H */
