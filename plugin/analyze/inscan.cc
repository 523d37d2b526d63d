/* SPDX-License-Identifier: GPL-3.0-or-later */
/* inscan.cc: standard OpenMP 5.0 scans offloaded through the same
   pipeline as the scan clause:

     #pragma omp parallel for reduction (inscan, +: s)
     for (int i = 0; i < n; i++)
       {
         s += x[i];                      the input phase
         #pragma omp scan inclusive (s)
         y[i] = s;                       the scan phase
       }

   In high GIMPLE the loop body is two GIMPLE_OMP_SCANs: the statements
   before the directive, then those after it, under the directive's
   inclusive or exclusive clause; exclusive swaps the phases.  The input
   phase, run with each scan variable set to its identity, yields what
   the iteration contributes; the scan phase, run with the variables set
   to their prefixes, is the kernels' store hook; the variables end with
   the scan's total, as OpenMP requires.  What the body computes before
   its first phase (a range-based `for''s element) goes into each phase,
   as GCC's two passes run it; a loop over a pointer or over a class
   iterator is read as one over an integer index (rewrite/index.cc).

   A loop this plugin cannot outline is left to GCC, which runs it on host
   threads as usual: it is not an error, and -fplugin-arg-scanomp-verbose
   gives a note saying why.  So is everything under
   -fplugin-arg-scanomp-inscan=off.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "langhooks.h"
#include "gimple-walk.h"
#include "diagnostic-core.h"
#include "fold-const.h"
#include "cfgexpand.h"
#include "gimplify.h"

#include "analyze/reader.h"

/* Whether LOOP has inscan reductions.  */
static bool
inscan_loop (gomp_for *loop)
{
  for (tree c = gimple_omp_for_clauses (loop); c; c = OMP_CLAUSE_CHAIN (c))
    if (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_REDUCTION
        && OMP_CLAUSE_REDUCTION_INSCAN (c))
      return true;
  return false;
}

bool
scanomp_has_inscan (gimple *construct, bool *other)
{
  *other = false;
  /* An orphaned `omp for', or `for simd', whose simd loop holds the
     body.  */
  if (gomp_for *loop = dyn_cast<gomp_for *> (construct))
    {
      if (gimple_omp_for_kind (loop) != GF_OMP_FOR_KIND_FOR
          || !inscan_loop (loop))
        return false;
      gomp_for *inner = scan_find_loop (gimple_omp_body (loop), other);
      return !inner || gimple_omp_for_combined_into_p (inner);
    }
  gomp_for *loop = scan_find_loop (gimple_omp_body (construct), other);
  return loop && inscan_loop (loop);
}

/* Collect the variables declared inside SEQ's binds into SET.  */
static void
inner_decls (gimple_seq seq, hash_set<tree> *set)
{
  scanomp_walk (&seq, [&] (gimple_stmt_iterator *g) {
      if (gbind *b = dyn_cast<gbind *> (gsi_stmt (*g)))
        for (tree v = gimple_bind_vars (b); v; v = DECL_CHAIN (v))
          set->add (v);
      return WALK_INTO;
    });
}

/* The references among an inscan loop's scan variables, for
   replace_ref: each reference r of REFS (an item whose host_var is *r),
   and each temporary of ALIASES, which the body sets to r alone.  */
struct ref_uses
{
  vec<scan_item *> *refs;
  hash_map<tree, scan_item *> aliases;
};

/* The item of U whose reference, or a copy of it, is R; NULL where none
   is.  */
static scan_item *
ref_item (ref_uses *u, tree r)
{
  for (scan_item *it : *u->refs)
    if (TREE_OPERAND (it->host_var, 0) == r)
      return it;
  scan_item **alias = u->aliases.get (r);
  return alias ? *alias : NULL;
}

/* walk_tree callback: replace each *r, for a reference r among the scan
   variables of DATA's ref_uses (or a copy of one), by the local standing
   for it, and r passed to a function by the local's address; stop at any
   other use of r.  */
static tree
replace_ref (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  ref_uses *u = (ref_uses *) wi->info;
  /* Types, and the directive's inclusive or exclusive clause.  */
  if (TYPE_P (*tp) || TREE_CODE (*tp) == OMP_CLAUSE)
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (*tp) == MEM_REF && integer_zerop (TREE_OPERAND (*tp, 1)))
    if (scan_item *it = ref_item (u, TREE_OPERAND (*tp, 0)))
      if (TYPE_MAIN_VARIANT (TREE_TYPE (*tp))
          == TYPE_MAIN_VARIANT (it->type))
        {
          *tp = it->var;
          *walk_subtrees = 0;
          return NULL_TREE;
        }
  scan_item *it = ref_item (u, *tp);
  if (!it)
    return NULL_TREE;
  /* Passed on to a function, as a reference: the local's address.  */
  gimple *s = gsi_stmt (wi->gsi);
  if (is_gimple_call (s))
    for (unsigned k = 0; k < gimple_call_num_args (s); k++)
      if (gimple_call_arg_ptr (s, k) == tp)
        {
          *tp = build1 (ADDR_EXPR, TREE_TYPE (*tp), it->var);
          return NULL_TREE;
        }
  return *tp;
}

/* Record in U each temporary that SEQ sets to a reference of U's (a
   Fortran dummy's, in a target region, is read through such copies), and
   make those settings nothing: the copy reads through the local too.
   Any other setting of one stops replace_ref.  */
static void
find_aliases (gimple_seq *seq, ref_uses *u)
{
  scanomp_walk (seq, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      if (gimple_assign_single_p (s) && VAR_P (gimple_assign_lhs (s))
          && DECL_ARTIFICIAL (gimple_assign_lhs (s)))
        for (scan_item *it : *u->refs)
          if (gimple_assign_rhs1 (s) == TREE_OPERAND (it->host_var, 0))
            {
              u->aliases.put (gimple_assign_lhs (s), it);
              gsi_replace (g, gimple_build_nop (), false);
              break;
            }
      return WALK_INTO;
    });
}

/* Replace each *r in SEQ by its local (see replace_ref).  When a
   reference of REFS is also used otherwise, return the statement that
   uses it and set *REF to it.  */
static gimple *
replace_refs (gimple_seq *seq, vec<scan_item *> *refs, tree *ref)
{
  ref_uses u;
  u.refs = refs;
  find_aliases (seq, &u);
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &u;
  if (!walk_gimple_seq (*seq, NULL, replace_ref, &wi))
    return NULL;
  /* walk_gimple_seq gives the outermost statement; WI the innermost.  */
  *ref = wi.callback_result;
  return gsi_stmt (wi.gsi);
}

/* A copy of BODY, the loop's body, for the kernels alone: GCC keeps the
   loop as its fallback.  */
