/* SPDX-License-Identifier: GPL-3.0-or-later */
/* desc.cc: what the runtime is told of a loop, once, in a static
   SCANRT_desc (scanrt-abi.h): its kernels' source, its element, operator
   and flags, the kind of each argument, and its host path's
   functions.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimplify.h"
#include "fold-const.h"
#include "cgraph.h"

#include "lower/lowering.h"
#include "host/host.h"
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
bool
lower_stored (scan_loop *l, tree base)
{
  for (const scan_access &a : l->accesses)
    if (a.store && a.base == base)
      return true;
  return false;
}

/* Whether the loop of L reads, besides y[i-1] and the value it stores to
   y[i], an array it stores to (the host path's reduce function then reads
   what its scan function stores: SCANRT_READS_STORED); or gathers beside
   its stores, whose array has no window that the call could check
   against theirs, and may be one of theirs (not a collapsed nest's
   reads, whose indices the position gives by division).  */
static bool
reads_stored (scan_loop *l)
{
  bool stores = false, gathers = false;
  for (const scan_access &a : l->accesses)
    {
      if (!a.store && !a.prev && !(a.after && a.arg < 0)
          && lower_stored (l, a.base))
        return true;
      stores |= a.store;
      gathers |= a.scatter && !a.store && !l->nest.length ();
    }
  return stores && gathers;
}

/* Whether what L's reduce function runs of its body makes a costly
   call (SCANRT_COSTLY).  */
static bool
costly (scan_loop *l)
{
  return scanomp_calls_costly (l->inscan ? l->input
                                         : gimple_omp_body (l->loop));
}

/* Whether the host path's reduce function of L's items is a chain of
   the operator as long as its scan function's (SCANRT_SERIAL_REDUCE):
   where not optimized, of a user-defined operator or a recurrence's
   pairs not in lanes (forms.cc), or of a floating-point operator other
   than `+' and `-', which host.cc's tune does not reassociate or GCC
   cannot vectorize without -ffinite-math-only; or where what the reduce
   runs of the body makes a costly call (`exp (x[i])'), which costs the
   reduce what it costs the scan.  */
static bool
serial_reduce (scan_loop *l)
{
  if (!optimize || costly (l))
    return true;
  for (unsigned k = 0; k < l->n; k++)
    {
      const scan_item *it = &l->items[k];
      if (it->op == SCAN_OP_USER
          || (it->form != SCAN_FORM_PLAIN && !scanomp_host_lanes (l))
          || (FLOAT_TYPE_P (it->type) && it->op != SCAN_OP_ADD
              && it->op != SCAN_OP_SUB && it->op != SCAN_OP_LAST))
        return true;
    }
  return false;
}

/* Whether the reduce function of L costs about half its scan function
   (SCANRT_HALF_REDUCE): a recurrence's pairs in lanes.  */
static bool
half_reduce (scan_loop *l)
{
  return (!serial_reduce (l) && l->items[0].form != SCAN_FORM_PLAIN
          && scanomp_host_lanes (l));
}

/* A SCANRT_arg_desc.  */
struct arg_desc
{
  unsigned kind, size;
  HOST_WIDE_INT stride;
};

/* Whether L's items combine floating-point values in a way that the
   reproducible mode (libscanrt/run/repro.c) does not cover: where O has
   no plain functions, an item of a floating type but for min and max
   (a recurrence's or a segmented scan's pairs among them), or of a
   user-defined operator (SCANRT_NOT_REPRODUCIBLE).  Integers combine
   exactly in any grouping, pairs of them too.  */
static bool
not_reproducible (scan_loop *l, const scan_outline *o)
{
  if (o->host[6])
    return false;
  for (unsigned k = 0; k < l->n; k++)
    {
      const scan_item *it = &l->items[k];
      if (it->op == SCAN_OP_USER
          || (FLOAT_TYPE_P (it->type) && it->op != SCAN_OP_MIN
              && it->op != SCAN_OP_MAX && it->op != SCAN_OP_LAST))
        return true;
    }
  return false;
}

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
        if (a.stride || a.scatter || (!first && s != stride))
          return 0;
        stride = s;
        first = false;
      }
  return stride;
}

/* The marks of L's array BASE (SCANRT_arg_desc.size): whether L's input
   phase stores to it (SCANRT_ARRAY_STORED_TWICE: an inscan loop's store
   that is no output one, analyze/inscan.cc), and whether L gathers from
   it (SCANRT_ARRAY_GATHERED: a read at an index computed from what L
   reads, not a collapsed nest's).  */
static unsigned
array_marks (scan_loop *l, tree base)
{
  unsigned marks = 0;
  for (const scan_access &a : l->accesses)
    if (a.base != base)
      continue;
    else if (l->input_stores && a.store && !a.output)
      marks |= SCANRT_ARRAY_STORED_TWICE;
    else if (a.scatter && !a.store && !l->nest.length ())
      marks |= SCANRT_ARRAY_GATHERED;
  return marks;
}

