/* SPDX-License-Identifier: GPL-3.0-or-later */
/* reader.cc: reading a loop body in order, for analyze.cc, update.cc,
   inscan.cc and race.cc, where its statements stand in it and whether
   its jumps all go forward.  The
   gimplifier reuses its temporaries, so each variable's latest value is
   kept as a GENERIC expression of the loop index, of values that do not
   change in the loop, and of loads; every load and store address is split
   into an array and a byte offset COEF * i + REST (access.cc).  Values
   built on a value from an earlier block (before a branch's or an inner
   loop's label) are tainted: no address may use them, since they may not
   reach it unchanged.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "diagnostic-core.h"
#include "fold-const.h"
#include "gimplify.h"
#include "cfgexpand.h"
#include "internal-fn.h"

#include "analyze/reader.h"

/* Report why L cannot be outlined: an error for a scan clause; for an
   inscan reduction, which GCC runs anyway, a note under -verbose, which
   says so, then no more notes for the loop.  An
   inscan loop with an initialization phase that GCC would run wrong (see
   init.cc), or on a construct GCC rejects inscan on (teams.cc), gets an
   error, which says so where the note says that the loop is left to
   GCC's own implementation; so does a simd loop inside a target
   construct, which GCC's own lowering crashes on.  */
void
scan_complain (scan_loop *l, location_t loc, const char *gmsgid, ...)
{
  if (l->silent || (l->quiet && !scanomp_options.verbose))
    return;
  static const char host[] = "this inscan loop is left to GCC%'s own "
                             "implementation: ";
  if (l->inscan && !l->quiet && !strncmp (gmsgid, host, strlen (host)))
    gmsgid = ACONCAT ((l->teams
                       ? "cannot run this inscan loop, whose construct GCC "
                         "rejects %<inscan%> on: "
                       : l->crashes_gcc
                       ? "cannot run this inscan loop, a %<simd%> loop "
                         "inside %<target%>, which GCC cannot compile "
                         "itself: "
                       : "cannot run this loop, whose exclusive scan has an "
                         "initialization phase, which GCC does not "
                         "implement: ",
                       gmsgid + strlen (host), NULL));
  /* The reader's messages name a scan clause's loop; an inscan loop is
     not one.  */
  static const char clause[] = "the %<scan%> loop";
  if (l->inscan)
    if (const char *at = strstr (gmsgid, clause))
      {
        char *before = XALLOCAVEC (char, at - gmsgid + 1);
        memcpy (before, gmsgid, at - gmsgid);
        before[at - gmsgid] = 0;
        gmsgid = ACONCAT ((before, "this inscan loop", at + strlen (clause),
                           NULL));
      }
  bool why_only = l->inscan && l->quiet && l->construct
                  && strncmp (gmsgid, host, strlen (host));
  va_list ap;
  va_start (ap, gmsgid);
  scanomp_diagnose_valist (l->quiet, loc, gmsgid, &ap);
  va_end (ap);
  /* A note that says only what stopped an inscan loop: and what then
     runs it, once.  */
  if (why_only)
    {
      inform (gimple_location (l->construct), "so this inscan loop is left "
              "to GCC%'s own implementation");
      l->silent = true;
    }
}

/* Point at the clause after an error at a statement.  */
void
scan_for_this_clause (reader *r)
{
  if (!r->l->quiet)
    {
      if (r->l->inscan)
        inform (r->loc, "for this inscan loop");
      else
        inform (r->loc, "for this %<scan%> clause");
    }
}

