/* SPDX-License-Identifier: GPL-3.0-or-later */
/* recurrence.cc: the loops a scan clause takes beyond y[i] = y[i-1] op E,
   scanned as pairs whose operator the plugin derives:

     y[i] = a * y[i-1] + b        a linear recurrence, under scan(+: y):
                                  the pairs (b, a) of the maps
                                  x -> a x + b, composed;
     y[i] = h ? R : y[i-1] op E   a segmented scan, under scan(op: y):
                                  the pairs (h ? R : E, h), where a set
                                  flag drops what came before.

   update.cc tells the forms apart, asking this file whether an update is
   affine; this file then builds what the back ends run: the pair type,
   and the input copy of the body, which sets the pair variable to what
   its iteration contributes and stores nothing.  The kernels and the
   host path combine the pairs; the kernels store the value of each
   prefix to y[i] (running the body itself, y[i] that value, where the
   loop also stores beside its array), and the host path's scan runs the
   body itself from the value of y[i-1] (see base/loop.h).  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimplify.h"
#include "diagnostic-core.h"
#include "fold-const.h"

#include "analyze/reader.h"

bool
scan_segment_op (enum scan_op op)
{
  return (op == SCAN_OP_ADD || op == SCAN_OP_SUB || op == SCAN_OP_MUL
          || op == SCAN_OP_AND || op == SCAN_OP_OR || op == SCAN_OP_XOR
          || op == SCAN_OP_MIN || op == SCAN_OP_MAX);
}

/* Whether statement S reads variable V (but as the place it sets).  */
static bool
reads (gimple *s, tree v)
{
  unsigned first = is_gimple_assign (s) || is_gimple_call (s) ? 1 : 0;
  for (unsigned k = first; k < gimple_num_ops (s); k++)
    if (gimple_op (s, k) && scanomp_contains (gimple_op (s, k), v))
      return true;
  /* A store through a pointer held in V.  */
  return first && gimple_op (s, 0) && gimple_op (s, 0) != v
         && scanomp_contains (gimple_op (s, 0), v);
}

/* One step of a linear recurrence's chain, from y[i-1] to the value
   stored: the statement, and what it does to the value C the chain
   carries, with X the other operand: C + X, C - X, X - C (MINUS, with
   REVERSED), C * X, -C.  A copy or a conversion is no step.  */
struct affine_step
{
  gimple *stmt;
  enum tree_code code;
  tree x;
  bool reversed;
};

/* Read into STEPS the chain of statements that takes y[i-1] to the value
   stored to y[i]: each reads the value the one before set, once, and
   nothing else reads it.  Branches may compute the other operands, or
   skip a step (t = y[i-1]; if (c) t = t * a; y[i] = t), as long as every
   jump goes forward: the input copy then makes the steps that run.
   Whether it is one.  */
static bool
affine_steps (reader *r, vec<affine_step> *steps)
{
  scan_loop *l = r->l;
  scan_item *it = r->it;
  gimple *load = l->accesses[r->recur].stmt;
  gimple *store = l->accesses[r->store].stmt;
  if (it->in_place || !is_gimple_assign (load) || !is_gimple_assign (store)
      || !scan_forward_only (r))
    return false;
  tree c = gimple_assign_lhs (load);
  int at = scan_position (r, load), n = r->stmts.length ();
  while (true)
    {
      if (!VAR_P (c))
        return false;
      gimple *use = NULL;
      int k;
      for (k = at + 1; k < n && !use; k++)
        {
          gimple *s = r->stmts[k];
          if (reads (s, c))
            use = s;
          else if (scan_set_var (s) == c)
            return false;
        }
      if (!use)
        return false;
      /* Nothing else reads the value, until it is set again (by USE
         itself, as in t = t * a).  */
      for (int j = k; j < n && scan_set_var (use) != c
                      && scan_set_var (r->stmts[j]) != c; j++)
        if (reads (r->stmts[j], c))
          return false;
      if (use == store)
        return gimple_assign_rhs1 (store) == c && !steps->is_empty ();
      if (!is_gimple_assign (use) || !VAR_P (gimple_assign_lhs (use))
          || !scan_carries (TREE_TYPE (gimple_assign_lhs (use)), it->type))
        return false;
      enum tree_code code = gimple_assign_rhs_code (use);
      tree a = gimple_assign_rhs1 (use);
      tree b = gimple_assign_rhs2 (use);
      affine_step step = { use, code, NULL_TREE, false };
      switch (code)
        {
        case PLUS_EXPR:
        case MULT_EXPR:
        case MINUS_EXPR:
          if ((a == c) == (b == c))
            return false;
          step.x = a == c ? b : a;
          step.reversed = b == c;
          if (!scan_carries (TREE_TYPE (step.x), it->type)
              && !(SCALAR_FLOAT_TYPE_P (it->type)
                   && INTEGRAL_TYPE_P (TREE_TYPE (step.x))))
            return false;
          steps->safe_push (step);
          break;
        case NEGATE_EXPR:
          steps->safe_push (step);
          break;
        default:
          if (!(gimple_assign_single_p (use) && a == c)
              && !CONVERT_EXPR_CODE_P (code))
            return false;
          break;
        }
      c = gimple_assign_lhs (use);
      at = k - 1;
    }
}

