/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* scanrt.h: the public C API of libscanrt, scanomp's runtime.  It runs
   parallel prefix scans on the host's OpenMP threads, or on an OpenCL
   device (pocl on the CPU, a GPU where there is one), without the
   compiler plugin:

     #include <scanrt.h>
     int x[N], y[N];
     scanrt_scan (y, x, N, SCANRT_INT, SCANRT_ADD, NULL);

   computes y[i] = x[0] + ... + x[i].  Link with `pkg-config --libs scanomp'.

   Where a scan runs: on a device when the call names one
   (scanrt_params.device or .devices, or SCANOMP_DEVICES), when an array
   lies in data mapped on the default device (scanrt_data_enter), or when
   it may not run on the host (SCANRT_NO_HOST, OMP_TARGET_OFFLOAD=
   MANDATORY); else on the host's OpenMP threads (the host path, as the
   scan clause runs outside target constructs), which beat a device that
   must copy the arrays in and out, and a CPU device on the same cores.
   SCANOMP_HOST=opencl sends such calls to the default device too.

   Every function returns a status.  SCANRT_OK and SCANRT_HOST mean the
   result is there (computed on the device, or on the host when no device
   could or should take it); a negative status means nothing was written.
   Failures print a line starting `libscanrt: ' on stderr; the library never
   aborts or exits.  All functions are thread-safe.  */

#ifndef SCANRT_H
#define SCANRT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The version of scanomp this header belongs to (configure takes the
   package's version from here).  scanrt_version () is that of the library
   a program runs with.  */
#define SCANRT_VERSION "0.1.0"
#define SCANRT_VERSION_MAJOR 0
#define SCANRT_VERSION_MINOR 1
#define SCANRT_VERSION_PATCH 0
const char *scanrt_version (void);

/* Statuses.  */
enum
{
  SCANRT_OK = 0,         /* done on the device (a scan run in segments:
                            most of its elements) */
  SCANRT_HOST = 1,       /* done on the host (the host path, a fallback
                            or a small size; in segments: most of the
                            elements) */
  SCANRT_EINVAL = -1,    /* invalid argument */
  SCANRT_ENODEV = -2,    /* no usable device, and no host fallback allowed */
  SCANRT_EBUILD = -3,    /* the kernel source did not build */
  SCANRT_ENOMEM = -4,    /* out of memory, on the host or the device */
  SCANRT_EDEVICE = -5    /* the device failed a call */
};

/* Element types.  SCANRT_CHAR has the signedness of the platform's char.  */
typedef enum
{
  SCANRT_CHAR,
  SCANRT_SCHAR,
  SCANRT_UCHAR,
  SCANRT_SHORT,
  SCANRT_USHORT,
  SCANRT_INT,
  SCANRT_UINT,
  SCANRT_LONG,
  SCANRT_ULONG,
  SCANRT_FLOAT,
  SCANRT_DOUBLE,
  SCANRT_NTYPES
} scanrt_type;

/* Operators, with C semantics and OpenMP's identities.  Integer +, - and *
   wrap as C's unsigned arithmetic does.  SCANRT_SUB subtracts each element
   from the running value (out[i] = out[i-1] - in[i]).  && and || give 0 or
   1.  &, | and ^ take integer types only.  */
typedef enum
{
  SCANRT_ADD = 1,
  SCANRT_SUB,
  SCANRT_MUL,
  SCANRT_AND,
  SCANRT_OR,
  SCANRT_XOR,
  SCANRT_LAND,
  SCANRT_LOR,
  SCANRT_MIN,
  SCANRT_MAX
} scanrt_op;

/* Kernel sets.  AUTO picks by device type: CPU for CPU devices, GPU for
   the others.  GPU is the multi-level work-group scan, which reads the
   input twice; LOOKBACK the single-pass scan with decoupled look-back,
   which reads it once and needs 64-bit atomics (cl_khr_int64_base_atomics;
   without them GPU runs instead).  THESIS is the Blelloch form of the
   thesis, for comparison.  The environment variable SCANOMP_VARIANT (cpu,
   gpu, lookback, thesis) overrides AUTO.  */
typedef enum
{
  SCANRT_VARIANT_AUTO,
  SCANRT_VARIANT_CPU,
  SCANRT_VARIANT_GPU,
  SCANRT_VARIANT_THESIS,
  SCANRT_VARIANT_LOOKBACK
} scanrt_variant;

/* scanrt_params.flags.  */
#define SCANRT_EXCLUSIVE 1u  /* out[i] leaves out in[i] */
#define SCANRT_NO_HOST 2u    /* never compute on the host: fail instead */
#define SCANRT_REPRODUCIBLE 4u /* float and double + and -: the same bits
                                  whatever the threads, the path and the
                                  device (docs/determinism.md) */
