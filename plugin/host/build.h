/* SPDX-License-Identifier: GPL-3.0-or-later */
/* build.h: what host.cc (the reduce, scan and combine functions), copy.cc
   (the loop body copied into them), forms.cc (the loops they are built
   around) and function.cc (a new function for the call graph) share
   while they build the host path's functions.  */

#ifndef SCANOMP_HOST_BUILD_H
#define SCANOMP_HOST_BUILD_H

#include "hash-map.h"

#include "host/host.h"

/* What a reduce or scan function is built from.  */
struct host_copy
{
  scan_loop *l;
  bool scan;                      /* the scan function, else reduce */
  /* The markers that stand for each array's reads of y[i-1], stores to
     y[i] and reads of y[i] after them in the copy of the body, and for
     the stores beside the clause's arrays, and what they stand for.  */
  struct marker
  {
    tree decl;
    unsigned item;
    bool store;
    bool after;                   /* a read of y[i] after the store */
    bool output;                  /* a store beside the clause's arrays,
                                     which only the scan function makes */
    tree ref;                     /* the access in the loop */
    gimple *stmt;                 /* and its statement */
    tree in_stmt;                 /* where not NULL, what stands for REF
                                     in STMT: DECL's address, where REF
                                     is a variable that points to y[i-1]
                                     and STMT passes it to a function */
    int lag;                      /* of a read of y[i-1] or before it:
                                     how many elements before y[i] */
  };
  auto_vec<marker> markers;
  tree stored;                    /* where not NULL, what the scan
                                     function's stores to y[i] store, in
                                     place of the marker they set */
  tree *flag;                     /* per lastprivate variable: the marker
                                     set after each statement that sets
                                     it */
  tree *carry;                    /* per array or variable: its carry; a
                                     lastprivate variable's value */
  /* Of a linear recurrence of order K > 1 (the loop's one item), in the
     scan function: the values of y[i-1] to y[i-K] in the iteration,
     which its carry's c holds between iterations.  */
  tree lagged[SCAN_MAX_ORDER];
  /* Per array, where not NULL, in a scan clause's scan function: the
     value of y[i-1] in the iteration, for its reads after the store to
     y[i], which sets the carry (`z[i] = y[i-1]' below the update).  */
  tree *before;
  hash_map<tree, tree> map;       /* the loop's decls: the function's */
  bool ok;                        /* the body fits a function */

  host_copy (scan_loop *l_, bool scan_)
    : l (l_), scan (scan_), stored (NULL_TREE), flag (NULL),
      carry (NULL), before (NULL), ok (true)
  {
    for (unsigned j = 0; j < SCAN_MAX_ORDER; j++)
      lagged[j] = NULL_TREE;
  }
};

/* copy.cc */
tree host_identity (const scan_item *it);
tree host_combined (const scan_item *it, tree a, tree b);
bool host_swap_in (gimple *stmt, tree from, tree to);
gimple_seq host_copy_seq (host_copy *o, gimple_seq seq);
void host_remap_seq (host_copy *o, gimple_seq *seq);
bool host_in_memory (const host_copy *o, unsigned k, gimple_seq body,
                     gimple_seq output);
void host_set_identity (host_copy *o, unsigned k, tree x, gimple_seq init,
                        gimple_seq *seq);
/* Append to *SEQ the setting of A to A combined with B by item K's
   operator (MERGE: a copy of a user-defined one's combiner); with
   ELEMENT, B is what one iteration contributes.  */
void host_add_combined (host_copy *o, unsigned k, tree a, tree b,
                        gimple_seq merge, gimple_seq *seq,
                        bool element = false);
void host_forget_labels (host_copy *o);
void host_map_scan_phase (host_copy *o, tree prefix, tree dead);

/* forms.cc */
tree_code host_simd_code (scan_loop *l);
unsigned host_group_size (scan_loop *l);
gimple *host_simd_loop (tree p, tree start, tree end, tree s, tree_code code,
                        bool exclusive, gimple_seq before, gimple_seq after);
void host_add_while (tree p, tree bound, unsigned by, gimple_seq body,
                     gimple_seq *seq);
tree host_index_at (tree iv, tree base, tree step, tree at);
unsigned host_lane_count (scan_loop *l);
void host_add_lanes (host_copy *o, unsigned lanes, gimple_seq *inputs,
                     tree iv, tree base, tree step, tree p, tree start,
                     tree end, gimple_seq *seq);
void host_add_groups (host_copy *o, unsigned group, gimple_seq *inputs,
                      gimple_seq *outputs, tree iv, tree base, tree step,
                      tree p, tree start, tree end, gimple_seq *seq);

/* function.cc */
tree host_new_function (const char *name, unsigned n, const tree *types,
                        tree *parms);
void host_tune (tree fn, bool scan, bool reassociate, bool exact);
void host_finish_function (tree fn, gimple_seq body);

#endif /* SCANOMP_HOST_BUILD_H */
