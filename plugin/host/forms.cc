/* SPDX-License-Identifier: GPL-3.0-or-later */
/* forms.cc: the loops over positions the host path's functions are built
   around (host.cc), the scan function's two faster forms, where a loop
   allows them: an `omp simd' loop with an inscan reduction, which GCC
   vectorizes (simd_code), and floating-point sums taking their
   positions in groups (group_size); and the reduce function of a
   recurrence's pairs in interleaved lanes (lane_count).  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "gimplify.h"
#include "fold-const.h"

#include "host/build.h"

/* The reduction code of the scan function of L's N items where it is an
   `omp simd' loop with an inscan reduction, which GCC vectorizes (an
   in-register scan of each vector, a vector store), else ERROR_MARK: a
   single array or scan variable, where optimizing, not a C++ reference,
   not an inscan loop with an initialization phase (which GCC's simd
   loop would run apart from the input phase, analyze/init.cc), nor a
   loop whose stores read y[i-1] (which the simd loop's scan phase does
   not have), of
   arithmetic elements with `+' or `-', or of integers with `&', `|'
   or `^'.  The scalar loop stores an element at a time and is bound by
   that: on the machine measured (2^14 elements in cache, one thread),
   0.61 ns an int `+' against the vector loop's 0.23, 0.97 ns a float
   against 0.51, and 0.56 ns an int `^' against 0.28; doubles, two to a
   vector, gain nothing and lose nothing.  GCC 12 vectorizes no inscan
   `*' of floats, nor min or max; an integer `*' is left out, as its
   vector lanes' products from the identity may overflow where the
   loop's prefixes do not.  Of a scan clause, the input phase is the body
   from the identity, as in the reduce function, and the scan phase the
   body again, storing the prefix where it stores y[i]; an inscan loop's
   phases are its own.  Integers narrower than int stay scalar: the
   reduction computes in their own type, where C computes in int and
   truncates, so that a `short' prefix past SHRT_MAX would overflow
   (UBSan found it).  */
tree_code
host_simd_code (scan_loop *l)
{
  /* The only item, where the loop has one.  */
  const scan_item *it = &l->items[0];
  tree t = it->type;
  bool wide = (INTEGRAL_TYPE_P (t) && TREE_CODE (t) != BOOLEAN_TYPE
               && TYPE_PRECISION (t) >= TYPE_PRECISION (integer_type_node));
  if (!optimize || l->n != 1 || (l->inscan && it->host_var != it->var)
      || it->form != SCAN_FORM_PLAIN || l->init_end != UNKNOWN_LOCATION
      || l->output_from_prev)
    return ERROR_MARK;
  switch (it->op)
    {
    case SCAN_OP_ADD:
    case SCAN_OP_SUB:
      return wide || SCALAR_FLOAT_TYPE_P (t) ? PLUS_EXPR : ERROR_MARK;
    case SCAN_OP_AND:
      return wide ? BIT_AND_EXPR : ERROR_MARK;
    case SCAN_OP_OR:
      return wide ? BIT_IOR_EXPR : ERROR_MARK;
    case SCAN_OP_XOR:
      return wide ? BIT_XOR_EXPR : ERROR_MARK;
    default:
      return ERROR_MARK;
    }
}

/* walk_gimple_seq callback: count the statements in DATA's info, and
   stop at one that branches (a label, which a branch goes to).  */
static tree
count_stmt (gimple_stmt_iterator *gsi, bool *handled,
            struct walk_stmt_info *wi)
{
  gimple *s = gsi_stmt (*gsi);
  if (gimple_code (s) == GIMPLE_LABEL)
    {
      *handled = true;
      return integer_one_node;
    }
  if (!is_gimple_debug (s))
    ++*(unsigned *) wi->info;
  return NULL_TREE;
}

/* The positions a group of the scan function of L's items takes, or 0
   where it has no grouped form: a floating-point `+' or `-' of the simd
   form (see simd_code).  Each group scans its elements from the identity,
   a short chain of adds, and adds the carry to each of them, which
   carries one add a group: the adds of different groups overlap, where
   the loop waits an add's latency for every element.  GCC's vector form
   gains nothing for doubles (its two-lane scan waits on the carry as
   long), and half of it for floats.  On the machine measured (2^10 to
   2^14 elements in cache, one thread, a hand-written loop of this form):
   groups of 8 took 0.34 ns a double and 0.35 a float, groups of 4 0.38
   and 0.39, the vector form 0.95 and 0.49, the sequential loop 0.93.  Its
   rounding is that of adding each group's prefixes to the carry: it
   differs from the loop's, as the vector form's does, but not from run to
   run.  The function holds 18 copies of the body: not where optimizing
   for size, nor for a body that branches (its branches cost more than the
   latency: a float body with an if took 1.65 to 2.05 ns an element
   grouped, against 1.05 in the simd form, measured as above) or one of
   more than 40 statements, whose own work hides the latency.  */
