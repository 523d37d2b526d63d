/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* base.h: the bottom layer of libscanrt, which every other file may use
   and which uses none of them: messages (report.c), settings
   (settings.c), the built-in types and operators (ops.c) and the profile
   (profile.c).  Every symbol in libscanrt's own headers is internal; the
   exported ones are declared in scanrt.h and scanrt-abi.h and listed in
   libscanrt.map.

   The layers, each using only those below it:
     entry/    the ABI the plugin calls, and the public API
     run/      where a scan runs (route.c), and each way to run it
     data/     the arrays of a scan: buffers, mapped data, its pieces
     devices/  the OpenCL devices, their programs and the program cache
     base/     this  */

#ifndef SCANRT_BASE_H
#define SCANRT_BASE_H

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
/* Whether this is the first time the process reports a problem with WHAT
   (a setting's name, say) and VALUE: each is reported once.  */
int scanrt_first_report (const char *what, const char *value);

/* settings.c: every environment variable libscanrt reads, one table.  */
enum scanrt_setting
{
  SCANRT_SET_OFFLOAD,           /* OMP_TARGET_OFFLOAD */
  SCANRT_SET_DEVICE,            /* SCANOMP_DEVICE */
  SCANRT_SET_OMP_DEVICE,        /* OMP_DEFAULT_DEVICE */
  SCANRT_SET_DEVICES,           /* SCANOMP_DEVICES */
  SCANRT_SET_UNIFIED,           /* SCANOMP_UNIFIED */
  SCANRT_SET_HOST,              /* SCANOMP_HOST */
  SCANRT_SET_HOST_CUTOFF,       /* SCANOMP_HOST_CUTOFF */
  SCANRT_SET_MAX_BUFFER,        /* SCANOMP_MAX_BUFFER */
  SCANRT_SET_VARIANT,           /* SCANOMP_VARIANT */
  SCANRT_SET_CPU_UNROLL,        /* SCANOMP_CPU_UNROLL */
  SCANRT_SET_CPU_CHUNK,         /* SCANOMP_CPU_CHUNK */
  SCANRT_SET_STREAM_BYTES,      /* SCANOMP_STREAM_BYTES */
  SCANRT_SET_WG,                /* SCANOMP_WG */
  SCANRT_SET_ITEMS,             /* SCANOMP_ITEMS */
  SCANRT_SET_LOCAL_MEM,         /* SCANOMP_LOCAL_MEM */
  SCANRT_SET_PTX,               /* SCANOMP_PTX */
  SCANRT_SET_WALK,              /* SCANOMP_WALK */
  SCANRT_SET_CACHE,             /* SCANOMP_CACHE */
  SCANRT_SET_CACHE_DIR,         /* SCANOMP_CACHE_DIR */
  SCANRT_SET_PROFILE,           /* SCANOMP_PROFILE */
  SCANRT_SET_FAIL_RUNS,         /* SCANOMP_FAIL_RUNS */
  SCANRT_SET_DISPLAY_ENV,       /* SCANOMP_DISPLAY_ENV */
  SCANRT_SET_REPRODUCIBLE,      /* SCANOMP_REPRODUCIBLE */
  SCANRT_NSETTINGS
};
/* The variable's name.  */
const char *scanrt_setting_name (enum scanrt_setting s);
/* Its text, or NULL where it is unset or empty.  */
const char *scanrt_setting_text (enum scanrt_setting s);
/* A call of the API or of a loop's scan, which changes no setting: its
   thread takes the environment's fingerprint once, at the start, not at
   each read (settings.c).  Declare at the top of the call's body; the
   call's end, wherever it returns, is the scope's.  */
#define SCANRT_SETTINGS_CALL                                                \
  int scanrt_settings_depth_                                                \
    __attribute__ ((cleanup (scanrt_settings_leave), unused))               \
    = scanrt_settings_enter ()
int scanrt_settings_enter (void);
void scanrt_settings_leave (int *depth);
/* A number setting: DEFLT where it is unset or not a number (said once),
   else its value kept within the table's range, whose top is HI where
   the table leaves it to the caller (said once where it had to be
   kept).  *GIVEN, where GIVEN is not NULL, says whether a valid value
   chose it.  */
size_t scanrt_setting_size (enum scanrt_setting s, size_t deflt, size_t hi,
                            int *given);
/* A word setting: the index of its value among the table's words for it
   (case ignored), or DEFLT where it is unset or none of them (said
   once).  */
int scanrt_setting_word (enum scanrt_setting s, int deflt);

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
/* ACC combined with each of the N elements of IN in turn, as the scans
   combine them.  */
void scanrt_host_fold (const void *in, size_t n, scanrt_type type,
                       scanrt_op op, void *acc);
/* ACC combined with the N elements of IN in a fixed grouping of their
   own, where only the total counts (SCANRT_TOTAL_ONLY): floating-point
   +, - and * in independent lanes, which the processor overlaps, the rest
   as scanrt_host_fold.  */
void scanrt_host_total (const void *in, size_t n, scanrt_type type,
                        scanrt_op op, void *acc);
/* A host path's combine function for OP over TYPE (two partials), or
   NULL where OP does not apply to TYPE.  */
SCANRT_host_combine scanrt_host_combiner (scanrt_type type, scanrt_op op);
/* The host's combination of totals A and B of a scan with built-in
   operator OP over TYPE, into OUT.  */
void scanrt_combine (scanrt_type type, scanrt_op op, void *out,
                     const void *a, const void *b);

/* exact.c: exact sums of doubles and floats, rounded once to nearest.  */
#define SCANRT_EXACT_DIGITS 67
struct scanrt_exact
{
  int64_t digit[SCANRT_EXACT_DIGITS];  /* digit K weighs 2^(32 K - 1074) */
  int lo, hi;                          /* the digits in use: the others
                                          are 0 */
  unsigned adds;                       /* values added since the carries
                                          last moved */
  int not_minus_zero;                  /* a value but -0.0 was added */
  double special;                      /* the infinities and NaNs added */
};
void scanrt_exact_clear (struct scanrt_exact *e);
void scanrt_exact_add (struct scanrt_exact *e, double v);
/* Add the sum B to E.  */
void scanrt_exact_merge (struct scanrt_exact *e,
                         const struct scanrt_exact *b);
/* E rounded to the nearest double or float, ties to even.  */
double scanrt_exact_double (const struct scanrt_exact *e);
float scanrt_exact_float (const struct scanrt_exact *e);
/* Whether E is the exact sum of one finite value of TYPE alone (a seed's),
   that value then in *V.  */
int scanrt_exact_single (const struct scanrt_exact *e, scanrt_type type,
                         double *v);
/* E so rounded to TYPE (SCANRT_DOUBLE, else float), stored at OUT.  */
void scanrt_exact_store (const struct scanrt_exact *e, scanrt_type type,
                         void *out);
/* The row that devices keep an exact sum in (templates/scan-repro.cl):
   the SCANRT_EXACT_DIGITS digits, then whether a value but -0.0 was
   added, then the infinities' and NaNs' sum as TYPE's bits.  */
#define SCANRT_EXACT_ROW (SCANRT_EXACT_DIGITS + 2)
/* E as a row, its digits normalized.  */
void scanrt_exact_to_row (const struct scanrt_exact *e, scanrt_type type,
                          int64_t *row);
/* Set E to the sum in ROW, which a device computed.  */
void scanrt_exact_from_row (struct scanrt_exact *e, scanrt_type type,
                            const int64_t *row);

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

#endif /* SCANRT_BASE_H */
