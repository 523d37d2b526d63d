/* SPDX-License-Identifier: GPL-3.0-or-later */
/* opencl.h: a back end, writing an analysed loop as OpenCL C hooks for
   libscanrt's kernel templates (emit.cc, with translate.cc and types.cc;
   emit.h is theirs alone).  */

#ifndef SCANOMP_OPENCL_H
#define SCANOMP_OPENCL_H

#include "base/util.h"

/* What a refusal to translate a loop to OpenCL C does: the caller's
   choice (lower/outline.cc).  */
enum scan_refusal
{
  SCAN_REFUSAL_REPORT,       /* says why: an error, for an inscan loop a
                                note */
  SCAN_REFUSAL_QUIET,        /* nothing: the host path may take the loop */
  SCAN_REFUSAL_HOST          /* a note under -verbose, since the loop runs
                                on the host path */
};

/* The kernels' OpenCL C for loop L and its items, or NULL where the
   loop does not translate, which REFUSAL says how to tell; then
   *DEVICE_LIMITS when all it lacked is what OpenCL C lacks and the host
   has.  */
char *scanomp_emit (struct scan_loop *l, enum scan_refusal refusal,
                    bool *device_limits);

#endif /* SCANOMP_OPENCL_H */
