/* SPDX-License-Identifier: GPL-3.0-or-later */
/* access.cc: one memory access of a loop body, as the reader
   (reader.cc) meets it: its array and its byte offset, COEF * i + REST,
   split from the address where the offset is affine in the index.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "langhooks.h"
#include "gimple.h"
#include "fold-const.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "function.h"

#include "analyze/reader.h"

/* Whether *REST, the constant C of an index i + C computed in FROM, an
   unsigned type narrower than the index's, can be read as the signed
   number it stands for: whether i + C stays within FROM in every
   iteration of L, so that widening it is exact.  That needs an ascending
   loop from a constant start (i + C >= 0 from there on), and a C of at
   most 1, or 0 for a <= condition (i + C cannot pass FROM's largest
   value, which bounds i).  If so, *REST becomes that number.  */
static bool
exact_widening (const scan_loop *l, tree from, tree *rest)
{
  unsigned prec = TYPE_PRECISION (from);
  if (prec > 32 || l->step != 1 || TREE_CODE (l->lb) != INTEGER_CST
      || !tree_fits_uhwi_p (*rest) || !tree_fits_shwi_p (l->lb))
    return false;
  HOST_WIDE_INT c = tree_to_uhwi (*rest) & ((HOST_WIDE_INT_1U << prec) - 1);
  if (c >= HOST_WIDE_INT_1 << (prec - 1))
    c -= HOST_WIDE_INT_1 << prec;
  if (tree_to_shwi (l->lb) + c < 0 || c > (l->cond == LT_EXPR ? 1 : 0))
    return false;
  *rest = fold_convert (sizetype, ssize_int (c));
  return true;
}

/* The values the function being compiled gives variable V, in order:
   each assignment's single operand, or error_mark_node for a statement
   that sets V otherwise; NULL where none sets it.  Read once a function,
   for as long as its body stays the same.  */
static vec<tree> *
assigned_values (tree v)
{
  static tree fn;
  static gimple_seq seen;
  static hash_map<tree, vec<tree>> *sets;
  gimple_seq body = gimple_body (current_function_decl);
  if (fn != current_function_decl || seen != body || !sets)
    {
      if (sets)
        for (auto kv : *sets)
          kv.second.release ();
      delete sets;
      sets = new hash_map<tree, vec<tree>>;
      fn = current_function_decl;
      seen = body;
      walk_stmt_info wi;
      memset (&wi, 0, sizeof wi);
      walk_gimple_seq (body, [] (gimple_stmt_iterator *g, bool *,
                                 walk_stmt_info *) -> tree {
          gimple *s = gsi_stmt (*g);
          tree lhs = gimple_get_lhs (s);
          if (lhs && (VAR_P (lhs) || TREE_CODE (lhs) == SSA_NAME))
            sets->get_or_insert (lhs).safe_push
              (is_gimple_assign (s) && gimple_assign_single_p (s)
               ? gimple_assign_rhs1 (s) : error_mark_node);
          return NULL_TREE;
        }, NULL, &wi);
    }
  return sets->get (v);
}

/* The constant that V, a local variable of the function, has wherever it
   is read, or NULL_TREE: a variable not in memory that the function sets
   once, to an integer constant, as gfortran sets the stride of a
   contiguous array (`stride.1 = 1').  A read before that assignment would
   read no value at all.  */
static tree
fixed_value (tree v)
{
  if (!VAR_P (v) || is_global_var (v) || TREE_ADDRESSABLE (v)
      || !INTEGRAL_TYPE_P (TREE_TYPE (v)))
    return NULL_TREE;
  vec<tree> *values = assigned_values (v);
  return values && values->length () == 1
         && TREE_CODE ((*values)[0]) == INTEGER_CST
         ? fold_convert (TREE_TYPE (v), (*values)[0]) : NULL_TREE;
}

/* Whether E reads the stride of a Fortran array descriptor's first
   dimension, `a->dim[0].stride'.  */
