/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lower.cc: replace a scan construct with a call into libscanrt, keeping
   the loop, run sequentially, as the fallback.

   `#pragma omp [target ...] parallel for' around the loop becomes, in the
   function itself (all OpenMP constructs around the loop removed):

     <the omp for's pre-body: its bound temporaries>
     n = trip count;  if (n <= 0) goto done;
     [if (!target-if-condition) goto fallback;]
     lo_k, hi_k = byte extents of each array over the iterations;
     args = { array k: (base + lo_k, hi_k - lo_k), &lo_k; &first; &scalars };
     from = first;
     seed = y[first - step];
     status = SCANRT_scan (&desc, device, threads, 0, n, &seed, &total,
                          args, &done);
     if (status < 0) abort ();      OMP_TARGET_OFFLOAD=MANDATORY failed
     if (status > 0) { from = first + done * step; if (!done) goto fallback; }
     variables = total;
     if (status == 0) goto done;
   fallback:
     for (i = from; i COND bound; i += step) body;
   done:

   desc is a static SCANRT_desc holding the kernel source from emit.cc and
   the host path's functions from host.cc; threads is what the loop's
   `parallel' asks of the host path (num_threads, if).
   The sequence replaces the GIMPLE_OMP_FOR inside the construct's binds,
   and the binds replace the construct, so every variable stays in
   scope.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "gimplify.h"
#include "gimplify-me.h"
#include "stringpool.h"
#include "stor-layout.h"
#include "fold-const.h"
#include "varasm.h"
#include "cgraph.h"
#include "diagnostic-core.h"
#include "gomp-constants.h"

#include "lower/lower.h"
#include "analyze/analyze.h"
#include "scanrt.h"
#include "scanrt-abi.h"

/* A file-scope static constant of TYPE initialised to INIT.  */
static tree
make_static (tree type, tree init, const char *prefix)
{
  tree decl = build_decl (UNKNOWN_LOCATION, VAR_DECL,
                          create_tmp_var_name (prefix), type);
  TREE_STATIC (decl) = 1;
  TREE_READONLY (decl) = 1;
  TREE_USED (decl) = 1;
  DECL_ARTIFICIAL (decl) = 1;
  DECL_IGNORED_P (decl) = 1;
  DECL_INITIAL (decl) = init;
  varpool_node::finalize_decl (decl);
  return decl;
}

/* The scanrt_type of element TYPE.  */
static unsigned
runtime_type (tree type)
{
  if (SCALAR_FLOAT_TYPE_P (type))
    return TYPE_PRECISION (type) == 32 ? SCANRT_FLOAT : SCANRT_DOUBLE;
  bool u = TYPE_UNSIGNED (type);
  switch (TYPE_PRECISION (type))
    {
    case 8: return u ? SCANRT_UCHAR : SCANRT_SCHAR;
    case 16: return u ? SCANRT_USHORT : SCANRT_SHORT;
    case 32: return u ? SCANRT_UINT : SCANRT_INT;
    default: return u ? SCANRT_ULONG : SCANRT_LONG;
    }
}

/* Whether the loop of L stores to BASE.  */
static bool
stored (scan_loop *l, tree base)
{
  for (const scan_access &a : l->accesses)
    if (a.store && a.base == base)
      return true;
  return false;
}

/* Whether the loop of L reads, besides y[i-1] and the value it stores to
   y[i], an array it stores to (the host path's reduce function then reads
   what its scan function stores: SCANRT_READS_STORED).  */
static bool
reads_stored (scan_loop *l)
{
  for (const scan_access &a : l->accesses)
    if (!a.store && !a.prev && !(a.after && a.arg < 0) && stored (l, a.base))
      return true;
  return false;
}

/* Whether the host path's reduce function of L's N arrays is a chain of
   the operator as long as its scan function's (SCANRT_SERIAL_REDUCE):
   where not optimized, of a user-defined operator, or of a floating-point
   operator other than `+' and `-', which host.cc's tune does not
   reassociate or GCC cannot vectorize without -ffinite-math-only.  */
static bool
serial_reduce (scan_loop *l, unsigned n)
{
  if (!optimize)
    return true;
  for (unsigned k = 0; k < n; k++)
    if (l[k].op == SCAN_OP_USER
        || (FLOAT_TYPE_P (l[k].type) && l[k].op != SCAN_OP_ADD
            && l[k].op != SCAN_OP_SUB && l[k].op != SCAN_OP_LAST))
      return true;
  return false;
}

/* A SCANRT_arg_desc.  */
struct arg_desc
{
  unsigned kind, size;
  HOST_WIDE_INT stride;
};

/* The bytes by which the accesses of L to BASE move from one position to
   the next, when they all move by the same; else 0.  */
static HOST_WIDE_INT
stride_of (scan_loop *l, tree base)
{
  HOST_WIDE_INT stride = 0;
  bool first = true;
  for (const scan_access &a : l->accesses)
    if (a.base == base)
      {
        HOST_WIDE_INT s = a.coef * l->step;
        if (!first && s != stride)
          return 0;
        stride = s;
        first = false;
      }
  return stride;
}

