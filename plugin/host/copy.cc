/* SPDX-License-Identifier: GPL-3.0-or-later */
/* copy.cc: the loop body copied into a function of the host path
   (host.cc): the markers that stand for each array's y[i-1] and y[i]
   while it is copied, the copy's decls and labels mapped to the
   function's, and the operators, built-in or user-defined, applied to
   its carries in GIMPLE.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "gimplify.h"
#include "fold-const.h"
#include "real.h"

#include "host/build.h"

/* The identity of item IT's built-in operator over its element type (a
   user-defined one's is its initializer's, see host.cc).  */
tree
host_identity (const scan_item *it)
{
  return scanomp_identity (it->op, it->type);
}

/* A combined with B by item IT's operator, integers wrapping (the
   partials of blocks may overflow where no prefix of the loop does).  */
tree
host_combined (const scan_item *it, tree a, tree b)
{
  tree t = it->type;
  tree ut = INTEGRAL_TYPE_P (t) ? unsigned_type_for (t) : t;
  auto arith = [&] (tree_code code) {
    return fold_convert (t, fold_build2 (code, ut, fold_convert (ut, a),
                                         fold_convert (ut, b)));
  };
  auto truth = [&] (tree_code code) {
    return fold_convert (t, fold_build2 (code, boolean_type_node,
                                         fold_build2 (NE_EXPR,
                                                      boolean_type_node, a,
                                                      build_zero_cst (t)),
                                         fold_build2 (NE_EXPR,
                                                      boolean_type_node, b,
                                                      build_zero_cst (t))));
  };
  switch (it->op)
    {
    case SCAN_OP_MUL:
      return arith (MULT_EXPR);
    case SCAN_OP_AND:
      return fold_build2 (BIT_AND_EXPR, t, a, b);
    case SCAN_OP_OR:
      return fold_build2 (BIT_IOR_EXPR, t, a, b);
    case SCAN_OP_XOR:
      return fold_build2 (BIT_XOR_EXPR, t, a, b);
    case SCAN_OP_LAND:
      return truth (TRUTH_AND_EXPR);
    case SCAN_OP_LOR:
      return truth (TRUTH_OR_EXPR);
    case SCAN_OP_MIN:
    case SCAN_OP_MAX:
      return fold_build3 (COND_EXPR, t,
                          fold_build2 (it->op == SCAN_OP_MIN ? LT_EXPR
                                                            : GT_EXPR,
                                       boolean_type_node, b, a),
                          unshare_expr (b), unshare_expr (a));
    default:
      /* + and -: the body, run from the identity, already yields the
         negated element of a -.  */
      return arith (PLUS_EXPR);
    }
}

/* walk_tree callback: replace in a statement of the loop the tree that
   DATA's info holds first by its second, and count it third.  */
static tree
swap_tree (tree *tp, int *walk_subtrees, void *data)
{
  tree *pair = (tree *) ((struct walk_stmt_info *) data)->info;
  if (*tp == pair[0])
    {
      *tp = pair[1];
      pair[2] = integer_one_node;
      *walk_subtrees = 0;
    }
  else if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Replace FROM by TO in STMT; whether it was there.  */
bool
host_swap_in (gimple *stmt, tree from, tree to)
{
  tree pair[3] = { from, to, NULL_TREE };
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = pair;
  walk_gimple_op (stmt, swap_tree, &wi);
  return pair[2] != NULL_TREE;
}

/* walk_tree callback: map the copy's decls and labels to the function's
   (see host.cc's head).  */
static tree
remap (tree *tp, int *walk_subtrees, void *data)
{
  host_copy *o = (host_copy *) ((struct walk_stmt_info *) data)->info;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == LABEL_DECL)
    {
      tree *m = o->map.get (t);
      if (!m)
        {
          tree label = create_artificial_label (DECL_SOURCE_LOCATION (t));
          m = &o->map.get_or_insert (t);
          *m = label;
        }
      *tp = *m;
      return NULL_TREE;
    }
  if (!VAR_P (t) && TREE_CODE (t) != PARM_DECL && TREE_CODE (t) != RESULT_DECL)
    return NULL_TREE;
  if (tree *m = o->map.get (t))
    {
      *tp = unshare_expr (*m);
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (is_global_var (t))
    return NULL_TREE;
  tree copy = scanomp_tmp_var (TREE_TYPE (t), "scan_local");
  TREE_ADDRESSABLE (copy) = TREE_ADDRESSABLE (t);
  o->map.put (t, copy);
  *tp = copy;
  return NULL_TREE;
}

/* walk_tree callback: whether a variable of the loop cannot be a local of
   a function of its own: its size varies, or it stands for an
   expression.  */
static tree
foreign (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P (t))
    *walk_subtrees = 0;
  else if ((VAR_P (t) || TREE_CODE (t) == PARM_DECL) && !is_global_var (t)
           && ((VAR_P (t) && DECL_HAS_VALUE_EXPR_P (t))
               || !TYPE_SIZE_UNIT (TREE_TYPE (t))
               || TREE_CODE (TYPE_SIZE_UNIT (TREE_TYPE (t))) != INTEGER_CST))
    return t;
  return NULL_TREE;
}

