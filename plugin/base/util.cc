/* SPDX-License-Identifier: GPL-3.0-or-later */
/* util.cc: what the plugin's stages share and none of them owns: whether
   a loop is inside a target construct, where its messages go, the walk
   over statements, an expression as a GIMPLE value, the record types the
   lowered code and the host path build, a recurrence's pair fields, the
   identities of the built-in operators, and the scalars and math
   functions the kernels can carry.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "gimplify.h"
#include "fold-const.h"
#include "stringpool.h"
#include "stor-layout.h"
#include "real.h"
#include "cpplib.h"

#include "base/util.h"

bool
scanomp_same_step (const scan_access &a, const scan_access &b)
{
  return (a.coef == b.coef && !a.stride == !b.stride
          && (!a.stride || operand_equal_p (a.stride, b.stride, 0)));
}

tree
scanomp_step (const scan_access &a)
{
  tree l = long_integer_type_node;
  tree coef = build_int_cst (l, a.coef);
  return (a.stride ? fold_build2 (MULT_EXPR, l, coef,
                                  fold_convert (l, a.stride))
                   : coef);
}

bool
scanomp_on_host (const scan_loop *l)
{
  return gimple_code (l->construct) != GIMPLE_OMP_TARGET;
}

bool
scanomp_orphan (const scan_loop *l)
{
  return gimple_code (l->construct) == GIMPLE_OMP_FOR;
}

gimple_seq *
scanomp_inner_seq (gimple *s)
{
  if (gbind *b = dyn_cast<gbind *> (s))
    return gimple_bind_body_ptr (b);
  if (gimple_code (s) == GIMPLE_TRY)
    return gimple_try_eval_ptr (s);
  /* GCC 12's gimple_has_substatements forgets GIMPLE_OMP_SCAN.  */
  if (is_gimple_omp (s) && (gimple_has_substatements (s)
                            || gimple_code (s) == GIMPLE_OMP_SCAN))
    return gimple_omp_body_ptr (s);
  return NULL;
}

bool
scanomp_walk_seq (gimple_seq *seq,
                  walk_step (*visit) (gimple_stmt_iterator *, void *),
                  void *data)
{
  for (gimple_stmt_iterator g = gsi_start (*seq); !gsi_end_p (g);
       gsi_next (&g))
    switch (visit (&g, data))
      {
      case WALK_STOP:
        return true;
      case WALK_INTO:
        if (gimple_seq *inner = scanomp_inner_seq (gsi_stmt (g)))
          if (scanomp_walk_seq (inner, visit, data))
            return true;
        break;
      case WALK_PAST:
        break;
      }
  return false;
}

void
scanomp_flatten_phases (gimple_seq *seq)
{
  gimple_stmt_iterator g = gsi_start (*seq);
  while (!gsi_end_p (g))
    {
      gimple *s = gsi_stmt (g);
      if (gimple_code (s) == GIMPLE_OMP_SCAN)
        {
          gimple_seq phase = gimple_omp_body (s);
          gimple_omp_set_body (s, NULL);
          scanomp_flatten_phases (&phase);
          gsi_replace_with_seq (&g, phase, false);
          continue;
        }
      if (gbind *b = dyn_cast<gbind *> (s))
        scanomp_flatten_phases (gimple_bind_body_ptr (b));
      else if (gimple_code (s) == GIMPLE_TRY)
        scanomp_flatten_phases (gimple_try_eval_ptr (s));
      gsi_next (&g);
    }
}

const cpp_token *
scanomp_peek (cpp_reader *pfile, int *index)
{
  const cpp_token *t;
  do
    t = cpp_peek_token (pfile, (*index)++);
  while (t->type == CPP_PADDING);
  return t;
}

bool
scanomp_token_is (const cpp_token *t, const char *name)
{
  return (t->type == CPP_NAME
          && !strcmp ((const char *) NODE_NAME (t->val.node.node), name));
}

expanded_location
scanomp_written (location_t loc)
{
  return expand_location (linemap_resolve_location
                          (line_table, loc, LRK_MACRO_EXPANSION_POINT, NULL));
}

bool
scanomp_same_line (location_t a, location_t b)
{
  expanded_location x = scanomp_written (a), y = scanomp_written (b);
  return x.file && y.file && !strcmp (x.file, y.file) && x.line == y.line;
}

location_t
scanomp_where (const scan_loop *l)
{
  return l->clause ? l->clause->loc : gimple_location (l->construct);
}

tree
scanomp_tmp_var (tree type, const char *name)
{
  gcc_assert (COMPLETE_TYPE_P (type));
  tree v = create_tmp_var_raw (type, name);
  gimple_add_tmp_var (v);
  return v;
}

