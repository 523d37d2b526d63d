/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bitwise.cc: classes whose copies are bit copies, and whose destructor
   does nothing, in effect.  C++ makes a class with a user-defined copy
   constructor, copy assignment or destructor TREE_ADDRESSABLE, copied
   by calls, where the kernels and the host path copy a scan variable
   bit by bit and never destroy one.  GCC's own tests write such a class
   (libgomp.c++/scan-1.C):

     S::S (const S &x) { s = x.s; }
     S &S::operator= (const S &x) { s = x.s; return *this; }
     S::~S () {}

   It is held as it is where each copy or move constructor and each
   copy or move assignment it declares reads (inline.cc) as storing
   every field of its source to the same field of `this' and nothing
   else, and its destructor as doing nothing.  A body's calls of them
   are then what they do: an assignment of the whole object, or nothing
   (scan_bitwise_copies).

   The private copies of a user-defined reduction without an initializer
   start as its class's default constructor makes them, not zeroed: C++
   names that constructor on the clause (CP_OMP_CLAUSE_INFO, the clause's
   type: a vector of the constructor, destructor and assignment it needs,
   each where not trivial).  It is read as the constants it stores
   (scan_constructed).  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "langhooks.h"
#include "fold-const.h"
#include "stringpool.h"
#include "gimplify.h"

#include "rewrite/rewrite.h"

/* The kinds of special member function a class's copies use.  */
enum member_kind
{
  NOT_SPECIAL,
  COPY,           /* a copy or move constructor or assignment */
  DESTRUCTOR
};

/* Whether TYPE is a reference to, or pointer to, CLASS.  */
static bool
refers_to (tree type, tree klass)
{
  return (type && (TREE_CODE (type) == REFERENCE_TYPE
                   || TREE_CODE (type) == POINTER_TYPE)
          && TYPE_MAIN_VARIANT (TREE_TYPE (type))
             == TYPE_MAIN_VARIANT (klass));
}

/* Which special member of KLASS the function FN is.  */
static member_kind
kind_of (tree fn, tree klass)
{
  if (TREE_CODE (fn) != FUNCTION_DECL)
    return NOT_SPECIAL;
  if (DECL_CXX_DESTRUCTOR_P (fn))
    return DESTRUCTOR;
  bool assign = DECL_NAME (fn) && id_equal (DECL_NAME (fn), "operator=");
  if (!DECL_CXX_CONSTRUCTOR_P (fn) && !assign)
    return NOT_SPECIAL;
  /* `this' and one more, a reference to the class.  */
  tree args = TYPE_ARG_TYPES (TREE_TYPE (fn));
  if (!args || !TREE_CHAIN (args)
      || !refers_to (TREE_VALUE (TREE_CHAIN (args)), klass)
      || (TREE_CHAIN (TREE_CHAIN (args))
          && TREE_VALUE (TREE_CHAIN (TREE_CHAIN (args))) != void_type_node))
    return NOT_SPECIAL;
  return COPY;
}

/* The field of the object PARM points to that T is (`this->s',
   `x.s' through a reference), or NULL_TREE.  */
static tree
field_of (tree t, tree parm)
{
  if (TREE_CODE (t) != COMPONENT_REF)
    return NULL_TREE;
  tree base = TREE_OPERAND (t, 0);
  if ((TREE_CODE (base) == MEM_REF && integer_zerop (TREE_OPERAND (base, 1)))
      || TREE_CODE (base) == INDIRECT_REF)
    return TREE_OPERAND (base, 0) == parm ? TREE_OPERAND (t, 1) : NULL_TREE;
  return NULL_TREE;
}

/* Whether T is the whole object PARM points to.  */
static bool
whole_of (tree t, tree parm)
{
  return (((TREE_CODE (t) == MEM_REF && integer_zerop (TREE_OPERAND (t, 1)))
           || TREE_CODE (t) == INDIRECT_REF)
          && TREE_OPERAND (t, 0) == parm);
}

/* Whether T is a variable of the callee's own, or a temporary.  */
static bool
local_p (tree t)
{
  return (TREE_CODE (t) == SSA_NAME
          || ((VAR_P (t) || TREE_CODE (t) == RESULT_DECL)
              && !is_global_var (t)));
}