/* The call's arguments, in emit.cc's parameter order: each array and the
   byte offset its window starts at, the first index, the scalars.  */
static void
arg_descs (scan_loop *l, vec<arg_desc> *args)
{
  for (tree b : l->bases)
    {
      args->safe_push ({ stored (l, b) ? SCANRT_ARG_INOUT : SCANRT_ARG_IN, 0,
                         stride_of (l, b) });
      args->safe_push ({ SCANRT_ARG_START, 8, 0 });
    }
  args->safe_push ({ SCANRT_ARG_SCALAR, 8, 0 });
  for (tree s : l->scalars)
    args->safe_push ({ SCANRT_ARG_SCALAR,
                       (unsigned) tree_to_uhwi (TYPE_SIZE_UNIT
                                                (TREE_TYPE (s))), 0 });
}

/* The static SCANRT_desc of L's N arrays as O outlines them, with
   arguments ARGS.  */
static tree
make_desc (scan_loop *l, unsigned n, const scan_outline *o,
           const vec<arg_desc> &args)
{
  const char *source = o->source;
  const tree *host = o->host;
  tree u = unsigned_type_node;
  tree cstr = build_pointer_type (build_qualified_type (char_type_node,
                                                        TYPE_QUAL_CONST));
  tree kf[3];
  static const char *const knames[3] = { "kind", "size", "stride" };
  tree ktypes[3] = { u, u, long_integer_type_node };
  tree kind_type = scanomp_record ("SCANRT_arg_desc", 3, ktypes, knames, kf);
  tree karray = build_array_type_nelts (kind_type, args.length ());
  vec<constructor_elt, va_gc> *elts = NULL;
  for (unsigned i = 0; i < args.length (); i++)
    {
      vec<constructor_elt, va_gc> *one = NULL;
      CONSTRUCTOR_APPEND_ELT (one, kf[0], build_int_cst (u, args[i].kind));
      CONSTRUCTOR_APPEND_ELT (one, kf[1], build_int_cst (u, args[i].size));
      CONSTRUCTOR_APPEND_ELT (one, kf[2], build_int_cst (ktypes[2],
                                                         args[i].stride));
      CONSTRUCTOR_APPEND_ELT (elts, size_int (i),
                              build_constructor (kind_type, one));
    }
  tree kinds_var = make_static (karray, build_constructor (karray, elts),
                                "scanomp_kinds");

  const unsigned nf = 12;
  tree df[nf];
  static const char *const dnames[nf] = { "version", "site", "source", "type",
                                          "op", "elem_size", "flags", "nargs",
                                          "args", "reduce", "scan",
                                          "combine" };
  tree dtypes[nf] = { u, cstr, cstr, u, u, u, u, u,
                      build_pointer_type (kind_type), ptr_type_node,
                      ptr_type_node, ptr_type_node };
  tree desc_type = scanomp_record ("SCANRT_desc", nf, dtypes, dnames, df);
  expanded_location where = expand_location (scanomp_where (l));
  char *site = xasprintf ("%s:%d", where.file, where.line);
  unsigned op = l->op == SCAN_OP_SUB ? SCAN_OP_ADD : l->op;
  bool builtin = n == 1 && l->op != SCAN_OP_USER;
  tree vals[nf] = {
    build_int_cst (u, SCANRT_ABI_VERSION),
    fold_convert (cstr, build_string_literal (strlen (site) + 1, site)),
    source ? fold_convert (cstr, build_string_literal (strlen (source) + 1,
                                                      source))
           : null_pointer_node,
    build_int_cst (u, builtin ? runtime_type (l->type) : SCANRT_TYPE_USER),
    build_int_cst (u, builtin ? op : SCANRT_OP_USER),
    build_int_cst (u, tree_to_uhwi (TYPE_SIZE_UNIT (o->seed_type))),
    build_int_cst (u, (l->exclusive ? SCANRT_EXCLUSIVE : 0)
                      | (reads_stored (l) ? SCANRT_READS_STORED : 0)
                      | (serial_reduce (l, n) ? SCANRT_SERIAL_REDUCE : 0)),
    build_int_cst (u, args.length ()),
    fold_convert (dtypes[8], build_fold_addr_expr (kinds_var)),
    host[0] ? build_fold_addr_expr (host[0]) : null_pointer_node,
    host[1] ? build_fold_addr_expr (host[1]) : null_pointer_node,
    host[2] ? build_fold_addr_expr (host[2]) : null_pointer_node,
  };
  free (site);
  vec<constructor_elt, va_gc> *d = NULL;
  for (unsigned i = 0; i < nf; i++)
    CONSTRUCTOR_APPEND_ELT (d, df[i], vals[i]);
  return make_static (desc_type, build_constructor (desc_type, d),
                      "scanomp_desc");
}

/* A new addressable local of TYPE.  */
static tree
addressable_tmp (tree type, const char *name)
{
  tree t = create_tmp_var (type, name);
  TREE_ADDRESSABLE (t) = 1;
  return t;
}

