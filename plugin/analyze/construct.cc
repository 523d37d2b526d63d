/* SPDX-License-Identifier: GPL-3.0-or-later */
/* construct.cc: the construct around a scan loop: the loop inside it
   (through binds, trys that only clobber, and combined constructs), the
   loop's header, the clauses from the construct down to the loop, and a
   target's maps; and the SSA names of an orphaned loop made variables.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "langhooks.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "diagnostic-core.h"
#include "fold-const.h"
#include "omp-general.h"
#include "ssa.h"

#include "analyze/reader.h"

/* walk_tree callback: does *TP mention the decl DATA?  */
static tree
mentions (tree *tp, int *, void *data)
{
  return *tp == (tree) data ? *tp : NULL_TREE;
}

/* The clauses of S, a parallel, teams or loop construct; NULL_TREE for
   any other statement.  */
static tree
construct_clauses (gimple *s)
{
  switch (s ? gimple_code (s) : GIMPLE_NOP)
    {
    case GIMPLE_OMP_FOR:
      return gimple_omp_for_clauses (s);
    case GIMPLE_OMP_PARALLEL:
      return gimple_omp_parallel_clauses (s);
    case GIMPLE_OMP_TEAMS:
      return gimple_omp_teams_clauses (s);
    default:
      return NULL_TREE;
    }
}

/* Is T, set by a statement beside construct S, only the value of one of
   S's clauses, as the gimplifier computes `if (n > 0)' of a combined
   `parallel for simd' or `target parallel for', or a teams construct's
   `thread_limit (k)' at -O0, into a temporary just before the inner
   construct?  The kernels ignore such a clause.  */
static bool
clause_temporary (tree t, gimple *s)
{
  if (!(TREE_CODE (t) == SSA_NAME || (VAR_P (t) && DECL_ARTIFICIAL (t))))
    return false;
  for (tree c = construct_clauses (s); c; c = OMP_CLAUSE_CHAIN (c))
    switch (OMP_CLAUSE_CODE (c))
      {
      case OMP_CLAUSE_IF:
      case OMP_CLAUSE_NUM_THREADS:
      case OMP_CLAUSE_THREAD_LIMIT:
      case OMP_CLAUSE_NUM_TEAMS:
        for (int k = 0; k < omp_clause_num_ops[OMP_CLAUSE_CODE (c)]; k++)
          if (OMP_CLAUSE_OPERAND (c, k)
              && walk_tree (&OMP_CLAUSE_OPERAND (c, k), mentions, t, NULL))
            return true;
        break;
      default:
        break;
      }
  return false;
}

/* Is S, beside construct CONSTRUCT, a Fortran loop bound computed into a
   temporary that CONSTRUCT shares, as gfortran reads `do i = 1, n' in a
   target region: `D.1 = *n; #pragma omp parallel shared(D.1)'?  A load
   of a variable, or through a pointer, that the host reads the same
   (inscan.cc substitutes it).  */
static bool
bound_temporary (gimple *s, gimple *construct)
{
  if (!lang_GNU_Fortran () || !construct || !gimple_assign_single_p (s))
    return false;
  tree t = gimple_assign_lhs (s), v = gimple_assign_rhs1 (s);
  if (!VAR_P (t) || !DECL_ARTIFICIAL (t))
    return false;
  if (TREE_CODE (v) == MEM_REF && integer_zerop (TREE_OPERAND (v, 1)))
    v = TREE_OPERAND (v, 0);
  if (!DECL_P (v) && !CONSTANT_CLASS_P (v))
    return false;
  for (tree c = construct_clauses (construct); c; c = OMP_CLAUSE_CHAIN (c))
    if ((OMP_CLAUSE_CODE (c) == OMP_CLAUSE_SHARED
         || OMP_CLAUSE_CODE (c) == OMP_CLAUSE_FIRSTPRIVATE)
        && OMP_CLAUSE_DECL (c) == t)
      return true;
  return false;
}

/* Find the GIMPLE_OMP_FOR under construct S: through a bind, a try that
   only clobbers, or teams or distribute levels.  Sets *OTHER if anything
   else stands beside it.  */