static gimple_seq
copy_body (gimple_seq body)
{
  /* GCC 12's gimple_copy shares a GIMPLE_OMP_SCAN's body with the
     original: copy the phases by hand, also inside the scope and the try
     that may wrap them (scan_phases_at).  */
  gimple_seq copy = NULL;
  for (gimple_stmt_iterator g = gsi_start (body); !gsi_end_p (g);
       gsi_next (&g))
    {
      gimple *s = gsi_stmt (g);
      if (gomp_scan *scan = dyn_cast<gomp_scan *> (s))
        s = gimple_build_omp_scan (gimple_seq_copy (gimple_omp_body (scan)),
                                   gimple_omp_scan_clauses (scan));
      else if (gbind *b = dyn_cast<gbind *> (s))
        s = gimple_build_bind (gimple_bind_vars (b),
                               copy_body (gimple_bind_body (b)),
                               gimple_bind_block (b));
      else if (gimple_code (s) == GIMPLE_TRY)
        s = gimple_build_try (copy_body (gimple_try_eval (s)),
                              gimple_seq_copy (gimple_try_cleanup (s)),
                              (enum gimple_try_flags) gimple_try_kind (s));
      else
        s = gimple_copy (s);
      gimple_seq_add_stmt_without_update (&copy, s);
    }
  return copy;
}

/* Give the kernels *BODY, the loop's body, and the user-defined operators'
   combiners and initializers, with each reference among the scan
   variables of L's items read and set through its local: in copies, when
   there are any references.  When a reference is also used otherwise,
   return the statement that uses it and set *REF to it.  */
static gimple *
dereference (scan_loop *l, gimple_seq *body, tree *ref)
{
  auto_vec<scan_item *> refs;
  for (unsigned k = 0; k < l->n; k++)
    if (TREE_CODE (l->items[k].host_var) == MEM_REF)
      refs.safe_push (&l->items[k]);
  if (refs.is_empty ())
    return NULL;
  *body = copy_body (*body);
  if (gimple *use = replace_refs (body, &refs, ref))
    return use;
  /* The combiner's omp_in and the initializer's omp_priv are the
     clause's decl, the reference.  */
  for (scan_item *it : refs)
    if (it->op == SCAN_OP_USER)
      {
        tree r = TREE_OPERAND (it->host_var, 0);
        if (it->in == r)
          it->in = it->var;
        if (it->priv == r)
          it->priv = it->var;
        it->merge = gimple_seq_copy (it->merge);
        it->init = gimple_seq_copy (it->init);
        gimple *use = replace_refs (&it->merge, &refs, ref);
        if (use || (use = replace_refs (&it->init, &refs, ref)))
          return use;
      }
  return NULL;
}

/* Call F on each loop in SEQ, a construct's body, outermost first,
   through scopes, tries and the regions a combined construct nests,
   until F returns true.  */
template <typename F>
static void
each_loop (gimple_seq seq, F f)
{
  scanomp_walk (&seq, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      switch (gimple_code (s))
        {
        case GIMPLE_OMP_FOR:
          return f (s) ? WALK_STOP : WALK_INTO;
        case GIMPLE_BIND:
        case GIMPLE_TRY:
        case GIMPLE_OMP_PARALLEL:
        case GIMPLE_OMP_TEAMS:
          return WALK_INTO;
        default:
          return WALK_PAST;
        }
    });
}

/* Read into PRE the pre-bodies of the loops in SEQ, outermost first: a
   combined `for simd' computes the bounds of both its loops in the outer
   one's.  */
static void
read_pre_bodies (reader *pre, gimple_seq seq)
{
  each_loop (seq, [&] (gimple *loop) {
      scan_read_seq (pre, gimple_omp_for_pre_body (loop));
      return false;
    });
}

/* Replace in the bounds EXPRS each temporary that a Fortran region
   sets to its loop's bound before the loop (construct.cc's
   bound_temporary) by what it is set to, found in SEQ, the construct's
   body: the host reads the bounds before the region.  */
static void
substitute_bounds (gimple_seq seq, const vec<tree *> &exprs)
{
  hash_map<tree, tree> bounds;
  scanomp_walk (&seq, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      switch (gimple_code (s))
        {
        case GIMPLE_ASSIGN:
          if (gimple_assign_single_p (s)
              && VAR_P (gimple_assign_lhs (s))
              && DECL_ARTIFICIAL (gimple_assign_lhs (s)))
            bounds.put (gimple_assign_lhs (s), gimple_assign_rhs1 (s));
          return WALK_PAST;
        case GIMPLE_BIND:
        case GIMPLE_TRY:
          return WALK_INTO;
        default:
          return WALK_PAST;
        }
    });
  for (tree *e : exprs)
    walk_tree (e, [] (tree *tp, int *, void *data) -> tree {
        if (tree *v = ((hash_map<tree, tree> *) data)->get (*tp))
          *tp = unshare_expr (*v);
        return NULL_TREE;
      }, &bounds, NULL);
}

/* A reader, into *PRE, of the pre-bodies of L's loops, which compute
   its bounds in terms of the function's own variables.  */
static void
read_bounds (scan_loop *l, reader *pre)
{
  scan_reader_init (pre, l, NULL, gimple_location (l->construct),
                    gimple_omp_for_pre_body (l->loop));
  /* The host computes them once, before the loop: what they read (`n'
     through a lambda's closure) is no access of the loop's.  */
  bool silent = l->silent;
  l->silent = true;
  read_pre_bodies (pre, gimple_omp_body (l->construct));
  l->silent = silent;
}

/* Put into *BODY, a copy of the body of L's collapsed nest (loop.h's
   NEST), before its first phase, each loop's index as computed from
   L's position IV: the first value plus the step times (IV / the trip
   counts of the loops inside) % its own trip count.  The bounds are
   read first as the call reads L's.  */
static void
nest_indices (scan_loop *l, gimple_seq *body)
{
  reader pre;
  read_bounds (l, &pre);
  auto_vec<tree *> exprs;
  for (unsigned k = 0; k < l->nest.length (); k++)
    if (k % 4 == 1 || k % 4 == 3)
      {
        l->nest[k] = scan_substitute (&pre, l->nest[k]);
        exprs.safe_push (&l->nest[k]);
      }
  substitute_bounds (gimple_omp_body (l->construct), exprs);
  tree pt = ptrdiff_type_node, inside = build_one_cst (pt);
  gimple_seq seq = NULL;
  push_gimplify_context ();
  for (unsigned k = l->nest.length (); k > 0; k -= 4)
    {
      tree iv = l->nest[k - 4], lb = l->nest[k - 3];
      tree step = l->nest[k - 2], count = l->nest[k - 1];
      tree q = fold_build2 (TRUNC_DIV_EXPR, pt, l->iv, unshare_expr (inside));
      if (k > 4)
        q = fold_build2 (TRUNC_MOD_EXPR, pt, q, unshare_expr (count));
      tree v = fold_build2 (PLUS_EXPR, pt, unshare_expr (lb),
                            fold_build2 (MULT_EXPR, pt, q, step));
      gimple_seq one = NULL;
      gimplify_assign (iv, fold_convert (TREE_TYPE (iv), v), &one);
      gimple_seq_add_seq_without_update (&one, seq);
      seq = one;
      inside = fold_build2 (MULT_EXPR, pt, inside, unshare_expr (count));
    }
  pop_gimplify_context (NULL);
  gimple_seq *phases = scan_phases_at (body);
  gimple_seq_add_seq_without_update (&seq, *phases);
  *phases = seq;
}