/* The host pointer value of array BASE, as a char pointer.  */
static tree
base_pointer (tree base)
{
  tree p = POINTER_TYPE_P (TREE_TYPE (base)) ? base
                                             : build_fold_addr_expr (base);
  return fold_convert (build_pointer_type (char_type_node), p);
}

/* Byte offset of access A at index value I (a long), as a long.  */
static tree
offset_at (const scan_access &a, tree i)
{
  tree l = long_integer_type_node;
  return fold_build2 (PLUS_EXPR, l,
                      fold_build2 (MULT_EXPR, l, build_int_cst (l, a.coef), i),
                      fold_convert (l, a.rest));
}

/* The sequential loop of L: its index from FROM while the condition
   holds, the body, the step.  */
static gimple_seq
sequential_loop (scan_loop *l, tree from)
{
  gimple_seq seq = NULL;
  tree body_label = create_artificial_label (UNKNOWN_LOCATION);
  tree cond_label = create_artificial_label (UNKNOWN_LOCATION);
  tree exit_label = create_artificial_label (UNKNOWN_LOCATION);
  gimplify_assign (l->iv, from, &seq);
  gimple_seq_add_stmt (&seq, gimple_build_goto (cond_label));
  gimple_seq_add_stmt (&seq, gimple_build_label (body_label));
  gimple_seq_add_seq (&seq, gimple_omp_body (l->loop));
  gimple_omp_set_body (l->loop, NULL);
  gimplify_assign (l->iv, unshare_expr (gimple_omp_for_incr (l->loop, 0)),
                   &seq);
  gimple_seq_add_stmt (&seq, gimple_build_label (cond_label));
  tree ub = scanomp_value (l->ub, &seq);
  gimple_seq_add_stmt (&seq, gimple_build_cond (l->cond, l->iv, ub,
                                                body_label, exit_label));
  gimple_seq_add_stmt (&seq, gimple_build_label (exit_label));
  return seq;
}

/* Whether the value that L's loop leaves in VAR (a variable, or *r for a
   C++ reference r) reaches the host: inside a target region only where
   the target maps VAR back, since a scalar is firstprivate there
   otherwise (the gimplifier has added the implicit clauses).  */
static bool
reaches_host (scan_loop *l, tree var)
{
  if (gimple_code (l->construct) != GIMPLE_OMP_TARGET)
    return true;
  if (TREE_CODE (var) == MEM_REF)
    var = TREE_OPERAND (var, 0);
  for (tree c = gimple_omp_target_clauses (l->construct); c;
       c = OMP_CLAUSE_CHAIN (c))
    if (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_MAP && OMP_CLAUSE_DECL (c) == var)
      switch (OMP_CLAUSE_MAP_KIND (c))
        {
        case GOMP_MAP_FROM:
        case GOMP_MAP_TOFROM:
        case GOMP_MAP_FORCE_FROM:
        case GOMP_MAP_FORCE_TOFROM:
        case GOMP_MAP_ALWAYS_FROM:
        case GOMP_MAP_ALWAYS_TOFROM:
          return true;
        default:
          break;
        }
  return false;
}

/* walk_gimple_op callback: replace each variable that the map in DATA
   holds by its copy.  */
static tree
replace_copy (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (tree *c = ((hash_map<tree, tree> *) wi->info)->get (*tp))
    *tp = *c;
  return NULL_TREE;
}

/* Give the sequential fallback LOOP of L a copy of its own of each
   variable that OpenMP gives each thread one of, so that the originals
   end as OpenMP leaves them: the private and firstprivate variables
   (copied in), the index, and the lastprivate and reduction variables
   whose values do not reach the host (see reaches_host).  Returns the
   copies' initialization, then LOOP.  */
static gimple_seq
privatize (scan_loop *l, gimple_seq loop)
{
  scan_copies cp;
  cp.clause = l->clause;
  scan_gather_copies (l->construct, l->iv, &cp);
  hash_map<tree, tree> copies;
  gimple_seq seq = NULL;
  auto copy = [&] (tree v, bool in) {
    tree type = TREE_TYPE (v);
    if (copies.get (v) || TREE_CODE (type) == REFERENCE_TYPE
        || !TYPE_SIZE_UNIT (type) || TREE_CODE (TYPE_SIZE_UNIT (type)) != INTEGER_CST)
      return;
    tree c = create_tmp_var (type, "scan_private");
    TREE_ADDRESSABLE (c) = TREE_ADDRESSABLE (v);
    copies.put (v, c);
    if (in)
      gimplify_assign (c, v, &seq);
  };
  for (tree v : cp.priv)
    copy (v, false);
  for (tree v : cp.first)
    if (!cp.last.contains (v) || !reaches_host (l, v))
      copy (v, true);
  for (tree v : cp.last)
    if (!reaches_host (l, v))
      copy (v, false);
  for (tree c : cp.reductions)
    if (!reaches_host (l, OMP_CLAUSE_DECL (c)))
      copy (OMP_CLAUSE_DECL (c), true);
  if (!l->final_iv || !reaches_host (l, l->final_iv))
    copy (l->iv, false);
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &copies;
  walk_gimple_seq_mod (&loop, NULL, replace_copy, &wi);
  gimple_seq_add_seq (&seq, loop);
  return seq;
}

