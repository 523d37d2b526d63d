/* SPDX-License-Identifier: GPL-3.0-or-later */
/* analyze.h: the second stage, finding the loop a scan clause or an
   inscan reduction belongs to in high GIMPLE and checking that it is a
   scan the plugin can outline, into the loop record (base/loop.h); and
   the facts about GIMPLE the later stages read the same way.  reader.h is
   the stage's own, and diagnose/race.cc's, which reads loops with it.  */

#ifndef SCANOMP_ANALYZE_H
#define SCANOMP_ANALYZE_H

#include "hash-set.h"

#include "base/util.h"

/* analyze.cc: read the loop of CONSTRUCT, whose scan clause is L's, into
   L, and the array of index ITEM among the clause's into IT; false after
   an error.  */
bool scanomp_analyze (struct scan_loop *l, struct scan_item *it,
                      gimple *construct, unsigned item);
void scanomp_release (struct scan_loop *l);

/* copies.cc: append to the items of L, the arrays of a scan clause, the
   reduction and lastprivate variables beside the clause (scanomp_analyze
   has checked them, at most scanomp_max_vars), late where the loop may
   set them from the scan.  */
const unsigned scanomp_max_vars = 16;
void scanomp_clause_vars (struct scan_loop *l);

/* copies.cc: the variables that clauses give each iteration a copy of,
   and the reductions beside a scan clause, gathered from the construct
   down to the loop.  */
struct scan_copies
{
  auto_vec<tree> priv, first, last;
  auto_vec<tree> reductions;      /* the clauses */
  struct scan_clause *clause;     /* the scan clause, or NULL for an
                                     inscan loop, which reads its own
                                     reductions */
};
/* Gather CONSTRUCT's clauses into CP; return the first clause whose value
   the kernels cannot compute (linear, ordered), or NULL_TREE.  */
tree scan_gather_copies (gimple *construct, tree iv, scan_copies *cp);

/* inscan.cc */
/* Whether CONSTRUCT, a parallel or target construct or an orphaned `omp
   for', holds an inscan loop; *OTHER when it holds more than the loop.  */
bool scanomp_has_inscan (gimple *construct, bool *other);
/* Read the inscan loop of CONSTRUCT into L, with an item per scan and
   lastprivate variable, up to MAX.  Returns false, with a note under
   -verbose, for a loop to leave to GCC.  */
bool scanomp_analyze_inscan (gimple *construct, struct scan_loop *l,
                             unsigned max);

/* init.cc: where the initialization phase of the exclusive scan whose
   directive is S (a GIMPLE_OMP_SCAN with its clause) ends, or
   UNKNOWN_LOCATION where it has none or is no such directive (one before
   an inclusive scan is the input phase's start, which needs nothing).  */
location_t scanomp_init_end (gimple *s);
/* The same for the exclusive scan in CONSTRUCT's body.  */
location_t scanomp_construct_init_end (gimple *construct);

/* teams.cc: rebuild in *BODY, a function's, the inscan loops of
   constructs GCC rejects inscan on (read/teams.cc), as the loops they
   mean; the flush a directive became goes where it stands elsewhere,
   after an error.  */
void scanomp_teams_rebuild (gimple_seq *body);
/* Whether construct S holds one of those; *OTHER when it holds more
   than the loop.  */
bool scanomp_teams_holds (gimple *s, bool *other);
/* Whether LOOP is one of those, which the plugin must take.  */
bool scanomp_teams_loop (gimple *loop);
/* Note that an error has said why the plugin does not take LOOP.  */
void scanomp_teams_declined (gimple *loop);
/* Make each of those loops still in *BODY plain again, with an error
   where none has said why it stays.  */
void scanomp_teams_finish (gimple_seq *body);

/* udr.cc: whether FN is a function of this unit the kernels may call:
   defined here, not built in.  */
bool scanomp_user_function (tree fn);

#endif /* SCANOMP_ANALYZE_H */
