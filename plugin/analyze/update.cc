/* SPDX-License-Identifier: GPL-3.0-or-later */
/* update.cc: check that a scan loop updates its array as the clause's
   operator says: y[i] = y[i-1] op E, with y[i-1] combined exactly once,
   in the shapes GCC gives to chains of op (y[i-1] + a - b), to min and
   max written with ?:, and to the short-circuit && and ||.  Run with
   y[i-1] replaced by the identity, the body then computes E, which is
   what emit.cc relies on.  Where branches set y[i] to values free of
   y[i-1] too, the loop is a segmented scan; where its update is affine
   in y[i-1] under +, a linear recurrence (both scanned as pairs,
   recurrence.cc).  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "diagnostic-core.h"
#include "fold-const.h"
#include "hash-map.h"
#include "cfgexpand.h"

#include "analyze/reader.h"

/* The tree code of scan operator OP.  */
static enum tree_code
op_code (enum scan_op op)
{
  switch (op)
    {
    case SCAN_OP_ADD: return PLUS_EXPR;
    case SCAN_OP_SUB: return MINUS_EXPR;
    case SCAN_OP_MUL: return MULT_EXPR;
    case SCAN_OP_AND: return BIT_AND_EXPR;
    case SCAN_OP_OR: return BIT_IOR_EXPR;
    case SCAN_OP_XOR: return BIT_XOR_EXPR;
    case SCAN_OP_MIN: return MIN_EXPR;
    case SCAN_OP_MAX: return MAX_EXPR;
    default: return ERROR_MARK;
    }
}

/* walk_tree callback: a read of another array of the clause (DATA is the
   reader).  */
static tree
find_other_scan (tree *tp, int *walk_subtrees, void *data)
{
  reader *r = (reader *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == MEM_REF || TREE_CODE (*tp) == ARRAY_REF)
    {
      scan_access a;
      if (scan_read_access (r, *tp, r->l->accesses[r->store].stmt, false,
                            &a)
          && scan_scanned_elsewhere (r->l, r->it, a.base))
        return *tp;
    }
  return NULL_TREE;
}

/* The assignment to F in the block that label LABEL starts, or NULL:
   GCC recomputes addresses there first.  */
static gimple *
set_after_label (reader *r, tree label, tree f)
{
  int at = scan_label_position (r, label);
  if (at < 0)
    return NULL;
  for (unsigned k = at + 1; k < r->stmts.length (); k++)
    {
      gimple *s = r->stmts[k];
      if (is_gimple_assign (s) && gimple_assign_lhs (s) == f)
        return s;
      if (gimple_code (s) == GIMPLE_LABEL || gimple_code (s) == GIMPLE_GOTO
          || gimple_code (s) == GIMPLE_COND)
        return NULL;
    }
  return NULL;
}

/* Check the shape GCC gives y[i] = V < y[i-1] ? V : y[i-1] and its
   variants (min and max written with ?:): the stored value is a flag set
   in two branches, to y[i-1] in one and to V in the other, chosen by the
   one comparison that reads y[i-1], of V with y[i-1].  Run from the
   identity, the body then yields V.  */
