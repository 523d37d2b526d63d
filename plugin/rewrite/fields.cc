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
   pointer, an array's base, and the offset a plain scalar; so does the
   address of an array that is a member (`s.a[i]', std::array's).

   To see those reads, the body is first read through what GCC and
   inline.cc leave between them, a round at a time: temporaries of an
   address (`D.5 = &this->x; D.5->_M_start'), an element through its
   address (`D.6 = &a[i]; x = *D.6'), a field through copies of a struct
   of the body's own (an iterator returned by value), and a load through
   a choice of two addresses (std::max's) as a choice of two loads.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "langhooks.h"
#include "fold-const.h"
#include "gimplify.h"
#include "stringpool.h"

#include "rewrite/rewrite.h"

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

/* The variable or dummy argument whose struct field T reads, directly
   or through a pointer to it (`s.p', `s->p', `b->dim[0].stride',
   `wlk->w.data'), or NULL_TREE.  */
static tree
struct_of (tree t)
{
  if (TREE_CODE (t) != COMPONENT_REF)
    return NULL_TREE;
  tree d = scan_struct_ref_of (t);
  tree type = TREE_TYPE (d);
  if (TREE_CODE (d) == MEM_REF && integer_zerop (TREE_OPERAND (d, 1)))
    d = TREE_OPERAND (d, 0);
  if ((!VAR_P (d) && TREE_CODE (d) != PARM_DECL)
      || !RECORD_OR_UNION_TYPE_P (type))
    return NULL_TREE;
  return d;
}

/* The name of the variable standing for T, a read of D's field, as the
   kernels' parameters and the messages name it: a Fortran descriptor's
   array (the variable, or the component that holds the descriptor); the
   outermost member with a name of the user's (`balance' for
   `this->balance._M_impl._M_start', a member a library keeps to itself
   or a base class having none); or D's.  */
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
  tree name = NULL_TREE;
  for (tree x = t; TREE_CODE (x) == COMPONENT_REF || TREE_CODE (x) == ARRAY_REF;
       x = TREE_OPERAND (x, 0))
    if (TREE_CODE (x) == COMPONENT_REF)
      {
        tree field = TREE_OPERAND (x, 1);
        tree n = DECL_NAME (field);
        if (n && !DECL_ARTIFICIAL (field) && IDENTIFIER_POINTER (n)[0] != '_')
          name = n;
      }
  return name ? name : DECL_NAME (d);
}

/* What the walks below share: the variables the body assigns (or
   passes a call the address of), those whose address it takes or whose
   pointer it uses otherwise than to read a field, the loop, whether it
   calls a function that may write memory, and how many reads became
   variables.  */
struct field_walk
{
  hash_set<tree> set;
  hash_set<tree> whole;        /* of SET, those any of which may be set */
  auto_vec<tree> parts;        /* the rest: each, then the fields its
                                  store is confined to (field_path),
                                  then NULL_TREE */
  hash_set<tree> assigned;     /* variables assigned themselves */
  hash_set<tree> escaped;
  scan_loop *l;
  bool calls;
  unsigned found;
};

/* Into PATH, the fields, outermost first, through which T, a store, an
   address or a read, reaches into the struct D (or *D) by members and
   subscripts alone (`d->in.y[i]': `in', `y'); false where T may reach
   any of D (D itself, a union's member, memory through a pointer D
   holds).  */
static bool
field_path (tree t, tree d, auto_vec<tree> *path)
{
  if (TREE_CODE (t) == ADDR_EXPR)
    t = TREE_OPERAND (t, 0);
  for (;; t = TREE_OPERAND (t, 0))
    switch (TREE_CODE (t))
      {
      case COMPONENT_REF:
        if (TREE_CODE (TREE_TYPE (TREE_OPERAND (t, 0))) != RECORD_TYPE)
          return false;
        path->safe_push (TREE_OPERAND (t, 1));
        break;
      case ARRAY_REF:
        break;
      case MEM_REF:
        if (TREE_OPERAND (t, 0) != d || !integer_zerop (TREE_OPERAND (t, 1)))
          return false;
        path->reverse ();
        return !path->is_empty ();
      default:
        path->reverse ();
        return t == d && !path->is_empty ();
      }
}

/* Whether the fields of path A and those from START in PARTS, up to a
   NULL_TREE, may overlap: one leads into the other.  */
static bool
paths_meet (const vec<tree> &a, const vec<tree> &parts, unsigned start)
{
  for (unsigned k = 0; k < a.length () && parts[start + k]; k++)
    if (a[k] != parts[start + k])
      return false;
  return true;
}

/* walk_tree callback: note in DATA's set the variable a store to *TP or
   the address *TP sets, and in its parts the fields it is confined to
   (else in its whole): hoist_read may yet change *TP.  */
static tree
note_set (tree *tp, int *walk_subtrees, void *data)
{
  field_walk *w = (field_walk *) data;
  *walk_subtrees = 0;
  if (tree d = scan_set_root (*tp))
    {
      w->set.add (d);
      auto_vec<tree> path;
      if (field_path (*tp, d, &path))
        {
          w->parts.safe_push (d);
          w->parts.safe_splice (path);
          w->parts.safe_push (NULL_TREE);
        }
      else
        w->whole.add (d);
    }
  return NULL_TREE;
}

/* Whether the body W notes may set T, a read of D's field: a store to
   another field of D (`t%y(i) = s' beside a read of `t%x''s descriptor)
   does not.  */
static bool
may_set (field_walk *w, tree t, tree d)
{
  if (w->whole.contains (d))
    return true;
  auto_vec<tree> read;
  bool confined = field_path (t, d, &read);
  for (unsigned k = 0; k < w->parts.length (); k++)
    {
      if (w->parts[k] == d
          && (!confined || paths_meet (read, w->parts, k + 1)))
        return true;
      while (w->parts[k + 1])
        k++;
      k++;
    }
  return false;
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
      if (tree d = scan_set_root (*tp))
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
  if (may_set (w, t, d) || w->escaped.contains (d) || TREE_THIS_VOLATILE (t))
    return false;
  if (!w->calls || is_descriptor (TREE_TYPE (scan_struct_ref_of (t))))
    return true;
  return (TREE_CODE (scan_struct_ref_of (t)) != MEM_REF && !TREE_ADDRESSABLE (d)
          && (TREE_CODE (d) == PARM_DECL || !is_global_var (d)));
}

/* The variable of L's field_reads standing for E, named NAME, made the
   first time.  */
static tree
read_var_of (scan_loop *l, tree e, tree name)
{
  vec<tree> &reads = l->field_reads;
  for (unsigned k = 0; k < reads.length (); k += 2)
    if (operand_equal_p (reads[k + 1], e, 0))
      return reads[k];
  tree v = create_tmp_var_raw (TREE_TYPE (e), NULL);
  DECL_NAME (v) = name;
  reads.safe_push (v);
  reads.safe_push (unshare_expr (e));
  return v;
}

/* The variable of W's loop standing for E, made the first time; or,
   without a loop, NULL_TREE, E being counted.  */
static tree
read_var (field_walk *w, tree e, tree name)
{
  w->found++;
  return w->l ? read_var_of (w->l, e, name) : NULL_TREE;
}

/* Whether the address of T, an array that is a field of D, is the same
   in every iteration of the body W notes: D is a variable, or a pointer
   the body does not assign, whose address does not escape (to a call
   that may write memory, for a global one).  */
static bool
invariant_member (field_walk *w, tree t, tree d)
{
  if (TREE_CODE (scan_struct_ref_of (t)) != MEM_REF)
    return true;
  return (!w->assigned.contains (d) && !TREE_ADDRESSABLE (d)
          && !(w->calls && is_global_var (d)));
}

/* walk_gimple_op callback: a read of a field of scalar or pointer type
   of a struct the body does not set becomes its variable in the loop's
   field_reads, made at the first; so does the address of an array that
   is a field (`s.a[i]', `s->a[i]', a std::array's elements), the element
   then read through it; without a loop, each is counted.  */
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
  if (TREE_CODE (*tp) == ARRAY_REF
      && TREE_CODE (TREE_TYPE (TREE_OPERAND (*tp, 0))) == ARRAY_TYPE)
    {
      tree a = TREE_OPERAND (*tp, 0);
      tree d = struct_of (a);
      if (d && invariant_member (w, a, d))
        {
          tree v = read_var (w, build_fold_addr_expr (a), name_of (a, d));
          if (v)
            TREE_OPERAND (*tp, 0)
              = build2 (MEM_REF, TREE_TYPE (a), v,
                        build_int_cst (reference_alias_ptr_type (a), 0));
        }
      return NULL_TREE;
    }
  tree d = struct_of (*tp);
  tree type = TREE_TYPE (*tp);
  if (!d || (!INTEGRAL_TYPE_P (type) && !POINTER_TYPE_P (type))
      || !hoistable (w, *tp, d))
    return NULL_TREE;
  *walk_subtrees = 0;
  if (tree v = read_var (w, *tp, name_of (*tp, d)))
    *tp = v;
  return NULL_TREE;
}

