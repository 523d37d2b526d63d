/* SPDX-License-Identifier: GPL-3.0-or-later */
/* host.cc: the host path's functions, compiled by GCC from the loop's own
   GIMPLE, which libscanrt runs on OpenMP's threads
   (libscanrt/run/host.c and scanrt-abi.h):

     reduce (args, first, lo, hi, out)    *out = what positions [lo, hi)
                                          contribute, combined
     scan (args, first, lo, hi, carry)    the loop over [lo, hi) from the
                                          prefix *carry, left in *carry
     combine (a, b)                       *a = *a op *b

   for a loop with late items (loop.h), whose scan function finds them
   from the identity over its own positions, and whose reduce function
   leaves them the identity:

     join_late (a, b)                     *a's late items = *b's
                                          combined with *a's

   and, for an inscan loop whose input phase costs more than its value
   (keeps_values), two that keep each position's contribution:

     reduce_keep (args, first, lo, hi, out, vals)
                                          reduce, storing each position
                                          P's contribution in vals[P]
     scan_kept (args, first, lo, hi, carry, vals)
                                          scan, taking them from there
                                          instead of the input phase

   Each of reduce and scan is a copy of the loop body inside a loop over
   positions, in a function of its own: the read of y[i-1] reads a local
   carry instead, and the store to y[i] sets the carry (and, in scan, then
   stores it), so that from the identity the body yields what its
   iteration contributes, as emit.cc's kernels do; a read of y[i] after
   that store reads the carry too, and the stores to other arrays are
   made in scan alone.  The arrays and the loop-invariant scalars come
   from ARGS, laid out as for the kernels (lower/desc.cc's arg_descs);
   every other variable of the body becomes a local of the function.  Where it
   can, the scan function is an `omp simd' loop that GCC vectorizes
   instead, or for floating-point sums takes its positions in groups, and
   a recurrence's reduce function takes them in lanes (forms.cc).  A float
   or double sum has plain functions too, for reproducible scans
   (add_plain_lanes).  copy.cc copies the body, function.cc makes the
   functions.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "gimplify.h"
#include "fold-const.h"
#include "real.h"

#include "host/build.h"

/* *(TYPE *) P, for a pointer-valued expression P.  */
static tree
deref (tree type, tree p)
{
  tree pt = build_pointer_type (type);
  return build2 (MEM_REF, type, fold_convert (pt, p), build_int_cst (pt, 0));
}

/* Element M of ARGS, a pointer to pairs of unsigned longs, as a
   pointer.  */
static tree
arg_pointer (tree args, unsigned m)
{
  tree ul = long_unsigned_type_node;
  tree at = fold_build_pointer_plus_hwi (args, 2 * m * 8);
  return fold_convert (ptr_type_node, deref (ul, at));
}

/* The field of the element type SEED_TYPE that item K of N is.  */
static tree
field_of (tree seed_type, unsigned n, unsigned k)
{
  if (n == 1)
    return NULL_TREE;
  tree f = TYPE_FIELDS (seed_type);
  while (k--)
    f = DECL_CHAIN (f);
  return f;
}

/* Item K's part of the element at P, of SEED_TYPE.  */
static tree
part (tree p, tree seed_type, unsigned n, unsigned k, tree type)
{
  tree whole = deref (seed_type, p);
  tree f = field_of (seed_type, n, k);
  return f ? build3 (COMPONENT_REF, type, whole, f, NULL_TREE) : whole;
}

/* Item K's value as O's carry holds it: the carry, or a pair's value
   (its field 0).  */
static tree
carried_value (const host_copy *o, unsigned k)
{
  return o->l->items[k].form != SCAN_FORM_PLAIN
         ? scanomp_pair_field (o->carry[k], 0) : o->carry[k];
}

/* Whether IT's read of y[i-1] in STMT comes after its store to y[i], in
   the order of its accesses, which is the body's.  */
static bool
prev_after_store (const scan_item *it, gimple *stmt)
{
  for (unsigned k = it->store + 1; k < it->accesses.length (); k++)
    if (it->accesses[k].prev && it->accesses[k].stmt == stmt)
      return true;
  return false;
}

/* Put in O the markers for each array's y[i-1] and y[i], which stand in
   the loop's own body while it is copied: for every read of y[i-1] (a
   macro may read it twice), every store to y[i] (one a branch) and every
   read of the value stored (but through a pointer passed to a function,
   which reads memory); and for the stores beside the arrays.  False
   where a reduce function that runs the scan phase (LAST_ONLY, see
   body_function) cannot leave out a store: one through a pointer passed
   to a function.  */
static bool
add_markers (host_copy *o, bool last_only)
{
  scan_loop *l = o->l;
  for (unsigned k = 0; k < l->n; k++)
    if (!l->items[k].host_var)
      for (const scan_access &a : l->items[k].accesses)
        if (a.prev || a.store || (a.after && a.arg < 0))
          {
            tree decl = create_tmp_var_raw (l->items[k].type, "scan_marker");
            tree ref = a.ref, in_stmt = NULL_TREE;
            if (a.arg >= 0 && DECL_P (gimple_call_arg (a.stmt, a.arg)))
              {
                /* As C++ passes y[i-1] by reference: D.1 = &y[i-1];
                   f (D.1).  */
                ref = gimple_call_arg (a.stmt, a.arg);
                in_stmt = build_fold_addr_expr (decl);
              }
            o->markers.safe_push ({ decl, k, a.store, a.after, false, ref,
                                    a.stmt, in_stmt, a.prev ? a.lag : 0 });
          }
  for (const scan_access &a : l->accesses)
    if (a.output && a.arg < 0)
      o->markers.safe_push ({ create_tmp_var_raw (TREE_TYPE (a.ref),
                                                  "scan_marker"),
                              0, true, false, true, a.ref, a.stmt, NULL_TREE,
                              0 });
    else if (a.output && last_only)
      return false;
  return true;
}

