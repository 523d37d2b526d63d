/* SPDX-License-Identifier: GPL-3.0-or-later */
/* linear.cc: linear recurrences of an order K from 2 to SCAN_MAX_ORDER
   under scan(+: y),

     y[i] = a1 * y[i-1] + ... + aK * y[i-K] + b     a and b free of y,

   scanned as the maps v -> M v + c of the vectors v = (y[i-1], ...,
   y[i-K]) to (y[i], ..., y[i-K+1]): M's first row the coefficients a,
   the rows below it the shift, c = (b, 0, ...) (loop.h's pair).

   The body may compute the value it stores by +, -, *, unary -, a
   left shift by a constant, and for floating types / by a value free of
   y, in any order, through variables and branches that jump forward
   only and do not test what depends on y.  This file follows each value
   that does, a *linear* value, as its parts: its coefficient of each
   y[i-j] and its part free of y, each in a variable of its own,
   unsigned for integers, so that they wrap as C's arithmetic does
   modulo the element's width.  The walk that checks the body builds, for
   the input copy, the statements that compute the parts in place of
   those that compute linear values, and sets the pair from the parts of
   the value stored; the copy then stores nothing, as recurrence.cc's
   do.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimplify.h"
#include "diagnostic-core.h"
#include "fold-const.h"

#include "analyze/reader.h"

/* The walk over the body: the linear values found so far, each with its
   parts, and the statements that replace or follow the body's.  */
struct linear_walk
{
  reader *r;
  unsigned k;                     /* the order */
  bool build;                     /* build the copy's statements */
  hash_map<tree, unsigned> linear; /* a variable: its parts' first index
                                      in PARTS */
  auto_vec<tree> parts;           /* K + 1 each: free, then of y[i-j];
                                     NULL_TREE where no statement sets
                                     it to what may not be 0 */
  /* Of each linear variable: a bit for each part that some statement
     sets to what may not be 0, found by walks until none changes it
     (CHANGED), before the walk that builds: the others are no variables
     at all, and add no products of 0, which for floating types GCC
     cannot drop.  */
  hash_map<tree, unsigned> *present;
  bool changed;
  gimple_seq start;               /* the parts set to 0 */
  /* Per statement of the body: what the copy runs in its place (NULL
     to keep it), and after it.  */
  auto_vec<gimple_seq> instead, after;
  auto_vec<bool> replaced;
};

/* The type the parts of a linear value of TYPE are computed in.  */
static tree
part_type (tree type)
{
  return INTEGRAL_TYPE_P (type) ? unsigned_type_for (type) : type;
}

/* The bits of linear variable V's parts that may not be 0.  */
static unsigned
present (linear_walk *w, tree v)
{
  unsigned *m = w->present->get (v);
  return m ? *m : 0;
}

/* Part J of operand X, in TYPE, or NULL_TREE where it is 0: a linear
   variable's, or of a value free of y, itself (J = 0).  Before the
   walk that builds, what stands for a part that may not be 0 is 0.  */
static tree
part_of (linear_walk *w, tree x, unsigned j, tree type)
{
  if (unsigned *at = VAR_P (x) ? w->linear.get (x) : NULL)
    {
      if (!(present (w, x) & (1u << j)))
        return NULL_TREE;
      return w->build ? fold_convert (type, w->parts[*at + j])
                      : build_zero_cst (type);
    }
  return j ? NULL_TREE : fold_convert (type, unshare_expr (x));
}

/* The first index of V's parts, making them where V is new.  */
static unsigned
parts_of (linear_walk *w, tree v)
{
  if (unsigned *at = w->linear.get (v))
    return *at;
  unsigned at = w->parts.length ();
  tree t = part_type (TREE_TYPE (v));
  for (unsigned j = 0; j <= w->k; j++)
    {
      tree p = NULL_TREE;
      if (w->build && (present (w, v) & (1u << j)))
        {
          p = scanomp_tmp_var (t, "scan_part");
          gimplify_assign (p, build_zero_cst (t), &w->start);
        }
      w->parts.safe_push (p);
    }
  w->linear.put (v, at);
  return at;
}

