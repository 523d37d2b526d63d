/* SPDX-License-Identifier: GPL-3.0-or-later */
/* scanomp.h: what the scanomp plugin's files share.

   The plugin works in four steps:
     read        clause.cc reads `scan(op: list)' out of OpenMP pragmas
                 in the preprocessor and records it (struct scan_clause);
                 scanomp.cc registers the passes and options;
     analyze     analyze.cc finds the loop the clause belongs to in high
                 GIMPLE, before OpenMP lowering, and checks that it is a
                 scan (struct scan_loop), reading its body with reader.cc;
                 update.cc checks the update itself, udr.cc a user-defined
                 operator's, copies.cc the variables its clauses copy, and
                 inscan.cc does all this for OpenMP's own inscan
                 reductions;
     emit        emit.cc writes the loop body as OpenCL C hooks for
                 libscanrt's kernel templates, with translate.cc (GIMPLE
                 and called functions) and types.cc (types); host.cc builds
                 the host path's functions;
     lower       lower.cc replaces the construct with a call to
                 SCANRT_scan and a sequential copy of the loop as its
                 fallback; data.cc lowers `target data' and its like.
   util.cc holds what the steps share and none of them owns.

   gcc-compat.h, included here, holds what differs between the GCCs the
   plugin builds for (11 to 16).  */

#ifndef SCANOMP_H
#define SCANOMP_H

#include "gcc-compat.h"
#include "scanrt.h"
#include "scanrt-abi.h"

/* The clause's operators: libscanrt's own (scanrt.h, whose numbers the
   kernel templates' SCANOMP_OP_* codes and the runtime's descriptors
   share), and the plugin's LAST.  */
enum scan_op
{
  SCAN_OP_NONE = 0,
  SCAN_OP_ADD = SCANRT_ADD,
  SCAN_OP_SUB = SCANRT_SUB,
  SCAN_OP_MUL = SCANRT_MUL,
  SCAN_OP_AND = SCANRT_AND,
  SCAN_OP_OR = SCANRT_OR,
  SCAN_OP_XOR = SCANRT_XOR,
  SCAN_OP_LAND = SCANRT_LAND,
  SCAN_OP_LOR = SCANRT_LOR,
  SCAN_OP_MIN = SCANRT_MIN,
  SCAN_OP_MAX = SCANRT_MAX,
  SCAN_OP_USER = SCANRT_OP_USER, /* declare scan or declare reduction */
  SCAN_OP_LAST                   /* inscan: a lastprivate variable, carried
                                    as the value of the last iteration that
                                    set it (the plugin's own: never the
                                    runtime's) */
};

/* A `scan(op: list)' clause as the preprocessor saw it.  */
struct scan_clause
{
  location_t loc;            /* the `scan' token */
  location_t pragma_loc;     /* the construct's #pragma */
  enum scan_op op;
  const char *op_name;       /* the operator as written */
  unsigned nvars;
  const char **vars;         /* the list items' names */
  bool user;                 /* the operator may be user-defined: GCC
                                looks it up through a probe clause */
  bool used;                 /* matched to a loop */
};

/* The options of -fplugin-arg-scanomp-*.  */
struct scanomp_options
{
  bool verbose;
  bool inscan;               /* offload inscan reductions (default) */
  bool all_data;             /* lower data constructs in every unit, not
                                only in those with scan loops */
  const char *dump_dir;
};
extern struct scanomp_options scanomp_options;

/* clause.cc */
bool scanomp_clause_init (const char *plugin_name);
struct scan_clause *scanomp_find_clause (location_t construct_loc);
bool scanomp_clause_seen (location_t construct_loc);
const char *scanomp_op_spelling (enum scan_op op);
bool scanomp_unit_has_scans (void);

/* data.cc: give the target constructs of BODY that name their device
   `GPU' or `CPU' that device's number; lower its data constructs.  */
void scanomp_name_devices (gimple_seq *body);
void scanomp_lower_data (gimple_seq *body);

/* One memory access of the loop body: BASE[offset], the offset in bytes
   being COEF * iv + REST (REST free of the iv).  */
