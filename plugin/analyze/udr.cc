/* SPDX-License-Identifier: GPL-3.0-or-later */
/* udr.cc: user-defined scan operators, from `#pragma omp declare scan' or
   `#pragma omp declare reduction'.

   GCC looks the operator up itself: for the probe clause that clause.cc
   puts on a construct whose `scan' operator may be user-defined, and for
   an inscan reduction.  It lowers the declaration's combiner and
   initializer to GIMPLE on the reduction clause, on placeholder variables:
   OMP_CLAUSE_REDUCTION_GIMPLE_MERGE sets omp_out (the placeholder) to
   omp_out combined with omp_in (the clause's own decl, or its decl
   placeholder for an array section), and OMP_CLAUSE_REDUCTION_GIMPLE_INIT
   sets omp_priv (the same decl) to the identity.  emit.cc translates both
   to OpenCL C.

   A scan clause's loop must update its array with the combiner's own
   function: with `omp_out = f (omp_out, omp_in)' declared, the loop
   stores y[i] = f (y[i-1], E), or passes the operands by address as C++
   references and `this' do.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "diagnostic-core.h"
#include "cgraph.h"
#include "cfgexpand.h"
#include "langhooks.h"

#include "analyze/reader.h"

/* The decl that the reduction clause C reduces: a variable, or the array
   or pointer of a section.  */
tree
scanomp_reduced_decl (tree c)
{
  tree d = OMP_CLAUSE_DECL (c);
  while (TREE_CODE (d) == MEM_REF || TREE_CODE (d) == ARRAY_REF
         || TREE_CODE (d) == ADDR_EXPR || TREE_CODE (d) == POINTER_PLUS_EXPR
         || CONVERT_EXPR_P (d))
    d = TREE_OPERAND (d, 0);
  return d;
}

/* The clauses of OpenMP statement S, or NULL_TREE.  */
static tree
clauses_of (gimple *s)
{
  switch (gimple_code (s))
    {
    case GIMPLE_OMP_TARGET: return gimple_omp_target_clauses (s);
    case GIMPLE_OMP_TEAMS: return gimple_omp_teams_clauses (s);
    case GIMPLE_OMP_PARALLEL: return gimple_omp_parallel_clauses (s);
    case GIMPLE_OMP_FOR: return gimple_omp_for_clauses (s);
    default: return NULL_TREE;
    }
}

/* Call FN on each reduction clause with a user-defined operator on S or
   on the constructs it nests, through binds, until it returns true.  */
template <typename F>
static void
for_each_udr (gimple *s, F fn)
{
  auto visit = [&] (gimple *t) {
    for (tree c = clauses_of (t); c; c = OMP_CLAUSE_CHAIN (c))
      if (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_REDUCTION
          && OMP_CLAUSE_REDUCTION_PLACEHOLDER (c) && fn (c))
        return WALK_STOP;
    switch (gimple_code (t))
      {
      case GIMPLE_BIND:
      case GIMPLE_OMP_TARGET:
      case GIMPLE_OMP_TEAMS:
      case GIMPLE_OMP_PARALLEL:
      case GIMPLE_OMP_FOR:
        return WALK_INTO;
      default:
        return WALK_PAST;
      }
  };
  if (visit (s) == WALK_INTO)
    scanomp_walk (scanomp_inner_seq (s), [&] (gimple_stmt_iterator *g) {
        return visit (gsi_stmt (*g));
      });
}

/* The reduction clause over VAR with a user-defined operator on S or on
   the constructs it nests, through binds.  */
tree
scanomp_find_udr (gimple *s, tree var)
{
  tree found = NULL_TREE;
  for_each_udr (s, [&] (tree c) {
      if (scanomp_reduced_decl (c) != var)
        return false;
      found = c;
      return true;
    });
  return found;
}

void
scanomp_udr_functions (gimple *s, hash_set<tree> *fns)
{
  for_each_udr (s, [&] (tree c) {
      for (gimple_seq *seq : { &OMP_CLAUSE_REDUCTION_GIMPLE_MERGE (c),
                               &OMP_CLAUSE_REDUCTION_GIMPLE_INIT (c) })
        scanomp_walk (seq, [&] (gimple_stmt_iterator *g) {
            if (tree f = is_gimple_call (gsi_stmt (*g))
                         ? gimple_call_fndecl (gsi_stmt (*g)) : NULL_TREE)
              fns->add (f);
            return WALK_INTO;
          });
      return false;
    });
}