/* Read CONSTRUCT's inscan loop into L: the loop, its target, its header
   and the variables its clauses copy, into CP; false, with a note, where
   the kernels cannot run it.  */
static bool
read_construct (gimple *construct, scan_loop *l, scan_copies *cp)
{
  location_t loc = gimple_location (construct);
  bool other = false;
  l->construct = construct;
  l->inscan = true;
  /* What GCC cannot run, the plugin must take.  */
  l->init_end = scanomp_construct_init_end (construct);
  /* An orphaned `omp for' is its own construct (lower.cc); an orphaned
     `for simd' holds its loop.  */
  if (gimple_code (construct) == GIMPLE_OMP_FOR)
    {
      l->loop = as_a<gomp_for *> (construct);
      scan_unssa (l->loop);
      bool inner_other = false;
      if (gomp_for *inner = scan_find_loop (gimple_omp_body (construct),
                                            &inner_other))
        l->loop = inner;
    }
  else
    l->loop = scan_find_loop (gimple_omp_body (construct), &other);
  l->teams = l->loop && scanomp_teams_loop (l->loop);
  l->crashes_gcc = l->loop && gimple_code (construct) == GIMPLE_OMP_TARGET
                   && gimple_omp_for_kind (l->loop) == GF_OMP_FOR_KIND_SIMD;
  l->quiet = l->init_end == UNKNOWN_LOCATION && !l->teams
             && !l->crashes_gcc;
  if (other)
    {
      scan_complain (l, loc, "this inscan loop is left to GCC%'s own "
                             "implementation: its "
                     "construct holds more than the loop");
      return false;
    }
  scan_read_target (l, construct);
  if (!scan_read_header (l, loc))
    return false;
  cp->clause = NULL;
  if (tree c = scan_gather_copies (construct, scanomp_written_index (l),
                                  cp))
    {
      if (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_LINEAR)
        scan_complain (l, loc, "this inscan loop is left to GCC%'s own "
                               "implementation: its "
                       "%<linear%> clause names %qD, which the kernels do "
                       "not carry", OMP_CLAUSE_DECL (c));
      else
        scan_complain (l, loc, "this inscan loop is left to GCC%'s own "
                               "implementation: the "
                       "kernels do not order its iterations");
      return false;
    }
  /* A nest's indices are set from the position (nest_indices), where
     their value after the loop would be the last position's, not the
     one past it.  */
  if (l->nest.length () && cp->last.length ())
    {
      scan_complain (l, loc, "this inscan loop is left to GCC%'s own "
                     "implementation: it collapses loops and gives %qD "
                     "its value after the loop (as %<simd%> gives the "
                     "indices declared before it); declare the indices in "
                     "the loops, as in %<for (int i = 0; ...)%>",
                     cp->last[0]);
      return false;
    }
  for (vec<tree> *v : { &cp->priv, &cp->first, &cp->last })
    for (tree decl : *v)
      /* A pointer each iteration starts from, as GCC gives a VLA's: the
         kernels read what it points to, as an array's base.  */
      if (v == &cp->first && POINTER_TYPE_P (TREE_TYPE (decl)))
        continue;
      else if (const char *why = scan_copy_problem (decl))
        {
          scan_complain (l, loc, "this inscan loop is left to GCC%'s own "
                                 "implementation: "
                         "%qD, which a clause gives each iteration a copy "
                         "of, is %s", decl, why);
          return false;
        }
  return true;
}

/* Read the scan variables of L's loop into its items, one each, then
   its other reductions and its lastprivate variables (of CP), up to MAX
   in all, setting *SCAN_VARS; false, with a note, where the kernels
   cannot carry one.  The other reductions are late (loop.h): their
   private copies, which each thread holds from the identity in both
   phases, are the host path's scan function's own.  */
static bool
read_variables (scan_loop *l, unsigned max, const scan_copies *cp,
                unsigned *scan_vars)
{
  location_t loc = gimple_location (l->construct);
  l->n = 0;
  for (tree c = gimple_omp_for_clauses (l->loop); c; c = OMP_CLAUSE_CHAIN (c))
    {
      if (OMP_CLAUSE_CODE (c) != OMP_CLAUSE_REDUCTION
          || !OMP_CLAUSE_REDUCTION_INSCAN (c))
        continue;
      tree var = OMP_CLAUSE_DECL (c);
      tree type = TREE_TYPE (var);
      /* A C++ reference stands for the variable it names.  */
      bool ref = TREE_CODE (type) == REFERENCE_TYPE;
      if (ref)
        type = TREE_TYPE (type);
      const char *why = scan_reduction_problem (c, type);
      if (!why && l->n == max)
        why = "one scan variable too many for the kernels";
      if (why)
        {
          scan_complain (l, loc, "this inscan loop is left to GCC%'s own "
                                 "implementation: "
                         "%qD is %s", var, why);
          return false;
        }
      scan_item *it = &l->items[l->n++];
      it->var = ref ? create_tmp_var_raw (type, "scan_ref") : var;
      it->host_var = ref ? build_simple_mem_ref (var) : var;
      it->var_name = IDENTIFIER_POINTER (DECL_NAME (var));
      it->type = type;
      it->op = scan_reduction_op (OMP_CLAUSE_REDUCTION_CODE (c));
      if (OMP_CLAUSE_REDUCTION_PLACEHOLDER (c))
        scanomp_read_udr (it, c);
    }
  *scan_vars = l->n;
  for (tree c : cp->reductions)
    {
      tree var = OMP_CLAUSE_DECL (c);
      tree type = TREE_TYPE (var);
      const char *why = TREE_CODE (type) == REFERENCE_TYPE ? "a reference"
                        : scan_reduction_problem (c, type);
      if (!why && l->n == max)
        why = "one reduction too many for the host path";
      if (why)
        {
          scan_complain (l, loc, "this inscan loop is left to GCC%'s own "
                                 "implementation: its reduction of %qD, "
                                 "which is %s", var, why);
          return false;
        }
      scan_item *it = &l->items[l->n++];
      it->var = it->host_var = var;
      it->var_name = IDENTIFIER_POINTER (DECL_NAME (var));
      it->type = type;
      it->op = scan_reduction_op (OMP_CLAUSE_REDUCTION_CODE (c));
      if (OMP_CLAUSE_REDUCTION_PLACEHOLDER (c))
        scanomp_read_udr (it, c);
      it->late = true;
      it->late_at = OMP_CLAUSE_LOCATION (c);
    }
  /* A lastprivate variable is one more value the kernels carry: that of
     the last iteration that sets it.  */
  for (tree z : cp->last)
    {
      if (l->n == max)
        {
          scan_complain (l, loc, "this inscan loop is left to GCC%'s own "
                                 "implementation: "
                         "it has too many scan and lastprivate variables");
          return false;
        }
      scan_last_item (&l->items[l->n++], z);
    }
  return true;
}