/* Put O's markers in the loop (ON), or take them out again.  */
static void
swap_markers (host_copy *o, bool on)
{
  for (const host_copy::marker &m : o->markers)
    {
      tree in = m.in_stmt ? m.in_stmt : m.decl;
      if (!host_swap_in (m.stmt, on ? m.ref : in, on ? in : m.ref))
        o->ok = false;
    }
}

/* The copies of the loop's sequences a reduce or scan function holds.  */
struct phases
{
  unsigned group;                 /* the grouped form's, or 0 */
  unsigned lanes;                 /* a recurrence's reduce function's, or
                                     0 (forms.cc) */
  unsigned copies;                /* of each phase: one for each position
                                     of a group and one more for the
                                     positions after the last group, one
                                     for each lane and one more for the
                                     last lane's rest, or one */
  gimple_seq *inputs, *outputs;   /* COPIES of each */
  gimple_seq body, output;        /* the first of each */
  /* A user-defined operator's initializer (setting PRIV) for the
     reduce's first carry, and for an inscan loop's iterations, with its
     combiner (setting OUT from OUT and IN).  */
  gimple_seq *starts, *inits, *merges;
};

/* Copy the loop's phases into P for O's function (SCAN: the scan
   function, of the simd form where SIMD), with O's markers standing in
   the loop.  */
static void
copy_phases (host_copy *o, phases *p, bool scan, bool simd, bool last_only)
{
  scan_loop *l = o->l;
  swap_markers (o, true);
  /* A recurrence's reduce function runs its input copy; an inscan
     loop's scan function, its input phase after its scan phase, which
     has run its initialization phase (loop.h).  */
  bool input = (l->inscan
                || (l->items[0].form != SCAN_FORM_PLAIN && !scan));
  gimple_seq in = !input ? gimple_omp_body (l->loop)
                  : scan && l->inscan ? l->input_phase : l->input;
  for (unsigned c = 0; c < p->copies && o->ok; c++)
    p->inputs[c] = host_copy_seq (o, in);
  if (o->ok && simd && !l->inscan)
    {
      /* The scan phase of the simd form.  */
      o->scan = true;
      /* The simd form's one item.  */
      o->stored = create_tmp_var_raw (l->items[0].type, "scan_marker");
      for (unsigned c = 0; c < p->copies && o->ok; c++)
        p->outputs[c] = host_copy_seq (o, gimple_omp_body (l->loop));
    }
  p->body = p->inputs[0];
  p->output = p->outputs[0];
  /* The reduce function of an inscan loop whose scan phase sets a
     lastprivate variable runs that phase too, without its stores (of
     values that do not depend on the scan variables: see inscan.cc).  */
  if (o->ok && last_only)
    p->output = host_copy_seq (o, l->output);
  swap_markers (o, false);
  if (l->inscan && scan)
    {
      for (unsigned c = 0; c < p->copies && o->ok; c++)
        p->outputs[c] = host_copy_seq (o, l->output);
      p->output = p->outputs[0];
    }
  for (unsigned k = 0; k < l->n; k++)
    {
      const scan_item *it = &l->items[k];
      bool user = it->op == SCAN_OP_USER;
      p->starts[k] = user && (!scan || it->late)
                     ? host_copy_seq (o, it->init) : NULL;
      p->inits[k] = user && l->inscan ? host_copy_seq (o, it->init) : NULL;
      p->merges[k] = user && l->inscan ? host_copy_seq (o, it->merge) : NULL;
    }
}

/* Map in O the arrays of the loop to their host pointers, and its
   scalars to their values, read from ARGS into *SEQ; each array's
   pointer is the one its window starts at, less where the window starts.
   Returns the variable that holds the loop's first index.  */
static tree
read_args (host_copy *o, tree args, gimple_seq *seq)
{
  scan_loop *l = o->l;
  tree lt = long_integer_type_node;
  unsigned nb = l->bases.length ();
  for (unsigned b = 0; b < nb; b++)
    {
      tree base = l->bases[b];
      tree start = deref (lt, arg_pointer (args, 2 * b + 1));
      tree p = fold_build_pointer_plus (arg_pointer (args, 2 * b),
                                        fold_build1 (NEGATE_EXPR, sizetype,
                                                     fold_convert (sizetype,
                                                                   start)));
      if (POINTER_TYPE_P (TREE_TYPE (base)))
        {
          tree v = scanomp_tmp_var (TREE_TYPE (base), "scan_base");
          gimplify_assign (v, fold_convert (TREE_TYPE (base), p), seq);
          o->map.put (base, v);
        }
      else if (!is_global_var (base))
        {
          tree pt = build_pointer_type (TREE_TYPE (base));
          tree v = scanomp_tmp_var (pt, "scan_base");
          gimplify_assign (v, fold_convert (pt, p), seq);
          o->map.put (base, build2 (MEM_REF, TREE_TYPE (base), v,
                                    build_int_cst (pt, 0)));
        }
    }
  tree lbv = scanomp_tmp_var (lt, "scan_lbv");
  gimplify_assign (lbv, deref (lt, arg_pointer (args, 2 * nb)), seq);
  for (unsigned j = 0; j < l->scalars.length (); j++)
    {
      tree s = l->scalars[j];
      tree v = scanomp_tmp_var (TREE_TYPE (s), "scan_scalar");
      gimplify_assign (v, deref (TREE_TYPE (s),
                                 arg_pointer (args, 2 * nb + 1 + j)), seq);
      o->map.put (s, v);
    }
  return lbv;
}

/* Start O's carries into *SEQ: from the identities (the reduce
   function), or from *IO, of SEED_TYPE (the scan function, SCAN); and
   give an inscan loop's scan variables locals of their own, in VARS,
   but in the simd form (SIMD), where the variable is the reduction's.
   Then map the markers to the carries, and the private variables to
   the function's own.  */