/* Whether S sets variable Z or a part of it, or passes its address to a
   function, which may.  */
static bool
sets (gimple *s, tree z)
{
  tree lhs = gimple_get_lhs (s);
  if (lhs && get_base_address (lhs) == z)
    return true;
  if (is_gimple_call (s))
    for (unsigned i = 0; i < gimple_call_num_args (s); i++)
      {
        tree a = gimple_call_arg (s, i);
        if (TREE_CODE (a) == ADDR_EXPR
            && get_base_address (TREE_OPERAND (a, 0)) == z)
          return true;
      }
  return false;
}

/* walk_gimple_seq callback: strip the copy's statements of their scopes,
   refuse what a function of its own cannot hold, in the scan function
   store each array's carry after the statement that sets it, and note
   after each statement that sets a lastprivate variable that it did.  */
static tree
prepare (gimple_stmt_iterator *gsi, bool *, struct walk_stmt_info *wi)
{
  host_copy *o = (host_copy *) wi->info;
  gimple *s = gsi_stmt (*gsi);
  gimple_set_block (s, NULL_TREE);
  switch (gimple_code (s))
    {
    case GIMPLE_BIND:
    case GIMPLE_TRY:
    case GIMPLE_CATCH:
    case GIMPLE_EH_FILTER:
    case GIMPLE_ASSIGN:
    case GIMPLE_CALL:
    case GIMPLE_COND:
    case GIMPLE_LABEL:
    case GIMPLE_GOTO:
    case GIMPLE_SWITCH:
    case GIMPLE_NOP:
    case GIMPLE_PREDICT:
    case GIMPLE_DEBUG:
      break;
    default:
      o->ok = false;
      return NULL_TREE;
    }
  tree lhs = gimple_get_lhs (s);
  /* A call whose result is y[i] now sets a carry, whose address it may
     be passed too (see host.cc, body_function): its result cannot be
     built in place.  */
  if (gcall *call = dyn_cast<gcall *> (s))
    for (const host_copy::marker &m : o->markers)
      if (m.store && lhs == m.decl)
        gimple_call_set_return_slot_opt (call, false);
  for (const host_copy::marker &m : o->markers)
    if (m.output && scanomp_whole (lhs) == m.decl)
      {
        if (!o->scan)
          {
            gsi_replace (gsi, gimple_build_nop (), false);
            return NULL_TREE;
          }
        host_swap_in (s, m.decl, unshare_expr (m.ref));
        lhs = NULL_TREE;
      }
  for (const host_copy::marker &m : o->markers)
    if (o->scan && m.store && !m.output && lhs == m.decl)
      gsi_insert_after (gsi, gimple_build_assign (unshare_expr (m.ref),
                                                  o->stored ? o->stored
                                                            : m.decl),
                        GSI_SAME_STMT);
  if (o->flag)
    for (unsigned k = 0; k < o->l->n; k++)
      if (o->flag[k] && sets (s, o->l->items[k].in))
        gsi_insert_after (gsi, gimple_build_assign (o->flag[k],
                                                    integer_one_node),
                          GSI_SAME_STMT);
  return NULL_TREE;
}

/* Replace each GIMPLE_BIND in *SEQ by its body, through the statements
   that hold others.  */
