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

   Each call that reaches memory through a pointer or a reference (one
   it returns, or one it is given, `this' among them) is replaced, in the
   body the analysis reads, by the statements its callee runs: its
   parameters become the call's arguments, its locals and temporaries
   fresh variables of the caller, and its return an assignment to the
   call's result.  The callee's body is followed along the branches whose
   conditions are known (a library's assertion, `if
   (std::__is_constant_evaluated () && ...)', is false where code runs;
   a call that computes a constant and nothing else is that constant);
   at a condition not known where each branch only returns a value, the
   path ends with the choice of the two (`std::max').  It must hold no
   volatile access, take at most MAX_STATEMENTS statements, and store
   only to the caller's own variables: a callee that writes through a
   pointer it is given stays a call, which the analysis reads as a write
   to a private copy of the element.  Nothing here knows a library's
   names: a user's `T &at (size_t i) { return p_[i]; }' is read the same
   way.  Calls the copy makes are read in turn, MAX_DEPTH deep.  A callee
   not yet gimplified is gimplified here, as the call graph would a
   moment later (not an external body without optimization, which it
   drops); one already lowered is read from its control-flow graph.

   The statements left read fields of structs and through temporaries
   of addresses; fields.cc reads those (a container's data pointer
   becomes a variable, an array's base).  */

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
#include "calls.h"

#include "rewrite/rewrite.h"

enum
{
  MAX_STATEMENTS = 24,
  MAX_DEPTH = 10
};

static bool straight_body (tree fn, vec<gimple *> *out, tree *value,
                           int depth);

/* Following one path through a callee's body: the statements it runs,
   the values known to be constant, and the return's constant value.  */
struct path
{
  tree fn;
  vec<gimple *> *out;
  hash_map<tree, tree> known;
  tree value;
  int depth;
};

/* The constant E is on path P, or NULL_TREE.  */
static tree
constant_of (path *p, tree e)
{
  if (CONSTANT_CLASS_P (e))
    return e;
  tree *v = p->known.get (e);
  return v ? *v : NULL_TREE;
}

/* Whether FN is `__builtin_is_constant_evaluated' (false where code
   runs) and, if so, the value it gives.  */
static tree
builtin_value (tree fn)
{
  if (fn && DECL_NAME (fn) && fndecl_built_in_p (fn)
      && id_equal (DECL_NAME (fn), "__builtin_is_constant_evaluated"))
    return boolean_false_node;
  return NULL_TREE;
}

/* Whether BODY, the statements a callee runs, sets its own variables
   alone: no store to memory, no call.  */
static bool
only_locals (const vec<gimple *> &body)
{
  for (gimple *s : body)
    if (gimple_code (s) != GIMPLE_RETURN)
      {
        tree lhs = gimple_get_lhs (s);
        if (!is_gimple_assign (s) || !lhs
            || !(VAR_P (lhs) || TREE_CODE (lhs) == SSA_NAME
                 || TREE_CODE (lhs) == RESULT_DECL)
            || is_global_var (lhs))
          return false;
      }
  return true;
}

static bool take (path *p, gimple *s);

/* `LHS = RHS' for a path's copy of a callee, LHS the callee's: where it
   is an SSA name, its definition stays the callee's (gimple_build_assign
   would make it the copy, and the callee's SSA form would break).  */
static gimple *
path_assign (tree lhs, tree rhs)
{
  gimple *def = TREE_CODE (lhs) == SSA_NAME ? SSA_NAME_DEF_STMT (lhs) : NULL;
  gimple *s = gimple_build_assign (lhs, rhs);
  if (def)
    SSA_NAME_DEF_STMT (lhs) = def;
  return s;
}

/* Whether the call S may be read on path P: a callee that may be read
   in turn (inline_seq does it), one whose value is a constant, which
   replaces it, or `__builtin_expect', its first argument; not one that
   does not return.  */
static bool
take_call (path *p, gcall *s)
{
  tree fn = gimple_call_fndecl (s);
  tree lhs = gimple_call_lhs (s);
  if (gimple_call_internal_p (s) || !fn
      || fndecl_built_in_p (fn, BUILT_IN_UNREACHABLE)
      || (gimple_call_flags (s) & ECF_NORETURN))
    return false;
  /* `__builtin_expect (c, 0)' (a library assertion's condition) is C.  */
  if ((fndecl_built_in_p (fn, BUILT_IN_EXPECT)
       || fndecl_built_in_p (fn, BUILT_IN_EXPECT_WITH_PROBABILITY))
      && lhs && (VAR_P (lhs) || TREE_CODE (lhs) == SSA_NAME))
    {
      tree c = fold_convert (TREE_TYPE (lhs), gimple_call_arg (s, 0));
      return take (p, path_assign (lhs, c));
    }
  tree value = builtin_value (fn);
  auto_vec<gimple *> inner;
  if (!value && (!straight_body (fn, &inner, &value, p->depth + 1)
                 || !only_locals (inner)))
    value = NULL_TREE;
  /* A call that computes a constant and nothing else: the constant
     (`std::__is_constant_evaluated ()'), or nothing.  */
  if (value && !lhs)
    return true;
  if (lhs && value && (VAR_P (lhs) || TREE_CODE (lhs) == SSA_NAME))
    {
      value = fold_convert (TREE_TYPE (lhs), value);
      p->known.put (lhs, value);
      p->out->safe_push (path_assign (lhs, value));
      return true;
    }
  if (lhs)
    p->known.remove (lhs);
  p->out->safe_push (s);
  return true;
}

/* Take statement S on path P; false where the path cannot be read: a
   volatile access, too many statements, a statement of another kind.  */
static bool
take (path *p, gimple *s)
{
  if (p->out->length () == MAX_STATEMENTS || gimple_has_volatile_ops (s))
    return false;
  switch (gimple_code (s))
    {
    case GIMPLE_NOP:
    case GIMPLE_PREDICT:
    case GIMPLE_DEBUG:
    case GIMPLE_LABEL:
      return true;
    case GIMPLE_ASSIGN:
      {
        if (gimple_clobber_p (s))
          return true;
        tree lhs = gimple_assign_lhs (s);
        tree c = gimple_assign_single_p (s)
                 ? constant_of (p, gimple_assign_rhs1 (s)) : NULL_TREE;
        if ((VAR_P (lhs) || TREE_CODE (lhs) == SSA_NAME))
          {
            if (c)
              p->known.put (lhs, c);
            else
              p->known.remove (lhs);
          }
        p->out->safe_push (s);
        return true;
      }
    case GIMPLE_CALL:
      return take_call (p, as_a<gcall *> (s));
    case GIMPLE_RETURN:
      if (tree v = gimple_return_retval (as_a<greturn *> (s)))
        p->value = constant_of (p, v);
      p->out->safe_push (s);
      return true;
    default:
      return false;
    }
}

/* The way condition S goes on path P: 1 or 0, or -1 where its operands
   are not known.  */
static int
decide (path *p, gcond *s)
{
  tree a = constant_of (p, gimple_cond_lhs (s));
  tree b = constant_of (p, gimple_cond_rhs (s));
  tree c = a && b ? fold_binary (gimple_cond_code (s), boolean_type_node,
                                  a, b)
                  : NULL_TREE;
  if (!c || TREE_CODE (c) != INTEGER_CST)
    return -1;
  return !integer_zerop (c);
}

/* Whether HANDLER, a try's, catches nothing: it cleans up as an
   exception passes (`__cxa_free_exception' while a `throw' builds its
   object) or ends the program (a noexcept function's), so a run that
   throws never comes back to the path.  */
static bool
catches_nothing (gimple_seq handler)
{
  for (gimple_stmt_iterator g = gsi_start (handler); !gsi_end_p (g);
       gsi_next (&g))
    if (gimple_code (gsi_stmt (g)) == GIMPLE_CATCH
        || gimple_code (gsi_stmt (g)) == GIMPLE_EH_FILTER
        || gimple_code (gsi_stmt (g)) == GIMPLE_EH_ELSE)
      return false;
  return true;
}

/* Add the statements of SEQ, a gimplified body not yet lowered, to FLAT:
   through its scopes, and tries whose handler catches nothing or whose
   cleanup only clobbers.  */
static bool
flatten (gimple_seq seq, vec<gimple *> *flat)
{
  for (gimple_stmt_iterator g = gsi_start (seq); !gsi_end_p (g);
       gsi_next (&g))
    {
      gimple *s = gsi_stmt (g);
      if (gbind *b = dyn_cast<gbind *> (s))
        {
          if (!flatten (gimple_bind_body (b), flat))
            return false;
        }
      else if (gimple_code (s) == GIMPLE_TRY)
        {
          gimple_seq handler = gimple_try_cleanup (s);
          bool quiet = gimple_try_kind (s) == GIMPLE_TRY_FINALLY
                       ? scanomp_only_clobbers (handler)
                       : catches_nothing (handler);
          if (!quiet || !flatten (gimple_try_eval (s), flat))
            return false;
        }
      else
        flat->safe_push (s);
    }
  return true;
}

/* Note in COPIES the value that S, a copy of a value to a variable of
   the callee's own, gives it, through the copies before; false where S
   is no such copy.  */
static bool
note_copy (hash_map<tree, tree> &copies, gimple *s)
{
  tree lhs = gimple_get_lhs (s);
  tree v = gimple_assign_single_p (s) ? gimple_assign_rhs1 (s) : NULL_TREE;
  if (!v || !is_gimple_val (v)
      || !(VAR_P (lhs) || TREE_CODE (lhs) == SSA_NAME)
      || is_global_var (lhs))
    return false;
  if (tree *c = copies.get (v))
    v = *c;
  copies.put (lhs, v);
  return true;
}

/* Whether S is a call that does not return: `__builtin_unreachable ()',
   which no run reaches, or one that ends the program (a library
   assertion's failure, `abort ()', `std::__throw_out_of_range_fmt').  */
static bool
final_call (gimple *s)
{
  tree fn = is_gimple_call (s) ? gimple_call_fndecl (s) : NULL_TREE;
  return is_gimple_call (s)
         && ((fn && fndecl_built_in_p (fn, BUILT_IN_UNREACHABLE))
             || (gimple_call_flags (s) & ECF_NORETURN));
}

/* The value a branch of FLAT (labels LABELS) from statement AT returns,
   where it only copies values to the function's own variables on the
   way (`D.5 = __b; return D.5;'), through each copy; or NULL_TREE.  */
static tree
branch_value (const vec<gimple *> &flat, hash_map<tree, unsigned> &labels,
              unsigned at)
{
  hash_map<tree, tree> copies;
  for (int steps = 0; at < flat.length () && steps < MAX_STATEMENTS; steps++)
    {
      gimple *s = flat[at];
      switch (gimple_code (s))
        {
        case GIMPLE_LABEL:
        case GIMPLE_NOP:
        case GIMPLE_PREDICT:
        case GIMPLE_DEBUG:
          at++;
          break;
        case GIMPLE_GOTO:
          {
            unsigned *k = TREE_CODE (gimple_goto_dest (s)) == LABEL_DECL
                          ? labels.get (gimple_goto_dest (s)) : NULL;
            if (!k)
              return NULL_TREE;
            at = *k;
          }
          break;
        case GIMPLE_ASSIGN:
          {
            if (gimple_clobber_p (s))
              {
                at++;
                break;
              }
            if (!note_copy (copies, s))
              return NULL_TREE;
            at++;
          }
          break;
        case GIMPLE_RETURN:
          {
            tree v = gimple_return_retval (as_a<greturn *> (s));
            if (tree *c = v ? copies.get (v) : NULL)
              v = *c;
            return v;
          }
        default:
          return NULL_TREE;
        }
    }
  return NULL_TREE;
}

static bool choose (path *p, gcond *c, tree vt, tree vf);

/* End path P at condition C of FLAT (labels LABELS), not known, where
   each branch only returns a value (branch_value): with the choice of
   the two values, `C ? TRUE'S : FALSE'S' (std::max's `if (__a < __b)
   return __b; return __a;').  */
static bool
select_value (path *p, gcond *c, const vec<gimple *> &flat,
              hash_map<tree, unsigned> &labels)
{
  unsigned *t = labels.get (gimple_cond_true_label (c));
  unsigned *f = labels.get (gimple_cond_false_label (c));
  tree vt = t ? branch_value (flat, labels, *t) : NULL_TREE;
  tree vf = f ? branch_value (flat, labels, *f) : NULL_TREE;
  return choose (p, c, vt, vf);
}

/* End path P at condition C, not known, with the choice of VT, what its
   true branch returns, and VF, its false branch's: `C ? VT : VF'; false
   where either is not known.  */
static bool
choose (path *p, gcond *c, tree vt, tree vf)
{
  if (!vt || !vf || !types_compatible_p (TREE_TYPE (vt), TREE_TYPE (vf))
      || p->out->length () + 3 > MAX_STATEMENTS)
    return false;
  /* Variables of the callee's, which the copy makes the caller's.  */
  tree cond = create_tmp_var_raw (boolean_type_node, "scan_cond");
  tree value = create_tmp_var_raw (TREE_TYPE (vt), "scan_chosen");
  DECL_CONTEXT (cond) = DECL_CONTEXT (value) = p->fn;
  p->out->safe_push (gimple_build_assign (cond, gimple_cond_code (c),
                                          gimple_cond_lhs (c),
                                          gimple_cond_rhs (c)));
  p->out->safe_push (gimple_build_assign (value, COND_EXPR, cond, vt, vf));
  p->out->safe_push (gimple_build_return (value));
  return true;
}

/* Whether every run from the statement LABEL starts, in FLAT (labels at
   their indices in LABELS), ends in a call that does not return
   (final_call), DEPTH branches deep: what such a run does on the way
   matters to no program that goes on, so it is passed over, and a
   branch on the way must end so both ways (GCC 12's assertion first
   tests `std::__is_constant_evaluated ()').  A branch to such a run is
   one a program that goes on never takes: an accessor's bounds check.  */
static bool
ends_at (const vec<gimple *> &flat, hash_map<tree, unsigned> &labels,
         tree label, int depth = 0)
{
  unsigned *k = label && TREE_CODE (label) == LABEL_DECL
                ? labels.get (label) : NULL;
  if (!k || depth > 4)
    return false;
  for (unsigned j = *k; j < flat.length () && j < *k + MAX_STATEMENTS; j++)
    {
      gimple *s = flat[j];
      switch (gimple_code (s))
        {
        case GIMPLE_LABEL:
        case GIMPLE_NOP:
        case GIMPLE_PREDICT:
        case GIMPLE_DEBUG:
        case GIMPLE_ASSIGN:
          continue;
        case GIMPLE_CALL:
          if (final_call (s))
            return true;
          continue;
        case GIMPLE_GOTO:
          return ends_at (flat, labels, gimple_goto_dest (s), depth + 1);
        case GIMPLE_COND:
          return ends_at (flat, labels, gimple_cond_true_label (
                            as_a<gcond *> (s)), depth + 1)
                 && ends_at (flat, labels, gimple_cond_false_label (
                               as_a<gcond *> (s)), depth + 1);
        default:
          return false;
        }
    }
  return false;
}

/* Follow path P through SEQ, a gimplified body not yet lowered, from its
   start to its return, taking each branch whose condition is known
   (`if (std::__is_constant_evaluated () && ...)', a library's assertion,
   is known false where code runs).  */
static bool
follow_seq (path *p, gimple_seq seq)
{
  auto_vec<gimple *> flat;
  if (!flatten (seq, &flat))
    return false;
  hash_map<tree, unsigned> labels;
  for (unsigned k = 0; k < flat.length (); k++)
    if (glabel *l = dyn_cast<glabel *> (flat[k]))
      labels.put (gimple_label_label (l), k);
  unsigned at = 0;
  for (int steps = 0; at < flat.length () && steps < 4 * MAX_STATEMENTS;
       steps++)
    {
      gimple *s = flat[at];
      tree to = NULL_TREE;
      if (gcond *c = dyn_cast<gcond *> (s))
        {
          int way = decide (p, c);
          /* A branch no run that goes on takes: libstdc++'s `if (__dif
             < 0) __builtin_unreachable ()' in GCC 15's vector::size, its
             assertions (on by default at -O0 from GCC 15), `at ()'.  */
          if (way < 0 && ends_at (flat, labels, gimple_cond_true_label (c)))
            way = 0;
          else if (way < 0 && ends_at (flat, labels,
                                       gimple_cond_false_label (c)))
            way = 1;
          if (way < 0)
            return select_value (p, c, flat, labels);
          to = way ? gimple_cond_true_label (c) : gimple_cond_false_label (c);
        }
      else if (gimple_code (s) == GIMPLE_GOTO)
        to = gimple_goto_dest (s);
      else if (!take (p, s))
        return false;
      else if (gimple_code (s) == GIMPLE_RETURN)
        return true;
      if (!to)
        at++;
      else if (unsigned *k = TREE_CODE (to) == LABEL_DECL ? labels.get (to)
                                                          : NULL)
        at = *k;
      else
        return false;
    }
  /* The end of a function without a value is its return.  */
  if (at < flat.length ())
    return false;
  p->out->safe_push (gimple_build_return (NULL_TREE));
  return true;
}

/* What the branch of F's graph from BB returns where it only copies
   values to variables of its own and returns one (a lowered std::max's
   `return __b'), or NULL_TREE.  */
static tree
cfg_branch_value (function *f, basic_block bb)
{
  hash_map<tree, tree> copies;
  for (int steps = 0; steps < MAX_STATEMENTS; steps++)
    {
      /* A value a PHI joins is none this path alone knows.  */
      if (bb == EXIT_BLOCK_PTR_FOR_FN (f)
          || !gimple_seq_empty_p (phi_nodes (bb)))
        return NULL_TREE;
      for (gimple_stmt_iterator g = gsi_start_bb (bb); !gsi_end_p (g);
           gsi_next (&g))
        {
          gimple *s = gsi_stmt (g);
          if (greturn *r = dyn_cast<greturn *> (s))
            {
              tree v = gimple_return_retval (r);
              if (tree *c = v ? copies.get (v) : NULL)
                v = *c;
              return v;
            }
          if (gimple_code (s) == GIMPLE_LABEL || is_gimple_debug (s)
              || gimple_code (s) == GIMPLE_NOP
              || gimple_code (s) == GIMPLE_PREDICT || gimple_clobber_p (s))
            continue;
          if (!note_copy (copies, s))
            return NULL_TREE;
        }
      if (EDGE_COUNT (bb->succs) != 1)
        return NULL_TREE;
      bb = single_succ (bb);
    }
  return NULL_TREE;
}

/* Whether every run from BB ends in a call that does not return, as
   ends_at for a function in its control-flow graph.  */
static bool
cfg_ends (basic_block bb, int depth = 0)
{
  if (depth > 4)
    return false;
  for (gimple_stmt_iterator g = gsi_start_bb (bb); !gsi_end_p (g);
       gsi_next (&g))
    {
      gimple *s = gsi_stmt (g);
      if (final_call (s))
        return true;
      if (gimple_code (s) == GIMPLE_RETURN || gimple_code (s) == GIMPLE_ASM)
        return false;
    }
  if (EDGE_COUNT (bb->succs) == 0)
    return false;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->succs)
    if (!cfg_ends (e->dest, depth + 1))
      return false;
  return true;
}

/* Follow path P through F's control-flow graph, from entry to exit.  */
static bool
follow_cfg (path *p, function *f)
{
  basic_block bb = single_succ (ENTRY_BLOCK_PTR_FOR_FN (f));
  for (int steps = 0; steps < 4 * MAX_STATEMENTS; steps++)
    {
      if (bb == EXIT_BLOCK_PTR_FOR_FN (f))
        return true;
      gimple *last = NULL;
      for (gimple_stmt_iterator g = gsi_start_bb (bb); !gsi_end_p (g);
           gsi_next (&g))
        {
          last = gsi_stmt (g);
          if (gimple_code (last) != GIMPLE_COND && !take (p, last))
            return false;
        }
      if (gcond *c = last ? dyn_cast<gcond *> (last) : NULL)
        {
          int way = decide (p, c);
          edge t, e;
          extract_true_false_edges_from_block (bb, &t, &e);
          /* As follow_seq: a branch no run takes, else the choice of the
             values the two branches return.  */
          if (way < 0 && cfg_ends (t->dest))
            way = 0;
          else if (way < 0 && cfg_ends (e->dest))
            way = 1;
          if (way < 0)
            return choose (p, c, cfg_branch_value (f, t->dest),
                           cfg_branch_value (f, e->dest));
          bb = (way ? t : e)->dest;
        }
      else if (EDGE_COUNT (bb->succs) == 1)
        bb = single_succ (bb);
      else
        return false;
    }
  return false;
}

/* The function whose body a call of FN runs: FN, or what it is an alias
   of (a C++ constructor's or destructor's complete-object form often is
   of its base-object form).  */
static tree
body_decl (tree fn)
{
  cgraph_node *node = cgraph_node::get (fn);
  return node && node->alias ? node->ultimate_alias_target ()->decl : fn;
}

/* Into OUT, the statements FN's body runs where each branch it takes
   is known (so straight-line code), ending in its return, whose value,
   where constant, goes to *VALUE; false where there is no such path, or
   calls go DEPTH deep.  */
/* The function whose body a call of FN runs (body_decl), its body in
   GIMPLE, gimplified here where it is not yet; or NULL_TREE where it has
   none to read.  */
static tree
gimple_callee (tree fn)
{
  if (!fn || TREE_CODE (fn) != FUNCTION_DECL || fndecl_built_in_p (fn)
      || stdarg_p (TREE_TYPE (fn)) || TREE_THIS_VOLATILE (fn))
    return NULL_TREE;
  fn = body_decl (fn);
  cgraph_node *node = cgraph_node::get (fn);
  function *f = DECL_STRUCT_FUNCTION (fn);
  if (!f || !node || !node->definition || f->calls_setjmp
      || (DECL_RESULT (fn) && DECL_BY_REFERENCE (DECL_RESULT (fn))))
    return NULL_TREE;
  /* Gimplified here only where the call graph would: not an external
     body (an `extern template' member) without optimization, which it
     drops unread.  */
  if (!gimple_has_body_p (fn))
    {
      if (!DECL_SAVED_TREE (fn) || node->analyzed
          || (DECL_EXTERNAL (fn) && !opt_for_fn (fn, optimize)))
        return NULL_TREE;
      gimplify_function_tree (fn);
    }
  return fn;
}

static bool
straight_body (tree fn, vec<gimple *> *out, tree *value, int depth)
{
  *value = NULL_TREE;
  if (depth > MAX_DEPTH || !(fn = gimple_callee (fn)))
    return false;
  function *f = DECL_STRUCT_FUNCTION (fn);
  path p;
  p.fn = fn;
  p.out = out;
  p.value = NULL_TREE;
  p.depth = depth;
  if (!(f->cfg ? follow_cfg (&p, f) : follow_seq (&p, gimple_body (fn)))
      || out->is_empty () || gimple_code (out->last ()) != GIMPLE_RETURN)
    return false;
  *value = p.value;
  return true;
}

tree
scan_read_callee (tree fn, vec<gimple *> *out)
{
  tree value;
  return straight_body (fn, out, &value, 0) ? body_decl (fn) : NULL_TREE;
}

/* Whether statement S of FN stores to FN's own variables alone, or
   through those of its parameters that OWN's bits name (K for the K-th),
   which point to what its caller owns (a constructor's `this', given
   the address of the result its caller builds), and calls only
   functions that do so in turn, DEPTH deep (keeps_to_itself).  */
static bool keeps_to_itself (tree fn, int depth, unsigned own);

/* The position of PARM among FN's parameters, or -1.  */
static int
parm_position (tree fn, tree parm)
{
  int k = 0;
  for (tree p = DECL_ARGUMENTS (fn); p; p = DECL_CHAIN (p), k++)
    if (p == parm)
      return k;
  return -1;
}

/* Whether T, an address or a store's destination in FN, is FN's own: its
   result, a local of its own, or what a parameter of OWN points to.  */
static bool
owned (tree fn, tree t, unsigned own)
{
  while (handled_component_p (t) || TREE_CODE (t) == ADDR_EXPR
         || TREE_CODE (t) == MEM_REF)
    t = TREE_OPERAND (t, 0);
  if (TREE_CODE (t) == SSA_NAME)
    {
      if (!SSA_NAME_IS_DEFAULT_DEF (t) || !SSA_NAME_VAR (t))
        return false;
      t = SSA_NAME_VAR (t);
    }
  if (TREE_CODE (t) == RESULT_DECL)
    return true;
  if (VAR_P (t))
    return !is_global_var (t) && DECL_CONTEXT (t) == fn;
  if (TREE_CODE (t) == PARM_DECL)
    {
      int k = parm_position (fn, t);
      return k >= 0 && k < 32 && (own & (1u << k));
    }
  return false;
}

static bool
stmt_keeps_to (tree fn, gimple *s, int depth, unsigned own)
{
  if (gimple_has_volatile_ops (s))
    return false;
  switch (gimple_code (s))
    {
    case GIMPLE_ASSIGN:
    case GIMPLE_CALL:
      {
        tree lhs = gimple_get_lhs (s);
        if (lhs && TREE_CODE (lhs) != SSA_NAME
            && !(TREE_CODE (lhs) == PARM_DECL || owned (fn, lhs, own)))
          return false;
        if (gcall *c = dyn_cast<gcall *> (s))
          {
            tree callee = gimple_call_fndecl (c);
            if (gimple_call_internal_p (c) || !callee)
              return false;
            if (fndecl_built_in_p (callee))
              return (scanomp_math_function (callee)
                      || (flags_from_decl_or_type (callee)
                          & (ECF_CONST | ECF_PURE)));
            unsigned passed = 0;
            for (unsigned k = 0; k < gimple_call_num_args (c) && k < 32; k++)
              {
                tree a = gimple_call_arg (c, k);
                if ((TREE_CODE (a) == ADDR_EXPR || TREE_CODE (a) == SSA_NAME
                     || TREE_CODE (a) == PARM_DECL)
                    && POINTER_TYPE_P (TREE_TYPE (a)) && owned (fn, a, own))
                  passed |= 1u << k;
              }
            return keeps_to_itself (callee, depth + 1, passed);
          }
        return true;
      }
    case GIMPLE_COND:
    case GIMPLE_LABEL:
    case GIMPLE_GOTO:
    case GIMPLE_RETURN:
    case GIMPLE_NOP:
    case GIMPLE_DEBUG:
    case GIMPLE_PREDICT:
    case GIMPLE_BIND:
    case GIMPLE_TRY:
      return true;
    default:
      return false;
    }
}

static bool
keeps_to_itself (tree fn, int depth, unsigned own)
{
  if (depth > MAX_DEPTH || !(fn = gimple_callee (fn)))
    return false;
  function *f = DECL_STRUCT_FUNCTION (fn);
  if (f->cfg)
    {
      basic_block bb;
      FOR_EACH_BB_FN (bb, f)
        for (gimple_stmt_iterator g = gsi_start_bb (bb); !gsi_end_p (g);
             gsi_next (&g))
          if (!stmt_keeps_to (fn, gsi_stmt (g), depth, own))
            return false;
      return true;
    }
  bool ok = true;
  gimple_seq body = gimple_body (fn);
  scanomp_walk (&body, [&] (gimple_stmt_iterator *g) {
      if (!stmt_keeps_to (fn, gsi_stmt (*g), depth, own))
        {
          ok = false;
          return WALK_STOP;
        }
      return WALK_INTO;
    });
  return ok;
}

bool
scan_callee_keeps_to_itself (tree fn)
{
  return keeps_to_itself (fn, 0, 0);
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
      /* The argument is the caller's.  */
      *walk_subtrees = 0;
    }
  else if (TREE_CODE (t) == SSA_NAME
           || TREE_CODE (t) == RESULT_DECL
           || (VAR_P (t) && !is_global_var (t)
               && DECL_CONTEXT (t) == c->fn))
    {
      *tp = local_for (c, t);
      *walk_subtrees = 0;
    }
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

/* Whether CALL reaches memory through a pointer or a reference: one it
   returns, or one it is given (`this' among them).  A call of values
   alone the kernels and the host path make as it is.  */
static bool
through_pointers (gcall *call)
{
  tree lhs = gimple_call_lhs (call);
  if (lhs && POINTER_TYPE_P (TREE_TYPE (lhs)))
    return true;
  for (unsigned k = 0; k < gimple_call_num_args (call); k++)
    if (POINTER_TYPE_P (TREE_TYPE (gimple_call_arg (call, k))))
      return true;
  return false;
}

/* Whether CALL's callee has a straight-line body, into BODY, whose
   parameters its arguments can stand for.  */
static bool
expandable (gcall *call, vec<gimple *> *body)
{
  tree fn = gimple_call_fndecl (call);
  tree value;
  if (!fn || gimple_call_internal_p (call) || gimple_call_chain (call)
      || !through_pointers (call)
      || !straight_body (fn, body, &value, 0)
      || sets_parameter (body_decl (fn), *body))
    return false;
  fn = body_decl (fn);
  unsigned params = 0;
  for (tree p = DECL_ARGUMENTS (fn); p; p = DECL_CHAIN (p))
    params++;
  /* A call with a value needs a return with one.  */
  return (params == gimple_call_num_args (call)
          && (!gimple_call_lhs (call)
              || gimple_return_retval (as_a<greturn *> (body->last ()))));
}

/* Whether S, a statement of a callee copied into the caller, stores to
   nothing but the caller's own variables (an iterator's constructor
   building the caller's temporary): a callee that writes through a
   pointer it is given (`c[i].set (s)', `put (y[i], s)') stays a call,
   which the analysis reads as a write to a private copy of the element.  */
static bool
stores_locally (gimple *s)
{
  tree lhs = gimple_get_lhs (s);
  if (!lhs || TREE_CODE (lhs) == SSA_NAME)
    return true;
  while (handled_component_p (lhs))
    lhs = TREE_OPERAND (lhs, 0);
  return VAR_P (lhs) && !is_global_var (lhs);
}

/* The statements that compute what CALL computes, from its callee's
   straight-line body, their new variables pushed on LOCALS; NULL where
   there is none.  */
static gimple_seq
expand_call (gcall *call, vec<tree> *locals)
{
  auto_vec<gimple *> body;
  if (!expandable (call, &body))
    return NULL;
  tree fn = body_decl (gimple_call_fndecl (call));

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
      if (!stores_locally (copy))
        return NULL;
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
scan_inline_calls (gimple_seq *seq, hash_set<tree> &keep, bool change)
{
  if (!change)
    return inline_seq (seq, NULL, keep, 0);
  auto_vec<tree> locals;
  bool found = inline_seq (seq, &locals, keep, 0);
  /* A scope of their own around the body: each iteration's.  */
  scan_declare_around (seq, locals);
  return found;
}