/* Note in W what BODY sets and lets escape, and whether it calls a
   function that may write memory (not a math built-in, which sets errno
   alone, nor one whose body, read through inline.cc, stores to its own
   variables alone).  */
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
        {
          walk_tree (&lhs, note_set, w, NULL);
          if (DECL_P (lhs) || TREE_CODE (lhs) == SSA_NAME)
            w->assigned.add (lhs);
        }
      if (is_gimple_call (s) && !gimple_call_internal_p (s)
          && !(gimple_call_flags (s) & (ECF_CONST | ECF_PURE))
          && !scanomp_math_function (gimple_call_fndecl (s))
          && !scan_callee_keeps_to_itself (gimple_call_fndecl (s)))
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

/* walk_tree callback: whether *TP reads a field, into DATA's info.  */
static tree
find_field (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == COMPONENT_REF)
    {
      *(bool *) ((struct walk_stmt_info *) data)->info = true;
      return *tp;
    }
  return NULL_TREE;
}

/* walk_tree callback: whether *TP is DATA.  */
static tree
find_var (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return *tp == (tree) data ? *tp : NULL_TREE;
}

/* The one statement of BODY that assigns T, or NULL.  */
static gimple *
only_def (gimple_seq body, tree t)
{
  gimple *def = NULL;
  unsigned defs = 0;
  scanomp_walk (&body, [&] (gimple_stmt_iterator *g) {
      if (gimple_get_lhs (gsi_stmt (*g)) == t)
        def = gsi_stmt (*g), defs++;
      return WALK_INTO;
    });
  return defs == 1 ? def : NULL;
}