static void
start_carries (host_copy *o, const phases *p, tree io, tree seed_type,
               bool scan, bool simd, tree *vars, gimple_seq *seq)
{
  scan_loop *l = o->l;
  unsigned n = l->n;
  for (unsigned k = 0; k < n; k++)
    {
      scan_item *it = &l->items[k];
      vars[k] = NULL_TREE;
      if (it->op == SCAN_OP_LAST)
        {
          /* The variable, as the block's iterations leave it, from its
             value if it is firstprivate too (a scalar); and whether one
             of them set it.  */
          tree value = TREE_TYPE (DECL_CHAIN (TYPE_FIELDS (it->type)));
          tree *first_value = o->map.get (it->in);
          tree flag = scanomp_tmp_var (integer_type_node, "scan_set");
          o->carry[k] = scanomp_tmp_var (value, "scan_last");
          TREE_ADDRESSABLE (o->carry[k]) = TREE_ADDRESSABLE (it->in);
          gimplify_assign (o->carry[k], first_value ? *first_value
                                                    : build_zero_cst (value),
                           seq);
          gimplify_assign (flag, integer_zero_node, seq);
          o->map.put (it->in, o->carry[k]);
          o->map.put (o->flag[k], flag);
          continue;
        }
      bool mem = host_in_memory (o, k, p->body, p->output);
      o->carry[k] = scanomp_tmp_var (it->form != SCAN_FORM_PLAIN
                                    ? it->pair_type : it->type, "scan_carry");
      TREE_ADDRESSABLE (o->carry[k]) = mem;
      if (scan && !it->late)
        gimplify_assign (o->carry[k], part (io, seed_type, n, k, it->type),
                         seq);
      else
        host_set_identity (o, k, o->carry[k], p->starts[k], seq);
      if (it->late)
        {
          /* The scan function's own positions, from the identity; the
             reduce function's carry stays the identity, and the
             variable a local it sets in vain.  */
          tree v = o->carry[k];
          if (!scan)
            {
              v = scanomp_tmp_var (it->type, "scan_unused");
              TREE_ADDRESSABLE (v) = mem;
              gimplify_assign (v, o->carry[k], seq);
            }
          o->map.put (it->var, v);
          continue;
        }
      /* A recurrence's reduce function combines each iteration's pair
         into its carry.  */
      if (it->form != SCAN_FORM_PLAIN && !scan)
        {
          vars[k] = scanomp_tmp_var (it->pair_type, "scan_pair");
          o->map.put (it->pair, vars[k]);
        }
      if (!it->host_var)
        continue;
      if (l->inscan && !simd)
        {
          vars[k] = scanomp_tmp_var (it->type, "scan_var");
          TREE_ADDRESSABLE (vars[k]) = mem;
        }
      o->map.put (it->var, vars[k] ? vars[k] : o->carry[k]);
    }
  /* A recurrence of a higher order reads y[i-j] from a local set at
     the start of each iteration (iteration_of).  */
  const scan_item *first = &l->items[0];
  if (scan && first->form == SCAN_FORM_AFFINE && first->order > 1)
    for (unsigned j = 0; j < first->order; j++)
      o->lagged[j] = scanomp_tmp_var (first->type, "scan_lagged");
  /* A read of y[i-1] after the store to y[i] reads the value the
     iteration started from (iteration_of sets it).  */
  if (scan && !l->inscan && !o->lagged[0])
    for (const host_copy::marker &m : o->markers)
      if (m.lag == 1 && !o->before[m.item]
          && prev_after_store (&l->items[m.item], m.stmt))
        o->before[m.item] = scanomp_tmp_var (l->items[m.item].type,
                                             "scan_before");
  for (const host_copy::marker &m : o->markers)
    if (!m.output && m.lag > 0 && o->lagged[m.lag - 1])
      o->map.put (m.decl, o->lagged[m.lag - 1]);
    else if (!m.output && m.lag > 0 && o->before[m.item])
      o->map.put (m.decl, o->before[m.item]);
    else if (!m.output)
      o->map.put (m.decl, carried_value (o, m.item));
  /* Private variables are the function's own, globals too.  */
  for (tree v : l->privates)
    if (is_global_var (v) && !o->map.get (v))
      {
        tree copy = scanomp_tmp_var (TREE_TYPE (v), "scan_private");
        TREE_ADDRESSABLE (copy) = TREE_ADDRESSABLE (v);
        o->map.put (v, copy);
      }
}

/* What a reduce or scan function does for what each position
   contributes (scanrt-abi.h): run the input phase for it, or run it and
   store it in the function's array of values (the keeping reduce), or
   load it from there (the kept scan).  */
enum keep_mode
{
  KEEP_NONE,
  KEEP_STORE,
  KEEP_LOAD
};

/* An iteration of O's function (see body_function), from P's first
   copies, remapped; an inscan loop's phases stay apart in the simd form
   (SIMD), which OpenMP's simd construct runs as they are, and the
   grouped form remaps its copies itself (add_groups).  With KEEP, the
   contributions are stored to or loaded from element POS of VALS, of
   SEED_TYPE, instead of the input phase.  */
