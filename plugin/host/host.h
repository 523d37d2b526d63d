/* SPDX-License-Identifier: GPL-3.0-or-later */
/* host.h: a back end, the host path's functions of an analysed loop,
   built from its own GIMPLE for libscanrt to run on OpenMP's threads
   (host.cc).  */

#ifndef SCANOMP_HOST_H
#define SCANOMP_HOST_H

#include "base/util.h"

/* The host path's reduce, scan and combine functions of L's items,
   whose element is of SEED_TYPE, in FNS, then where it has them the
   reduce and scan functions that keep each position's contribution, the
   function that joins its late items, and the plain reduce and scan
   functions of a float or double sum (else NULL_TREE); false (FNS null)
   where the loop has none.  */
bool scanomp_host_functions (struct scan_loop *l, tree seed_type,
                             tree fns[8]);

/* Whether the host path's reduce function of L takes its positions in
   lanes of independent chains (forms.cc), which costs about half what
   its scan function does.  */
bool scanomp_host_lanes (struct scan_loop *l);

#endif /* SCANOMP_HOST_H */
