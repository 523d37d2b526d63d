/* SPDX-License-Identifier: GPL-3.0-or-later */
/* inline.cc: the small functions a loop body calls, read as what they
   compute.  Before OpenMP lowering nothing is inlined yet, so C++'s
   `v[i]', `*(first + i)', a smart pointer's `p[i]' or a class's own
   accessor are calls:

     D.5 = std::vector<int>::operator[] (in, D.4);
     D.6 = *D.5;

   where the callee's body is straight-line code:

     _1 = this->D.22712._M_impl.D.22019._M_start;  _2 = __n * 4;
     D.7 = _1 + _2;  return D.7;

   Each call to a function whose body is such code (assignments and
   calls of the same kind, one return at the end, no branch, no loop, no
   volatile access, at most MAX_STATEMENTS statements) is replaced, in the
   body the analysis reads, by a copy of the callee's statements: its
   parameters become the call's arguments, its locals and temporaries
   fresh temporaries of the caller, and its return an assignment to the
   call's result.  Nothing here knows a library's names: a user's
   `T &at (size_t i) { return p_[i]; }' is read the same way.  Calls the
   copy makes are read in turn, MAX_DEPTH deep.  A callee not yet
   gimplified is gimplified here, as the call graph would a moment
   later; one already lowered is read from its control-flow graph.

   A straight-line body leaves its fields' reads to fields.cc, which
   makes the container's data pointer a variable, an array's base.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "gimplify.h"
#include "basic-block.h"
#include "function.h"
#include "cgraph.h"
#include "fold-const.h"

#include "analyze/reader.h"

enum
{
  MAX_STATEMENTS = 24,
  MAX_DEPTH = 6
};

/* Add S, a statement of a callee's body, to OUT, skipping what computes
   nothing; false where it is no straight-line code.  */
static bool
add_straight (gimple *s, vec<gimple *> *out)
{
  switch (gimple_code (s))
    {
    case GIMPLE_NOP:
    case GIMPLE_PREDICT:
    case GIMPLE_DEBUG:
      return true;
    case GIMPLE_ASSIGN:
      if (gimple_clobber_p (s))
        return true;
      /* Fall through.  */
    case GIMPLE_CALL:
    case GIMPLE_RETURN:
      if (gimple_has_volatile_ops (s) || out->length () == MAX_STATEMENTS)
        return false;
      out->safe_push (s);
      return true;
    default:
      return false;
    }
}

/* Add the statements of SEQ, a gimplified body not yet lowered, to OUT:
   through its scopes, and tries whose handler only ends the program (a
   noexcept function's) or whose cleanup only clobbers.  */
static bool
add_straight_seq (gimple_seq seq, vec<gimple *> *out)
{
  for (gimple_stmt_iterator g = gsi_start (seq); !gsi_end_p (g);
       gsi_next (&g))
    {
      gimple *s = gsi_stmt (g);
      if (gbind *b = dyn_cast<gbind *> (s))
        {
          if (!add_straight_seq (gimple_bind_body (b), out))
            return false;
        }
      else if (gimple_code (s) == GIMPLE_TRY)
        {
          gimple_seq handler = gimple_try_cleanup (s);
          bool quiet = gimple_try_kind (s) == GIMPLE_TRY_FINALLY
                       ? scanomp_only_clobbers (handler)
                       : (gimple_seq_singleton_p (handler)
                          && gimple_code (gimple_seq_first_stmt (handler))
                               == GIMPLE_EH_MUST_NOT_THROW);
          if (!quiet || !add_straight_seq (gimple_try_eval (s), out))
            return false;
        }
      else if (!add_straight (s, out))
        return false;
    }
  return true;
}

/* Add the statements of F's control-flow graph to OUT, a path from entry
   to exit through blocks of one successor each.  */
static bool
add_straight_cfg (function *f, vec<gimple *> *out)
{
  basic_block bb = ENTRY_BLOCK_PTR_FOR_FN (f);
  for (unsigned blocks = 0; ; blocks++)
    {
      if (EDGE_COUNT (bb->succs) != 1 || blocks > MAX_STATEMENTS)
        return false;
      bb = single_succ (bb);
      if (bb == EXIT_BLOCK_PTR_FOR_FN (f))
        return true;
      for (gimple_stmt_iterator g = gsi_start_bb (bb); !gsi_end_p (g);
           gsi_next (&g))
        if (gimple_code (gsi_stmt (g)) != GIMPLE_LABEL
            && !add_straight (gsi_stmt (g), out))
          return false;
    }
}

/* Into OUT, the statements of FN's body if it is straight-line code
   ending in its one return; false otherwise.  */