/* walk_tree callback: whether DATA, a decl, occurs in *TP.  */
static tree
find_decl (tree *tp, int *walk_subtrees, void *data)
{
  if (*tp == (tree) data)
    return *tp;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

bool
scanomp_contains (tree expr, tree decl)
{
  return walk_tree_without_duplicates (&expr, find_decl, decl) != NULL_TREE;
}

/* walk_tree callback: replace variables by their latest values.  */
static tree
substitute_1 (tree *tp, int *walk_subtrees, void *data)
{
  reader *r = (reader *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (VAR_P (*tp) || TREE_CODE (*tp) == PARM_DECL)
    {
      tree *v = r->value.get (*tp);
      if (v)
        {
          int *b = r->block.get (*tp);
          if ((b && *b != r->current_block && !r->settled.contains (*tp))
              || r->tainted.contains (*tp))
            r->saw_taint = true;
          *tp = unshare_expr (*v);
        }
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

tree
scan_substitute (reader *r, tree e)
{
  r->saw_taint = false;
  e = unshare_expr (e);
  walk_tree (&e, substitute_1, r, NULL);
  return e;
}

/* The private variable whose part REF is (a field of a field...), or
   NULL_TREE.  */
static tree
local_base (reader *r, tree ref)
{
  ref = scanomp_whole (ref);
  /* The gimplifier's temporaries, as for a C++ object passed by value,
     belong to their statement.  */
  return VAR_P (ref) && (r->privates.contains (ref)
                         || (DECL_ARTIFICIAL (ref) && !is_global_var (ref)))
         ? ref : NULL_TREE;
}

/* The set of variables the body assigns (its temporaries and locals).  */
static tree
note_assigned (gimple_stmt_iterator *gsi, bool *handled, struct walk_stmt_info *wi)
{
  reader *r = (reader *) wi->info;
  gimple *s = gsi_stmt (*gsi);
  *handled = false;
  if (is_gimple_assign (s) || is_gimple_call (s))
    {
      tree lhs = gimple_get_lhs (s);
      if (lhs && (VAR_P (lhs) || TREE_CODE (lhs) == PARM_DECL))
        r->assigned.add (lhs);
      else if (lhs && TREE_CODE (lhs) == COMPONENT_REF && local_base (r, lhs))
        r->assigned.add (local_base (r, lhs));
      /* A local whose address a call takes may change there.  */
      if (is_gimple_call (s))
        for (unsigned k = 0; k < gimple_call_num_args (s); k++)
          {
            tree a = gimple_call_arg (s, k);
            if (TREE_CODE (a) == ADDR_EXPR && local_base (r, TREE_OPERAND (a, 0)))
              r->assigned.add (local_base (r, TREE_OPERAND (a, 0)));
          }
    }
  else if (gimple_code (s) == GIMPLE_BIND)
    for (tree v = gimple_bind_vars (as_a<gbind *> (s)); v; v = DECL_CHAIN (v))
      {
        r->assigned.add (v);
        if (VAR_P (v) && !is_global_var (v)
            && TREE_CODE (TREE_TYPE (v)) != ARRAY_TYPE)
          r->privates.add (v);
      }
  return NULL_TREE;
}

static void read_stmt (reader *r, gimple *s);

/* VAR changes in a way the reader does not follow (a call
   sets it, or one of its fields).  */
static void
unknown_value (reader *r, tree var)
{
  r->value.put (var, var);
  r->block.put (var, r->current_block);
}

/* Refuse the assignment to LHS at S.  */
static void
cannot_assign (reader *r, gimple *s, tree lhs)
{
  scan_complain (r->l, gimple_location (s), "the %<scan%> loop assigns to "
                 "%qE, which cannot be outlined; assign to variables and "
                 "array elements only", lhs);
  r->ok = false;
}

/* Read call S to a function of the unit, which emit.cc translates: its
   arguments that are array elements are loads; those that point to one
   (C++ references and `this') read it through a private copy, and so
   may not write to it.  Its result is a value the reader does not
   follow.  */
static void
read_user_call (reader *r, gcall *s)
{
  tree fn = gimple_call_fndecl (s);
  tree lhs = gimple_call_lhs (s);
  if (lhs && POINTER_TYPE_P (TREE_TYPE (lhs)))
    {
      /* As from std::vector's operator[]: the memory behind that pointer
         is out of the analysis' sight.  */
      scan_complain (r->l, gimple_location (s), "the %<scan%> loop reaches "
                     "memory through the pointer %qD returns, which the "
                     "device cannot follow; index plain pointers, as "
                     "%<long *p = v.data ()%> for a vector", fn);
      scan_for_this_clause (r);
      r->ok = false;
      return;
    }
  unsigned first = r->l->accesses.length ();
  tree parm = DECL_ARGUMENTS (fn);
  for (unsigned k = 0; k < gimple_call_num_args (s) && r->ok;
       k++, parm = parm ? DECL_CHAIN (parm) : NULL_TREE)
    {
      tree a = gimple_call_arg (s, k);
      if (TREE_CODE (a) == MEM_REF || TREE_CODE (a) == ARRAY_REF)
        scan_record_access (r, a, s, false);
      else if (TREE_CODE (a) == ADDR_EXPR && local_base (r, TREE_OPERAND (a, 0)))
        /* The address of a local variable, private to the iteration:
           the call may change it.  */
        unknown_value (r, local_base (r, TREE_OPERAND (a, 0)));
      else if (POINTER_TYPE_P (TREE_TYPE (a)))
        {
          tree elem = TREE_TYPE (TREE_TYPE (a));
          tree to = parm && POINTER_TYPE_P (TREE_TYPE (parm))
                    ? TREE_TYPE (TREE_TYPE (parm)) : elem;
          tree ref = build2 (MEM_REF, elem, a, build_int_cst (TREE_TYPE (a), 0));
          unsigned n = r->l->accesses.length ();
          if (!TYPE_READONLY (to) && !r->l->inscan && DECL_NAME (fn)
              && !strcmp (IDENTIFIER_POINTER (DECL_NAME (fn)), "operator="))
            {
              /* C++ calls operator= to copy a class that is not trivially
                 copyable.  */
              scan_complain (r->l, gimple_location (s), "the %<scan%> loop "
                             "copies %qT with %qD, which the device cannot "
                             "run; make the class trivially copyable (no "
                             "virtual functions, no user-defined copy)",
                             elem, fn);
              scan_for_this_clause (r);
              r->ok = false;
              return;
            }
          if (!TYPE_READONLY (to) && !r->l->inscan)
            {
              scan_complain (r->l, gimple_location (s), "the %<scan%> loop "
                             "passes %qD a pointer it may write through; "
                             "pass array elements by value or as %<const%>",
                             fn);
              scan_for_this_clause (r);
              r->ok = false;
              return;
            }
          scan_record_access (r, ref, s, false);
          if (r->l->accesses.length () > n)
            {
              r->l->accesses.last ().arg = k;
              /* An inscan loop's element passed by address to be written
                 (`this' of operator=, a reference): the function writes
                 a private copy, stored back after the call.  */
              if (!TYPE_READONLY (to))
                {
                  scan_access back = r->l->accesses.last ();
                  back.store = true;
                  r->l->accesses.safe_push (back);
                }
            }
        }
    }
  /* An element written back must reach the call by that argument only.  */
  for (unsigned i = first; i < r->l->accesses.length () && r->ok; i++)
    for (unsigned j = first; j < r->l->accesses.length (); j++)
      {
        const scan_access &w = r->l->accesses[i], &o = r->l->accesses[j];
        if (w.store && o.arg != w.arg && o.base == w.base
            && scanomp_same_step (o, w)
            && (!o.rest || !w.rest || operand_equal_p (o.rest, w.rest, 0)))
          {
            scan_complain (r->l, gimple_location (s), "the %<scan%> loop "
                           "passes %qD the same element twice, once to be "
                           "written; pass it once", fn);
            r->ok = false;
            break;
          }
      }
  if (!lhs || !r->ok)
    return;
  if (TREE_CODE (lhs) == MEM_REF || TREE_CODE (lhs) == ARRAY_REF)
    scan_record_access (r, lhs, s, true);
  else if (VAR_P (lhs))
    unknown_value (r, lhs);
  else
    cannot_assign (r, s, lhs);
}

/* Read the statements of SEQ in order, into binds and the bodies of
   trys, whose cleanups are clobbers of block-scope variables; until one
   is refused.  */
/* Into R's settled, the variables SEQ assigns once, before its first
   label, and does not take the address of.  */
static void
note_settled (reader *r, gimple_seq seq)
{
  hash_map<tree, int> sets;
  hash_set<tree> early;
  bool labelled = false;
  r->settled.empty ();
  scanomp_walk (&seq, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      if (gimple_code (s) == GIMPLE_BIND || gimple_code (s) == GIMPLE_TRY)
        return WALK_INTO;
      if (gimple_code (s) == GIMPLE_LABEL)
        labelled = true;
      tree lhs = is_gimple_assign (s) || is_gimple_call (s)
                 ? gimple_get_lhs (s) : NULL_TREE;
      if (lhs && VAR_P (lhs) && !TREE_ADDRESSABLE (lhs))
        {
          sets.get_or_insert (lhs)++;
          if (!labelled)
            early.add (lhs);
        }
      return WALK_PAST;
    });
  for (tree v : early)
    if (*sets.get (v) == 1)
      r->settled.add (v);
}

void
scan_read_seq (reader *r, gimple_seq seq)
{
  note_settled (r, seq);
  scanomp_walk (&seq, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      if (!r->ok)
        return WALK_STOP;
      if (gimple_code (s) == GIMPLE_BIND || gimple_code (s) == GIMPLE_TRY)
        return WALK_INTO;
      read_stmt (r, s);
      return WALK_PAST;
    });
}

/* Read statement S of the body in order.  */
static void
read_stmt (reader *r, gimple *s)
{
  r->stmts.safe_push (s);
  switch (gimple_code (s))
    {
    case GIMPLE_ASSIGN:
      {
        tree lhs = gimple_assign_lhs (s);
        /* A load, maybe of a field of the element.  */
        tree rhs = gimple_assign_single_p (s)
                   ? scanomp_whole (gimple_assign_rhs1 (s)) : NULL_TREE;
        if (rhs && (TREE_CODE (rhs) == MEM_REF || TREE_CODE (rhs) == ARRAY_REF))
          scan_record_access (r, rhs, s, false);
        tree elem = scanomp_whole (lhs);
        if (TREE_CODE (lhs) == MEM_REF || TREE_CODE (lhs) == ARRAY_REF)
          scan_record_access (r, lhs, s, true);
        else if (TREE_CODE (lhs) == COMPONENT_REF && local_base (r, lhs))
          /* A field of a private struct.  */
          unknown_value (r, local_base (r, lhs));
        else if (TREE_CODE (elem) == MEM_REF
                 || TREE_CODE (elem) == ARRAY_REF)
          {
            /* A field of an array element: a store of the scan phase
               (see analyze.cc and inscan.cc).  */
            scan_access a;
            if (scan_read_access (r, elem, s, true, &a))
              {
                a.part = true;
                r->l->accesses.safe_push (a);
              }
          }
        else if (VAR_P (lhs) || TREE_CODE (lhs) == PARM_DECL)
          {
            tree v = scan_substitute (r, gimple_assign_rhs_to_tree (s));
            if (r->saw_taint)
              r->tainted.add (lhs);
            else
              r->tainted.remove (lhs);
            r->value.put (lhs, v);
            r->block.put (lhs, r->current_block);
          }
        else
          cannot_assign (r, s, lhs);
        break;
      }
    case GIMPLE_CALL:
      {
        tree fn = gimple_call_fndecl (s);
        if (scanomp_sanitizer_call (s))
          break;
        if (scanomp_user_function (fn))
          {
            read_user_call (r, as_a<gcall *> (s));
            break;
          }
        /* Math built-ins only set errno, which kernels do not have.  */
        if (scanomp_math_function (fn))
          ;
        else if (gimple_call_internal_p (s))
          scan_complain (r->l, gimple_location (s), "the %<scan%> loop "
                         "holds the internal operation %qs of GCC, which cannot "
                         "be translated to OpenCL",
                         internal_fn_name (gimple_call_internal_fn (s)));
        else if (fn && !fndecl_built_in_p (fn))
          scan_complain (r->l, gimple_location (s), "the %<scan%> loop "
                         "calls %qD, which is not defined in this unit; the "
                         "device needs its definition", fn);
        else if (!(gimple_call_flags (s) & (ECF_CONST | ECF_PURE)))
          scan_complain (r->l, gimple_location (s), "the %<scan%> loop calls %qE, "
                    "which may have side effects; a scan loop may only "
                    "compute values", fn ? fn : gimple_call_fn (s));
        else
          scan_complain (r->l, gimple_location (s), "the %<scan%> loop calls %qE, "
                    "which cannot be translated to OpenCL; only math "
                    "built-ins such as %<sqrt%> are supported",
                    fn ? fn : gimple_call_fn (s));
        if (scanomp_math_function (fn))
          {
            tree lhs = gimple_call_lhs (s);
            tree v = lhs;
            /* fmin and fmax combine like min and max (see update.cc).  */
            if (lhs && gimple_call_num_args (s) == 2
                && (!strcmp (scanomp_math_function (fn), "fmin")
                    || !strcmp (scanomp_math_function (fn), "fmax")))
              v = build2 (scanomp_math_function (fn)[2] == 'i' ? MIN_EXPR
                                                           : MAX_EXPR,
                          TREE_TYPE (lhs),
                          scan_substitute (r, gimple_call_arg (s, 0)),
                          scan_substitute (r, gimple_call_arg (s, 1)));
            if (lhs)
              {
                r->value.put (lhs, v);
                r->block.put (lhs, r->current_block);
              }
            break;
          }
        scan_for_this_clause (r);
        r->ok = false;
        break;
      }
    case GIMPLE_LABEL:
      r->current_block++;
      break;
    case GIMPLE_COND:
      r->cond_operands.safe_push (scan_substitute (r, gimple_cond_lhs (s)));
      r->cond_operands.safe_push (scan_substitute (r, gimple_cond_rhs (s)));
      break;
    case GIMPLE_GOTO:
    case GIMPLE_NOP:
    case GIMPLE_PREDICT:
    case GIMPLE_DEBUG:
      break;
    default:
      scan_complain (r->l, gimple_location (s), "the %<scan%> loop contains a "
                "statement that cannot be outlined (%s); a scan loop "
                "computes values and stores them",
                gimple_code_name[gimple_code (s)]);
      scan_for_this_clause (r);
      r->ok = false;
      break;
    }
}

/* walk_gimple_seq callback: stop at a statement that sets a variable of
   the enclosing function which the loop shares with it (none of the
   loop's own, private, firstprivate, lastprivate or reduced, nor its
   index), returning the variable.  */
static tree
find_shared_set (gimple_stmt_iterator *gsi, bool *handled,
                 struct walk_stmt_info *wi)
{
  reader *r = (reader *) wi->info;
  gimple *s = gsi_stmt (*gsi);
  *handled = false;
  if (!is_gimple_assign (s) && !is_gimple_call (s))
    return NULL_TREE;
  tree v = scanomp_whole (gimple_get_lhs (s));
  *handled = v && VAR_P (v) && !DECL_ARTIFICIAL (v) && !is_global_var (v)
             && v != r->l->iv && !r->privates.contains (v);
  return *handled ? v : NULL_TREE;
}

/* A temporary of GCC's that SEQ, of the loop R reads, uses before it sets
   it, so that each iteration starts from the value the one before left:
   GCC's lowering of a loop over a class iterator (`for (auto it =
   v.begin (); it != v.end (); ++it)', a range-based for over a
   container) advances a copy of the iterator by the distance from the
   last iteration it ran.  The kernels and the host path's functions run
   iterations apart; NULL_TREE where there is none.  */
static tree
carried_temporary (reader *r, gimple_seq seq)
{
  hash_set<tree> set;
  tree found = NULL_TREE;
  auto carried = [&] (tree t) {
    return VAR_P (t) && DECL_ARTIFICIAL (t) && !is_global_var (t)
           && t != r->l->iv && r->assigned.contains (t)
           && !r->privates.contains (t) && !set.contains (t);
  };
  scanomp_walk (&seq, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      if (gimple_code (s) == GIMPLE_BIND || gimple_code (s) == GIMPLE_TRY
          || gimple_code (s) == GIMPLE_OMP_SCAN)
        return WALK_INTO;
      tree lhs = is_gimple_assign (s) || is_gimple_call (s)
                 ? gimple_get_lhs (s) : NULL_TREE;
      /* A use: not an address taken (`&D.5' given to a constructor,
         which sets it).  */
      walk_tree_fn use = [] (tree *tp, int *subtrees, void *data) -> tree {
        if (TYPE_P (*tp) || TREE_CODE (*tp) == ADDR_EXPR)
          *subtrees = 0;
        else if ((*(decltype (carried) *) data) (*tp))
          return *tp;
        return NULL_TREE;
      };
      for (unsigned k = 0; k < gimple_num_ops (s) && !found; k++)
        {
          tree *op = gimple_op_ptr (s, k);
          if (*op && *op != lhs)
            found = walk_tree (op, use, &carried, NULL);
        }
      /* What the left side reads: a field's variable is set in part.  */
      if (!found && lhs && !DECL_P (scanomp_whole (lhs)))
        found = walk_tree (&lhs, use, &carried, NULL);
      if (!found && lhs && VAR_P (scanomp_whole (lhs)))
        set.add (scanomp_whole (lhs));
      for (unsigned k = 0; is_gimple_call (s) && k < gimple_call_num_args (s);
           k++)
        {
          tree a = gimple_call_arg (s, k);
          if (TREE_CODE (a) == ADDR_EXPR
              && VAR_P (scanomp_whole (TREE_OPERAND (a, 0))))
            set.add (scanomp_whole (TREE_OPERAND (a, 0)));
        }
      return found ? WALK_STOP : WALK_PAST;
    });
  return found;
}

bool
scan_carries_nothing (reader *r, gimple_seq seq)
{
  if (!carried_temporary (r, seq))
    return true;
  scan_complain (r->l, r->loc, r->l->inscan
                 ? "this inscan loop is left to GCC%'s own implementation: "
                   "each iteration starts from the iterator the one before "
                   "left, as GCC writes a loop over a class iterator or a "
                   "range-based %<for%>; loop over an integer index, as in "
                   "%<v[i]%>"
                 : "each iteration of the %<scan%> loop starts from the "
                   "iterator the one before left, as GCC writes a loop over "
                   "a class iterator or a range-based %<for%>; loop over an "
                   "integer index, as in %<v[i]%>");
  if (!r->l->inscan)
    scan_for_this_clause (r);
  r->ok = false;
  return false;
}

/* Whether SEQ, of the loop R reads, sets no variable that the loop shares
   with the enclosing function: each thread of the loop would set the one
   variable, which would then hold no iteration's value in particular, and
   the kernels and the host path's functions would each set a copy of
   their own.  Says where it does.  */
bool
scan_sets_no_shared (reader *r, gimple_seq seq)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = r;
  if (!walk_gimple_seq (seq, find_shared_set, NULL, &wi))
    return true;
  /* The statement itself, inside a phase of an inscan loop too.  */
  gimple *s = gsi_stmt (wi.gsi);
  tree v = wi.callback_result;
  location_t loc = gimple_location (s) != UNKNOWN_LOCATION
                   ? gimple_location (s) : r->loc;
  if (r->l->inscan)
    scan_complain (r->l, loc, "this inscan loop is left to GCC%'s own "
                   "implementation: it sets %qD, which the loop shares", v);
  else
    {
      scan_complain (r->l, loc, "the %<scan%> loop sets %qD, which it "
                     "shares, so that after the loop it holds no "
                     "iteration%'s value in particular; make it "
                     "%<lastprivate(%D)%> for the last iteration%'s value, "
                     "or declare it inside the loop", v, v);
      scan_for_this_clause (r);
    }
  return false;
}

