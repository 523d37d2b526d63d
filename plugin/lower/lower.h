/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lower.h: the last stage, choosing how an analysed loop runs (the
   kernels, the host path's functions, or both: outline.cc) and replacing
   its construct with a call into libscanrt that falls back to the loop
   (lower.cc); and lowering OpenMP's data constructs and named devices
   for libscanrt (data.cc), each after the dependences of its construct's
   task (depend.cc).  */

#ifndef SCANOMP_LOWER_H
#define SCANOMP_LOWER_H

#include "base/util.h"

/* How L's items run: the kernels, where the loop translates to OpenCL
   C, and the host path's functions, where it has them.  */
struct scan_outline
{
  char *source;              /* the kernels' OpenCL C, or NULL */
  tree seed_type;            /* the element scanned */
  tree host[8];              /* reduce, scan and combine, or NULL;
                                then those that keep values, or NULL;
                                then the join of late items, or NULL;
                                then the plain reduce and scan, or
                                NULL */
};
bool scanomp_outline (struct scan_loop *l, struct scan_outline *o);
const char *scanomp_route (const struct scan_loop *l,
                           const struct scan_outline *o);
char *scanomp_route_detail (const struct scan_loop *l,
                            const struct scan_outline *o, const char *path);
void scanomp_lower (struct scan_loop *l, const struct scan_outline *o,
                    gimple_stmt_iterator *gsi);


/* depend.cc: a `taskwait' with the depend clauses of CONSTRUCT, a target
   construct, for libscanrt's calls in its place to wait as its task
   would; NULL where it has none.  */
gimple *scanomp_depend_wait (gimple *construct);

/* data.cc: give the target constructs of BODY that name their device
   `GPU' or `CPU' that device's number, adding each number's variable to
   NAMED; lower its data constructs; and last, once the scans are
   lowered, give libgomp's constructs left with a variable of NAMED the
   device libgomp has in its place.  */
void scanomp_name_devices (gimple_seq *body, hash_set<tree> *named);
void scanomp_lower_data (gimple_seq *body);
void scanomp_gomp_devices (gimple_seq *body, hash_set<tree> *named);
/* The device that a device clause's VALUE names, as libscanrt takes it
   (scanrt-abi.h), computed into *SEQ: OpenMP 5.2's omp_initial_device,
   the host, as SCANRT_DEVICE_HOST_CPU (SCANOMP_INITIAL_DEVICE), and so
   the value of a call of omp_get_initial_device (); a negative number
   that libgomp reads as no device as SCANRT_DEVICE_NONE.  */
tree scanomp_clause_device (tree value, gimple_seq *seq);

#endif /* SCANOMP_LOWER_H */
