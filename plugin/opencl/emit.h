/* SPDX-License-Identifier: GPL-3.0-or-later */
/* emit.h: what emit.cc (the kernel hooks of a scan loop), translate.cc
   (GIMPLE to OpenCL C), functions.cc (the functions a loop calls) and
   types.cc (C types as OpenCL C) share while they write a loop's OpenCL
   C; the functions that write OpenCL C text are named ocl_*.  */

#ifndef SCANOMP_EMIT_H
#define SCANOMP_EMIT_H

#include "hash-map.h"
#include "hash-set.h"

#include "opencl/opencl.h"

/* A growing string.  */
struct strbuf
{
  char *s;
  size_t len, cap;
};

void ocl_text (strbuf *b, const char *fmt, ...) ATTRIBUTE_PRINTF_2;

/* The translation of one scan loop.  The source is written in three
   parts, placed in this order: TYPES (the structs, each before its first
   use), FUNCS (the functions the loop calls, each after those it calls)
   and OUT (the hooks).  */
struct emitter
{
  scan_loop *l;                   /* the loop, with all arguments */
  scan_item *items;               /* its items, L->items */
  unsigned n;                     /* L->n */
  enum scan_refusal refusal;      /* what a refusal to translate does */
  strbuf out, types, funcs;
  hash_map<tree, char *> names;   /* types and functions translated */
  hash_map<tree, unsigned> ids;   /* the numbers that name declarations,
                                     labels, SSA names and structs
                                     (ocl_id) */
  hash_set<tree> active;          /* functions being translated */
  /* Translating a function of the unit (or an operator's combiner or
     initializer): pointers there are OpenCL C pointers to private
     memory.  In the loop body they are byte offsets into its arrays.  */
  bool local;
  tree fn;                        /* the function being translated, or
                                     the one holding the loop */
  bool no_stores;                 /* an inscan loop's scan phase, run in
                                     the input hook: its stores go */
  bool scan_phase;                /* the output hook: the stores of the
                                     scan phase are made (the input hook
                                     leaves them out), and of a scan
                                     clause, y[i] is the prefix v */
  bool ok;
  bool beyond_device;             /* a refusal was about more than what
                                     OpenCL C lacks (see ocl_refuse) */
};

/* types.cc */
const char *scanomp_cl_type (tree type);
const char *ocl_type_of (emitter *e, tree type);
char *ocl_declaration (emitter *e, tree type, const char *name);
unsigned ocl_field_index (tree field);

/* translate.cc */
unsigned ocl_id (emitter *e, tree t);
void ocl_refuse (emitter *e, location_t loc, const char *gmsgid, ...)
  ATTRIBUTE_GCC_DIAG (3, 4);
void ocl_refuse_device (emitter *e, location_t loc, const char *gmsgid, ...)
  ATTRIBUTE_GCC_DIAG (3, 4);
void ocl_constant (emitter *e, tree t);
void ocl_expr (emitter *e, tree t, gimple *stmt);
void ocl_statement (emitter *e, gimple *s);
void ocl_stmt_seq (emitter *e, gimple_seq seq);

/* functions.cc */
void ocl_declare_locals (emitter *e, gimple_seq seq, hash_set<tree> *seen);
void ocl_declare_var (emitter *e, tree t);
const char *ocl_function_name (emitter *e, tree fn, location_t loc);

/* emit.cc: the loop body's arrays.  */
int ocl_base_index (emitter *e, tree decl);
int ocl_item_of (emitter *e, tree base);
const scan_access *ocl_access_of (emitter *e, tree ref, gimple *stmt);
void ocl_address (emitter *e, const scan_access &a, gimple *stmt);
void ocl_element (emitter *e, const scan_access &a, gimple *stmt);
void ocl_pointer_offset (emitter *e, tree p, gimple *stmt);
void ocl_identity (emitter *e, const scan_item *it);
void ocl_assign (emitter *e, gimple *s, tree lhs, tree rhs, const char *text);
void ocl_mark_set (emitter *e, tree t);

#endif /* SCANOMP_EMIT_H */
