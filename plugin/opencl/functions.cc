/* SPDX-License-Identifier: GPL-3.0-or-later */
/* functions.cc: the functions of the unit that a scan calls, as OpenCL C
   for translate.cc, each translated once, after the functions it calls
   in turn, with its locals declared.

   A called function is translated from its GIMPLE: the sequence if it has
   been gimplified but not yet lowered (one not yet gimplified is
   gimplified now, which cgraph allows: it then skips that step), or its
   CFG if cgraph has lowered it already.  Recursion and variable
   arguments have no OpenCL C equivalent and are refused.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "diagnostic-core.h"
#include "fold-const.h"
#include "real.h"
#include "function.h"
#include "basic-block.h"
#include "cfg.h"
#include "tree-cfg.h"
#include "gimplify.h"
#include "langhooks.h"
#include "cgraph.h"
#include "cfgexpand.h"

#include "opencl/emit.h"
#include "analyze/analyze.h"

/* Where declare_local writes: the emitter, and the variables declared
   (not the walk's own pset, which the walker fills before calling).  */
struct declaring
{
  emitter *e;
  hash_set<tree> *seen;
};

/* Declare variable or temporary T, unset.  */
void
ocl_declare_var (emitter *e, tree t)
{
  char *name = TREE_CODE (t) == SSA_NAME
               ? xasprintf ("t%u", ocl_id (e, t))
               : xasprintf ("d%u", ocl_id (e, t));
  char *decl = ocl_declaration (e, TREE_TYPE (t), name);
  ocl_text (&e->out, "  %s;\n", decl);
  free (decl);
  free (name);
}

/* walk_gimple_op callback: declare each local variable once.  */
static tree
declare_local (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  declaring *d = (declaring *) wi->info;
  tree t = *tp;
  if (TYPE_P (t))
    *walk_subtrees = 0;
  else if ((((VAR_P (t) || TREE_CODE (t) == RESULT_DECL) && !is_global_var (t))
            || TREE_CODE (t) == SSA_NAME)
           && !d->seen->add (t))
    ocl_declare_var (d->e, t);
  return NULL_TREE;
}

/* Declare the local variables that statement S (or, S null, sequence SEQ)
   uses, except those in SEEN, adding them.  A clobber, which the
   translation leaves out, uses none (a C++ function object's temporary,
   `std::plus<long> ()', whose empty base OpenCL C has no layout for).  */
static void
declare_in (emitter *e, gimple *s, gimple_seq seq, hash_set<tree> *seen)
{
  declaring d = { e, seen };
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &d;
  if (s && !gimple_clobber_p (s))
    walk_gimple_op (s, declare_local, &wi);
  else if (!s)
    walk_gimple_seq (seq, [] (gimple_stmt_iterator *g, bool *handled,
                              walk_stmt_info *) -> tree {
        *handled = gimple_clobber_p (gsi_stmt (*g));
        return NULL_TREE;
      }, declare_local, &wi);
}

void
ocl_declare_locals (emitter *e, gimple_seq seq, hash_set<tree> *seen)
{
  declare_in (e, NULL, seq, seen);
}

/* The body of function FUN in CFG form: a label per block, the branches
   from its edges.  */
static void
cfg_body (emitter *e, function *fun)
{
  hash_set<tree> seen;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator g = gsi_start_bb (bb); !gsi_end_p (g);
         gsi_next (&g))
      declare_in (e, gsi_stmt (g), NULL, &seen);
  FOR_EACH_BB_FN (bb, fun)
    {
      ocl_text (&e->out, " B%d: ;\n", bb->index);
      for (gimple_stmt_iterator g = gsi_start_bb (bb); !gsi_end_p (g);
           gsi_next (&g))
        ocl_statement (e, gsi_stmt (g));
      gimple *last = last_nondebug_stmt (bb);
      if (last && gimple_code (last) == GIMPLE_COND)
        {
          edge t, f;
          extract_true_false_edges_from_block (bb, &t, &f);
          ocl_text (&e->out, " goto B%d; else goto B%d;\n", t->dest->index,
                    f->dest->index);
        }
      else if (!last || gimple_code (last) != GIMPLE_RETURN)
        for (edge succ : bb->succs)
          if (!(succ->flags & EDGE_EH)
              && succ->dest != EXIT_BLOCK_PTR_FOR_FN (fun))
            {
              ocl_text (&e->out, "  goto B%d;\n", succ->dest->index);
              break;
            }
    }
}

/* The reason FN cannot be translated, or NULL.  */
static const char *
function_problem (tree fn)
{
  if (!scanomp_user_function (fn))
    return "is not defined in this unit, and the device needs its "
           "definition";
  if (stdarg_p (TREE_TYPE (fn)))
    return "takes variable arguments, which OpenCL C does not have";
  if (DECL_RESULT (fn) && DECL_BY_REFERENCE (DECL_RESULT (fn)))
    return "returns its value through a hidden pointer (the type has a "
           "non-trivial copy or destructor), which OpenCL C cannot do";
  return NULL;
}

const char *
ocl_function_name (emitter *e, tree fn, location_t loc)
{
  /* A C++ constructor's complete-object clone may be an alias of the
     base-object one, which holds the body.  */
  cgraph_node *node = cgraph_node::get (fn);
  if (node && node->alias)
    fn = node->ultimate_alias_target ()->decl;
  if (char **known = e->names.get (fn))
    {
      if (e->active.contains (fn))
        ocl_refuse_device (e, loc, "%qD is recursive, and OpenCL C has no "
                           "recursion; write it as a loop", fn);
      return *known;
    }
  char *name = xasprintf ("f%u", ocl_id (e, fn));
  e->names.put (fn, name);
  if (const char *why = function_problem (fn))
    {
      char *msg = xasprintf ("the scan calls %%qD, which %s", why);
      ocl_refuse (e, loc, msg, fn);
      free (msg);
      return name;
    }
  if (!gimple_has_body_p (fn))
    gimplify_function_tree (fn);

  e->active.add (fn);
  strbuf outer = e->out;
  bool was_local = e->local;
  tree was_fn = e->fn;
  e->out.s = NULL;
  e->out.len = e->out.cap = 0;
  e->local = true;
  e->fn = fn;

  tree ret = TREE_TYPE (TREE_TYPE (fn));
  ocl_text (&e->out, "/* %s */\nstatic %s\n%s (",
            lang_hooks.decl_printable_name (fn, 2),
            VOID_TYPE_P (ret) ? "void" : ocl_type_of (e, ret), name);
  for (tree p = DECL_ARGUMENTS (fn); p; p = DECL_CHAIN (p))
    {
      char *pname = xasprintf ("d%u", ocl_id (e, p));
      char *d = ocl_declaration (e, TREE_TYPE (p), pname);
      ocl_text (&e->out, "%s%s", p == DECL_ARGUMENTS (fn) ? "" : ", ", d);
      free (d);
      free (pname);
    }
  ocl_text (&e->out, "%s)\n{\n", DECL_ARGUMENTS (fn) ? "" : "void");
  if (gimple_body (fn))
    {
      hash_set<tree> seen;
      ocl_declare_locals (e, gimple_body (fn), &seen);
      ocl_stmt_seq (e, gimple_body (fn));
    }
  else
    cfg_body (e, DECL_STRUCT_FUNCTION (fn));
  ocl_text (&e->out, "}\n\n");

  ocl_text (&e->funcs, "%s", e->out.s);
  free (e->out.s);
  e->out = outer;
  e->local = was_local;
  e->fn = was_fn;
  e->active.remove (fn);
  return name;
}