/* What L's `parallel' asks of the host path's team, as SCANRT_scan's
   THREADS, its computation appended to *SEQ: 1 where its if clause is
   false, else its num_threads, else 0; for an orphaned loop, the team
   that meets it (SCANRT_THREADS_TEAM).  */
static tree
team_request (scan_loop *l, gimple_seq *seq)
{
  gimple *par = l->construct;
  if (par == l->loop)
    return build_int_cst (integer_type_node, SCANRT_THREADS_TEAM);
  if (gimple_code (par) == GIMPLE_OMP_TARGET)
    {
      gimple_seq body = gimple_omp_body (par);
      par = NULL;
      for (gimple_stmt_iterator g = gsi_start (body); !gsi_end_p (g);
           gsi_next (&g))
        {
          if (gimple_code (gsi_stmt (g)) != GIMPLE_BIND)
            continue;
          gbind *bind = as_a<gbind *> (gsi_stmt (g));
          for (gimple_stmt_iterator at = gsi_start (*gimple_bind_body_ptr
                                                    (bind));
               !gsi_end_p (at); gsi_next (&at))
            if (gimple_code (gsi_stmt (at)) == GIMPLE_OMP_PARALLEL)
              par = gsi_stmt (at);
        }
    }
  tree num = NULL_TREE, cond = NULL_TREE;
  if (par && gimple_code (par) == GIMPLE_OMP_PARALLEL)
    for (tree c = gimple_omp_parallel_clauses (par); c;
         c = OMP_CLAUSE_CHAIN (c))
      {
        if (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_NUM_THREADS)
          num = OMP_CLAUSE_NUM_THREADS_EXPR (c);
        else if (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_IF)
          cond = OMP_CLAUSE_IF_EXPR (c);
      }
  tree it = integer_type_node;
  tree threads = num ? fold_convert (it, num) : integer_zero_node;
  if (cond)
    threads = fold_build3 (COND_EXPR, it,
                           fold_build2 (NE_EXPR, boolean_type_node, cond,
                                        build_zero_cst (TREE_TYPE (cond))),
                           threads, integer_one_node);
  return scanomp_value (threads, seq);
}

/* Read into DST, an addressable seed, the value at ADDR, of DST's type,
   as DEVICE sees it, into *SEQ.  */
static void
present_read (tree device, tree dst, tree addr, gimple_seq *seq)
{
  tree fntype = build_function_type_list (void_type_node, integer_type_node,
                                          ptr_type_node, const_ptr_type_node,
                                          size_type_node, NULL_TREE);
  tree fn = build_fn_decl ("SCANRT_present_read", fntype);
  TREE_NOTHROW (fn) = 1;
  gimple_seq_add_stmt (seq, gimple_build_call (fn, 4, device,
                                               build_fold_addr_expr (dst),
                                               scanomp_value (addr, seq),
                                               TYPE_SIZE_UNIT (TREE_TYPE
                                                               (dst))));
}

/* The host code: bounds, extents, NARGS arguments, seed and the call,
   jumping to FALLBACK or DONE.  RESUME, where the fallback can go on from
   the positions the runtime finished, is the index it starts from: the
   first, or the one after them.  */