tree
scanomp_replace_vars (tree *tp, int *walk_subtrees, void *data)
{
  walk_stmt_info *wi = (walk_stmt_info *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (tree *c = ((hash_map<tree, tree> *) wi->info)->get (*tp))
    *tp = *c;
  return NULL_TREE;
}

tree
scanomp_value (tree e, gimple_seq *seq)
{
  if (is_gimple_val (e))
    return unshare_expr (e);
  tree v = scanomp_tmp_var (TREE_TYPE (e), "scan_value");
  gimplify_assign (v, unshare_expr (e), seq);
  return v;
}

tree
scanomp_find_in_set (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (((hash_set<tree> *) data)->contains (*tp))
    return *tp;
  return NULL_TREE;
}

tree
scanomp_record (const char *name, unsigned n, const tree *types,
                const char *const *names, tree *fields)
{
  tree rec = make_node (RECORD_TYPE);
  tree chain = NULL_TREE;
  for (unsigned i = n; i-- > 0;)
    {
      fields[i] = build_decl (BUILTINS_LOCATION, FIELD_DECL,
                              get_identifier (names[i]), types[i]);
      DECL_CONTEXT (fields[i]) = rec;
      DECL_CHAIN (fields[i]) = chain;
      chain = fields[i];
    }
  TYPE_FIELDS (rec) = chain;
  TYPE_NAME (rec) = get_identifier (name);
  layout_type (rec);
  return rec;
}

tree
scanomp_last_type (tree type)
{
  tree types[2] = { integer_type_node, type }, fields[2];
  static const char *const names[2] = { "set", "value" };
  return scanomp_record ("scanomp_last", 2, types, names, fields);
}


bool
scanomp_device_scalar (tree type)
{
  if (POINTER_TYPE_P (type) || TREE_CODE (type) == BOOLEAN_TYPE)
    return true;
  if (INTEGRAL_TYPE_P (type))
    switch (TYPE_PRECISION (type))
      {
      case 8: case 16: case 32: case 64: return true;
      default: return false;
      }
  if (SCALAR_FLOAT_TYPE_P (type))
    return TYPE_PRECISION (type) == 32 || TYPE_PRECISION (type) == 64;
  return false;
}

const char *
scanomp_math_function (tree fn)
{
  if (!fn || !fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    return NULL;
  /* OpenCL C overloads these by argument type, as <tgmath.h> does: sqrtf
     is sqrt.  It has no nearbyint; rint rounds alike in the kernels,
     which raise no exceptions.  */
  switch (DECL_FUNCTION_CODE (fn))
    {
    CASE_FLT_FN (BUILT_IN_SQRT): return "sqrt";
    CASE_FLT_FN (BUILT_IN_FABS): return "fabs";
    CASE_FLT_FN (BUILT_IN_EXP): return "exp";
    CASE_FLT_FN (BUILT_IN_LOG): return "log";
    CASE_FLT_FN (BUILT_IN_SIN): return "sin";
    CASE_FLT_FN (BUILT_IN_COS): return "cos";
    CASE_FLT_FN (BUILT_IN_POW): return "pow";
    CASE_FLT_FN (BUILT_IN_FMIN): return "fmin";
    CASE_FLT_FN (BUILT_IN_FMAX): return "fmax";
    CASE_FLT_FN (BUILT_IN_FLOOR): return "floor";
    CASE_FLT_FN (BUILT_IN_CEIL): return "ceil";
    CASE_FLT_FN (BUILT_IN_ROUND): return "round";
    CASE_FLT_FN (BUILT_IN_TRUNC): return "trunc";
    CASE_FLT_FN (BUILT_IN_RINT): return "rint";
    CASE_FLT_FN (BUILT_IN_NEARBYINT): return "rint";
    CASE_FLT_FN (BUILT_IN_FMOD): return "fmod";
    /* GCC folds (long) floor (x) and the like into these; the call's
       result converts to its integer type on assignment, as in C.  */
    CASE_FLT_FN (BUILT_IN_IFLOOR): CASE_FLT_FN (BUILT_IN_LFLOOR):
    CASE_FLT_FN (BUILT_IN_LLFLOOR): return "floor";
    CASE_FLT_FN (BUILT_IN_ICEIL): CASE_FLT_FN (BUILT_IN_LCEIL):
    CASE_FLT_FN (BUILT_IN_LLCEIL): return "ceil";
    CASE_FLT_FN (BUILT_IN_IROUND): CASE_FLT_FN (BUILT_IN_LROUND):
    CASE_FLT_FN (BUILT_IN_LLROUND): return "round";
    CASE_FLT_FN (BUILT_IN_IRINT): CASE_FLT_FN (BUILT_IN_LRINT):
    CASE_FLT_FN (BUILT_IN_LLRINT): return "rint";
    default: return NULL;
    }
}

bool
scanomp_costly_call (const gimple *s)
{
  if (!is_gimple_call (s) || gimple_call_internal_p (s))
    return false;
  tree fn = gimple_call_fndecl (s);
  if (!fn || !fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    return true;
  switch (DECL_FUNCTION_CODE (fn))
    {
    CASE_FLT_FN (BUILT_IN_SQRT): CASE_FLT_FN (BUILT_IN_FABS):
    CASE_FLT_FN (BUILT_IN_FMIN): CASE_FLT_FN (BUILT_IN_FMAX):
    CASE_FLT_FN (BUILT_IN_FLOOR): CASE_FLT_FN (BUILT_IN_CEIL):
    CASE_FLT_FN (BUILT_IN_TRUNC): CASE_FLT_FN (BUILT_IN_RINT):
    CASE_FLT_FN (BUILT_IN_NEARBYINT): CASE_FLT_FN (BUILT_IN_COPYSIGN):
    CASE_FLT_FN (BUILT_IN_IFLOOR): CASE_FLT_FN (BUILT_IN_LFLOOR):
    CASE_FLT_FN (BUILT_IN_LLFLOOR): CASE_FLT_FN (BUILT_IN_ICEIL):
    CASE_FLT_FN (BUILT_IN_LCEIL): CASE_FLT_FN (BUILT_IN_LLCEIL):
    CASE_FLT_FN (BUILT_IN_IRINT): CASE_FLT_FN (BUILT_IN_LRINT):
    CASE_FLT_FN (BUILT_IN_LLRINT):
    case BUILT_IN_EXPECT:
      return false;
    default:
      return true;
    }
}

/* walk_gimple_seq callback: stop at a costly call.  */
static tree
find_costly_call (gimple_stmt_iterator *gsi, bool *handled,
                  struct walk_stmt_info *)
{
  if (!scanomp_costly_call (gsi_stmt (*gsi)))
    return NULL_TREE;
  *handled = true;
  return integer_one_node;
}

bool
scanomp_calls_costly (gimple_seq seq)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  return walk_gimple_seq (seq, find_costly_call, NULL, &wi) != NULL;
}

tree
scanomp_pair_field (tree x, unsigned k)
{
  tree f = TYPE_FIELDS (TREE_TYPE (x));
  while (k--)
    f = DECL_CHAIN (f);
  return build3 (COMPONENT_REF, TREE_TYPE (f), unshare_expr (x), f,
                 NULL_TREE);
}

tree
scanomp_map_type (tree type, unsigned order)
{
  unsigned n = order + order * order;
  tree *types = XALLOCAVEC (tree, n), *fields = XALLOCAVEC (tree, n);
  const char **names = XALLOCAVEC (const char *, n);
  char *text = XALLOCAVEC (char, 32 * n);
  for (unsigned j = 0; j < n; j++)
    {
      types[j] = type;
      char *name = text + 32 * j;
      if (j < order)
        snprintf (name, 32, "c%u", j);
      else
        snprintf (name, 32, "m%u%u", (j - order) / order,
                  (j - order) % order);
      names[j] = name;
    }
  return scanomp_record ("scanomp_map", n, types, names, fields);
}

/* A floating-point sum's identity is -0.0, the one zero that adds
   nothing: c + -0.0 is c for every c, where c + 0.0 turns -0.0 into 0.0
   as the loop never does; and GCC folds it away.  */
tree
scanomp_identity (enum scan_op op, tree t)
{
  bool fl = SCALAR_FLOAT_TYPE_P (t);
  switch (op)
    {
    case SCAN_OP_ADD:
    case SCAN_OP_SUB:
      return fl ? build_real (t, real_value_negate (&dconst0))
                : build_zero_cst (t);
    case SCAN_OP_MUL:
    case SCAN_OP_LAND:
      return build_one_cst (t);
    case SCAN_OP_AND:
      return build_all_ones_cst (t);
    case SCAN_OP_MIN:
    case SCAN_OP_MAX:
      if (fl)
        {
          REAL_VALUE_TYPE inf;
          real_inf (&inf);
          if (op == SCAN_OP_MAX)
            inf = real_value_negate (&inf);
          return build_real (t, inf);
        }
      return op == SCAN_OP_MIN ? TYPE_MAX_VALUE (t) : TYPE_MIN_VALUE (t);
    default:
      return build_zero_cst (t);
    }
}
