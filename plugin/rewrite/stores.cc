/* SPDX-License-Identifier: GPL-3.0-or-later */
/* stores.cc: the stores of y[i] that an if/else makes in each branch,

     if (h[i]) y[i] = x[i]; else y[i] = y[i-1] + x[i];

   made one store where the branches join, of a variable each branch
   sets, as GCC writes the same loop with ?:.  The analysis finds such
   stores and their join (analyze/stores.cc) and reads the body again
   after this rewrite.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimplify.h"
#include "fold-const.h"

#include "rewrite/rewrite.h"

/* y[i] of item IT of L, as GCC writes it: an element of an array, or
   through the pointer's address plus the index's bytes, computed into
   *SEQ.  */
static tree
element (scan_loop *l, const scan_item *it, gimple_seq *seq)
{
  tree base = it->var;
  if (TREE_CODE (TREE_TYPE (base)) == ARRAY_TYPE)
    return build4 (ARRAY_REF, it->type, base, l->iv, NULL_TREE, NULL_TREE);
  tree bytes = fold_build2 (MULT_EXPR, sizetype,
                            fold_convert (sizetype, l->iv),
                            TYPE_SIZE_UNIT (it->type));
  tree p = scanomp_value (fold_build_pointer_plus (base, bytes), seq);
  return build2 (MEM_REF, it->type, p, build_int_cst (TREE_TYPE (p), 0));
}

void
scan_join_stores (scan_loop *l, const scan_item *it,
                  const vec<gimple *> &stores, gimple *join)
{
  /* A scope of its own around the loop's body holds the variable the
     branches set.  */
  tree v = create_tmp_var_raw (it->type, "scan_stored");
  DECL_CONTEXT (v) = current_function_decl;
  gbind *scope = gimple_build_bind (v, gimple_omp_body (l->loop), NULL_TREE);
  gimple_omp_set_body (l->loop, gimple_seq_alloc_with_stmt (scope));
  gimple_stmt_iterator g = gsi_none ();
  scanomp_walk (gimple_bind_body_ptr (scope), [&] (gimple_stmt_iterator *at) {
      gimple *s = gsi_stmt (*at);
      if (s == join)
        {
          g = *at;
          return WALK_STOP;
        }
      if (gimple_code (s) == GIMPLE_BIND || gimple_code (s) == GIMPLE_TRY)
        return WALK_INTO;
      return WALK_PAST;
    });
  gcc_assert (!gsi_end_p (g));

  push_gimplify_context ();
  for (gimple *s : stores)
    gimple_assign_set_lhs (s, v);
  gimple_seq store = NULL;
  tree y = element (l, it, &store);
  gimple_seq_add_stmt (&store, gimple_build_assign (y, v));
  gsi_insert_seq_after (&g, store, GSI_SAME_STMT);
  pop_gimplify_context (scope);
}