/* What stands in loop body BODY before its first phase, of neither phase
   (a range-based `for''s `x = *it', and the iterator's move before it):
   0 nothing, 1 statements each phase can run first, 2 more (a branch, a
   scope).  */
static int
prologue_of (gimple_seq body)
{
  int found = 0;
  for (gimple_stmt_iterator g = gsi_start (*scan_phases_at (&body));
       !gsi_end_p (g); gsi_next (&g))
    switch (gimple_code (gsi_stmt (g)))
      {
      case GIMPLE_OMP_SCAN:
        return found;
      case GIMPLE_DEBUG:
      case GIMPLE_NOP:
        break;
      case GIMPLE_ASSIGN:
      case GIMPLE_CALL:
        found = MAX (found, 1);
        break;
      default:
        found = 2;
        break;
      }
  return found;
}

/* Move what stands in *BODY before its first phase to the start of each
   phase: GCC's two passes over the loop run it in each.  The second
   phase gets variables of its own for those it sets, in a scope around
   it, so that each is set once in the body (forward.cc reads through
   such alone).  */
static void
prologue_into_phases (gimple_seq *body)
{
  gimple_seq *phases = scan_phases_at (body);
  gimple_seq prologue = NULL;
  gimple_stmt_iterator g = gsi_start (*phases);
  while (!gsi_end_p (g) && gimple_code (gsi_stmt (g)) != GIMPLE_OMP_SCAN)
    {
      gimple *s = gsi_stmt (g);
      gsi_remove (&g, false);
      gimple_seq_add_stmt_without_update (&prologue, s);
    }
  bool again = false;
  for (; !gsi_end_p (g); gsi_next (&g))
    if (gimple_code (gsi_stmt (g)) == GIMPLE_OMP_SCAN)
      {
        gimple *scan = gsi_stmt (g);
        gimple_seq seq = gimple_seq_copy (prologue);
        gimple_seq_add_seq_without_update (&seq, gimple_omp_body (scan));
        if (again)
          {
            hash_map<tree, tree> own;
            tree vars = NULL_TREE;
            for (gimple_stmt_iterator p = gsi_start (prologue);
                 !gsi_end_p (p); gsi_next (&p))
              {
                tree v = gimple_get_lhs (gsi_stmt (p));
                if (v && VAR_P (v) && !is_global_var (v) && !own.get (v))
                  {
                    tree c = copy_var_decl (v, DECL_NAME (v), TREE_TYPE (v));
                    DECL_CHAIN (c) = vars;
                    vars = c;
                    own.put (v, c);
                  }
              }
            walk_stmt_info wi;
            memset (&wi, 0, sizeof wi);
            wi.info = &own;
            walk_gimple_seq_mod (&seq, NULL, scanomp_replace_vars, &wi);
            if (vars)
              seq = gimple_seq_alloc_with_stmt (gimple_build_bind (vars, seq,
                                                                   NULL_TREE));
          }
        gimple_omp_set_body (scan, seq);
        again = true;
      }
}

/* Find in BODY, L's loop body, the two GIMPLE_OMP_SCANs, *FIRST and
   *SECOND, and in them L's input and scan phases; false where the body
   is not two phases.  */
static bool
take_phases (scan_loop *l, gimple_seq body, gimple **first, gimple **second)
{
  *first = *second = NULL;
  for (gimple_stmt_iterator g = gsi_start (*scan_phases_at (&body));
       !gsi_end_p (g); gsi_next (&g))
    if (gimple_code (gsi_stmt (g)) == GIMPLE_OMP_SCAN)
      (*first ? *second : *first) = gsi_stmt (g);
  if (!*first || !*second
      || !gimple_omp_scan_clauses (as_a<gomp_scan *> (*second)))
    return false;
  l->exclusive = OMP_CLAUSE_CODE (gimple_omp_scan_clauses
                                  (as_a<gomp_scan *> (*second)))
                 == OMP_CLAUSE_EXCLUSIVE;
  l->input = l->input_phase = gimple_omp_body (l->exclusive ? *second
                                                               : *first);
  l->output = gimple_omp_body (l->exclusive ? *first : *second);
  return true;
}

/* Find the two phases of L's loop in its body, as the kernels read it,
   into *BODY: before the directive, and after it under
   its clause.  The kernels read a reference's variable through a local
   of their own, in a copy of the body: GCC keeps the loop as its
   fallback.  False, with a note, where the body is not two phases.  */
