/* SPDX-License-Identifier: GPL-3.0-or-later */
/* data.cc: OpenMP's device data environment for the scans, and AClang's
   named devices.

   `device(GPU)' and `device(CPU)' reach GIMPLE as the constants
   SCANRT_DEVICE_GPU and SCANRT_DEVICE_CPU (clause.cc); each target
   construct that names its device so gets a call of SCANRT_named_device
   instead, which finds that device at run time, for libgomp and libscanrt
   alike.  Once the scans are lowered, a construct that libgomp runs (a
   target region without a scan, the one an inscan loop falls back to,
   a data construct in a unit without scans) gets libgomp's device for
   that number, as the data constructs below do: libgomp has none of the
   OpenCL devices, and under OMP_TARGET_OFFLOAD=MANDATORY it would stop
   the program where a machine lists a GPU before pocl (device(CPU) is 1).

   `target data', `target enter data', `target exit data' and `target
   update' reach libscanrt's mapping table: each construct gets calls to
   SCANRT_data_begin, SCANRT_data_end or SCANRT_data_update beside it,
   with the address, size and kind of each item its map, to and from
   clauses name, on the device that SCANRT_data_device says as the
   construct is met (after the dependences of its depend clauses:
   depend.cc), and keeps GCC's own lowering, which maps the data for
   libgomp's devices as before.  That lowering's device becomes what
   SCANRT_gomp_device says: libgomp's host device in place of an OpenCL
   device that libgomp does not have, which libgomp would otherwise refuse
   under OMP_TARGET_OFFLOAD=MANDATORY, stopping the program.  A scan on a
   device whose arrays lie in data mapped there then copies nothing
   (libscanrt/data/memory.c).

     #pragma omp target data map(tofrom: y[0:n])   SCANRT_data_begin (...);
     { scans }                                     #pragma omp target data
                                                   { scans }
                                                   SCANRT_data_end (...);

   A region's begin and end take the same items, evaluated once as the
   region starts, as OpenMP evaluates its list.  An if clause that is false
   skips the calls, and from GCC 13 a device clause of omp_initial_device
   (-1) makes them the host's, which maps nothing (scanomp_clause_device
   gives libscanrt the clause's value as libgomp reads it; libgomp's
   lowering keeps the value as written).  Items of
   other kinds (a pointer's attachment, a struct's header, use_device_ptr)
   map no data of their own and are left out.

   The constructs are lowered in a unit that holds a scan loop (or with
   -fplugin-arg-scanomp-data=all, in every unit): elsewhere the plugin
   leaves GCC's object code exactly as it was.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "langhooks.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "gimplify.h"
#include "gimplify-me.h"
#include "omp-general.h"
#include "fold-const.h"
#include "gomp-constants.h"
#include "diagnostic-core.h"

#include "lower/lower.h"
#include "read/read.h"
#include "scanrt.h"
#include "scanrt-abi.h"

/* Put S, the statement at *GSI, into a new bind of VARS, between BEFORE
   and AFTER, and return the bind.  S leaves its sequence before it joins
   the bind's (gimple_seq_add_stmt relinks it).  The walk goes on into the
   bind, and so into S's body.  */
static gbind *
wrap (gimple_stmt_iterator *gsi, tree vars, gimple_seq before,
      gimple_seq after)
{
  gimple *s = gsi_stmt (*gsi);
  gbind *bind = gimple_build_bind (vars, NULL, NULL_TREE);
  gsi_replace (gsi, bind, false);
  gimple_seq_add_stmt (&before, s);
  gimple_seq_add_seq (&before, after);
  gimple_bind_set_body (bind, before);
  return bind;
}

/* The call LHS = NAME (ARG) of NAME, a function of libscanrt's that maps
   a device number to another, at LOC.  */
static gcall *
device_call (const char *name, tree lhs, tree arg, location_t loc)
{
  tree fn = build_fn_decl (name, build_function_type_list (integer_type_node,
                                                           integer_type_node,
                                                           NULL_TREE));
  TREE_NOTHROW (fn) = 1;
  gcall *call = gimple_build_call (fn, 1, arg);
  gimple_call_set_lhs (call, lhs);
  gimple_set_location (call, loc);
  return call;
}

/* walk_gimple_seq_mod's callback for scanomp_name_devices: a target
   construct whose device clause holds SCANRT_DEVICE_GPU or _CPU, the
   expansion of `device(GPU)' or `device(CPU)' (clause.cc), gets the
   device number that SCANRT_named_device finds at run time instead.  The
   call goes before the construct, in a bind of its own that holds its
   temporary, so that the temporary is local to any region around it (and
   `target update' inside a data region's body is reached too).  */