static gimple_seq
iteration_of (host_copy *o, phases *p, const tree *vars, bool scan,
              bool simd, bool last_only, keep_mode keep, tree vals,
              tree pos, tree seed_type)
{
  scan_loop *l = o->l;
  gimple_seq iteration = NULL;
  auto scan_phase = [&] () {
    for (unsigned k = 0; k < o->l->n; k++)
      if (vars[k])
        gimplify_assign (vars[k], o->carry[k], &iteration);
    host_remap_seq (o, &p->output);
    gimple_seq_add_seq (&iteration, p->output);
  };
  if (p->group || p->lanes)
    /* add_groups and add_lanes remap their copies.  */;
  else if (simd && l->inscan)
    {
      host_remap_seq (o, &p->body);
      host_remap_seq (o, &p->output);
    }
  else
    {
      /* An exclusive scan's input phase runs before its scan phase, as in
         GCC's own code (the input phases, then the scan phases): the
         same where, as OpenMP asks, the two share nothing but the scan
         variables; and a scan phase that stores what its input phase then
         reads (`d[i] = s; #pragma omp scan exclusive (s) s += x[i]', in
         place) leaves the input as GCC's code does.  But not after an
         initialization phase (`init_complete'), which OUTPUT begins with
         and the input phase reads what it saved.  */
      bool exclusive = l->inscan && (scan || last_only) && l->exclusive;
      bool input_first = exclusive && l->init_end == UNKNOWN_LOCATION;
      if (exclusive && !input_first)
        scan_phase ();
      tree at = NULL_TREE;
      if (keep != KEEP_NONE)
        at = fold_build_pointer_plus (vals,
                                      size_binop (MULT_EXPR,
                                                  fold_convert (sizetype,
                                                                pos),
                                                  TYPE_SIZE_UNIT
                                                    (seed_type)));
      unsigned n = o->l->n;
      for (unsigned k = 0; k < n; k++)
        if (vars[k] && keep == KEEP_LOAD)
          gimplify_assign (vars[k], part (unshare_expr (at), seed_type, n,
                                          k, l->items[k].type),
                           &iteration);
        else if (vars[k])
          host_set_identity (o, k, vars[k], p->inits[k], &iteration);
      /* A recurrence of a higher order: its carry's c holds y[i-1] to
         y[i-K] before the body, which stores y[i] in c's first value;
         the others move down after it.  */
      for (unsigned k = 0; k < n; k++)
        if (o->before[k])
          gimplify_assign (o->before[k], carried_value (o, k), &iteration);
      tree *lagged = o->lagged;
      unsigned order = lagged[0] ? l->items[0].order : 0;
      for (unsigned j = 0; j < order; j++)
        gimplify_assign (lagged[j], scanomp_pair_field (o->carry[0],
                                                        scanomp_map_c (j)),
                         &iteration);
      if (keep != KEEP_LOAD)
        {
          host_remap_seq (o, &p->body);
          gimple_seq_add_seq (&iteration, p->body);
        }
      for (unsigned j = 1; j < order; j++)
        gimplify_assign (scanomp_pair_field (o->carry[0], scanomp_map_c (j)),
                         lagged[j - 1], &iteration);
      for (unsigned k = 0; k < n; k++)
        if (vars[k] && keep == KEEP_STORE)
          gimplify_assign (part (unshare_expr (at), seed_type, n, k,
                                 l->items[k].type), vars[k], &iteration);
      if (input_first)
        {
          /* The contributions wait while the scan phase sees the prefix
             in the scan variables.  */
          tree *parts = XALLOCAVEC (tree, n);
          for (unsigned k = 0; k < n; k++)
            if (vars[k])
              {
                parts[k] = scanomp_tmp_var (TREE_TYPE (vars[k]), "scan_part");
                gimplify_assign (parts[k], vars[k], &iteration);
              }
          scan_phase ();
          for (unsigned k = 0; k < n; k++)
            if (vars[k])
              gimplify_assign (vars[k], parts[k], &iteration);
        }
      for (unsigned k = 0; k < o->l->n; k++)
        if (vars[k])
          host_add_combined (o, k, o->carry[k], vars[k], p->merges[k],
                             &iteration, true);
      if (l->inscan && (scan || last_only) && !l->exclusive)
        scan_phase ();
    }
  return iteration;
}

/* Append to *SEQ the loop over positions LO to HI of O's function, IV
   being LBV + (FIRST + position) * step: `for (POS = lo; POS < hi; POS++)
   { iv = ...; ITERATION }', over signed positions, which the vectorizer
   follows as it does the user's own index; in the simd form (SIMD_OP
   not ERROR_MARK), an `omp simd' loop of the two phases; in the grouped
   form, add_groups'.  */
static void
add_positions (host_copy *o, phases *p, tree_code simd_op,
               gimple_seq iteration, tree iv, tree pos, tree lbv, tree first,
               tree lo, tree hi, gimple_seq *seq)
{
  scan_loop *l = o->l;
  tree lt = long_integer_type_node;
  tree start = scanomp_tmp_var (lt, "scan_start");
  tree end = scanomp_tmp_var (lt, "scan_end");
  tree base = scanomp_tmp_var (lt, "scan_from");
  tree step = build_int_cst (lt, l->step);
  gimplify_assign (start, fold_convert (lt, lo), seq);
  gimplify_assign (end, fold_convert (lt, hi), seq);
  gimplify_assign (base, fold_build2 (PLUS_EXPR, lt, lbv,
                                      fold_build2 (MULT_EXPR, lt, first,
                                                   step)), seq);
  tree index = host_index_at (iv, base, step, pos);
  if (p->group)
    host_add_groups (o, p->group, p->inputs, p->outputs, iv, base, step, pos,
                start, end, seq);
  else if (p->lanes)
    host_add_lanes (o, p->lanes, p->inputs, iv, base, step, pos, start, end,
                    seq);
  else if (simd_op != ERROR_MARK)
    {
      gimple_seq input = NULL, phase = NULL;
      gimplify_assign (iv, unshare_expr (index), &input);
      gimplify_assign (iv, index, &phase);
      if (l->inscan)
        gimple_seq_add_seq (&input, p->body);
      else
        {
          /* A scan clause's scan phase: markers of its own, from the
             identity, the stores of y[i] storing the prefix, which the
             reads after them read; labels of its own.  */
          tree dead = scanomp_tmp_var (l->items[0].type, "scan_dead");
          host_map_scan_phase (o, o->carry[0], dead);
          host_forget_labels (o);
          host_remap_seq (o, &p->output);
          gimple_seq_add_seq (&input, iteration);
          gimplify_assign (dead, host_identity (&l->items[0]), &phase);
        }
      gimple_seq_add_seq (&phase, p->output);
      /* An exclusive scan's scan phase comes first, as in the source.  */
      bool exclusive = l->inscan && l->exclusive;
      gimple_seq_add_stmt (seq, host_simd_loop (pos, start, end, o->carry[0],
                                           simd_op, exclusive,
                                           exclusive ? phase : input,
                                           exclusive ? input : phase));
    }
  else
    {
      gimple_seq each = NULL;
      gimplify_assign (iv, index, &each);
      gimple_seq_add_seq (&each, iteration);
      gimplify_assign (pos, start, seq);
      host_add_while (pos, end, 1, each, seq);
    }
}