gomp_for *
scan_find_loop (gimple_seq seq, bool *other)
{
  gomp_for *found = NULL;
  gimple *construct = NULL;
  auto_vec<gimple *> temporaries;
  for (gimple_stmt_iterator g = gsi_start (seq); !gsi_end_p (g); gsi_next (&g))
    {
      gimple *s = gsi_stmt (g);
      gomp_for *f = NULL;
      if (gimple_code (s) == GIMPLE_OMP_PARALLEL
          || gimple_code (s) == GIMPLE_OMP_TEAMS
          || gimple_code (s) == GIMPLE_OMP_FOR)
        construct = s;
      switch (gimple_code (s))
        {
        case GIMPLE_ASSIGN:
          temporaries.safe_push (s);
          break;
        case GIMPLE_BIND:
          f = scan_find_loop (gimple_bind_body (as_a<gbind *> (s)), other);
          break;
        case GIMPLE_TRY:
          if (scanomp_only_clobbers (gimple_try_cleanup (s)))
            f = scan_find_loop (gimple_try_eval (s), other);
          else
            *other = true;
          break;
        case GIMPLE_OMP_PARALLEL:
        case GIMPLE_OMP_TEAMS:
          f = scan_find_loop (gimple_omp_body (s), other);
          break;
        case GIMPLE_OMP_FOR:
          {
            /* Combined constructs nest loops: distribute around parallel
               for, for around simd.  The innermost holds the body.  */
            f = as_a<gomp_for *> (s);
            bool inner_other = false;
            gomp_for *inner = scan_find_loop (gimple_omp_body (f), &inner_other);
            if (inner && !inner_other)
              f = inner;
            break;
          }
        case GIMPLE_NOP:
        case GIMPLE_DEBUG:
        case GIMPLE_OMP_RETURN:
        case GIMPLE_OMP_CONTINUE:
          break;
        default:
          *other = true;
          break;
        }
      if (f)
        {
          if (found)
            *other = true;
          found = f;
        }
    }
  for (gimple *t : temporaries)
    if (!clause_temporary (gimple_assign_lhs (t), construct)
        && !bound_temporary (t, construct))
      *other = true;
  return found;
}

/* The one statement of SEQ but debug statements (-g's markers), or
   NULL.  */
static gimple *
only_statement (gimple_seq seq)
{
  gimple *only = NULL;
  for (gimple_stmt_iterator g = gsi_start (seq); !gsi_end_p (g); gsi_next (&g))
    if (is_gimple_debug (gsi_stmt (g)))
      continue;
    else if (only)
      return NULL;
    else
      only = gsi_stmt (g);
  return only;
}

gimple_seq *
scan_phases_at (gimple_seq *body)
{
  while (gimple *s = only_statement (*body))
    {
      if (gbind *b = dyn_cast<gbind *> (s))
        body = gimple_bind_body_ptr (b);
      else if (gimple_code (s) == GIMPLE_TRY
               && gimple_try_kind (s) == GIMPLE_TRY_FINALLY
               && scanomp_only_clobbers (gimple_try_cleanup (s)))
        body = gimple_try_eval_ptr (s);
      else
        break;
    }
  return body;
}

/* scan_find_clause's test for a clause that gives the loop's index its
   value after the loop: lastprivate, or linear (as simd makes it).  */
static bool
keeps_index (tree c, tree iv, void *)
{
  return (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_LASTPRIVATE
          || OMP_CLAUSE_CODE (c) == OMP_CLAUSE_LINEAR)
         && OMP_CLAUSE_DECL (c) == iv;
}

/* Read the header of L's loop over a pointer, stepping BY bytes, as a
   loop over an integer index from 0 (see loop.h's PTR_IV): an inscan
   loop's, whose body the analysis reads in a copy (inscan.cc).  */