/* Whether each field of KLASS with a size is in SET.  */
static bool
every_field (tree klass, hash_set<tree> &set)
{
  for (tree f = TYPE_FIELDS (klass); f; f = DECL_CHAIN (f))
    if (TREE_CODE (f) == FIELD_DECL
        && (!DECL_SIZE (f) || !integer_zerop (DECL_SIZE (f)))
        && !set.contains (f))
      return false;
  return true;
}

/* Whether BODY, the statements of FN (whose parameters they name), a
   member of KLASS of kind KIND, copies every field of its source to the
   same field of `this' and does nothing else; or, for a destructor,
   nothing at all.  */
static bool
bitwise_body (tree fn, tree klass, member_kind kind,
              const vec<gimple *> &body)
{
  tree self = DECL_ARGUMENTS (fn);
  tree src = self ? DECL_CHAIN (self) : NULL_TREE;
  hash_map<tree, tree> loaded;  /* local -> the source's field it holds */
  hash_set<tree> selves;        /* locals that hold `this' */
  hash_set<tree> copied;
  bool whole = false;
  for (gimple *s : body)
    {
      if (greturn *r = dyn_cast<greturn *> (s))
        {
          tree v = gimple_return_retval (r);
          if (v && v != self && !selves.contains (v))
            return false;
          continue;
        }
      if (kind == DESTRUCTOR || !src || !gimple_assign_single_p (s))
        return false;
      tree lhs = gimple_assign_lhs (s), rhs = gimple_assign_rhs1 (s);
      tree f;
      if (local_p (lhs) && rhs == self)
        selves.add (lhs);
      else if (local_p (lhs) && (f = field_of (rhs, src)))
        loaded.put (lhs, f);
      else if ((f = field_of (lhs, self)))
        {
          tree *from = local_p (rhs) ? loaded.get (rhs) : NULL;
          if ((from ? *from : field_of (rhs, src)) != f)
            return false;
          copied.add (f);
        }
      else if (whole_of (lhs, self) && whole_of (rhs, src))
        whole = true;
      else
        return false;
    }
  return kind == DESTRUCTOR || whole || every_field (klass, copied);
}

const char *
scan_bitwise_problem (tree klass, tree *fn)
{
  *fn = NULL_TREE;
  if (!lang_GNU_CXX () || !RECORD_OR_UNION_TYPE_P (klass))
    return "a type whose copies are calls";
  klass = TYPE_MAIN_VARIANT (klass);
  bool copies = false, destructors = false;
  for (tree f = TYPE_FIELDS (klass); f; f = DECL_CHAIN (f))
    {
      /* A base, a virtual table's pointer: copies of those are the
         bases' own, or set apart from the source's.  */
      if (TREE_CODE (f) == FIELD_DECL && DECL_ARTIFICIAL (f))
        return "a class with a base or virtual functions";
      if (TREE_CODE (f) == FIELD_DECL
          && TREE_ADDRESSABLE (TREE_TYPE (f)))
        return "a class with a member whose copies are calls";
      member_kind kind = kind_of (f, klass);
      if (kind == NOT_SPECIAL)
        continue;
      auto_vec<gimple *> body;
      tree decl = scan_read_callee (f, &body);
      /* C++ declares a constructor or destructor once and defines it in
         its forms (complete and base object), which follow it: those
         are the ones read; one not defined here leaves the kind unread
         (below).  */
      if (!decl)
        continue;
      *fn = f;
      if (!bitwise_body (decl, klass, kind, body))
        return kind == DESTRUCTOR ? "a class whose destructor does "
                                    "something"
                                  : "a class with a copy that does more "
                                    "than copy each field";
      (kind == DESTRUCTOR ? destructors : copies) = true;
    }
  *fn = NULL_TREE;
  /* A user-defined destructor or copy is why the class is addressable:
     where none was read, its body is not in this unit.  */
  if (!destructors && !copies)
    return "a class whose copies and destructor are not defined in this "
           "file";
  return NULL;
}

/* The class whose special member CALL calls, through its first
   argument, `this', and the kind; NOT_SPECIAL where it is none or the
   class is not copied bit by bit.  */
static member_kind
special_call (gcall *call, tree *klass)
{
  tree fn = gimple_call_fndecl (call);
  if (!fn || gimple_call_num_args (call) == 0
      || !POINTER_TYPE_P (TREE_TYPE (gimple_call_arg (call, 0))))
    return NOT_SPECIAL;
  *klass = TREE_TYPE (TREE_TYPE (gimple_call_arg (call, 0)));
  if (!RECORD_OR_UNION_TYPE_P (*klass) || !TREE_ADDRESSABLE (*klass))
    return NOT_SPECIAL;
  member_kind kind = kind_of (fn, *klass);
  unsigned args = kind == COPY ? 2 : 1;
  tree why_fn;
  if (kind == NOT_SPECIAL || gimple_call_num_args (call) != args
      || scan_bitwise_problem (*klass, &why_fn))
    return NOT_SPECIAL;
  return kind;
}