static bool
check_select (reader *r)
{
  scan_loop *l = r->l;
  scan_item *it = r->it;
  tree f = scan_stored_flag (r, l->accesses[r->store].stmt);
  /* The one comparison before the store that reads y[i-1]; other
     branches (computing V, say) must not.  Those after the store choose
     stores beside the clause, which analyze.cc checks.  cond_operands
     holds each condition's operands, in the order of the conditions.  */
  gcond *test = NULL;
  tree a = NULL_TREE, b = NULL_TREE;
  unsigned k = 0;
  for (gimple *s : r->stmts)
    if (s == l->accesses[r->store].stmt)
      break;
    else if (gimple_code (s) == GIMPLE_COND)
      {
        tree x = r->cond_operands[2 * k], y = r->cond_operands[2 * k + 1];
        k++;
        if (!scan_uses_prev (r, x) && !scan_uses_prev (r, y))
          continue;
        if (test)
          return false;
        test = as_a<gcond *> (s);
        a = x;
        b = y;
      }
  if (!VAR_P (f) || !test || scan_assignments (r, f) != 2)
    return false;
  enum tree_code code = gimple_cond_code (test);
  /* The comparison kept in a variable: m = V < y[i-1]; ... m ? V : y[i-1]
     tests m != 0.  */
  tree kept = scan_strip (a);
  if ((code == NE_EXPR || code == EQ_EXPR) && integer_zerop (b)
      && COMPARISON_CLASS_P (kept))
    {
      code = TREE_CODE (kept);
      if (gimple_cond_code (test) == EQ_EXPR)
        code = invert_tree_comparison (code, HONOR_NANS (TREE_OPERAND (kept,
                                                                       0)));
      a = TREE_OPERAND (kept, 0);
      b = TREE_OPERAND (kept, 1);
    }
  if (code != LT_EXPR && code != LE_EXPR && code != GT_EXPR
      && code != GE_EXPR)
    return false;
  /* Make it V cmp y[i-1].  */
  if (scan_is_load_of (a, l->accesses[r->recur], r))
    {
      std::swap (a, b);
      code = swap_tree_comparison (code);
    }
  if (!scan_is_load_of (b, l->accesses[r->recur], r) || scan_uses_prev (r, a))
    return false;
  gimple *on_true = set_after_label (r, gimple_cond_true_label (test), f);
  gimple *on_false = set_after_label (r, gimple_cond_false_label (test), f);
  if (!on_true || !on_false)
    return false;
  tree t = scan_assigned_value (r, on_true);
  tree e = scan_assigned_value (r, on_false);
  bool v_when_true = !scan_uses_prev (r, t);
  if (v_when_true)
    std::swap (t, e);
  /* Now T is the y[i-1] branch's value and E the other's.  */
  if (!scan_is_load_of (t, l->accesses[r->recur], r)
      || !operand_equal_p (scan_strip (e), scan_strip (a), 0))
    return false;
  if (!v_when_true)
    code = invert_tree_comparison (code, false);
  bool min = code == LT_EXPR || code == LE_EXPR;
  return min == (it->op == SCAN_OP_MIN);
}

/* Whether T is the constant 0 or 1, of an integer or a floating type
   (y[i-1] || E stored to a double is 1.0 or 0.0).  */
static bool
flag_zero_p (tree t)
{
  return integer_zerop (t) || real_zerop (t);
}

static bool
flag_one_p (tree t)
{
  return integer_onep (t) || real_onep (t);
}

/* Whether a path that skips statement AT of the body (the test of
   y[i-1]) sets F to other than 1 (ONE) or 0 at once, the value the
   operator's result takes whatever y[i-1] is.  */
static bool
skips_to_other (reader *r, int at, tree f, bool one)
{
  auto_vec<tree> over;
  scan_jumps_over (r, at, &over);
  for (tree t : over)
    {
      gimple *set = set_after_label (r, t, f);
      tree v = set ? gimple_assign_rhs1 (set) : NULL_TREE;
      if (!v || (one ? !flag_one_p (v) : !flag_zero_p (v)))
        return true;
    }
  return false;
}

/* Check the short-circuit shape GCC gives y[i] = y[i-1] && E (or ||, or
   with the operands swapped): the stored value is a flag F that is only
   ever set to 0 or 1; y[i-1] is tested against zero once; where that
   test decides the result (false for &&, true for ||) the flag is set to
   that result at once; and a path that does not reach the test sets the
   flag to that result too (E || y[i-1] with E true).  Run from the
   identity, the body then yields E's truth value.  */