static bool
pointer_header (scan_loop *l, location_t loc, HOST_WIDE_INT by)
{
  tree p = l->iv, type = TREE_TYPE (p);
  tree unit = TYPE_SIZE_UNIT (TREE_TYPE (type));
  if (!l->inscan || !unit || !tree_fits_shwi_p (unit)
      || integer_zerop (unit))
    {
      scan_complain (l, loc, "the index %qD of the %<scan%> loop is not an "
                     "integer", p);
      return false;
    }
  HOST_WIDE_INT size = tree_to_shwi (unit);
  if (by != size && by != -size)
    {
      scan_complain (l, loc, "this inscan loop is left to GCC%'s own "
                     "implementation: its pointer %qD steps by %wd bytes; "
                     "a scan loop steps by one element, as in %<p++%>",
                     p, by);
      return false;
    }
  l->ptr_iv = p;
  l->ptr_unit = unit;
  l->ptr_start = fold_convert (type, l->lb);
  l->ptr_base = create_tmp_var_raw (type, "scan_start");
  /* Only the plugin's copies of the body read it: no function of the
     program declares it (a loop over a pointer has no sequential
     fallback of the plugin's, inscan.cc refusing an initialization
     phase beside it).  */
  l->iv = create_tmp_var_raw (ptrdiff_type_node, "scan_index");
  l->ub = fold_build2 (EXACT_DIV_EXPR, ptrdiff_type_node,
                       fold_build2 (POINTER_DIFF_EXPR, ptrdiff_type_node,
                                    fold_convert (type, l->ub),
                                    l->ptr_start),
                       fold_convert (ptrdiff_type_node, unit));
  l->lb = build_zero_cst (ptrdiff_type_node);
  return true;
}

/* walk_tree's test for DATA, a variable.  */
static tree
is_var (tree *tp, int *, void *data)
{
  return *tp == (tree) data ? *tp : NULL_TREE;
}

/* Read the header of L's nest of collapsed loops, an inscan loop's, as
   one loop over the nest's positions from 0 (loop.h's NEST): each loop's
   index an integer stepping by 1 or -1 towards its bound, which no other
   loop's index changes.  */
static bool
nest_header (scan_loop *l, location_t loc)
{
  gomp_for *f = l->loop;
  unsigned depth = gimple_omp_for_collapse (f);
  tree pt = ptrdiff_type_node, total = build_one_cst (pt);
  for (unsigned d = 0; d < depth; d++)
    {
      tree iv = gimple_omp_for_index (f, d);
      tree lb = gimple_omp_for_initial (f, d);
      tree ub = gimple_omp_for_final (f, d);
      tree incr = gimple_omp_for_incr (f, d);
      tree step = TREE_OPERAND (incr, 1);
      enum tree_code cond = gimple_omp_for_cond (f, d);
      if (!INTEGRAL_TYPE_P (TREE_TYPE (iv)))
        {
          scan_complain (l, loc, "this inscan loop is left to GCC%'s own "
                         "implementation: the index %qD of a loop it "
                         "collapses is not an integer", iv);
          return false;
        }
      if (!integer_onep (step) && !integer_minus_onep (step))
        {
          scan_complain (l, loc, "this inscan loop is left to GCC%'s own "
                         "implementation: a loop it collapses steps by "
                         "%qE; write %<i++%> or %<i--%>", step);
          return false;
        }
      int dir = integer_onep (step) ? 1 : -1;
      if (TREE_CODE (incr) == MINUS_EXPR)
        dir = -dir;
      if (cond == NE_EXPR)
        cond = dir > 0 ? LT_EXPR : GT_EXPR;
      bool up = cond == LT_EXPR || cond == LE_EXPR;
      if (!(up || cond == GT_EXPR || cond == GE_EXPR)
          || (up ? dir < 0 : dir > 0))
        {
          scan_complain (l, loc, "this inscan loop is left to GCC%'s own "
                         "implementation: the condition of the loop over "
                         "%qD does not match its step", iv);
          return false;
        }
      for (unsigned e = 0; e < d; e++)
        for (tree t : { lb, ub })
          if (walk_tree (&t, is_var, gimple_omp_for_index (f, e), NULL))
            {
              scan_complain (l, loc, "this inscan loop is left to GCC%'s "
                             "own implementation: the bounds of the loop "
                             "over %qD depend on %qD, the index of a "
                             "loop outside it", iv,
                             gimple_omp_for_index (f, e));
              return false;
            }
      tree span = up ? fold_build2 (MINUS_EXPR, pt, fold_convert (pt, ub),
                                    fold_convert (pt, lb))
                     : fold_build2 (MINUS_EXPR, pt, fold_convert (pt, lb),
                                    fold_convert (pt, ub));
      if (cond == LE_EXPR || cond == GE_EXPR)
        span = fold_build2 (PLUS_EXPR, pt, span, build_one_cst (pt));
      tree count = fold_build2 (MAX_EXPR, pt, span, build_zero_cst (pt));
      l->nest.safe_push (iv);
      l->nest.safe_push (fold_convert (pt, lb));
      l->nest.safe_push (build_int_cst (pt, dir));
      l->nest.safe_push (count);
      total = fold_build2 (MULT_EXPR, pt, total, count);
    }
  /* Only the plugin's copies of the body read it, as a pointer loop's
     (pointer_header).  */
  l->iv = create_tmp_var_raw (pt, "scan_index");
  l->lb = build_zero_cst (pt);
  l->ub = total;
  l->cond = LT_EXPR;
  l->step = 1;
  return true;
}