static bool
read_phases (scan_loop *l, gimple_seq *body)
{
  gimple *first = NULL, *second = NULL;
  *body = gimple_omp_body (l->loop);
  bool carried = false;
  tree ref;
  if (gimple *use = dereference (l, body, &ref))
    {
      scan_complain (l, gimple_location (use), "this inscan loop is left "
                     "to GCC%'s own implementation: it takes the address of "
                     "%qD, a scan variable; the kernels have only its "
                     "value", ref);
      return false;
    }
  /* A loop over a pointer, read in a copy as one over an integer index
     (read_pointer_index), once its bounds are read.  */
  if (l->ptr_iv)
    {
      if (l->init_end != UNKNOWN_LOCATION)
        {
          scan_complain (l, l->init_end, "this inscan loop is left to "
                         "GCC%'s own implementation: it steps the pointer "
                         "%qD, with an initialization phase; loop over an "
                         "integer index", l->ptr_iv);
          return false;
        }
      *body = copy_body (*body);
    }
  /* A loop over a class iterator, which GCC carries from one iteration to
     the next, read with the iterator moved from its value before the
     loop (index.cc), in a copy; the call reads that value, as it reads a
     field (fields.cc), where the iterator is not the construct's own: a
     `parallel for' sets it inside the region the call stands before.  */
  else
    {
      /* The pre-bodies of the construct's loops (a combined construct's
         outer one holds it).  */
      gimple_seq pre = NULL;
      auto add_pre = [&] (gimple *s) {
        if (gomp_for *f = dyn_cast<gomp_for *> (s))
          gimple_seq_add_seq_without_update
            (&pre, gimple_seq_copy (gimple_omp_for_pre_body (f)));
      };
      add_pre (l->construct);
      scanomp_walk (gimple_omp_body_ptr (l->construct),
                    [&] (gimple_stmt_iterator *g) {
                      add_pre (gsi_stmt (*g));
                      return WALK_INTO;
                    });
      gimple_seq copy = copy_body (*body);
      tree begin;
      if (tree it = scan_index_iterator (&copy, *scan_phases_at (&copy), pre,
                                         l->iv, &begin))
        {
          hash_set<tree> inner;
          inner_decls (gimple_omp_body (l->construct), &inner);
          if (inner.contains (it))
            {
              scan_complain (l, gimple_location (l->construct), "this inscan "
                             "loop is left to GCC%'s own implementation: "
                             "it loops over a class iterator, which the "
                             "%<parallel%> around it sets; write the "
                             "%<parallel%> and the %<for%> apart, or loop "
                             "over an integer index, as in %<v[i]%>");
              return false;
            }
          *body = copy;
          carried = true;
          l->field_reads.safe_push (begin);
          l->field_reads.safe_push (it);
        }
    }
  /* A collapsed nest, read as one loop over its positions, in a
     copy.  */
  if (l->nest.length ())
    {
      if (*body == gimple_omp_body (l->loop))
        *body = copy_body (*body);
      nest_indices (l, body);
    }
  switch (prologue_of (*body))
    {
    case 2:
      scan_complain (l, gimple_location (l->construct), "this inscan loop "
                     "is left to GCC%'s own implementation: its body "
                     "branches before its first phase");
      return false;
    case 1:
      if (*body == gimple_omp_body (l->loop))
        *body = copy_body (*body);
      prologue_into_phases (body);
      break;
    }
  /* Read the body with the copies of classes copied bit by bit as
     assignments (bitwise.cc), small functions' calls as what they
     compute (inline.cc), and as GCC writes it without the sanitizers,
     in a copy: GCC may yet run the loop as it stands.  */
  hash_set<tree> keep;
  scanomp_udr_functions (l->construct, &keep);
  if (scan_bitwise_copies (body, false))
    {
      *body = copy_body (*body);
      scan_bitwise_copies (body, true);
    }
  if (scan_inline_calls (body, keep, false))
    {
      if (*body == gimple_omp_body (l->loop))
        *body = copy_body (*body);
      scan_inline_calls (body, keep, true);
    }
  if (scan_read_through_temporaries (*body, false))
    {
      if (*body == gimple_omp_body (l->loop))
        *body = copy_body (*body);
      scan_read_through_temporaries (*body, true);
    }
  /* Structs' fields (Fortran's descriptors, `s->p'), read as variables
     of the plugin's own, in a copy too.  */
  if (carried || scan_field_reads (*body))
    {
      if (*body == gimple_omp_body (l->loop))
        *body = copy_body (*body);
      scan_hoist_field_reads (l, body);
    }
  /* Without what nothing reads (an element's address whose value GCC
     folded away).  */
  if (scan_drop_unread (body, false))
    {
      if (*body == gimple_omp_body (l->loop))
        *body = copy_body (*body);
      scan_drop_unread (body, true);
    }
  if (!take_phases (l, *body, &first, &second))
    {
      scan_complain (l, gimple_location (l->construct), "this inscan loop "
                     "is left to GCC%'s own "
                     "implementation: its body is not two phases "
                     "around %<#pragma omp scan%>");
      return false;
    }
  return (l->init_end == UNKNOWN_LOCATION
          || scan_split_init (l, first, second));
}

/* The tree code that scan operator OP combines with, or ERROR_MARK.  */
static enum tree_code
combining_code (enum scan_op op)
{
  switch (op)
    {
    case SCAN_OP_ADD: case SCAN_OP_SUB: return PLUS_EXPR;
    case SCAN_OP_MUL: return MULT_EXPR;
    case SCAN_OP_AND: return BIT_AND_EXPR;
    case SCAN_OP_OR: return BIT_IOR_EXPR;
    case SCAN_OP_XOR: return BIT_XOR_EXPR;
    default: return ERROR_MARK;
    }
}

/* Whether V, a value the input phase gives scan variable VAR, combines
   VAR's own value only by CODE (for +, by + and -), as OpenMP combines
   what each input phase leaves.  */
static bool
only_combined (tree v, tree var, enum tree_code code)
{
  v = scan_strip (v);
  if (v == var || !scanomp_contains (v, var))
    return true;
  enum tree_code c = TREE_CODE (v);
  if (c != code && !(code == PLUS_EXPR && c == MINUS_EXPR))
    return false;
  tree a = TREE_OPERAND (v, 0), b = TREE_OPERAND (v, 1);
  if (scanomp_contains (a, var) == scanomp_contains (b, var))
    return false;
  /* E - VAR subtracts it.  */
  if (c == MINUS_EXPR && scanomp_contains (b, var))
    return false;
  return only_combined (scanomp_contains (a, var) ? a : b, var, code);
}

/* Warn where the input phase, straight-line code that R has read, gives
   one of the first N items of R's loop, its scan variables, a value that
   combines its
   own otherwise than by its operator (s = a[i] * s + b[i] under +): each
   iteration's input phase starts from the identity, so the loop does not
   compute the recurrence the sequential loop would; a scan clause loop
   does.  */
static void
warn_recurrences (reader *r, unsigned n)
{
  if (r->current_block != 0)
    return;
  for (unsigned k = 0; k < n; k++)
    {
      scan_item *it = &r->l->items[k];
      tree *v = r->value.get (it->var);
      enum tree_code code = combining_code (it->op);
      const char *by = code == PLUS_EXPR ? "+" : code == MULT_EXPR ? "*"
                       : code == BIT_AND_EXPR ? "&"
                       : code == BIT_IOR_EXPR ? "|" : "^";
      if (v && code != ERROR_MARK && !only_combined (*v, it->var, code))
        warning_at (gimple_location (r->l->construct), 0, "the input "
                    "phase computes %qs from its own value otherwise than "
                    "by %qs; the input phase of each iteration starts "
                    "from the identity, so this is not the recurrence a "
                    "sequential loop computes: for that, write the loop "
                    "with the %<scan%> clause, as "
                    "%<y[i] = a[i] * y[i-1] + b[i]%>",
                    it->var_name, by);
    }
}

/* Whether BODY can change no variable whose address is taken: it calls
   nothing that stores to memory but its own variables (math functions,
   the sanitizers' checks, functions that keep to themselves), and
   stores nothing of a pointer type through memory.  */