/* walk_tree callback: collect loop-invariant scalars.  */
static tree
note_scalar (tree *tp, int *walk_subtrees, void *data)
{
  reader *r = (reader *) data;
  tree t = *tp;
  if (TYPE_P (t))
    *walk_subtrees = 0;
  else if ((VAR_P (t) || TREE_CODE (t) == PARM_DECL) && t != r->l->iv
           && !r->assigned.contains (t)
           && TREE_CODE (TREE_TYPE (t)) != ARRAY_TYPE
           && !POINTER_TYPE_P (TREE_TYPE (t)))
    {
      for (tree s : r->l->scalars)
        if (s == t)
          return NULL_TREE;
      r->l->scalars.safe_push (t);
    }
  return NULL_TREE;
}

static tree
note_scalars (gimple_stmt_iterator *gsi, bool *handled,
              struct walk_stmt_info *wi)
{
  /* A sanitizer's check passes its data, which the kernels leave out.  */
  *handled = scanomp_sanitizer_call (gsi_stmt (*gsi));
  (void) wi;
  return NULL_TREE;
}

static tree
note_scalar_op (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  return note_scalar (tp, walk_subtrees, wi->info);
}

/* Strip conversions between integer or float types from E.  */
tree
scan_strip (tree e)
{
  while (CONVERT_EXPR_P (e) || TREE_CODE (e) == FLOAT_EXPR)
    e = TREE_OPERAND (e, 0);
  return e;
}

