/* SPDX-License-Identifier: GPL-3.0-or-later */
/* host.cc: the host path's functions, compiled by GCC from the loop's own
   GIMPLE, which libscanrt runs on OpenMP's threads (libscanrt/host.c and
   scanrt-abi.h):

     reduce (args, first, lo, hi, out)    *out = what positions [lo, hi)
                                          contribute, combined
     scan (args, first, lo, hi, carry)    the loop over [lo, hi) from the
                                          prefix *carry, left in *carry
     combine (a, b)                       *a = *a op *b

   Each of reduce and scan is a copy of the loop body inside a loop over
   positions, in a function of its own: the read of y[i-1] reads a local
   carry instead, and the store to y[i] sets the carry (and, in scan, then
   stores it), so that from the identity the body yields what its
   iteration contributes, as emit.cc's kernels do; a read of y[i] after
   that store reads the carry too, and the stores to other arrays are
   made in scan alone.  The arrays and the loop-invariant scalars come
   from ARGS, laid out as for the kernels (lower.cc's arg_descs); every
   other variable of the body becomes a local of the function.  Where it
   can, the scan function is an `omp simd' loop that GCC vectorizes
   instead (see simd_code), or for floating-point sums takes its positions
   in groups (see group_size).  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "gimplify.h"
#include "gimplify-me.h"
#include "stringpool.h"
#include "fold-const.h"
#include "function.h"
#include "tree-pass.h"
#include "cgraph.h"
#include "real.h"
#include "tree-ssa.h"
#include "diagnostic-core.h"

#include "host/host.h"

/* The reduction code of the scan function of L's N items where it is an
   `omp simd' loop with an inscan reduction, which GCC vectorizes (an
   in-register scan of each vector, a vector store), else ERROR_MARK: a
   single array or scan variable, where optimizing, not a C++ reference,
   of arithmetic elements with `+' or `-', or of integers with `&', `|'
   or `^'.  The scalar loop stores an element at a time and is bound by
   that: on the machine measured (2^14 elements in cache, one thread),
   0.61 ns an int `+' against the vector loop's 0.23, 0.97 ns a float
   against 0.51, and 0.56 ns an int `^' against 0.28; doubles, two to a
   vector, gain nothing and lose nothing.  GCC 12 vectorizes no inscan
   `*' of floats, nor min or max; an integer `*' is left out, as its
   vector lanes' products from the identity may overflow where the
   loop's prefixes do not.  Of a scan clause, the input phase is the body
   from the identity, as in the reduce function, and the scan phase the
   body again, storing the prefix where it stores y[i]; an inscan loop's
   phases are its own.  Integers narrower than int stay scalar: the
   reduction computes in their own type, where C computes in int and
   truncates, so that a `short' prefix past SHRT_MAX would overflow
   (UBSan found it).  */
static tree_code
simd_code (scan_loop *l, unsigned n)
{
  tree t = l->type;
  bool wide = (INTEGRAL_TYPE_P (t) && TREE_CODE (t) != BOOLEAN_TYPE
               && TYPE_PRECISION (t) >= TYPE_PRECISION (integer_type_node));
  if (!optimize || n != 1 || (l->inscan && l->host_var != l->var))
    return ERROR_MARK;
  switch (l->op)
    {
    case SCAN_OP_ADD:
    case SCAN_OP_SUB:
      return wide || SCALAR_FLOAT_TYPE_P (t) ? PLUS_EXPR : ERROR_MARK;
    case SCAN_OP_AND:
      return wide ? BIT_AND_EXPR : ERROR_MARK;
    case SCAN_OP_OR:
      return wide ? BIT_IOR_EXPR : ERROR_MARK;
    case SCAN_OP_XOR:
      return wide ? BIT_XOR_EXPR : ERROR_MARK;
    default:
      return ERROR_MARK;
    }
}

/* walk_gimple_seq callback: count the statements in DATA's info, and
   stop at one that branches (a label, which a branch goes to).  */
static tree
count_stmt (gimple_stmt_iterator *gsi, bool *handled,
            struct walk_stmt_info *wi)
{
  gimple *s = gsi_stmt (*gsi);
  if (gimple_code (s) == GIMPLE_LABEL)
    {
      *handled = true;
      return integer_one_node;
    }
  if (!is_gimple_debug (s))
    ++*(unsigned *) wi->info;
  return NULL_TREE;
}

/* The positions a group of the scan function of L's N items takes, or 0
   where it has no grouped form: a floating-point `+' or `-' of the simd
   form (see simd_code).  Each group scans its elements from the identity,
   a short chain of adds, and adds the carry to each of them, which
   carries one add a group: the adds of different groups overlap, where
   the loop waits an add's latency for every element.  GCC's vector form
   gains nothing for doubles (its two-lane scan waits on the carry as
   long), and half of it for floats.  On the machine measured (2^10 to
   2^14 elements in cache, one thread, a hand-written loop of this form):
   groups of 8 took 0.34 ns a double and 0.35 a float, groups of 4 0.38
   and 0.39, the vector form 0.95 and 0.49, the sequential loop 0.93.  Its
   rounding is that of adding each group's prefixes to the carry: it
   differs from the loop's, as the vector form's does, but not from run to
   run.  The function holds 18 copies of the body: not where optimizing
   for size, nor for a body that branches (its branches cost more than the
   latency: a float body with an if took 1.65 to 2.05 ns an element
   grouped, against 1.05 in the simd form, measured as above) or one of
   more than 40 statements, whose own work hides the latency.  */
static unsigned
group_size (scan_loop *l, unsigned n)
{
  if (simd_code (l, n) != PLUS_EXPR || !SCALAR_FLOAT_TYPE_P (l->type)
      || optimize_size)
    return 0;
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  unsigned count = 0;
  wi.info = &count;
  if (walk_gimple_seq (gimple_omp_body (l->loop), count_stmt, NULL, &wi))
    return 0;
  return count <= 40 ? 8 : 0;
}

/* The identity of array L's built-in operator over its element type (a
   user-defined one's is its initializer's, see body_function).  A
   floating-point sum's is -0.0, the one zero that adds nothing: c + -0.0
   is c for every c, where c + 0.0 turns -0.0 into 0.0 as the loop never
   does; and GCC folds it away.  */
static tree
identity (scan_loop *l)
{
  tree t = l->type;
  bool fl = SCALAR_FLOAT_TYPE_P (t);
  switch (l->op)
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
          if (l->op == SCAN_OP_MAX)
            inf = real_value_negate (&inf);
          return build_real (t, inf);
        }
      return l->op == SCAN_OP_MIN ? TYPE_MAX_VALUE (t) : TYPE_MIN_VALUE (t);
    default:
      return build_zero_cst (t);
    }
}