static bool
first_dim_stride (tree e)
{
  if (TREE_CODE (e) != COMPONENT_REF
      || !DECL_NAME (TREE_OPERAND (e, 1))
      || strcmp (IDENTIFIER_POINTER (DECL_NAME (TREE_OPERAND (e, 1))),
                 "stride"))
    return false;
  tree dim = TREE_OPERAND (e, 0);
  if (TREE_CODE (dim) != ARRAY_REF || !integer_zerop (TREE_OPERAND (dim, 1)))
    return false;
  dim = TREE_OPERAND (dim, 0);
  return (TREE_CODE (dim) == COMPONENT_REF
          && DECL_NAME (TREE_OPERAND (dim, 1))
          && !strcmp (IDENTIFIER_POINTER (DECL_NAME (TREE_OPERAND (dim, 1))),
                      "dim"));
}

/* Whether V, a local variable of the function, may be the stride of the
   first dimension of an array: each assignment to it sets it to 1, to
   a descriptor's `dim[0].stride', or to a variable that may be, as
   gfortran sets `stride.5' for an assumed-shape array.  Not so where
   something else sets it: the extent of a dimension before
   (`stride.2 = ubound.0' for an explicit-shape `a(n, m)'), or a later
   dimension's stride.  */
static bool
first_stride (tree v, const scan_loop *l)
{
  /* A variable of the plugin's own that stands for a field's read
     (fields.cc): `a.dim[0].stride' of a module's or a local
     allocatable.  */
  for (unsigned k = 0; k < l->field_reads.length (); k += 2)
    if (l->field_reads[k] == v)
      return first_dim_stride (l->field_reads[k + 1]);
  hash_set<tree> visited;
  auto_vec<tree> todo;
  todo.safe_push (v);
  while (!todo.is_empty ())
    {
      tree t = todo.pop ();
      if (visited.add (t))
        continue;
      if (vec<tree> *values = assigned_values (t))
        for (tree e : *values)
          {
            if (integer_onep (e) || first_dim_stride (e))
              continue;
            if (!VAR_P (e) && TREE_CODE (e) != SSA_NAME)
              return false;
            todo.safe_push (e);
          }
    }
  return true;
}

/* Whether V, by which an index is multiplied, is the stride of an
   assumed-shape Fortran array's first dimension: a local variable of the
   function that the body does not set (gfortran's `stride.5', from the
   array's descriptor).  The analysis then takes it for 1 and notes it in
   the loop's unit_strides: the call runs the loop only where each is 1,
   as it is for a whole array, and GCC's own code otherwise
   (lower/call.cc).  */
static bool
unit_stride (tree v, reader *r)
{
  if (!lang_GNU_Fortran () || !VAR_P (v) || is_global_var (v)
      || TREE_ADDRESSABLE (v) || !INTEGRAL_TYPE_P (TREE_TYPE (v))
      || r->assigned.contains (v) || !first_stride (v, r->l))
    return false;
  if (!r->l->unit_strides.contains (v))
    r->l->unit_strides.safe_push (v);
  return true;
}

static tree find_assigned (tree *tp, int *walk_subtrees, void *data);

/* Set when affine refused a widening that might not be exact.  */
static bool widening_refused;

/* Whether E, by which an index is multiplied, is a scalar the loop
   reads and never sets (`ld' in `x[i * ld + j]'), or a product of
   such and constants.  */
static bool
invariant_factor (tree e, reader *r)
{
  if (CONVERT_EXPR_P (e))
    return (INTEGRAL_TYPE_P (TREE_TYPE (e))
            && INTEGRAL_TYPE_P (TREE_TYPE (TREE_OPERAND (e, 0)))
            && invariant_factor (TREE_OPERAND (e, 0), r));
  if (TREE_CODE (e) == MULT_EXPR)
    return (invariant_factor (TREE_OPERAND (e, 0), r)
            && invariant_factor (TREE_OPERAND (e, 1), r));
  if (TREE_CODE (e) == INTEGER_CST)
    return true;
  return ((VAR_P (e) || TREE_CODE (e) == PARM_DECL)
          && INTEGRAL_TYPE_P (TREE_TYPE (e)) && !r->assigned.contains (e)
          && e != r->l->iv);
}

