/* SPDX-License-Identifier: GPL-3.0-or-later */
/* util.h: what the plugin's stages share and none of them owns
   (util.cc), over the loop record.  */

#ifndef SCANOMP_UTIL_H
#define SCANOMP_UTIL_H

#include "base/loop.h"

/* The element or variable whose field (of a field...) T is; T itself
   where it is no field.  */
static inline tree
scanomp_whole (tree t)
{
  while (t && TREE_CODE (t) == COMPONENT_REF)
    t = TREE_OPERAND (t, 0);
  return t;
}

/* L's index as its loop writes it, which clauses name: the pointer a
   loop over a pointer steps, or the integer index.  */
static inline tree
scanomp_written_index (const struct scan_loop *l)
{
  return l->ptr_iv ? l->ptr_iv : l->iv;
}

/* Whether accesses A and B move by the same bytes from one iteration
   to the next.  */
bool scanomp_same_step (const struct scan_access &a,
                        const struct scan_access &b);
/* The bytes by which access A moves from one iteration to the next, as
   a long.  */
tree scanomp_step (const struct scan_access &a);
/* Whether L is outside any target construct.  */
bool scanomp_on_host (const struct scan_loop *l);
/* Whether L's construct is an orphaned `omp for' (or `for simd') that
   a parallel region around it, or around its function's call, runs.  */
bool scanomp_orphan (const struct scan_loop *l);

/* Replace each GIMPLE_OMP_SCAN in *SEQ, through binds and tries, by the
   phase it holds.  */
void scanomp_flatten_phases (gimple_seq *seq);

/* The token at INDEX past the current one that libcpp reads, skipping
   padding; *INDEX moves past it.  */
const struct cpp_token *scanomp_peek (struct cpp_reader *pfile,
                                      int *index);

/* Whether token T is the identifier NAME.  */
bool scanomp_token_is (const struct cpp_token *t, const char *name);

/* Where LOC was written, or for a macro, expanded.  */
expanded_location scanomp_written (location_t loc);
/* Whether A and B were written (or expanded) on one line of one
   file.  */
bool scanomp_same_line (location_t a, location_t b);
/* Where L's messages go: its clause, or its construct.  */
location_t scanomp_where (const struct scan_loop *l);
/* E as a GIMPLE value, its computation appended to *SEQ, in temporaries
   of the caller's gimplify context, which the bind around the new code
   declares (force_gimple_operand would make them in a context of its own,
   outside that bind: a function-wide temporary, which an OpenMP region
   around the code could not use).  */
tree scanomp_value (tree e, gimple_seq *seq);
/* A new temporary of TYPE in the function being compiled, named NAME:
   create_tmp_var's, but TYPE may be a class that C++ copies by calls
   where the plugin copies it bit by bit (rewrite/bitwise.cc has found
   that the same).  */
tree scanomp_tmp_var (tree type, const char *name);
/* walk_tree and walk_gimple_op callback: replace each variable that the
   hash_map<tree, tree> in DATA's info (DATA a walk_stmt_info) holds by
   its copy.  */
tree scanomp_replace_vars (tree *tp, int *walk_subtrees, void *data);
/* walk_tree callback: a tree of the hash_set<tree> at DATA (types are
   not walked into).  */
tree scanomp_find_in_set (tree *tp, int *walk_subtrees, void *data);
/* A record type named NAME with N fields of TYPES and NAMES, in
   FIELDS.  */
tree scanomp_record (const char *name, unsigned n, const tree *types,
                     const char *const *names, tree *fields);
/* The element an inscan loop's kernels carry for a lastprivate variable
   of TYPE: whether an iteration set it, and the value the last one that
   did gave it.  */
tree scanomp_last_type (tree type);
/* Field K of X, a recurrence's pair (loop.h's pair_type): 0 the value,
   1 the multiplier or the flag; of a recurrence of a higher order, as
   scanomp_map_c and scanomp_map_m number them.  */
tree scanomp_pair_field (tree x, unsigned k);
/* The pair type of a linear recurrence of ORDER on elements of TYPE: the
   map v -> M v + c of vectors of ORDER values, c's then M's by rows.  */
tree scanomp_map_type (tree type, unsigned order);
/* The field numbers of element J of c, and of M's row R, column C, in
   the pair of a recurrence of order K (for K = 1, the value and the
   multiplier).  */
static inline unsigned
scanomp_map_c (unsigned j)
{
  return j;
}

static inline unsigned
scanomp_map_m (unsigned k, unsigned r, unsigned c)
{
  return k + r * k + c;
}
/* The identity of built-in operator OP over scalar type T.  */
tree scanomp_identity (enum scan_op op, tree t);
/* Whether TYPE is a scalar the kernels carry as it is: a pointer, a
   bool, an integer of 8, 16, 32 or 64 bits, a float or a double (which
   types.cc names in OpenCL C).  */
bool scanomp_device_scalar (tree type);
/* The OpenCL C function, overloaded by type, that computes what FN does,
   where FN is a math built-in the kernels have; else NULL.  Such calls
   set only errno, which the kernels lack.  */
const char *scanomp_math_function (tree fn);
/* Whether S calls a function that costs more than a few instructions:
   one of the program's, or a math function but those that compile to
   an instruction or two (sqrt, fabs, floor, fmin and the like).  */
bool scanomp_costly_call (const gimple *s);
/* Whether SEQ makes such a call.  */
bool scanomp_calls_costly (gimple_seq seq);

/* What scanomp_walk does after a statement.  */
enum walk_step
{
  WALK_INTO,                 /* on into the sequence it holds */
  WALK_PAST,                 /* on to the next statement */
  WALK_STOP                  /* stop the walk */
};

/* The sequence S holds that scanomp_walk goes into: a bind's body, a
   try's body (not its cleanup), an OpenMP construct's body (not a loop's
   pre-body); NULL for any other statement.  */
gimple_seq *scanomp_inner_seq (gimple *s);

/* Walk the statements of *SEQ in order, and of the sequences they hold
   where VISIT says so: VISIT (gsi, DATA), given an iterator at each
   statement, says what next.  Returns whether VISIT stopped the walk.
   The plugin's searches of a construct walk with it (through
   scanomp_walk); what must carry a context from a construct to those
   inside it (construct.cc's scan_find_loop and find_clause) or replace
   statements by what they hold (host/copy.cc's flatten, lower.cc's
   unwrap) walks on its own.  */
struct gimple_stmt_iterator;
bool scanomp_walk_seq (gimple_seq *seq,
                       walk_step (*visit) (gimple_stmt_iterator *, void *),
                       void *data);

/* The same, VISIT being a callable, such as a lambda, of the iterator
   alone.  */
template <typename visitor>
inline bool
scanomp_walk (gimple_seq *seq, visitor visit)
{
  return scanomp_walk_seq (seq, [] (gimple_stmt_iterator *g, void *v) {
      return (*(visitor *) v) (g);
    }, &visit);
}

#endif /* SCANOMP_UTIL_H */
