/* SPDX-License-Identifier: GPL-3.0-or-later */
/* call.cc: the call into libscanrt that stands for a loop: its bounds,
   its arguments (each array's window, the first index, the scalars), the
   seed and the total of its scan, the device and threads it asks for,
   and where the runtime's status sends it on.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimplify.h"
#include "fold-const.h"
#include "gomp-constants.h"

#include "lower/lowering.h"
#include "scanrt.h"
#include "scanrt-abi.h"

/* A new addressable local of TYPE.  */
static tree
addressable_tmp (tree type, const char *name)
{
  tree t = scanomp_tmp_var (type, name);
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
                      fold_build2 (MULT_EXPR, l, scanomp_step (a), i),
                      fold_convert (l, a.rest));
}

/* Whether DECL, what a map clause maps, is VAR, or what VAR, a C++
   reference or a Fortran dummy, refers to (`map (tofrom: *s)', as GCC
   writes map (tofrom: s) for one; gfortran's, through a copy of s,
   `map (tofrom: *s.29_29)').  */
static bool
maps_var (tree decl, tree var)
{
  if ((TREE_CODE (decl) == MEM_REF || TREE_CODE (decl) == INDIRECT_REF)
      && TREE_CODE (TREE_TYPE (var)) == REFERENCE_TYPE)
    {
      decl = TREE_OPERAND (decl, 0);
      if (TREE_CODE (decl) == SSA_NAME)
        {
          gimple *def = SSA_NAME_DEF_STMT (decl);
          if (def && gimple_assign_single_p (def))
            decl = gimple_assign_rhs1 (def);
        }
    }
  return decl == var;
}

/* Whether the value that L's loop leaves in VAR (a variable, or *r for a
   C++ reference r) reaches the host: inside a target region only where
   the target maps VAR back, since a scalar is firstprivate there
   otherwise (the gimplifier has added the implicit clauses).  */
bool
lower_reaches_host (scan_loop *l, tree var)
{
  if (gimple_code (l->construct) != GIMPLE_OMP_TARGET)
    return true;
  if (TREE_CODE (var) == MEM_REF)
    var = TREE_OPERAND (var, 0);
  for (tree c = gimple_omp_target_clauses (l->construct); c;
       c = OMP_CLAUSE_CHAIN (c))
    if (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_MAP
        && maps_var (OMP_CLAUSE_DECL (c), var))
      switch (OMP_CLAUSE_MAP_KIND (c))
        {
        case GOMP_MAP_FROM:
        case GOMP_MAP_TOFROM:
        case GOMP_MAP_FORCE_FROM:
        case GOMP_MAP_FORCE_TOFROM:
        case GOMP_MAP_ALWAYS_FROM:
        case GOMP_MAP_ALWAYS_TOFROM:
#ifdef GOMP_MAP_FLAG_PRESENT
        case GOMP_MAP_ALWAYS_PRESENT_FROM:
        case GOMP_MAP_ALWAYS_PRESENT_TOFROM:
#endif
          return true;
        default:
          break;
        }
  return false;
}

/* exit, which GCC's Fortran front end does not declare as a built-in.  */
static tree
exit_decl (void)
{
  if (tree fn = builtin_decl_explicit (BUILT_IN_EXIT))
    return fn;
  tree fn = build_fn_decl ("exit", build_function_type_list
                                   (void_type_node, integer_type_node,
                                    NULL_TREE));
  TREE_THIS_VOLATILE (fn) = 1;
  TREE_NOTHROW (fn) = 1;
  return fn;
}

/* What L's `parallel' asks of the host path's team, as SCANRT_scan's
   THREADS, its computation appended to *SEQ: 1 where its if clause is
   false, else its num_threads, else 0; for an orphaned loop, the team
   that meets it (SCANRT_THREADS_TEAM).  */