static bool
leaves_addressed (gimple_seq body)
{
  return !scanomp_walk (&body, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      tree fn = is_gimple_call (s) ? gimple_call_fndecl (s) : NULL_TREE;
      if (is_gimple_call (s) && !scanomp_sanitizer_call (s)
          && !scanomp_math_function (fn)
          && !(fn && !fndecl_built_in_p (fn)
               && scan_callee_keeps_to_itself (fn)))
        return WALK_STOP;
      tree lhs = gimple_get_lhs (s);
      if (lhs && !DECL_P (lhs) && TREE_CODE (lhs) != SSA_NAME
          && POINTER_TYPE_P (TREE_TYPE (lhs)))
        return WALK_STOP;
      return WALK_INTO;
    });
}

/* The function's own pointer or array that START, a pointer loop's first
   value, is, of TYPE, as BODY may read it (`a', `&a[0]', a field the
   body reads too, which fields.cc made a variable), for reader R; or
   NULL_TREE.  A pointer whose address is taken (as a target data
   region's maps take it) counts where the body cannot change it.  */
static tree
own_start (scan_loop *l, reader *r, gimple_seq body, tree start, tree type)
{
  for (unsigned k = 0; k < l->field_reads.length (); k += 2)
    if (operand_equal_p (l->field_reads[k + 1], start, 0))
      return l->field_reads[k];
  if (TREE_CODE (start) == ADDR_EXPR && VAR_P (TREE_OPERAND (start, 0))
      && TREE_CODE (TREE_TYPE (TREE_OPERAND (start, 0))) == ARRAY_TYPE
      && useless_type_conversion_p (TREE_TYPE (type),
                                    TREE_TYPE (TREE_TYPE (TREE_OPERAND
                                                          (start, 0)))))
    return build_fold_addr_expr (build4 (ARRAY_REF, TREE_TYPE (type),
                                         TREE_OPERAND (start, 0),
                                         size_zero_node, NULL_TREE,
                                         NULL_TREE));
  if ((TREE_CODE (start) == PARM_DECL
       || (VAR_P (start) && !is_global_var (start)))
      && useless_type_conversion_p (type, TREE_TYPE (start))
      && !r->assigned.contains (start)
      && (!TREE_ADDRESSABLE (start) || leaves_addressed (body)))
    return start;
  return NULL_TREE;
}

/* Read L's loop over a pointer as one over an integer index, in *BODY,
   a copy, which reader R has begun (loop.h's PTR_IV, rewrite/index.cc),
   and find L's phases in the new body.  The pointer's first value is
   read as the function's own pointer or array it starts at (so that `p
   - a' is an index) plus a byte offset (`a + lb'), which the call
   computes where it is not a constant; else as the plugin's variable
   for it, which the call sets.  False, with a note, where the body sets
   the pointer.  */
static bool
read_pointer_index (scan_loop *l, reader *r, gimple_seq *body)
{
  tree start = l->ptr_start, offset = NULL_TREE;
  STRIP_NOPS (start);
  if (TREE_CODE (start) == POINTER_PLUS_EXPR)
    {
      offset = fold_convert (sizetype, TREE_OPERAND (start, 1));
      start = TREE_OPERAND (start, 0);
      STRIP_NOPS (start);
    }
  tree own = own_start (l, r, *body, start, TREE_TYPE (l->ptr_base));
  hash_set<tree> inner;
  inner_decls (gimple_omp_body (l->construct), &inner);
  for (tree t : { own, offset })
    if (t && (walk_tree (&t, scanomp_find_in_set, &inner, NULL)
              || walk_tree (&t, scanomp_find_in_set, &r->assigned, NULL)))
      own = NULL_TREE;
  if (!own)
    offset = NULL_TREE;
  else
    {
      l->ptr_base = own;
      if (offset && TREE_CODE (offset) != INTEGER_CST)
        {
          tree v = create_tmp_var_raw (sizetype, "scan_offset");
          l->field_reads.safe_push (v);
          l->field_reads.safe_push (offset);
          offset = v;
        }
    }
  if (!scan_index_pointer (body, l->ptr_iv, l->ptr_base, offset, l->iv,
                           l->ptr_unit))
    {
      scan_complain (l, gimple_location (l->construct), "this inscan "
                     "loop is left to GCC%'s own implementation: its "
                     "body sets %qD, the pointer it steps", l->ptr_iv);
      return false;
    }
  /* `p - a' as the index's bytes alone, where `a' is used no other way
     (no kernel carries a pointer as a value).  */
  scan_fold_same_base (body);
  gimple *first, *second;
  return take_phases (l, *body, &first, &second);
}

/* Whether L's gathers (reads at an index computed from what it reads)
   read arrays the loop does not store; if not, a note.  A collapsed
   nest's accesses are all such reads and stores (their indices the
   position gives by division): its own.  */
static bool
gathers_read_only (scan_loop *l)
{
  if (l->nest.length ())
    return true;
  for (const scan_access &g : l->accesses)
    if (g.scatter && !g.store)
      for (const scan_access &s : l->accesses)
        if (s.store && s.base == g.base)
          {
            scan_complain (l, gimple_location (g.stmt), lang_GNU_Fortran ()
                           ? "an array index in this inscan loop is not an "
                             "affine function of the loop index %qD, and "
                             "the loop stores to %qD; index arrays it "
                             "stores as in %<x(i + k)%>"
                           : "an array index in this inscan loop is not an "
                             "affine function of the loop index %qD, and "
                             "the loop stores to %qD; index arrays it "
                             "stores as in %<x[i + k]%>",
                           scanomp_written_index (l), g.base);
            return false;
          }
  return true;
}

/* Whether accesses A and B reach the same element each iteration.  */
static bool
same_element (const scan_access &a, const scan_access &b)
{
  return (!a.scatter && !b.scatter && scanomp_same_step (a, b)
          && a.rest && b.rest && operand_equal_p (a.rest, b.rest, 0));
}

/* Whether the stores of L's input phase, whose accesses are the first
   INPUT of L's (R has read the body), are ones that running the phase
   again stores again, the same: the host path's reduce and scan
   functions each run it (host.cc), as the kernels' two passes do, where
   GCC's code runs it once.  So each stores a new element of its array
   each iteration, which the loop reaches at no other element, and which
   the input phase reads only after its stores to it (what the first run
   left is then what the second reads); an exclusive scan's scan phase,
   which the source puts before the input phase and GCC's code after it,
   neither reads nor stores it; and the loop gathers nothing, from an
   array whose extent the call cannot check against the stored ones.  If
   not, a note.  */