/* Read the loop header: index, bounds, condition and step.  */
bool
scan_read_header (scan_loop *l, location_t loc)
{
  gomp_for *f = l->loop;
  if (gimple_omp_for_collapse (f) != 1 && l->inscan)
    return nest_header (l, loc);
  if (gimple_omp_for_collapse (f) != 1)
    {
      scan_complain (l, loc, "the %<scan%> clause needs a single loop; drop "
                "%<collapse%>");
      return false;
    }
  l->iv = gimple_omp_for_index (f, 0);
  l->lb = gimple_omp_for_initial (f, 0);
  l->ub = gimple_omp_for_final (f, 0);
  l->cond = gimple_omp_for_cond (f, 0);
  tree incr = gimple_omp_for_incr (f, 0);
  tree step = TREE_OPERAND (incr, 1);
  if (TREE_CODE (step) != INTEGER_CST)
    {
      scan_complain (l, loc, "the %<scan%> loop steps by %qE; a scan loop "
                     "steps by 1 or -1, as in %<i++%>", step);
      return false;
    }
  if (POINTER_TYPE_P (TREE_TYPE (l->iv)))
    {
      /* A pointer's step is a sizetype byte count, -4 being 2^64 - 4.  */
      tree by = fold_convert (ssizetype, step);
      if (!tree_fits_shwi_p (by) || !pointer_header (l, loc,
                                                    tree_to_shwi (by)))
        return false;
      l->step = tree_int_cst_sgn (by);
    }
  else if (!INTEGRAL_TYPE_P (TREE_TYPE (l->iv)))
    {
      scan_complain (l, loc, "the index %qD of the %<scan%> loop is not an integer",
                l->iv);
      return false;
    }
  else if (!(integer_onep (step) || integer_minus_onep (step)))
    {
      scan_complain (l, loc, "the %<scan%> loop steps by %qE; a scan loop steps by "
                "1 or -1, as in %<i++%>", step);
      return false;
    }
  else
    {
      l->step = integer_onep (step) ? 1 : -1;
      if (TREE_CODE (incr) == MINUS_EXPR)
        l->step = -l->step;
    }
  /* OpenMP 5.0's `i != n', which it allows with a step of 1 or -1: the
     loop runs to n from the side its step comes from, as GCC runs it.  */
  if (l->cond == NE_EXPR)
    l->cond = l->step > 0 ? LT_EXPR : GT_EXPR;
  bool up = l->cond == LT_EXPR || l->cond == LE_EXPR;
  if (!(up || l->cond == GT_EXPR || l->cond == GE_EXPR)
      || (up ? l->step < 0 : l->step > 0))
    {
      scan_complain (l, loc, "the condition of the %<scan%> loop does not match its "
                "step; write %<i < n%> or %<i <= n%> with %<i++%>, or "
                "%<i > n%> or %<i >= n%> with %<i--%>");
      return false;
    }
  if (tree c = scan_find_clause (l->construct, scanomp_written_index (l),
                                 keeps_index, NULL))
    l->final_iv = OMP_CLAUSE_DECL (c);
  return true;
}

/* Whether reduction clause C is the probe of scan clause SC (see
   clause.cc).  */
bool
scan_is_probe (tree c, scan_clause *sc)
{
  tree d = scanomp_reduced_decl (c);
  if (!sc->user || d == OMP_CLAUSE_DECL (c) || !DECL_P (d) || !DECL_NAME (d))
    return false;
  for (unsigned k = 0; k < sc->nvars; k++)
    if (!strcmp (IDENTIFIER_POINTER (DECL_NAME (d)), sc->vars[k]))
      return true;
  return false;
}