/* Whether X is a linear variable.  */
static bool
is_linear (linear_walk *w, tree x)
{
  return VAR_P (x) && w->linear.get (x);
}

/* Whether expression E reads a linear variable.  */
static bool
has_linear (linear_walk *w, tree e)
{
  for (auto v : w->linear)
    if (scanomp_contains (e, v.first))
      return true;
  return false;
}

/* Whether statement S reads a linear variable: with WHOLE, as one of its
   operands themselves, not within another (x[t], f (t), &t), where it
   reads none otherwise.  */
static bool
reads_linear (linear_walk *w, gimple *s, bool whole = false)
{
  bool reads = false;
  unsigned first = is_gimple_assign (s) || is_gimple_call (s) ? 1 : 0;
  for (unsigned k = first; k < gimple_num_ops (s); k++)
    if (tree op = gimple_op (s, k))
      {
        if (whole && is_linear (w, op))
          reads = true;
        else if (has_linear (w, op))
          return !whole;
      }
  /* A store through a pointer held in a linear variable.  */
  if (first && gimple_op (s, 0) && !VAR_P (gimple_op (s, 0))
      && has_linear (w, gimple_op (s, 0)))
    return !whole;
  return reads;
}

/* Into BUF, of SIZE bytes, the form of a linear recurrence of order K
   on Y: `y[i] = a1 * y[i-1] + a2 * y[i-2] + b'.  */
static void
form_of (char *buf, size_t size, const char *y, unsigned k)
{
  int n = snprintf (buf, size, "%s[i] = ", y);
  for (unsigned j = 1; j <= k && n > 0 && (size_t) n < size; j++)
    n += snprintf (buf + n, size - n, "a%u * %s[i-%u] + ", j, y, j);
  if (n > 0 && (size_t) n < size)
    snprintf (buf + n, size - n, "b");
}

/* What refuse says of an operation other than the ones followed.  */
#define OTHER_OP "computes by other than +, -, * and / with a value"

/* Say at S what the loop does, WHAT (`branches on a value'), computed
   from its array, which a linear recurrence does not; false.  */
static bool
refuse (linear_walk *w, gimple *s, const char *what)
{
  reader *r = w->r;
  const char *y = r->it->var_name;
  char form[160];
  form_of (form, sizeof form, y, w->k);
  error_at (gimple_location (s), "the loop %s computed from %<%s[i-1]%> "
            "to %<%s[i-%u]%>; a linear recurrence of order %u stores "
            "%<%s%>, with the a and b free of %qs", what, y, y, w->k, w->k,
            form, y);
  inform (r->loc, "for this %<scan%> clause");
  return false;
}

/* The parts of a value free of y, V, in PT: V itself, then 0
   (NULL_TREE).  */
static tree
free_part (tree v, unsigned j, tree pt)
{
  return j ? NULL_TREE : fold_convert (pt, unshare_expr (v));
}

/* Set the parts of linear variable V, at statement POS, to those of
   EACH (J, V's part type), NULL_TREE for 0.  */
template <typename F>
static void
set_parts (linear_walk *w, tree v, unsigned pos, F each)
{
  unsigned at = parts_of (w, v);
  tree t = part_type (TREE_TYPE (v));
  tree *value = XALLOCAVEC (tree, w->k + 1);
  unsigned mask = 0;
  for (unsigned j = 0; j <= w->k; j++)
    if ((value[j] = each (j, t)))
      mask |= 1u << j;
  unsigned &bits = w->present->get_or_insert (v);
  if ((bits | mask) != bits)
    {
      gcc_assert (!w->build);
      bits |= mask;
      w->changed = true;
    }
  if (!w->build)
    return;
  /* All read before any is set: V may be an operand.  */
  gimple_seq *seq = &w->after[pos];
  for (unsigned j = 0; j <= w->k; j++)
    if (bits & (1u << j))
      {
        tree e = value[j] ? value[j] : build_zero_cst (t);
        value[j] = scanomp_tmp_var (t, "scan_part");
        gimplify_assign (value[j], e, seq);
      }
  for (unsigned j = 0; j <= w->k; j++)
    if (bits & (1u << j))
      gimplify_assign (w->parts[at + j], value[j], seq);
}