#define SCANRT_TOTAL_ONLY 8u /* compute *total alone (total is then
                                required): where the data is, as the scan
                                would, storing nothing; OUT may be NULL.
                                Floating-point values are grouped as the
                                default mode groups them, even with
                                SCANRT_REPRODUCIBLE */

#define SCANRT_DEFAULT_DEVICE (-1)
/* The first GPU and the first CPU device, as `device(GPU)' and
   `device(CPU)' name them in a pragma.  Where there is none: the default
   device, or under OMP_TARGET_OFFLOAD=MANDATORY no device at all (the scan
   fails, after a message).  */
#define SCANRT_DEVICE_GPU (-0x5ca1)
#define SCANRT_DEVICE_CPU (-0x5ca2)

/* Optional parameters of a scan; NULL means all defaults.  Start from
   SCANRT_PARAMS_INIT.  */
typedef struct scanrt_params
{
  unsigned flags;          /* SCANRT_EXCLUSIVE, SCANRT_NO_HOST,
                              SCANRT_REPRODUCIBLE, SCANRT_TOTAL_ONLY */
  const void *seed;        /* combined before in[0]; NULL: the identity */
  void *total;             /* if set, receives seed combined with every
                              element */
  int device;              /* device number, SCANRT_DEFAULT_DEVICE,
                              SCANRT_DEVICE_GPU, SCANRT_DEVICE_CPU, or
                              scanrt_get_num_devices () for the host */
  scanrt_variant variant;
  size_t work_group_size;  /* GPU, LOOKBACK and THESIS kernel sets; 0:
                              automatic */
  size_t items;            /* GPU, LOOKBACK: elements per work-item; CPU:
                              elements per unrolled step */
  size_t chunk;            /* CPU: elements per work-item; 0: automatic */
  const char *site;        /* name in SCANOMP_PROFILE output; NULL: the
                              API function's name */
  const char *devices;     /* split the scan across these devices, as
                              SCANOMP_DEVICES does ("0,1", "0:3,1:1",
                              "all"); NULL: SCANOMP_DEVICES, where DEVICE
                              is the default */
  double *kernel_seconds;  /* if set, receives the device's own time for
                              the scan's kernels, from OpenCL profiling
                              events (first start to last end, summed over
                              segments and devices); -1 when no kernel
                              ran */
} scanrt_params;

#define SCANRT_PARAMS_INIT \
  { 0, NULL, NULL, SCANRT_DEFAULT_DEVICE, SCANRT_VARIANT_AUTO, 0, 0, 0, NULL, \
    NULL, NULL }

/* Scan the N elements of IN into OUT with a built-in operator:
   out[i] = seed OP in[0] OP ... OP in[i] (or ... in[i-1] when exclusive).
   OUT and IN may be the same array (an in-place scan) but must not
   otherwise overlap.  */
int scanrt_scan (void *out, const void *in, size_t n, scanrt_type type,
                 scanrt_op op, const scanrt_params *params);

/* A user-defined operator, given as OpenCL C source, SkelCL-style.  */
typedef struct scanrt_user_op
{
  const char *source;     /* OpenCL C: the element type's definition if it
                             is not built in, and the combiner function */
  const char *type_name;  /* the element type's OpenCL C name */
  const char *combine;    /* name of `T combine (T a, T b)'; a is the
                             earlier operand, so it need not commute */
  size_t elem_size;       /* sizeof the element type, on host and device */
  const void *identity;   /* elem_size bytes */
  /* Optional: the same combiner on the host, for the host fallback.
     Without it, a scan the device cannot run fails.  */
  void (*host_combine) (void *result, const void *a, const void *b);
} scanrt_user_op;

int scanrt_scan_user (void *out, const void *in, size_t n,
                      const scanrt_user_op *op, const scanrt_params *params);

/* Reproducible scans in pieces (docs/determinism.md).  A reproducible
   scan groups its additions within tiles of SCANRT_REPRO_TILE positions
   and carries from each tile to the next an exact sum: the seed plus the
   totals of the tiles before it, rounded once where a tile starts.  A
   scanrt_carry holds that sum from one call to the next, so that an
   array scanned in pieces, in order, each piece but the last a whole
   number of tiles, gives the bits one reproducible scanrt_scan of the
   whole array gives, wherever each piece runs.  A carry's bytes may go to
   another process of the same libscanrt on the same kind of machine
   (libscanrt-mpi sends them between ranks).  */
