/* SPDX-License-Identifier: GPL-3.0-or-later */
/* diagnose.h: diagnostics about the source that are not about taking a
   loop: loops that race on y[i-1] without a clause (race.cc, which reads
   them with the analysis's reader), and initialization phases that GCC
   would run wrong (phases.cc).  The pass runs them once per function,
   beside the scan loops it takes.  */

#ifndef SCANOMP_DIAGNOSE_H
#define SCANOMP_DIAGNOSE_H

#include "hash-set.h"

#include "analyze/analyze.h"

/* race.cc: warn at each loop construct in *BODY, but those in SKIP (the
   constructs of scan loops), whose iterations run in parallel while its
   body computes y[i] from y[i-1].  */
void scanomp_warn_races (gimple_seq *body, hash_set<gimple *> &skip);

/* phases.cc: an error at each initialization phase of an exclusive scan
   in *BODY outside the constructs of TAKEN, which the plugin takes: GCC
   would run its loop wrong.  */
void scanomp_check_init_phases (gimple_seq *body, hash_set<gimple *> &taken);

#endif /* SCANOMP_DIAGNOSE_H */
