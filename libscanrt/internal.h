/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* internal.h: declarations shared by libscanrt's files and hidden from its
   users.  Every symbol here is internal; the exported ones are declared in
   scanrt.h and scanrt-abi.h and listed in libscanrt.map.  */

#ifndef SCANRT_INTERNAL_H
#define SCANRT_INTERNAL_H

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <pthread.h>
#include <stdint.h>

#include "scanrt.h"
#include "scanrt-abi.h"

#define SCANRT_EXPORT __attribute__ ((visibility ("default")))

/* report.c: messages on stderr, all starting "libscanrt: ".  */
const char *scanrt_cl_error_name (cl_int err);
void scanrt_report (const char *fmt, ...)
  __attribute__ ((format (printf, 1, 2)));
/* Report that CALL failed with ERR, and what the user can do (ADVICE).  */
void scanrt_report_cl (const char *call, cl_int err, const char *advice);
/* Map an OpenCL error to a status.  */
int scanrt_status_of_cl (cl_int err);
/* Read environment variable NAME as a size; DEFLT if unset or invalid.  */
size_t scanrt_env_size (const char *name, size_t deflt);
/* A tuning setting NAME kept within LO to HI (a power of two, with POW2),
   else DEFLT.  A setting out of range is said once.  */
size_t scanrt_env_range (const char *name, size_t deflt, size_t lo,
                         size_t hi, int pow2);
/* Whether this is the first time the process reports a problem with WHAT
   (a setting's name, say) and VALUE: each is reported once.  */
int scanrt_first_report (const char *what, const char *value);

/* Whether an argument of KIND (enum SCANRT_arg_kind) is an array.  */
static inline int
scanrt_arg_is_array (unsigned kind)
{
  return kind == SCANRT_ARG_IN || kind == SCANRT_ARG_OUT
         || kind == SCANRT_ARG_INOUT;
}

/* Whether an argument of KIND is an array that the scan writes.  */
static inline int
scanrt_arg_is_written (unsigned kind)
{
  return kind == SCANRT_ARG_OUT || kind == SCANRT_ARG_INOUT;
}

/* device.c: discovery, numbering and the OMP_TARGET_OFFLOAD policy.  */
enum scanrt_offload
{
  SCANRT_OFFLOAD_DEFAULT,
  SCANRT_OFFLOAD_MANDATORY,
  SCANRT_OFFLOAD_DISABLED
};

/* The state a single-pass kernel set keeps on a device from launch to
   launch: a ticket counter that numbers the blocks in the order they
   start, and ready flags that carry the launch's epoch, so that the buffer
   never needs clearing between launches.  */
struct scanrt_chain
{
  cl_mem mem;
  size_t bytes;
  cl_uint tickets;         /* the counter's value before the next launch */
  cl_uint epoch;           /* the last launch's epoch; 0: none yet */
};

struct scanrt_device
{
  int number;
  cl_platform_id platform;
  cl_device_id id;
  cl_device_type type;
  char name[256];
  /* Identifies the device and its compiler in program cache keys.  */
  char key[768];
  int unified;             /* host and device share memory: zero copy */
  cl_ulong max_alloc;      /* largest buffer */
  cl_ulong global_mem;
  cl_ulong local_mem;
  cl_ulong cache_size;     /* global memory cache, 0 if unknown */
  size_t max_wg;
  cl_uint compute_units;
  cl_uint clock_mhz;
  /* Positions a second in its last block of a scan split across devices
     (split.c); 0 before the first.  */
  double rate;
  int int64_atomics;       /* cl_khr_int64_base_atomics */
  int nvidia;              /* NVIDIA's OpenCL: inline PTX compiles */
  int ptx_refused;         /* ... but this driver refused it */
  /* The hardware's UUID or PCI address, where the driver says
     (HARDWARE_KNOWN): the same device through two platforms is one.  */
  unsigned char hardware[16];
  int hardware_known;
  unsigned place;          /* its index among its platform's devices */
  /* Created on first use, under LOCK, which also serialises launches.  */
  pthread_mutex_t lock;
  int opened;              /* 0 not yet, 1 open, -1 failed */
  cl_context context;
  cl_command_queue queue;
  /* Scratch space of the single-pass kernel sets, kept between launches
     (see templates/scan-cpu.cl and scan-lookback.cl): the CPU set's
     carries, the LOOKBACK set's total, and the state of each.  */
  cl_mem cpu_carry, lookback_total;
  size_t cpu_carry_bytes, lookback_total_bytes;
  struct scanrt_chain cpu_chain, lookback_chain;
};

enum scanrt_offload scanrt_offload_policy (void);
int scanrt_num_devices (void);
int scanrt_default_device (void);
/* Whether this process is a child forked after the devices were found:
   it opens none, and scans run on the host.  */
