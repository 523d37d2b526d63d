/* SPDX-License-Identifier: GPL-3.0-or-later */
/* index.cc: loops over a pointer or a class iterator read as loops over
   an integer index.  `for (int *p = a; p < a + n; p++)', and a
   range-based `for' over an array or a std::array (whose iterator is a
   pointer), step a pointer:

     for (D.18 = D.16; D.18 != D.17; D.18 = D.18 + 4)
       { x = D.18;  D.19 = *x; ... }

   where the host path and the kernels count positions.  Each statement
   that reads the pointer reads instead a temporary set just before it to
   the pointer's first value (a base and a byte offset, which the
   analysis chooses) plus the index times the element's size:

     scan_at.1 = (sizetype) scan_index;  scan_at.2 = scan_at.1 * 4;
     scan_at.3 = D.16 + scan_at.2;  x = scan_at.3;

   which the analysis reads as any `*(first + i)'.

   Over a class iterator (a range-based `for' over a std::vector, `for
   (auto it = v.begin (); it != v.end (); ++it)'), GCC's C++ front end
   counts the iterations itself and carries the iterator, each thread's
   own, from one to the next:

     D.1 = D.7 - D.8;  operator+= (&it, D.1);  D.8 = D.7;

   D.8 being 0 before the loop.  The iterator becomes a local of the
   body, set each iteration to its value before the loop and moved by
   the index:

     D.1 = D.7 - 0;  scan_it = scan_begin;  operator+= (&scan_it, D.1);

   which inline.cc then reads as the pointer arithmetic it is.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"

#include "rewrite/rewrite.h"

/* What a walk over the body needs: the pointer, what stands for it, and
   whether a statement set it.  */
struct index_walk
{
  tree p, base, offset, index, unit;
  vec<tree> *locals;
  bool sets;
};

/* A temporary of type TYPE, declared with the body's new variables.  */
static tree
temporary (index_walk *w, tree type)
{
  tree v = create_tmp_var_raw (type, "scan_at");
  DECL_CONTEXT (v) = current_function_decl;
  w->locals->safe_push (v);
  return v;
}

/* Replace the pointer in the statement at G, which reads it, by a
   temporary of the value it has there.  */
static void
replace_reads (index_walk *w, gimple_stmt_iterator *g)
{
  gimple *s = gsi_stmt (*g);
  tree lhs = gimple_get_lhs (s);
  if (lhs == w->p)
    {
      w->sets = true;
      return;
    }
  tree at = temporary (w, sizetype);
  tree bytes = temporary (w, sizetype);
  tree ptr = temporary (w, TREE_TYPE (w->p));
  gimple_seq seq = NULL;
  gimple_seq_add_stmt (&seq, gimple_build_assign (at, NOP_EXPR, w->index));
  gimple_seq_add_stmt (&seq, gimple_build_assign (bytes, MULT_EXPR, at,
                                                  w->unit));
  if (w->offset)
    {
      tree moved = temporary (w, sizetype);
      gimple_seq_add_stmt (&seq, gimple_build_assign (moved, PLUS_EXPR,
                                                      bytes, w->offset));
      bytes = moved;
    }
  gimple_seq_add_stmt (&seq, gimple_build_assign (ptr, POINTER_PLUS_EXPR,
                                                  w->base, bytes));
  gsi_insert_seq_before (g, seq, GSI_SAME_STMT);
  hash_map<tree, tree> map;
  map.put (w->p, ptr);
  walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &map;
  walk_gimple_op (s, scanomp_replace_vars, &wi);
}

/* walk_gimple_op callback: does *TP mention the decl in DATA's info?  */
static tree
mentions (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return *tp == (tree) ((walk_stmt_info *) data)->info ? *tp : NULL_TREE;
}

/* Replace the reads of W's pointer in *SEQ and the sequences nested in
   it.  */