static bool
straight_body (tree fn, vec<gimple *> *out)
{
  if (!fn || TREE_CODE (fn) != FUNCTION_DECL || fndecl_built_in_p (fn)
      || stdarg_p (TREE_TYPE (fn)) || TREE_THIS_VOLATILE (fn))
    return false;
  function *f = DECL_STRUCT_FUNCTION (fn);
  cgraph_node *node = cgraph_node::get (fn);
  if (!f || !node || !node->definition || f->calls_setjmp
      || (DECL_RESULT (fn) && DECL_BY_REFERENCE (DECL_RESULT (fn))))
    return false;
  if (!gimple_has_body_p (fn))
    {
      if (!DECL_SAVED_TREE (fn) || node->analyzed)
        return false;
      gimplify_function_tree (fn);
    }
  bool ok = f->cfg ? add_straight_cfg (f, out)
                   : add_straight_seq (gimple_body (fn), out);
  if (!ok)
    return false;
  /* What follows the return (the `__builtin_unreachable ()' C++ puts at
     the end of a function with a value) never runs.  */
  for (unsigned k = 0; k < out->length (); k++)
    if (gimple_code ((*out)[k]) == GIMPLE_RETURN)
      {
        out->truncate (k + 1);
        return true;
      }
  return false;
}

/* Copying a callee's statements into the caller.  */
struct copier
{
  tree fn;                     /* the callee */
  gcall *call;                 /* the call it replaces */
  hash_map<tree, tree> map;    /* callee's decl or SSA name -> caller's */
  vec<tree> *locals;           /* the caller's new variables */
  bool ok;
};

/* The caller's stand-in for D, a callee's local, temporary or result: a
   variable of the scope inline_calls puts around the loop's body.  */
static tree
local_for (copier *c, tree d)
{
  if (tree *m = c->map.get (d))
    return *m;
  tree type = TREE_TYPE (d);
  if (TREE_ADDRESSABLE (type) || variably_modified_type_p (type, NULL_TREE))
    {
      c->ok = false;
      return d;
    }
  tree name = TREE_CODE (d) == SSA_NAME ? NULL_TREE : DECL_NAME (d);
  tree v = create_tmp_var_raw (type, name ? IDENTIFIER_POINTER (name)
                                          : "scan_inlined");
  DECL_CONTEXT (v) = current_function_decl;
  TREE_ADDRESSABLE (v) = DECL_P (d) && TREE_ADDRESSABLE (d);
  c->locals->safe_push (v);
  c->map.put (d, v);
  return v;
}

/* walk_tree callback: map the callee's parameters, locals, temporaries
   and result in *TP to the caller's (DATA, a copier).  */
static tree
remap (tree *tp, int *walk_subtrees, void *data)
{
  copier *c = (copier *) ((struct walk_stmt_info *) data)->info;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == PARM_DECL)
    {
      unsigned k = 0;
      for (tree p = DECL_ARGUMENTS (c->fn); p; p = DECL_CHAIN (p), k++)
        if (p == t)
          break;
      if (k >= gimple_call_num_args (c->call))
        c->ok = false;
      else
        *tp = unshare_expr (gimple_call_arg (c->call, k));
    }
  else if (TREE_CODE (t) == SSA_NAME
           || TREE_CODE (t) == RESULT_DECL
           || (VAR_P (t) && !is_global_var (t)
               && DECL_CONTEXT (t) == c->fn))
    *tp = local_for (c, t);
  else if (TREE_CODE (t) == LABEL_DECL)
    c->ok = false;
  return NULL_TREE;
}

/* Whether the callee BODY assigns one of its parameters, or takes one's
   address: the arguments cannot then stand for them.  */
static bool
sets_parameter (tree fn, const vec<gimple *> &body)
{
  for (tree p = DECL_ARGUMENTS (fn); p; p = DECL_CHAIN (p))
    if (TREE_ADDRESSABLE (p))
      return true;
  for (gimple *s : body)
    if (tree lhs = gimple_get_lhs (s))
      if (TREE_CODE (lhs) == PARM_DECL)
        return true;
  return false;
}

/* Whether CALL's callee has a straight-line body, into BODY, whose
   parameters its arguments can stand for.  */
static bool
expandable (gcall *call, vec<gimple *> *body)
{
  tree fn = gimple_call_fndecl (call);
  if (gimple_call_internal_p (call) || gimple_call_chain (call)
      || !straight_body (fn, body) || sets_parameter (fn, *body))
    return false;
  unsigned params = 0;
  for (tree p = DECL_ARGUMENTS (fn); p; p = DECL_CHAIN (p))
    params++;
  /* A call with a value needs a return with one.  */
  return (params == gimple_call_num_args (call)
          && (!gimple_call_lhs (call)
              || gimple_return_retval (as_a<greturn *> (body->last ()))));
}