static gimple_seq
offload_call (scan_loop *l, unsigned n_items, tree seed_type, tree desc,
              unsigned nargs, tree resume, tree fallback, tree done)
{
  gimple_seq seq = NULL;
  tree lt = long_integer_type_node;
  tree lb = create_tmp_var (lt, "scan_first");
  tree n = create_tmp_var (lt, "scan_n");
  tree last = create_tmp_var (lt, "scan_last");
  gimplify_assign (lb, fold_convert (lt, l->lb), &seq);
  if (resume)
    gimplify_assign (resume, unshare_expr (l->lb), &seq);
  tree ub = fold_convert (lt, l->ub);
  tree count = l->step > 0 ? fold_build2 (MINUS_EXPR, lt, ub, lb)
                           : fold_build2 (MINUS_EXPR, lt, lb, ub);
  if (l->cond == LE_EXPR || l->cond == GE_EXPR)
    count = fold_build2 (PLUS_EXPR, lt, count, build_int_cst (lt, 1));
  gimplify_assign (n, fold_build2 (MAX_EXPR, lt, count,
                                   build_int_cst (lt, 0)), &seq);
  /* A lastprivate index ends at the first value when there is no
     iteration, as after the sequential loop.  */
  if (l->final_iv && reaches_host (l, l->final_iv))
    gimplify_assign (l->final_iv, fold_convert (TREE_TYPE (l->final_iv), lb),
                     &seq);
  tree go = create_artificial_label (UNKNOWN_LOCATION);
  gimple_seq_add_stmt (&seq, gimple_build_cond (LE_EXPR, n,
                                                build_int_cst (lt, 0), done,
                                                go));
  gimple_seq_add_stmt (&seq, gimple_build_label (go));
  if (l->if_cond)
    {
      tree c = scanomp_value (l->if_cond, &seq);
      tree yes = create_artificial_label (UNKNOWN_LOCATION);
      gimple_seq_add_stmt (&seq, gimple_build_cond (NE_EXPR, c,
                                                    build_zero_cst (TREE_TYPE (c)),
                                                    yes, fallback));
      gimple_seq_add_stmt (&seq, gimple_build_label (yes));
    }
  gimplify_assign (last, fold_build2 (PLUS_EXPR, lt, lb,
                                      fold_build2 (MULT_EXPR, lt,
                                                   fold_build2 (MINUS_EXPR, lt,
                                                                n,
                                                                build_int_cst (lt, 1)),
                                                   build_int_cst (lt, l->step))),
                   &seq);

  /* The arguments: a SCANRT_arg array, laid out as void * and size_t
     pairs.  */
  tree ul = long_unsigned_type_node;
  /* Each array's host bytes, for the overlap check below.  */
  struct range { tree start, end; bool stored; };
  auto_vec<range> ranges;
  tree args = addressable_tmp (build_array_type_nelts (ul, 2 * nargs),
                               "scan_args");
  unsigned arg = 0;
  auto put = [&] (tree ptr, tree bytes) {
    gimplify_assign (build4 (ARRAY_REF, ul, args, size_int (2 * arg),
                             NULL_TREE, NULL_TREE),
                     fold_convert (ul, ptr), &seq);
    gimplify_assign (build4 (ARRAY_REF, ul, args, size_int (2 * arg + 1),
                             NULL_TREE, NULL_TREE),
                     fold_convert (ul, bytes), &seq);
    arg++;
  };
  for (tree base : l->bases)
    {
      tree lo = NULL_TREE, hi = NULL_TREE;
      for (const scan_access &a : l->accesses)
        {
          if (a.base != base)
            continue;
          tree size = build_int_cst (lt, tree_to_shwi (TYPE_SIZE_UNIT
                                                      (a.elem_type)));
          tree at_lb = offset_at (a, lb), at_last = offset_at (a, last);
          tree a_lo = fold_build2 (MIN_EXPR, lt, at_lb, at_last);
          tree a_hi = fold_build2 (PLUS_EXPR, lt,
                                   fold_build2 (MAX_EXPR, lt, at_lb, at_last),
                                   size);
          lo = lo ? fold_build2 (MIN_EXPR, lt, lo, a_lo) : a_lo;
          hi = hi ? fold_build2 (MAX_EXPR, lt, hi, a_hi) : a_hi;
        }
      /* A map clause's section is on the device too: the buffer covers
         it as well as what the loop touches.  */
      for (unsigned m = 0; m + 2 < l->maps.length (); m += 3)
        if (l->maps[m] == base && lo)
          {
            tree start = fold_convert (lt, l->maps[m + 1]);
            tree end = fold_build2 (PLUS_EXPR, lt, start,
                                    fold_convert (lt, l->maps[m + 2]));
            lo = fold_build2 (MIN_EXPR, lt, lo, start);
            hi = fold_build2 (MAX_EXPR, lt, hi, end);
          }
      tree lo_v = addressable_tmp (lt, "scan_lo");
      tree hi_v = create_tmp_var (lt, "scan_hi");
      gimplify_assign (lo_v, lo, &seq);
      gimplify_assign (hi_v, hi, &seq);
      put (fold_build_pointer_plus (base_pointer (base), lo_v),
           fold_build2 (MINUS_EXPR, lt, hi_v, lo_v));
      put (build_fold_addr_expr (lo_v), build_int_cst (lt, 8));
      if (l->output_sets_last)
        {
          tree start = create_tmp_var (ul, "scan_start");
          tree end = create_tmp_var (ul, "scan_end");
          tree p = fold_convert (ul, base_pointer (base));
          gimplify_assign (start, fold_build2 (PLUS_EXPR, ul, p,
                                               fold_convert (ul, lo_v)), &seq);
          gimplify_assign (end, fold_build2 (PLUS_EXPR, ul, unshare_expr (p),
                                             fold_convert (ul, hi_v)), &seq);
          ranges.safe_push ({ start, end, stored (l, base) });
        }
    }
  /* The input hook runs the scan phase without its stores to find the
     lastprivate variables it sets (see inscan.cc), trusting that arrays
     stored there overlap no other: GCC runs the loop where they do.  */
  for (unsigned a = 0; a < ranges.length (); a++)
    for (unsigned b = a + 1; b < ranges.length (); b++)
      if (ranges[a].stored || ranges[b].stored)
        {
          tree apart = create_artificial_label (UNKNOWN_LOCATION);
          tree maybe = create_artificial_label (UNKNOWN_LOCATION);
          gimple_seq_add_stmt (&seq, gimple_build_cond (LT_EXPR,
                                                        ranges[a].start,
                                                        ranges[b].end, maybe,
                                                        apart));
          gimple_seq_add_stmt (&seq, gimple_build_label (maybe));
          gimple_seq_add_stmt (&seq, gimple_build_cond (LT_EXPR,
                                                        ranges[b].start,
                                                        ranges[a].end,
                                                        fallback, apart));
          gimple_seq_add_stmt (&seq, gimple_build_label (apart));
        }
  tree lb_copy = addressable_tmp (lt, "scan_first");
  gimplify_assign (lb_copy, lb, &seq);
  put (build_fold_addr_expr (lb_copy), build_int_cst (lt, 8));
  for (tree s : l->scalars)
    {
      tree copy = addressable_tmp (TREE_TYPE (s), "scan_scalar");
      gimplify_assign (copy, s, &seq);
      put (build_fold_addr_expr (copy), TYPE_SIZE_UNIT (TREE_TYPE (s)));
    }

  /* A target's device, or its default; a loop outside any target runs on
     the host's CPU device.  */
  tree device = l->device ? fold_convert (integer_type_node, l->device)
                : build_int_cst (integer_type_node,
                                 scanomp_on_host (l) ? SCANRT_DEVICE_HOST_CPU : -1);
  device = scanomp_value (device, &seq);

  /* The seed: for an array of the clause y[i-1] at the first i, for a
     variable (an inscan loop's, a reduction beside the clause) its value
     (a field each when there are several).  A target loop reads y[i-1]
     where the target would: from the device, when y is mapped there
     (SCANRT_present_read).  */
  tree seed = addressable_tmp (seed_type, "scan_seed");
  tree total = NULL_TREE;
  for (unsigned k = 0; k < n_items; k++)
    if (l[k].host_var && !total)
      total = addressable_tmp (seed_type, "scan_total");
  tree field = n_items > 1 ? TYPE_FIELDS (seed_type) : NULL_TREE;
  gimple_seq totals = NULL;
  for (unsigned k = 0; k < n_items; k++)
    {
      scan_loop *item = &l[k];
      tree dst = field ? build3 (COMPONENT_REF, item->type, seed, field,
                                 NULL_TREE)
                       : seed;
      bool back = item->host_var && reaches_host (l, item->host_var);
      if (item->op == SCAN_OP_LAST)
        {
          /* Unset; the variable takes the value only if an iteration
             set it.  */
          tree set = TYPE_FIELDS (item->type);
          gimplify_assign (build3 (COMPONENT_REF, integer_type_node, dst,
                                   set, NULL_TREE), integer_zero_node, &seq);
          tree sum = build3 (COMPONENT_REF, item->type, total, field,
                             NULL_TREE);
          tree v = TREE_TYPE (DECL_CHAIN (set));
          if (back)
            gimplify_assign (unshare_expr (item->host_var),
                             build3 (COND_EXPR, v,
                                     build3 (COMPONENT_REF, integer_type_node,
                                             sum, set, NULL_TREE),
                                     build3 (COMPONENT_REF, v,
                                             unshare_expr (sum),
                                             DECL_CHAIN (set), NULL_TREE),
                                     unshare_expr (item->host_var)),
                             &totals);
        }
      else if (item->host_var)
        {
          gimplify_assign (dst, unshare_expr (item->host_var), &seq);
          if (back)
            gimplify_assign (unshare_expr (item->host_var),
                             field ? build3 (COMPONENT_REF, item->type, total,
                                             field, NULL_TREE)
                                   : total, &totals);
        }
      else
        {
          const scan_access &prev = item->accesses[item->recur];
          tree tp = build_pointer_type (item->type);
          tree addr = fold_convert (tp, fold_build_pointer_plus
                                          (base_pointer (item->var),
                                           offset_at (prev, lb)));
          if (!scanomp_on_host (l))
            present_read (device, dst, addr, &seq);
          else
            gimplify_assign (dst, build2 (MEM_REF, item->type, addr,
                                          build_int_cst (tp, 0)), &seq);
        }
      if (field)
        field = DECL_CHAIN (field);
    }
  if (l->final_iv && reaches_host (l, l->final_iv))
    gimplify_assign (l->final_iv,
                     fold_convert (TREE_TYPE (l->final_iv),
                                   fold_build2 (PLUS_EXPR, lt, last,
                                                build_int_cst (lt, l->step))),
                     &totals);

  tree fntype = build_function_type_list (integer_type_node, ptr_type_node,
                                          integer_type_node,
                                          integer_type_node, lt,
                                          long_unsigned_type_node,
                                          ptr_type_node, ptr_type_node,
                                          ptr_type_node, ptr_type_node,
                                          NULL_TREE);
  tree fn = build_fn_decl ("SCANRT_scan", fntype);
  tree nu = scanomp_value (fold_convert (long_unsigned_type_node, n), &seq);
  tree finished = resume ? addressable_tmp (ul, "scan_done") : NULL_TREE;
  tree threads = team_request (l, &seq);
  gcall *call = gimple_build_call (fn, 9, build_fold_addr_expr (desc), device,
                                   threads, build_int_cst (lt, 0), nu,
                                   build_fold_addr_expr (seed),
                                   total ? build_fold_addr_expr (total)
                                         : null_pointer_node,
                                   build_fold_addr_expr (args),
                                   finished ? build_fold_addr_expr (finished)
                                            : null_pointer_node);
  tree status = create_tmp_var (integer_type_node, "scan_status");
  gimple_call_set_lhs (call, status);
  gimple_set_location (call, scanomp_where (l));
  gimple_seq_add_stmt (&seq, call);
  /* 0: done; positive: run the fallback; negative: the offload was
     mandatory and failed (the runtime said why), so stop, as libgomp
     does.  */
  tree failed = create_artificial_label (UNKNOWN_LOCATION);
  tree not_done = create_artificial_label (UNKNOWN_LOCATION);
  tree host = create_artificial_label (UNKNOWN_LOCATION);
  tree apply = create_artificial_label (UNKNOWN_LOCATION);
  gimple_seq_add_stmt (&seq, gimple_build_cond (EQ_EXPR, status,
                                                integer_zero_node, apply,
                                                not_done));
  gimple_seq_add_stmt (&seq, gimple_build_label (not_done));
  gimple_seq_add_stmt (&seq, gimple_build_cond (LT_EXPR, status,
                                                integer_zero_node, failed,
                                                host));
  gimple_seq_add_stmt (&seq, gimple_build_label (failed));
  gimple_seq_add_stmt (&seq, gimple_build_call (builtin_decl_explicit
                                                (BUILT_IN_ABORT), 0));
  /* A split loop that finished part way: the fallback goes on after the
     positions done, from the variables' total so far.  */
  gimple_seq_add_stmt (&seq, gimple_build_label (host));
  if (resume)
    {
      tree part = create_artificial_label (UNKNOWN_LOCATION);
      finished = scanomp_value (finished, &seq);
      gimple_seq_add_stmt (&seq, gimple_build_cond (EQ_EXPR, finished,
                                                    build_zero_cst (ul),
                                                    fallback, part));
      gimple_seq_add_stmt (&seq, gimple_build_label (part));
      tree at = fold_build2 (PLUS_EXPR, lt, lb,
                             fold_build2 (MULT_EXPR, lt,
                                          fold_convert (lt, finished),
                                          build_int_cst (lt, l->step)));
      gimplify_assign (resume, fold_convert (TREE_TYPE (resume), at), &seq);
      gimple_seq_add_stmt (&seq, gimple_build_goto (apply));
    }
  else
    gimple_seq_add_stmt (&seq, gimple_build_goto (fallback));
  /* Done, or done part way: the variables take the scan's total.  */
  gimple_seq_add_stmt (&seq, gimple_build_label (apply));
  gimple_seq_add_seq (&seq, totals);
  gimple_seq_add_stmt (&seq, gimple_build_cond (EQ_EXPR, status,
                                                integer_zero_node, done,
                                                fallback));
  return seq;
}