int scanrt_forked (void);
/* The first CPU device, else the default one.  */
int scanrt_cpu_device (void);
/* The device that DEVICE, a number, SCANRT_DEFAULT_DEVICE or a name
   (SCANRT_DEVICE_GPU, SCANRT_DEVICE_CPU), stands for; -1 for a name that
   OMP_TARGET_OFFLOAD=MANDATORY leaves with no device (said once).  */
int scanrt_resolve_device (int device);
/* Device NUMBER as discovered, not opened, or NULL if there is none.  */
struct scanrt_device *scanrt_device_info (int number);
/* Device NUMBER with its context and queue open, or NULL (reported).  The
   caller holds dev->lock while it uses the queue.  */
struct scanrt_device *scanrt_device_open (int number);

/* program.c: building and caching programs.  */
#define SCANRT_MAX_KERNELS 6

struct scanrt_program
{
  struct scanrt_program *next;
  uint64_t hash;
  char *head;              /* the generated source before the template */
  char *options;
  const char *tmpl;        /* the template (static text) */
  struct scanrt_device *dev;
  cl_program program;
  cl_kernel kernels[SCANRT_MAX_KERNELS];
  const char *kernel_names[SCANRT_MAX_KERNELS];
};

uint64_t scanrt_hash (const void *data, size_t len, uint64_t seed);
/* sha256.c */
void scanrt_sha256 (const void *data, size_t len, unsigned char digest[32]);
/* The program of HEAD followed by template TMPL, built with OPTIONS on DEV:
   from the in-process cache, the disk cache, or a build.  Adds the time
   spent to *SECONDS.  Returns NULL (reported, with the build log) on
   failure, with *STATUS set.  */
struct scanrt_program *scanrt_program_get (struct scanrt_device *dev,
                                           const char *head,
                                           const char *tmpl,
                                           const char *options,
                                           double *seconds, int *status);
/* Kernel NAME of PROG, created once.  Call with dev->lock held.  */
cl_kernel scanrt_program_kernel (struct scanrt_program *prog,
                                 const char *name);

/* templates.c (generated from templates/): the kernel template of a
   variant, with its includes inlined.  */
const char *scanrt_template (scanrt_variant variant);

/* ops.c: the built-in types and operators.  */
struct scanrt_type_info
{
  const char *cl_name;     /* OpenCL C type */
  const char *cl_utype;    /* unsigned type for wrapping arithmetic, or
                              NULL for floating types */
  const char *cl_min, *cl_max;
  size_t size;
};
const struct scanrt_type_info *scanrt_type_info (scanrt_type type);
/* Whether OP applies to TYPE.  */
int scanrt_op_valid (scanrt_type type, scanrt_op op);
/* Write the identity of OP over TYPE to OUT.  */
void scanrt_identity (scanrt_type type, scanrt_op op, void *out);
/* The sequential scan on the host, with the kernels' exact semantics.  */
void scanrt_host_scan (void *out, const void *in, size_t n, scanrt_type type,
                       scanrt_op op, unsigned flags, const void *seed,
                       void *total);
void scanrt_host_scan_user (void *out, const void *in, size_t n,
                            const scanrt_user_op *op, unsigned flags,
                            const void *seed, void *total);

/* memory.c: buffers for a launch, and the table of mapped data.  */
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
/* Enter and exit data mapped on DEVICE (scanrt_data_enter/exit).  */
int scanrt_map_enter (int device, void *ptr, size_t bytes, unsigned kind);
int scanrt_map_exit (int device, void *ptr, size_t bytes, unsigned kind);
int scanrt_map_update (int device, void *ptr, size_t bytes, unsigned kind);
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
  void *total;
  unsigned flags;
  size_t wg, items, chunk;
  int ptx;                 /* NVIDIA's warp operations (scanomp-group.h) */
  /* If set, the events of the first and the last kernel enqueued (the
     same one for a single launch), which the caller releases.  */
  cl_event *events;
};

/* The build options and tuning of L's variant on its device, from the
   user's PARAMS (which may be NULL): fills l->wg, items, chunk and writes
   the -D options into OPTIONS.  */
int scanrt_launch_plan (struct scanrt_launch *l, const scanrt_params *params,
                        char *options, size_t size);
/* Enqueue the kernel set, and the read of the total; does not wait.  */
int scanrt_launch_run (struct scanrt_launch *l);
/* After a failure on DEV: drop the state kept between launches, which the
   failed launch may have left half updated.  Call with dev->lock held.  */
void scanrt_launch_forget (struct scanrt_device *dev);

