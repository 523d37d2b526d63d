/* SPDX-License-Identifier: GPL-3.0-or-later */
/* reader.h: what the analysis's files share while it reads a loop body in
   order (see analyze.cc): the reader itself (reader.cc) and the accesses
   it reads (access.cc), the loop's construct and header (construct.cc),
   the checks of the loop (analyze.cc), the variables its clauses copy
   (copies.cc), and the checks of an update (update.cc, and udr.cc for
   user-defined operators; recurrence.cc for the forms scanned as pairs,
   linear.cc for recurrences of higher orders; values.cc for the values
   the body computes).  */

#ifndef SCANOMP_READER_H
#define SCANOMP_READER_H

#include "hash-map.h"
#include "hash-set.h"

#include "analyze/analyze.h"
#include "rewrite/rewrite.h"

/* Reading the body in order.  */
struct reader
{
  scan_loop *l;
  scan_item *it;                  /* the item of a scan clause whose
                                     update is checked, or NULL */
  int store, recur;               /* IT's y[i] store and y[i-1] load:
                                     indices in L's accesses */
  unsigned order;                 /* how many elements before y[i] the
                                     body reads, the most (linear.cc) */
  location_t loc;                 /* the clause, for errors */
  hash_map<tree, tree> value;     /* latest value of each variable */
  hash_map<tree, int> block;      /* the block that assigned it */
  hash_set<tree> assigned;        /* variables the body assigns */
  /* Variables private to an iteration: those the body declares, and an
     inscan loop's scan variables.  Their fields may be assigned, and
     their addresses passed to functions.  */
  hash_set<tree> privates;
  int current_block;              /* bumped at every label */
  bool ok;
  /* Values built on a value from an earlier block (before a branch's or
     an inner loop's label), which may not reach their use unchanged: no
     address may be built on them.  */
  hash_set<tree> tainted;
  /* Variables that the sequence being read assigns once, before its
     first label (`double &x = v[i]' ahead of a `?:'), and whose address
     it does not take: their values reach every later statement of it
     unchanged.  */
  hash_set<tree> settled;
  bool saw_taint;                 /* the last substitution used one */
  /* Reading an inscan loop's scan phase, or a scan clause's body, whose
     stores beside the scan may be at an index computed from the scanned
     values (scan_access.scatter).  */
  bool scatter_stores;
  /* Reading an inscan loop, whose reads of an array it does not store
     may be at an index computed from what it reads (`w[idx[i]]', a
     gather: scan_access.scatter), which the host path makes as the loop
     does, and inside target the kernels, from the section a map clause
     gives the array.  */
  bool gather_reads;
  auto_vec<gimple *> stmts;       /* the body, flattened, in order */
  auto_vec<tree> cond_operands;   /* each GIMPLE_COND's operands' values */
};

/* reader.cc */
bool scanomp_contains (tree expr, tree decl);
void scan_complain (struct scan_loop *l, location_t loc, const char *gmsgid,
                    ...) ATTRIBUTE_GCC_DIAG (3, 4);
void scan_for_this_clause (reader *r);
void scan_reader_init (reader *r, scan_loop *l, scan_item *it,
                       location_t loc, gimple_seq seq);
void scan_read_seq (reader *r, gimple_seq seq);
void scan_note_scalars (reader *r, gimple_seq seq);
/* A pointer SEQ, which R has read, uses as a value, not as an array's
   base nor one it sets (`end - begin' of a container the body reaches
   otherwise): the kernels and the host path carry none.  NULL_TREE where
   there is none.  */
tree scan_pointer_value (reader *r, gimple_seq seq);
bool scan_sets_no_shared (reader *r, gimple_seq seq);
/* Whether SEQ, of the loop R has begun to read, runs each iteration apart
   from the one before: none of GCC's temporaries is used before the
   iteration sets it (its lowering of a loop over a class iterator carries
   the iterator so).  Says where it does not.  */
bool scan_carries_nothing (reader *r, gimple_seq seq);
tree scan_substitute (reader *r, tree e);
tree scan_strip (tree e);
bool scan_is_load_of (tree e, const scan_access &a, reader *r);
/* The position of S in the flattened body R has read.  */
int scan_position (reader *r, gimple *s);
/* The position of label LABEL in the body R has read, or -1.  */
int scan_label_position (reader *r, tree label);
/* Into OVER, the labels after statement AT of the body that a jump
   before it lands on: where paths that skip the statement go.  */