/* How many whole lanes the plain form runs side by side, position by
   position (add_plain_lanes).  */
#define PLAIN_SIDE_BY_SIDE 8

/* Whether ITERATION can be copied as it is, more than once into one
   function: assignments, calls and debug statements only, no labels to
   define twice.  */
static bool
straight_line (gimple_seq iteration)
{
  for (gimple_stmt_iterator g = gsi_start (iteration); !gsi_end_p (g);
       gsi_next (&g))
    {
      gimple *s = gsi_stmt (g);
      if (!is_gimple_assign (s) && !is_gimple_debug (s)
          && !(is_gimple_call (s)
               && !(gimple_call_flags (s) & ECF_RETURNS_TWICE)))
        return false;
    }
  return true;
}

/* The address of element LANE, of TYPE, of the array at IO.  */
static tree
lane_at (tree io, tree lane, tree type)
{
  return fold_build_pointer_plus (unshare_expr (io),
                                  size_binop (MULT_EXPR,
                                              fold_convert (sizetype, lane),
                                              TYPE_SIZE_UNIT (type)));
}

/* Append to *SEQ the setting of the plain form's CARRY, of lane LANE:
   from element LANE of the array at IO (the scan function, SCAN) or
   from the identity (the reduce function).  */
static void
add_lane_start (host_copy *o, const phases *p, tree carry, tree io,
                tree lane, bool scan, gimple_seq *seq)
{
  tree type = o->l->items[0].type;
  if (scan)
    gimplify_assign (carry, deref (type, lane_at (io, lane, type)), seq);
  else
    host_set_identity (o, 0, carry, p->starts[0], seq);
}

/* Append to *SEQ the plain form's whole lanes from LANE on (a long,
   left at the first lane not run), PLAIN_SIDE_BY_SIDE at a time: each
   lane's carry a local of its own (add_lane_start), then for each
   position J of a lane, each lane's position START + lane * width + J
   with a copy of ITERATION, which reads and sets O's carry, set to the
   lane's before it and read back after (copies the compiler
   propagates), IV being BASE + position * STEP; then the carries stored
   back.  END bounds the positions.  */
static void
add_side_by_side (host_copy *o, const phases *p, gimple_seq iteration,
                  tree iv, tree pos, tree base, tree step, tree start,
                  tree end, tree lane, tree io, bool scan, gimple_seq *seq)
{
  tree lt = long_integer_type_node, type = o->l->items[0].type;
  tree width = build_int_cst (lt, SCANRT_PLAIN_LANE);
  tree last = scanomp_tmp_var (lt, "scan_last_group");
  tree j = scanomp_tmp_var (lt, "scan_step");
  tree carries[PLAIN_SIDE_BY_SIDE];
  /* The groups start below the count of whole lanes less the group's
     size, plus one.  */
  gimplify_assign (last,
                   fold_build2 (MINUS_EXPR, lt,
                                fold_build2 (TRUNC_DIV_EXPR, lt,
                                             fold_build2 (MINUS_EXPR, lt,
                                                          end, start),
                                             width),
                                build_int_cst (lt,
                                               PLAIN_SIDE_BY_SIDE - 1)),
                   seq);
  gimple_seq group = NULL, each = NULL;
  for (unsigned k = 0; k < PLAIN_SIDE_BY_SIDE; k++)
    {
      tree at = fold_build2 (PLUS_EXPR, lt, lane, build_int_cst (lt, k));
      carries[k] = scanomp_tmp_var (type, "scan_lane_carry");
      add_lane_start (o, p, carries[k], io, at, scan, &group);
      gimplify_assign (pos,
                       fold_build2 (PLUS_EXPR, lt, start,
                                    fold_build2 (PLUS_EXPR, lt,
                                                 fold_build2 (MULT_EXPR, lt,
                                                              unshare_expr
                                                                (at),
                                                              width),
                                                 j)), &each);
      gimplify_assign (iv, host_index_at (iv, base, step, pos), &each);
      gimplify_assign (o->carry[0], carries[k], &each);
      gimple_seq_add_seq (&each, gimple_seq_copy (iteration));
      gimplify_assign (carries[k], o->carry[0], &each);
    }
  gimplify_assign (j, build_int_cst (lt, 0), &group);
  host_add_while (j, width, 1, each, &group);
  for (unsigned k = 0; k < PLAIN_SIDE_BY_SIDE; k++)
    gimplify_assign (deref (type,
                            lane_at (io,
                                     fold_build2 (PLUS_EXPR, lt, lane,
                                                  build_int_cst (lt, k)),
                                     type)),
                     carries[k], &group);
  host_add_while (lane, last, PLAIN_SIDE_BY_SIDE, group, seq);
}

/* Append to *SEQ the plain form's loop (body_function's PLAIN) over
   positions LO to HI, in lanes of SCANRT_PLAIN_LANE from LO: lane K's
   carry from element K of the array at IO (the scan function) or from
   the identity (the reduce function), its positions in turn, IV being
   LBV + (FIRST + position) * step, with ITERATION, and its carry stored
   back to element K.  The lanes' chains of the operator wait on no
   other: whole lanes run PLAIN_SIDE_BY_SIDE at a time, a position of
   each in turn, where ITERATION is straight_line, so that the processor
   overlaps their chains; the lanes left, one after another.  */