/* Whether E is the value of access A (the same memory, read).  */
bool
scan_is_load_of (tree e, const scan_access &a, reader *r)
{
  e = scan_strip (e);
  scan_access probe;
  if ((TREE_CODE (e) != MEM_REF && TREE_CODE (e) != ARRAY_REF)
      || !scan_read_access (r, e, a.stmt, false, &probe))
    return false;
  return probe.base == a.base && scanomp_same_step (probe, a)
         && probe.rest
         && a.rest && operand_equal_p (probe.rest, a.rest, 0);
}

/* Start reader R on loop L, checking item IT (or none): note every
   variable SEQ assigns.  */
void
scan_reader_init (reader *r, scan_loop *l, scan_item *it, location_t loc,
                  gimple_seq seq)
{
  r->l = l;
  r->it = it;
  r->store = r->recur = -1;
  r->order = 0;
  r->loc = loc;
  r->current_block = 0;
  r->ok = true;
  r->saw_taint = false;
  r->scatter_stores = false;
  r->gather_reads = false;
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  if (l->inscan)
    for (tree c = gimple_omp_for_clauses (l->loop); c; c = OMP_CLAUSE_CHAIN (c))
      if (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_REDUCTION
          && VAR_P (OMP_CLAUSE_DECL (c)))
        r->privates.add (OMP_CLAUSE_DECL (c));
  wi.info = r;
  walk_gimple_seq (seq, note_assigned, NULL, &wi);
}