/* A combined with B by array L's operator, integers wrapping (the
   partials of blocks may overflow where no prefix of the loop does).  */
static tree
combined (scan_loop *l, tree a, tree b)
{
  tree t = l->type;
  tree ut = INTEGRAL_TYPE_P (t) ? unsigned_type_for (t) : t;
  auto arith = [&] (tree_code code) {
    return fold_convert (t, fold_build2 (code, ut, fold_convert (ut, a),
                                         fold_convert (ut, b)));
  };
  auto truth = [&] (tree_code code) {
    return fold_convert (t, fold_build2 (code, boolean_type_node,
                                         fold_build2 (NE_EXPR,
                                                      boolean_type_node, a,
                                                      build_zero_cst (t)),
                                         fold_build2 (NE_EXPR,
                                                      boolean_type_node, b,
                                                      build_zero_cst (t))));
  };
  switch (l->op)
    {
    case SCAN_OP_MUL:
      return arith (MULT_EXPR);
    case SCAN_OP_AND:
      return fold_build2 (BIT_AND_EXPR, t, a, b);
    case SCAN_OP_OR:
      return fold_build2 (BIT_IOR_EXPR, t, a, b);
    case SCAN_OP_XOR:
      return fold_build2 (BIT_XOR_EXPR, t, a, b);
    case SCAN_OP_LAND:
      return truth (TRUTH_AND_EXPR);
    case SCAN_OP_LOR:
      return truth (TRUTH_OR_EXPR);
    case SCAN_OP_MIN:
    case SCAN_OP_MAX:
      return fold_build3 (COND_EXPR, t,
                          fold_build2 (l->op == SCAN_OP_MIN ? LT_EXPR
                                                            : GT_EXPR,
                                       boolean_type_node, b, a),
                          unshare_expr (b), unshare_expr (a));
    default:
      /* + and -: the body, run from the identity, already yields the
         negated element of a -.  */
      return arith (PLUS_EXPR);
    }
}

/* A new function NAME of the current one, with parameters of TYPES (N of
   them) in *PARMS, returning void; its struct function is pushed.  */
static tree
new_function (const char *name, unsigned n, const tree *types, tree *parms)
{
  tree fntype = build_function_type_array (void_type_node, n,
                                           const_cast<tree *> (types));
  tree fn = build_decl (DECL_SOURCE_LOCATION (current_function_decl),
                        FUNCTION_DECL,
                        clone_function_name_numbered (current_function_decl,
                                                      name),
                        fntype);
  TREE_STATIC (fn) = 1;
  TREE_USED (fn) = 1;
  DECL_ARTIFICIAL (fn) = 1;
  DECL_IGNORED_P (fn) = 1;
  DECL_EXTERNAL (fn) = 0;
  TREE_PUBLIC (fn) = 0;
  DECL_CONTEXT (fn) = NULL_TREE;
  DECL_INITIAL (fn) = make_node (BLOCK);
  BLOCK_SUPERCONTEXT (DECL_INITIAL (fn)) = fn;
  DECL_FUNCTION_SPECIFIC_OPTIMIZATION (fn)
    = DECL_FUNCTION_SPECIFIC_OPTIMIZATION (current_function_decl);
  DECL_FUNCTION_SPECIFIC_TARGET (fn)
    = DECL_FUNCTION_SPECIFIC_TARGET (current_function_decl);
  tree result = build_decl (DECL_SOURCE_LOCATION (fn), RESULT_DECL,
                            NULL_TREE, void_type_node);
  DECL_ARTIFICIAL (result) = 1;
  DECL_IGNORED_P (result) = 1;
  DECL_CONTEXT (result) = fn;
  DECL_RESULT (fn) = result;
  tree chain = NULL_TREE;
  for (unsigned i = n; i-- > 0;)
    {
      parms[i] = build_decl (DECL_SOURCE_LOCATION (fn), PARM_DECL,
                             create_tmp_var_name ("scan_parm"), types[i]);
      DECL_ARG_TYPE (parms[i]) = types[i];
      DECL_CONTEXT (parms[i]) = fn;
      TREE_USED (parms[i]) = 1;
      DECL_CHAIN (parms[i]) = chain;
      chain = parms[i];
    }
  DECL_ARGUMENTS (fn) = chain;
  push_struct_function (fn);
  cfun->function_end_locus = DECL_SOURCE_LOCATION (fn);
  init_tree_ssa (cfun);
  return fn;
}

/* FN's own options, where the loop is optimized at all.  A reduce
   function vectorizes, -O2 included (-ftree-loop-vectorize
   -fvect-cost-model=dynamic), with several accumulators (-funroll-loops
   -fvariable-expansion-in-unroller), and reassociates floating-point
   arithmetic (-fassociative-math) to do so where REASSOCIATE: its
   association then differs from the loop's, as the kernels' does, but
   not from run to run.  Not for a floating-point product: one partial
   product a vector lane (every fourth factor) can overflow where the
   loop's never does, and 0 * inf gives a NaN (GCC's libgomp.c/scan-3.c
   found it).  A reduce is a scan's other half of the work; vectorized,
   it costs a fraction of it.  A SCAN function unrolls its loop, which
   takes its time per element from 1.25 times the sequential loop's to
   the same (a 2^15-int `+' scan on 2 cores), and vectorizes its `omp
   simd' form (see simd_code), -O1 included.  */
static void
tune (tree fn, bool scan, bool reassociate)
{
  if (!optimize || DECL_FUNCTION_SPECIFIC_OPTIMIZATION (fn))
    return;
  static gcc_options opts, opts_set;
  opts = global_options;
  opts_set = global_options_set;
  opts.x_flag_unroll_loops = 1;
  opts.x_flag_tree_loop_vectorize = 1;
  if (!scan && reassociate)
    {
      opts.x_flag_vect_cost_model = VECT_COST_MODEL_DYNAMIC;
      opts.x_flag_associative_math = 1;
      opts.x_flag_variable_expansion_in_unroller = 1;
      opts.x_flag_signed_zeros = 0;
      opts.x_flag_trapping_math = 0;
    }
  DECL_FUNCTION_SPECIFIC_OPTIMIZATION (fn) = build_optimization_node (&opts,
                                                                      &opts_set);
}

/* Give FN, whose struct function is pushed, BODY, and hand it to the
   call graph, which lowers it as it does the functions of the source.  */
static void
finish_function (tree fn, gimple_seq body)
{
  gbind *bind = gimple_build_bind (NULL_TREE, body, DECL_INITIAL (fn));
  pop_gimplify_context (bind);
  gimple_seq seq = NULL;
  gimple_seq_add_stmt (&seq, bind);
  gimple_set_body (fn, seq);
  cfun->curr_properties = PROP_gimple_any;
  pop_cfun ();
  cgraph_node::add_new_function (fn, false);
}