static void
flatten (gimple_seq *seq)
{
  gimple_stmt_iterator g = gsi_start (*seq);
  while (!gsi_end_p (g))
    {
      gimple *s = gsi_stmt (g);
      switch (gimple_code (s))
        {
        case GIMPLE_BIND:
          {
            gimple_seq body = gimple_bind_body (as_a<gbind *> (s));
            flatten (&body);
            gsi_replace_with_seq (&g, body, false);
            continue;
          }
        case GIMPLE_TRY:
          flatten (gimple_try_eval_ptr (s));
          flatten (gimple_try_cleanup_ptr (s));
          break;
        case GIMPLE_CATCH:
          flatten (gimple_catch_handler_ptr (as_a<gcatch *> (s)));
          break;
        case GIMPLE_EH_FILTER:
          flatten (gimple_eh_filter_failure_ptr (s));
          break;
        default:
          break;
        }
      gsi_next (&g);
    }
}

/* A copy of SEQ for a function of its own, prepared (see prepare); NULL
   with O->ok false where it cannot be one.  */
gimple_seq
host_copy_seq (host_copy *o, gimple_seq seq)
{
  gimple_seq copy = gimple_seq_copy (seq);
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = o;
  walk_gimple_seq_mod (&copy, prepare, NULL, &wi);
  memset (&wi, 0, sizeof wi);
  if (walk_gimple_seq (copy, NULL, foreign, &wi))
    o->ok = false;
  return o->ok ? copy : NULL;
}

/* Map the decls of *SEQ, from host_copy_seq, to the current function's, and
   drop its scopes.  */
void
host_remap_seq (host_copy *o, gimple_seq *seq)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = o;
  walk_gimple_seq_mod (seq, NULL, remap, &wi);
  flatten (seq);
}

/* walk_tree callback: whether the address of DATA's info is taken.  */
static tree
address_of (tree *tp, int *walk_subtrees, void *data)
{
  tree decl = (tree) ((struct walk_stmt_info *) data)->info;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == ADDR_EXPR && TREE_OPERAND (*tp, 0) == decl)
    return *tp;
  return NULL_TREE;
}

/* Whether SEQ takes the address of DECL.  */
static bool
taken (gimple_seq seq, tree decl)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = decl;
  return walk_gimple_seq (seq, NULL, address_of, &wi) != NULL;
}

/* Whether the locals that stand for item K's variable or its carry must
   live in memory, set up front, before GIMPLE that would want a register
   of them: its variable's or its operator's are addressable, or the
   copies BODY or OUTPUT take the address of its variable or of its
   y[i-1] (a reference's variable passed on, a pointer to y[i-1] passed
   to a function).  */
bool
host_in_memory (const host_copy *o, unsigned k, gimple_seq body,
                gimple_seq output)
{
  scan_item *it = &o->l->items[k];
  if (it->op == SCAN_OP_USER
      && (TREE_ADDRESSABLE (it->priv) || TREE_ADDRESSABLE (it->out)
          || TREE_ADDRESSABLE (it->in)))
    return true;
  if (it->host_var)
    return (TREE_ADDRESSABLE (it->var) || taken (body, it->var)
            || taken (output, it->var));
  for (const host_copy::marker &m : o->markers)
    if (m.item == k && taken (body, m.decl))
      return true;
  return false;
}

/* Append to *SEQ COPY, a host_copy_seq copy of one of a user-defined
   operator's sequences, remapped, with the decls FROM[i] standing for
   TO[i] in it alone.  */
static void
add_with (host_copy *o, gimple_seq *seq, gimple_seq copy, unsigned m,
          const tree *from, const tree *to)
{
  tree *saved = XALLOCAVEC (tree, m);
  for (unsigned i = 0; i < m; i++)
    {
      tree *was = o->map.get (from[i]);
      saved[i] = was ? *was : NULL_TREE;
      o->map.put (from[i], to[i]);
    }
  host_remap_seq (o, &copy);
  for (unsigned i = m; i-- > 0;)
    if (saved[i])
      o->map.put (from[i], saved[i]);
    else
      o->map.remove (from[i]);
  gimple_seq_add_seq (seq, copy);
}