/* The reads of y[i-1] in a value, counted by count_prev.  */
struct prev_count
{
  reader *r;
  unsigned n;
};

/* walk_tree callback: count in DATA, a prev_count, the reads of
   y[i-1].  */
static tree
count_prev (tree *tp, int *walk_subtrees, void *data)
{
  prev_count *pc = (prev_count *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if ((TREE_CODE (*tp) == MEM_REF || TREE_CODE (*tp) == ARRAY_REF)
           && scan_is_load_of (*tp, pc->r->l->accesses[pc->r->recur],
                               pc->r))
    {
      pc->n++;
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

bool
scan_affine_update (reader *r)
{
  scan_loop *l = r->l;
  auto_vec<affine_step> steps;
  if (!affine_steps (r, &steps))
    return false;
  /* No branch on y[i-1]: the input copy reads it as 0.  */
  for (tree c : r->cond_operands)
    if (scan_uses_prev (r, c))
      return false;
  /* The operands of the steps must not read y[i-1]: the value stored
     reads it once, through the chain.  */
  gimple *store = l->accesses[r->store].stmt;
  tree v = scan_assigned_value (r, store);
  prev_count pc = { r, 0 };
  walk_tree (&v, count_prev, &pc, NULL);
  if (pc.n != 1)
    return false;
  /* A chain of + and - alone is y[i-1] + E, which update.cc reads; one
     that multiplies or negates is a recurrence.  */
  for (const affine_step &s : steps)
    if (s.code != PLUS_EXPR && !(s.code == MINUS_EXPR && !s.reversed))
      return true;
  return false;
}

/* The pair type of IT's form: the value, then the multiplier or the
   flag.  */
static tree
pair_type (const scan_item *it)
{
  if (it->order > 1)
    return scanomp_map_type (it->type, it->order);
  tree types[2] = { it->type, it->form == SCAN_FORM_AFFINE ? it->type
                                                         : integer_type_node };
  static const char *const names[2] = { "value", "with" };
  tree fields[2];
  return scanomp_record ("scanomp_pair", 2, types, names, fields);
}

/* Append to *SEQ the setting of field K of IT's pair to E.  */
static void
set_field (const scan_item *it, unsigned k, tree e, gimple_seq *seq)
{
  tree f = scanomp_pair_field (it->pair, k);
  gimplify_assign (f, fold_convert (TREE_TYPE (f), e), seq);
}

/* Append to *SEQ the pair's part of STEP: C op X for the value, and for
   the multiplier where it multiplies or negates; integers wrapping, as
   the partials of blocks may overflow where no prefix of the loop
   does.  */
static void
add_step (const scan_item *it, const affine_step &step, gimple_seq *seq)
{
  tree t = it->type;
  tree ut = INTEGRAL_TYPE_P (t) ? unsigned_type_for (t) : t;
  tree x = step.x ? fold_convert (ut, fold_convert (t, step.x)) : NULL_TREE;
  auto field = [&] (unsigned k) {
    return fold_convert (ut, scanomp_pair_field (it->pair, k));
  };
  switch (step.code)
    {
    case PLUS_EXPR:
      set_field (it, 0, fold_build2 (PLUS_EXPR, ut, field (0), x), seq);
      break;
    case MINUS_EXPR:
      if (step.reversed)
        {
          set_field (it, 0, fold_build2 (MINUS_EXPR, ut, x, field (0)), seq);
          set_field (it, 1, fold_build1 (NEGATE_EXPR, ut, field (1)), seq);
        }
      else
        set_field (it, 0, fold_build2 (MINUS_EXPR, ut, field (0), x), seq);
      break;
    case MULT_EXPR:
      set_field (it, 0, fold_build2 (MULT_EXPR, ut, field (0), x), seq);
      set_field (it, 1, fold_build2 (MULT_EXPR, ut, field (1),
                                    unshare_expr (x)), seq);
      break;
    case NEGATE_EXPR:
      set_field (it, 0, fold_build1 (NEGATE_EXPR, ut, field (0)), seq);
      set_field (it, 1, fold_build1 (NEGATE_EXPR, ut, field (1)), seq);
      break;
    default:
      gcc_unreachable ();
    }
}

/* The statements of a segmented scan that set the variable stored to
   y[i] to a value free of y[i-1], the resets, into RESETS (positions in
   the body).  */
static void
resets (reader *r, vec<int> *resets)
{
  scan_loop *l = r->l;
  tree f = scan_stored_flag (r, l->accesses[r->store].stmt);
  for (unsigned k = 0; k < r->stmts.length (); k++)
    {
      gimple *s = r->stmts[k];
      if (scan_set_var (s) == f
          && !scan_uses_prev (r, scan_assigned_value (r, s)))
        resets->safe_push (k);
    }
}

/* Whether the loop of L does what the input copy of its item IT cannot
   leave out: it passes elements to functions, or stores fields.  Says
   so.  */
static bool
refused (scan_loop *l, const scan_item *it)
{
  for (const scan_access &a : l->accesses)
    if (a.arg >= 0 || a.part)
      {
        error_at (gimple_location (a.stmt), "a loop that scans %qs as %s "
                  "may not pass its elements to functions or store to "
                  "fields; compute with the values", it->var_name,
                  it->form == SCAN_FORM_AFFINE ? "a linear recurrence"
                                              : "segments");
        inform (l->clause->loc, "for this %<scan%> clause");
        return true;
      }
  return false;
}

bool
scan_build_pairs (reader *r)
{
  scan_loop *l = r->l;
  scan_item *it = r->it;
  if (it->form == SCAN_FORM_PLAIN)
    return true;
  if (refused (l, it))
    return false;
  it->pair_type = pair_type (it);
  if (it->order > 1)
    return scan_build_linear (r);
  auto_vec<affine_step> steps;
  auto_vec<int> reset;
  if (it->form == SCAN_FORM_AFFINE)
    affine_steps (r, &steps);
  else
    resets (r, &reset);

  gimple_seq copy = gimple_seq_copy (gimple_omp_body (l->loop));
  auto_vec<gimple_stmt_iterator> at;
  scan_statement_iterators (&copy, &at);
  gcc_assert (at.length () == r->stmts.length ());
  auto position = [&] (gimple *s) { return scan_position (r, s); };

  push_gimplify_context ();
  it->pair = scanomp_tmp_var (it->pair_type, "scan_pair");
  /* Each iteration from the identity: the value of the operator's, the
     multiplier 1, no flag.  */
  gimple_seq start = NULL;
  set_field (it, 0, it->form == SCAN_FORM_AFFINE
                   ? scanomp_identity (SCAN_OP_ADD, it->type)
                   : scanomp_identity (it->op, it->type), &start);
  set_field (it, 1, it->form == SCAN_FORM_AFFINE ? build_one_cst (it->type)
                                               : integer_zero_node, &start);
  for (const affine_step &s : steps)
    {
      gimple_seq seq = NULL;
      add_step (it, s, &seq);
      gsi_insert_seq_before (&at[position (s.stmt)], seq, GSI_SAME_STMT);
    }
  for (int k : reset)
    {
      gimple_seq seq = NULL;
      set_field (it, 1, integer_one_node, &seq);
      gsi_insert_seq_after (&at[k], seq, GSI_SAME_STMT);
    }
  /* The reads of y[i-1] read the identity, of which a segmented scan's
     combining branches then yield E, and nothing else stores or reads
     memory that the scan phase stores; a segmented scan's pair takes the
     value stored.  */
  auto_vec<int> removed;
  for (const scan_access &a : l->accesses)
    {
      gimple_stmt_iterator *g = &at[position (a.stmt)];
      gimple *s = gsi_stmt (*g);
      if (a.prev || a.after)
        {
          tree t = TREE_TYPE (gimple_assign_lhs (s));
          gimple_assign_set_rhs_from_tree
            (g, a.prev && it->form == SCAN_FORM_SEGMENT
                ? fold_convert (t, scanomp_identity (it->op, it->type))
                : build_zero_cst (t));
        }
      else if (a.store && a.base == it->var && it->form == SCAN_FORM_SEGMENT)
        gimple_assign_set_lhs (s, scanomp_pair_field (it->pair, 0));
      else if (a.store && !removed.contains (position (a.stmt)))
        removed.safe_push (position (a.stmt));
    }
  for (int k : removed)
    gsi_replace (&at[k], gimple_build_nop (), false);
  pop_gimplify_context (NULL);
  gimple_seq_add_seq (&start, copy);
  l->input = start;

  /* The copy's accesses, for the kernels, its gathers too (analyze.cc's
     read_body).  */
  reader in;
  scan_reader_init (&in, l, r->it, r->loc, l->input);
  in.gather_reads = true;
  scan_read_seq (&in, l->input);
  return in.ok;
}