/* What a reduce or scan function is built from.  */
struct outline
{
  scan_loop *l;
  unsigned n;
  bool scan;                      /* the scan function, else reduce */
  /* The markers that stand for each array's reads of y[i-1], stores to
     y[i] and reads of y[i] after them in the copy of the body, and for
     the stores beside the clause's arrays, and what they stand for.  */
  struct marker
  {
    tree decl;
    unsigned item;
    bool store;
    bool after;                   /* a read of y[i] after the store */
    bool output;                  /* a store beside the clause's arrays,
                                     which only the scan function makes */
    tree ref;                     /* the access in the loop */
    gimple *stmt;                 /* and its statement */
    tree in_stmt;                 /* where not NULL, what stands for REF
                                     in STMT: DECL's address, where REF
                                     is a variable that points to y[i-1]
                                     and STMT passes it to a function */
  };
  auto_vec<marker> markers;
  tree stored;                    /* where not NULL, what the scan
                                     function's stores to y[i] store, in
                                     place of the marker they set */
  tree *flag;                     /* per lastprivate variable: the marker
                                     set after each statement that sets
                                     it */
  tree *carry;                    /* per array or variable: its carry; a
                                     lastprivate variable's value */
  hash_map<tree, tree> map;       /* the loop's decls: the function's */
  bool ok;                        /* the body fits a function */

  outline (scan_loop *l_, unsigned n_, bool scan_)
    : l (l_), n (n_), scan (scan_), stored (NULL_TREE), flag (NULL),
      carry (NULL), ok (true)
  {}
};

/* walk_tree callback: replace in a statement of the loop the tree that
   DATA's info holds first by its second, and count it third.  */