static tree
name_device (gimple_stmt_iterator *gsi, bool *handled, walk_stmt_info *wi)
{
  gimple *s = gsi_stmt (*gsi);
  *handled = false;
  if (gimple_code (s) != GIMPLE_OMP_TARGET)
    return NULL_TREE;
  tree c = omp_find_clause (gimple_omp_target_clauses (s), OMP_CLAUSE_DEVICE);
  if (!c || !tree_fits_shwi_p (OMP_CLAUSE_DEVICE_ID (c)))
    return NULL_TREE;
  HOST_WIDE_INT name = tree_to_shwi (OMP_CLAUSE_DEVICE_ID (c));
  if (name != SCANRT_DEVICE_GPU && name != SCANRT_DEVICE_CPU)
    return NULL_TREE;
  tree device = create_tmp_var_raw (integer_type_node, "device");
  gcall *call = device_call ("SCANRT_named_device", device,
                             OMP_CLAUSE_DEVICE_ID (c), gimple_location (s));
  OMP_CLAUSE_DEVICE_ID (c) = device;
  ((hash_set<tree> *) wi->info)->add (device);
  wrap (gsi, device, gimple_seq_alloc_with_stmt (call), NULL);
  return NULL_TREE;
}

void
scanomp_name_devices (gimple_seq *seq, hash_set<tree> *named)
{
  walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = named;
  walk_gimple_seq_mod (seq, name_device, NULL, &wi);
}

/* walk_gimple_seq_mod's callback for scanomp_gomp_devices: a target
   construct whose device is still a variable that name_device set
   (WI->info holds them) gets the device that SCANRT_gomp_device says for
   it, in a bind of its own.  Scans' code made from the construct keeps
   reading the named device's variable.  */
static tree
gomp_device (gimple_stmt_iterator *gsi, bool *handled, walk_stmt_info *wi)
{
  gimple *s = gsi_stmt (*gsi);
  *handled = false;
  if (gimple_code (s) != GIMPLE_OMP_TARGET)
    return NULL_TREE;
  hash_set<tree> *named = (hash_set<tree> *) wi->info;
  tree c = omp_find_clause (gimple_omp_target_clauses (s), OMP_CLAUSE_DEVICE);
  if (!c || !named->contains (OMP_CLAUSE_DEVICE_ID (c)))
    return NULL_TREE;
  tree gomp = create_tmp_var_raw (integer_type_node, "gomp_device");
  gcall *call = device_call ("SCANRT_gomp_device", gomp,
                             OMP_CLAUSE_DEVICE_ID (c), gimple_location (s));
  OMP_CLAUSE_DEVICE_ID (c) = gomp;
  wrap (gsi, gomp, gimple_seq_alloc_with_stmt (call), NULL);
  return NULL_TREE;
}

void
scanomp_gomp_devices (gimple_seq *seq, hash_set<tree> *named)
{
  if (named->is_empty ())
    return;
  walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = named;
  walk_gimple_seq_mod (seq, gomp_device, NULL, &wi);
}

/* SCANRT_MAP_PRESENT where C, a `target update' clause, has the
   `present' modifier (GCC 14 on), else 0.  */
static unsigned
motion_present (tree c ATTRIBUTE_UNUSED)
{
#ifdef OMP_CLAUSE_MOTION_PRESENT
  return OMP_CLAUSE_MOTION_PRESENT (c) ? SCANRT_MAP_PRESENT : 0;
#else
  return 0;
#endif
}

/* The runtime's kind (SCANRT_MAP_* of scanrt.h) of clause C, or -1 for a
   clause that maps no data of its own.  */