static bool
check_logical (reader *r)
{
  scan_loop *l = r->l;
  scan_item *it = r->it;
  bool land = it->op == SCAN_OP_LAND;
  gimple *store = l->accesses[r->store].stmt;
  gimple *load = l->accesses[r->recur].stmt;
  tree p = gimple_assign_lhs (load);
  tree f = scan_stored_flag (r, store);
  bool zero = false, one = false, only_flags = VAR_P (f) && f != p;
  gcond *test = NULL;
  int at = -1, first_other = -1;
  for (gimple *s : r->stmts)
    {
      if (is_gimple_assign (s) && gimple_assign_lhs (s) == f)
        {
          tree v = gimple_assign_rhs1 (s);
          zero |= flag_zero_p (v);
          one |= flag_one_p (v);
          only_flags &= flag_zero_p (v) || flag_one_p (v);
          /* The value the operator's result does not take whatever
             y[i-1] is: 1 for &&, 0 for ||.  */
          if (first_other < 0 && (land ? flag_one_p (v) : flag_zero_p (v)))
            first_other = scan_position (r, s);
        }
      if (gimple_code (s) == GIMPLE_COND
          && gimple_cond_lhs (s) == p
          && flag_zero_p (gimple_cond_rhs (s))
          && (gimple_cond_code (s) == NE_EXPR
              || gimple_cond_code (s) == EQ_EXPR))
        {
          if (test)
            only_flags = false;
          test = as_a<gcond *> (s);
          at = scan_position (r, s);
        }
    }
  if (only_flags && zero && one && test && first_other > at
      && !skips_to_other (r, at, f, !land))
    {
      /* The label the test takes when y[i-1] decides the result.  */
      bool ne = gimple_cond_code (test) == NE_EXPR;
      tree decided = (ne == land) ? gimple_cond_false_label (test)
                                  : gimple_cond_true_label (test);
      gimple *next = set_after_label (r, decided, f);
      if (next && (land ? flag_zero_p (gimple_assign_rhs1 (next))
                   : flag_one_p (gimple_assign_rhs1 (next))))
        return true;
    }
  error_at (l->clause->loc, "the loop does not update %qs as %<%s[i] = "
            "%s[i-1] %s ...%>; make the operator of the clause match the "
            "update", it->var_name, it->var_name, it->var_name,
            l->clause->op_name);
  return false;
}

/* Collect into TERMS the operands of the chain of CODE at E (for
   PLUS_EXPR, of + and - together, with NEGATED telling which are
   subtracted), looking through conversions that keep the type's size,
   and through what GCC folds an operand of -1 into: -A, which is
   A * -1 in a chain of *, and ~A, which is A ^ -1 in one of ^ (the -1
   becomes a term of its own); in a chain of + and -, -A subtracts A.  */
static void
flatten (tree e, enum tree_code code, bool neg, vec<tree> *terms,
         vec<bool> *negated)
{
  tree_code c = TREE_CODE (e);
  bool additive = code == PLUS_EXPR || code == MINUS_EXPR;
  if (c == code || (additive && (c == PLUS_EXPR || c == MINUS_EXPR)))
    {
      flatten (scan_strip (TREE_OPERAND (e, 0)), code, neg, terms, negated);
      flatten (scan_strip (TREE_OPERAND (e, 1)), code,
               c == MINUS_EXPR ? !neg : neg, terms, negated);
      return;
    }
  if ((c == NEGATE_EXPR && (code == MULT_EXPR || additive))
      || (c == BIT_NOT_EXPR && code == BIT_XOR_EXPR))
    {
      flatten (scan_strip (TREE_OPERAND (e, 0)), code,
               additive ? !neg : neg, terms, negated);
      if (!additive)
        {
          terms->safe_push (build_minus_one_cst (TREE_TYPE (e)));
          negated->safe_push (false);
        }
      return;
    }
  terms->safe_push (e);
  negated->safe_push (neg);
}

/* Whether V, the value stored to y[i], is y[i-1] op E with an E equal to
   the identity, which GCC folds away: y[i-1] * 1, y[i-1] ^ 0 and
   y[i-1] - 0.0 are y[i-1]; 1 && y[i-1] and 0 || y[i-1] are
   y[i-1] != 0.  Run from the identity, the body then yields the
   identity, as it should.  */
static bool
folded_identity (reader *r, tree v)
{
  const scan_access &prev = r->l->accesses[r->recur];
  v = scan_strip (v);
  if (r->it->op != SCAN_OP_LAND && r->it->op != SCAN_OP_LOR)
    return scan_is_load_of (v, prev, r);
  return TREE_CODE (v) == NE_EXPR
         && scan_is_load_of (scan_strip (TREE_OPERAND (v, 0)), prev, r)
         && (integer_zerop (TREE_OPERAND (v, 1))
             || real_zerop (TREE_OPERAND (v, 1)));
}

/* Whether V, the value stored to y[i], is (y[i-1] | E) != 0 with E free
   of y[i-1]: GCC folds y[i-1] || E to that when E is a plain value.  */