tree
scanomp_udr_constructor (tree c)
{
  tree info = lang_GNU_CXX () ? TREE_TYPE (c) : NULL_TREE;
  if (!info || TREE_CODE (info) != TREE_VEC || TREE_VEC_LENGTH (info) != 3)
    return NULL_TREE;
  return TREE_VEC_ELT (info, 0);
}

/* The object that reduction clause C's private copy PRIV is: PRIV, or
   what it refers to.  */
static tree
private_object (tree priv)
{
  return TREE_CODE (TREE_TYPE (priv)) == REFERENCE_TYPE
         ? build_simple_mem_ref (priv) : priv;
}

void
scanomp_read_udr (scan_item *it, tree c)
{
  tree own = OMP_CLAUSE_REDUCTION_DECL_PLACEHOLDER (c);
  it->op = SCAN_OP_USER;
  it->merge = OMP_CLAUSE_REDUCTION_GIMPLE_MERGE (c);
  it->init = OMP_CLAUSE_REDUCTION_GIMPLE_INIT (c);
  /* Read as GCC writes them without the sanitizers, in copies: GCC may
     yet lower an inscan reduction itself.  */
  for (gimple_seq *seq : { &it->merge, &it->init })
    if (scan_read_through_temporaries (*seq, false))
      {
        *seq = gimple_seq_copy (*seq);
        scan_read_through_temporaries (*seq, true);
      }
  it->out = it->orig = OMP_CLAUSE_REDUCTION_PLACEHOLDER (c);
  it->in = it->priv = own ? own : OMP_CLAUSE_DECL (c);
  /* C++ constructs the private copy before its initializer runs:
     scan_reduction_problem has seen the constructor store constants.  */
  if (tree ctor = scanomp_udr_constructor (c))
    {
      gimple_seq init = scan_constructed (ctor, private_object (it->priv));
      gimple_seq_add_seq_without_update (&init, gimple_seq_copy (it->init));
      it->init = init;
    }
}

/* Whether FN is a function of this unit that emit.cc may translate:
   defined here, not built in.  */
bool
scanomp_user_function (tree fn)
{
  if (!fn || TREE_CODE (fn) != FUNCTION_DECL || fndecl_built_in_p (fn))
    return false;
  cgraph_node *node = cgraph_node::get (fn);
  return gimple_has_body_p (fn) || DECL_SAVED_TREE (fn)
         || (node && node->definition);
}

/* The statements S holds, as a bind or a try-finally (whose cleanup
   only ends lifetimes), or NULL.  */
static gimple_seq
nested (gimple *s)
{
  if (gbind *b = dyn_cast<gbind *> (s))
    return gimple_bind_body (b);
  if (gimple_code (s) == GIMPLE_TRY)
    return gimple_try_eval (s);
  return NULL;
}

/* The last call in SEQ (through binds and tries) that sets LHS, or the
   temporary it is then copied from when THROUGH.  */
static gcall *
call_setting (gimple_seq seq, tree lhs, bool through)
{
  gcall *found = NULL;
  for (gimple_stmt_iterator g = gsi_start (seq); !gsi_end_p (g); gsi_next (&g))
    {
      gimple *s = gsi_stmt (g);
      if (nested (s))
        {
          if (gcall *c = call_setting (nested (s), lhs, through))
            found = c;
        }
      else if (is_gimple_call (s) && gimple_call_lhs (s) == lhs)
        found = as_a<gcall *> (s);
      else if (through && gimple_assign_single_p (s)
               && gimple_assign_lhs (s) == lhs
               && VAR_P (gimple_assign_rhs1 (s)))
        found = call_setting (seq, gimple_assign_rhs1 (s), false);
    }
  return found;
}

/* Whether ARG, an operand in SEQ, is DECL or its address, directly or
   through one temporary.  */