/* Split the affine byte offset E into COEF * *STRIDE * i + *REST, i
   being L's index and *STRIDE a loop-invariant factor or NULL_TREE.  */
static bool
affine (tree e, reader *r, HOST_WIDE_INT *coef, tree *stride, tree *rest)
{
  scan_loop *l = r->l;
  tree iv = l->iv;
  tree a_rest, b_rest, a_stride, b_stride;
  HOST_WIDE_INT a_coef, b_coef;
  *stride = NULL_TREE;
  if (!scanomp_contains (e, iv))
    {
      *coef = 0;
      *rest = fold_convert (sizetype, e);
      return true;
    }
  switch (TREE_CODE (e))
    {
    case VAR_DECL:
    case PARM_DECL:
      *coef = 1;
      *rest = size_zero_node;
      return true;
    CASE_CONVERT:
      {
        /* Widening an unsigned value is not transparent: (size_t) (i - 1u)
           is i - 1 + 2^32 at i = 0.  The bare index may widen, and i + C
           where the loop's range keeps it from wrapping.  */
        tree inner = TREE_OPERAND (e, 0), from = TREE_TYPE (inner);
        if (!INTEGRAL_TYPE_P (TREE_TYPE (e)) || !INTEGRAL_TYPE_P (from)
            || !affine (inner, r, coef, stride, rest))
          return false;
        if (!(TYPE_UNSIGNED (from)
              && TYPE_PRECISION (from) < TYPE_PRECISION (TREE_TYPE (e))
              && (!integer_zerop (*rest) || *stride))
            || (*coef == 1 && !*stride && exact_widening (l, from, rest)))
          return true;
        widening_refused = true;
        return false;
      }
    case PLUS_EXPR:
    case POINTER_PLUS_EXPR:
    case MINUS_EXPR:
      if (!affine (TREE_OPERAND (e, 0), r, &a_coef, &a_stride, &a_rest)
          || !affine (TREE_OPERAND (e, 1), r, &b_coef, &b_stride, &b_rest))
        return false;
      /* Two terms in i, each with a factor of its own, do not add up to
         one.  */
      if (a_coef && b_coef
          && (!a_stride != !b_stride
              || (a_stride && !operand_equal_p (a_stride, b_stride, 0))))
        return false;
      if (TREE_CODE (e) == MINUS_EXPR)
        {
          *coef = a_coef - b_coef;
          *rest = size_binop (MINUS_EXPR, a_rest, b_rest);
        }
      else
        {
          *coef = a_coef + b_coef;
          *rest = size_binop (PLUS_EXPR, a_rest, b_rest);
        }
      if (*coef)
        *stride = a_coef ? a_stride : b_stride;
      return true;
    case MULT_EXPR:
      {
        /* The factor B: a constant, a variable set once to one, a
           Fortran stride taken for 1, or a scalar the loop does not set,
           once.  */
        tree a = TREE_OPERAND (e, 0), b = TREE_OPERAND (e, 1);
        if (scanomp_contains (b, iv))
          std::swap (a, b);
        if (TREE_CODE (b) != INTEGER_CST)
          {
            if (tree c = fixed_value (b))
              b = c;
            else if (unit_stride (b, r))
              b = build_one_cst (TREE_TYPE (b));
          }
        if (!affine (a, r, &a_coef, &a_stride, &a_rest))
          return false;
        if (TREE_CODE (b) != INTEGER_CST || !tree_fits_shwi_p (b))
          {
            if (a_stride || !invariant_factor (b, r))
              return false;
            *coef = a_coef;
            *stride = b;
          }
        else
          {
            *coef = a_coef * tree_to_shwi (b);
            *stride = a_stride;
          }
        *rest = size_binop (MULT_EXPR, a_rest, fold_convert (sizetype, b));
        return true;
      }
    case POINTER_DIFF_EXPR:
      {
        /* `p - a' in a loop over a pointer P: the difference of the
           offsets from one base, or where A is a global array's element
           the body does not move (`&x - a' in a range-based `for' over
           `a', whose first element the body reads through a temporary),
           P's offset plus the distance from A to P's base.  */
        tree a = TREE_OPERAND (e, 0), b = TREE_OPERAND (e, 1);
        tree a_base, b_base, a_off, b_off;
        if (!scan_split_pointer (a, &a_base, &a_off))
          return false;
        if (scan_split_pointer (b, &b_base, &b_off)
            && operand_equal_p (a_base, b_base, 0))
          return affine (fold_build2 (MINUS_EXPR, sizetype, a_off, b_off),
                         r, coef, stride, rest);
        if (!scan_split_pointer (b, &b_base, &b_off)
            || !is_global_var (b_base) || scanomp_contains (b, iv)
            || walk_tree (&b, find_assigned, r, NULL))
          return false;
        if (!affine (a_off, r, coef, stride, rest))
          return false;
        if (TREE_CODE (TREE_TYPE (a_base)) == ARRAY_TYPE)
          a_base = build_fold_addr_expr (a_base);
        tree gap = fold_build2 (POINTER_DIFF_EXPR, ssizetype,
                                fold_convert (ptr_type_node, a_base),
                                fold_convert (ptr_type_node, b));
        *rest = size_binop (PLUS_EXPR, *rest, fold_convert (sizetype, gap));
        return true;
      }
    case EXACT_DIV_EXPR:
      {
        /* `(p - a) / 4' of the same, by a constant that divides the
           index's factor, and so its rest.  */
        tree d = TREE_OPERAND (e, 1);
        if (!tree_fits_shwi_p (d) || tree_to_shwi (d) <= 0
            || !affine (TREE_OPERAND (e, 0), r, coef, stride, rest)
            || *stride || *coef % tree_to_shwi (d))
          return false;
        *coef /= tree_to_shwi (d);
        *rest = fold_convert (sizetype,
                              fold_build2 (EXACT_DIV_EXPR, ssizetype,
                                           fold_convert (ssizetype, *rest),
                                           fold_convert (ssizetype, d)));
        return true;
      }
    case NEGATE_EXPR:
      if (!affine (TREE_OPERAND (e, 0), r, &a_coef, stride, &a_rest))
        return false;
      *coef = -a_coef;
      *rest = size_binop (MINUS_EXPR, size_zero_node, a_rest);
      return true;
    default:
      return false;
    }
}