#define SCANRT_REPRO_TILE 4096
typedef struct scanrt_carry
{
  unsigned long long opaque[72];
} scanrt_carry;

/* *CARRY = the exact value of *SEED, a TYPE (SCANRT_FLOAT or
   SCANRT_DOUBLE); SEED NULL: the identity scanrt_scan seeds with, +0.0.
   A -0.0 seed adds nothing, not even a zero's sign.  */
int scanrt_carry_init (scanrt_carry *carry, scanrt_type type,
                       const void *seed);
/* *CARRY += *MORE, exactly: in any order, the same sum.  */
void scanrt_carry_add (scanrt_carry *carry, const scanrt_carry *more);
/* The N elements of IN, a piece of a longer array that starts at a tile
   of it, scanned into OUT by a float or double `+' or `-' reproducibly
   (whatever the flags say) from *CARRY, to which the call adds the
   piece's tiles' totals.  params->seed must be NULL: the carry holds the
   seed.  With SCANRT_TOTAL_ONLY the call adds the totals alone, OUT is
   untouched (it may be NULL) and params->total must be NULL.  A piece
   runs where scanrt_scan would, on one device: SCANOMP_DEVICES and
   params->devices do not split it.  */
int scanrt_scan_piece (void *out, const void *in, size_t n,
                       scanrt_type type, scanrt_op op, scanrt_carry *carry,
                       const scanrt_params *params);
/* Whether scanrt_scan runs TYPE and OP under PARAMS (NULL: defaults)
   reproducibly: 1 for a float or double `+' or `-' with
   SCANRT_REPRODUCIBLE or SCANOMP_REPRODUCIBLE=1 (not with
   SCANRT_TOTAL_ONLY, whose total the default mode groups), else 0.  */
int scanrt_reproducible (scanrt_type type, scanrt_op op,
                         const scanrt_params *params);

/* Devices.  Device n is the n-th OpenCL device when the ICD loader's
   platforms are taken in order and each platform's devices in its own order
   (clGetDeviceIDs with CL_DEVICE_TYPE_ALL).  Number
   scanrt_get_num_devices () is the host.  The default device is
   SCANOMP_DEVICE, else OMP_DEFAULT_DEVICE, else the first GPU, else the
   first device.  */
/* One scan across several devices (docs/devices.md): with
   scanrt_params.devices, or SCANOMP_DEVICES for scans on the default
   device, the positions are cut into one contiguous block per device, by
   weight.  Built-in operators compute the blocks' totals first and then
   scan every block at once; user-defined ones run the blocks in turn,
   each seeded with the total of the one before.  A block whose device
   fails runs on another, then on the host.  */
int scanrt_get_num_devices (void);
int scanrt_get_default_device (void);
/* Write device N's name into BUF of SIZE bytes.  */
int scanrt_get_device_name (int device, char *buf, size_t size);

/* Data mapping, as `target enter data' / `target exit data' do: data
   entered stays on DEVICE, counted by reference, and scans whose arrays
   lie inside it do not copy it again.  KIND is a mask of SCANRT_MAP_TO
   (copy in on the first entry), SCANRT_MAP_FROM (copy out on the last
   exit), SCANRT_MAP_ALWAYS (copy in on every entry, out on every exit,
   as the `always' modifier does) and SCANRT_MAP_DELETE (an exit that
   ends the mapping whatever its count, copying nothing, as `delete').
   An entry or exit of a range inside a mapped one counts on that one.
   scanrt_data_update copies a range inside mapped data to the device
   (SCANRT_MAP_TO) or back (SCANRT_MAP_FROM), as `target update' does;
   data not mapped is left alone.  SCANRT_MAP_PRESENT, the `present'
   modifier, asks that the range be mapped already: where it is not, the
   call maps and copies nothing, says so and returns SCANRT_EINVAL (where
   libgomp stops the program); the data stays on the host, and each scan
   of it copies what it needs.  */
#define SCANRT_MAP_TO 1u
#define SCANRT_MAP_FROM 2u
#define SCANRT_MAP_ALWAYS 4u
#define SCANRT_MAP_DELETE 8u
#define SCANRT_MAP_PRESENT 16u
int scanrt_data_enter (int device, void *ptr, size_t bytes, unsigned kind);
int scanrt_data_exit (int device, void *ptr, size_t bytes, unsigned kind);
int scanrt_data_update (int device, void *ptr, size_t bytes, unsigned kind);

/* The name of a status, e.g. "SCANRT_EBUILD".  */
const char *scanrt_status_name (int status);

#ifdef __cplusplus
}
#endif

#endif /* SCANRT_H */
