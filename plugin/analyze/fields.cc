/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fields.cc: reads of a struct's fields that the loop does not set, made
   variables of the plugin's own.  An array is often reached through a
   struct: a pointer member (`s.p[i]', `s->p[i]'), a C++ container's
   storage (`v._M_impl._M_start', once inline.cc has read `v[i]'), a
   Fortran array's descriptor, or one inside a derived type's component
   (`wlk%w(i)'):

     D.1 = b.data;  D.2 = b.offset;  D.3 = D.2 + (long) i;
     MEM <integer(kind=4)[0:]> [(integer(kind=4)[0:] *) D.1][D.3] = s;

   A struct with a pointer in it is nothing the kernels can hold.  In the
   body the kernels and the host path read (a copy, where GCC may yet run
   the loop as it stands), each read of a scalar or pointer field of a
   struct the body does not set becomes a variable, set to it where the
   call is made (lower/call.cc): the data pointer is then a plain
   pointer, an array's base, and the offset a plain scalar.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "langhooks.h"
#include "fold-const.h"
#include "gimplify.h"
#include "stringpool.h"

#include "analyze/reader.h"

/* Whether TYPE is gfortran's array descriptor: a struct whose first
   field is `data'.  */
static bool
is_descriptor (tree type)
{
  return (TREE_CODE (type) == RECORD_TYPE && TYPE_FIELDS (type)
          && DECL_NAME (TYPE_FIELDS (type))
          && !strcmp (IDENTIFIER_POINTER (DECL_NAME (TYPE_FIELDS (type))),
                      "data"));
}

/* T less its members and constant subscripts, and the struct they are
   of: `s' for `s.p[2].q', `*s' for `s->p'.  */
static tree
struct_ref_of (tree t)
{
  while (TREE_CODE (t) == COMPONENT_REF
         || (TREE_CODE (t) == ARRAY_REF
             && TREE_CODE (TREE_OPERAND (t, 1)) == INTEGER_CST))
    t = TREE_OPERAND (t, 0);
  return t;
}

/* The variable or dummy argument whose struct field T reads, directly
   or through a pointer to it (`s.p', `s->p', `b->dim[0].stride',
   `wlk->w.data'), or NULL_TREE.  */
static tree
struct_of (tree t)
{
  if (TREE_CODE (t) != COMPONENT_REF)
    return NULL_TREE;
  tree d = struct_ref_of (t);
  tree type = TREE_TYPE (d);
  if (TREE_CODE (d) == MEM_REF && integer_zerop (TREE_OPERAND (d, 1)))
    d = TREE_OPERAND (d, 0);
  if ((!VAR_P (d) && TREE_CODE (d) != PARM_DECL)
      || !RECORD_OR_UNION_TYPE_P (type))
    return NULL_TREE;
  return d;
}

/* The variable a store to T or an address T sets: T less its members,
   subscripts and dereferences.  */
static tree
set_root (tree t)
{
  for (;;)
    if (handled_component_p (t) || TREE_CODE (t) == ADDR_EXPR
        || TREE_CODE (t) == MEM_REF)
      t = TREE_OPERAND (t, 0);
    else
      return DECL_P (t) ? t : NULL_TREE;
}

/* The name of the variable standing for T, a read of D's field, as the
   kernels' parameters and the messages name it: a Fortran descriptor's
   array (the variable, or the component that holds the descriptor); a
   member's own name; or, for a member a library keeps to itself
   (`_M_start') or one without a name (a base class), D's.  */
static tree
name_of (tree t, tree d)
{
  for (tree x = TREE_OPERAND (t, 0); ; x = TREE_OPERAND (x, 0))
    {
      if (is_descriptor (TREE_TYPE (x)))
        return TREE_CODE (x) == COMPONENT_REF
               ? DECL_NAME (TREE_OPERAND (x, 1)) : DECL_NAME (d);
      if (TREE_CODE (x) != COMPONENT_REF && TREE_CODE (x) != ARRAY_REF)
        break;
    }
  tree field = TREE_OPERAND (t, 1);
  tree name = DECL_NAME (field);
  if (name && !DECL_ARTIFICIAL (field) && IDENTIFIER_POINTER (name)[0] != '_')
    return name;
  return DECL_NAME (d);
}

/* A MEM_REF through the address of a variable, at offset 0 and of its
   type, is the variable: `this->x' where `this' is `&it'.  */
static tree
fold_deref (tree t)
{
  if (TREE_CODE (t) == MEM_REF && integer_zerop (TREE_OPERAND (t, 1))
      && TREE_CODE (TREE_OPERAND (t, 0)) == ADDR_EXPR)
    {
      tree v = TREE_OPERAND (TREE_OPERAND (t, 0), 0);
      if (TYPE_MAIN_VARIANT (TREE_TYPE (v)) == TYPE_MAIN_VARIANT (TREE_TYPE (t))
          && !TREE_THIS_VOLATILE (t))
        return v;
    }
  return t;
}

/* walk_tree callback: fold what a substituted address made a
   dereference of a variable.  */
static tree
fold_derefs (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (handled_component_p (*tp) || TREE_CODE (*tp) == MEM_REF)
    {
      tree *inner = tp;
      while (handled_component_p (*inner))
        inner = &TREE_OPERAND (*inner, 0);
      *inner = fold_deref (*inner);
    }
  return NULL_TREE;
}

void
scan_fold_derefs (gimple *s)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  walk_gimple_op (s, fold_derefs, &wi);
}

/* What the walks below share: the variables the body assigns (or
   passes a call the address of), those whose address it takes or whose
   pointer it uses otherwise than to read a field, the loop, whether it
   calls a function that may write memory, and how many reads became
   variables.  */
struct field_walk
{
  hash_set<tree> set;
  hash_set<tree> escaped;
  scan_loop *l;
  bool calls;
  unsigned found;
};

/* walk_tree callback: note in DATA's set the variable a store to *TP or
   the address *TP sets.  */
static tree
note_set (tree *tp, int *walk_subtrees, void *data)
{
  *walk_subtrees = 0;
  if (tree d = set_root (*tp))
    ((field_walk *) data)->set.add (d);
  return NULL_TREE;
}

/* walk_tree callback: note in DATA's escaped set a struct whose address
   *TP takes, and a pointer to a struct that *TP uses otherwise than to
   read a field (`w != 0', for Fortran's `present (w)'): its fields may
   be read only where it is not null, and stay where the body reads
   them.  */
static tree
note_bare (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  field_walk *w = (field_walk *) wi->info;
  if (TYPE_P (*tp) || struct_of (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == ADDR_EXPR)
    {
      if (tree d = set_root (*tp))
        w->escaped.add (d);
    }
  else if ((TREE_CODE (*tp) == PARM_DECL || VAR_P (*tp))
           && POINTER_TYPE_P (TREE_TYPE (*tp))
           && RECORD_OR_UNION_TYPE_P (TREE_TYPE (TREE_TYPE (*tp))))
    w->escaped.add (*tp);
  return NULL_TREE;
}

/* Whether W may make read T of D's field a variable: the body does not
   set D, take its address or use its pointer otherwise; and where it
   calls a function that may write memory, D is a descriptor (Fortran's
   dummies do not alias) or a variable of the function's own, read
   directly, whose address is not taken.  */
static bool
hoistable (field_walk *w, tree t, tree d)
{
  if (w->set.contains (d) || w->escaped.contains (d) || TREE_THIS_VOLATILE (t))
    return false;
  if (!w->calls || is_descriptor (TREE_TYPE (struct_ref_of (t))))
    return true;
  return (TREE_CODE (struct_ref_of (t)) != MEM_REF && !TREE_ADDRESSABLE (d)
          && (TREE_CODE (d) == PARM_DECL || !is_global_var (d)));
}

/* walk_gimple_op callback: a read of a field of scalar or pointer type
   of a struct the body does not set becomes its variable in the loop's
   field_reads, made at the first; or, without a loop, is counted.  */
static tree
hoist_read (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  field_walk *w = (field_walk *) wi->info;
  if (TYPE_P (*tp))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  tree d = struct_of (*tp);
  tree type = TREE_TYPE (*tp);
  if (!d || (!INTEGRAL_TYPE_P (type) && !POINTER_TYPE_P (type))
      || !hoistable (w, *tp, d))
    return NULL_TREE;
  *walk_subtrees = 0;
  w->found++;
  if (!w->l)
    return NULL_TREE;
  vec<tree> &reads = w->l->field_reads;
  for (unsigned k = 0; k < reads.length (); k += 2)
    if (operand_equal_p (reads[k + 1], *tp, 0))
      {
        *tp = reads[k];
        return NULL_TREE;
      }
  tree v = create_tmp_var_raw (type, NULL);
  DECL_NAME (v) = name_of (*tp, d);
  reads.safe_push (v);
  reads.safe_push (unshare_expr (*tp));
  *tp = v;
  return NULL_TREE;
}

/* Note in W what BODY sets and lets escape, and whether it calls a
   function that may write memory.  */
static void
note_sets (gimple_seq body, field_walk *w)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = w;
  walk_gimple_seq (body, [] (gimple_stmt_iterator *g, bool *,
                             walk_stmt_info *wi) -> tree {
      gimple *s = gsi_stmt (*g);
      field_walk *w = (field_walk *) wi->info;
      if (tree lhs = gimple_get_lhs (s))
        walk_tree (&lhs, note_set, w, NULL);
      if (is_gimple_call (s) && !gimple_call_internal_p (s)
          && !(gimple_call_flags (s) & (ECF_CONST | ECF_PURE)))
        w->calls = true;
      if (gimple_code (s) == GIMPLE_ASM)
        w->calls = true;
      return NULL_TREE;
    }, note_bare, &wi);
}

/* Walk BODY's field reads with W, after noting what it sets.  */
static void
walk_reads (gimple_seq body, field_walk *w)
{
  note_sets (body, w);
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = w;
  walk_gimple_seq (body, NULL, hoist_read, &wi);
}

/* Into AT, an iterator at each statement of *SEQ that is no scope, try
   or inscan phase, through those.  */
static void
statements (gimple_seq *seq, vec<gimple_stmt_iterator> *at)
{
  scanomp_walk (seq, [&] (gimple_stmt_iterator *g) {
      switch (gimple_code (gsi_stmt (*g)))
        {
        case GIMPLE_BIND:
        case GIMPLE_TRY:
        case GIMPLE_OMP_SCAN:
          return WALK_INTO;
        default:
          at->safe_push (*g);
          return WALK_PAST;
        }
    });
}

/* How a body uses its variables: how many times it assigns each, and
   those it uses otherwise than as the address a MEM_REF reads through;
   and the temporaries to be replaced by their values.  */
struct temp_uses
{
  hash_map<tree, int> sets;
  hash_set<tree> other;
  hash_map<tree, tree> value;
};

/* walk_tree callback: note in DATA, a temp_uses, a variable *TP uses
   otherwise than as a MEM_REF's address.  */
static tree
note_use (tree *tp, int *walk_subtrees, void *data)
{
  temp_uses *u = (temp_uses *) data;
  if (TYPE_P (*tp)
      || (TREE_CODE (*tp) == MEM_REF && VAR_P (TREE_OPERAND (*tp, 0))))
    *walk_subtrees = 0;
  else if (VAR_P (*tp))
    u->other.add (*tp);
  return NULL_TREE;
}

/* walk_tree callback: replace the address of a MEM_REF that is a
   temporary of DATA's (a temp_uses) by its value.  */
static tree
replace_base (tree *tp, int *walk_subtrees, void *data)
{
  temp_uses *u = (temp_uses *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == MEM_REF)
    if (tree *v = u->value.get (TREE_OPERAND (*tp, 0)))
      TREE_OPERAND (*tp, 0) = unshare_expr (*v);
  return NULL_TREE;
}

/* Whether V may be the address of a MEM_REF in every iteration of a
   body that sets what W notes: the address of a variable or of its part
   at constant subscripts, through a pointer the body does not set; or a
   pointer variable of the function's own the body does not set.  */
static bool
invariant_address (field_walk *w, tree v)
{
  if (TREE_CODE (v) != ADDR_EXPR)
    return ((VAR_P (v) || TREE_CODE (v) == PARM_DECL)
            && POINTER_TYPE_P (TREE_TYPE (v)) && !is_global_var (v)
            && !TREE_ADDRESSABLE (v) && !w->set.contains (v));
  tree t = struct_ref_of (TREE_OPERAND (v, 0));
  if (TREE_CODE (t) == MEM_REF && integer_zerop (TREE_OPERAND (t, 1)))
    t = TREE_OPERAND (t, 0);
  else if (!DECL_P (t))
    return false;
  return ((VAR_P (t) || TREE_CODE (t) == PARM_DECL)
          && (DECL_P (TREE_OPERAND (v, 0)) || !w->set.contains (t)));
}

/* In *BODY, which sets what W notes, replace each temporary GCC made of
   an address the same in every iteration (invariant_address: `D.5 =
   &this->x', `D.6 = p', a field read made a variable), used only as the
   address of MEM_REFs, by that address, and drop its assignment, so that
   the fields read through it are seen as read from their struct.
   Whether any was.  */
static bool
propagate (gimple_seq *body, field_walk *w)
{
  auto_vec<gimple_stmt_iterator> at;
  statements (body, &at);
  temp_uses u;
  for (gimple_stmt_iterator &g : at)
    {
      gimple *s = gsi_stmt (g);
      tree lhs = gimple_get_lhs (s);
      if (lhs && VAR_P (lhs))
        {
          bool existed;
          int &n = u.sets.get_or_insert (lhs, &existed);
          n = existed ? n + 1 : 1;
        }
      for (unsigned k = 0; k < gimple_num_ops (s); k++)
        if (gimple_op (s, k) && !(gimple_op (s, k) == lhs && VAR_P (lhs)))
          walk_tree (gimple_op_ptr (s, k), note_use, &u, NULL);
    }
  auto_vec<unsigned> defs;
  for (unsigned k = 0; k < at.length (); k++)
    {
      gimple *s = gsi_stmt (at[k]);
      tree lhs = gimple_assign_single_p (s) ? gimple_assign_lhs (s)
                                            : NULL_TREE;
      if (lhs && VAR_P (lhs) && DECL_ARTIFICIAL (lhs)
          && !TREE_ADDRESSABLE (lhs) && !is_global_var (lhs)
          && *u.sets.get (lhs) == 1 && !u.other.contains (lhs)
          && invariant_address (w, gimple_assign_rhs1 (s)))
        {
          u.value.put (lhs, gimple_assign_rhs1 (s));
          defs.safe_push (k);
        }
    }
  if (defs.is_empty ())
    return false;
  for (unsigned k = 0, d = 0; k < at.length (); k++)
    if (d < defs.length () && defs[d] == k)
      {
        gsi_replace (&at[k], gimple_build_nop (), false);
        d++;
      }
    else
      {
        gimple *s = gsi_stmt (at[k]);
        /* An address that is itself a replaced temporary: a round
           each.  */
        for (unsigned i = 0; i < gimple_num_ops (s); i++)
          if (gimple_op (s, i))
            walk_tree (gimple_op_ptr (s, i), replace_base, &u, NULL);
        scan_fold_derefs (s);
      }
  return true;
}

/* walk_tree callback: whether *TP reads a field.  */
static tree
find_field (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == COMPONENT_REF)
    return *tp;
  return NULL_TREE;
}

bool
scan_field_reads (gimple_seq body)
{
  /* Any field read at all: a copy of the body is cheap, and what
     propagate finds is known only once it has run.  */
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  return walk_gimple_seq (body, NULL, find_field, &wi) != NULL;
}

void
scan_hoist_field_reads (scan_loop *l, gimple_seq *body)
{
  /* Reads through temporaries, and of fields of structs reached through
     fields (`__closure->__in->_M_impl._M_start'), a level a round.  */
  for (int round = 0; round < 6; round++)
    {
      field_walk w;
      w.l = l;
      w.calls = false;
      w.found = 0;
      note_sets (*body, &w);
      bool changed = propagate (body, &w);
      field_walk again;
      again.l = l;
      again.calls = false;
      again.found = 0;
      walk_reads (*body, &again);
      if (!changed && !again.found)
        break;
    }
}