struct scan_access
{
  tree ref;                  /* the MEM_REF or ARRAY_REF */
  gimple *stmt;
  tree base;                 /* the array or pointer decl */
  tree elem_type;
  bool store;
  bool prev;                 /* a read of y[i-1] */
  bool after;                /* a read of y[i] after the store to it: the
                                scanned value */
  bool output;               /* a store to an array beside the clause's:
                                a store of the scan phase */
  bool part;                 /* a store to a field of the element */
  int arg;                   /* for a pointer passed to a function: the
                                argument's position (the element is read
                                through it), else -1 */
  HOST_WIDE_INT coef;
  tree rest;                 /* sizetype, or NULL_TREE when unknown */
};

/* What translate.cc's refusal to translate a loop to OpenCL C does (see
   scanomp_outline).  */
enum scan_refusal
{
  SCAN_REFUSAL_REPORT,       /* says why: an error, for an inscan loop a
                                note */
  SCAN_REFUSAL_QUIET,        /* nothing: the host path may take the loop */
  SCAN_REFUSAL_HOST          /* a note under -verbose, since the loop runs
                                on the host path */
};

/* The element or variable whose field (of a field...) T is; T itself
   where it is no field.  */
static inline tree
scanomp_whole (tree t)
{
  while (t && TREE_CODE (t) == COMPONENT_REF)
    t = TREE_OPERAND (t, 0);
  return t;
}

/* A loop with a scan clause, as the analysis found it.  */
struct scan_loop
{
  struct scan_clause *clause;
  const char *var_name;      /* the list item scanned */
  gimple *construct;         /* the outermost statement replaced */
  gomp_for *loop;
  tree device;               /* the target's device() expression, or NULL */
  tree if_cond;              /* the target's if() condition, or NULL */
  tree iv;                   /* the loop index */
  tree final_iv;             /* the variable a lastprivate or linear
                                clause gives the index's value after the
                                loop, or NULL_TREE */
  tree lb, ub;               /* bounds, as written in the omp for */
  enum tree_code cond;       /* LT_EXPR, LE_EXPR, GT_EXPR, GE_EXPR */
  int step;                  /* +1 or -1 */
  tree var;                  /* the scanned array's decl */
  tree type;                 /* its element type */
  enum scan_op op;
  bool in_place;             /* y[i] op= y[i-1] */
  bool outputs;              /* the loop makes stores of the scan phase:
                                some access is an output one (analyze.cc,
                                inscan.cc) */
  vec<scan_access> accesses;
  int store;                 /* index of the y[i] store in ACCESSES */
  int recur;                 /* index of the y[i-1] load */
  bool inscan;               /* an OpenMP 5.0 inscan reduction */
  bool exclusive;            /* inscan: an exclusive scan */
  bool quiet;                /* inscan: why it declines is a note, since
                                GCC runs the loop anyway */
  enum scan_refusal refusal; /* what a refusal to translate it does */
  bool device_limits;        /* emit.cc: the translation failed on what
                                OpenCL C lacks alone (see refuse) */
  tree host_var;             /* inscan: the scan variable as the host reads
                                and sets it: VAR itself, or *r when the
                                clause names a C++ reference r, which
                                the kernels see as the local VAR */
  gimple_seq input, output;  /* inscan: the input and scan phases */
  vec<tree> privates;        /* inscan: the private and lastprivate
                                variables, which each iteration holds
                                uninitialized */
  bool output_sets_last;     /* inscan: the scan phase sets a lastprivate
                                variable (not from the scan variables) */
  /* A user-defined operator (op SCAN_OP_USER), as GCC lowered its
     declaration: MERGE sets OUT to OUT combined with IN; INIT sets PRIV to
     the identity (and may read ORIG).  For SCAN_OP_LAST, IN is the
     lastprivate variable and TYPE a struct of whether an iteration set it
     and its value (see scanomp_last_type).  */
  gimple_seq merge, init;
  tree out, in, priv, orig;
  gimple *update;            /* the call y[i] = f (y[i-1], E) of a scan
                                clause's loop */
  vec<tree> bases;           /* arrays, in argument order */
  vec<tree> maps;            /* target map sections: base, start, bytes */
  vec<tree> scalars;         /* loop-invariant scalars read */
};