/* Split pointer expression P into a base array or pointer decl *BASE and
   a byte offset *OFF.  */
bool
scan_split_pointer (tree p, tree *base, tree *off)
{
  switch (TREE_CODE (p))
    {
    case VAR_DECL:
    case PARM_DECL:
      *base = p;
      *off = size_zero_node;
      return POINTER_TYPE_P (TREE_TYPE (p));
    CASE_CONVERT:
      return scan_split_pointer (TREE_OPERAND (p, 0), base, off);
    case POINTER_PLUS_EXPR:
      if (!scan_split_pointer (TREE_OPERAND (p, 0), base, off))
        return false;
      *off = fold_build2 (PLUS_EXPR, sizetype, *off,
                          fold_convert (sizetype, TREE_OPERAND (p, 1)));
      return true;
    case ADDR_EXPR:
      {
        tree t = TREE_OPERAND (p, 0);
        if (VAR_P (t) && TREE_CODE (TREE_TYPE (t)) == ARRAY_TYPE)
          {
            *base = t;
            *off = size_zero_node;
            return true;
          }
        if (TREE_CODE (t) == ARRAY_REF && VAR_P (TREE_OPERAND (t, 0)))
          {
            *base = TREE_OPERAND (t, 0);
            *off = fold_build2 (MULT_EXPR, sizetype,
                                fold_convert (sizetype, TREE_OPERAND (t, 1)),
                                TYPE_SIZE_UNIT (TREE_TYPE (t)));
            return true;
          }
        return false;
      }
    default:
      return false;
    }
}