unsigned
host_group_size (scan_loop *l)
{
  if (host_simd_code (l) != PLUS_EXPR
      || !SCALAR_FLOAT_TYPE_P (l->items[0].type) || optimize_size)
    return 0;
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  unsigned count = 0;
  wi.info = &count;
  if (walk_gimple_seq (gimple_omp_body (l->loop), count_stmt, NULL, &wi))
    return 0;
  return count <= 40 ? 8 : 0;
}

/* for (P = START; P < END; P++) as `#pragma omp simd reduction (inscan,
   CODE: S)', with BEFORE then, after `#pragma omp scan inclusive (S)' (or
   EXCLUSIVE), AFTER, as GCC's front ends give it to the gimplifier.  */
gimple *
host_simd_loop (tree p, tree start, tree end, tree s, tree_code code,
           bool exclusive, gimple_seq before, gimple_seq after)
{
  tree lt = TREE_TYPE (p);
  tree linear = build_omp_clause (UNKNOWN_LOCATION, OMP_CLAUSE_LINEAR);
  OMP_CLAUSE_DECL (linear) = p;
  OMP_CLAUSE_LINEAR_STEP (linear) = build_int_cst (lt, 1);
  OMP_CLAUSE_LINEAR_NO_COPYIN (linear) = 1;
  OMP_CLAUSE_LINEAR_NO_COPYOUT (linear) = 1;
  tree reduction = build_omp_clause (UNKNOWN_LOCATION, OMP_CLAUSE_REDUCTION);
  OMP_CLAUSE_DECL (reduction) = s;
  OMP_CLAUSE_REDUCTION_CODE (reduction) = code;
  OMP_CLAUSE_REDUCTION_INSCAN (reduction) = 1;
  OMP_CLAUSE_CHAIN (linear) = reduction;
  tree which = build_omp_clause (UNKNOWN_LOCATION,
                                exclusive ? OMP_CLAUSE_EXCLUSIVE
                                          : OMP_CLAUSE_INCLUSIVE);
  OMP_CLAUSE_DECL (which) = s;
  gimple_seq body = NULL;
  gimple_seq_add_stmt (&body, gimple_build_omp_scan (before, NULL_TREE));
  gimple_seq_add_stmt (&body, gimple_build_omp_scan (after, which));
  gomp_for *loop = gimple_build_omp_for (body, GF_OMP_FOR_KIND_SIMD, linear,
                                         1, NULL);
  gimple_omp_for_set_index (loop, 0, p);
  gimple_omp_for_set_initial (loop, 0, start);
  gimple_omp_for_set_final (loop, 0, end);
  gimple_omp_for_set_cond (loop, 0, LT_EXPR);
  gimple_omp_for_set_incr (loop, 0, build2 (PLUS_EXPR, lt, p,
                                            build_int_cst (lt, 1)));
  return loop;
}

/* Append to *SEQ `while (P < BOUND) { BODY; P += BY; }', as `goto test;
   top: BODY; P += BY; test: if (P < BOUND) goto top;'.  */
void
host_add_while (tree p, tree bound, unsigned by, gimple_seq body,
                gimple_seq *seq)
{
  tree top = create_artificial_label (UNKNOWN_LOCATION);
  tree test = create_artificial_label (UNKNOWN_LOCATION);
  tree out = create_artificial_label (UNKNOWN_LOCATION);
  gimple_seq_add_stmt (seq, gimple_build_goto (test));
  gimple_seq_add_stmt (seq, gimple_build_label (top));
  gimple_seq_add_seq (seq, body);
  tree lt = TREE_TYPE (p);
  gimplify_assign (p, fold_build2 (PLUS_EXPR, lt, p, build_int_cst (lt, by)),
                   seq);
  gimple_seq_add_stmt (seq, gimple_build_label (test));
  gimple_seq_add_stmt (seq, gimple_build_cond (LT_EXPR, p, bound, top, out));
  gimple_seq_add_stmt (seq, gimple_build_label (out));
}