/* The read of a struct's field that T, a variable of L's field_reads or
   a temporary that *BODY sets to one once, stands for; or NULL_TREE.  */
static tree
field_read_of (scan_loop *l, gimple_seq body, tree t)
{
  for (unsigned k = 0; k < l->field_reads.length (); k += 2)
    if (l->field_reads[k] == t)
      return l->field_reads[k + 1];
  gimple *def = only_def (body, t);
  if (!def || !gimple_assign_single_p (def)
      || TREE_CODE (gimple_assign_rhs1 (def)) == SSA_NAME)
    return NULL_TREE;
  tree from = gimple_assign_rhs1 (def);
  for (unsigned k = 0; k < l->field_reads.length (); k += 2)
    if (l->field_reads[k] == from)
      return l->field_reads[k + 1];
  return NULL_TREE;
}

/* Make the assignment in BODY of T, a temporary that BODY no longer
   reads, nothing: a copy of a pointer fold_differences has read.  */
static void
drop_if_unused (gimple_seq body, tree t)
{
  if (!VAR_P (t) || !DECL_ARTIFICIAL (t))
    return;
  unsigned uses = 0;
  gimple_stmt_iterator def = gsi_none ();
  scanomp_walk (&body, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      if (gimple_get_lhs (s) == t)
        def = *g;
      else
        for (unsigned k = 0; k < gimple_num_ops (s); k++)
          if (gimple_op (s, k)
              && walk_tree (gimple_op_ptr (s, k), find_var, t, NULL))
            uses++;
      return WALK_INTO;
    });
  if (!uses && !gsi_end_p (def))
    gsi_replace (&def, gimple_build_nop (), false);
}

