/* SPDX-License-Identifier: GPL-3.0-or-later */
/* stores.cc: the store of y[i] that an if/else makes in each branch,

     if (h[i]) y[i] = x[i]; else y[i] = y[i-1] + x[i];

   found, with the label where the branches join, for rewrite/stores.cc
   to make one store there, of a variable each branch sets, as GCC
   writes the same loop with ?: (update.cc then reads the branches,
   recurrence.cc a segmented scan).  The loop computes what it did: each
   path from a store goes straight to the join, and every path to the
   join comes from a store.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimplify.h"
#include "fold-const.h"

#include "analyze/reader.h"

/* Whether access A stores the whole element y[i] of item IT, assigning
   a value.  */
static bool
stores_at_i (const scan_item *it, const scan_access &a)
{
  return (a.store && a.base == it->var && !a.part && a.arg < 0
          && gimple_assign_single_p (a.stmt)
          && tree_fits_shwi_p (TYPE_SIZE_UNIT (it->type))
          && a.coef == tree_to_shwi (TYPE_SIZE_UNIT (it->type))
          && !a.stride
          && a.rest && integer_zerop (a.rest)
          && (VAR_P (a.base) || TREE_CODE (a.base) == PARM_DECL));
}

/* Whether S jumps to label LABEL.  */
static bool
jumps_to (gimple *s, tree label)
{
  if (gimple_code (s) == GIMPLE_GOTO)
    return gimple_goto_dest (s) == label;
  if (gcond *c = dyn_cast<gcond *> (s))
    return (gimple_cond_true_label (c) == label
            || gimple_cond_false_label (c) == label);
  if (gswitch *w = dyn_cast<gswitch *> (s))
    for (unsigned k = 0; k < gimple_switch_num_labels (w); k++)
      if (CASE_LABEL (gimple_switch_label (w, k)) == label)
        return true;
  return false;
}

bool
scan_stores_joined (reader *r, vec<int> *at, gimple **join)
{
  int n = r->stmts.length ();
  at->qsort ([] (const void *a, const void *b) {
      return *(const int *) a - *(const int *) b;
    });
  if (at->length () < 2 || at->last () + 1 >= n)
    return false;
  /* The join: the label after the last store; each other store goes to
     it at once, and nothing else does.  */
  *join = r->stmts[at->last () + 1];
  if (gimple_code (*join) != GIMPLE_LABEL)
    return false;
  tree label = gimple_label_label (as_a<glabel *> (*join));
  for (unsigned k = 0; k + 1 < at->length (); k++)
    if (gimple_code (r->stmts[(*at)[k] + 1]) != GIMPLE_GOTO
        || !jumps_to (r->stmts[(*at)[k] + 1], label))
      return false;
  unsigned gotos = 0;
  for (gimple *s : r->stmts)
    gotos += jumps_to (s, label);
  return gotos == at->length () - 1;
}

bool
scan_find_joined_stores (reader *r, vec<gimple *> *stores, gimple **join)
{
  auto_vec<int> at;
  for (const scan_access &a : r->l->accesses)
    if (stores_at_i (r->it, a))
      at.safe_push (scan_position (r, a.stmt));
  if (!scan_stores_joined (r, &at, join))
    return false;
  for (int k : at)
    stores->safe_push (r->stmts[k]);
  return true;
}