/* The first clause of CLAUSES, or of the constructs in SEQ down to the
   loop, for which WANTED (clause, its loop's index, DATA) holds, or
   NULL_TREE.  GCC puts the data-sharing clauses of a combined `parallel
   for' on the parallel, not the loop; those of a loop nest (for simd,
   distribute parallel for) go with each loop's own index.  */
static tree
find_clause (tree clauses, gimple_seq seq, tree iv,
             bool (*wanted) (tree, tree, void *), void *data)
{
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN (c))
    if (wanted (c, iv, data))
      return c;
  for (gimple_stmt_iterator g = gsi_start (seq); !gsi_end_p (g); gsi_next (&g))
    {
      gimple *s = gsi_stmt (g);
      tree found = NULL_TREE;
      switch (gimple_code (s))
        {
        case GIMPLE_BIND:
          found = find_clause (NULL_TREE,
                               gimple_bind_body (as_a<gbind *> (s)), iv,
                               wanted, data);
          break;
        case GIMPLE_TRY:
          found = find_clause (NULL_TREE, gimple_try_eval (s), iv, wanted,
                               data);
          break;
        case GIMPLE_OMP_PARALLEL:
        case GIMPLE_OMP_TEAMS:
        case GIMPLE_OMP_FOR:
          found = find_clause (construct_clauses (s), gimple_omp_body (s),
                               gimple_code (s) == GIMPLE_OMP_FOR
                               ? gimple_omp_for_index (s, 0) : iv,
                               wanted, data);
          break;
        default:
          break;
        }
      if (found)
        return found;
    }
  return NULL_TREE;
}

tree
scan_find_clause (gimple *construct, tree iv,
                  bool (*wanted) (tree, tree, void *), void *data)
{
  /* An orphaned `omp for' is its own construct.  */
  tree clauses = gimple_code (construct) == GIMPLE_OMP_PARALLEL
                 || gimple_code (construct) == GIMPLE_OMP_FOR
                 ? construct_clauses (construct) : NULL_TREE;
  return find_clause (clauses, gimple_omp_body (construct), iv, wanted,
                      data);
}

/* The pointer a map clause reaches through T, where T is the copy of
   it GCC makes in front of a target inside `target data' (`v.8 = v;'
   then `map(tofrom: *v.8)'): the pointer copied, the one temporary's one
   assignment found in the function's body; else T itself.  */
static tree
copied_pointer (tree t)
{
  if (!VAR_P (t) || !DECL_ARTIFICIAL (t))
    return t;
  tree from = NULL_TREE;
  int sets = 0;
  gimple_seq body = gimple_body (current_function_decl);
  scanomp_walk (&body, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      if (gimple_assign_single_p (s) && gimple_assign_lhs (s) == t)
        {
          sets++;
          from = gimple_assign_rhs1 (s);
        }
      return WALK_INTO;
    });
  if (sets == 1 && (VAR_P (from) || TREE_CODE (from) == PARM_DECL)
      && POINTER_TYPE_P (TREE_TYPE (from)))
    return from;
  return t;
}

/* Record the array sections that the target's map clauses C name, as
   base, start and size in bytes: *p [len: n] (a pointer's section) and
   a[k] [len: n] (an array's).  */
static void
scan_read_maps (scan_loop *l, tree c)
{
  for (; c; c = OMP_CLAUSE_CHAIN (c))
    {
      if (OMP_CLAUSE_CODE (c) != OMP_CLAUSE_MAP || !OMP_CLAUSE_SIZE (c))
        continue;
      tree ref = OMP_CLAUSE_DECL (c), base = NULL_TREE, start = NULL_TREE;
      if (TREE_CODE (ref) == MEM_REF || TREE_CODE (ref) == INDIRECT_REF)
        {
          if (!scan_split_pointer (TREE_OPERAND (ref, 0), &base, &start))
            continue;
          base = copied_pointer (base);
          if (TREE_CODE (ref) == MEM_REF)
            start = size_binop (PLUS_EXPR, start,
                                fold_convert (sizetype,
                                              TREE_OPERAND (ref, 1)));
        }
      else if (TREE_CODE (ref) == ARRAY_REF && VAR_P (TREE_OPERAND (ref, 0)))
        {
          base = TREE_OPERAND (ref, 0);
          start = fold_build2 (MULT_EXPR, sizetype,
                               fold_convert (sizetype, TREE_OPERAND (ref, 1)),
                               TYPE_SIZE_UNIT (TREE_TYPE (ref)));
        }
      else
        continue;
      l->maps.safe_push (base);
      l->maps.safe_push (start);
      l->maps.safe_push (fold_convert (sizetype, OMP_CLAUSE_SIZE (c)));
    }
}