/* scan.c: one scan, from descriptor to result.  */
struct scanrt_request
{
  const struct SCANRT_desc *desc;
  const struct SCANRT_arg *args;
  const scanrt_params *params;   /* may be NULL */
  int device;
  long first;
  size_t n;
  const void *seed;
  void *total;
  int total_only;                /* compute TOTAL, storing nothing */
  /* If set, a run that succeeds leaves its results on the device, bound
     here: the caller copies them back with scanrt_unbind.  */
  struct scanrt_binding *keep;
  int pieces;                    /* bind data spread across devices */
  /* TOTAL is wanted only where the scan runs in parts (segments, several
     devices), to go on from: one launch then reads no total back.  */
  int total_optional;
};
/* Run R on a device.  Returns SCANRT_OK; SCANRT_HOST when the caller
   should compute on the host instead; or a negative status when it must
   not (OMP_TARGET_OFFLOAD=MANDATORY or SCANRT_NO_HOST).  */
int scanrt_run (const struct scanrt_request *r);
/* The call site R reports as: its params' site, else its descriptor's.  */
const char *scanrt_site (const struct scanrt_request *r);
/* scanrt_run in consecutive segments where R's arrays exceed the largest
   buffer (see scanrt-abi.h), or across devices (split.c); with DONE, as
   SCANRT_scan's.  */
int scanrt_run_split (const struct scanrt_request *r, size_t *done);
/* Run R on DEV, which is open, with no fallback; T collects the times.  */
struct scanrt_timing;
int scanrt_run_on (struct scanrt_device *dev, const struct scanrt_request *r,
                   struct scanrt_timing *t);
/* The fewest positions of DESC's scans that leave the host.  */
size_t scanrt_host_cutoff (const struct SCANRT_desc *desc);
/* The bytes by which the window of R's argument I moves from one position
   to the next, or 0 where it does not.  */
size_t scanrt_window_step (const struct scanrt_request *r, unsigned i);
/* ARGS and STARTS (R's count each): R's arguments with every moving
   window cut to positions [P0, P0 + M).  */
void scanrt_window_args (const struct scanrt_request *r, size_t p0, size_t m,
                         struct SCANRT_arg *args, long *starts);
/* Whether DEV's buffers take R's windows over M positions.  */
int scanrt_windows_fit (const struct scanrt_request *r,
                        const struct scanrt_device *dev, size_t m);

/* split.c: one scan across the devices of SCANOMP_DEVICES or
   scanrt_params.devices.  Returns 0 where R is not to be split (no list,
   or a scan that stays on the host or on one device); else runs it, sets
   *STATUS and *DONE (as scanrt_run_split's) and returns 1.  */
int scanrt_spread (const struct scanrt_request *r, size_t *done,
                   int *status);
/* The devices that data mapped on DEVICE is spread across, in DEVICES,
   with WEIGHTS: SCANOMP_DEVICES's, where DEVICE is the default device.
   Returns how many; 0 for none.  */
unsigned scanrt_spread_list (int device, int *devices, double *weights);

/* pieces.c: data that `target data' on the default device spreads across
   the devices of SCANOMP_DEVICES.  The map calls return 0 for data that
   is not spread, else 1 with *STATUS set; scanrt_spread_read 1 when it
   read SRC.  */
#define SCANRT_MAX_SPREAD 16
int scanrt_spread_enter (int device, void *ptr, size_t bytes, unsigned kind,
                         int *status);
int scanrt_spread_exit (int device, void *ptr, size_t bytes, unsigned kind,
                        int *status);
int scanrt_spread_update (int device, void *ptr, size_t bytes, unsigned kind,
                          int *status);
int scanrt_spread_read (int device, void *dst, const void *src,
                        size_t bytes);
/* Before R runs otherwise than on the pieces: bring every piece its
   arrays touch back to the host, whose copy is then the current one.  */
void scanrt_pieces_to_host (const struct scanrt_request *r);
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

/* host.c: the host path.  Where scans outside target constructs go
   (SCANOMP_HOST): */
enum
{
  SCANRT_ROUTE_NATIVE,          /* the host path, the default */
  SCANRT_ROUTE_OPENCL,          /* pocl, as target scans */
  SCANRT_ROUTE_OFF              /* the loop as the program wrote it */
};
int scanrt_host_route (void);
/* Run R on the host path with THREADS (as SCANRT_scan's): SCANRT_OK, or
   SCANRT_HOST where the caller's sequential loop should run (the
   descriptor has no host functions).  With one thread, or fewer positions
   than the cutoff, the scan function runs on the calling thread.  */
int scanrt_team_scan (const struct scanrt_request *r, int threads);

/* profile.c: SCANOMP_PROFILE=1.  */
struct scanrt_timing
{
  double build, transfer, kernel, total;
  int on_host;
};
double scanrt_now (void);
/* Whether SCANOMP_PROFILE is on.  */
int scanrt_profiling (void);
void scanrt_profile_record (const char *site, const struct scanrt_timing *t);

#endif /* SCANRT_INTERNAL_H */