static void
replace_in_seq (index_walk *w, gimple_seq *seq)
{
  for (gimple_stmt_iterator g = gsi_start (*seq); !gsi_end_p (g);
       gsi_next (&g))
    {
      gimple *s = gsi_stmt (g);
      switch (gimple_code (s))
        {
        case GIMPLE_BIND:
          replace_in_seq (w, gimple_bind_body_ptr (as_a<gbind *> (s)));
          continue;
        case GIMPLE_TRY:
          replace_in_seq (w, gimple_try_eval_ptr (s));
          replace_in_seq (w, gimple_try_cleanup_ptr (s));
          continue;
        case GIMPLE_OMP_SCAN:
          replace_in_seq (w, gimple_omp_body_ptr (s));
          continue;
        case GIMPLE_DEBUG:
          continue;
        default:
          break;
        }
      walk_stmt_info wi;
      memset (&wi, 0, sizeof wi);
      wi.info = w->p;
      if (walk_gimple_op (s, mentions, &wi))
        replace_reads (w, &g);
    }
}

bool
scan_index_pointer (gimple_seq *body, tree p, tree base, tree offset,
                    tree index, tree unit)
{
  auto_vec<tree> locals;
  index_walk w = { p, base, offset, index, fold_convert (sizetype, unit),
                   &locals, false };
  replace_in_seq (&w, body);
  scan_declare_around (body, locals);
  return !w.sets;
}

/* Whether PRE, a loop's pre-body, sets LAST to 0.  */
static bool
starts_at_zero (gimple_seq pre, tree last)
{
  bool found = false;
  scanomp_walk (&pre, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      if (gimple_assign_single_p (s) && gimple_assign_lhs (s) == last
          && integer_zerop (gimple_assign_rhs1 (s)))
        found = true;
      return WALK_INTO;
    });
  return found;
}

tree
scan_index_iterator (gimple_seq *body, gimple_seq phases, gimple_seq pre,
                     tree index, tree *begin)
{
  /* The three statements, at the start of the body, before its first
     phase.  */
  gimple *diff = NULL, *move = NULL, *keep = NULL;
  for (gimple_stmt_iterator g = gsi_start (phases); !gsi_end_p (g);
       gsi_next (&g))
    {
      gimple *s = gsi_stmt (g);
      if (gimple_code (s) == GIMPLE_OMP_SCAN)
        break;
      if (!diff)
        {
          if (is_gimple_assign (s)
              && gimple_assign_rhs_code (s) == MINUS_EXPR
              && gimple_assign_rhs1 (s) == index
              && VAR_P (gimple_assign_rhs2 (s)))
            diff = s;
        }
      else if (!move)
        {
          if (!is_gimple_call (s) || gimple_call_num_args (s) != 2
              || gimple_call_arg (s, 1) != gimple_assign_lhs (diff)
              || TREE_CODE (gimple_call_arg (s, 0)) != ADDR_EXPR
              || !VAR_P (TREE_OPERAND (gimple_call_arg (s, 0), 0)))
            return NULL_TREE;
          move = s;
        }
      else
        {
          if (!is_gimple_assign (s) || gimple_assign_rhs1 (s) != index
              || gimple_assign_lhs (s) != gimple_assign_rhs2 (diff))
            return NULL_TREE;
          keep = s;
          break;
        }
    }
  if (!keep)
    return NULL_TREE;
  tree it = TREE_OPERAND (gimple_call_arg (move, 0), 0);
  tree last = gimple_assign_rhs2 (diff);
  if (!starts_at_zero (pre, last))
    return NULL_TREE;
  *begin = create_tmp_var_raw (TREE_TYPE (it), "scan_begin");
  /* The iterator and the last index, locals of the body's own; the
     iterator set from BEGIN before it moves.  */
  auto_vec<tree> locals;
  hash_map<tree, tree> map;
  for (tree v : { it, last })
    {
      tree local = create_tmp_var_raw (TREE_TYPE (v), "scan_carried");
      DECL_CONTEXT (local) = current_function_decl;
      TREE_ADDRESSABLE (local) = TREE_ADDRESSABLE (v);
      locals.safe_push (local);
      map.put (v, local);
    }
  gimple_assign_set_rhs2 (diff, build_zero_cst (TREE_TYPE (last)));
  for (gimple_stmt_iterator g = gsi_start (phases); !gsi_end_p (g);
       gsi_next (&g))
    if (gsi_stmt (g) == diff)
      {
        gsi_insert_after (&g, gimple_build_assign (*map.get (it), *begin),
                          GSI_SAME_STMT);
        break;
      }
  walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &map;
  walk_gimple_seq_mod (body, NULL, scanomp_replace_vars, &wi);
  scan_declare_around (body, locals);
  return it;
}
