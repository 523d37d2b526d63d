/* SPDX-License-Identifier: GPL-3.0-or-later */
/* forward.cc: a loop body read through what GCC and inline.cc leave
   between a value and its use, so that fields.cc sees the fields a body
   reads and the analysis the elements: a round at a time, temporaries of
   an address (`D.5 = &this->x; D.5->_M_start', `D.6 = &a[i]; x = *D.6')
   are replaced by the address, a field is read through copies of a
   struct of the body's own (an iterator returned by value) from the
   value stored to it, and a load through a choice of two addresses
   (std::max's) becomes the choice of two loads, and what reads an
   address chosen in branches (C++'s `c ? x[i] : w[i]' of lvalues) is
   copied into each branch; temporaries that nothing reads go.  Each
   rewrites the body the analysis reads: a copy, where GCC may yet run
   the loop as it stands.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "fold-const.h"
#include "gimplify.h"

#include "rewrite/rewrite.h"

/* T less its members and constant subscripts, and the struct they are
   of: `s' for `s.p[2].q', `*s' for `s->p'.  */
tree
scan_struct_ref_of (tree t)
{
  while (TREE_CODE (t) == COMPONENT_REF
         || (TREE_CODE (t) == ARRAY_REF
             && TREE_CODE (TREE_OPERAND (t, 1)) == INTEGER_CST))
    t = TREE_OPERAND (t, 0);
  return t;
}

/* The variable a store to T or an address T sets: T less its members,
   subscripts and dereferences.  */
tree
scan_set_root (tree t)
{
  for (;;)
    if (handled_component_p (t) || TREE_CODE (t) == ADDR_EXPR
        || TREE_CODE (t) == MEM_REF)
      t = TREE_OPERAND (t, 0);
    else
      return DECL_P (t) ? t : NULL_TREE;
}

/* The member of OBJ, a struct, at its offset 0 and of TYPE, through
   such members DEPTH deep: C++'s base class subobject (`__shared_ptr'
   in a `shared_ptr', as a smart pointer's accessor reads it); or
   NULL_TREE.  */
static tree
member_at_start (tree obj, tree type, int depth)
{
  if (TYPE_MAIN_VARIANT (TREE_TYPE (obj)) == TYPE_MAIN_VARIANT (type))
    return obj;
  if (depth == 0 || TREE_CODE (TREE_TYPE (obj)) != RECORD_TYPE)
    return NULL_TREE;
  for (tree f = TYPE_FIELDS (TREE_TYPE (obj)); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL
        && TREE_CODE (TREE_TYPE (f)) == RECORD_TYPE
        && integer_zerop (DECL_FIELD_OFFSET (f))
        && integer_zerop (DECL_FIELD_BIT_OFFSET (f)))
      if (tree m = member_at_start (build3 (COMPONENT_REF, TREE_TYPE (f),
                                            obj, f, NULL_TREE),
                                    type, depth - 1))
        return m;
  return NULL_TREE;
}

/* A MEM_REF through an address, at offset 0 and of the type of what is
   addressed, is that: `this->x' where `this' is `&it', `*p' where `p'
   is `&a[i]'; so is a pointer read as another pointer type (`const
   T *' for `T *', as a const container's begin () reads its start),
   whose conversion GIMPLE needs not; and a struct read as the type of
   a member at its start is that member (a base class's accessor called
   on a member: `this->sp' seen as its `__shared_ptr').  */