/* The pointer, BASE's answer, that T is moved by a number of bytes,
   through the temporaries BODY sets once (`D.3 = D.2 + D.1', as an
   iterator's `it + k' or a loop's pointer `a + k'); the bytes, a
   constant or such a temporary, go on OFFSETS.  Or NULL_TREE.  */
template <typename base_fn>
static tree
moved_pointer (gimple_seq body, tree t, vec<tree> *offsets, base_fn base)
{
  for (int depth = 0; depth < 8; depth++)
    {
      if (tree r = base (t))
        return r;
      gimple *def = VAR_P (t) ? only_def (body, t) : NULL;
      if (!def || !is_gimple_assign (def))
        return NULL_TREE;
      if (gimple_assign_single_p (def)
          && VAR_P (gimple_assign_rhs1 (def)))
        t = gimple_assign_rhs1 (def);
      else if (gimple_assign_rhs_code (def) == POINTER_PLUS_EXPR)
        {
          tree o = gimple_assign_rhs2 (def);
          if (!CONSTANT_CLASS_P (o) && !(VAR_P (o) && only_def (body, o)))
            return NULL_TREE;
          offsets->safe_push (o);
          t = gimple_assign_rhs1 (def);
        }
      else
        return NULL_TREE;
    }
  return NULL_TREE;
}

/* Make the difference of two pointers at G in BODY FROM (of its type)
   plus the bytes PLUS less the bytes MINUS, a statement each, in new
   temporaries put on LOCALS; drop the temporaries the difference read,
   where nothing else does.  */
static void
moved_difference (gimple_seq body, gimple_stmt_iterator *g, tree from,
                  const vec<tree> &plus, const vec<tree> &minus,
                  vec<tree> *locals)
{
  gimple *s = gsi_stmt (*g);
  tree type = TREE_TYPE (gimple_assign_lhs (s));
  tree ops[2] = { gimple_assign_rhs1 (s), gimple_assign_rhs2 (s) };
  tree sum = from;
  for (int side = 0; side < 2; side++)
    for (tree o : side ? minus : plus)
      {
        tree c = create_tmp_var_raw (type, "scan_moved");
        tree t = create_tmp_var_raw (type, "scan_moved");
        DECL_CONTEXT (c) = DECL_CONTEXT (t) = current_function_decl;
        locals->safe_push (c);
        locals->safe_push (t);
        gimple *conv = gimple_build_assign (c, NOP_EXPR, o);
        gimple *add = gimple_build_assign (t, side ? MINUS_EXPR : PLUS_EXPR,
                                           sum, c);
        gsi_insert_before (g, conv, GSI_SAME_STMT);
        gsi_insert_before (g, add, GSI_SAME_STMT);
        sum = t;
      }
  gimple_assign_set_rhs_from_tree (g, sum);
  for (tree t : ops)
    drop_if_unused (body, t);
}

/* In BODY, make each difference of two pointers that are reads of
   structs' fields (`end - begin' of a container's size ()) a variable of
   L's field_reads too: the kernels and the host path carry a pointer
   only as an array's base, never as a value.  Where the reads are moved
   by bytes the body computes (`it - v.begin ()', the iterator the index
   moves), the difference of the reads plus those bytes, in new
   temporaries put on LOCALS.  */
static void
fold_differences (scan_loop *l, gimple_seq body, vec<tree> *locals)
{
  scanomp_walk (&body, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      if (!is_gimple_assign (s)
          || gimple_assign_rhs_code (s) != POINTER_DIFF_EXPR)
        return WALK_INTO;
      auto_vec<tree> plus, minus;
      auto read = [&] (tree t) { return field_read_of (l, body, t); };
      tree a = moved_pointer (body, gimple_assign_rhs1 (s), &plus, read);
      tree b = moved_pointer (body, gimple_assign_rhs2 (s), &minus, read);
      if (!a || !b)
        return WALK_INTO;
      tree type = TREE_TYPE (gimple_assign_lhs (s));
      tree e = build2 (POINTER_DIFF_EXPR, type, unshare_expr (a),
                       unshare_expr (b));
      moved_difference (body, g, read_var_of (l, e, get_identifier ("size")),
                        plus, minus, locals);
      return WALK_INTO;
    });
}