/* The loop's index IV at position AT (of type long): BASE + AT * STEP.  */
tree
host_index_at (tree iv, tree base, tree step, tree at)
{
  tree lt = TREE_TYPE (at);
  return fold_convert (TREE_TYPE (iv),
                       fold_build2 (PLUS_EXPR, lt, base,
                                    fold_build2 (MULT_EXPR, lt, at, step)));
}

/* Append to *SEQ the grouped form's loop (see group_size) over positions
   P from START to END: groups of GROUP positions, then the positions
   left one at a time.  Each position has copies of its own of the two
   phases, INPUTS[C] and OUTPUTS[C] (GROUP + 1 of each, the last for the
   positions left), as the simd form makes them (host.cc); IV
   is BASE + P * STEP.  */
void
host_add_groups (host_copy *o, unsigned group, gimple_seq *inputs,
            gimple_seq *outputs, tree iv, tree base, tree step, tree p,
            tree start, tree end, gimple_seq *seq)
{
  scan_loop *l = o->l;
  /* The grouped form's one item (host_group_size).  */
  const scan_item *it = &l->items[0];
  tree lt = TREE_TYPE (p), carry = o->carry[0];
  bool exclusive = l->inscan && l->exclusive;
  auto local = [&] (const char *name) {
    tree v = scanomp_tmp_var (it->type, name);
    TREE_ADDRESSABLE (v) = TREE_ADDRESSABLE (carry);
    return v;
  };
  gimple_seq body = NULL;
  auto set_iv = [&] (unsigned g) {
    tree at = fold_build2 (PLUS_EXPR, lt, p, build_int_cst (lt, g));
    gimplify_assign (iv, host_index_at (iv, base, step, at), &body);
  };
  auto add_copy = [&] (gimple_seq copy) {
    host_forget_labels (o);
    host_remap_seq (o, &copy);
    gimple_seq_add_seq (&body, copy);
  };
  /* while (P < BOUND) positions P to P + SIZE - 1, with the copies from
     FIRST on: each one's part from the identity (an inscan loop's
     variable), the prefixes of the parts, and each position's scan phase
     with the carry and its prefix combined (an exclusive scan's with the
     prefix before it).  */
  auto loop = [&] (tree bound, unsigned size, unsigned first) {
    body = NULL;
    auto_vec<tree> sums;
    for (unsigned g = 0; g < size; g++)
      {
        set_iv (g);
        tree part = local ("scan_part");
        gimplify_assign (part, host_identity (it), &body);
        for (const host_copy::marker &m : o->markers)
          if (!m.output)
            o->map.put (m.decl, part);
        if (l->inscan)
          o->map.put (it->var, part);
        add_copy (inputs[first + g]);
        if (g)
          {
            tree sum = local ("scan_sum");
            gimplify_assign (sum, host_combined (it, sums.last (), part),
                             &body);
            part = sum;
          }
        sums.safe_push (part);
      }
    tree dead = local ("scan_dead");
    for (unsigned g = 0; g < size; g++)
      {
        set_iv (g);
        tree prefix = local ("scan_prefix");
        if (exclusive && !g)
          gimplify_assign (prefix, carry, &body);
        else
          gimplify_assign (prefix,
                           host_combined (it, carry, sums[g - exclusive]),
                           &body);
        gimplify_assign (dead, host_identity (it), &body);
        host_map_scan_phase (o, prefix, dead);
        if (l->inscan)
          o->map.put (it->var, prefix);
        add_copy (outputs[first + g]);
      }
    gimplify_assign (carry, host_combined (it, carry, sums.last ()), &body);
    host_add_while (p, bound, size, body, seq);
  };
  tree last = scanomp_tmp_var (lt, "scan_last_group");
  gimplify_assign (last, fold_build2 (MINUS_EXPR, lt, end,
                                      build_int_cst (lt, group - 1)), seq);
  gimplify_assign (p, start, seq);
  loop (last, group, 0);
  loop (end, 1, group);
}