static tree
swap_tree (tree *tp, int *walk_subtrees, void *data)
{
  tree *pair = (tree *) ((struct walk_stmt_info *) data)->info;
  if (*tp == pair[0])
    {
      *tp = pair[1];
      pair[2] = integer_one_node;
      *walk_subtrees = 0;
    }
  else if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* Replace FROM by TO in STMT; whether it was there.  */
static bool
swap_in (gimple *stmt, tree from, tree to)
{
  tree pair[3] = { from, to, NULL_TREE };
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = pair;
  walk_gimple_op (stmt, swap_tree, &wi);
  return pair[2] != NULL_TREE;
}

/* walk_tree callback: map the copy's decls and labels to the function's
   (see the head of this file).  */
static tree
remap (tree *tp, int *walk_subtrees, void *data)
{
  outline *o = (outline *) ((struct walk_stmt_info *) data)->info;
  tree t = *tp;
  if (TYPE_P (t))
    {
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (TREE_CODE (t) == LABEL_DECL)
    {
      tree *m = o->map.get (t);
      if (!m)
        {
          tree label = create_artificial_label (DECL_SOURCE_LOCATION (t));
          m = &o->map.get_or_insert (t);
          *m = label;
        }
      *tp = *m;
      return NULL_TREE;
    }
  if (!VAR_P (t) && TREE_CODE (t) != PARM_DECL && TREE_CODE (t) != RESULT_DECL)
    return NULL_TREE;
  if (tree *m = o->map.get (t))
    {
      *tp = unshare_expr (*m);
      *walk_subtrees = 0;
      return NULL_TREE;
    }
  if (is_global_var (t))
    return NULL_TREE;
  tree copy = create_tmp_var (TREE_TYPE (t), "scan_local");
  TREE_ADDRESSABLE (copy) = TREE_ADDRESSABLE (t);
  o->map.put (t, copy);
  *tp = copy;
  return NULL_TREE;
}

/* walk_tree callback: whether a variable of the loop cannot be a local of
   a function of its own: its size varies, or it stands for an
   expression.  */
static tree
foreign (tree *tp, int *walk_subtrees, void *)
{
  tree t = *tp;
  if (TYPE_P (t))
    *walk_subtrees = 0;
  else if ((VAR_P (t) || TREE_CODE (t) == PARM_DECL) && !is_global_var (t)
           && ((VAR_P (t) && DECL_HAS_VALUE_EXPR_P (t))
               || !TYPE_SIZE_UNIT (TREE_TYPE (t))
               || TREE_CODE (TYPE_SIZE_UNIT (TREE_TYPE (t))) != INTEGER_CST))
    return t;
  return NULL_TREE;
}

/* Whether S sets variable Z or a part of it, or passes its address to a
   function, which may.  */
static bool
sets (gimple *s, tree z)
{
  tree lhs = gimple_get_lhs (s);
  if (lhs && get_base_address (lhs) == z)
    return true;
  if (is_gimple_call (s))
    for (unsigned i = 0; i < gimple_call_num_args (s); i++)
      {
        tree a = gimple_call_arg (s, i);
        if (TREE_CODE (a) == ADDR_EXPR
            && get_base_address (TREE_OPERAND (a, 0)) == z)
          return true;
      }
  return false;
}

/* walk_gimple_seq callback: strip the copy's statements of their scopes,
   refuse what a function of its own cannot hold, in the scan function
   store each array's carry after the statement that sets it, and note
   after each statement that sets a lastprivate variable that it did.  */
static tree
prepare (gimple_stmt_iterator *gsi, bool *, struct walk_stmt_info *wi)
{
  outline *o = (outline *) wi->info;
  gimple *s = gsi_stmt (*gsi);
  gimple_set_block (s, NULL_TREE);
  switch (gimple_code (s))
    {
    case GIMPLE_BIND:
    case GIMPLE_TRY:
    case GIMPLE_CATCH:
    case GIMPLE_EH_FILTER:
    case GIMPLE_ASSIGN:
    case GIMPLE_CALL:
    case GIMPLE_COND:
    case GIMPLE_LABEL:
    case GIMPLE_GOTO:
    case GIMPLE_SWITCH:
    case GIMPLE_NOP:
    case GIMPLE_PREDICT:
    case GIMPLE_DEBUG:
      break;
    default:
      o->ok = false;
      return NULL_TREE;
    }
  tree lhs = gimple_get_lhs (s);
  /* A call whose result is y[i] now sets a carry, whose address it may
     be passed too (see body_function): its result cannot be built in
     place.  */
  if (gcall *call = dyn_cast<gcall *> (s))
    for (const outline::marker &m : o->markers)
      if (m.store && lhs == m.decl)
        gimple_call_set_return_slot_opt (call, false);
  for (const outline::marker &m : o->markers)
    if (m.output && scanomp_whole (lhs) == m.decl)
      {
        if (!o->scan)
          {
            gsi_replace (gsi, gimple_build_nop (), false);
            return NULL_TREE;
          }
        swap_in (s, m.decl, unshare_expr (m.ref));
        lhs = NULL_TREE;
      }
  for (const outline::marker &m : o->markers)
    if (o->scan && m.store && !m.output && lhs == m.decl)
      gsi_insert_after (gsi, gimple_build_assign (unshare_expr (m.ref),
                                                  o->stored ? o->stored
                                                            : m.decl),
                        GSI_SAME_STMT);
  if (o->flag)
    for (unsigned k = 0; k < o->n; k++)
      if (o->flag[k] && sets (s, o->l[k].in))
        gsi_insert_after (gsi, gimple_build_assign (o->flag[k],
                                                    integer_one_node),
                          GSI_SAME_STMT);
  return NULL_TREE;
}

/* Replace each GIMPLE_BIND in *SEQ by its body, through the statements
   that hold others.  */
static void
flatten (gimple_seq *seq)
{
  gimple_stmt_iterator g = gsi_start (*seq);
  while (!gsi_end_p (g))
    {
      gimple *s = gsi_stmt (g);
      switch (gimple_code (s))
        {
        case GIMPLE_BIND:
          {
            gimple_seq body = gimple_bind_body (as_a<gbind *> (s));
            flatten (&body);
            gsi_replace_with_seq (&g, body, false);
            continue;
          }
        case GIMPLE_TRY:
          flatten (gimple_try_eval_ptr (s));
          flatten (gimple_try_cleanup_ptr (s));
          break;
        case GIMPLE_CATCH:
          flatten (gimple_catch_handler_ptr (as_a<gcatch *> (s)));
          break;
        case GIMPLE_EH_FILTER:
          flatten (gimple_eh_filter_failure_ptr (s));
          break;
        default:
          break;
        }
      gsi_next (&g);
    }
}

/* *(TYPE *) P, for a pointer-valued expression P.  */
static tree
deref (tree type, tree p)
{
  tree pt = build_pointer_type (type);
  return build2 (MEM_REF, type, fold_convert (pt, p), build_int_cst (pt, 0));
}

/* Element M of ARGS, a pointer to pairs of unsigned longs, as a
   pointer.  */
static tree
arg_pointer (tree args, unsigned m)
{
  tree ul = long_unsigned_type_node;
  tree at = fold_build_pointer_plus_hwi (args, 2 * m * 8);
  return fold_convert (ptr_type_node, deref (ul, at));
}

/* The field of the element type SEED_TYPE that item K of N is.  */
static tree
field_of (tree seed_type, unsigned n, unsigned k)
{
  if (n == 1)
    return NULL_TREE;
  tree f = TYPE_FIELDS (seed_type);
  while (k--)
    f = DECL_CHAIN (f);
  return f;
}

/* Item K's part of the element at P, of SEED_TYPE.  */
static tree
part (tree p, tree seed_type, unsigned n, unsigned k, tree type)
{
  tree whole = deref (seed_type, p);
  tree f = field_of (seed_type, n, k);
  return f ? build3 (COMPONENT_REF, type, whole, f, NULL_TREE) : whole;
}

/* A copy of SEQ for a function of its own, prepared (see prepare); NULL
   with O->ok false where it cannot be one.  */
static gimple_seq
copy_for (outline *o, gimple_seq seq)
{
  gimple_seq copy = gimple_seq_copy (seq);
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = o;
  walk_gimple_seq_mod (&copy, prepare, NULL, &wi);
  memset (&wi, 0, sizeof wi);
  if (walk_gimple_seq (copy, NULL, foreign, &wi))
    o->ok = false;
  return o->ok ? copy : NULL;
}

/* Map the decls of *SEQ, from copy_for, to the current function's, and
   drop its scopes.  */
static void
remap_seq (outline *o, gimple_seq *seq)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = o;
  walk_gimple_seq_mod (seq, NULL, remap, &wi);
  flatten (seq);
}

/* walk_tree callback: whether the address of DATA's info is taken.  */
static tree
address_of (tree *tp, int *walk_subtrees, void *data)
{
  tree decl = (tree) ((struct walk_stmt_info *) data)->info;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (TREE_CODE (*tp) == ADDR_EXPR && TREE_OPERAND (*tp, 0) == decl)
    return *tp;
  return NULL_TREE;
}

/* Whether SEQ takes the address of DECL.  */
static bool
taken (gimple_seq seq, tree decl)
{
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = decl;
  return walk_gimple_seq (seq, NULL, address_of, &wi) != NULL;
}

/* Whether the locals that stand for item K's variable or its carry must
   live in memory, set up front, before GIMPLE that would want a register
   of them: its variable's or its operator's are addressable, or the
   copies BODY or OUTPUT take the address of its variable or of its
   y[i-1] (a reference's variable passed on, a pointer to y[i-1] passed
   to a function).  */
static bool
in_memory (const outline *o, unsigned k, gimple_seq body, gimple_seq output)
{
  scan_loop *it = &o->l[k];
  if (it->op == SCAN_OP_USER
      && (TREE_ADDRESSABLE (it->priv) || TREE_ADDRESSABLE (it->out)
          || TREE_ADDRESSABLE (it->in)))
    return true;
  if (it->host_var)
    return (TREE_ADDRESSABLE (it->var) || taken (body, it->var)
            || taken (output, it->var));
  for (const outline::marker &m : o->markers)
    if (m.item == k && taken (body, m.decl))
      return true;
  return false;
}

/* Append to *SEQ COPY, a copy_for copy of one of a user-defined
   operator's sequences, remapped, with the decls FROM[i] standing for
   TO[i] in it alone.  */
static void
add_with (outline *o, gimple_seq *seq, gimple_seq copy, unsigned m,
          const tree *from, const tree *to)
{
  tree *saved = XALLOCAVEC (tree, m);
  for (unsigned i = 0; i < m; i++)
    {
      tree *was = o->map.get (from[i]);
      saved[i] = was ? *was : NULL_TREE;
      o->map.put (from[i], to[i]);
    }
  remap_seq (o, &copy);
  for (unsigned i = m; i-- > 0;)
    if (saved[i])
      o->map.put (from[i], saved[i]);
    else
      o->map.remove (from[i]);
  gimple_seq_add_seq (seq, copy);
}

/* Append to *SEQ the setting of local X to the identity of item K, with
   INIT, a copy of its initializer, for a user-defined operator.  */
static void
set_identity (outline *o, unsigned k, tree x, gimple_seq init,
              gimple_seq *seq)
{
  scan_loop *it = &o->l[k];
  if (it->op == SCAN_OP_USER)
    add_with (o, seq, init, 1, &it->priv, &x);
  else
    gimplify_assign (x, identity (it), seq);
}

/* Append to *SEQ the setting of A to A combined with B by item K's
   operator, with MERGE, a copy of its combiner, for a user-defined one;
   A and B are locals where it is.  */
static void
add_combined (outline *o, unsigned k, tree a, tree b, gimple_seq merge,
              gimple_seq *seq)
{
  scan_loop *it = &o->l[k];
  if (it->op == SCAN_OP_USER)
    {
      tree from[2] = { it->out, it->in }, to[2] = { a, b };
      add_with (o, seq, merge, 2, from, to);
    }
  else if (it->op == SCAN_OP_LAST)
    {
      /* B, if an iteration set it.  */
      tree set = build3 (COMPONENT_REF, integer_type_node, b,
                         TYPE_FIELDS (it->type), NULL_TREE);
      gimplify_and_add (build3 (COND_EXPR, void_type_node,
                                build2 (NE_EXPR, boolean_type_node, set,
                                        integer_zero_node),
                                build2 (MODIFY_EXPR, it->type,
                                        unshare_expr (a), unshare_expr (b)),
                                NULL_TREE), seq);
    }
  else
    gimplify_assign (a, combined (it, unshare_expr (a), unshare_expr (b)),
                     seq);
}

/* Forget the labels O's map gives the copies so far, so that the next
   copy gets labels of its own.  */
static void
forget_labels (outline *o)
{
  auto_vec<tree> labels;
  for (auto it = o->map.begin (); it != o->map.end (); ++it)
    if (TREE_CODE ((*it).first) == LABEL_DECL)
      labels.safe_push ((*it).first);
  for (tree t : labels)
    o->map.remove (t);
}

/* for (P = START; P < END; P++) as `#pragma omp simd reduction (inscan,
   CODE: S)', with BEFORE then, after `#pragma omp scan inclusive (S)' (or
   EXCLUSIVE), AFTER, as GCC's front ends give it to the gimplifier.  */
static gimple *
simd_loop (tree p, tree start, tree end, tree s, tree_code code,
           bool exclusive, gimple_seq before, gimple_seq after)
{
  tree lt = TREE_TYPE (p);
  tree linear = build_omp_clause (UNKNOWN_LOCATION, OMP_CLAUSE_LINEAR);
  OMP_CLAUSE_DECL (linear) = p;
  OMP_CLAUSE_LINEAR_STEP (linear) = build_int_cst (lt, 1);
  OMP_CLAUSE_LINEAR_NO_COPYIN (linear) = 1;
  OMP_CLAUSE_LINEAR_NO_COPYOUT (linear) = 1;
  tree reduction = build_omp_clause (UNKNOWN_LOCATION, OMP_CLAUSE_REDUCTION);
  OMP_CLAUSE_DECL (reduction) = s;
  OMP_CLAUSE_REDUCTION_CODE (reduction) = code;
  OMP_CLAUSE_REDUCTION_INSCAN (reduction) = 1;
  OMP_CLAUSE_CHAIN (linear) = reduction;
  tree which = build_omp_clause (UNKNOWN_LOCATION,
                                exclusive ? OMP_CLAUSE_EXCLUSIVE
                                          : OMP_CLAUSE_INCLUSIVE);
  OMP_CLAUSE_DECL (which) = s;
  gimple_seq body = NULL;
  gimple_seq_add_stmt (&body, gimple_build_omp_scan (before, NULL_TREE));
  gimple_seq_add_stmt (&body, gimple_build_omp_scan (after, which));
  gomp_for *loop = gimple_build_omp_for (body, GF_OMP_FOR_KIND_SIMD, linear,
                                         1, NULL);
  gimple_omp_for_set_index (loop, 0, p);
  gimple_omp_for_set_initial (loop, 0, start);
  gimple_omp_for_set_final (loop, 0, end);
  gimple_omp_for_set_cond (loop, 0, LT_EXPR);
  gimple_omp_for_set_incr (loop, 0, build2 (PLUS_EXPR, lt, p,
                                            build_int_cst (lt, 1)));
  return loop;
}

/* Append to *SEQ `while (P < BOUND) { BODY; P += BY; }', as `goto test;
   top: BODY; P += BY; test: if (P < BOUND) goto top;'.  */
static void
add_while (tree p, tree bound, unsigned by, gimple_seq body, gimple_seq *seq)
{
  tree top = create_artificial_label (UNKNOWN_LOCATION);
  tree test = create_artificial_label (UNKNOWN_LOCATION);
  tree out = create_artificial_label (UNKNOWN_LOCATION);
  gimple_seq_add_stmt (seq, gimple_build_goto (test));
  gimple_seq_add_stmt (seq, gimple_build_label (top));
  gimple_seq_add_seq (seq, body);
  tree lt = TREE_TYPE (p);
  gimplify_assign (p, fold_build2 (PLUS_EXPR, lt, p, build_int_cst (lt, by)),
                   seq);
  gimple_seq_add_stmt (seq, gimple_build_label (test));
  gimple_seq_add_stmt (seq, gimple_build_cond (LT_EXPR, p, bound, top, out));
  gimple_seq_add_stmt (seq, gimple_build_label (out));
}

/* Map the markers of a scan phase, as the simd and grouped forms copy it
   (see body_function): the stores to y[i] store PREFIX, which the reads
   after them read, and the reads of y[i-1] read DEAD, set to the
   identity, whose result nothing uses.  */
static void
map_scan_phase (outline *o, tree prefix, tree dead)
{
  for (const outline::marker &m : o->markers)
    if (!m.output)
      o->map.put (m.decl, m.after ? prefix : dead);
  if (o->stored)
    o->map.put (o->stored, prefix);
}

/* The loop's index IV at position AT (of type long): BASE + AT * STEP.  */
static tree
index_at (tree iv, tree base, tree step, tree at)
{
  tree lt = TREE_TYPE (at);
  return fold_convert (TREE_TYPE (iv),
                       fold_build2 (PLUS_EXPR, lt, base,
                                    fold_build2 (MULT_EXPR, lt, at, step)));
}

/* Append to *SEQ the grouped form's loop (see group_size) over positions
   P from START to END: groups of GROUP positions, then the positions
   left one at a time.  Each position has copies of its own of the two
   phases, INPUTS[C] and OUTPUTS[C] (GROUP + 1 of each, the last for the
   positions left), as the simd form makes them (see body_function); IV
   is BASE + P * STEP.  */
static void
add_groups (outline *o, unsigned group, gimple_seq *inputs,
            gimple_seq *outputs, tree iv, tree base, tree step, tree p,
            tree start, tree end, gimple_seq *seq)
{
  scan_loop *l = o->l;
  tree lt = TREE_TYPE (p), carry = o->carry[0];
  bool exclusive = l->inscan && l->exclusive;
  auto local = [&] (const char *name) {
    tree v = create_tmp_var (l->type, name);
    TREE_ADDRESSABLE (v) = TREE_ADDRESSABLE (carry);
    return v;
  };
  gimple_seq body = NULL;
  auto set_iv = [&] (unsigned g) {
    tree at = fold_build2 (PLUS_EXPR, lt, p, build_int_cst (lt, g));
    gimplify_assign (iv, index_at (iv, base, step, at), &body);
  };
  auto add_copy = [&] (gimple_seq copy) {
    forget_labels (o);
    remap_seq (o, &copy);
    gimple_seq_add_seq (&body, copy);
  };
  /* while (P < BOUND) positions P to P + SIZE - 1, with the copies from
     FIRST on: each one's part from the identity (an inscan loop's
     variable), the prefixes of the parts, and each position's scan phase
     with the carry and its prefix combined (an exclusive scan's with the
     prefix before it).  */
  auto loop = [&] (tree bound, unsigned size, unsigned first) {
    body = NULL;
    auto_vec<tree> sums;
    for (unsigned g = 0; g < size; g++)
      {
        set_iv (g);
        tree part = local ("scan_part");
        gimplify_assign (part, identity (l), &body);
        for (const outline::marker &m : o->markers)
          if (!m.output)
            o->map.put (m.decl, part);
        if (l->inscan)
          o->map.put (l->var, part);
        add_copy (inputs[first + g]);
        if (g)
          {
            tree sum = local ("scan_sum");
            gimplify_assign (sum, combined (l, sums.last (), part), &body);
            part = sum;
          }
        sums.safe_push (part);
      }
    tree dead = local ("scan_dead");
    for (unsigned g = 0; g < size; g++)
      {
        set_iv (g);
        tree prefix = local ("scan_prefix");
        if (exclusive && !g)
          gimplify_assign (prefix, carry, &body);
        else
          gimplify_assign (prefix, combined (l, carry, sums[g - exclusive]),
                           &body);
        gimplify_assign (dead, identity (l), &body);
        map_scan_phase (o, prefix, dead);
        if (l->inscan)
          o->map.put (l->var, prefix);
        add_copy (outputs[first + g]);
      }
    gimplify_assign (carry, combined (l, carry, sums.last ()), &body);
    add_while (p, bound, size, body, seq);
  };
  tree last = create_tmp_var (lt, "scan_last_group");
  gimplify_assign (last, fold_build2 (MINUS_EXPR, lt, end,
                                      build_int_cst (lt, group - 1)), seq);
  gimplify_assign (p, start, seq);
  loop (last, group, 0);
  loop (end, 1, group);
}

/* The reduce function (SCAN false) or the scan function of L's N items,
   whose element is of SEED_TYPE; NULL_TREE where the body cannot be
   copied into a function of its own.

   Of a scan clause's loop, an iteration is the body, with each array's
   carry for its y[i-1] and y[i].  Of an inscan loop, whose scan
   variables stand for locals of their own, it is, as OpenMP has it: the
   variables set to their identities, the input phase, the carries
   combined with them; then for the scan function the variables set to
   the carries and the scan phase (an exclusive scan runs the scan phase
   first, from the carries as they were), and for the reduce function
   too, without its stores, where it sets a lastprivate variable.  A
   lastprivate variable is a local of the function, which the iterations
   that set it leave its value in, noting that one did.  */
static tree
body_function (scan_loop *l, unsigned n, tree seed_type, bool scan)
{
  tree lt = long_integer_type_node, ul = long_unsigned_type_node;
  tree types[5] = { build_pointer_type (ul), lt, ul, ul, ptr_type_node };
  tree parms[5];
  /* The simd form's input phase stores nothing: the scan phase does.  */
  tree_code simd_op = scan ? simd_code (l, n) : ERROR_MARK;
  bool simd = simd_op != ERROR_MARK;
  outline o (l, n, scan && !simd);
  o.carry = XALLOCAVEC (tree, n);
  o.flag = XALLOCAVEC (tree, n);
  for (unsigned k = 0; k < n; k++)
    o.flag[k] = l[k].op == SCAN_OP_LAST
                ? create_tmp_var_raw (integer_type_node, "scan_marker")
                : NULL_TREE;

  /* Markers for each array's y[i-1] and y[i], put in the loop's own body
     while it is copied: for every read of y[i-1] (a macro may read it
     twice), every store to y[i] (one a branch) and every read of the
     value stored (but through a pointer passed to a function, which
     reads memory); and for the stores beside the arrays.  */
  for (unsigned k = 0; k < n; k++)
    if (!l[k].host_var)
      for (const scan_access &a : l[k].accesses)
        if (a.base == l[k].var
            && (a.prev || a.store || (a.after && a.arg < 0)))
          {
            tree decl = create_tmp_var_raw (l[k].type, "scan_marker");
            tree ref = a.ref, in_stmt = NULL_TREE;
            if (a.arg >= 0 && DECL_P (gimple_call_arg (a.stmt, a.arg)))
              {
                /* As C++ passes y[i-1] by reference: D.1 = &y[i-1];
                   f (D.1).  */
                ref = gimple_call_arg (a.stmt, a.arg);
                in_stmt = build_fold_addr_expr (decl);
              }
            o.markers.safe_push ({ decl, k, a.store, a.after, false, ref,
                                   a.stmt, in_stmt });
          }
  bool last_only = l->inscan && !scan && l->output_sets_last;
  for (const scan_access &a : l->accesses)
    if (a.output && a.arg < 0)
      o.markers.safe_push ({ create_tmp_var_raw (TREE_TYPE (a.ref),
                                                 "scan_marker"),
                             0, true, false, true, a.ref, a.stmt });
    else if (a.output && last_only)
      /* A store through a pointer passed to a function: the reduce
         function cannot leave it out.  */
      return NULL_TREE;
  auto mark = [&] (bool on) {
    for (const outline::marker &m : o.markers)
      {
        tree in = m.in_stmt ? m.in_stmt : m.decl;
        if (!swap_in (m.stmt, on ? m.ref : in, on ? in : m.ref))
          o.ok = false;
      }
  };
  mark (true);
  /* The grouped form has a copy of each phase for each position of a
     group, and one more for the positions after the last group.  */
  unsigned group = scan ? group_size (l, n) : 0;
  unsigned copies = group ? group + 1 : 1;
  gimple_seq *inputs = XALLOCAVEC (gimple_seq, copies);
  gimple_seq *outputs = XALLOCAVEC (gimple_seq, copies);
  for (unsigned c = 0; c < copies; c++)
    inputs[c] = outputs[c] = NULL;
  for (unsigned c = 0; c < copies && o.ok; c++)
    inputs[c] = copy_for (&o, l->inscan ? l->input
                                        : gimple_omp_body (l->loop));
  if (o.ok && simd && !l->inscan)
    {
      /* The scan phase of the simd form.  */
      o.scan = true;
      o.stored = create_tmp_var_raw (l->type, "scan_marker");
      for (unsigned c = 0; c < copies && o.ok; c++)
        outputs[c] = copy_for (&o, gimple_omp_body (l->loop));
    }
  gimple_seq body = inputs[0], output = outputs[0];
  /* The reduce function of an inscan loop whose scan phase sets a
     lastprivate variable runs that phase too, without its stores (of
     values that do not depend on the scan variables: see inscan.cc).  */
  if (o.ok && last_only)
    output = copy_for (&o, l->output);
  mark (false);
  if (l->inscan && scan)
    {
      for (unsigned c = 0; c < copies && o.ok; c++)
        outputs[c] = copy_for (&o, l->output);
      output = outputs[0];
    }
  /* A user-defined operator's initializer (setting PRIV) for the
     reduce's first carry, and for an inscan loop's iterations, with its
     combiner (setting OUT from OUT and IN).  */
  gimple_seq *starts = XALLOCAVEC (gimple_seq, n);
  gimple_seq *inits = XALLOCAVEC (gimple_seq, n);
  gimple_seq *merges = XALLOCAVEC (gimple_seq, n);
  for (unsigned k = 0; k < n; k++)
    {
      bool user = l[k].op == SCAN_OP_USER;
      starts[k] = user && !scan ? copy_for (&o, l[k].init) : NULL;
      inits[k] = user && l->inscan ? copy_for (&o, l[k].init) : NULL;
      merges[k] = user && l->inscan ? copy_for (&o, l[k].merge) : NULL;
    }
  if (!o.ok)
    return NULL_TREE;

  tree fn = new_function (scan ? "scanomp_scan" : "scanomp_reduce", 5, types,
                          parms);
  bool product = false;
  for (unsigned k = 0; k < n; k++)
    product |= l[k].op == SCAN_OP_MUL && FLOAT_TYPE_P (l[k].type);
  tune (fn, scan, !product);
  push_gimplify_context ();
  gimple_seq seq = NULL;
  tree args = parms[0], first = parms[1], lo = parms[2], hi = parms[3];
  tree io = parms[4];

  /* The arrays' host pointers, the first index and the scalars, from
     ARGS; each array's pointer is the one its window starts at, less
     where the window starts.  */
  unsigned nb = l->bases.length ();
  for (unsigned b = 0; b < nb; b++)
    {
      tree base = l->bases[b];
      tree start = deref (lt, arg_pointer (args, 2 * b + 1));
      tree p = fold_build_pointer_plus (arg_pointer (args, 2 * b),
                                        fold_build1 (NEGATE_EXPR, sizetype,
                                                     fold_convert (sizetype,
                                                                   start)));
      if (POINTER_TYPE_P (TREE_TYPE (base)))
        {
          tree v = create_tmp_var (TREE_TYPE (base), "scan_base");
          gimplify_assign (v, fold_convert (TREE_TYPE (base), p), &seq);
          o.map.put (base, v);
        }
      else if (!is_global_var (base))
        {
          tree pt = build_pointer_type (TREE_TYPE (base));
          tree v = create_tmp_var (pt, "scan_base");
          gimplify_assign (v, fold_convert (pt, p), &seq);
          o.map.put (base, build2 (MEM_REF, TREE_TYPE (base), v,
                                   build_int_cst (pt, 0)));
        }
    }
  tree lbv = create_tmp_var (lt, "scan_lbv");
  gimplify_assign (lbv, deref (lt, arg_pointer (args, 2 * nb)), &seq);
  for (unsigned j = 0; j < l->scalars.length (); j++)
    {
      tree s = l->scalars[j];
      tree v = create_tmp_var (TREE_TYPE (s), "scan_scalar");
      gimplify_assign (v, deref (TREE_TYPE (s),
                                 arg_pointer (args, 2 * nb + 1 + j)), &seq);
      o.map.put (s, v);
    }

  /* The carries: from the identities, or from *IO; an inscan loop's
     scan variables.  */
  tree *vars = XALLOCAVEC (tree, n);
  for (unsigned k = 0; k < n; k++)
    {
      scan_loop *it = &l[k];
      vars[k] = NULL_TREE;
      if (it->op == SCAN_OP_LAST)
        {
          /* The variable, as the block's iterations leave it, from its
             value if it is firstprivate too (a scalar); and whether one
             of them set it.  */
          tree value = TREE_TYPE (DECL_CHAIN (TYPE_FIELDS (it->type)));
          tree *first_value = o.map.get (it->in);
          tree flag = create_tmp_var (integer_type_node, "scan_set");
          o.carry[k] = create_tmp_var (value, "scan_last");
          TREE_ADDRESSABLE (o.carry[k]) = TREE_ADDRESSABLE (it->in);
          gimplify_assign (o.carry[k], first_value ? *first_value
                                                   : build_zero_cst (value),
                           &seq);
          gimplify_assign (flag, integer_zero_node, &seq);
          o.map.put (it->in, o.carry[k]);
          o.map.put (o.flag[k], flag);
          continue;
        }
      bool mem = in_memory (&o, k, body, output);
      o.carry[k] = create_tmp_var (it->type, "scan_carry");
      TREE_ADDRESSABLE (o.carry[k]) = mem;
      if (scan)
        gimplify_assign (o.carry[k], part (io, seed_type, n, k, it->type),
                         &seq);
      else
        set_identity (&o, k, o.carry[k], starts[k], &seq);
      if (!it->host_var)
        continue;
      /* In the simd form, the variable is the reduction's.  */
      if (l->inscan && !simd)
        {
          vars[k] = create_tmp_var (it->type, "scan_var");
          TREE_ADDRESSABLE (vars[k]) = mem;
        }
      o.map.put (it->var, vars[k] ? vars[k] : o.carry[k]);
    }
  for (const outline::marker &m : o.markers)
    if (!m.output)
      o.map.put (m.decl, o.carry[m.item]);
  /* Private variables are the function's own, globals too.  */
  for (tree v : l->privates)
    if (is_global_var (v) && !o.map.get (v))
      {
        tree copy = create_tmp_var (TREE_TYPE (v), "scan_private");
        TREE_ADDRESSABLE (copy) = TREE_ADDRESSABLE (v);
        o.map.put (v, copy);
      }
  tree iv = create_tmp_var (TREE_TYPE (l->iv), "scan_iv");
  o.map.put (l->iv, iv);

  /* An iteration; an inscan loop's phases stay apart in the simd form,
     which OpenMP's simd construct runs as they are.  */
  gimple_seq iteration = NULL;
  auto scan_phase = [&] () {
    for (unsigned k = 0; k < n; k++)
      if (vars[k])
        gimplify_assign (vars[k], o.carry[k], &iteration);
    remap_seq (&o, &output);
    gimple_seq_add_seq (&iteration, output);
  };
  if (group)
    /* add_groups remaps its copies.  */;
  else if (simd && l->inscan)
    {
      remap_seq (&o, &body);
      remap_seq (&o, &output);
    }
  else
    {
      if (l->inscan && (scan || last_only) && l->exclusive)
        scan_phase ();
      for (unsigned k = 0; k < n; k++)
        if (vars[k])
          set_identity (&o, k, vars[k], inits[k], &iteration);
      remap_seq (&o, &body);
      gimple_seq_add_seq (&iteration, body);
      for (unsigned k = 0; k < n; k++)
        if (vars[k])
          add_combined (&o, k, o.carry[k], vars[k], merges[k], &iteration);
      if (l->inscan && (scan || last_only) && !l->exclusive)
        scan_phase ();
    }

  /* for (p = lo; p < hi; p++) { iv = base + p * step; iteration }, with
     base = lbv + first * step, over signed positions, which the
     vectorizer follows as it does the user's own index; in the simd
     form, an `omp simd' loop of the two phases.  */
  tree p = create_tmp_var (lt, "scan_pos");
  tree start = create_tmp_var (lt, "scan_start");
  tree end = create_tmp_var (lt, "scan_end");
  tree base = create_tmp_var (lt, "scan_from");
  tree step = build_int_cst (lt, l->step);
  gimplify_assign (start, fold_convert (lt, lo), &seq);
  gimplify_assign (end, fold_convert (lt, hi), &seq);
  gimplify_assign (base, fold_build2 (PLUS_EXPR, lt, lbv,
                                      fold_build2 (MULT_EXPR, lt, first,
                                                   step)), &seq);
  tree index = index_at (iv, base, step, p);
  if (group)
    add_groups (&o, group, inputs, outputs, iv, base, step, p, start, end,
                &seq);
  else if (simd)
    {
      gimple_seq input = NULL, phase = NULL;
      gimplify_assign (iv, unshare_expr (index), &input);
      gimplify_assign (iv, index, &phase);
      if (l->inscan)
        gimple_seq_add_seq (&input, body);
      else
        {
          /* A scan clause's scan phase: markers of its own, from the
             identity, the stores of y[i] storing the prefix, which the
             reads after them read; labels of its own.  */
          tree dead = create_tmp_var (l->type, "scan_dead");
          map_scan_phase (&o, o.carry[0], dead);
          forget_labels (&o);
          remap_seq (&o, &output);
          gimple_seq_add_seq (&input, iteration);
          gimplify_assign (dead, identity (l), &phase);
        }
      gimple_seq_add_seq (&phase, output);
      /* An exclusive scan's scan phase comes first, as in the source.  */
      bool exclusive = l->inscan && l->exclusive;
      gimple_seq_add_stmt (&seq, simd_loop (p, start, end, o.carry[0],
                                            simd_op, exclusive,
                                            exclusive ? phase : input,
                                            exclusive ? input : phase));
    }
  else
    {
      gimple_seq each = NULL;
      gimplify_assign (iv, index, &each);
      gimple_seq_add_seq (&each, iteration);
      gimplify_assign (p, start, &seq);
      add_while (p, end, 1, each, &seq);
    }
  for (unsigned k = 0; k < n; k++)
    {
      tree to = part (io, seed_type, n, k, l[k].type);
      if (l[k].op != SCAN_OP_LAST)
        {
          gimplify_assign (to, o.carry[k], &seq);
          continue;
        }
      /* What the block set, if it did (the reduce's is all it has).  */
      tree set = TYPE_FIELDS (l[k].type), value = DECL_CHAIN (set);
      tree flag = *o.map.get (o.flag[k]);
      tree both = build2 (COMPOUND_EXPR, void_type_node,
                          build2 (MODIFY_EXPR, integer_type_node,
                                  build3 (COMPONENT_REF, integer_type_node,
                                          to, set, NULL_TREE), flag),
                          build2 (MODIFY_EXPR, TREE_TYPE (value),
                                  build3 (COMPONENT_REF, TREE_TYPE (value),
                                          unshare_expr (to), value,
                                          NULL_TREE), o.carry[k]));
      if (scan)
        both = build3 (COND_EXPR, void_type_node,
                       build2 (NE_EXPR, boolean_type_node, flag,
                               integer_zero_node), both, NULL_TREE);
      gimplify_and_add (both, &seq);
    }
  finish_function (fn, seq);
  return fn;
}

/* The combine function of L's N items, of element SEED_TYPE; NULL_TREE
   where a user-defined operator's combiner cannot be copied.  */
static tree
combine_function (scan_loop *l, unsigned n, tree seed_type)
{
  outline o (l, n, false);
  gimple_seq *merges = XALLOCAVEC (gimple_seq, n);
  for (unsigned k = 0; k < n; k++)
    merges[k] = l[k].op == SCAN_OP_USER ? copy_for (&o, l[k].merge) : NULL;
  if (!o.ok)
    return NULL_TREE;
  tree types[2] = { ptr_type_node, ptr_type_node };
  tree parms[2];
  tree fn = new_function ("scanomp_combine", 2, types, parms);
  push_gimplify_context ();
  gimple_seq seq = NULL;
  for (unsigned k = 0; k < n; k++)
    {
      tree a = part (parms[0], seed_type, n, k, l[k].type);
      tree b = part (parms[1], seed_type, n, k, l[k].type);
      if (l[k].op != SCAN_OP_USER)
        {
          add_combined (&o, k, a, b, NULL, &seq);
          continue;
        }
      tree out = create_tmp_var (l[k].type, "scan_out");
      tree in = create_tmp_var (l[k].type, "scan_in");
      TREE_ADDRESSABLE (out) = TREE_ADDRESSABLE (in)
        = in_memory (&o, k, NULL, NULL);
      gimplify_assign (out, a, &seq);
      gimplify_assign (in, b, &seq);
      add_combined (&o, k, out, in, merges[k], &seq);
      gimplify_assign (unshare_expr (a), out, &seq);
    }
  finish_function (fn, seq);
  return fn;
}

bool
scanomp_host_functions (scan_loop *l, unsigned n, tree seed_type, tree fns[3])
{
  fns[0] = fns[1] = fns[2] = NULL_TREE;
  tree combine = combine_function (l, n, seed_type);
  tree reduce = combine ? body_function (l, n, seed_type, false) : NULL_TREE;
  tree scan = reduce ? body_function (l, n, seed_type, true) : NULL_TREE;
  if (!scan)
    return false;
  fns[0] = reduce;
  fns[1] = scan;
  fns[2] = combine;
  return true;
}
