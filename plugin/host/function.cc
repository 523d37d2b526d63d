/* SPDX-License-Identifier: GPL-3.0-or-later */
/* function.cc: a new function of the one being compiled, for the host
   path: its declaration, the options it is optimized with, and its
   handing to the call graph, which compiles it as it does the source's
   own functions.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimplify.h"
#include "function.h"
#include "tree-pass.h"
#include "cgraph.h"
#include "tree-ssa.h"

#include "host/build.h"

/* A new function NAME of the current one, with parameters of TYPES (N of
   them) in *PARMS, returning void; its struct function is pushed.  */
tree
host_new_function (const char *name, unsigned n, const tree *types,
                   tree *parms)
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
   simd' form (see forms.cc, simd_code), -O1 included.  An EXACT
   function (a reproducible scan's plain one) computes floating-point
   arithmetic as written whatever the command line says (-ffast-math,
   -ffp-contract=fast with FMA): no reassociation, no reciprocals, no
   fused multiply-adds, as the kernels' FP_CONTRACT OFF.  */
void
host_tune (tree fn, bool scan, bool reassociate, bool exact)
{
  if ((!optimize && !exact) || DECL_FUNCTION_SPECIFIC_OPTIMIZATION (fn))
    return;
  static gcc_options opts, opts_set;
  opts = global_options;
  opts_set = global_options_set;
  if (exact)
    {
      opts.x_flag_associative_math = opts.x_flag_reciprocal_math = 0;
      opts.x_flag_unsafe_math_optimizations = 0;
      opts.x_flag_signed_zeros = 1;
      opts.x_flag_fp_contract_mode = FP_CONTRACT_OFF;
      opts_set.x_flag_associative_math = opts_set.x_flag_reciprocal_math = 1;
      opts_set.x_flag_unsafe_math_optimizations = 1;
      opts_set.x_flag_signed_zeros = 1;
      opts_set.x_flag_fp_contract_mode = (enum fp_contract_mode) 1;
    }
  if (!optimize)
    {
      DECL_FUNCTION_SPECIFIC_OPTIMIZATION (fn)
        = build_optimization_node (&opts, &opts_set);
      return;
    }
  opts.x_flag_unroll_loops = 1;
  opts.x_flag_tree_loop_vectorize = 1;
  /* The reduce function's options are marked as set, as a command line
     would: from GCC 13, x86 resets an unrolling flag that a function's
     options do not mark (-munroll-only-small-loops), which left the
     reduce function with one accumulator.  The scan function's stay
     unmarked: marked, GCC 15 unrolled it further, and it ran 1.2 to 1.3
     times as long as GCC 12's at 2^10 elements.  */
  if (!scan)
    opts_set.x_flag_unroll_loops = opts_set.x_flag_tree_loop_vectorize = 1;
  if (!scan && reassociate)
    {
      opts.x_flag_vect_cost_model = VECT_COST_MODEL_DYNAMIC;
      opts_set.x_flag_vect_cost_model = (enum vect_cost_model) 1;
      opts.x_flag_associative_math = opts_set.x_flag_associative_math = 1;
      opts.x_flag_variable_expansion_in_unroller = 1;
      opts_set.x_flag_variable_expansion_in_unroller = 1;
      opts.x_flag_signed_zeros = 0;
      opts_set.x_flag_signed_zeros = 1;
      opts.x_flag_trapping_math = 0;
      opts_set.x_flag_trapping_math = 1;
    }
  DECL_FUNCTION_SPECIFIC_OPTIMIZATION (fn)
    = build_optimization_node (&opts, &opts_set);
}

/* Give FN, whose struct function is pushed, BODY, and hand it to the
   call graph, which lowers it as it does the functions of the source.  */
void
host_finish_function (tree fn, gimple_seq body)
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