static bool
folded_lor (reader *r, tree v)
{
  const scan_access &prev = r->l->accesses[r->recur];
  v = scan_strip (v);
  if (r->it->op != SCAN_OP_LOR || TREE_CODE (v) != NE_EXPR
      || !integer_zerop (TREE_OPERAND (v, 1)))
    return false;
  tree either = scan_strip (TREE_OPERAND (v, 0));
  if (TREE_CODE (either) != BIT_IOR_EXPR)
    return false;
  tree a = scan_strip (TREE_OPERAND (either, 0));
  tree b = scan_strip (TREE_OPERAND (either, 1));
  return (scan_is_load_of (a, prev, r) && !scan_uses_prev (r, b))
         || (scan_is_load_of (b, prev, r) && !scan_uses_prev (r, a));
}

/* What is wrong with a value the loop stores to y[i] (or sets, in a
   branch, the variable it stores to).  */
enum update_fault
{
  UPDATE_OK,
  UPDATE_SHAPE,        /* not y[i-1] op E */
  UPDATE_OTHER_SCAN,   /* E reads another array of the clause */
  UPDATE_REUSED        /* E reads y[i-1] again */
};

/* Whether V is y[i-1] op E with E free of y[i-1], or E op y[i-1] for a
   commutative op, or a folded form of one.  */
static enum update_fault
update_fault (reader *r, tree v)
{
  scan_loop *l = r->l;
  scan_item *it = r->it;
  const scan_access &prev = l->accesses[r->recur];
  if (folded_identity (r, v) || folded_lor (r, v))
    return UPDATE_OK;
  /* The chain of the operator's applications (for + and -, of both, with
     signs) must hold y[i-1] once, added; the rest is E.  */
  auto_vec<tree> terms;
  auto_vec<bool> negated;
  flatten (scan_strip (v), op_code (it->op), false, &terms, &negated);
  int found = -1;
  for (unsigned k = 0; k < terms.length (); k++)
    if (!negated[k] && scan_is_load_of (terms[k], prev, r))
      {
        found = k;
        break;
      }
  /* - takes y[i-1] first: y[i] = y[i-1] - E.  */
  if (found < 0 || (it->op == SCAN_OP_SUB && found != 0)
      || (terms.length () < 2 && !it->in_place))
    return UPDATE_SHAPE;
  for (unsigned k = 0; k < terms.length (); k++)
    if ((int) k != found
        && walk_tree (&terms[k], find_other_scan, r, NULL) != NULL_TREE)
      return UPDATE_OTHER_SCAN;
  for (unsigned k = 0; k < terms.length (); k++)
    if ((int) k != found && scan_uses_prev (r, terms[k]))
      return UPDATE_REUSED;
  return UPDATE_OK;
}

/* Say what fault F of the update is; return whether there is none.  */
static bool
report (reader *r, enum update_fault f)
{
  scan_loop *l = r->l;
  scan_item *it = r->it;
  const char *name = it->var_name, *op = l->clause->op_name;
  switch (f)
    {
    case UPDATE_OK:
      return true;
    case UPDATE_SHAPE:
      if (it->op == SCAN_OP_ADD)
        error_at (l->clause->loc, "the loop does not update %qs as %<%s[i] "
                  "= %s[i-1] + ...%> or its mirror image, nor as a linear "
                  "recurrence %<%s[i] = a * %s[i-1] + b%> (%<%s[i-1]%> read "
                  "once, never narrowed, combined by %<+%>, %<-%> and "
                  "%<*%>); make the operator of the clause match the "
                  "update", name, name, name, name, name, name);
      else
        error_at (l->clause->loc, "the loop does not update %qs as %<%s[i] "
                  "= %s[i-1] %s ...%>%s; make the operator of the clause "
                  "match the update", name, name, name, op,
                  it->op == SCAN_OP_SUB ? "" : " or its mirror image");
      break;
    case UPDATE_OTHER_SCAN:
      error_at (l->clause->loc, "the scan of %qs reads another array the "
                "same clause scans; each array of a %<scan%> clause is "
                "scanned on its own", name);
      break;
    case UPDATE_REUSED:
      error_at (l->clause->loc, "the loop combines %<%s[i-1]%> with a value "
                "that reads %<%s[i-1]%> again; a scan combines it with the "
                "rest exactly once", name, name);
      break;
    }
  return false;
}