static bool
input_stores_rerun (scan_loop *l, reader *r, unsigned input)
{
  for (unsigned k = 0; k < input; k++)
    {
      const scan_access &s = l->accesses[k];
      if (!s.store)
        continue;
      location_t at = gimple_location (s.stmt);
      if (scan_in_init (l, at) || l->nest.length () || s.arg >= 0)
        {
          scan_complain (l, at, "this inscan loop is left to GCC%'s own "
                         "implementation: its %s phase stores to memory",
                         scan_in_init (l, at) ? "initialization" : "input");
          return false;
        }
      if (s.stride)
        {
          scan_complain (l, at, "this inscan loop is left to GCC%'s own "
                         "implementation: its input phase stores to %qD "
                         "at a stride read at run time, which the plugin "
                         "cannot tell reaches an element of its own each "
                         "iteration; store to an array indexed as in %qs",
                         s.base, lang_GNU_Fortran () ? "x(i)" : "x[i]");
          return false;
        }
      tree size = TYPE_SIZE_UNIT (s.elem_type);
      if (s.scatter || !size || !tree_fits_uhwi_p (size)
          || (unsigned HOST_WIDE_INT) abs_hwi (s.coef) < tree_to_uhwi (size))
        {
          scan_complain (l, at, "this inscan loop is left to GCC%'s own "
                         "implementation: its input phase stores to %qD "
                         "at an index that does not reach an element of "
                         "its own each iteration; store to an element an "
                         "iteration, as in %qs", s.base,
                         lang_GNU_Fortran () ? "x(i)" : "x[i]");
          return false;
        }
      int last_store = -1;
      for (unsigned j = 0; j < input; j++)
        if (l->accesses[j].store && l->accesses[j].base == s.base)
          last_store = MAX (last_store,
                            scan_position (r, l->accesses[j].stmt));
      for (unsigned j = 0; j < l->accesses.length (); j++)
        {
          const scan_access &a = l->accesses[j];
          location_t here = gimple_location (a.stmt);
          if (a.scatter && !a.store)
            {
              scan_complain (l, here, "this inscan loop is left to GCC%'s "
                             "own implementation: its input phase stores "
                             "to %qD, and this read%'s index is computed "
                             "from what the loop reads", s.base);
              return false;
            }
          if (a.base != s.base)
            continue;
          if (!same_element (a, s) || a.arg >= 0)
            {
              scan_complain (l, here, "this inscan loop is left to GCC%'s "
                             "own implementation: its input phase stores "
                             "to %qD, which it reaches at another element "
                             "here", s.base);
              return false;
            }
          if (a.store && j >= input && l->exclusive)
            {
              scan_complain (l, here, "this inscan loop is left to GCC%'s "
                             "own implementation: both phases of this "
                             "exclusive scan store to %qD, the scan phase "
                             "first in the source, last in GCC%'s code",
                             s.base);
              return false;
            }
          if (j < input && !a.store
              && (scan_position (r, a.stmt) <= last_store
                  || !scan_forward_only (r)))
            {
              scan_complain (l, here, "this inscan loop is left to GCC%'s "
                             "own implementation: its input phase may "
                             "read an element of %qD before it stores it, "
                             "and the host path and the kernels run that "
                             "phase twice, the second time reading what "
                             "the first stored; store to another array",
                             s.base);
              return false;
            }
          if (j >= input && l->exclusive)
            {
              scan_complain (l, here, "this inscan loop is left to GCC%'s "
                             "own implementation: the scan phase of this "
                             "exclusive scan reads %qD, which its input "
                             "phase, after it in the source, stores",
                             s.base);
              return false;
            }
        }
    }
  return true;
}

/* Read BODY, the phases of L's loop, whose first SCAN_VARS items are its
   scan variables, and its bounds: its accesses, the stores of its
   scan phase, its scalars; false, with a note, where the kernels cannot
   run it.  */
static bool
read_body (scan_loop *l, unsigned scan_vars, const scan_copies *cp,
           gimple_seq body)
{
  location_t loc = gimple_location (l->construct);
  /* Bounds computed in the loops' pre-bodies, in terms of the function's
     own variables.  */
  reader pre;
  read_bounds (l, &pre);
  l->lb = scan_substitute (&pre, l->lb);
  l->ub = scan_substitute (&pre, l->ub);
  if (l->ptr_start)
    l->ptr_start = scan_substitute (&pre, l->ptr_start);
  auto_vec<tree *> bounds;
  for (tree *e : { &l->lb, &l->ub, &l->ptr_start })
    bounds.safe_push (e);
  substitute_bounds (gimple_omp_body (l->construct), bounds);

  reader r;
  scan_reader_init (&r, l, NULL, loc, body);
  if (l->ptr_iv)
    {
      if (!read_pointer_index (l, &r, &body))
        return false;
      scan_reader_init (&r, l, NULL, loc, body);
    }
  for (unsigned k = 0; k < scan_vars; k++)
    r.privates.add (l->items[k].var);
  /* A nest's indices, which OpenMP makes private.  */
  for (unsigned k = 0; k < l->nest.length (); k += 4)
    r.privates.add (l->nest[k]);
  scan_private_copies (l, &r, cp);
  if (!scan_carries_nothing (&r, body))
    return false;
  r.gather_reads = true;
  scan_read_seq (&r, l->input);
  if (r.ok)
    warn_recurrences (&r, scan_vars);
  unsigned input_accesses = l->accesses.length ();
  r.scatter_stores = true;
  scan_read_seq (&r, l->output);
  r.scatter_stores = false;
  r.gather_reads = false;
  if (!r.ok || !gathers_read_only (l))
    return false;
  if (!input_stores_rerun (l, &r, input_accesses))
    return false;
  for (unsigned k = 0; k < l->accesses.length (); k++)
    {
      /* A store of the input phase, which both functions of the host
         path make (input_stores_rerun; SCANRT_ARRAY_STORED_TWICE).  */
      if (l->accesses[k].store && k < input_accesses)
        l->input_stores = true;
      else if (l->accesses[k].store)
        l->accesses[k].output = l->outputs = true;
      scan_add_base (l, l->accesses[k].base);
    }
  /* The kernels give a lastprivate variable the scan phase sets its value
     from the input phase's hook, which knows no prefix: one it may set
     from the scan variables is late, which the host path's scan
     function finds.  The reduce function finds the others' running the
     scan phase (OUTPUT_SETS_LAST).  */
  auto_vec<tree> vars, arrays;
  for (unsigned k = 0; k < scan_vars; k++)
    vars.safe_push (l->items[k].var);
  unsigned first_last = l->n - cp->last.length ();
  tree z;
  auto_vec<gimple *> each;
  scan_set_from_prefix (l, l->output, vars, arrays, cp->last,
                        &l->output_sets_last, &z, &each);
  for (unsigned k = 0; k < each.length (); k++)
    if (each[k])
      {
        l->items[first_last + k].late = true;
        l->items[first_last + k].late_at = gimple_location (each[k]);
      }
  /* The reduce function finds such a variable's value running the scan
     phase without its stores, which assumes that the arrays it stores
     overlap no other: the call checks their windows, which a scatter's
     array has not.  */
  if (l->output_sets_last)
    for (const scan_access &a : l->accesses)
      if (a.scatter)
        {
          scan_complain (l, gimple_location (a.stmt), "this inscan loop is "
                         "left to GCC%'s own implementation: its scan phase "
                         "sets a lastprivate variable and stores at an "
                         "index that is not an affine function of the loop "
                         "index");
          return false;
        }

  if (!scan_sets_no_shared (&r, body))
    return false;
  if (tree p = scan_pointer_value (&r, body))
    {
      scan_complain (l, gimple_location (l->construct), "this inscan loop "
                     "is left to GCC%'s own implementation: it uses the "
                     "pointer %qD as a value, not to reach an element of "
                     "an array; compute what it gives before the loop", p);
      return false;
    }
  scan_note_scalars (&r, body);
  scan_copies_as_scalars (l, &r, cp);
  return true;
}