static int
runtime_kind (tree c)
{
  switch (OMP_CLAUSE_CODE (c))
    {
    case OMP_CLAUSE_TO:
      return SCANRT_MAP_TO | motion_present (c);
    case OMP_CLAUSE_FROM:
      return SCANRT_MAP_FROM | motion_present (c);
    case OMP_CLAUSE_MAP:
      break;
    default:
      return -1;
    }
  switch (OMP_CLAUSE_MAP_KIND (c))
    {
    case GOMP_MAP_ALLOC:
    case GOMP_MAP_RELEASE:
      return 0;
    case GOMP_MAP_TO:
      return SCANRT_MAP_TO;
    case GOMP_MAP_FROM:
      return SCANRT_MAP_FROM;
    case GOMP_MAP_TOFROM:
      return SCANRT_MAP_TO | SCANRT_MAP_FROM;
    case GOMP_MAP_ALWAYS_TO:
      return SCANRT_MAP_ALWAYS | SCANRT_MAP_TO;
    case GOMP_MAP_ALWAYS_FROM:
      return SCANRT_MAP_ALWAYS | SCANRT_MAP_FROM;
    case GOMP_MAP_ALWAYS_TOFROM:
      return SCANRT_MAP_ALWAYS | SCANRT_MAP_TO | SCANRT_MAP_FROM;
    case GOMP_MAP_DELETE:
      return SCANRT_MAP_DELETE;
    case GOMP_MAP_FORCE_PRESENT:
      /* The gimplifier's form of `present' without `always' (GCC 14 on),
         whatever the map type: the data is there already, so only an
         exit (data's `present, from') can count it down and copy it
         back.  */
      return SCANRT_MAP_PRESENT | SCANRT_MAP_FROM;
#ifdef GOMP_MAP_FLAG_PRESENT
    case GOMP_MAP_ALWAYS_PRESENT_TO:
      return SCANRT_MAP_PRESENT | SCANRT_MAP_ALWAYS | SCANRT_MAP_TO;
    case GOMP_MAP_ALWAYS_PRESENT_FROM:
      return SCANRT_MAP_PRESENT | SCANRT_MAP_ALWAYS | SCANRT_MAP_FROM;
    case GOMP_MAP_ALWAYS_PRESENT_TOFROM:
      return (SCANRT_MAP_PRESENT | SCANRT_MAP_ALWAYS | SCANRT_MAP_TO
              | SCANRT_MAP_FROM);
#endif
    default:
      return -1;
    }
}

/* A local array of COUNT elements of TYPE.  */
static tree
local_array (tree type, unsigned count, const char *name)
{
  tree a = scanomp_tmp_var (build_array_type_nelts (type, count), name);
  TREE_ADDRESSABLE (a) = 1;
  return a;
}

/* Store VALUE, of element type of array A, at A[I], into *SEQ.  */
static void
store (tree a, unsigned i, tree value, gimple_seq *seq)
{
  tree elem = TREE_TYPE (TREE_TYPE (a));
  gimplify_assign (build4 (ARRAY_REF, elem, a, size_int (i), NULL_TREE,
                           NULL_TREE),
                   fold_convert (elem, unshare_expr (value)), seq);
}

/* The items of a data construct, in local arrays.  */
struct data_items
{
  unsigned count;
  tree ptrs, sizes, kinds;
  tree device;               /* the device clause's, or NULL_TREE */
  tree cond;                 /* the if clause's, or NULL_TREE */
};

/* Fill *ITEMS from the clauses of construct S, into *SEQ; false when S
   names no data.  */
static bool
read_items (gimple *s, data_items *items, gimple_seq *seq)
{
  tree clauses = gimple_omp_target_clauses (s);
  unsigned count = 0;
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN (c))
    count += runtime_kind (c) >= 0 && OMP_CLAUSE_SIZE (c);
  if (!count)
    return false;
  items->count = count;
  items->ptrs = local_array (ptr_type_node, count, "scan_data_ptrs");
  items->sizes = local_array (size_type_node, count, "scan_data_sizes");
  items->kinds = local_array (unsigned_type_node, count, "scan_data_kinds");
  unsigned i = 0;
  for (tree c = clauses; c; c = OMP_CLAUSE_CHAIN (c))
    {
      int kind = runtime_kind (c);
      if (kind < 0 || !OMP_CLAUSE_SIZE (c))
        continue;
      store (items->ptrs, i, build_fold_addr_expr (OMP_CLAUSE_DECL (c)), seq);
      store (items->sizes, i, OMP_CLAUSE_SIZE (c), seq);
      store (items->kinds, i, build_int_cst (unsigned_type_node, kind), seq);
      i++;
    }
  tree d = omp_find_clause (clauses, OMP_CLAUSE_DEVICE);
  items->device = d ? unshare_expr (OMP_CLAUSE_DEVICE_ID (d)) : NULL_TREE;
  tree f = omp_find_clause (clauses, OMP_CLAUSE_IF);
  items->cond = f ? unshare_expr (OMP_CLAUSE_IF_EXPR (f)) : NULL_TREE;
  return true;
}

/* D, an int device clause's value, made FROM's number TO where it is,
   computed into *SEQ.  */
static tree
device_swap (tree d, HOST_WIDE_INT from, HOST_WIDE_INT to, gimple_seq *seq)
{
  tree it = TREE_TYPE (d);
  tree is = fold_build2 (EQ_EXPR, boolean_type_node, d,
                         build_int_cst (it, from));
  return scanomp_value (fold_build3 (COND_EXPR, it, is,
                                     build_int_cst (it, to), d), seq);
}