/* Whether the store to y[i] happens in every iteration: no jump before
   it lands after it.  Says so where it does not.  */
static bool
stores_always (reader *r)
{
  scan_loop *l = r->l;
  scan_item *it = r->it;
  if (scan_always_runs (r, l->accesses[r->store].stmt))
    return true;
  error_at (l->clause->loc, "the loop may skip the store to %<%s[i]%>; a "
            "scan stores it in every iteration", it->var_name);
  return false;
}

/* Whether S is a load of y[i-1]: GCC may load it into one temporary in
   each branch, and a load is no choice of value.  */
static bool
loads_prev (reader *r, gimple *s)
{
  for (const scan_access &a : r->l->accesses)
    if (a.stmt == s && a.prev && !a.store)
      return true;
  return false;
}

/* The statements of R's body that may compute what it stores to y[i]:
   those before the store, where every jump goes forward, or all.  */
static unsigned
update_span (reader *r)
{
  gimple *store = r->l->accesses[r->store].stmt;
  if (scan_forward_only (r))
    for (unsigned k = 0; k < r->stmts.length (); k++)
      if (r->stmts[k] == store)
        return k;
  return r->stmts.length ();
}

/* A variable that the body sets in more than one statement of those
   that may compute the update, one of them setting it to a value of
   y[i-1] (the branches of ?: or of an if), or NULL_TREE.  Each branch's
   value must then be checked: the value the reader knows is the last
   one set.  A temporary that each branch loads y[i-1] into, as GCC may
   write, is no choice of value; nor is one that GCC sets again after
   the store (a conversion of y[i-1] it reuses for a store beside).  */
static tree
branched_prev (reader *r)
{
  unsigned span = update_span (r);
  hash_map<tree, unsigned> sets;
  for (unsigned k = 0; k < span; k++)
    if (scan_set_var (r->stmts[k]))
      sets.get_or_insert (scan_set_var (r->stmts[k]))++;
  hash_set<tree> checked;
  for (unsigned k = 0; k < span; k++)
    {
      tree v = scan_set_var (r->stmts[k]);
      if (!v || *sets.get (v) < 2 || checked.add (v))
        continue;
      unsigned loads = 0;
      bool from_prev = false;
      for (unsigned j = 0; j < span; j++)
        if (scan_set_var (r->stmts[j]) == v)
          {
            gimple *t = r->stmts[j];
            loads += loads_prev (r, t);
            from_prev |= scan_uses_prev (r, scan_assigned_value (r, t));
          }
      if (loads < *sets.get (v) && from_prev)
        return v;
    }
  return NULL_TREE;
}

/* Check the update where branches set F, the variable stored to y[i],
   and one of them to a value of y[i-1]: each branch's value must be
   y[i-1] op E_k by itself, so that the loop stores
   y[i-1] op (the E_k of the branch taken).  */
static bool
check_branches (reader *r, tree f)
{
  scan_loop *l = r->l;
  scan_item *it = r->it;
  for (gimple *s : r->stmts)
    {
      if (scan_set_var (s) != f)
        continue;
      tree v = scan_assigned_value (r, s);
      if (!scan_uses_prev (r, v) && scan_segment_op (it->op))
        {
          /* A reset: a segmented scan (recurrence.cc).  */
          if (!report (r, walk_tree (&v, find_other_scan, r, NULL)
                          ? UPDATE_OTHER_SCAN : UPDATE_OK))
            return false;
          it->form = SCAN_FORM_SEGMENT;
          continue;
        }
      if (!scan_uses_prev (r, v))
        {
          error_at (l->clause->loc, "in some iterations the loop sets "
                    "%<%s[i]%> to a value that does not combine "
                    "%<%s[i-1]%>; a scan combines %<%s[i-1]%> by %qs in "
                    "every branch", it->var_name, it->var_name, it->var_name,
                    l->clause->op_name);
          return false;
        }
      if (!report (r, update_fault (r, v)))
        return false;
    }
  return true;
}