static bool
names (gimple_seq seq, tree arg, tree decl)
{
  if (TREE_CODE (arg) == ADDR_EXPR)
    arg = TREE_OPERAND (arg, 0);
  if (arg == decl)
    return true;
  for (gimple_stmt_iterator g = gsi_start (seq); !gsi_end_p (g); gsi_next (&g))
    {
      gimple *s = gsi_stmt (g);
      if (nested (s) && names (nested (s), arg, decl))
        return true;
      if (gimple_assign_single_p (s) && gimple_assign_lhs (s) == arg)
        {
          tree v = gimple_assign_rhs1 (s);
          if (TREE_CODE (v) == ADDR_EXPR)
            v = TREE_OPERAND (v, 0);
          return v == decl;
        }
    }
  return false;
}

/* The statement of the body (read by R) that last sets VAR before AT, in
   AT's block, or NULL.  */
static gimple *
setter (reader *r, gimple *at, tree var)
{
  for (int j = scan_position (r, at) - 1; j >= 0; j--)
    {
      gimple *s = r->stmts[j];
      if (gimple_code (s) == GIMPLE_LABEL)
        return NULL;
      if (gimple_get_lhs (s) == var)
        return s;
    }
  return NULL;
}

/* The load of the loop (read by R) that is argument K of CALL: the
   element passed by value or by address, or loaded into the temporary
   passed, in the same block.  */
static const scan_access *
argument (reader *r, gimple *call, unsigned k)
{
  for (const scan_access &a : r->l->accesses)
    if (a.stmt == call && a.arg == (int) k)
      return &a;
  tree arg = gimple_call_arg (call, k);
  gimple *at = VAR_P (arg) ? setter (r, call, arg) : call;
  for (const scan_access &a : r->l->accesses)
    if (a.stmt == at && !a.store && a.arg < 0 && (at != call || a.ref == arg))
      return &a;
  return NULL;
}

/* Check that the loop of L (read by R) stores y[i] = f (y[i-1], E), f
   being the function of the operator's combiner `omp_out = f (omp_out,
   omp_in)'.  */
bool
scan_check_udr_update (reader *r)
{
  scan_loop *l = r->l;
  scan_item *it = r->it;
  const char *name = it->var_name;
  gcall *merge = call_setting (it->merge, it->out, true);
  tree f = merge ? gimple_call_fndecl (merge) : NULL_TREE;
  if (!f || gimple_call_num_args (merge) != 2
      || !names (it->merge, gimple_call_arg (merge, 0), it->out)
      || !names (it->merge, gimple_call_arg (merge, 1), it->in))
    {
      error_at (l->clause->loc, "the combiner of %qs does not call a "
                "function on %<omp_out%> and %<omp_in%>; declare it as "
                "%<omp_out = f (omp_out, omp_in)%>", l->clause->op_name);
      return false;
    }

  /* The call that stores y[i], or that sets the temporary stored.  */
  gimple *store = l->accesses[r->store].stmt;
  gimple *call = store;
  if (!is_gimple_call (store))
    {
      tree v = gimple_assign_single_p (store) ? gimple_assign_rhs1 (store)
                                              : NULL_TREE;
      call = v && VAR_P (v) ? setter (r, store, v) : NULL;
    }
  const scan_access *first = call && is_gimple_call (call)
                             && gimple_call_fndecl (call) == f
                             && gimple_call_num_args (call) == 2
                             ? argument (r, call, 0) : NULL;
  if (!first || &l->accesses[r->recur] != first)
    {
      error_at (l->clause->loc, "the loop does not update %qs as %<%s[i] = "
                "%E (%s[i-1], ...)%>, the combiner of %qs; write the update "
                "with the function the operator is declared with", name,
                name, f, name, l->clause->op_name);
      return false;
    }
  it->update = call;
  unsigned prevs = 0;
  for (const scan_access &a : l->accesses)
    prevs += a.prev;
  if (prevs != 1)
    {
      error_at (l->clause->loc, "the loop reads %<%s[i-1]%> again besides "
                "combining it; a scan combines it with the rest exactly "
                "once", name);
      return false;
    }
  return true;
}