/* The one statement of the current function that sets V, an SSA name
   or a local variable whose address is not taken, or NULL.  */
static gimple *
only_setting (tree v)
{
  if (TREE_CODE (v) == SSA_NAME)
    return SSA_NAME_DEF_STMT (v);
  if (!VAR_P (v) || is_global_var (v) || TREE_ADDRESSABLE (v)
      || DECL_CONTEXT (v) != current_function_decl)
    return NULL;
  gimple *only = NULL;
  unsigned sets = 0;
  gimple_seq body = gimple_body (current_function_decl);
  scanomp_walk (&body, [&] (gimple_stmt_iterator *g) {
      if (gimple_get_lhs (gsi_stmt (*g)) == v)
        {
          only = gsi_stmt (*g);
          sets++;
        }
      return WALK_INTO;
    });
  return sets == 1 ? only : NULL;
}

/* Whether VALUE, a device clause's, is what a call of
   omp_get_initial_device () returned, through copies and conversions
   (the gimplifier's temporaries, `int h = omp_get_initial_device ();'
   where nothing else sets h): libgomp's number for the host, its count
   of devices (0 where it has none), which libscanrt would take for one
   of its own.  */
static bool
initial_device_call (tree value)
{
  /* A few copies at most: two variables may each be set once from the
     other.  */
  for (unsigned steps = 0; steps < 8; steps++)
    {
      gimple *def = only_setting (value);
      if (!def)
        return false;
      if (is_gimple_call (def))
        {
          tree fn = gimple_call_fndecl (def);
          return fn && DECL_NAME (fn)
                 && id_equal (DECL_NAME (fn), "omp_get_initial_device");
        }
      if (!is_gimple_assign (def)
          || (!gimple_assign_single_p (def) && !gimple_assign_cast_p (def)))
        return false;
      value = gimple_assign_rhs1 (def);
    }
  return false;
}

/* From GCC 13, libgomp's lowering passes a device clause's -1
   (omp_initial_device) as the host and a -2 as a device that does not
   exist, and omp_invalid_device (-4) stops the program; before, -1 was
   the default device, -2 the host, and -4 a device that does not
   exist.  device(omp_get_initial_device ()) is the host under every
   GCC.  */
tree
scanomp_clause_device (tree value, gimple_seq *seq)
{
  if (initial_device_call (value))
    return build_int_cst (integer_type_node, SCANRT_DEVICE_HOST_CPU);
  tree d = scanomp_value (fold_convert (integer_type_node, value), seq);
  if (!SCANOMP_INITIAL_DEVICE)
    return device_swap (d, SCANRT_DEVICE_INVALID, SCANRT_DEVICE_NONE, seq);
  d = device_swap (d, -2, SCANRT_DEVICE_NONE, seq);
  return device_swap (d, -1, SCANRT_DEVICE_HOST_CPU, seq);
}

/* The call of FN_NAME (SCANRT_data_begin, _end or _update) for ITEMS,
   guarded by their if clause.  */
static gimple_seq
data_call (const char *fn_name, const data_items &items, location_t loc)
{
  tree fntype = build_function_type_list (void_type_node, integer_type_node,
                                          unsigned_type_node, ptr_type_node,
                                          ptr_type_node, ptr_type_node,
                                          NULL_TREE);
  tree fn = build_fn_decl (fn_name, fntype);
  TREE_NOTHROW (fn) = 1;
  gimple_seq seq = NULL;
  tree skip = NULL_TREE;
  if (items.cond)
    {
      tree run = create_artificial_label (UNKNOWN_LOCATION);
      skip = create_artificial_label (UNKNOWN_LOCATION);
      tree cond = scanomp_value (fold_convert (boolean_type_node,
                                               items.cond), &seq);
      gimple_seq_add_stmt (&seq, gimple_build_cond (NE_EXPR, cond,
                                                    boolean_false_node, run,
                                                    skip));
      gimple_seq_add_stmt (&seq, gimple_build_label (run));
    }
  tree device = scanomp_value (items.device, &seq);
  gcall *call = gimple_build_call (fn, 5, device,
                                   build_int_cst (unsigned_type_node,
                                                  items.count),
                                   build_fold_addr_expr (items.ptrs),
                                   build_fold_addr_expr (items.sizes),
                                   build_fold_addr_expr (items.kinds));
  gimple_set_location (call, loc);
  gimple_seq_add_stmt (&seq, call);
  if (skip)
    gimple_seq_add_stmt (&seq, gimple_build_label (skip));
  return seq;
}