/* The position of STMT in *SEQ or in the sequences nested in it.  */
static bool
find_stmt (gimple_seq *seq, gimple *stmt, gimple_stmt_iterator *out)
{
  for (gimple_stmt_iterator g = gsi_start (*seq); !gsi_end_p (g); gsi_next (&g))
    {
      gimple *s = gsi_stmt (g);
      if (s == stmt)
        {
          *out = g;
          return true;
        }
      gimple_seq *inner = NULL;
      switch (gimple_code (s))
        {
        case GIMPLE_BIND:
          inner = gimple_bind_body_ptr (as_a<gbind *> (s));
          break;
        case GIMPLE_OMP_PARALLEL:
        case GIMPLE_OMP_TEAMS:
        case GIMPLE_OMP_TARGET:
        case GIMPLE_OMP_FOR:
          inner = gimple_omp_body_ptr (s);
          break;
        case GIMPLE_TRY:
          inner = gimple_try_eval_ptr (s);
          break;
        default:
          break;
        }
      if (inner && find_stmt (inner, stmt, out))
        return true;
    }
  return false;
}

/* Replace every OpenMP construct in *SEQ by its body, through binds.
   The loops left are the outer ones of combined constructs (distribute
   around parallel for, for around simd): they run a private copy of the
   index over the same range, so their bodies stand for them, after their
   pre-bodies.  */