/* Read assignment S, at POS, which reads a linear variable and sets LHS,
   a variable: the parts of its value.  */
static bool
assign_linear (linear_walk *w, gimple *s, unsigned pos, tree lhs)
{
  tree t = w->r->it->type;
  enum tree_code code = gimple_assign_rhs_code (s);
  tree a = gimple_assign_rhs1 (s), b = gimple_assign_rhs2 (s);
  bool la = is_linear (w, a), lb = b && is_linear (w, b);
  bool followed = (code == PLUS_EXPR || code == MINUS_EXPR
                   || code == MULT_EXPR || code == RDIV_EXPR
                   || code == LSHIFT_EXPR || code == NEGATE_EXPR
                   || ((gimple_assign_single_p (s)
                        || CONVERT_EXPR_CODE_P (code)) && la));
  if (!followed || !reads_linear (w, s, true))
    return refuse (w, s, OTHER_OP);
  if (!scan_carries (TREE_TYPE (lhs), t))
    return refuse (w, s, "converts to a narrower type a value");
  /* A sum or a difference: a part 0 in one operand is the other's.  */
  auto binary = [&] (tree_code c) {
    set_parts (w, lhs, pos, [&] (unsigned j, tree pt) {
        tree p = part_of (w, a, j, pt), q = part_of (w, b, j, pt);
        if (!p || !q)
          return !q ? p : c == MINUS_EXPR ? fold_build1 (NEGATE_EXPR, pt, q)
                                          : q;
        return fold_build2 (c, pt, p, q);
      });
    return true;
  };
  /* One operand, linear, scaled by the other, free of y.  */
  auto scaled = [&] (tree_code c, tree x, tree by) {
    set_parts (w, lhs, pos, [&] (unsigned j, tree pt) {
        tree p = part_of (w, x, j, pt);
        return !p ? NULL_TREE
               : fold_build2 (c, pt, p, c == LSHIFT_EXPR ? by
                              : fold_convert (pt, unshare_expr (by)));
      });
    return true;
  };
  switch (code)
    {
    case PLUS_EXPR:
    case MINUS_EXPR:
      return binary (code);
    case MULT_EXPR:
      if (la && lb)
        return refuse (w, s, "multiplies two values");
      return la ? scaled (code, a, b) : scaled (code, b, a);
    case RDIV_EXPR:
      if (lb)
        return refuse (w, s, "divides by a value");
      return scaled (code, a, b);
    case LSHIFT_EXPR:
      if (lb || TREE_CODE (b) != INTEGER_CST || !INTEGRAL_TYPE_P (t))
        return refuse (w, s, "shifts by other than a constant a value");
      return scaled (code, a, b);
    case NEGATE_EXPR:
      set_parts (w, lhs, pos, [&] (unsigned j, tree pt) {
          tree p = part_of (w, a, j, pt);
          return p ? fold_build1 (NEGATE_EXPR, pt, p) : NULL_TREE;
        });
      return true;
    default:
      /* A copy or a conversion.  */
      set_parts (w, lhs, pos, [&] (unsigned j, tree pt) {
          return part_of (w, a, j, pt);
        });
      return true;
    }
}

/* Set the pair of W's item, at the store POS of linear value V, to the
   map of the iteration: c = (V's free part, 0, ...), M's first row V's
   coefficients, the shift below it.  */