/* Read CONSTRUCT's device, if and map clauses into L, if it is a
   target.  */
void
scan_read_target (scan_loop *l, gimple *construct)
{
  if (gimple_code (construct) != GIMPLE_OMP_TARGET)
    return;
  tree c = gimple_omp_target_clauses (construct);
  tree d = omp_find_clause (c, OMP_CLAUSE_DEVICE);
  tree i = omp_find_clause (c, OMP_CLAUSE_IF);
  l->device = d ? OMP_CLAUSE_DEVICE_ID (d) : NULL_TREE;
  l->if_cond = i ? OMP_CLAUSE_IF_EXPR (i) : NULL_TREE;
  scan_read_maps (l, c);
}

/* walk_gimple_seq's operand callback for scan_unssa: an SSA name of the map
   in WI->info becomes its variable.  */
static tree
ssa_to_var (tree *tp, int *walk_subtrees, void *data)
{
  hash_map<tree, tree> *vars
    = (hash_map<tree, tree> *) ((walk_stmt_info *) data)->info;
  if (TREE_CODE (*tp) == SSA_NAME)
    {
      if (tree *v = vars->get (*tp))
        *tp = *v;
      *walk_subtrees = 0;
    }
  else if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* walk_gimple_seq's statement callback for scan_unssa: map an SSA name the
   statement defines to a new variable, in WI->info.  */
static tree
note_ssa_def (gimple_stmt_iterator *gsi, bool *handled, walk_stmt_info *wi)
{
  hash_map<tree, tree> *vars = (hash_map<tree, tree> *) wi->info;
  tree lhs = gimple_get_lhs (gsi_stmt (*gsi));
  *handled = false;
  if (lhs && TREE_CODE (lhs) == SSA_NAME && !vars->get (lhs))
    vars->put (lhs, scanomp_tmp_var (TREE_TYPE (lhs), "scan_tmp"));
  return NULL_TREE;
}

/* qsort's comparison of two SSA names by version.  */
static int
by_version (const void *a, const void *b)
{
  unsigned va = SSA_NAME_VERSION (*(const tree *) a);
  unsigned vb = SSA_NAME_VERSION (*(const tree *) b);
  return va < vb ? -1 : va > vb;
}

/* GCC writes the temporaries of a loop that no parallel region of its
   function holds (an orphaned `omp for' in a function called from one) as
   SSA names; the reader and the outlined functions take variables, as
   GCC writes them inside a region.  Make those that LOOP's body and
   pre-body define variables, in its header too (a bound its pre-body
   computes, `i < v.size ()', which the call computes again:
   inscan.cc's bounds_setup).  */
void
scan_unssa (gomp_for *loop)
{
  hash_map<tree, tree> vars;
  gimple_seq body = gimple_omp_body (loop);
  gimple_seq pre = gimple_omp_for_pre_body (loop);
  walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &vars;
  walk_gimple_seq (body, note_ssa_def, NULL, &wi);
  walk_gimple_seq (pre, note_ssa_def, NULL, &wi);
  if (vars.is_empty ())
    return;
  walk_gimple_seq_mod (&body, NULL, ssa_to_var, &wi);
  gimple_omp_set_body (loop, body);
  walk_gimple_seq_mod (&pre, NULL, ssa_to_var, &wi);
  gimple_omp_for_set_pre_body (loop, pre);
  for (unsigned k = 0; k < gimple_omp_for_collapse (loop); k++)
    for (tree *t : { gimple_omp_for_initial_ptr (loop, k),
                     gimple_omp_for_final_ptr (loop, k),
                     gimple_omp_for_incr_ptr (loop, k) })
      walk_tree (t, ssa_to_var, &wi, NULL);
  /* Released in the order of their versions, which later names reuse: in
     the map's order, which follows addresses, the object code would
     change from one compile to the next.  */
  auto_vec<tree> names;
  for (auto it = vars.begin (); it != vars.end (); ++it)
    names.safe_push ((*it).first);
  names.qsort (by_version);
  for (tree name : names)
    release_ssa_name (name);
}