/* Append to *SEQ the setting of A, the map of a recurrence IT of order
   K > 1, to A then B: v -> Mb (Ma v + ca) + cb, (Mb Ma, Mb ca + cb), in
   IT's unsigned type for integers, which wrap.  Where ELEMENT, B is what
   one iteration contributes, whose rows of M below the first are the
   shift and whose c below its first value is 0: those rows of the
   result are A's moved down, which costs nothing, and adds no products
   of 0, which for floating types would not be exact (0 times an
   infinity).  */
static void
add_map_combined (const scan_item *it, tree a, tree b, bool element,
                  gimple_seq *seq)
{
  unsigned k = it->order;
  tree t = it->type;
  tree ut = INTEGRAL_TYPE_P (t) ? unsigned_type_for (t) : t;
  auto u = [&] (tree x, unsigned f) {
    return fold_convert (ut, scanomp_pair_field (x, f));
  };
  auto c = [&] (tree x, unsigned j) { return u (x, scanomp_map_c (j)); };
  auto m = [&] (tree x, unsigned r, unsigned col) {
    return u (x, scanomp_map_m (k, r, col));
  };
  /* Row R of Mb times column COL of Ma (or, COL = K, ca), plus cb's
     R-th value for ca.  */
  auto row_times = [&] (unsigned r, unsigned col) {
    if (element && r > 0)
      return col < k ? m (a, r - 1, col) : c (a, r - 1);
    tree sum = col < k ? NULL_TREE : c (b, r);
    for (unsigned j = 0; j < k; j++)
      {
        tree p = fold_build2 (MULT_EXPR, ut, m (b, r, j),
                              col < k ? m (a, j, col) : c (a, j));
        sum = sum ? fold_build2 (PLUS_EXPR, ut, sum, p) : p;
      }
    return sum;
  };
  /* All from A as it was.  */
  unsigned n = k + k * k;
  tree *value = XALLOCAVEC (tree, n);
  for (unsigned r = 0; r < k; r++)
    for (unsigned col = 0; col <= k; col++)
      {
        unsigned f = col < k ? scanomp_map_m (k, r, col) : scanomp_map_c (r);
        value[f] = scanomp_tmp_var (ut, "scan_map");
        gimplify_assign (value[f], row_times (r, col), seq);
      }
  for (unsigned f = 0; f < n; f++)
    gimplify_assign (scanomp_pair_field (a, f), fold_convert (t, value[f]),
                     seq);
}

/* Append to *SEQ the setting of A, a pair of recurrence IT, to A then B:
   maps x -> k x + v compose as (b.k a.k, b.k a.v + b.v); segments as
   (b.f ? b.v : a.v op b.v, a.f | b.f).  Integers wrap.  ELEMENT: see
   add_map_combined.  */
static void
add_pair_combined (const scan_item *it, tree a, tree b, bool element,
                   gimple_seq *seq)
{
  if (it->form == SCAN_FORM_AFFINE && it->order > 1)
    {
      add_map_combined (it, a, b, element, seq);
      return;
    }
  tree t = it->type;
  tree ut = INTEGRAL_TYPE_P (t) ? unsigned_type_for (t) : t;
  auto u = [&] (tree x, unsigned k) {
    return fold_convert (ut, scanomp_pair_field (x, k));
  };
  tree value, with;
  if (it->form == SCAN_FORM_AFFINE)
    {
      with = fold_build2 (MULT_EXPR, ut, u (b, 1), u (a, 1));
      value = fold_build2 (PLUS_EXPR, ut,
                           fold_build2 (MULT_EXPR, ut, u (b, 1), u (a, 0)),
                           u (b, 0));
    }
  else
    {
      with = fold_build2 (BIT_IOR_EXPR, integer_type_node,
                          scanomp_pair_field (a, 1),
                          scanomp_pair_field (b, 1));
      value = fold_build3 (COND_EXPR, t,
                           fold_build2 (NE_EXPR, boolean_type_node,
                                        scanomp_pair_field (b, 1),
                                        integer_zero_node),
                           scanomp_pair_field (b, 0),
                           host_combined (it, scanomp_pair_field (a, 0),
                                          scanomp_pair_field (b, 0)));
    }
  /* Both from A as it was.  */
  tree w = scanomp_tmp_var (TREE_TYPE (with), "scan_with");
  gimplify_assign (w, with, seq);
  gimplify_assign (scanomp_pair_field (a, 0), fold_convert (t, value), seq);
  tree to = scanomp_pair_field (a, 1);
  gimplify_assign (to, fold_convert (TREE_TYPE (to), w), seq);
}