/* The lanes of L's reduce function where it combines a recurrence's
   pairs (its one item), else 0: that many ranges of the block, each
   combined into a carry of its own in one loop that steps through them
   side by side, and the carries combined in order after it.  A
   recurrence's combine is a chain as long as the loop's own (a multiply
   and an add an element for order 1, a row of the companion matrix for
   higher orders), which lanes turn into independent chains the core
   overlaps.  On the machine measured (2 cores, GCC 12, bench-recurrence,
   2 threads), the loops ran at these times the sequential loop's speed
   with one chain, then four lanes: an IIR biquad (order 2) 1.43, 1.37
   and 1.36 at 2^16, 2^20 and 2^24 doubles, then 1.48, 1.50 and 1.48;
   y[i] = a[i] * y[i-1] + b[i] 1.26 and 1.30 at 2^24, then 1.43 (with
   the head a whole block, as for a reduce that costs what the scan
   does); 2 and 8 lanes measured no better than 4.  The reduce then costs
   about half the scan, which the head's length follows
   (scanomp_host_lanes, SCANRT_HALF_REDUCE).  */
unsigned
host_lane_count (scan_loop *l)
{
  if (!optimize || optimize_size || l->n != 1
      || l->items[0].form == SCAN_FORM_PLAIN)
    return 0;
  return 4;
}

bool
scanomp_host_lanes (scan_loop *l)
{
  return host_lane_count (l) != 0;
}

/* Append to *SEQ the reduce function's loop in LANES lanes (see
   lane_count) over positions P from START to END: lane G takes
   positions START + G * Q to START + (G + 1) * Q - 1, Q = (END - START)
   / LANES, the last lane the rest too, with INPUTS[G], a copy of the
   input copy of its own (INPUTS[LANES] for the rest), its pair a local
   of its own, and a carry of its own (the first lane's O's); IV is
   BASE + P * STEP.  */
void
host_add_lanes (host_copy *o, unsigned lanes, gimple_seq *inputs, tree iv,
                tree base, tree step, tree p, tree start, tree end,
                gimple_seq *seq)
{
  scan_loop *l = o->l;
  const scan_item *it = &l->items[0];
  tree lt = TREE_TYPE (p), type = it->pair_type;
  tree q = scanomp_tmp_var (lt, "scan_lane");
  gimplify_assign (q, fold_build2 (TRUNC_DIV_EXPR, lt,
                                   fold_build2 (MINUS_EXPR, lt, end, start),
                                   build_int_cst (lt, lanes)), seq);
  tree *carry = XALLOCAVEC (tree, lanes), *pair = XALLOCAVEC (tree, lanes);
  for (unsigned g = 0; g < lanes; g++)
    {
      carry[g] = g ? scanomp_tmp_var (type, "scan_carry") : o->carry[0];
      pair[g] = scanomp_tmp_var (type, "scan_pair");
      if (g)
        host_set_identity (o, 0, carry[g], NULL, seq);
    }
  /* Lane G's iteration at position AT, from copy C.  */
  auto iteration = [&] (unsigned g, unsigned c, tree at, gimple_seq *body) {
    gimplify_assign (iv, host_index_at (iv, base, step, at), body);
    host_set_identity (o, 0, pair[g], NULL, body);
    o->map.put (it->pair, pair[g]);
    gimple_seq copy = inputs[c];
    host_forget_labels (o);
    host_remap_seq (o, &copy);
    gimple_seq_add_seq (body, copy);
    host_add_combined (o, 0, carry[g], pair[g], NULL, body, true);
  };
  /* P from 0 to Q, each lane at its own position.  */
  gimple_seq body = NULL;
  for (unsigned g = 0; g < lanes; g++)
    iteration (g, g, fold_build2 (PLUS_EXPR, lt, fold_build2
                                 (PLUS_EXPR, lt, start,
                                  fold_build2 (MULT_EXPR, lt, q,
                                               build_int_cst (lt, g))), p),
               &body);
  gimplify_assign (p, build_int_cst (lt, 0), seq);
  host_add_while (p, q, 1, body, seq);
  /* The last lane's rest, from START + LANES * Q.  */
  body = NULL;
  iteration (lanes - 1, lanes, p, &body);
  gimplify_assign (p, fold_build2 (PLUS_EXPR, lt, start,
                                   fold_build2 (MULT_EXPR, lt, q,
                                                build_int_cst (lt, lanes))),
                   seq);
  host_add_while (p, end, 1, body, seq);
  for (unsigned g = 1; g < lanes; g++)
    host_add_combined (o, 0, carry[0], carry[g], NULL, seq);
}