/* The statements that compute what CALL computes, from its callee's
   straight-line body, their new variables pushed on LOCALS; NULL where
   there is none.  */
static gimple_seq
expand_call (gcall *call, vec<tree> *locals)
{
  tree fn = gimple_call_fndecl (call);
  auto_vec<gimple *> body;
  if (!expandable (call, &body))
    return NULL;

  copier c;
  c.fn = fn;
  c.call = call;
  c.locals = locals;
  c.ok = true;
  tree lhs = gimple_call_lhs (call);
  /* The result of a function that builds it in place is the call's
     left-hand side.  */
  if (DECL_RESULT (fn) && lhs && DECL_P (lhs))
    c.map.put (DECL_RESULT (fn), lhs);
  gimple_seq seq = NULL;
  for (gimple *s : body)
    {
      if (greturn *r = dyn_cast<greturn *> (s))
        {
          tree v = gimple_return_retval (r);
          if (!lhs || !v)
            break;
          struct walk_stmt_info wi;
          memset (&wi, 0, sizeof wi);
          wi.info = &c;
          walk_tree (&v, remap, &wi, NULL);
          v = unshare_expr (v);
          if (v != lhs)
            gimple_seq_add_stmt_without_update (&seq,
                                                gimple_build_assign (lhs, v));
          break;
        }
      gimple *copy = gimple_copy (s);
      struct walk_stmt_info wi;
      memset (&wi, 0, sizeof wi);
      wi.info = &c;
      walk_gimple_op (copy, remap, &wi);
      scan_fold_derefs (copy);
      gimple_set_location (copy, gimple_location (call));
      gimple_seq_add_stmt_without_update (&seq, copy);
    }
  return c.ok ? seq : NULL;
}

/* Replace each call of SEQ that expand_call can read by its statements,
   and those calls' calls in turn, DEPTH deep, their new variables pushed
   on LOCALS; or, without LOCALS, say only whether there is one.  Calls
   of KEEP's functions stay.  */
static bool
inline_seq (gimple_seq *seq, vec<tree> *locals, hash_set<tree> &keep,
            int depth)
{
  bool change = locals != NULL;
  bool found = false;
  for (gimple_stmt_iterator g = gsi_start (*seq); !gsi_end_p (g);
       gsi_next (&g))
    {
      gimple *s = gsi_stmt (g);
      gimple_seq inner = NULL;
      switch (gimple_code (s))
        {
        case GIMPLE_BIND:
          found |= inline_seq (gimple_bind_body_ptr (as_a<gbind *> (s)),
                               locals, keep, depth);
          break;
        case GIMPLE_TRY:
          found |= inline_seq (gimple_try_eval_ptr (s), locals, keep, depth);
          found |= inline_seq (gimple_try_cleanup_ptr (s), locals, keep,
                               depth);
          break;
        case GIMPLE_OMP_SCAN:
          found |= inline_seq (gimple_omp_body_ptr (s), locals, keep, depth);
          break;
        case GIMPLE_CALL:
          if (depth >= MAX_DEPTH || keep.contains (gimple_call_fndecl (s)))
            break;
          if (!change)
            {
              auto_vec<gimple *> body;
              found |= expandable (as_a<gcall *> (s), &body);
            }
          else if ((inner = expand_call (as_a<gcall *> (s), locals)))
            {
              found = true;
              inline_seq (&inner, locals, keep, depth + 1);
              gsi_replace_with_seq (&g, inner, false);
            }
          break;
        default:
          break;
        }
      if (found && !change)
        return true;
    }
  return found;
}

bool
scan_inline_calls (gimple *construct, gimple_seq *seq, bool change)
{
  hash_set<tree> keep;
  scanomp_udr_functions (construct, &keep);
  if (!change)
    return inline_seq (seq, NULL, keep, 0);
  auto_vec<tree> locals;
  bool found = inline_seq (seq, &locals, keep, 0);
  if (!locals.is_empty ())
    {
      /* A scope of their own around the body: each iteration's.  */
      tree chain = NULL_TREE;
      for (unsigned k = locals.length (); k-- > 0;)
        {
          DECL_CHAIN (locals[k]) = chain;
          chain = locals[k];
        }
      *seq = gimple_seq_alloc_with_stmt (gimple_build_bind (chain, *seq,
                                                            NULL_TREE));
    }
  return found;
}