/* walk_tree callback: a variable the body assigns (DATA is the reader):
   an index built on one is not loop-invariant.  */
static tree
find_assigned (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (((reader *) data)->assigned.contains (*tp))
    return *tp;
  return NULL_TREE;
}

/* The ARRAY_REF of REF's chain that indexes an array variable, or the
   array a pointer points to (a MEM_REF), each index's lower bound a
   constant: REF itself, or, where NESTED (a collapsed nest's element
   of an array of arrays, `a[i][j]'), one that REF's chain of
   ARRAY_REFs of constant element sizes reaches; else NULL_TREE.  */
static tree
outermost_ref (tree ref, bool nested)
{
  for (tree level = ref; TREE_CODE (level) == ARRAY_REF;
       level = TREE_OPERAND (level, 0))
    {
      tree array = TREE_OPERAND (level, 0);
      if (TREE_CODE (array_ref_low_bound (level)) != INTEGER_CST
          || TREE_CODE (TYPE_SIZE_UNIT (TREE_TYPE (level))) != INTEGER_CST)
        return NULL_TREE;
      if (VAR_P (array) || TREE_CODE (array) == MEM_REF)
        return level;
      if (!nested)
        return NULL_TREE;
    }
  return NULL_TREE;
}

bool
scan_read_access (reader *r, tree ref, gimple *stmt, bool store,
                  scan_access *out)
{
  scan_access &a = *out;
  memset (&a, 0, sizeof a);
  a.arg = -1;
  a.ref = ref;
  a.stmt = stmt;
  a.store = store;
  a.elem_type = TREE_TYPE (ref);
  tree off = NULL_TREE;
  bool ok = false, unreliable = false;
  if (TREE_CODE (ref) == MEM_REF)
    {
      tree p = scan_substitute (r, TREE_OPERAND (ref, 0));
      unreliable = r->saw_taint;
      ok = scan_split_pointer (p, &a.base, &off);
      if (ok)
        off = fold_build2 (PLUS_EXPR, sizetype, off,
                           fold_convert (sizetype, TREE_OPERAND (ref, 1)));
    }
  else if (tree outer = outermost_ref (ref, r->l->nest.length () != 0))
    {
      /* An array, or in Fortran the array a pointer points to: (*a)[k]
         for a dummy argument, MEM <int[0:]> [p][k] for an allocatable.
         Fortran's arrays have their own lower bounds.  */
      tree array = TREE_OPERAND (outer, 0);
      ok = true;
      off = size_zero_node;
      if (VAR_P (array))
        a.base = array;
      else
        {
          tree p = scan_substitute (r, TREE_OPERAND (array, 0));
          ok = scan_split_pointer (p, &a.base, &off);
          off = fold_build2 (PLUS_EXPR, sizetype, off,
                             fold_convert (sizetype,
                                           TREE_OPERAND (array, 1)));
        }
      for (tree level = ref; ; level = TREE_OPERAND (level, 0))
        {
          tree idx = scan_substitute (r, TREE_OPERAND (level, 1));
          unreliable |= r->saw_taint;
          idx = fold_build2 (MINUS_EXPR, ssizetype,
                             fold_convert (ssizetype, idx),
                             fold_convert (ssizetype,
                                           array_ref_low_bound (level)));
          off = fold_build2 (PLUS_EXPR, sizetype, off,
                             fold_build2 (MULT_EXPR, sizetype,
                                          fold_convert (sizetype, idx),
                                          TYPE_SIZE_UNIT (TREE_TYPE
                                                          (level))));
          if (level == outer)
            break;
        }
    }
  /* A store of the scan phase, a read of an array no scan clause scans
     (whose y[i-1] the clause reads at the index alone), or any access of
     a collapsed nest (whose indices the position gives by division), to
     an array the body does not change the pointer of, at an index the
     host path computes as the loop does.  */
  bool scanned = (r->it && a.base
                  && (a.base == r->it->var
                      || scan_scanned_elsewhere (r->l, r->it, a.base)));
  bool may_scatter = ((store && r->scatter_stores)
                      || (!store && r->gather_reads && !scanned)
                      || r->l->nest.length ())
                     && ok && r->ok && DECL_P (a.base)
                     && !r->assigned.contains (a.base);
  if (unreliable && !may_scatter)
    {
      scan_complain (r->l, gimple_location (stmt), "an array index in the "
                     "%<scan%> loop is computed before a branch or an inner "
                     "loop, or chosen in branches (as %<c ? x[i] : w[i]%> "
                     "is where a reference to it is taken) and read past "
                     "a further branch; compute it next to its use, from "
                     "the loop index, or copy the element chosen into a "
                     "variable first");
      scan_for_this_clause (r);
      r->ok = false;
      return false;
    }
  if (!ok || !r->ok)
    {
      scan_complain (r->l, gimple_location (stmt), lang_GNU_Fortran ()
                     ? "the %<scan%> loop accesses memory that is not an "
                       "element of an array; index arrays directly, as in "
                       "%<x(i)%>"
                     : "the %<scan%> loop accesses memory that is not an "
                       "element of an array or of memory a pointer points "
                       "to; index arrays directly, as in %<x[i]%>");
      scan_for_this_clause (r);
      r->ok = false;
      return false;
    }
  widening_refused = false;
  bool is_affine = (!unreliable
                    && affine (off, r, &a.coef, &a.stride, &a.rest)
                    && !walk_tree (&a.rest, find_assigned, r, NULL));
  /* An index that may wrap around in the loop index's type: a scan
     clause's read says so (below), rather than be a gather that costs
     the loop its kernels; an inscan loop's is a gather, as the host path
     computes it as the loop does.  */
  if (!is_affine && may_scatter
      && !(widening_refused && !store && !r->l->inscan))
    {
      a.scatter = true;
      a.coef = 0;
      a.stride = a.rest = NULL_TREE;
      return true;
    }
  if (!is_affine && widening_refused)
    {
      scan_complain (r->l, gimple_location (stmt), "an array index in the "
                     "%<scan%> loop may wrap around in %qT, the type of the "
                     "loop index %qD; use a signed or 64-bit loop index",
                     TREE_TYPE (r->l->iv), scanomp_written_index (r->l));
      scan_for_this_clause (r);
      r->ok = false;
      return false;
    }
  if (!is_affine)
    {
      scan_complain (r->l, gimple_location (stmt), lang_GNU_Fortran ()
                     ? "an array index in the %<scan%> loop is not an affine "
                       "function of the loop index %qD; index arrays as in "
                       "%<x(i + k)%>, %<x(2 * i)%> or %<x(k, i)%>"
                     : "an array index in the %<scan%> loop is not an affine "
                       "function of the loop index %qD; index arrays as in "
                       "%<x[i + k]%>, %<x[2 * i]%> or %<x[i * w + k]%>, "
                       "%<w%> a variable the loop does not set",
                     scanomp_written_index (r->l));
      scan_for_this_clause (r);
      r->ok = false;
      return false;
    }
  return true;
}

/* Record the memory access REF of STMT, a store when STORE.  */
void
scan_record_access (reader *r, tree ref, gimple *stmt, bool store)
{
  scan_access a;
  if (scan_read_access (r, ref, stmt, store, &a))
    r->l->accesses.safe_push (a);
}