/* The object that address A points to, of KLASS.  */
static tree
object_at (tree a, tree klass)
{
  if (TREE_CODE (a) == ADDR_EXPR)
    return unshare_expr (TREE_OPERAND (a, 0));
  return build2 (MEM_REF, klass, unshare_expr (a),
                 build_int_cst (build_pointer_type (klass), 0));
}

/* Replace, or say whether there is, each call in *SEQ of a copy or
   destructor of a class copied bit by bit.  */
static bool
copies_in (gimple_seq *seq, bool change)
{
  bool found = false;
  gimple_stmt_iterator g = gsi_start (*seq);
  while (!gsi_end_p (g))
    {
      gimple *s = gsi_stmt (g);
      tree klass;
      member_kind kind = NOT_SPECIAL;
      switch (gimple_code (s))
        {
        case GIMPLE_BIND:
          found |= copies_in (gimple_bind_body_ptr (as_a<gbind *> (s)),
                              change);
          break;
        case GIMPLE_TRY:
          found |= copies_in (gimple_try_eval_ptr (s), change);
          found |= copies_in (gimple_try_cleanup_ptr (s), change);
          break;
        case GIMPLE_OMP_SCAN:
          found |= copies_in (gimple_omp_body_ptr (s), change);
          break;
        case GIMPLE_CALL:
          kind = special_call (as_a<gcall *> (s), &klass);
          break;
        default:
          break;
        }
      if (kind == NOT_SPECIAL || !change)
        {
          found |= kind != NOT_SPECIAL;
          gsi_next (&g);
          continue;
        }
      found = true;
      gimple_seq copy = NULL;
      tree self = gimple_call_arg (s, 0);
      if (kind == COPY)
        {
          gimple *a = gimple_build_assign (object_at (self, klass),
                                           object_at (gimple_call_arg (s, 1),
                                                      klass));
          gimple_set_location (a, gimple_location (s));
          gimple_seq_add_stmt_without_update (&copy, a);
        }
      /* operator= gives back `this'.  */
      if (tree lhs = gimple_call_lhs (s))
        gimple_seq_add_stmt_without_update
          (&copy, gimple_build_assign (lhs, fold_convert (TREE_TYPE (lhs),
                                                         unshare_expr
                                                           (self))));
      if (copy)
        gsi_replace_with_seq (&g, copy, false);
      else
        gsi_remove (&g, false);
    }
  return found;
}

bool
scan_bitwise_copies (gimple_seq *seq, bool change)
{
  return copies_in (seq, change);
}

gimple_seq
scan_constructed (tree ctor, tree obj)
{
  auto_vec<gimple *> body;
  tree fn = scan_read_callee (ctor, &body);
  tree self = fn ? DECL_ARGUMENTS (fn) : NULL_TREE;
  if (!self || !POINTER_TYPE_P (TREE_TYPE (self)))
    return NULL;
  tree klass = TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (self)));
  hash_set<tree> set;
  gimple_seq seq = NULL;
  for (gimple *s : body)
    {
      if (greturn *r = dyn_cast<greturn *> (s))
        {
          if (gimple_return_retval (r))
            return NULL;
          continue;
        }
      tree f = gimple_assign_single_p (s)
               ? field_of (gimple_assign_lhs (s), self) : NULL_TREE;
      tree v = f ? gimple_assign_rhs1 (s) : NULL_TREE;
      /* A constant, or `{}' (a member value-initialized).  */
      if (!v || set.contains (f)
          || !(CONSTANT_CLASS_P (v)
               || (TREE_CODE (v) == CONSTRUCTOR
                   && CONSTRUCTOR_NELTS (v) == 0)))
        return NULL;
      set.add (f);
      gimple_seq_add_stmt_without_update
        (&seq, gimple_build_assign (build3 (COMPONENT_REF, TREE_TYPE (f),
                                            unshare_expr (obj), f,
                                            NULL_TREE),
                                    unshare_expr (v)));
    }
  return every_field (klass, set) ? seq : NULL;
}