static void
unwrap (gimple_seq *seq)
{
  gimple_stmt_iterator g = gsi_start (*seq);
  while (!gsi_end_p (g))
    {
      gimple *s = gsi_stmt (g);
      switch (gimple_code (s))
        {
        case GIMPLE_OMP_PARALLEL:
        case GIMPLE_OMP_TEAMS:
        case GIMPLE_OMP_TARGET:
        case GIMPLE_OMP_FOR:
          {
            gimple_seq body = NULL;
            if (gimple_code (s) == GIMPLE_OMP_FOR)
              {
                body = gimple_omp_for_pre_body (s);
                gimple_omp_for_set_pre_body (s, NULL);
              }
            gimple_seq_add_seq (&body, gimple_omp_body (s));
            gimple_omp_set_body (s, NULL);
            unwrap (&body);
            gsi_replace_with_seq (&g, body, false);
            continue;
          }
        case GIMPLE_BIND:
          unwrap (gimple_bind_body_ptr (as_a<gbind *> (s)));
          break;
        case GIMPLE_TRY:
          unwrap (gimple_try_eval_ptr (s));
          break;
        default:
          break;
        }
      gsi_next (&g);
    }
}

/* SEQ, which goes on at label TO_FALLBACK or TO_DONE, run by one thread
   of the team in an `omp single' that tells every thread which way it
   went, so that all go on at FALLBACK or all at DONE: an orphaned inscan
   loop's fallback, GCC's own worksharing loop, is met by the whole team
   or by none of it.  */