static void
add_plain_lanes (host_copy *o, const phases *p, gimple_seq iteration,
                 tree iv, tree pos, tree lbv, tree first, tree lo, tree hi,
                 tree io, bool scan, gimple_seq *seq)
{
  scan_loop *l = o->l;
  tree lt = long_integer_type_node, type = l->items[0].type;
  tree step = build_int_cst (lt, l->step), width = build_int_cst (lt,
                                                         SCANRT_PLAIN_LANE);
  tree start = scanomp_tmp_var (lt, "scan_start");
  tree end = scanomp_tmp_var (lt, "scan_end");
  tree base = scanomp_tmp_var (lt, "scan_from");
  tree lane = scanomp_tmp_var (lt, "scan_lane");
  tree lanes = scanomp_tmp_var (lt, "scan_lanes");
  tree stop = scanomp_tmp_var (lt, "scan_stop");
  gimplify_assign (start, fold_convert (lt, lo), seq);
  gimplify_assign (end, fold_convert (lt, hi), seq);
  gimplify_assign (base, fold_build2 (PLUS_EXPR, lt, lbv,
                                      fold_build2 (MULT_EXPR, lt, first,
                                                   step)), seq);
  gimplify_assign (lanes,
                   fold_build2 (TRUNC_DIV_EXPR, lt,
                                fold_build2 (PLUS_EXPR, lt,
                                             fold_build2 (MINUS_EXPR, lt, end,
                                                          start),
                                             build_int_cst
                                               (lt, SCANRT_PLAIN_LANE - 1)),
                                width), seq);
  gimplify_assign (lane, build_int_cst (lt, 0), seq);
  if (straight_line (iteration))
    add_side_by_side (o, p, iteration, iv, pos, base, step, start, end,
                      lane, io, scan, seq);
  gimple_seq outer = NULL;
  gimplify_assign (pos, fold_build2 (PLUS_EXPR, lt, start,
                                     fold_build2 (MULT_EXPR, lt, lane,
                                                  width)), &outer);
  gimplify_assign (stop, fold_build2 (MIN_EXPR, lt,
                                      fold_build2 (PLUS_EXPR, lt, pos, width),
                                      end), &outer);
  add_lane_start (o, p, o->carry[0], io, lane, scan, &outer);
  gimple_seq each = NULL;
  gimplify_assign (iv, host_index_at (iv, base, step, pos), &each);
  gimple_seq_add_seq (&each, iteration);
  host_add_while (pos, stop, 1, each, &outer);
  gimplify_assign (deref (type, lane_at (io, lane, type)), o->carry[0],
                   &outer);
  host_add_while (lane, lanes, 1, outer, seq);
}

/* Append to *SEQ the storing of O's carries into *IO, of SEED_TYPE: a
   lastprivate variable's, what the block set, if it did (the reduce's
   is all it has; SCAN: the scan function); a late lastprivate
   variable's, whether the block set it and how, or the reduce's, that
   it did not.  */
static void
store_carries (host_copy *o, tree io, tree seed_type, bool scan,
               gimple_seq *seq)
{
  scan_loop *l = o->l;
  for (unsigned k = 0; k < o->l->n; k++)
    {
      tree to = part (io, seed_type, o->l->n, k, l->items[k].type);
      if (l->items[k].op != SCAN_OP_LAST)
        {
          gimplify_assign (to, o->carry[k], seq);
          continue;
        }
      tree set = TYPE_FIELDS (l->items[k].type), value = DECL_CHAIN (set);
      tree flag = *o->map.get (o->flag[k]);
      if (l->items[k].late && !scan)
        {
          gimplify_assign (build3 (COMPONENT_REF, integer_type_node, to, set,
                                   NULL_TREE), integer_zero_node, seq);
          continue;
        }
      tree both = build2 (COMPOUND_EXPR, void_type_node,
                          build2 (MODIFY_EXPR, integer_type_node,
                                  build3 (COMPONENT_REF, integer_type_node,
                                          to, set, NULL_TREE), flag),
                          build2 (MODIFY_EXPR, TREE_TYPE (value),
                                  build3 (COMPONENT_REF, TREE_TYPE (value),
                                          unshare_expr (to), value,
                                          NULL_TREE), o->carry[k]));
      if (scan && !l->items[k].late)
        both = build3 (COND_EXPR, void_type_node,
                       build2 (NE_EXPR, boolean_type_node, flag,
                               integer_zero_node), both, NULL_TREE);
      gimplify_and_add (both, seq);
    }
}

/* The reduce function (SCAN false) or the scan function of L's N items,
   whose element is of SEED_TYPE; NULL_TREE where the body cannot be
   copied into a function of its own.

   Of a scan clause's loop, an iteration is the body, with each array's
   carry for its y[i-1] and y[i].  Of an inscan loop, whose scan
   variables stand for locals of their own, it is, as OpenMP has it: the
   variables set to their identities, the input phase, the carries
   combined with them; then for the scan function the variables set to
   the carries and the scan phase (an exclusive scan runs the scan phase
   first, from the carries as they were), and for the reduce function
   too, without its stores, where it sets a lastprivate variable.  A
   lastprivate variable is a local of the function, which the iterations
   that set it leave its value in, noting that one did.  A PLAIN function
   (of a float or double sum) combines the positions in turn, as written,
   in lanes of SCANRT_PLAIN_LANE with a carry each (add_plain_lanes): no
   simd or grouped form, no reassociation.  */