/* Collect in L->scalars the loop-invariant scalars SEQ reads.  */
void
scan_note_scalars (reader *r, gimple_seq seq)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = r;
  walk_gimple_seq (seq, note_scalars, note_scalar_op, &wi);
}

tree
scan_pointer_value (reader *r, gimple_seq seq)
{
  tree found = NULL_TREE;
  scanomp_walk (&seq, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      if (scanomp_sanitizer_call (s))
        return WALK_PAST;
      for (unsigned k = 0; k < gimple_num_ops (s) && !found; k++)
        {
          tree op = gimple_op (s, k);
          /* The address of what a pointer points to (`&a->f'): the
             pointer's value.  */
          if (op && TREE_CODE (op) == ADDR_EXPR)
            {
              tree base = get_base_address (TREE_OPERAND (op, 0));
              if (base && TREE_CODE (base) == MEM_REF)
                op = TREE_OPERAND (base, 0);
            }
          if (op && (VAR_P (op) || TREE_CODE (op) == PARM_DECL)
              && POINTER_TYPE_P (TREE_TYPE (op)) && op != r->l->iv
              && !r->assigned.contains (op)
              && !r->l->bases.contains (op))
            found = op;
        }
      return found ? WALK_STOP : WALK_INTO;
    });
  return found;
}