static void
set_pair (linear_walk *w, tree v, unsigned pos)
{
  scan_item *it = w->r->it;
  tree t = it->type;
  unsigned k = w->k;
  gimple_seq *seq = &w->instead[pos];
  auto set = [&] (unsigned field, tree e) {
    gimplify_assign (scanomp_pair_field (it->pair, field),
                     fold_convert (t, e), seq);
  };
  /* The zeros of c are the identity of `+', -0.0 for floating types,
     which the shift adds to the values it moves.  */
  tree pt = part_type (TREE_TYPE (v));
  tree free = part_of (w, v, 0, pt);
  for (unsigned j = 0; j < k; j++)
    set (scanomp_map_c (j), j || !free ? scanomp_identity (SCAN_OP_ADD, t)
                                       : free);
  for (unsigned row = 0; row < k; row++)
    for (unsigned col = 0; col < k; col++)
      {
        tree m = row == 0 ? part_of (w, v, col + 1, pt) : NULL_TREE;
        set (scanomp_map_m (k, row, col),
             m ? m : build_int_cst (integer_type_node, col + 1 == row));
      }
}

/* The lag of the read of y that statement S makes, or 0.  */
static int
lag_of (reader *r, gimple *s)
{
  for (const scan_access &a : r->l->accesses)
    if (a.stmt == s && a.prev && !a.store)
      return a.lag;
  return 0;
}

/* Walk the body R has read: check it computes a linear recurrence of
   order R->order, and with BUILD, build the input copy's statements.  */
static bool
walk (linear_walk *w)
{
  reader *r = w->r;
  scan_loop *l = r->l;
  scan_item *it = r->it;
  if (it->in_place)
    {
      char form[160];
      form_of (form, sizeof form, it->var_name, w->k);
      error_at (l->clause->loc, "the loop reads %<%s[i]%> before it stores "
                "it; a linear recurrence stores %<%s%>", it->var_name, form);
      return false;
    }
  if (!scan_forward_only (r))
    {
      error_at (l->clause->loc, "the loop reads %<%s[i-%u]%> and jumps "
                "back, which a linear recurrence does not",
                it->var_name, w->k);
      return false;
    }
  gimple *store = l->accesses[r->store].stmt;
  unsigned n = r->stmts.length ();
  w->instead.truncate (0);
  w->after.truncate (0);
  w->replaced.truncate (0);
  w->instead.safe_grow_cleared (n);
  w->after.safe_grow_cleared (n);
  w->replaced.safe_grow_cleared (n);
  bool stored = false;
  for (unsigned pos = 0; pos < n; pos++)
    {
      gimple *s = r->stmts[pos];
      tree lhs = is_gimple_assign (s) ? gimple_assign_lhs (s) : NULL_TREE;
      if (int lag = lag_of (r, s))
        {
          if (!VAR_P (lhs) || !scan_carries (TREE_TYPE (lhs), it->type))
            return refuse (w, s, "converts to a narrower type a value");
          w->replaced[pos] = true;
          set_parts (w, lhs, pos, [&] (unsigned j, tree pt) {
              return (int) j == lag ? build_one_cst (pt) : NULL_TREE;
            });
          continue;
        }
      if (s == store)
        {
          tree v = gimple_assign_rhs1 (s);
          if (!is_linear (w, v))
            return refuse (w, s, "stores to its array a value not");
          w->replaced[pos] = true;
          if (w->build)
            set_pair (w, v, pos);
          stored = true;
          continue;
        }
      if (gimple_code (s) == GIMPLE_COND || gimple_code (s) == GIMPLE_SWITCH)
        {
          if (reads_linear (w, s))
            return refuse (w, s, "branches on a value");
          continue;
        }
      /* A value free of y: a linear variable set to one has it as its
         free part.  */
      auto set_free = [&] () {
        if (VAR_P (lhs) && w->linear.get (lhs))
          set_parts (w, lhs, pos, [&] (unsigned j, tree pt) {
              return free_part (lhs, j, pt);
            });
      };
      if (is_gimple_call (s))
        {
          if (reads_linear (w, s))
            return refuse (w, s, "passes to a function a value");
          lhs = gimple_call_lhs (s);
          set_free ();
          continue;
        }
      if (!lhs)
        continue;
      bool reads = reads_linear (w, s);
      /* A store beside the array: the copy makes none.  */
      if (!VAR_P (lhs))
        {
          bool access = false;
          for (const scan_access &a : l->accesses)
            access |= a.stmt == s && a.store;
          if (reads && (!access || !reads_linear (w, s, true)))
            return refuse (w, s, "keeps in memory a value");
          continue;
        }
      if (!reads)
        {
          set_free ();
          continue;
        }
      w->replaced[pos] = true;
      if (!assign_linear (w, s, pos, lhs))
        return false;
    }
  return stored;
}