static tree
body_function (scan_loop *l, tree seed_type, bool scan, keep_mode keep,
               bool plain)
{
  unsigned n = l->n;
  tree lt = long_integer_type_node, ul = long_unsigned_type_node;
  tree types[6] = { build_pointer_type (ul), lt, ul, ul, ptr_type_node,
                    ptr_type_node };
  tree parms[6] = { NULL_TREE, NULL_TREE, NULL_TREE, NULL_TREE, NULL_TREE,
                    NULL_TREE };
  /* The simd form's input phase stores nothing: the scan phase does.  */
  bool formed = keep == KEEP_NONE && !plain;
  tree_code simd_op = scan && formed ? host_simd_code (l) : ERROR_MARK;
  bool simd = simd_op != ERROR_MARK;
  host_copy o (l, scan && !simd);
  o.carry = XALLOCAVEC (tree, n);
  o.before = XALLOCAVEC (tree, n);
  o.flag = XALLOCAVEC (tree, n);
  for (unsigned k = 0; k < n; k++)
    o.before[k] = NULL_TREE;
  for (unsigned k = 0; k < n; k++)
    o.flag[k] = l->items[k].op == SCAN_OP_LAST
                ? create_tmp_var_raw (integer_type_node, "scan_marker")
                : NULL_TREE;
  bool last_only = l->inscan && !scan && l->output_sets_last;
  if (!add_markers (&o, last_only))
    return NULL_TREE;

  phases p;
  p.group = scan && formed ? host_group_size (l) : 0;
  p.lanes = !scan && formed ? host_lane_count (l) : 0;
  p.copies = p.group ? p.group + 1 : p.lanes ? p.lanes + 1 : 1;
  p.inputs = XALLOCAVEC (gimple_seq, p.copies);
  p.outputs = XALLOCAVEC (gimple_seq, p.copies);
  for (unsigned c = 0; c < p.copies; c++)
    p.inputs[c] = p.outputs[c] = NULL;
  p.starts = XALLOCAVEC (gimple_seq, n);
  p.inits = XALLOCAVEC (gimple_seq, n);
  p.merges = XALLOCAVEC (gimple_seq, n);
  copy_phases (&o, &p, scan, simd, last_only);
  if (!o.ok)
    return NULL_TREE;

  static const char *const names[2][3] = {
    { "scanomp_reduce", "scanomp_reduce_keep", NULL },
    { "scanomp_scan", NULL, "scanomp_scan_kept" } };
  tree fn = host_new_function (plain ? scan ? "scanomp_scan_plain"
                                            : "scanomp_reduce_plain"
                                     : names[scan][keep],
                               keep == KEEP_NONE ? 5 : 6, types, parms);
  bool product = false;
  for (unsigned k = 0; k < n; k++)
    product |= ((l->items[k].op == SCAN_OP_MUL
                 || l->items[k].form != SCAN_FORM_PLAIN)
                && FLOAT_TYPE_P (l->items[k].type));
  host_tune (fn, scan, !product && !plain, plain);
  push_gimplify_context ();
  gimple_seq seq = NULL;
  tree args = parms[0], first = parms[1], lo = parms[2], hi = parms[3];
  tree io = parms[4];
  tree lbv = read_args (&o, args, &seq);
  tree *vars = XALLOCAVEC (tree, n);
  start_carries (&o, &p, io, seed_type, scan, simd, vars, &seq);
  tree iv = scanomp_tmp_var (TREE_TYPE (l->iv), "scan_iv");
  o.map.put (l->iv, iv);
  tree pos = scanomp_tmp_var (lt, "scan_pos");
  gimple_seq iteration = iteration_of (&o, &p, vars, scan, simd, last_only,
                                       keep, parms[5], pos, seed_type);
  if (plain)
    add_plain_lanes (&o, &p, iteration, iv, pos, lbv, first, lo, hi, io,
                     scan, &seq);
  else
    {
      add_positions (&o, &p, simd_op, iteration, iv, pos, lbv, first, lo,
                     hi, &seq);
      store_carries (&o, io, seed_type, scan, &seq);
    }
  host_finish_function (fn, seq);
  return fn;
}

/* Append to *SEQ the setting of DST to FIRST combined with SECOND by
   item K of O's loop (MERGE: a copy of a user-defined operator's
   combiner), through locals of the function.  */
static void
add_combined_into (host_copy *o, unsigned k, tree dst, tree first,
                   tree second, gimple_seq merge, gimple_seq *seq)
{
  tree type = o->l->items[k].type;
  tree out = scanomp_tmp_var (type, "scan_out");
  tree in = scanomp_tmp_var (type, "scan_in");
  TREE_ADDRESSABLE (out) = TREE_ADDRESSABLE (in)
    = host_in_memory (o, k, NULL, NULL);
  gimplify_assign (out, first, seq);
  gimplify_assign (in, second, seq);
  host_add_combined (o, k, out, in, merge, seq);
  gimplify_assign (unshare_expr (dst), out, seq);
}

/* The combine function of L's items, of element SEED_TYPE (*a = *a op
   *b), or with JOIN the join function of its late items (scanrt-abi.h:
   *a = *b op *a, the others left as they are); NULL_TREE where a
   user-defined operator's combiner cannot be copied.  */
static tree
combining_function (scan_loop *l, tree seed_type, bool join)
{
  unsigned n = l->n;
  host_copy o (l, false);
  gimple_seq *merges = XALLOCAVEC (gimple_seq, n);
  for (unsigned k = 0; k < n; k++)
    merges[k] = (l->items[k].op == SCAN_OP_USER
                 && (!join || l->items[k].late)
                 ? host_copy_seq (&o, l->items[k].merge) : NULL);
  if (!o.ok)
    return NULL_TREE;
  tree types[2] = { ptr_type_node, ptr_type_node };
  tree parms[2];
  tree fn = host_new_function (join ? "scanomp_join_late" : "scanomp_combine",
                               2, types, parms);
  push_gimplify_context ();
  gimple_seq seq = NULL;
  for (unsigned k = 0; k < n; k++)
    {
      if (join && !l->items[k].late)
        continue;
      tree a = part (parms[0], seed_type, n, k, l->items[k].type);
      tree b = part (parms[1], seed_type, n, k, l->items[k].type);
      if (join)
        add_combined_into (&o, k, a, b, unshare_expr (a), merges[k], &seq);
      else if (l->items[k].op == SCAN_OP_USER)
        add_combined_into (&o, k, a, unshare_expr (a), b, merges[k], &seq);
      else
        host_add_combined (&o, k, a, b, NULL, &seq);
    }
  host_finish_function (fn, seq);
  return fn;
}

/* walk_gimple_seq callback: add to the count in DATA's info the bytes
   a statement loads from memory: through a pointer, from an array or
   from a global (not from a struct variable, such as an iterator the
   body copies).  */