int
scan_position (reader *r, gimple *s)
{
  for (unsigned k = 0; k < r->stmts.length (); k++)
    if (r->stmts[k] == s)
      return k;
  return -1;
}

int
scan_label_position (reader *r, tree label)
{
  for (unsigned k = 0; k < r->stmts.length (); k++)
    if (glabel *g = dyn_cast<glabel *> (r->stmts[k]))
      if (gimple_label_label (g) == label)
        return k;
  return -1;
}

void
scan_jumps_over (reader *r, int at, vec<tree> *over)
{
  for (int k = 0; k < at; k++)
    {
      gimple *s = r->stmts[k];
      tree targets[2] = { NULL_TREE, NULL_TREE };
      if (gimple_code (s) == GIMPLE_COND)
        {
          targets[0] = gimple_cond_true_label (as_a<gcond *> (s));
          targets[1] = gimple_cond_false_label (as_a<gcond *> (s));
        }
      else if (gimple_code (s) == GIMPLE_GOTO)
        targets[0] = gimple_goto_dest (s);
      for (tree t : targets)
        if (t && scan_label_position (r, t) > at)
          over->safe_push (t);
    }
}

bool
scan_always_runs (reader *r, gimple *s)
{
  auto_vec<tree> over;
  scan_jumps_over (r, scan_position (r, s), &over);
  return over.is_empty ();
}

