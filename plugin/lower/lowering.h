/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lowering.h: what lower.cc (the construct replaced), call.cc (the call
   into libscanrt) and desc.cc (the loop's descriptor) share while they
   lower a loop.  */

#ifndef SCANOMP_LOWERING_H
#define SCANOMP_LOWERING_H

#include "lower/lower.h"

/* desc.cc: the static SCANRT_desc of L's items as O outlines them, and
   in *NARGS the number of arguments it describes.  */
tree lower_desc (scan_loop *l, const scan_outline *o, unsigned *nargs);
bool lower_stored (scan_loop *l, tree base);

/* call.cc */
bool lower_reaches_host (scan_loop *l, tree var);
/* Whether L's seed, of SEED_TYPE, is y[i-1] at the first i of its one
   array, which a loop inside a target construct passes by its host
   address for libscanrt to read where the data lies (SCANRT_SEED_AT):
   the kernels then read it from the device's copy, with no transfer
   before the launch.  */
bool lower_seed_at (scan_loop *l, tree seed_type);
/* The host code: bounds, extents, NARGS arguments, seed and the call
   with DESC, jumping to FALLBACK or DONE.  RESUME, where the fallback
   can go on from the positions the runtime finished, is the index it
   starts from: the first, or the one after them.  HOST_PATH: whether
   DESC has the host path's functions, which a target's false if() then
   calls on; without them it goes to FALLBACK.  */
gimple_seq lower_call (scan_loop *l, tree seed_type, tree desc,
                       unsigned nargs, tree resume, tree fallback, tree done,
                       bool host_path);

#endif /* SCANOMP_LOWERING_H */