/* Append to *SEQ the setting of local X to the identity of item K, with
   INIT, a copy of its initializer, for a user-defined operator.  */
void
host_set_identity (host_copy *o, unsigned k, tree x, gimple_seq init,
              gimple_seq *seq)
{
  scan_item *it = &o->l->items[k];
  if (it->form == SCAN_FORM_AFFINE && it->order > 1)
    {
      /* c 0, M the identity matrix.  */
      unsigned n = it->order;
      for (unsigned f = 0; f < n + n * n; f++)
        gimplify_assign (scanomp_pair_field (x, f),
                         f < n ? scanomp_identity (SCAN_OP_ADD, it->type)
                         : fold_convert (it->type,
                                         build_int_cst (integer_type_node,
                                                        (f - n) % (n + 1)
                                                        == 0)), seq);
    }
  else if (it->form != SCAN_FORM_PLAIN)
    {
      bool affine = it->form == SCAN_FORM_AFFINE;
      gimplify_assign (scanomp_pair_field (x, 0),
                       scanomp_identity (affine ? SCAN_OP_ADD : it->op,
                                         it->type), seq);
      gimplify_assign (scanomp_pair_field (x, 1),
                       affine ? build_one_cst (it->type) : integer_zero_node,
                       seq);
    }
  else if (it->op == SCAN_OP_USER)
    add_with (o, seq, init, 1, &it->priv, &x);
  else
    gimplify_assign (x, host_identity (it), seq);
}

/* Append to *SEQ the setting of A to A combined with B by item K's
   operator, with MERGE, a copy of its combiner, for a user-defined one;
   A and B are locals where it is.  */
void
host_add_combined (host_copy *o, unsigned k, tree a, tree b, gimple_seq merge,
                   gimple_seq *seq, bool element)
{
  scan_item *it = &o->l->items[k];
  if (it->form != SCAN_FORM_PLAIN)
    add_pair_combined (it, a, b, element, seq);
  else if (it->op == SCAN_OP_USER)
    {
      tree from[2] = { it->out, it->in }, to[2] = { a, b };
      add_with (o, seq, merge, 2, from, to);
    }
  else if (it->op == SCAN_OP_LAST)
    {
      /* B, if an iteration set it.  */
      tree set = build3 (COMPONENT_REF, integer_type_node, b,
                         TYPE_FIELDS (it->type), NULL_TREE);
      gimplify_and_add (build3 (COND_EXPR, void_type_node,
                                build2 (NE_EXPR, boolean_type_node, set,
                                        integer_zero_node),
                                build2 (MODIFY_EXPR, it->type,
                                        unshare_expr (a), unshare_expr (b)),
                                NULL_TREE), seq);
    }
  else
    gimplify_assign (a, host_combined (it, unshare_expr (a), unshare_expr (b)),
                     seq);
}

/* Forget the labels O's map gives the copies so far, so that the next
   copy gets labels of its own.  */
void
host_forget_labels (host_copy *o)
{
  auto_vec<tree> labels;
  for (auto it = o->map.begin (); it != o->map.end (); ++it)
    if (TREE_CODE ((*it).first) == LABEL_DECL)
      labels.safe_push ((*it).first);
  for (tree t : labels)
    o->map.remove (t);
}

/* Map the markers of a scan phase, as the simd and grouped forms copy it
   (see host.cc, body_function): the stores to y[i] store PREFIX, which
   the reads after them read, and the reads of y[i-1] read DEAD, set to
   the identity, whose result nothing uses.  */
void
host_map_scan_phase (host_copy *o, tree prefix, tree dead)
{
  for (const host_copy::marker &m : o->markers)
    if (!m.output)
      o->map.put (m.decl, m.after ? prefix : dead);
  if (o->stored)
    o->map.put (o->stored, prefix);
}