/* The call's arguments, in emit.cc's parameter order: each array and the
   byte offset its window starts at, the first index, the scalars.  */
static void
arg_descs (scan_loop *l, vec<arg_desc> *args)
{
  for (tree b : l->bases)
    {
      args->safe_push ({ lower_stored (l, b) ? SCANRT_ARG_INOUT
                                             : SCANRT_ARG_IN,
                         array_marks (l, b), stride_of (l, b) });
      args->safe_push ({ SCANRT_ARG_START, 8, 0 });
    }
  args->safe_push ({ SCANRT_ARG_SCALAR, 8, 0 });
  for (tree s : l->scalars)
    args->safe_push ({ SCANRT_ARG_SCALAR,
                       (unsigned) tree_to_uhwi (TYPE_SIZE_UNIT
                                                (TREE_TYPE (s))), 0 });
}

/* The static SCANRT_desc of L's items as O outlines them, with
   arguments ARGS.  */
static tree
make_desc (scan_loop *l, const scan_outline *o,
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

  const unsigned nf = 17;
  tree df[nf];
  static const char *const dnames[nf] = { "version", "site", "source", "type",
                                          "op", "elem_size", "flags", "nargs",
                                          "args", "reduce", "scan",
                                          "combine", "reduce_keep",
                                          "scan_kept", "join_late",
                                          "reduce_plain", "scan_plain" };
  tree dtypes[nf] = { u, cstr, cstr, u, u, u, u, u,
                      build_pointer_type (kind_type), ptr_type_node,
                      ptr_type_node, ptr_type_node, ptr_type_node,
                      ptr_type_node, ptr_type_node, ptr_type_node,
                      ptr_type_node };
  tree desc_type = scanomp_record ("SCANRT_desc", nf, dtypes, dnames, df);
  expanded_location where = expand_location (scanomp_where (l));
  char *site = xasprintf ("%s:%d", where.file, where.line);
  /* A lone array or variable of a built-in operator is the runtime's
     own type and operator.  */
  const scan_item *it = &l->items[0];
  unsigned op = it->op == SCAN_OP_SUB ? SCAN_OP_ADD : it->op;
  bool builtin = l->n == 1 && it->op != SCAN_OP_USER
                 && it->form == SCAN_FORM_PLAIN;
  tree vals[nf] = {
    build_int_cst (u, SCANRT_ABI_VERSION),
    fold_convert (cstr, build_string_literal (strlen (site) + 1, site)),
    source ? fold_convert (cstr, build_string_literal (strlen (source) + 1,
                                                      source))
           : null_pointer_node,
    build_int_cst (u, builtin ? runtime_type (it->type) : SCANRT_TYPE_USER),
    build_int_cst (u, builtin ? op : SCANRT_OP_USER),
    build_int_cst (u, tree_to_uhwi (TYPE_SIZE_UNIT (o->seed_type))),
    build_int_cst (u, (l->exclusive ? SCANRT_EXCLUSIVE : 0)
                      | (reads_stored (l) ? SCANRT_READS_STORED : 0)
                      | (l->reads_after_store ? SCANRT_READS_AFTER_STORE
                                              : 0)
                      | (serial_reduce (l) ? SCANRT_SERIAL_REDUCE : 0)
                      | (half_reduce (l) ? SCANRT_HALF_REDUCE : 0)
                      | (lower_seed_at (l, o->seed_type) ? SCANRT_SEED_AT
                                                         : 0)
                      | (costly (l) ? SCANRT_COSTLY : 0)
                      | (not_reproducible (l, o) ? SCANRT_NOT_REPRODUCIBLE
                                                 : 0)),
    build_int_cst (u, args.length ()),
    fold_convert (dtypes[8], build_fold_addr_expr (kinds_var)),
    host[0] ? build_fold_addr_expr (host[0]) : null_pointer_node,
    host[1] ? build_fold_addr_expr (host[1]) : null_pointer_node,
    host[2] ? build_fold_addr_expr (host[2]) : null_pointer_node,
    host[3] ? build_fold_addr_expr (host[3]) : null_pointer_node,
    host[4] ? build_fold_addr_expr (host[4]) : null_pointer_node,
    host[5] ? build_fold_addr_expr (host[5]) : null_pointer_node,
    host[6] ? build_fold_addr_expr (host[6]) : null_pointer_node,
    host[7] ? build_fold_addr_expr (host[7]) : null_pointer_node,
  };
  free (site);
  vec<constructor_elt, va_gc> *d = NULL;
  for (unsigned i = 0; i < nf; i++)
    CONSTRUCTOR_APPEND_ELT (d, df[i], vals[i]);
  return make_static (desc_type, build_constructor (desc_type, d),
                      "scanomp_desc");
}

tree
lower_desc (scan_loop *l, const scan_outline *o, unsigned *nargs)
{
  auto_vec<arg_desc> args;
  arg_descs (l, &args);
  *nargs = args.length ();
  return make_desc (l, o, args);
}