static tree
input_loads (gimple_stmt_iterator *gsi, bool *, struct walk_stmt_info *wi)
{
  gimple *s = gsi_stmt (*gsi);
  tree base = gimple_assign_single_p (s) && gimple_assign_load_p (s)
              ? get_base_address (gimple_assign_rhs1 (s)) : NULL_TREE;
  if (base && (!DECL_P (base) || is_global_var (base)
               || TREE_CODE (TREE_TYPE (base)) == ARRAY_TYPE))
    {
      tree size = TYPE_SIZE_UNIT (TREE_TYPE (gimple_assign_rhs1 (s)));
      if (size && tree_fits_uhwi_p (size))
        *(unsigned HOST_WIDE_INT *) wi->info += tree_to_uhwi (size);
    }
  return NULL_TREE;
}

/* walk_gimple_seq callback: add the variable a statement sets to the
   hash_set<tree> in DATA's info.  */
static tree
add_set_var (gimple_stmt_iterator *gsi, bool *, struct walk_stmt_info *wi)
{
  tree lhs = gimple_get_lhs (gsi_stmt (*gsi));
  if (lhs && VAR_P (lhs))
    ((hash_set<tree> *) wi->info)->add (lhs);
  return NULL_TREE;
}

/* walk_gimple_seq callback: stop at a statement that reads a variable
   of the hash_set<tree> in DATA's info, which holds those the input
   phase sets; a variable the statement sets leaves the set (the
   gimplifier's temporaries, set in each phase before they are read).  */
static tree
reads_input_var (gimple_stmt_iterator *gsi, bool *handled,
                 struct walk_stmt_info *wi)
{
  gimple *s = gsi_stmt (*gsi);
  hash_set<tree> *set = (hash_set<tree> *) wi->info;
  tree lhs = gimple_get_lhs (s);
  for (unsigned i = 0; i < gimple_num_ops (s); i++)
    {
      tree op = gimple_op (s, i);
      if (op && op != lhs
          && walk_tree (&op, scanomp_find_in_set, set, NULL))
        {
          *handled = true;
          return op;
        }
    }
  if (lhs && VAR_P (lhs))
    set->remove (lhs);
  return NULL_TREE;
}

/* Whether the host path keeps what each position of L's loop contributes
   (scanrt-abi.h): an inscan loop whose input phase costs more than a
   store and a load of its value, which the scan function would
   otherwise run again: one that calls a function (util.h's costly
   calls: `exp', not `sqrt'), or reads more than twice the bytes of
   SEED_TYPE (`s += v[i].size ()' reads two pointers for an int).  Not
   for a lastprivate variable, a recurrence or an initialization phase,
   which the input phase serves too, nor where not optimizing.  */
static bool
keeps_values (scan_loop *l, tree seed_type)
{
  if (!optimize || !l->inscan || l->output_sets_last
      || l->init_end != UNKNOWN_LOCATION
      || !tree_fits_uhwi_p (TYPE_SIZE_UNIT (seed_type)))
    return false;
  for (unsigned k = 0; k < l->n; k++)
    if (l->items[k].op == SCAN_OP_LAST || !l->items[k].host_var
        || l->items[k].form != SCAN_FORM_PLAIN || l->items[k].late)
      return false;
  /* The kept scan does not run the input phase: the scan phase may not
     read what it sets but the scan variables (GCC's own code, which
     runs the phases in loops of their own, does not give it either).  */
  hash_set<tree> set;
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &set;
  walk_gimple_seq (l->input, add_set_var, NULL, &wi);
  for (unsigned k = 0; k < l->n; k++)
    set.remove (l->items[k].var);
  memset (&wi, 0, sizeof wi);
  wi.info = &set;
  if (walk_gimple_seq (l->output, reads_input_var, NULL, &wi))
    return false;
  if (scanomp_calls_costly (l->input))
    return true;
  unsigned HOST_WIDE_INT bytes = 0;
  memset (&wi, 0, sizeof wi);
  wi.info = &bytes;
  walk_gimple_seq (l->input, input_loads, NULL, &wi);
  return bytes > 2 * tree_to_uhwi (TYPE_SIZE_UNIT (seed_type));
}

/* Whether L's loop is a float or double sum, whose plain functions
   reproducible scans run (libscanrt/run/repro.c): one item, `+' or
   `-', of float or double, with no late items.  */
static bool
plain_sum (scan_loop *l)
{
  const scan_item *it = &l->items[0];
  tree t = TYPE_MAIN_VARIANT (it->type);
  return l->n == 1 && (it->op == SCAN_OP_ADD || it->op == SCAN_OP_SUB)
         && it->form == SCAN_FORM_PLAIN && !it->late
         && (t == float_type_node || t == double_type_node);
}

bool
scanomp_host_functions (scan_loop *l, tree seed_type, tree fns[8])
{
  for (unsigned k = 0; k < 8; k++)
    fns[k] = NULL_TREE;
  bool late = false;
  for (unsigned k = 0; k < l->n; k++)
    late |= l->items[k].late;
  tree join = late ? combining_function (l, seed_type, true) : NULL_TREE;
  tree combine = !late || join ? combining_function (l, seed_type, false)
                               : NULL_TREE;
  tree reduce = combine ? body_function (l, seed_type, false, KEEP_NONE, false)
                        : NULL_TREE;
  tree scan = reduce ? body_function (l, seed_type, true, KEEP_NONE, false)
                     : NULL_TREE;
  if (!scan)
    return false;
  fns[0] = reduce;
  fns[1] = scan;
  fns[2] = combine;
  fns[5] = join;
  if (keeps_values (l, seed_type))
    {
      fns[3] = body_function (l, seed_type, false, KEEP_STORE, false);
      fns[4] = fns[3] ? body_function (l, seed_type, true, KEEP_LOAD, false)
                      : NULL_TREE;
      if (!fns[4])
        fns[3] = NULL_TREE;
    }
  if (plain_sum (l))
    {
      fns[6] = body_function (l, seed_type, false, KEEP_NONE, true);
      fns[7] = fns[6] ? body_function (l, seed_type, true, KEEP_NONE, true)
                      : NULL_TREE;
      if (!fns[7])
        fns[6] = NULL_TREE;
    }
  return true;
}