/* Walk the body R has read until the parts that may not be 0 are known,
   into PRESENT, and, with BUILD, once more to build the copy's
   statements into W.  */
static bool
walks (reader *r, hash_map<tree, unsigned> *present, bool build,
       linear_walk *w)
{
  while (true)
    {
      linear_walk probe;
      probe.r = r;
      probe.k = r->order;
      probe.build = false;
      probe.present = present;
      probe.changed = false;
      probe.start = NULL;
      if (!walk (&probe))
        return false;
      if (!probe.changed)
        break;
    }
  if (!build)
    return true;
  w->r = r;
  w->k = r->order;
  w->build = true;
  w->present = present;
  w->changed = false;
  w->start = NULL;
  return walk (w);
}

bool
scan_linear_update (reader *r)
{
  hash_map<tree, unsigned> present;
  if (r->it->op != SCAN_OP_ADD || !walks (r, &present, false, NULL))
    return false;
  r->it->form = SCAN_FORM_AFFINE;
  r->it->order = r->order;
  return true;
}

bool
scan_build_linear (reader *r)
{
  scan_loop *l = r->l;
  scan_item *it = r->it;
  gimple_seq copy = gimple_seq_copy (gimple_omp_body (l->loop));
  auto_vec<gimple_stmt_iterator> at;
  scan_statement_iterators (&copy, &at);
  gcc_assert (at.length () == r->stmts.length ());

  push_gimplify_context ();
  it->pair = scanomp_tmp_var (it->pair_type, "scan_pair");
  hash_map<tree, unsigned> present;
  linear_walk w;
  bool ok = walks (r, &present, true, &w);
  gcc_assert (ok);
  /* The reads of y[i] after its store read 0, and the copy stores
     nothing.  */
  for (const scan_access &a : l->accesses)
    {
      unsigned pos = scan_position (r, a.stmt);
      gimple *s = gsi_stmt (at[pos]);
      if (a.after && !w.replaced[pos])
        gimple_assign_set_rhs_from_tree
          (&at[pos], build_zero_cst (TREE_TYPE (gimple_assign_lhs (s))));
      else if (a.store && !w.replaced[pos])
        w.replaced[pos] = true;
    }
  for (unsigned pos = 0; pos < at.length (); pos++)
    {
      if (w.after[pos])
        gsi_insert_seq_after (&at[pos], w.after[pos], GSI_SAME_STMT);
      if (w.replaced[pos])
        {
          gimple_seq instead = w.instead[pos];
          if (!instead)
            instead = gimple_seq_alloc_with_stmt (gimple_build_nop ());
          gsi_insert_seq_before (&at[pos], instead, GSI_SAME_STMT);
          gsi_remove (&at[pos], true);
        }
    }
  pop_gimplify_context (NULL);
  gimple_seq_add_seq (&w.start, copy);
  l->input = w.start;

  /* The copy's accesses, for the kernels, its gathers too (analyze.cc's
     read_body).  */
  reader in;
  scan_reader_init (&in, l, r->it, r->loc, l->input);
  in.gather_reads = true;
  scan_read_seq (&in, l->input);
  return in.ok;
}