static tree
team_request (scan_loop *l, gimple_seq *seq)
{
  gimple *par = l->construct;
  if (scanomp_orphan (l))
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

bool
lower_seed_at (scan_loop *l, tree seed_type)
{
  if (l->n != 1 || scanomp_on_host (l))
    return false;
  const scan_item *it = &l->items[0];
  return (!it->host_var && it->op != SCAN_OP_LAST
          && it->form == SCAN_FORM_PLAIN
          && TYPE_MAIN_VARIANT (seed_type) == TYPE_MAIN_VARIANT (it->type));
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

/* What lower_call builds the call from, as it goes.  */
struct call_parts
{
  scan_loop *l;
  gimple_seq seq;                 /* the code up to the call */
  gimple_seq totals;              /* the variables set from the total,
                                     after it */
  tree lb, n, last;               /* the first index, the positions and
                                     the last index, as longs */
  tree args;                      /* the SCANRT_arg array */
  tree device, seed, total;
  tree seed_at;                   /* the seed's address, for
                                     SCANRT_SEED_AT, or NULL_TREE */
};

/* The value that L's index as written, of type TYPE, has where the
   integer index is K (a long): K, or for a loop over a pointer, the
   pointer's first value plus K elements.  */
static tree
written_index_at (scan_loop *l, tree type, tree k)
{
  if (!l->ptr_iv)
    return fold_convert (type, k);
  tree bytes = fold_build2 (MULT_EXPR, sizetype, fold_convert (sizetype, k),
                            fold_convert (sizetype, l->ptr_unit));
  return fold_convert (type, fold_build_pointer_plus (unshare_expr
                                                      (l->ptr_start),
                                                      bytes));
}

/* Append to P's code the first index, the positions and the last index
   of the loop, going on at DONE where there is none and at FALLBACK
   where a stride taken for 1 is not; RESUME, where not null, starts at
   the first index.  */
static void
add_bounds (call_parts *p, tree resume, tree fallback, tree done)
{
  scan_loop *l = p->l;
  gimple_seq *seq = &p->seq;
  tree lt = long_integer_type_node;
  tree lb = p->lb = scanomp_tmp_var (lt, "scan_first");
  tree n = p->n = scanomp_tmp_var (lt, "scan_n");
  p->last = scanomp_tmp_var (lt, "scan_last");
  gimplify_assign (lb, fold_convert (lt, l->lb), seq);
  if (resume)
    gimplify_assign (resume, unshare_expr (l->lb), seq);
  tree ub = fold_convert (lt, l->ub);
  tree count = l->step > 0 ? fold_build2 (MINUS_EXPR, lt, ub, lb)
                           : fold_build2 (MINUS_EXPR, lt, lb, ub);
  if (l->cond == LE_EXPR || l->cond == GE_EXPR)
    count = fold_build2 (PLUS_EXPR, lt, count, build_int_cst (lt, 1));
  gimplify_assign (n, fold_build2 (MAX_EXPR, lt, count,
                                   build_int_cst (lt, 0)), seq);
  /* A lastprivate index ends at the first value when there is no
     iteration, as after the sequential loop.  */
  if (l->final_iv && lower_reaches_host (l, l->final_iv))
    gimplify_assign (l->final_iv,
                     written_index_at (l, TREE_TYPE (l->final_iv), lb), seq);
  tree go = create_artificial_label (UNKNOWN_LOCATION);
  gimple_seq_add_stmt (seq, gimple_build_cond (LE_EXPR, n,
                                               build_int_cst (lt, 0), done,
                                               go));
  gimple_seq_add_stmt (seq, gimple_build_label (go));
  /* Go on where A CODE B holds, else to the fallback.  */
  auto only_if = [&] (tree_code code, tree a, tree b) {
    tree yes = create_artificial_label (UNKNOWN_LOCATION);
    gimple_seq_add_stmt (seq, gimple_build_cond (code, a, b, yes, fallback));
    gimple_seq_add_stmt (seq, gimple_build_label (yes));
  };
  /* A Fortran array of an unknown stride runs here where it is 1.  */
  for (tree v : l->unit_strides)
    only_if (EQ_EXPR, v, build_one_cst (TREE_TYPE (v)));
  /* A store whose step is a variable's runs here where that is at least
     an element wide.  */
  for (tree c : l->wide_steps)
    only_if (NE_EXPR, scanomp_value (unshare_expr (c), seq),
             boolean_false_node);
  gimplify_assign (p->last,
                   fold_build2 (PLUS_EXPR, lt, lb,
                                fold_build2 (MULT_EXPR, lt,
                                             fold_build2 (MINUS_EXPR, lt, n,
                                                          build_int_cst (lt,
                                                                         1)),
                                             build_int_cst (lt, l->step))),
                   seq);
}

/* Append to P's code the arguments, NARGS of them: a SCANRT_arg array,
   laid out as void * and size_t pairs, in P->args: each array's window
   (the bytes the loop touches, and a map clause's section) and where it
   starts, the first index, the scalars.  Where the input hook runs the
   scan phase without its stores, go on at FALLBACK if an array stored
   there overlaps another.  */
static void
add_args (call_parts *p, unsigned nargs, tree fallback)
{
  scan_loop *l = p->l;
  gimple_seq *seq = &p->seq;
  tree lt = long_integer_type_node, ul = long_unsigned_type_node;
  /* Each array's host bytes, for the overlap check below.  */
  struct range { tree start, end; bool stored; };
  auto_vec<range> ranges;
  tree args = p->args = addressable_tmp (build_array_type_nelts (ul,
                                                                 2 * nargs),
                                         "scan_args");
  unsigned arg = 0;
  auto put = [&] (tree ptr, tree bytes) {
    gimplify_assign (build4 (ARRAY_REF, ul, args, size_int (2 * arg),
                             NULL_TREE, NULL_TREE),
                     fold_convert (ul, ptr), seq);
    gimplify_assign (build4 (ARRAY_REF, ul, args, size_int (2 * arg + 1),
                             NULL_TREE, NULL_TREE),
                     fold_convert (ul, bytes), seq);
    arg++;
  };
  for (tree base : l->bases)
    {
      tree lo = NULL_TREE, hi = NULL_TREE;
      for (const scan_access &a : l->accesses)
        {
          if (a.base != base)
            continue;
          /* A scatter's array has no window: the host path, which alone
             runs one, reaches it through its pointer.  */
          if (a.scatter)
            {
              lo = hi = build_int_cst (lt, 0);
              break;
            }
          tree size = build_int_cst (lt, tree_to_shwi (TYPE_SIZE_UNIT
                                                      (a.elem_type)));
          tree at_lb = offset_at (a, p->lb), at_last = offset_at (a, p->last);
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
      tree hi_v = scanomp_tmp_var (lt, "scan_hi");
      gimplify_assign (lo_v, lo, seq);
      gimplify_assign (hi_v, hi, seq);
      put (fold_build_pointer_plus (base_pointer (base), lo_v),
           fold_build2 (MINUS_EXPR, lt, hi_v, lo_v));
      put (build_fold_addr_expr (lo_v), build_int_cst (lt, 8));
      if (l->output_sets_last)
        {
          tree start = scanomp_tmp_var (ul, "scan_start");
          tree end = scanomp_tmp_var (ul, "scan_end");
          tree bp = fold_convert (ul, base_pointer (base));
          gimplify_assign (start, fold_build2 (PLUS_EXPR, ul, bp,
                                               fold_convert (ul, lo_v)), seq);
          gimplify_assign (end, fold_build2 (PLUS_EXPR, ul, unshare_expr (bp),
                                             fold_convert (ul, hi_v)), seq);
          ranges.safe_push ({ start, end, lower_stored (l, base) });
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
          gimple_seq_add_stmt (seq, gimple_build_cond (LT_EXPR,
                                                       ranges[a].start,
                                                       ranges[b].end, maybe,
                                                       apart));
          gimple_seq_add_stmt (seq, gimple_build_label (maybe));
          gimple_seq_add_stmt (seq, gimple_build_cond (LT_EXPR,
                                                       ranges[b].start,
                                                       ranges[a].end,
                                                       fallback, apart));
          gimple_seq_add_stmt (seq, gimple_build_label (apart));
        }
  tree lb_copy = addressable_tmp (lt, "scan_first");
  gimplify_assign (lb_copy, p->lb, seq);
  put (build_fold_addr_expr (lb_copy), build_int_cst (lt, 8));
  for (tree s : l->scalars)
    {
      tree copy = addressable_tmp (TREE_TYPE (s), "scan_scalar");
      gimplify_assign (copy, s, seq);
      put (build_fold_addr_expr (copy), TYPE_SIZE_UNIT (TREE_TYPE (s)));
    }
}

/* Append to P's code the seed of its loop's items, of SEED_TYPE, in
   P->seed: for an array of the clause y[i-1] at the first i, for a
   variable (an inscan loop's, a reduction beside the clause) its value
   (a field each when there are several); and to P->totals the variables
   set from the total, in P->total.  A target loop reads y[i-1] where the
   target would: from the device, when y is mapped there
   (SCANRT_present_read), or, where the seed is that alone
   (lower_seed_at), passes its address in P->seed_at for libscanrt to
   read there.  */
static void
add_seed (call_parts *p, tree seed_type)
{
  scan_loop *l = p->l;
  gimple_seq *seq = &p->seq, *totals = &p->totals;
  tree lt = long_integer_type_node;
  tree seed = p->seed = addressable_tmp (seed_type, "scan_seed");
  tree total = p->total = NULL_TREE;
  unsigned n_items = l->n;
  for (unsigned k = 0; k < n_items; k++)
    if (l->items[k].host_var && !total)
      total = p->total = addressable_tmp (seed_type, "scan_total");
  tree field = n_items > 1 ? TYPE_FIELDS (seed_type) : NULL_TREE;
  for (unsigned k = 0; k < n_items; k++)
    {
      scan_item *item = &l->items[k];
      tree dst = field ? build3 (COMPONENT_REF, item->type, seed, field,
                                 NULL_TREE)
                       : seed;
      bool back = item->host_var && lower_reaches_host (l, item->host_var);
      if (item->op == SCAN_OP_LAST)
        {
          /* Unset; the variable takes the value only if an iteration
             set it.  */
          tree set = TYPE_FIELDS (item->type);
          gimplify_assign (build3 (COMPONENT_REF, integer_type_node, dst,
                                   set, NULL_TREE), integer_zero_node, seq);
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
                             totals);
        }
      else if (item->host_var)
        {
          gimplify_assign (dst, unshare_expr (item->host_var), seq);
          if (back)
            gimplify_assign (unshare_expr (item->host_var),
                             field ? build3 (COMPONENT_REF, item->type, total,
                                             field, NULL_TREE)
                                   : total, totals);
        }
      else
        {
          /* A recurrence's pair: y[i-1], as the map to it (x -> y[i-1],
             multiplier 0) or unflagged; of a higher order K, the map to
             (y[i-1], ..., y[i-K]), M 0.  */
          unsigned order = item->form == SCAN_FORM_AFFINE ? item->order : 1;
          if (item->form != SCAN_FORM_PLAIN)
            for (unsigned f = order; f < order + order * order; f++)
              {
                tree m = scanomp_pair_field (dst, f);
                gimplify_assign (m, build_zero_cst (TREE_TYPE (m)), seq);
              }
          const scan_access &prev = item->accesses[item->recur];
          tree tp = build_pointer_type (item->type);
          HOST_WIDE_INT size = tree_to_shwi (TYPE_SIZE_UNIT (item->type));
          for (unsigned j = 0; j < order; j++)
            {
              /* y[i-1-j] at the first i, from the read of y[i-lag].  */
              tree at = fold_build2 (PLUS_EXPR, lt, offset_at (prev, p->lb),
                                     build_int_cst (lt, ((HOST_WIDE_INT)
                                                         prev.lag - 1 - j)
                                                        * l->step * size));
              tree addr = fold_convert (tp, fold_build_pointer_plus
                                              (base_pointer (item->var),
                                               at));
              tree to = item->form == SCAN_FORM_PLAIN ? dst
                        : scanomp_pair_field (dst, scanomp_map_c (j));
              if (lower_seed_at (l, seed_type))
                p->seed_at = scanomp_value (addr, seq);
              else if (!scanomp_on_host (l))
                present_read (p->device, to, addr, seq);
              else
                gimplify_assign (to, build2 (MEM_REF, item->type, addr,
                                             build_int_cst (tp, 0)), seq);
            }
        }
      if (field)
        field = DECL_CHAIN (field);
    }
  if (l->final_iv && lower_reaches_host (l, l->final_iv))
    gimplify_assign (l->final_iv,
                     written_index_at (l, TREE_TYPE (l->final_iv),
                                       fold_build2 (PLUS_EXPR, lt, p->last,
                                                    build_int_cst (lt,
                                                                   l->step))),
                     totals);
}

/* Append to P's code the call of SCANRT_scan with DESC, and where its
   status goes: 0, done; positive, the fallback; negative, the offload
   was mandatory and failed (the runtime said why), so stop, as libgomp
   does.  RESUME is as for lower_call.  */
static void
add_call (call_parts *p, tree desc, tree resume, tree fallback, tree done)
{
  scan_loop *l = p->l;
  gimple_seq *seq = &p->seq;
  tree lt = long_integer_type_node, ul = long_unsigned_type_node;
  tree fntype = build_function_type_list (integer_type_node, ptr_type_node,
                                          integer_type_node,
                                          integer_type_node, lt,
                                          long_unsigned_type_node,
                                          ptr_type_node, ptr_type_node,
                                          ptr_type_node, ptr_type_node,
                                          NULL_TREE);
  tree fn = build_fn_decl ("SCANRT_scan", fntype);
  tree nu = scanomp_value (fold_convert (long_unsigned_type_node, p->n), seq);
  tree finished = resume ? addressable_tmp (ul, "scan_done") : NULL_TREE;
  tree threads = team_request (l, seq);
  gcall *call = gimple_build_call (fn, 9, build_fold_addr_expr (desc),
                                   p->device, threads, build_int_cst (lt, 0),
                                   nu, p->seed_at ? p->seed_at
                                                  : build_fold_addr_expr
                                                      (p->seed),
                                   p->total ? build_fold_addr_expr (p->total)
                                            : null_pointer_node,
                                   build_fold_addr_expr (p->args),
                                   finished ? build_fold_addr_expr (finished)
                                            : null_pointer_node);
  tree status = scanomp_tmp_var (integer_type_node, "scan_status");
  gimple_call_set_lhs (call, status);
  gimple_set_location (call, scanomp_where (l));
  gimple_seq_add_stmt (seq, call);
  tree failed = create_artificial_label (UNKNOWN_LOCATION);
  tree not_done = create_artificial_label (UNKNOWN_LOCATION);
  tree host = create_artificial_label (UNKNOWN_LOCATION);
  tree apply = create_artificial_label (UNKNOWN_LOCATION);
  gimple_seq_add_stmt (seq, gimple_build_cond (EQ_EXPR, status,
                                               integer_zero_node, apply,
                                               not_done));
  gimple_seq_add_stmt (seq, gimple_build_label (not_done));
  gimple_seq_add_stmt (seq, gimple_build_cond (LT_EXPR, status,
                                               integer_zero_node, failed,
                                               host));
  gimple_seq_add_stmt (seq, gimple_build_label (failed));
  /* As libgomp stops the program where OpenMP allows no fallback.  */
  gimple_seq_add_stmt (seq, gimple_build_call (exit_decl (), 1,
                                               integer_one_node));
  /* A split loop that finished part way: the fallback goes on after the
     positions done, from the variables' total so far.  */
  gimple_seq_add_stmt (seq, gimple_build_label (host));
  if (resume)
    {
      tree part = create_artificial_label (UNKNOWN_LOCATION);
      finished = scanomp_value (finished, seq);
      gimple_seq_add_stmt (seq, gimple_build_cond (EQ_EXPR, finished,
                                                   build_zero_cst (ul),
                                                   fallback, part));
      gimple_seq_add_stmt (seq, gimple_build_label (part));
      tree at = fold_build2 (PLUS_EXPR, lt, p->lb,
                             fold_build2 (MULT_EXPR, lt,
                                          fold_convert (lt, finished),
                                          build_int_cst (lt, l->step)));
      gimplify_assign (resume, fold_convert (TREE_TYPE (resume), at), seq);
      gimple_seq_add_stmt (seq, gimple_build_goto (apply));
    }
  else
    gimple_seq_add_stmt (seq, gimple_build_goto (fallback));
  /* Done, or done part way: the variables take the scan's total.  */
  gimple_seq_add_stmt (seq, gimple_build_label (apply));
  gimple_seq_add_seq (seq, p->totals);
  gimple_seq_add_stmt (seq, gimple_build_cond (EQ_EXPR, status,
                                               integer_zero_node, done,
                                               fallback));
}

gimple_seq
lower_call (scan_loop *l, tree seed_type, tree desc, unsigned nargs,
            tree resume, tree fallback, tree done, bool host_path)
{
  call_parts p;
  p.l = l;
  p.seq = p.totals = NULL;
  p.seed_at = NULL_TREE;
  /* An inscan loop's pre-body, which computes its bounds (inscan.cc).  */
  gimple_seq_add_seq (&p.seq, gimple_seq_copy (l->bounds_setup));
  /* What the body reads of structs' fields (fields.cc).  */
  for (unsigned k = 0; k < l->field_reads.length (); k += 2)
    {
      gimple_add_tmp_var (l->field_reads[k]);
      gimplify_assign (l->field_reads[k],
                       unshare_expr (l->field_reads[k + 1]), &p.seq);
    }
  add_bounds (&p, resume, fallback, done);
  add_args (&p, nargs, fallback);
  tree cond = NULL_TREE;
  if (l->if_cond)
    {
      tree c = scanomp_value (l->if_cond, &p.seq);
      tree zero = build_zero_cst (TREE_TYPE (c));
      if (host_path)
        cond = fold_build2 (NE_EXPR, boolean_type_node, c, zero);
      else
        {
          tree yes = create_artificial_label (UNKNOWN_LOCATION);
          gimple_seq_add_stmt (&p.seq, gimple_build_cond (NE_EXPR, c, zero,
                                                          yes, fallback));
          gimple_seq_add_stmt (&p.seq, gimple_build_label (yes));
        }
    }
  /* A target's device, or its default; a loop outside any target runs on
     the host, as does a target's whose if() is false: on the host path,
     the threads of its `parallel', from the host's copy of the data
     (without the host path, the fallback runs it).  */
  tree it = integer_type_node;
  tree host = build_int_cst (it, SCANRT_DEVICE_HOST_CPU);
  tree device = l->device ? scanomp_clause_device (l->device, &p.seq)
                : scanomp_on_host (l) ? host : build_int_cst (it, -1);
  if (cond)
    device = fold_build3 (COND_EXPR, it, cond, device, host);
  p.device = scanomp_value (device, &p.seq);
  add_seed (&p, seed_type);
  add_call (&p, desc, resume, fallback, done);
  return p.seq;
}