/* Whether what the host evaluates of L's loop (its bounds and what
   computes them, the rests of its indices, its scalars) is the
   function's own, not a temporary of the construct that omplower will
   move away; if not, a note.  */
static bool
host_trees_own (scan_loop *l)
{
  hash_set<tree> inner;
  inner_decls (gimple_omp_body (l->construct), &inner);
  auto_vec<tree> host_trees;
  host_trees.safe_push (l->lb);
  host_trees.safe_push (l->ub);
  if (l->ptr_start)
    host_trees.safe_push (l->ptr_start);
  for (const scan_access &a : l->accesses)
    {
      host_trees.safe_push (a.rest);
      if (a.stride)
        host_trees.safe_push (a.stride);
    }
  for (tree s : l->scalars)
    host_trees.safe_push (s);
  scanomp_walk (&l->bounds_setup, [&] (gimple_stmt_iterator *g) {
      for (unsigned k = 0; k < gimple_num_ops (gsi_stmt (*g)); k++)
        if (gimple_op (gsi_stmt (*g), k))
          host_trees.safe_push (gimple_op (gsi_stmt (*g), k));
      return WALK_INTO;
    });
  for (tree t : host_trees)
    if (walk_tree (&t, scanomp_find_in_set, &inner, NULL))
      {
        scan_complain (l, gimple_location (l->construct), "this inscan "
                       "loop is left to GCC%'s own "
                       "implementation: its bounds or indices "
                       "use temporaries of the construct");
        return false;
      }
  return true;
}

/* Copy into L's bounds_setup the statements of its loop's pre-body,
   which GCC runs before the loop (`D = v.size ()' for `i < v.size ()')
   and the call must run before it reads the bounds; false, with a note,
   where running them twice could differ from running them once (a call
   that may write memory).  */
static bool
copy_bounds_setup (scan_loop *l)
{
  /* The pre-bodies of the construct's loops, outermost first: of an
     orphaned `for simd', or a combined `parallel for simd', the `for'
     around the simd loop holds it.  */
  gimple_seq pre = NULL;
  if (gimple_code (l->construct) == GIMPLE_OMP_FOR)
    pre = gimple_seq_copy (gimple_omp_for_pre_body (l->construct));
  each_loop (gimple_omp_body (l->construct), [&] (gimple *loop) {
      gimple_seq_add_seq (&pre, gimple_seq_copy
                                  (gimple_omp_for_pre_body (loop)));
      return loop == l->loop;
    });
  /* Through the try that ends its temporaries' lives (`it != v.end ()'
     keeps the end's iterator in one).  */
  gimple *bad = NULL;
  scanomp_walk (&pre, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      if (gimple_code (s) == GIMPLE_BIND
          || (gimple_code (s) == GIMPLE_TRY
              && scanomp_only_clobbers (gimple_try_cleanup (s))))
        return WALK_INTO;
      tree fn = is_gimple_call (s) ? gimple_call_fndecl (s) : NULL_TREE;
      bool ok = is_gimple_assign (s) || is_gimple_debug (s)
                || gimple_code (s) == GIMPLE_NOP
                || (fn && ((gimple_call_flags (s) & (ECF_CONST | ECF_PURE))
                           || scan_callee_keeps_to_itself (fn)));
      if (ok && !gimple_has_volatile_ops (s))
        return WALK_PAST;
      bad = s;
      return WALK_STOP;
    });
  if (bad)
    {
      scan_complain (l, gimple_has_location (bad) ? gimple_location (bad)
                        : gimple_location (l->construct),
                     "this inscan loop is left "
                     "to GCC%'s own implementation: its bounds are "
                     "computed by a statement that may have effects, "
                     "which the plugin would run once more; compute "
                     "them before the loop");
      return false;
    }
  /* A combined `parallel for' declares what its pre-body sets inside the
     region (`i < v.size ()': the size's temporary), which omplower moves
     into the outlined function; the call, outside it, sets copies.  */
  hash_set<tree> inner;
  inner_decls (gimple_omp_body (l->construct), &inner);
  hash_map<tree, tree> fresh;
  scanomp_walk (&pre, [&] (gimple_stmt_iterator *g) {
      tree lhs = gimple_get_lhs (gsi_stmt (*g));
      if (lhs && VAR_P (lhs) && inner.contains (lhs) && !fresh.get (lhs))
        fresh.put (lhs, scanomp_tmp_var (TREE_TYPE (lhs), "scan_bound"));
      return WALK_INTO;
    });
  if (!fresh.is_empty ())
    {
      walk_stmt_info wi;
      memset (&wi, 0, sizeof wi);
      wi.info = &fresh;
      walk_gimple_seq_mod (&pre, NULL, scanomp_replace_vars, &wi);
      for (tree *e : { &l->lb, &l->ub, &l->ptr_start })
        walk_tree (e, scanomp_replace_vars, &wi, NULL);
    }
  l->bounds_setup = pre;
  return true;
}

bool
scanomp_analyze_inscan (gimple *construct, scan_loop *l, unsigned max)
{
  scan_copies cp;
  unsigned scan_vars;
  gimple_seq body;
  if (!(read_construct (construct, l, &cp)
        && read_variables (l, max, &cp, &scan_vars)
        && read_phases (l, &body)
        && read_body (l, scan_vars, &cp, body)
        && copy_bounds_setup (l)
        && host_trees_own (l)))
    return false;
  /* The call sets the variable standing for a pointer's first value
     (construct.cc's, which no function declares yet), where
     read_pointer_index found none of the function's or a field read's
     for it.  */
  if (l->ptr_iv && VAR_P (l->ptr_base) && !DECL_CONTEXT (l->ptr_base)
      && !l->field_reads.contains (l->ptr_base))
    {
      l->field_reads.safe_push (l->ptr_base);
      l->field_reads.safe_push (l->ptr_start);
    }
  return true;
}