static tree
fold_deref (tree t)
{
  if (TREE_CODE (t) == MEM_REF && integer_zerop (TREE_OPERAND (t, 1))
      && TREE_CODE (TREE_OPERAND (t, 0)) == ADDR_EXPR)
    {
      tree v = TREE_OPERAND (TREE_OPERAND (t, 0), 0);
      if (TREE_THIS_VOLATILE (t))
        return t;
      if (TYPE_MAIN_VARIANT (TREE_TYPE (v))
          == TYPE_MAIN_VARIANT (TREE_TYPE (t)))
        return v;
      if (POINTER_TYPE_P (TREE_TYPE (v)) && POINTER_TYPE_P (TREE_TYPE (t))
          && useless_type_conversion_p (TREE_TYPE (t), TREE_TYPE (v)))
        return v;
      if (RECORD_OR_UNION_TYPE_P (TREE_TYPE (t)))
        if (tree m = member_at_start (v, TREE_TYPE (t), 4))
          return m;
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

/* Into AT, an iterator at each statement of *SEQ, through scopes, tries
   and inscan phases, and into BLOCK the number of the straight-line
   stretch it is in: a new one at each label and each phase (a scope, or
   a try's body, runs on from what precedes it).  */
static void
statements (gimple_seq *seq, vec<gimple_stmt_iterator> *at,
            vec<unsigned> *block)
{
  unsigned n = 0;
  scanomp_walk (seq, [&] (gimple_stmt_iterator *g) {
      switch (gimple_code (gsi_stmt (*g)))
        {
        case GIMPLE_OMP_SCAN:
          n++;
          /* Fall through.  */
        case GIMPLE_BIND:
        case GIMPLE_TRY:
          return WALK_INTO;
        case GIMPLE_LABEL:
          n++;
          /* Fall through.  */
        default:
          at->safe_push (*g);
          block->safe_push (n);
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

/* Whether V may be the address of a MEM_REF where the stretch of code
   that computes it uses it: an address, or a pointer variable of the
   function's own.  */
static bool
local_address (tree v)
{
  return (TREE_CODE (v) == ADDR_EXPR
          || ((VAR_P (v) || TREE_CODE (v) == PARM_DECL)
              && POINTER_TYPE_P (TREE_TYPE (v)) && !is_global_var (v)
              && !TREE_ADDRESSABLE (v)));
}

/* Whether V may be the address of a MEM_REF in every iteration of a
   body that sets what W notes: the address of a variable or of its part
   at constant subscripts, through a pointer the body does not set; or a
   pointer variable of the function's own the body does not set.  */
static bool
invariant_address (hash_set<tree> &set, tree v)
{
  if (TREE_CODE (v) != ADDR_EXPR)
    return local_address (v) && !set.contains (v);
  tree t = scan_struct_ref_of (TREE_OPERAND (v, 0));
  if (TREE_CODE (t) == MEM_REF && integer_zerop (TREE_OPERAND (t, 1)))
    t = TREE_OPERAND (t, 0);
  else if (!DECL_P (t))
    return false;
  return ((VAR_P (t) || TREE_CODE (t) == PARM_DECL)
          && (DECL_P (TREE_OPERAND (v, 0)) || !set.contains (t)));
}

/* walk_tree callback: add to DATA, a vec, each variable *TP names.  */
static tree
add_var (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (VAR_P (*tp) || TREE_CODE (*tp) == PARM_DECL
           || TREE_CODE (*tp) == SSA_NAME)
    ((vec<tree> *) data)->safe_push (*tp);
  return NULL_TREE;
}

/* walk_tree callback: whether *TP is the address of a MEM_REF that is
   the temporary DATA.  */
static tree
uses_as_base (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == MEM_REF && TREE_OPERAND (*tp, 0) == data)
    return *tp;
  return NULL_TREE;
}

/* Whether statement S uses the temporary T as a MEM_REF's address.  */
static bool
uses_temp (gimple *s, tree t)
{
  for (unsigned k = 0; k < gimple_num_ops (s); k++)
    if (gimple_op (s, k)
        && walk_tree (gimple_op_ptr (s, k), uses_as_base, t, NULL))
      return true;
  return false;
}

/* Whether the value V, computed at statement DEF of AT (of stretches
   BLOCK), may replace the temporary T where it is used: each use after
   DEF, and either V the same in every iteration (INVARIANT) or each use
   in DEF's stretch with no statement between assigning a variable V
   names.  */
static bool
may_replace (const vec<gimple_stmt_iterator> &at, const vec<unsigned> &block,
             unsigned def, tree t, tree v, bool invariant)
{
  auto_vec<tree> vars;
  walk_tree (&v, add_var, &vars, NULL);
  bool killed = false;
  for (unsigned k = 0; k < at.length (); k++)
    {
      gimple *s = gsi_stmt (at[k]);
      if (k != def && uses_temp (s, t)
          && (k < def || (!invariant && (killed || block[k] != block[def]))))
        return false;
      if (k > def)
        if (tree lhs = gimple_get_lhs (s))
          if (vars.contains (lhs))
            killed = true;
    }
  return true;
}

/* Whether V is a temporary (GCC's, or the plugin's), or a C++
   reference, which names the object it is bound to and nothing else.  */
static bool
temporary_or_reference (tree v)
{
  return DECL_ARTIFICIAL (v) || TREE_CODE (TREE_TYPE (v)) == REFERENCE_TYPE;
}

/* In *BODY, which sets what W notes, replace each temporary GCC made of
   an address (or a C++ reference bound to it) that is used only as the
   address of MEM_REFs, by that address, and drop its assignment, so
   that the fields read through it are seen as read from their struct,
   and an element through its address as the element (`D.5 =
   &this->x', `D.6 = &a[i]; D.7 = *D.6', a field read made a variable):
   where the address is the same in every iteration
   (invariant_address), or where the temporary is used next to where it
   is set (may_replace).  Whether any was.  */
static bool
propagate (gimple_seq *body, hash_set<tree> &set)
{
  auto_vec<gimple_stmt_iterator> at;
  auto_vec<unsigned> block;
  statements (body, &at, &block);
  temp_uses u;
  /* The copies `A = T' of each variable T: T's other use, unless A is
     replaced too.  */
  hash_map<tree, auto_vec<tree>> copies;
  /* Of a variable assigned more than once (GCC reuses its temporaries),
     the value, if every assignment's is the same.  */
  hash_map<tree, tree> same;
  for (gimple_stmt_iterator &g : at)
    {
      gimple *s = gsi_stmt (g);
      tree lhs = gimple_get_lhs (s);
      if (lhs && VAR_P (lhs))
        {
          bool existed;
          int &n = u.sets.get_or_insert (lhs, &existed);
          n = existed ? n + 1 : 1;
          tree v = gimple_assign_single_p (s) ? gimple_assign_rhs1 (s)
                                              : NULL_TREE;
          tree &first = same.get_or_insert (lhs, &existed);
          if (!existed)
            first = v;
          else if (first && (!v || !operand_equal_p (first, v, 0)))
            first = NULL_TREE;
        }
      if (lhs && VAR_P (lhs) && gimple_assign_single_p (s)
          && VAR_P (gimple_assign_rhs1 (s)))
        {
          copies.get_or_insert (gimple_assign_rhs1 (s)).safe_push (lhs);
          continue;
        }
      for (unsigned k = 0; k < gimple_num_ops (s); k++)
        if (gimple_op (s, k) && !(gimple_op (s, k) == lhs && VAR_P (lhs)))
          walk_tree (gimple_op_ptr (s, k), note_use, &u, NULL);
    }
  /* In order: each temporary whose value may replace it, that value (a
     copy's, its original's), and where that was computed; the
     assignments to drop.  */
  hash_map<tree, unsigned> origin;
  hash_set<gimple *> defs;
  for (unsigned k = 0; k < at.length (); k++)
    {
      gimple *s = gsi_stmt (at[k]);
      tree lhs = gimple_assign_single_p (s) ? gimple_assign_lhs (s)
                                            : NULL_TREE;
      if (!lhs || !VAR_P (lhs) || !temporary_or_reference (lhs)
          || TREE_ADDRESSABLE (lhs) || is_global_var (lhs)
          || u.other.contains (lhs))
        continue;
      tree v = gimple_assign_rhs1 (s);
      /* A temporary GCC reuses, each time for the same address the same
         in every iteration.  */
      if (*u.sets.get (lhs) != 1)
        {
          if (*same.get (lhs) && invariant_address (set, v))
            {
              u.value.put (lhs, v);
              origin.put (lhs, k);
              defs.add (s);
            }
          continue;
        }
      unsigned from = k;
      if (tree *earlier = u.value.get (v))
        {
          from = *origin.get (v);
          v = *earlier;
        }
      bool invariant = invariant_address (set, v);
      if ((invariant || local_address (v))
          && may_replace (at, block, from, lhs, v, invariant)
          && (from == k || may_replace (at, block, k, lhs, v, invariant)))
        {
          u.value.put (lhs, v);
          origin.put (lhs, from);
          defs.add (s);
        }
    }
  /* A temporary copied to one that stays stays too.  */
  for (bool again = true; again;)
    {
      again = false;
      for (auto it = u.value.begin (); it != u.value.end (); ++it)
        if (auto_vec<tree> *to = copies.get ((*it).first))
          for (tree a : *to)
            if (!u.value.get (a))
              {
                u.value.remove ((*it).first);
                again = true;
                break;
              }
    }
  if (u.value.is_empty ())
    return false;
  for (unsigned k = 0; k < at.length (); k++)
    {
      gimple *s = gsi_stmt (at[k]);
      tree lhs = gimple_get_lhs (s);
      if (lhs && VAR_P (lhs) && u.value.get (lhs) && defs.contains (s))
        gsi_replace (&at[k], gimple_build_nop (), false);
      else
        {
          for (unsigned i = 0; i < gimple_num_ops (s); i++)
            if (gimple_op (s, i))
              walk_tree (gimple_op_ptr (s, i), replace_base, &u, NULL);
          scan_fold_derefs (s);
        }
    }
  return true;
}

/* Whether V is a struct variable of the body's own making, whose fields
   forward_fields may read through: a temporary (GCC's, or inline.cc's
   for a callee's local) whose address the body does not take (TAKEN;
   GCC's took it for a call inline.cc has read).  */
static bool
local_struct (tree v, hash_set<tree> &taken)
{
  return (VAR_P (v) && DECL_ARTIFICIAL (v) && !taken.contains (v)
          && !is_global_var (v) && RECORD_OR_UNION_TYPE_P (TREE_TYPE (v)));
}

/* REF with its innermost variable replaced by TO.  */
static tree
reroot (tree ref, tree to)
{
  if (!handled_component_p (ref))
    return to;
  tree copy = copy_node (ref);
  TREE_OPERAND (copy, 0) = reroot (TREE_OPERAND (ref, 0), to);
  return copy;
}

/* Of statements AT (of stretches BLOCK), which run before which: for
   each, its phase (of an inscan body: a stretch that no label starts
   begins one, the body's first too), and whether its stretch begins
   its phase, so that it runs, in its phase, before every statement
   after it; and whether every jump goes forward (no inner loop).  */
struct dominance
{
  auto_vec<unsigned> phase;
  auto_vec<bool> opens;
  bool forward;
};

static void
find_dominance (const vec<gimple_stmt_iterator> &at,
                const vec<unsigned> &block, dominance *d)
{
  hash_map<tree, unsigned> label_at;
  unsigned phase = 0;
  bool opens = true;
  for (unsigned j = 0; j < at.length (); j++)
    {
      gimple *s = gsi_stmt (at[j]);
      if (j == 0 || block[j] != block[j - 1])
        {
          opens = gimple_code (s) != GIMPLE_LABEL;
          phase += opens && j > 0;
        }
      if (glabel *l = dyn_cast<glabel *> (s))
        label_at.put (gimple_label_label (l), j);
      d->phase.safe_push (phase);
      d->opens.safe_push (opens);
    }
  d->forward = true;
  for (unsigned j = 0; j < at.length (); j++)
    {
      gimple *s = gsi_stmt (at[j]);
      tree targets[2] = { NULL_TREE, NULL_TREE };
      if (gcond *c = dyn_cast<gcond *> (s))
        {
          targets[0] = gimple_cond_true_label (c);
          targets[1] = gimple_cond_false_label (c);
        }
      else if (ggoto *g = dyn_cast<ggoto *> (s))
        targets[0] = gimple_goto_dest (g);
      else if (gimple_code (s) == GIMPLE_SWITCH)
        d->forward = false;
      for (tree t : targets)
        if (t)
          {
            unsigned *to = TREE_CODE (t) == LABEL_DECL ? label_at.get (t)
                                                       : NULL;
            if (!to || *to <= j)
              d->forward = false;
          }
    }
}

/* The value that the field read REF, at statement AT of the stretches
   BLOCK, has: found back in AT's stretch, or before it in its phase
   where D says the store runs before it on every path, through copies
   of whole structs (`D.2 = D.1') to the store of the field (`D.1.f =
   v'), where v, a variable or a constant, is not assigned on the way,
   or to a struct the body does not set (`D.1.f' itself); or
   NULL_TREE.  */
static tree
field_value (const vec<gimple_stmt_iterator> &at, const vec<unsigned> &block,
             const dominance &d, hash_set<tree> &taken, unsigned k, tree ref)
{
  auto_vec<tree> assigned;
  for (unsigned j = k; j-- > 0;)
    {
      if (block[j] != block[k] && (!d.forward || d.phase[j] != d.phase[k]))
        break;
      /* Whether statement J runs before K on every path to K.  */
      bool before = block[j] == block[k] || d.opens[j];
      gimple *s = gsi_stmt (at[j]);
      if (gimple_code (s) == GIMPLE_NOP)
        continue;
      tree lhs = gimple_get_lhs (s);
      if (!lhs || (!is_gimple_assign (s) && !gimple_clobber_p (s)))
        {
          if (is_gimple_call (s) || gimple_code (s) == GIMPLE_ASM)
            return NULL_TREE;
          continue;
        }
      if (operand_equal_p (lhs, ref, 0) && gimple_assign_single_p (s))
        {
          tree v = gimple_assign_rhs1 (s);
          return ((CONSTANT_CLASS_P (v) || VAR_P (v)
                   || TREE_CODE (v) == PARM_DECL)
                  && !assigned.contains (v) && before ? v : NULL_TREE);
        }
      tree root = scan_set_root (ref);
      if (lhs == root)
        {
          tree from = gimple_assign_single_p (s) ? gimple_assign_rhs1 (s)
                                                 : NULL_TREE;
          if (!from || !local_struct (from, taken) || gimple_clobber_p (s)
              || !before)
            return NULL_TREE;
          ref = reroot (ref, from);
          continue;
        }
      if (scan_set_root (lhs) == root)
        /* Another field of the struct, or a part of this one.  */
        {
          if (TREE_CODE (lhs) != COMPONENT_REF || TREE_CODE (ref) != COMPONENT_REF
              || TREE_OPERAND (lhs, 1) == TREE_OPERAND (ref, 1))
            return NULL_TREE;
          continue;
        }
      assigned.safe_push (lhs);
    }
  /* Back, through a copy, at a struct the body never sets (index.cc's
     iterator's first value, which the call sets before the loop): its
     field, read there.  */
  tree root = scan_set_root (ref);
  if (root == scan_set_root (gimple_assign_rhs1 (gsi_stmt (at[k]))))
    return NULL_TREE;
  for (const gimple_stmt_iterator &g : at)
    if (gimple_get_lhs (gsi_stmt (g))
        && scan_set_root (gimple_get_lhs (gsi_stmt (g))) == root)
      return NULL_TREE;
  return ref;
}

/* Drop the clobbers in SEQ, cleanups included, of the structs of its
   own making (TAKEN says whose address it takes) that it does not
   READ.  */
static void
drop_clobbers (gimple_seq *seq, hash_set<tree> &read, hash_set<tree> &taken)
{
  for (gimple_stmt_iterator g = gsi_start (*seq); !gsi_end_p (g);
       gsi_next (&g))
    {
      gimple *s = gsi_stmt (g);
      switch (gimple_code (s))
        {
        case GIMPLE_BIND:
          drop_clobbers (gimple_bind_body_ptr (as_a<gbind *> (s)), read,
                         taken);
          break;
        case GIMPLE_TRY:
          drop_clobbers (gimple_try_eval_ptr (s), read, taken);
          drop_clobbers (gimple_try_cleanup_ptr (s), read, taken);
          break;
        case GIMPLE_OMP_SCAN:
          drop_clobbers (gimple_omp_body_ptr (s), read, taken);
          break;
        default:
          if (gimple_clobber_p (s)
              && local_struct (gimple_assign_lhs (s), taken)
              && !read.contains (gimple_assign_lhs (s)))
            gsi_replace (&g, gimple_build_nop (), false);
          break;
        }
    }
}

/* Into READ, the variables the statements AT read: each operand's but a
   store's destination, of which those of its subscripts and the address
   it stores through.  */
static void
vars_read (const vec<gimple_stmt_iterator> &at, hash_set<tree> *read)
{
  for (const gimple_stmt_iterator &g : at)
    {
      gimple *s = gsi_stmt (g);
      tree lhs = gimple_get_lhs (s);
      for (unsigned i = 0; i < gimple_num_ops (s); i++)
        {
          tree *op = gimple_op_ptr (s, i);
          if (!*op)
            continue;
          auto_vec<tree> vars;
          if (*op != lhs)
            walk_tree (op, add_var, &vars, NULL);
          else
            {
              tree t = lhs;
              for (; handled_component_p (t); t = TREE_OPERAND (t, 0))
                for (int o = 1; o < TREE_OPERAND_LENGTH (t); o++)
                  if (TREE_OPERAND (t, o))
                    walk_tree (&TREE_OPERAND (t, o), add_var, &vars, NULL);
              if (TREE_CODE (t) == MEM_REF)
                walk_tree (&TREE_OPERAND (t, 0), add_var, &vars, NULL);
            }
          for (tree v : vars)
            read->add (v);
        }
    }
}

/* Make nops of the assignments of AT whose variable, DROPPABLE (the
   statement) or NULL_TREE, nothing reads, a round at a time, until the
   reads that dropped ones made are gone too; READ ends as the variables
   read.  Without CHANGE, say only whether there is one.  */
template <typename droppable_fn>
static bool
drop_unread (vec<gimple_stmt_iterator> &at, hash_set<tree> *read,
             bool change, droppable_fn droppable)
{
  bool found = false;
  for (bool again = true; again;)
    {
      again = false;
      read->empty ();
      vars_read (at, read);
      for (gimple_stmt_iterator &g : at)
        {
          gimple *s = gsi_stmt (g);
          tree v = is_gimple_assign (s) ? droppable (s) : NULL_TREE;
          if (!v || read->contains (v))
            continue;
          if (!change)
            return true;
          gsi_replace (&g, gimple_build_nop (), false);
          found = again = true;
        }
    }
  return found;
}

/* In *BODY: read each field of a struct of its own making from the value
   stored to it, through copies of whole structs (an iterator returned
   by value: `D.7._M_current = p; D.8 = D.7; x = D.8._M_current'); then
   drop the stores to such structs that nothing reads any more.  Whether
   anything changed.  */
static bool
forward_fields (gimple_seq *body)
{
  auto_vec<gimple_stmt_iterator> at;
  auto_vec<unsigned> block;
  statements (body, &at, &block);
  hash_set<tree> taken;
  for (gimple_stmt_iterator &g : at)
    for (unsigned i = 0; i < gimple_num_ops (gsi_stmt (g)); i++)
      if (gimple_op (gsi_stmt (g), i))
        walk_tree (gimple_op_ptr (gsi_stmt (g), i),
                   [] (tree *tp, int *walk_subtrees, void *data) -> tree {
                     if (TYPE_P (*tp))
                       *walk_subtrees = 0;
                     else if (TREE_CODE (*tp) == ADDR_EXPR)
                       if (tree d = scan_set_root (*tp))
                         ((hash_set<tree> *) data)->add (d);
                     return NULL_TREE;
                   }, &taken, NULL);
  dominance d;
  find_dominance (at, block, &d);
  bool changed = false;
  for (unsigned k = 0; k < at.length (); k++)
    {
      gimple *s = gsi_stmt (at[k]);
      if (!gimple_assign_single_p (s)
          || TREE_CODE (gimple_assign_rhs1 (s)) != COMPONENT_REF
          || !local_struct (scan_set_root (gimple_assign_rhs1 (s)), taken))
        continue;
      if (tree v = field_value (at, block, d, taken, k,
                                gimple_assign_rhs1 (s)))
        {
          gimple_assign_set_rhs1 (s, unshare_expr (v));
          changed = true;
        }
    }
  /* Stores to structs that nothing reads.  */
  hash_set<tree> read;
  changed |= drop_unread (at, &read, true, [&] (gimple *s) -> tree {
      tree root = scan_set_root (gimple_get_lhs (s));
      return local_struct (root, taken) ? root : NULL_TREE;
    });
  if (changed)
    drop_clobbers (body, read, taken);
  return changed;
}

/* Whether a load through P is safe at statement K of AT (stretches
   BLOCK): P is an address, or a pointer a statement before K in its
   stretch reads through.  */
static bool
loaded_before (const vec<gimple_stmt_iterator> &at,
               const vec<unsigned> &block, unsigned k, tree p)
{
  if (TREE_CODE (p) == ADDR_EXPR)
    return true;
  for (unsigned j = k; j-- > 0 && block[j] == block[k];)
    if (uses_temp (gsi_stmt (at[j]), p))
      return true;
  return false;
}

/* The statement of AT (stretches BLOCK) after K, in K's stretch, that
   is the one use of T; or -1.  */
static int
only_use (const vec<gimple_stmt_iterator> &at, const vec<unsigned> &block,
          unsigned k, tree t)
{
  int use = -1, uses = 0;
  for (unsigned j = 0; j < at.length (); j++)
    {
      gimple *s = gsi_stmt (at[j]);
      if (j == k)
        continue;
      auto_vec<tree> vars;
      for (unsigned i = 0; i < gimple_num_ops (s); i++)
        if (gimple_op (s, i))
          walk_tree (gimple_op_ptr (s, i), add_var, &vars, NULL);
      if (vars.contains (t))
        uses++, use = j;
    }
  return uses == 1 && use > (int) k && block[use] == block[k] ? use : -1;
}

/* In *BODY: each load through a choice of two addresses (`T = c ? P : Q;
   x = *T', what inline.cc makes of std::max), the only use of T in its
   stretch, becomes the choice of two loads (`a = *P; b = *Q; x = c ? a :
   b'), where both are safe to make (loaded_before); the choice of
   addresses goes.  New variables go on LOCALS.  Whether any did.  */
static bool
select_loads (gimple_seq *body, vec<tree> *locals)
{
  auto_vec<gimple_stmt_iterator> at;
  auto_vec<unsigned> block;
  statements (body, &at, &block);
  bool changed = false;
  for (unsigned k = 0; k < at.length (); k++)
    {
      gimple *d = gsi_stmt (at[k]);
      if (!is_gimple_assign (d) || gimple_assign_rhs_code (d) != COND_EXPR
          || !POINTER_TYPE_P (TREE_TYPE (gimple_assign_lhs (d)))
          || !VAR_P (gimple_assign_lhs (d)))
        continue;
      tree t = gimple_assign_lhs (d);
      tree c = gimple_assign_rhs1 (d), pa = gimple_assign_rhs2 (d),
           pb = gimple_assign_rhs3 (d);
      /* The one use: a load of the whole of what T points to, maybe
         through copies of T (`D.9 = T; x = *D.9', a reference that a
         call returns), each the one use of the last.  */
      auto_vec<unsigned> copies;
      int use = only_use (at, block, k, t);
      while (use >= 0 && gimple_assign_single_p (gsi_stmt (at[use]))
             && gimple_assign_rhs1 (gsi_stmt (at[use])) == t
             && VAR_P (gimple_assign_lhs (gsi_stmt (at[use]))))
        {
          copies.safe_push (use);
          t = gimple_assign_lhs (gsi_stmt (at[use]));
          use = only_use (at, block, use, t);
        }
      if (use < 0)
        continue;
      gimple *s = gsi_stmt (at[use]);
      tree rhs = gimple_assign_single_p (s) ? gimple_assign_rhs1 (s)
                                            : NULL_TREE;
      if (!rhs || TREE_CODE (rhs) != MEM_REF || TREE_OPERAND (rhs, 0) != t
          || !integer_zerop (TREE_OPERAND (rhs, 1))
          || !loaded_before (at, block, k, pa)
          || !loaded_before (at, block, k, pb))
        continue;
      tree type = TYPE_MAIN_VARIANT (TREE_TYPE (rhs));
      tree a = create_tmp_var_raw (type, "scan_either");
      tree b = create_tmp_var_raw (type, "scan_or");
      DECL_CONTEXT (a) = DECL_CONTEXT (b) = current_function_decl;
      locals->safe_push (a);
      locals->safe_push (b);
      tree la = unshare_expr (rhs), lb = unshare_expr (rhs);
      TREE_OPERAND (la, 0) = pa;
      TREE_OPERAND (lb, 0) = pb;
      gimple *ga = gimple_build_assign (a, fold_deref (la));
      gimple *gb = gimple_build_assign (b, fold_deref (lb));
      gimple_set_location (ga, gimple_location (s));
      gimple_set_location (gb, gimple_location (s));
      gsi_insert_before (&at[use], ga, GSI_SAME_STMT);
      gsi_insert_before (&at[use], gb, GSI_SAME_STMT);
      gimple_assign_set_rhs_with_ops (&at[use], COND_EXPR, c, a, b);
      gsi_replace (&at[k], gimple_build_nop (), false);
      for (unsigned j : copies)
        gsi_replace (&at[j], gimple_build_nop (), false);
      changed = true;
    }
  return changed;
}

/* Whether S uses a variable SET holds.  */
static bool
mentions (gimple *s, hash_set<tree> &set)
{
  for (unsigned i = 0; i < gimple_num_ops (s); i++)
    if (gimple_op (s, i)
        && walk_tree (gimple_op_ptr (s, i), scanomp_find_in_set, &set, NULL))
      return true;
  return false;
}

/* The label S is, or NULL_TREE.  */
static tree
label_of (gimple *s)
{
  glabel *l = dyn_cast<glabel *> (s);
  return l ? gimple_label_label (l) : NULL_TREE;
}

/* From *G, an arm of a diamond: straight-line statements, the last
   assigning *T, a pointer temporary of the function's own or a C++
   reference (GCC 15 binds `const T &e = c ? x[i] : b' in each arm),
   the same as the other arm's where *T is set already.  Leaves *G at
   the goto or label that ends the arm.  Whether it is one.  */
static bool
arm_of_address (gimple_stmt_iterator *g, tree *t)
{
  gimple *last = NULL;
  for (; !gsi_end_p (*g); gsi_next (g))
    {
      gimple *s = gsi_stmt (*g);
      if (gimple_code (s) == GIMPLE_GOTO || gimple_code (s) == GIMPLE_LABEL)
        break;
      if (!is_gimple_assign (s) && !is_gimple_call (s)
          && gimple_code (s) != GIMPLE_NOP && !is_gimple_debug (s))
        return false;
      if (gimple_code (s) != GIMPLE_NOP && !is_gimple_debug (s))
        last = s;
    }
  if (gsi_end_p (*g) || !last || !is_gimple_assign (last))
    return false;
  tree lhs = gimple_assign_lhs (last);
  if (!VAR_P (lhs) || !POINTER_TYPE_P (TREE_TYPE (lhs))
      || !temporary_or_reference (lhs) || TREE_ADDRESSABLE (lhs)
      || is_global_var (lhs) || (*t && *t != lhs))
    return false;
  *t = lhs;
  return true;
}

/* In *BODY, where its labels are jumped to as JUMPS counts, the first
   address chosen in branches (C++'s `c ? x[i] : w[i]' of two lvalues:
   `if (c) goto A; else goto B; A: T = x + k; goto J; B: T = w + k;
   J: v = *T') whose pointer only the straight-line statements after the
   join read: those statements, up to the last that reads it or a
   pointer computed from it, are copied into the first branch and moved
   into the second, so each reads the address where it is computed.  In
   the first branch, the temporaries that only those statements and the
   branches' choice assign, T among them, are new ones, put on LOCALS,
   so that each is assigned once, where it is read.  The same on every
   path; whether there was one.  */
static bool
join_tail (gimple_seq *body, hash_map<tree, int> &jumps, vec<tree> *locals)
{
  auto_vec<gimple_stmt_iterator> at;
  auto_vec<unsigned> block;
  statements (body, &at, &block);
  for (unsigned k = 0; k < at.length (); k++)
    {
      gcond *c = dyn_cast<gcond *> (gsi_stmt (at[k]));
      if (!c)
        continue;
      tree yes = gimple_cond_true_label (c), no = gimple_cond_false_label (c);
      gimple_stmt_iterator g = at[k];
      gsi_next (&g);
      if (!yes || !no || yes == no || gsi_end_p (g)
          || *jumps.get (yes) != 1 || *jumps.get (no) != 1)
        continue;
      tree first = label_of (gsi_stmt (g));
      if (first != yes && first != no)
        continue;
      tree t = NULL_TREE;
      gsi_next (&g);
      if (!arm_of_address (&g, &t))
        continue;
      ggoto *go = dyn_cast<ggoto *> (gsi_stmt (g));
      if (!go || TREE_CODE (gimple_goto_dest (go)) != LABEL_DECL)
        continue;
      tree join = gimple_goto_dest (go);
      gimple_stmt_iterator end_first = g;
      gsi_next (&g);
      if (gsi_end_p (g)
          || label_of (gsi_stmt (g)) != (first == yes ? no : yes))
        continue;
      gsi_next (&g);
      if (!arm_of_address (&g, &t) || label_of (gsi_stmt (g)) != join
          || *jumps.get (join) != 1)
        continue;
      gimple_stmt_iterator at_join = g;
      /* The statements after the join, up to the last that reads T or a
         pointer computed from it; how many of them read T.  */
      hash_set<tree> derived, only_t;
      derived.add (t);
      only_t.add (t);
      unsigned length = 0, n = 0, reads_t = 0;
      auto_vec<gimple *> tail;
      for (gsi_next (&g); !gsi_end_p (g); gsi_next (&g))
        {
          gimple *s = gsi_stmt (g);
          if (!is_gimple_assign (s) && gimple_code (s) != GIMPLE_NOP
              && !is_gimple_debug (s))
            break;
          n++;
          tail.safe_push (s);
          if (!mentions (s, derived))
            continue;
          length = n;
          reads_t += mentions (s, only_t);
          tree lhs = gimple_get_lhs (s);
          if (lhs && VAR_P (lhs) && POINTER_TYPE_P (TREE_TYPE (lhs)))
            derived.add (lhs);
        }
      /* T read nowhere else.  */
      unsigned all = 0;
      for (gimple_stmt_iterator &h : at)
        all += mentions (gsi_stmt (h), only_t);
      if (!length || all != 2 + reads_t)
        continue;
      tail.truncate (length);
      /* The first branch's own temporaries: T, and those the tail
         assigns that nothing else reads or assigns.  */
      hash_set<gimple *> in_tail;
      auto_vec<tree> assigned;
      for (gimple *s : tail)
        {
          in_tail.add (s);
          tree lhs = gimple_get_lhs (s);
          if (lhs && VAR_P (lhs) && temporary_or_reference (lhs)
              && !TREE_ADDRESSABLE (lhs) && !is_global_var (lhs)
              && lhs != t && !assigned.contains (lhs))
            assigned.safe_push (lhs);
        }
      /* In order, so that the new temporaries are numbered alike in
         every run.  */
      auto_vec<tree> renamed;
      renamed.safe_push (t);
      for (tree v : assigned)
        {
          hash_set<tree> one;
          one.add (v);
          bool elsewhere = false;
          for (gimple_stmt_iterator &h : at)
            if (!in_tail.contains (gsi_stmt (h))
                && mentions (gsi_stmt (h), one))
              elsewhere = true;
          if (!elsewhere)
            renamed.safe_push (v);
        }
      hash_map<tree, tree> own;
      for (tree v : renamed)
        {
          tree copy = create_tmp_var_raw (TREE_TYPE (v), "scan_branch");
          DECL_CONTEXT (copy) = current_function_decl;
          locals->safe_push (copy);
          own.put (v, copy);
        }
      struct walk_stmt_info wi;
      memset (&wi, 0, sizeof wi);
      wi.info = &own;
      gimple_stmt_iterator def = end_first;
      gsi_prev (&def);
      walk_gimple_op (gsi_stmt (def), scanomp_replace_vars, &wi);
      gimple_stmt_iterator from = at_join;
      gsi_next (&from);
      for (unsigned i = 0; i < length; i++)
        {
          gimple *s = gsi_stmt (from);
          gimple *copy = gimple_copy (s);
          walk_gimple_op (copy, scanomp_replace_vars, &wi);
          gsi_insert_before (&end_first, copy, GSI_SAME_STMT);
          gsi_remove (&from, false);
          gsi_insert_before (&at_join, s, GSI_SAME_STMT);
        }
      return true;
    }
  return false;
}

/* join_tail, for each such choice in *BODY, new temporaries on LOCALS.
   Whether there was one.  */
static bool
join_tails (gimple_seq *body, vec<tree> *locals)
{
  hash_map<tree, int> jumps;
  scanomp_walk (body, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      if (gcond *c = dyn_cast<gcond *> (s))
        {
          if (tree l = gimple_cond_true_label (c))
            jumps.get_or_insert (l)++;
          if (tree l = gimple_cond_false_label (c))
            jumps.get_or_insert (l)++;
        }
      else if (ggoto *go = dyn_cast<ggoto *> (s))
        {
          if (TREE_CODE (gimple_goto_dest (go)) == LABEL_DECL)
            jumps.get_or_insert (gimple_goto_dest (go))++;
        }
      else if (gswitch *w = dyn_cast<gswitch *> (s))
        for (unsigned i = 0; i < gimple_switch_num_labels (w); i++)
          jumps.get_or_insert (CASE_LABEL (gimple_switch_label (w, i)))++;
      else if (glabel *l = dyn_cast<glabel *> (s))
        jumps.get_or_insert (gimple_label_label (l));
      return WALK_INTO;
    });
  bool changed = false;
  for (int round = 0; round < 64 && join_tail (body, jumps, locals);
       round++)
    changed = true;
  return changed;
}

void
scan_declare_around (gimple_seq *body, const vec<tree> &locals)
{
  if (locals.is_empty ())
    return;
  tree chain = NULL_TREE;
  for (unsigned k = locals.length (); k-- > 0;)
    {
      DECL_CHAIN (locals[k]) = chain;
      chain = locals[k];
    }
  *body = gimple_seq_alloc_with_stmt (gimple_build_bind (chain, *body,
                                                         NULL_TREE));
}

bool
scan_forward_round (gimple_seq *body, hash_set<tree> &set,
                    vec<tree> *locals)
{
  bool changed = join_tails (body, locals);
  changed |= forward_fields (body);
  changed |= select_loads (body, locals);
  changed |= propagate (body, set);
  return changed;
}

bool
scan_drop_unread (gimple_seq *body, bool change)
{
  auto_vec<gimple_stmt_iterator> at;
  auto_vec<unsigned> block;
  statements (body, &at, &block);
  hash_set<tree> read;
  return drop_unread (at, &read, change, [] (gimple *s) -> tree {
      tree lhs = gimple_assign_lhs (s);
      if (gimple_clobber_p (s) || gimple_has_volatile_ops (s)
          || !VAR_P (lhs) || !DECL_ARTIFICIAL (lhs) || is_global_var (lhs)
          || TREE_ADDRESSABLE (lhs))
        return NULL_TREE;
      return lhs;
    });
}