static gimple_seq
decided_by_one (gimple_seq seq, tree to_fallback, tree to_done,
                tree fallback, tree done)
{
  tree go = create_tmp_var (integer_type_node, "scan_fallback");
  tree end = create_artificial_label (UNKNOWN_LOCATION);
  gimple_seq_add_stmt (&seq, gimple_build_label (to_fallback));
  gimple_seq_add_stmt (&seq, gimple_build_assign (go, integer_one_node));
  gimple_seq_add_stmt (&seq, gimple_build_goto (end));
  gimple_seq_add_stmt (&seq, gimple_build_label (to_done));
  gimple_seq_add_stmt (&seq, gimple_build_assign (go, integer_zero_node));
  gimple_seq_add_stmt (&seq, gimple_build_label (end));
  tree broadcast = build_omp_clause (UNKNOWN_LOCATION,
                                     OMP_CLAUSE_COPYPRIVATE);
  OMP_CLAUSE_DECL (broadcast) = go;
  gimple_seq all = gimple_seq_alloc_with_stmt (gimple_build_omp_single
                                               (seq, broadcast));
  gimple_seq_add_stmt (&all, gimple_build_cond (NE_EXPR, go,
                                                integer_zero_node, fallback,
                                                done));
  return all;
}

void
scanomp_lower (scan_loop *l, unsigned n, const scan_outline *o,
               gimple_stmt_iterator *gsi)
{
  auto_vec<arg_desc> args;
  arg_descs (l, &args);
  if (o->host[0] && !scanomp_on_host (l) && scanomp_options.verbose)
    inform (scanomp_where (l), "where it falls back to the host, it takes "
            "the host path: the threads of OpenMP, through functions "
            "compiled from the loop");
  tree desc = make_desc (l, n, o, args);

  /* The temporaries are locals of a bind around the new code, so that an
     OpenMP region around the construct (a `parallel' holding a target
     loop, say) gives each thread its own.  They are variables, not SSA
     names: the function is not in SSA form yet, and GCC 11's outlining of
     the region would leave SSA names made now in the function it leaves
     (cc1 then crashes in ccp).  */
  push_gimplify_context ();
  tree fallback = create_artificial_label (UNKNOWN_LOCATION);
  tree done = create_artificial_label (UNKNOWN_LOCATION);
  if (l->inscan)
    {
      /* The construct stays as it is, for GCC to run on host threads when
         the device declines.  */
      bool orphan = l->construct == l->loop;
      tree to_fallback = orphan ? create_artificial_label (UNKNOWN_LOCATION)
                                : fallback;
      tree to_done = orphan ? create_artificial_label (UNKNOWN_LOCATION)
                            : done;
      gimple_seq seq = offload_call (l, n, o->seed_type, desc,
                                     args.length (), NULL_TREE, to_fallback,
                                     to_done);
      if (orphan)
        seq = decided_by_one (seq, to_fallback, to_done, fallback, done);
      gbind *bind = gimple_build_bind (NULL_TREE, seq, NULL_TREE);
      pop_gimplify_context (bind);
      gsi_insert_before (gsi, bind, GSI_SAME_STMT);
      gsi_insert_before (gsi, gimple_build_label (fallback), GSI_SAME_STMT);
      gsi_insert_after (gsi, gimple_build_label (done), GSI_SAME_STMT);
      return;
    }
  gimple_seq seq = gimple_omp_for_pre_body (l->loop);
  gimple_omp_for_set_pre_body (l->loop, NULL);
  tree resume = create_tmp_var (TREE_TYPE (l->iv), "scan_resume");
  gimple_seq_add_seq (&seq, offload_call (l, n, o->seed_type, desc,
                                          args.length (), resume, fallback,
                                          done));
  gimple_seq_add_stmt (&seq, gimple_build_label (fallback));
  gimple_seq_add_seq (&seq, privatize (l, sequential_loop (l, resume)));
  gimple_seq_add_stmt (&seq, gimple_build_label (done));
  gbind *bind = gimple_build_bind (NULL_TREE, seq, NULL_TREE);
  pop_gimplify_context (bind);

  if (l->construct == l->loop)
    {
      /* An orphaned `omp for' in a team that already runs: one thread
         runs the scan, the others wait at the single's barrier, as they
         would at the loop's, and take the host path's tasks there.  */
      gsi_replace (gsi, gimple_build_omp_single (gimple_seq_alloc_with_stmt
                                                 (bind), NULL_TREE),
                   false);
      return;
    }

  /* The loop's place inside the construct gets the new code; then the
     construct gives way to its body.  */
  gimple_seq body = gimple_omp_body (l->construct);
  gimple_stmt_iterator at;
  if (!find_stmt (&body, l->loop, &at))
    gcc_unreachable ();
  gsi_replace (&at, bind, false);
  gimple_omp_set_body (l->construct, NULL);
  unwrap (&body);
  gsi_replace_with_seq (gsi, body, false);
}