void scan_jumps_over (reader *r, int at, vec<tree> *over);
/* Whether every iteration runs statement S of the body: no jump before it
   lands after it.  */
bool scan_always_runs (reader *r, gimple *s);
/* How many statements of the body R has read assign variable V.  */
unsigned scan_assignments (reader *r, tree v);
/* Whether every jump of the body R has read goes forward, so that each
   statement runs at most once an iteration.  */
bool scan_forward_only (reader *r);
/* Whether a path through the body R has read loads an element of an
   array that the loop does not store after a store of the loop (`cnt +=
   x[i] > 0;' after `y[i] = y[i-1] + x[i];'): where the two arrays
   overlap, the load sees what the store left.  */
bool scan_reads_after_store (reader *r);
/* Into AT, an iterator at each statement of SEQ (a copy of a loop's
   body, say) in the order scan_read_seq reads them.  */
void scan_statement_iterators (gimple_seq *seq,
                               vec<gimple_stmt_iterator> *at);

/* access.cc */
/* Read the memory access REF of STMT, a store when STORE, into *A,
   without recording it (a probe: the accesses read so far stay where they
   are); false, having said why, where it is no access the plugin takes.  */
bool scan_read_access (reader *r, tree ref, gimple *stmt, bool store,
                       scan_access *a);
void scan_record_access (reader *r, tree ref, gimple *stmt, bool store);
bool scan_split_pointer (tree p, tree *base, tree *off);

/* init.cc: set the phases of L's loop from its two GIMPLE_OMP_SCANs
   FIRST and SECOND, an exclusive scan whose initialization phase ends at
   init_end at the start of FIRST (see loop.h); false, with an error,
   where the phase cannot be told from the scan phase or reads one of the
   scan variables of L's items.  */
bool scan_split_init (struct scan_loop *l, gimple *first, gimple *second);
/* Whether LOC, a statement's, is in L's initialization phase.  */
bool scan_in_init (const struct scan_loop *l, location_t loc);

/* construct.cc */
gomp_for *scan_find_loop (gimple_seq seq, bool *other);
/* The sequence of the loop body *BODY that holds an inscan loop's two
   GIMPLE_OMP_SCANs (or where its directive stands: teams.cc): *BODY, or
   what a bind, and a try whose cleanup only clobbers, wrap (beside
   debug statements).
   From GCC 14 on, a compound literal in the body is scoped to the
   iteration: its temporary's bind, and the clobber that ends its life,
   stand around both phases.  The temporary is then the phases' own, as
   any local is.  */
gimple_seq *scan_phases_at (gimple_seq *body);
/* The first clause on CONSTRUCT or a construct in it, down to the loop,
   for which WANTED (clause, the index of its loop, DATA) holds, or
   NULL_TREE.  */
tree scan_find_clause (gimple *construct, tree iv,
                       bool (*wanted) (tree, tree, void *), void *data);
bool scan_read_header (scan_loop *l, location_t loc);
void scan_read_target (scan_loop *l, gimple *construct);
bool scan_is_probe (tree c, struct scan_clause *sc);
/* Make the SSA names that LOOP's body defines variables: GCC writes the
   temporaries of an orphaned `omp for' that no parallel region of its
   function holds as SSA names.  */
void scan_unssa (gomp_for *loop);

/* analyze.cc */
void scan_add_base (scan_loop *l, tree decl);
bool scan_scanned_elsewhere (scan_loop *l, const scan_item *it, tree decl);

/* copies.cc */
enum scan_op scan_reduction_op (enum tree_code code);
const char *scan_held_problem (tree type);
const char *scan_copy_problem (tree decl);
const char *scan_reduction_problem (tree c, tree type);
void scan_last_item (scan_item *it, tree z);
/* Say why the kernels of scan clause L cannot carry the reduction and
   lastprivate variables of CP, and return true; false when they can.  */
bool scan_copies_refused (const scan_loop *l, const scan_copies *cp);
void scan_private_copies (scan_loop *l, reader *r, const scan_copies *cp);
void scan_copies_as_scalars (scan_loop *l, reader *r,
                             const scan_copies *cp);
