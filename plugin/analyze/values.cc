/* SPDX-License-Identifier: GPL-3.0-or-later */
/* values.cc: the values a scan loop's body computes, as the update's
   checks (update.cc) and the forms scanned as pairs (recurrence.cc,
   linear.cc) read them: whether a value reads y[i-1], the variable the
   value stored to y[i] comes from, what a statement sets, replayed up to
   it, and which types may carry a recurrence's values.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "fold-const.h"
#include "cfgexpand.h"

#include "analyze/reader.h"

/* walk_tree callback: whether *TP reads y[i-1] (DATA is the reader).  */
static tree
find_prev (tree *tp, int *walk_subtrees, void *data)
{
  reader *r = (reader *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if ((TREE_CODE (*tp) == MEM_REF || TREE_CODE (*tp) == ARRAY_REF)
           && scan_is_load_of (*tp, r->l->accesses[r->recur], r))
    return *tp;
  return NULL_TREE;
}

bool
scan_uses_prev (reader *r, tree e)
{
  return walk_tree (&e, find_prev, r, NULL) != NULL_TREE;
}

tree
scan_stored_flag (reader *r, gimple *store)
{
  tree f = gimple_assign_rhs1 (store);
  for (int k = scan_position (r, store) - 1; k >= 0 && VAR_P (f); k--)
    {
      gimple *s = r->stmts[k];
      if (is_gimple_assign (s) && gimple_assign_lhs (s) == f)
        {
          tree_code c = gimple_assign_rhs_code (s);
          if (!(c == SSA_NAME || c == VAR_DECL || CONVERT_EXPR_CODE_P (c)
                || c == FLOAT_EXPR) || !VAR_P (gimple_assign_rhs1 (s)))
            break;
          f = gimple_assign_rhs1 (s);
        }
      else if (gimple_code (s) == GIMPLE_LABEL)
        break;
    }
  return f;
}

tree
scan_set_var (gimple *s)
{
  tree lhs = is_gimple_assign (s) ? gimple_assign_lhs (s)
             : is_gimple_call (s) ? gimple_call_lhs (s) : NULL_TREE;
  return lhs && VAR_P (lhs) ? lhs : NULL_TREE;
}

/* The value statement S sets, an assignment or a call, with the values
   R knows: a call of fmin or fmax is min or max, as reader.cc reads it;
   another call is its result, as there, unless an argument reads
   y[i-1], when it is the call of the arguments' values.  */
static tree
set_value (reader *r, gimple *s)
{
  if (is_gimple_assign (s))
    return scan_substitute (r, gimple_assign_rhs_to_tree (s));
  tree fn = gimple_call_fndecl (s);
  const char *math = fn ? scanomp_math_function (fn) : NULL;
  unsigned n = gimple_call_num_args (s);
  auto_vec<tree> args;
  bool prev = false;
  for (unsigned k = 0; k < n; k++)
    {
      args.safe_push (scan_substitute (r, gimple_call_arg (s, k)));
      prev |= scan_uses_prev (r, args[k]);
    }
  tree lhs = gimple_call_lhs (s);
  if (math && n == 2 && (!strcmp (math, "fmin") || !strcmp (math, "fmax")))
    return build2 (math[2] == 'i' ? MIN_EXPR : MAX_EXPR, TREE_TYPE (lhs),
                   args[0], args[1]);
  if (!prev || !gimple_call_fn (s))
    return lhs;
  return build_call_array_loc (gimple_location (s), TREE_TYPE (lhs),
                               gimple_call_fn (s), n, args.address ());
}

tree
scan_assigned_value (reader *r, gimple *s)
{
  unsigned k = scan_position (r, s);
  /* Replay the body up to S to know its operands' values.  */
  reader replay;
  replay.l = r->l;
  replay.it = r->it;
  replay.store = r->store;
  replay.recur = r->recur;
  replay.loc = r->loc;
  replay.current_block = 0;
  replay.ok = true;
  replay.saw_taint = false;
  replay.scatter_stores = r->scatter_stores;
  replay.gather_reads = r->gather_reads;
  tree v = NULL_TREE;
  for (unsigned j = 0; j <= k; j++)
    {
      gimple *t = r->stmts[j];
      if (j == k)
        v = set_value (&replay, t);
      else if (scan_set_var (t))
        replay.value.put (scan_set_var (t), set_value (&replay, t));
    }
  return v;
}

bool
scan_carries (tree type, tree t)
{
  if (SCALAR_FLOAT_TYPE_P (t))
    return SCALAR_FLOAT_TYPE_P (type);
  return INTEGRAL_TYPE_P (type) && TYPE_PRECISION (type) >= TYPE_PRECISION (t);
}