bool
scan_fold_same_base (gimple_seq *body)
{
  auto_vec<tree> locals;
  scanomp_walk (body, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      if (!is_gimple_assign (s)
          || gimple_assign_rhs_code (s) != POINTER_DIFF_EXPR)
        return WALK_INTO;
      auto_vec<tree> plus, minus;
      auto unset = [&] (tree t) -> tree {
        if (TREE_CODE (t) != PARM_DECL && !VAR_P (t))
          return NULL_TREE;
        bool set = false;
        scanomp_walk (body, [&] (gimple_stmt_iterator *h) {
            if (gimple_get_lhs (gsi_stmt (*h)) == t)
              set = true;
            return set ? WALK_STOP : WALK_INTO;
          });
        return set ? NULL_TREE : t;
      };
      tree a = moved_pointer (*body, gimple_assign_rhs1 (s), &plus, unset);
      tree b = moved_pointer (*body, gimple_assign_rhs2 (s), &minus, unset);
      if (!a || a != b)
        return WALK_INTO;
      tree type = TREE_TYPE (gimple_assign_lhs (s));
      moved_difference (*body, g, build_int_cst (type, 0), plus, minus,
                        &locals);
      return WALK_INTO;
    });
  scan_declare_around (body, locals);
  return !locals.is_empty ();
}

bool
scan_field_reads (gimple_seq body)
{
  /* Any field read at all: a copy of the body is cheap, and what
     forward.cc finds is known only once it has run.  So does a choice
     between two addresses (std::max's), which forward.cc reads as a
     choice of loads, a variable's address in a temporary (`D.2 = &b;
     x = *D.2', C++'s `c ? b : x[i]' of lvalues), which it reads as the
     variable, and an address chosen in branches (`T = x + k; goto J'),
     whose reads it copies into each.  */
  bool found = false;
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &found;
  walk_gimple_seq (body, [] (gimple_stmt_iterator *g, bool *,
                             walk_stmt_info *wi) -> tree {
      gimple *s = gsi_stmt (*g);
      if (is_gimple_assign (s) && gimple_assign_rhs_code (s) == COND_EXPR
          && POINTER_TYPE_P (TREE_TYPE (gimple_assign_lhs (s))))
        *(bool *) wi->info = true;
      if (gimple_assign_single_p (s)
          && TREE_CODE (gimple_assign_rhs1 (s)) == ADDR_EXPR
          && DECL_P (TREE_OPERAND (gimple_assign_rhs1 (s), 0)))
        *(bool *) wi->info = true;
      gimple_stmt_iterator before = *g;
      gsi_prev (&before);
      if (gimple_code (s) == GIMPLE_GOTO && !gsi_end_p (before)
          && is_gimple_assign (gsi_stmt (before))
          && POINTER_TYPE_P (TREE_TYPE (gimple_assign_lhs
                                        (gsi_stmt (before)))))
        *(bool *) wi->info = true;
      return NULL_TREE;
    }, find_field, &wi);
  return found;
}

void
scan_hoist_field_reads (scan_loop *l, gimple_seq *body)
{
  /* Reads through temporaries, and of fields of structs reached through
     fields (`__closure->__in->_M_impl._M_start'), a level a round.  */
  auto_vec<tree> locals;
  for (int round = 0; round < 6; round++)
    {
      field_walk w;
      w.l = l;
      w.calls = false;
      w.found = 0;
      note_sets (*body, &w);
      bool changed = scan_forward_round (body, w.set, &locals);
      field_walk again;
      again.l = l;
      again.calls = false;
      again.found = 0;
      walk_reads (*body, &again);
      if (!changed && !again.found)
        break;
    }
  if (l)
    fold_differences (l, *body, &locals);
  scan_declare_around (body, locals);
}