/* The statement of SEQ, a phase of L's body, that may set a variable of
   LAST, then *WHICH, from the values of VARS or the elements of ARRAYS
   (the prefixes of the scan), through values, memory or a branch; NULL
   when none does.  Set *SETS when SEQ sets a variable of LAST that it
   does not set so; where EACH is not NULL, make it as long as LAST,
   each variable's statement that may set it so, or NULL.  */
gimple *scan_set_from_prefix (scan_loop *l, gimple_seq seq,
                              const vec<tree> &vars, const vec<tree> &arrays,
                              const vec<tree> &last, bool *sets, tree *which,
                              vec<gimple *> *each = NULL);
/* The first store of scan clause L's loop to an array beside the clause
   (a store of the scan phase) that stores a value computed from item
   IT's y[i-1], or that a condition on one decides whether to run; NULL
   when none does.  The y[i] the update stores is no such value.  */
gimple *scan_output_from_prev (scan_loop *l, const scan_item *it);

/* udr.cc */
tree scanomp_reduced_decl (tree clause);
tree scanomp_find_udr (gimple *construct, tree var);
/* Into FNS, the functions the combiners and initializers of the
   user-defined operators of CONSTRUCT's reductions call.  */
void scanomp_udr_functions (gimple *construct, hash_set<tree> *fns);
/* Read the operator of reduction CLAUSE, declared by the user, into
   IT.  */
void scanomp_read_udr (struct scan_item *it, tree clause);
/* The default constructor C++ runs on reduction CLAUSE's private copies
   before its initializer, where that is not trivial (CP_OMP_CLAUSE_INFO,
   the clause's type: a vector of the constructor, destructor and
   assignment C++ needs for them), or NULL_TREE.  */
tree scanomp_udr_constructor (tree clause);
bool scan_check_udr_update (reader *r);

/* update.cc */
bool scan_check_update (reader *r, tree v);

/* linear.cc: whether R's item, which reads elements up to R->order
   before y[i], updates it as a linear recurrence of that order; says
   why where it does not.  */
bool scan_linear_update (reader *r);
/* Set the input copy of R's loop, a recurrence of order 2 or more, to
   set the item's pair to the map its iteration applies (loop.h).  */
bool scan_build_linear (reader *r);

/* values.cc */
/* Whether the value E reads y[i-1].  */
bool scan_uses_prev (reader *r, tree e);
/* The variable the value stored by STORE comes from, back through
   copies and conversions within its block: the flag that branches set.  */
tree scan_stored_flag (reader *r, gimple *store);
/* The variable statement S sets, an assignment's or a call's, or
   NULL_TREE.  */
tree scan_set_var (gimple *s);
/* The value assigned by S, as the body computed it at that point.  */
tree scan_assigned_value (reader *r, gimple *s);
/* Whether TYPE may carry the values of a linear recurrence on elements
   of type T: a floating type for a floating T; for an integer T, an
   integer type at least as wide, in which the value modulo T's range
   stays the same.  */
bool scan_carries (tree type, tree t);

/* stores.cc: whether the stores at positions AT of the body (sorted
   here) are those of each branch of an if/else, each going straight to
   where the branches join, *JOIN, which nothing else jumps to.  */
bool scan_stores_joined (reader *r, vec<int> *at, gimple **join);
/* Whether the loop stores y[i] of R's item in each branch of an if/else
   that join where nothing else jumps to: the stores into STORES, the
   join's label into *JOIN, for scan_join_stores (rewrite/rewrite.h).  */
bool scan_find_joined_stores (reader *r, vec<gimple *> *stores,
                              gimple **join);

/* recurrence.cc */
/* Whether OP may scan in segments: y[i] = h ? R : y[i-1] op E.  */
bool scan_segment_op (enum scan_op op);
/* Whether the loop computes y[i] from y[i-1] as a * y[i-1] + b, through
   +, -, * and negation, reading y[i-1] once.  */
bool scan_affine_update (reader *r);
/* Of a linear recurrence or a segmented scan: build L's pair type, pair
   variable and input copy (base/loop.h) and read the copy's accesses;
   false, having said why, where the form cannot be scanned.  */
bool scan_build_pairs (reader *r);

#endif /* SCANOMP_READER_H */