/* walk_gimple_seq_mod's callback: give a data construct its calls, in a
   bind of its own that holds their arrays, so that they are local to any
   region around it.  WI->info is the set of constructs done.  */
static tree
lower_data (gimple_stmt_iterator *gsi, bool *handled, walk_stmt_info *wi)
{
  gimple *s = gsi_stmt (*gsi);
  hash_set<gimple *> *done = (hash_set<gimple *> *) wi->info;
  *handled = false;
  if (gimple_code (s) != GIMPLE_OMP_TARGET || done->add (s))
    return NULL_TREE;
  int kind = gimple_omp_target_kind (s);
  if (kind != GF_OMP_TARGET_KIND_DATA && kind != GF_OMP_TARGET_KIND_UPDATE
      && kind != GF_OMP_TARGET_KIND_ENTER_DATA
      && kind != GF_OMP_TARGET_KIND_EXIT_DATA)
    return NULL_TREE;
  location_t loc = gimple_location (s);
  push_gimplify_context ();
  data_items items;
  gimple_seq seq = NULL, after = NULL;
  if (!read_items (s, &items, &seq))
    {
      pop_gimplify_context (NULL);
      return NULL_TREE;
    }
  /* The items are evaluated as the construct is met, as GCC's lowering
     evaluates them; the data moves once the construct's task may
     start.  */
  if (gimple *wait = scanomp_depend_wait (s))
    gimple_seq_add_stmt (&seq, wait);
  /* The device, evaluated once, for libscanrt's calls; libgomp's own
     call, which stays, is given the device that SCANRT_gomp_device says,
     so that it does not stop a program under OMP_TARGET_OFFLOAD=MANDATORY
     for an OpenCL device it does not have.  */
  tree it = integer_type_node;
  tree given = items.device;
  tree value = scanomp_value (given ? fold_convert (it, given)
                              : build_int_cst (it, SCANRT_DEFAULT_DEVICE),
                              &seq);
  tree gomp = scanomp_tmp_var (it, "gomp_device");
  gimple_seq_add_stmt (&seq, device_call ("SCANRT_gomp_device", gomp,
                                          value, loc));
  items.device = given ? scanomp_clause_device (value, &seq) : value;
  /* The device as the construct is met (without a device clause,
     omp_set_default_device's): a region ends where it began, whatever
     the program chooses in between.  */
  tree met = scanomp_tmp_var (it, "data_device");
  gimple_seq_add_stmt (&seq, device_call ("SCANRT_data_device", met,
                                          items.device, loc));
  items.device = met;
  /* omp_initial_device stays as written for libgomp, which takes it for
     the host as libscanrt now does.  */
  if (given && SCANOMP_INITIAL_DEVICE)
    gimplify_assign (gomp,
                     fold_build3 (COND_EXPR, it,
                                  fold_build2 (EQ_EXPR, boolean_type_node,
                                               value, build_int_cst (it, -1)),
                                  value, gomp), &seq);
  tree d = omp_find_clause (gimple_omp_target_clauses (s), OMP_CLAUSE_DEVICE);
  if (!d)
    {
      d = build_omp_clause (loc, OMP_CLAUSE_DEVICE);
      OMP_CLAUSE_CHAIN (d) = gimple_omp_target_clauses (s);
      gimple_omp_target_set_clauses (as_a <gomp_target *> (s), d);
    }
  OMP_CLAUSE_DEVICE_ID (d) = gomp;
  if (kind == GF_OMP_TARGET_KIND_DATA || kind == GF_OMP_TARGET_KIND_ENTER_DATA)
    gimple_seq_add_seq (&seq, data_call ("SCANRT_data_begin", items, loc));
  if (kind == GF_OMP_TARGET_KIND_DATA || kind == GF_OMP_TARGET_KIND_EXIT_DATA)
    after = data_call ("SCANRT_data_end", items, loc);
  if (kind == GF_OMP_TARGET_KIND_UPDATE)
    after = data_call ("SCANRT_data_update", items, loc);
  pop_gimplify_context (wrap (gsi, NULL_TREE, seq, after));
  return NULL_TREE;
}

void
scanomp_lower_data (gimple_seq *body)
{
  /* Fortran's data constructs map descriptors, which stay with GCC: a
     target loop there maps its data itself.  */
  if ((!scanomp_options.all_data && !scanomp_unit_has_scans ())
      || lang_GNU_Fortran ())
    return;
  hash_set<gimple *> done;
  walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &done;
  walk_gimple_seq_mod (body, lower_data, NULL, &wi);
}