unsigned
scan_assignments (reader *r, tree v)
{
  unsigned n = 0;
  for (gimple *s : r->stmts)
    n += is_gimple_assign (s) && gimple_assign_lhs (s) == v;
  return n;
}

bool
scan_reads_after_store (reader *r)
{
  hash_set<gimple *> loads, stores;
  hash_set<tree> stored_bases;
  for (const scan_access &a : r->l->accesses)
    if (a.store)
      {
        stores.add (a.stmt);
        stored_bases.add (a.base);
      }
  for (const scan_access &a : r->l->accesses)
    if (!a.store && !stored_bases.contains (a.base))
      loads.add (a.stmt);
  if (loads.is_empty () || stores.is_empty ())
    return false;
  /* Forward over the flattened body: whether a store may have run before
     each statement, merged at each label from the jumps to it.  Twice,
     for a jump back (a loop inside the body).  */
  hash_map<tree, bool> at_label;
  auto merge = [&] (tree label, bool stored) {
    if (label)
      at_label.get_or_insert (label) |= stored;
  };
  for (int round = 0; round < 2; round++)
    {
      bool stored = false, reached = true;
      for (gimple *s : r->stmts)
        {
          if (glabel *g = dyn_cast<glabel *> (s))
            {
              bool *in = at_label.get (gimple_label_label (g));
              stored = (reached && stored) || (in && *in);
              reached = true;
              continue;
            }
          if (reached && stored && loads.contains (s))
            return true;
          if (stores.contains (s))
            stored = true;
          if (gcond *c = dyn_cast<gcond *> (s))
            {
              tree t = gimple_cond_true_label (c);
              tree f = gimple_cond_false_label (c);
              merge (t, stored);
              merge (f, stored);
              reached = !t || !f;
            }
          else if (gimple_code (s) == GIMPLE_GOTO)
            {
              if (TREE_CODE (gimple_goto_dest (s)) != LABEL_DECL)
                return true;
              merge (gimple_goto_dest (s), stored);
              reached = false;
            }
          else if (gswitch *w = dyn_cast<gswitch *> (s))
            {
              for (unsigned k = 0; k < gimple_switch_num_labels (w); k++)
                merge (CASE_LABEL (gimple_switch_label (w, k)), stored);
              reached = false;
            }
        }
    }
  return false;
}

void
scan_statement_iterators (gimple_seq *seq, vec<gimple_stmt_iterator> *at)
{
  scanomp_walk (seq, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      if (gimple_code (s) == GIMPLE_BIND || gimple_code (s) == GIMPLE_TRY)
        return WALK_INTO;
      at->safe_push (*g);
      return WALK_PAST;
    });
}

bool
scan_forward_only (reader *r)
{
  for (unsigned k = 0; k < r->stmts.length (); k++)
    {
      gimple *s = r->stmts[k];
      if (gimple_code (s) == GIMPLE_GOTO
          && scan_label_position (r, gimple_goto_dest (s)) <= (int) k)
        return false;
      if (gcond *c = dyn_cast<gcond *> (s))
        if (scan_label_position (r, gimple_cond_true_label (c)) <= (int) k
            || scan_label_position (r, gimple_cond_false_label (c)) <= (int) k)
          return false;
      if (gimple_code (s) == GIMPLE_SWITCH)
        return false;
    }
  return true;
}