/* V, where it chooses between two values by comparing them (`c ? a : b'
   with c `a < b', `b > a' and the like, as std::min and std::max compute
   once inline.cc has read them), as their MIN_EXPR or MAX_EXPR; else
   V.  */
static tree
select_as_minmax (tree v)
{
  tree s = scan_strip (v);
  if (TREE_CODE (s) != COND_EXPR)
    return v;
  tree c = scan_strip (TREE_OPERAND (s, 0));
  tree a = TREE_OPERAND (s, 1), b = TREE_OPERAND (s, 2);
  if (!COMPARISON_CLASS_P (c))
    return v;
  tree p = TREE_OPERAND (c, 0), q = TREE_OPERAND (c, 1);
  bool less;
  switch (TREE_CODE (c))
    {
    case LT_EXPR: case LE_EXPR: less = true; break;
    case GT_EXPR: case GE_EXPR: less = false; break;
    default: return v;
    }
  bool min;
  /* p < q ? p : q is the smaller, p < q ? q : p the greater.  */
  if (operand_equal_p (p, a, 0) && operand_equal_p (q, b, 0))
    min = less;
  else if (operand_equal_p (p, b, 0) && operand_equal_p (q, a, 0))
    min = !less;
  else
    return v;
  return build2 (min ? MIN_EXPR : MAX_EXPR, TREE_TYPE (s), a, b);
}

/* Check that V, the value stored to y[i], is y[i-1] op E with E free of
   y[i-1], or E op y[i-1] for a commutative op, or a form GCC folds one
   into; and that nothing else reads y[i-1].  */
bool
scan_check_update (reader *r, tree v)
{
  scan_loop *l = r->l;
  scan_item *it = r->it;
  const char *name = it->var_name, *op = l->clause->op_name;

  if (!stores_always (r))
    return false;
  /* y[i] = a1 * y[i-1] + a2 * y[i-2] + b, and higher orders: under `+',
     a linear recurrence, or nothing.  */
  if (r->order > 1)
    return scan_linear_update (r);
  /* A value of y[i-1] set in branches is the flag stored, or the loop
     uses it in a way the value the reader knows does not show.  */
  tree flag = scan_stored_flag (r, l->accesses[r->store].stmt);
  tree branched = branched_prev (r);
  /* y[i] = a * y[i-1] + b, and the like: a linear recurrence, maybe
     computed in one variable set again and again (t = y[i-1];
     t = t * a; ...), or with branches that compute its operands or skip
     a step; none is a plain scan.  */
  if (it->op == SCAN_OP_ADD && scan_affine_update (r))
    {
      it->form = SCAN_FORM_AFFINE;
      it->order = 1;
      return true;
    }
  if (branched && branched != flag)
    {
      error_at (l->clause->loc, "the loop computes a value from "
                "%<%s[i-1]%> in branches and goes on computing with it; "
                "a scan stores the value each branch computes", name);
      return false;
    }
  if (!branched && (folded_identity (r, v) || folded_lor (r, v)))
    return true;
  if (it->op == SCAN_OP_LAND || it->op == SCAN_OP_LOR)
    return branched ? check_branches (r, flag) : check_logical (r);
  if ((it->op == SCAN_OP_MIN || it->op == SCAN_OP_MAX) && check_select (r))
    return true;
  if (it->op == SCAN_OP_MIN || it->op == SCAN_OP_MAX)
    v = select_as_minmax (v);

  /* A branch after the store to y[i], where every jump goes forward,
     decides only what follows the update: stores beside the clause
     (`z[i] = (double) (y[i-1] < x[i])', which GCC writes with a branch),
     which analyze.cc checks, and late items.  */
  unsigned span = update_span (r);
  for (unsigned j = 0, k = 0; j < span; j++)
    {
      gimple *s = r->stmts[j];
      if (gimple_code (s) != GIMPLE_COND)
        continue;
      tree x = r->cond_operands[2 * k], y = r->cond_operands[2 * k + 1];
      k++;
      if (scan_uses_prev (r, x) || scan_uses_prev (r, y))
        {
          error_at (l->clause->loc, "the loop branches on %<%s[i-1]%>; a "
                    "scan only combines it with the rest by %<%s%>", name,
                    op);
          return false;
        }
    }
  if (branched)
    return check_branches (r, flag);
  return report (r, update_fault (r, v));
}