/* analyze.cc: ITEM is the index of the array among the clause's.  */
bool scanomp_analyze (struct scan_loop *l, gimple *construct, unsigned item);
void scanomp_release (struct scan_loop *l);
bool scanomp_contains (tree expr, tree decl);
void scan_complain (struct scan_loop *l, location_t loc, const char *gmsgid,
                    ...) ATTRIBUTE_GCC_DIAG (3, 4);

/* copies.cc: append to the analyses of the N arrays of a scan clause,
   ITEMS, the reduction and lastprivate variables beside the clause
   (scanomp_analyze has checked them, at most scanomp_max_vars), setting
   *TOTAL; false after an error.  */
const unsigned scanomp_max_vars = 16;
bool scanomp_clause_vars (struct scan_loop *items, unsigned n,
                          unsigned *total);

/* analyze.cc: whether S is a sanitizer's check (-fsanitize=...), which
   the kernels leave out: a call, setting nothing, of an internal UBSAN_,
   ASAN_ or TSAN_ function or of a __builtin___ubsan_, _asan_ or _tsan_
   one.  */
bool scanomp_sanitizer_call (const gimple *s);
/* Whether SEQ, a try's cleanup, only ends the lifetimes of variables (as
   GCC's around a loop whose body holds a compound literal, or a
   sanitizer's).  */
bool scanomp_only_clobbers (gimple_seq seq);

/* udr.cc */
tree scanomp_reduced_decl (tree clause);
tree scanomp_find_udr (gimple *construct, tree var);
void scanomp_read_udr (struct scan_loop *l, tree clause);
bool scanomp_user_function (tree fn);

/* inscan.cc */
/* Whether CONSTRUCT, a parallel or target construct or an orphaned `omp
   for', holds an inscan loop; *OTHER when it holds more than the loop.  */
bool scanomp_has_inscan (gimple *construct, bool *other);
void scanomp_offload_inscan (gimple *construct, gimple_seq *seq);

/* scanomp.cc */
char *scanomp_dump_source (location_t loc, const char *source);


/* emit.cc and lower.cc take the analyses of every array of the clause,
   L[0 .. N); L[0] holds the arguments of them all (see scanomp.cc).  */
char *scanomp_emit (struct scan_loop *l, unsigned n);
const char *scanomp_cl_type (tree type);
const char *scanomp_cl_builtin (tree fn);

/* host.cc: the host path's reduce, scan and combine functions of L's N
   arrays and variables, whose element is of SEED_TYPE, in FNS; false
   (FNS null) where the loop has none.  */
bool scanomp_host_functions (struct scan_loop *l, unsigned n, tree seed_type,
                             tree fns[3]);

/* util.cc */
/* Where L's messages go: its clause, or its construct.  */
location_t scanomp_where (const struct scan_loop *l);
/* E as a GIMPLE value, its computation appended to *SEQ, in temporaries
   of the caller's gimplify context, which the bind around the new code
   declares (force_gimple_operand would make them in a context of its own,
   outside that bind: a function-wide temporary, which an OpenMP region
   around the code could not use).  */
tree scanomp_value (tree e, gimple_seq *seq);
/* A record type named NAME with N fields of TYPES and NAMES, in
   FIELDS.  */
tree scanomp_record (const char *name, unsigned n, const tree *types,
                     const char *const *names, tree *fields);
/* The element an inscan loop's kernels carry for a lastprivate variable
   of TYPE: whether an iteration set it, and the value the last one that
   did gave it.  */
tree scanomp_last_type (tree type);

/* How L's N items run: the kernels, where the loop translates to OpenCL
   C, and the host path's functions, where it has them.  */
struct scan_outline
{
  char *source;              /* the kernels' OpenCL C, or NULL */
  tree seed_type;            /* the element scanned */
  tree host[3];              /* reduce, scan and combine, or NULL */
};
bool scanomp_outline (struct scan_loop *l, unsigned n,
                      struct scan_outline *o);
const char *scanomp_route (const struct scan_loop *l,
                           const struct scan_outline *o);
char *scanomp_route_detail (const struct scan_loop *l,
                            const struct scan_outline *o, const char *path);
void scanomp_lower (struct scan_loop *l, unsigned n,
                    const struct scan_outline *o, gimple_stmt_iterator *gsi);

#endif /* SCANOMP_H */
