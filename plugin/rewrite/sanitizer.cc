/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sanitizer.cc: what the sanitizers (-fsanitize=...) and GCC's scopes add
   to a loop body, which the analysis reads past as if they were not
   there: their checks, the temporaries UBSan reads a call's result
   through, and the clobbers that end a variable's life.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "gimplify.h"
#include "internal-fn.h"

#include "rewrite/rewrite.h"

bool
scanomp_sanitizer_call (const gimple *s)
{
  const gcall *c = dyn_cast<const gcall *> (s);
  if (!c || gimple_call_lhs (c))
    return false;
  static const char *const prefixes[] = { "UBSAN_", "ASAN_", "TSAN_",
    "__builtin___ubsan_", "__builtin___asan_", "__builtin___tsan_" };
  const char *name = NULL;
  if (gimple_call_internal_p (c))
    name = internal_fn_name (gimple_call_internal_fn (c));
  else if (tree fn = gimple_call_fndecl (c))
    name = IDENTIFIER_POINTER (DECL_NAME (fn));
  for (const char *p : prefixes)
    if (name && !strncmp (name, p, strlen (p)))
      return true;
  return false;
}

bool
scanomp_only_clobbers (gimple_seq seq)
{
  for (gimple_stmt_iterator g = gsi_start (seq); !gsi_end_p (g); gsi_next (&g))
    if (!gimple_clobber_p (gsi_stmt (g)) && !is_gimple_debug (gsi_stmt (g))
        && gimple_code (gsi_stmt (g)) != GIMPLE_NOP
        && !scanomp_sanitizer_call (gsi_stmt (g)))
      return false;
  return true;
}

/* A temporary a call's result is read through (see
   scan_read_through_temporaries): p = &v.  */
struct through
{
  tree p, v;
};

/* Whether E is *p, of v's type.  */
static bool
reads_through (tree e, const through *t)
{
  return TREE_CODE (e) == MEM_REF && TREE_OPERAND (e, 0) == t->p
         && integer_zerop (TREE_OPERAND (e, 1))
         && types_compatible_p (TREE_TYPE (e), TREE_TYPE (t->v));
}

/* walk_tree callback: find *p (DATA is a through).  */
static tree
find_through (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (reads_through (*tp, (through *) data))
    return *tp;
  return NULL_TREE;
}

/* walk_tree callback: replace *p by v (DATA is a through).  */
static tree
replace_through (tree *tp, int *walk_subtrees, void *data)
{
  through *t = (through *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (reads_through (*tp, t))
    {
      *tp = t->v;
      *walk_subtrees = 0;
    }
  return NULL_TREE;
}

/* What scan_read_through_temporaries asks of read_through.  */
struct through_walk
{
  bool change;        /* replace the loads, not only find them */
  bool found;
};

/* walk_gimple_seq callback (WI->info is a through_walk): at p = &v, each
   *p that follows in the same sequence, until a label, a statement with
   statements of its own, or another value of p.  Only the operands that
   hold one are copied and changed.  */
static tree
read_through (gimple_stmt_iterator *gsi, bool *handled,
              struct walk_stmt_info *wi)
{
  through_walk *w = (through_walk *) wi->info;
  gimple *s = gsi_stmt (*gsi);
  *handled = false;
  if (!gimple_assign_single_p (s)
      || TREE_CODE (gimple_assign_rhs1 (s)) != ADDR_EXPR)
    return NULL_TREE;
  through t = { gimple_assign_lhs (s),
                TREE_OPERAND (gimple_assign_rhs1 (s), 0) };
  if (!VAR_P (t.p) || TREE_ADDRESSABLE (t.p) || !VAR_P (t.v)
      || is_global_var (t.v) || TREE_CODE (TREE_TYPE (t.v)) == ARRAY_TYPE)
    return NULL_TREE;
  gimple_stmt_iterator g = *gsi;
  for (gsi_next (&g); !gsi_end_p (g); gsi_next (&g))
    {
      gimple *u = gsi_stmt (g);
      if (gimple_code (u) == GIMPLE_LABEL || gimple_code (u) == GIMPLE_ASM
          || gimple_has_substatements (u))
        break;
      for (unsigned k = 0; k < gimple_num_ops (u); k++)
        if (gimple_op (u, k)
            && walk_tree (gimple_op_ptr (u, k), find_through, &t, NULL))
          {
            w->found = true;
            if (w->change)
              {
                tree op = unshare_expr (gimple_op (u, k));
                walk_tree (&op, replace_through, &t, NULL);
                gimple_set_op (u, k, op);
              }
          }
      if (gimple_get_lhs (u) == t.p)
        break;
    }
  return NULL_TREE;
}

/* Under -fsanitize=undefined, the C++ front end reads a call's result
   through a pointer that UBSan checks: `t = f (...); p = &t;
   .UBSAN_NULL (p, ...); y[i] = *p'.  Read such loads in SEQ as GCC
   without the sanitizer writes them, `y[i] = t', changing SEQ when
   CHANGE; return whether there are any.  A loop's acceptance does not
   change with the sanitizer, whose checks the kernels leave out.  */
bool
scan_read_through_temporaries (gimple_seq seq, bool change)
{
  through_walk w = { change, false };
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &w;
  walk_gimple_seq (seq, read_through, NULL, &wi);
  return w.found;
}
