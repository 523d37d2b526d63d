/* SPDX-License-Identifier: GPL-3.0-or-later */
/* emit.cc: write a scan loop's body as OpenCL C, for libscanrt's kernel
   templates (templates/scanomp-common.h describes the hooks).

   The body is translated statement by statement from GIMPLE:
   - every variable becomes `d<n>' (ocl_id), declared once; pointers
     become byte offsets from the array they point into (a `long');
   - each array is a kernel parameter triple: the buffer, the runtime's
     byte offset into it, and the host byte offset the buffer starts at;
   - the read of y[i-1] yields the operator's identity and the store to
     y[i] yields the function's result: scanomp_input (k) is then what
     iteration k contributes, E(k), since identity op E = E (for a
     user-defined y[i] = f (y[i-1], E), translate.cc skips f and yields
     E directly);
   - SCANOMP_STORE writes the scanned value to y[i]; where the loop also
     stores to other arrays, it runs the body again (scanomp_output),
     with y[i] the prefix, making those stores, which scanomp_input
     leaves out; where those depend on y[i-1] too, the hook is
     SCANOMP_OUTPUT, and y[i-1] there the prefix before the element;
   - a late item (loop.h: a reduction the loop sets from the scanned
     values) is the identity in scanomp_input, and scanomp_output
     gathers it over the work-item's elements (SCANOMP_LATE).

   Loop-invariant scalars and the loop's first index are passed by value.
   Labels, conditional jumps and gotos are kept as they are: OpenCL C has
   goto.  A user-defined operator becomes the functions
   scanomp_combine<k> and scanomp_identity<k>, from GCC's lowering of its
   declaration.  The translation itself (statements, types, the functions
   called) is translate.cc's.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "diagnostic-core.h"
#include "fold-const.h"
#include "cfgexpand.h"

#include "opencl/emit.h"
#include "read/read.h"

/* The array of the clause that BASE is, or -1.  */
int
ocl_item_of (emitter *e, tree base)
{
  for (unsigned k = 0; k < e->n; k++)
    if (e->items[k].var == base)
      return k;
  return -1;
}

/* The index of array DECL among the kernel's parameters.  */
int
ocl_base_index (emitter *e, tree decl)
{
  for (unsigned k = 0; k < e->l->bases.length (); k++)
    if (e->l->bases[k] == decl)
      return k;
  return -1;
}

/* The access record of REF in STMT.  */
const scan_access *
ocl_access_of (emitter *e, tree ref, gimple *stmt)
{
  for (const scan_access &a : e->l->accesses)
    if (a.ref == ref && a.stmt == stmt)
      return &a;
  return NULL;
}

/* The byte offset a pointer-valued operand P stands for.  */
void
ocl_pointer_offset (emitter *e, tree p, gimple *stmt)
{
  tree t = TREE_CODE (p) == ADDR_EXPR ? TREE_OPERAND (p, 0) : NULL_TREE;
  if (t && VAR_P (t))
    ocl_text (&e->out, "0L");
  else if (t && TREE_CODE (t) == ARRAY_REF && VAR_P (TREE_OPERAND (t, 0)))
    {
      /* &a[k], as scan_split_pointer reads it.  */
      ocl_text (&e->out, "(long) ");
      ocl_expr (e, TREE_OPERAND (t, 1), stmt);
      ocl_text (&e->out, " * %ldL", (long) tree_to_shwi (TYPE_SIZE_UNIT
                                                    (TREE_TYPE (t))));
    }
  else if ((VAR_P (p) || TREE_CODE (p) == PARM_DECL)
           && ocl_base_index (e, p) >= 0)
    ocl_text (&e->out, "0L");
  else
    ocl_expr (e, p, stmt);
}

/* The address of access A, as a `__global T *'.  */
void
ocl_address (emitter *e, const scan_access &a, gimple *stmt)
{
  int k = ocl_base_index (e, a.base);
  ocl_text (&e->out, "((__global %s *) (b%d + (long) (b%do - b%dl + ",
            ocl_type_of (e, a.elem_type), k, k, k);
  tree ref = a.ref;
  if (TREE_CODE (ref) == MEM_REF)
    {
      ocl_pointer_offset (e, TREE_OPERAND (ref, 0), stmt);
      ocl_text (&e->out, " + %ldL",
                (long) tree_to_shwi (TREE_OPERAND (ref, 1)));
    }
  else
    {
      ocl_text (&e->out, "(long) ");
      ocl_expr (e, TREE_OPERAND (ref, 1), stmt);
      ocl_text (&e->out, " * %ldL",
                (long) tree_to_shwi (TYPE_SIZE_UNIT (a.elem_type)));
    }
  ocl_text (&e->out, ")))");
}

/* The identity of item IT's operator over its element type, as OpenCL
   C.  */
void
ocl_identity (emitter *e, const scan_item *it)
{
  const char *ty = ocl_type_of (e, it->type);
  bool fl = SCALAR_FLOAT_TYPE_P (it->type);
  switch (it->op)
    {
    case SCAN_OP_MUL:
    case SCAN_OP_LAND:
      ocl_text (&e->out, "((%s) 1)", ty);
      break;
    case SCAN_OP_AND:
      ocl_text (&e->out, "((%s) ~(%s) 0)", ty, ty);
      break;
    case SCAN_OP_MIN:
      if (fl)
        ocl_text (&e->out, "((%s) INFINITY)", ty);
      else
        ocl_constant (e, TYPE_MAX_VALUE (it->type));
      break;
    case SCAN_OP_MAX:
      if (fl)
        ocl_text (&e->out, "((%s) -INFINITY)", ty);
      else
        ocl_constant (e, TYPE_MIN_VALUE (it->type));
      break;
    case SCAN_OP_USER:
      ocl_text (&e->out, "scanomp_identity%d ()", (int) (it - e->items));
      break;
    default:
      ocl_text (&e->out, "((%s) 0)", ty);
      break;
    }
}

/* Whether any of E's items is late (loop.h).  */
static bool
any_late (const emitter *e)
{
  for (unsigned k = 0; k < e->n; k++)
    if (e->items[k].late)
      return true;
  return false;
}

/* Whether a scan clause's output hook takes W, the prefix before the
   element, for y[i-1]: where a store beside the arrays depends on it, or
   a late item may (`b += y[i-1]').  */
static bool
output_takes_prev (const emitter *e)
{
  return !e->l->inscan && (e->l->output_from_prev || any_late (e));
}

/* Array K's value LAG elements before the iteration's (0: its own) in a
   hook: of the input hook's result R, or of the output hook's prefix V;
   of W, the prefix before the element, for LAG 1 and up (of a linear
   recurrence's map, whose values are y[i] and the elements before it,
   the value at LAG - 1).  */
static void
item_value (emitter *e, unsigned k, bool prefix, int lag = 0)
{
  ocl_text (&e->out, "%s", lag ? "w" : prefix ? "v" : "r");
  if (e->n > 1)
    ocl_text (&e->out, ".s%u", k);
  else if (e->items[0].form != SCAN_FORM_PLAIN)
    ocl_text (&e->out, ".f%u", scanomp_map_c (lag ? lag - 1 : 0));
}

/* Write the value of access A: y[i-1] is the ocl_identity (see above) but
   in an output hook that has the prefix before the element, and y[i]
   after the store to it the value stored.  */
void
ocl_element (emitter *e, const scan_access &a, gimple *stmt)
{
  if (a.prev && e->scan_phase && output_takes_prev (e))
    {
      item_value (e, ocl_item_of (e, a.base), true, a.lag);
      return;
    }
  if (a.prev)
    {
      ocl_identity (e, &e->items[ocl_item_of (e, a.base)]);
      return;
    }
  if (a.after)
    {
      item_value (e, ocl_item_of (e, a.base), e->scan_phase);
      return;
    }
  ocl_text (&e->out, "(*");
  ocl_address (e, a, stmt);
  ocl_text (&e->out, ")");
}

/* Write statement S's assignment of RHS (or of the OpenCL C expression
   TEXT) to LHS.  In the loop body, a store to y[i] is what the iteration
   contributes (a scan clause's input hook), or stores the prefix (its
   output hook); the stores of an inscan loop's scan phase and a scan
   clause's stores beside its arrays are real, and only in the output
   hook.  */
void
ocl_assign (emitter *e, gimple *s, tree lhs, tree rhs, const char *text)
{
  const scan_access *a = e->local ? NULL
                        : ocl_access_of (e, scanomp_whole (lhs), s);
  if (a && (e->no_stores || (a->output && !e->scan_phase)))
    return;
  /* A field of an element beside the clause's arrays: stored as it is
     written.  */
  if (a && a->part)
    a = NULL;
  bool real = a && (e->l->inscan || a->output);
  bool prefix = a && !real && e->scan_phase;
  /* Real stores stream when the runtime asks, but for structs, which no
     non-temporal store takes.  */
  bool out = (real || prefix) && !AGGREGATE_TYPE_P (a->elem_type);
  if (out)
    {
      ocl_text (&e->out, "  scanomp_out (");
      ocl_address (e, *a, s);
      ocl_text (&e->out, ", ");
    }
  else if (real || prefix)
    {
      ocl_text (&e->out, "  *");
      ocl_address (e, *a, s);
      ocl_text (&e->out, " = ");
    }
  else if (a)
    {
      int k = ocl_item_of (e, a->base);
      if (e->n == 1)
        ocl_text (&e->out, "  r = (SCANOMP_T) ");
      else
        ocl_text (&e->out, "  r.s%d = (%s) ", k,
                  ocl_type_of (e, e->items[k].type));
    }
  else
    {
      ocl_text (&e->out, "  ");
      ocl_expr (e, lhs, s);
      ocl_text (&e->out, " = ");
    }
  if (prefix)
    item_value (e, ocl_item_of (e, a->base), true);
  else if (text)
    ocl_text (&e->out, "%s", text);
  else
    ocl_expr (e, rhs, s);
  ocl_text (&e->out, out ? ");\n" : ";\n");
  ocl_mark_set (e, lhs);
}

/* After a statement that sets T or a part of it (or takes its address
   for a call), note that the iteration set T when it is an inscan loop's
   lastprivate variable.  */
void
ocl_mark_set (emitter *e, tree t)
{
  if (e->local)
    return;
  while (handled_component_p (t))
    t = TREE_OPERAND (t, 0);
  for (unsigned k = 0; k < e->n; k++)
    if (e->items[k].op == SCAN_OP_LAST && e->items[k].in == t)
      ocl_text (&e->out, "  f%u = 1;\n", ocl_id (e, t));
}

/* Declare the variables of SEQ (adding them to SEEN) and the loop index,
   and set the index from the launch position k.  */
static void
function_start (emitter *e, gimple_seq seq, hash_set<tree> *seen)
{
  scan_loop *l = e->l;
  /* The arrays and the scalars are parameters.  */
  for (tree b : l->bases)
    seen->add (b);
  for (tree v : l->scalars)
    seen->add (v);
  /* An inscan loop's private and lastprivate variables that are globals
     (the others ocl_declare_locals declares where the body uses them,
     not a simd loop's temporary that only a clobber names); and whether
     each lastprivate one was set.  */
  for (tree v : l->privates)
    if (is_global_var (v) && !seen->add (v))
      ocl_declare_var (e, v);
  for (unsigned k = 0; k < e->n; k++)
    if (e->items[k].op == SCAN_OP_LAST)
      ocl_text (&e->out, "  int f%u = 0;\n", ocl_id (e, e->items[k].in));
  ocl_declare_locals (e, seq, seen);
  if (!seen->add (l->iv))
    ocl_text (&e->out, "  %s d%u;\n", ocl_type_of (e, TREE_TYPE (l->iv)),
              ocl_id (e, l->iv));
  ocl_text (&e->out, "  d%u = (%s) (lbv + k * %dL);\n", ocl_id (e, l->iv),
            ocl_type_of (e, TREE_TYPE (l->iv)), l->step);
}

/* Declare, if SEEN lacks them, and set the scan variables of an inscan
   loop, or the reductions beside a scan clause: to their identities (FROM
   null) or to the fields of FROM; the late items' too where LATE.  */
static void
set_scan_vars (emitter *e, hash_set<tree> *seen, const char *from,
               bool late)
{
  for (unsigned k = 0; k < e->n; k++)
    {
      scan_item *it = &e->items[k];
      if (!it->host_var || it->op == SCAN_OP_LAST || (it->late && !late))
        continue;
      if (!seen->add (it->var))
        ocl_text (&e->out, "  %s d%u;\n", ocl_type_of (e, it->type),
                  ocl_id (e, it->var));
      ocl_text (&e->out, "  d%u = ", ocl_id (e, it->var));
      if (!from)
        ocl_identity (e, it);
      else if (e->n == 1)
        ocl_text (&e->out, "%s", from);
      else
        ocl_text (&e->out, "%s.s%u", from, k);
      ocl_text (&e->out, ";\n");
    }
}

/* Write an inscan loop's scan phase with its stores left out.  */
static void
scan_phase_without_stores (emitter *e)
{
  e->no_stores = true;
  ocl_stmt_seq (e, e->l->output);
  e->no_stores = false;
}

/* Set the input hook's result r to the iteration's values of the scan
   variables (of an inscan loop, or the reductions beside a scan clause),
   or of the lastprivate variables (LAST).  */
static void
yield_vars (emitter *e, bool last)
{
  for (unsigned k = 0; k < e->n; k++)
    {
      scan_item *it = &e->items[k];
      if (!it->host_var || (it->op == SCAN_OP_LAST) != last)
        continue;
      /* A late item's is found in the output hook alone.  */
      if (it->late && last)
        ocl_text (&e->out, "  r.s%u.f0 = 0;\n", k);
      else if (it->late)
        {
          ocl_text (&e->out, "  r.s%u = ", k);
          ocl_identity (e, it);
          ocl_text (&e->out, ";\n");
        }
      else if (last)
        ocl_text (&e->out, "  r.s%u.f0 = f%u;\n  r.s%u.f1 = d%u;\n", k,
                  ocl_id (e, it->in), k, ocl_id (e, it->in));
      else if (e->n == 1)
        ocl_text (&e->out, "  r = d%u;\n", ocl_id (e, it->var));
      else
        ocl_text (&e->out, "  r.s%u = d%u;\n", k, ocl_id (e, it->var));
    }
}

/* The output hook's head: scanomp_output (k, v, SCANOMP_PARAMS), with W,
   the prefix before the element, where output_takes_prev, and LATE,
   where the loop has late items, what the work-item's elements before
   this one gathered of them, which the hook returns with the element's.
   (Passed by address into the hook, the look-back kernel crashed LLVM
   15's SROA pass in pocl 3.1.)  */
static void
output_head (emitter *e)
{
  ocl_text (&e->out, "\nstatic %s\nscanomp_output (long k, SCANOMP_T v, "
            "%s%sSCANOMP_PARAMS)\n{\n", any_late (e) ? "SCANOMP_T" : "void",
            output_takes_prev (e) ? "SCANOMP_T w, " : "",
            any_late (e) ? "SCANOMP_T late, " : "");
}

/* In the output hook, set the late items' variables from LATE (LOAD), or
   store them back there.  A lastprivate one's is stored where the
   iteration set it, which function_start's flag, from 0, says.  */
static void
late_vars (emitter *e, bool load)
{
  for (unsigned k = 0; k < e->n; k++)
    {
      scan_item *it = &e->items[k];
      if (!it->late)
        continue;
      if (it->op != SCAN_OP_LAST && load)
        ocl_text (&e->out, "  d%u = late.s%u;\n", ocl_id (e, it->var), k);
      else if (it->op != SCAN_OP_LAST)
        ocl_text (&e->out, "  late.s%u = d%u;\n", k, ocl_id (e, it->var));
      else if (!load)
        ocl_text (&e->out, "  if (f%u)\n    {\n      late.s%u.f0 = 1;\n"
                  "      late.s%u.f1 = d%u;\n    }\n", ocl_id (e, it->in),
                  k, k, ocl_id (e, it->in));
    }
}

/* scanomp_out (p, v), the output hook's stores: *p = v, streaming where
   the runtime asks.  SCANOMP_STREAM comes as a -D option, before this
   head; the template's own SCANOMP_STREAM_STORE is defined only after
   it.  */
static void
stream_macro (emitter *e)
{
  ocl_text (&e->out, "#if defined SCANOMP_STREAM && SCANOMP_STREAM "
            "&& defined __has_builtin\n#if __has_builtin "
            "(__builtin_nontemporal_store)\n#define scanomp_out(p, v) "
            "__builtin_nontemporal_store ((v), (p))\n#endif\n#endif\n"
            "#ifndef scanomp_out\n#define scanomp_out(p, v) (*(p) = (v))\n"
            "#endif\n");
}

/* An inscan loop's hooks: scanomp_input runs the input phase from the
   identities and returns the variables; scanomp_output runs the scan
   phase from the prefix V.  */
static void
inscan_functions (emitter *e)
{
  scan_loop *l = e->l;
  stream_macro (e);
  ocl_text (&e->out, "static SCANOMP_T\n"
            "scanomp_input (long k, SCANOMP_PARAMS)\n{\n  SCANOMP_T r;\n");
  hash_set<tree> seen;
  function_start (e, l->input, &seen);
  /* A lastprivate variable the scan phase sets takes its value here too,
     from the scan phase without its stores, in the iteration's order (the
     value does not depend on the scan variables: see inscan.cc).  */
  if (l->output_sets_last)
    ocl_declare_locals (e, l->output, &seen);
  set_scan_vars (e, &seen, NULL, true);
  if (l->output_sets_last && l->exclusive)
    {
      scan_phase_without_stores (e);
      set_scan_vars (e, &seen, NULL, true);
    }
  ocl_stmt_seq (e, l->input);
  yield_vars (e, false);
  if (l->output_sets_last && !l->exclusive)
    scan_phase_without_stores (e);
  yield_vars (e, true);
  ocl_text (&e->out, "  return r;\n}\n");
  output_head (e);
  hash_set<tree> seen_out;
  function_start (e, l->output, &seen_out);
  /* Late items (a reduction beside the inscan ones) may be set in either
     phase: the hook then runs the input phase too, from the identities
     as in the input hook, in the iteration's order.  */
  bool late = any_late (e);
  if (late)
    {
      ocl_declare_locals (e, l->input, &seen_out);
      set_scan_vars (e, &seen_out, NULL, true);
      late_vars (e, true);
    }
  if (late && !l->exclusive)
    ocl_stmt_seq (e, l->input);
  set_scan_vars (e, &seen_out, "v", false);
  e->scan_phase = true;
  ocl_stmt_seq (e, l->output);
  e->scan_phase = false;
  if (late && l->exclusive)
    {
      set_scan_vars (e, &seen_out, NULL, false);
      ocl_stmt_seq (e, l->input);
    }
  if (late)
    {
      late_vars (e, false);
      ocl_text (&e->out, "  return late;\n");
    }
  ocl_text (&e->out, "}\n");
}

/* A scan clause's output hook, where its loop stores beside its arrays
   or has late items: scanomp_output runs the body again, storing the
   prefix V to y[i] (a recurrence's, the value of V) and making those
   stores (where they depend on y[i-1], from W, the prefix before the
   element), and gathering the late items into LATE, which it
   returns.  */
static void
output_function (emitter *e)
{
  gimple_seq body = gimple_omp_body (e->l->loop);
  stream_macro (e);
  output_head (e);
  hash_set<tree> seen_out;
  function_start (e, body, &seen_out);
  set_scan_vars (e, &seen_out, NULL, true);
  late_vars (e, true);
  e->scan_phase = true;
  ocl_stmt_seq (e, body);
  e->scan_phase = false;
  late_vars (e, false);
  ocl_text (&e->out, "%s}\n", any_late (e) ? "  return late;\n" : "");
}

/* A scan clause's hooks: scanomp_input runs the body from the
   identities and returns what the iteration contributes; where the loop
   stores beside its arrays, scanomp_output runs the body again, storing
   the prefix V to y[i] and making those stores.  */
static void
clause_functions (emitter *e)
{
  scan_loop *l = e->l;
  gimple_seq body = gimple_omp_body (l->loop);
  ocl_text (&e->out, "static SCANOMP_T\nscanomp_input (long k, "
            "SCANOMP_PARAMS)\n{\n  SCANOMP_T r");
  if (e->n == 1)
    {
      ocl_text (&e->out, " = ");
      ocl_identity (e, &e->items[0]);
    }
  else
    ocl_text (&e->out, " = scanomp_identity ()");
  ocl_text (&e->out, ";\n");
  hash_set<tree> seen;
  function_start (e, body, &seen);
  set_scan_vars (e, &seen, NULL, true);
  ocl_stmt_seq (e, body);
  yield_vars (e, false);
  yield_vars (e, true);
  ocl_text (&e->out, "  return r;\n}\n");
  if (l->outputs || any_late (e))
    output_function (e);
}

/* A recurrence's hooks (analyze/recurrence.cc): scanomp_input runs the
   input copy of the body, which sets the pair; the output hook is a scan
   clause's (the reads of y[i-1], of the identity, only lead to the store
   of the value of V).  */
static void
pair_functions (emitter *e)
{
  scan_loop *l = e->l;
  ocl_text (&e->out, "static SCANOMP_T\nscanomp_input (long k, "
            "SCANOMP_PARAMS)\n{\n");
  hash_set<tree> seen;
  function_start (e, l->input, &seen);
  ocl_stmt_seq (e, l->input);
  ocl_text (&e->out, "  return d%u;\n}\n", ocl_id (e, e->items[0].pair));
  if (l->outputs)
    output_function (e);
}

/* The OpenCL C type in which arithmetic on TYPE is done, as the
   templates' SCANOMP_UT: an unsigned one of 32 or 64 bits for an
   integer, which wraps; TYPE itself for a floating type.  */
static const char *
arithmetic_type (emitter *e, tree type)
{
  if (!INTEGRAL_TYPE_P (type))
    return ocl_type_of (e, type);
  return TYPE_PRECISION (type) > 32 ? "ulong" : "uint";
}

/* Combine A and B (OpenCL C expressions) with item IT's operator, as the
   templates' built-in operators do.  */
static void
combine (emitter *e, const scan_item *it, const char *a, const char *b)
{
  const char *t = ocl_type_of (e, it->type);
  const char *ut = arithmetic_type (e, it->type);
  switch (it->op)
    {
    case SCAN_OP_ADD:
    case SCAN_OP_SUB:
    case SCAN_OP_MUL:
      ocl_text (&e->out, "(%s) ((%s) %s %s (%s) %s)", t, ut, a,
                it->op == SCAN_OP_MUL ? "*" : "+", ut, b);
      break;
    case SCAN_OP_MIN:
    case SCAN_OP_MAX:
      ocl_text (&e->out, "(%s %s %s ? %s : %s)", b,
                it->op == SCAN_OP_MIN ? "<" : ">", a, b, a);
      break;
    case SCAN_OP_USER:
      ocl_text (&e->out, "scanomp_combine%d (%s, %s)", (int) (it - e->items),
                a, b);
      break;
    case SCAN_OP_LAST:
      ocl_text (&e->out, "(%s.f0 ? %s : %s)", b, b, a);
      break;
    default:
      ocl_text (&e->out, "(%s) (%s %s %s)", t, a,
                scanomp_op_spelling (it->op), b);
      break;
    }
}

/* Declare variable V of TYPE set to the OpenCL C expression FROM, and add
   it to SEEN.  */
static void
local_from (emitter *e, tree v, hash_set<tree> *seen, const char *from)
{
  seen->add (v);
  ocl_text (&e->out, "  %s d%u = %s;\n", ocl_type_of (e, TREE_TYPE (v)),
            ocl_id (e, v), from);
}

/* The combiner and identity of array K's user-defined operator, as the
   functions scanomp_combine<K> and scanomp_identity<K> in E->funcs,
   translated from GCC's lowering of its ocl_declaration (see udr.cc).  */
static void
user_operator (emitter *e, unsigned k)
{
  scan_item *it = &e->items[k];
  strbuf outer = e->out;
  e->out = { NULL, 0, 0 };
  e->local = true;
  const char *t = ocl_type_of (e, it->type);
  ocl_text (&e->out, "static %s\nscanomp_combine%u (%s a, %s b)\n{\n", t, k, t,
            t);
  hash_set<tree> seen;
  local_from (e, it->out, &seen, "a");
  local_from (e, it->in, &seen, "b");
  ocl_declare_locals (e, it->merge, &seen);
  ocl_stmt_seq (e, it->merge);
  ocl_text (&e->out, "  return d%u;\n}\n\nstatic %s\nscanomp_identity%u (void)"
            "\n{\n", ocl_id (e, it->out), t, k);
  hash_set<tree> seen_init;
  seen_init.add (it->priv);
  ocl_text (&e->out, "  %s d%u;\n", t, ocl_id (e, it->priv));
  ocl_declare_locals (e, it->init, &seen_init);
  if (seen_init.contains (it->orig))
    ocl_refuse (e, scanomp_where (e->l), "the initializer of %qs reads "
                "%<omp_orig%>; the identity of a scan must not depend on it",
                e->l->clause ? e->l->clause->op_name : it->var_name);
  ocl_stmt_seq (e, it->init);
  ocl_text (&e->out, "  return d%u;\n}\n\n", ocl_id (e, it->priv));
  ocl_text (&e->funcs, "%s", e->out.s);
  free (e->out.s);
  e->out = outer;
  e->local = false;
}

/* The pair operator of a recurrence (the loop's one item), A then B,
   and its identity, as scanomp_pair_combine and scanomp_pair_identity in
   E->funcs: maps
   x -> k x + v compose as (b.k a.k, b.k a.v + b.v), of a higher order
   v -> M v + c as (Mb Ma, Mb ca + cb); segments as
   (b.f ? b.v : a.v op b.v, a.f | b.f).  Integers wrap.  */
static void
pair_operator (emitter *e)
{
  const scan_item *it = &e->items[0];
  strbuf outer = e->out;
  e->out = { NULL, 0, 0 };
  const char *p = ocl_type_of (e, it->pair_type);
  const char *t = ocl_type_of (e, it->type);
  const char *ut = arithmetic_type (e, it->type);
  ocl_text (&e->out, "static %s\nscanomp_pair_combine (%s a, %s b)\n{\n"
            "  %s r;\n", p, p, p, p);
  unsigned k = it->form == SCAN_FORM_AFFINE ? it->order : 0;
  if (k > 1)
    /* Of a higher order: (Mb Ma, Mb ca + cb).  */
    for (unsigned r = 0; r < k; r++)
      for (unsigned col = 0; col <= k; col++)
        {
          unsigned f = col < k ? scanomp_map_m (k, r, col)
                               : scanomp_map_c (r);
          ocl_text (&e->out, "  r.f%u = (%s) (", f, t);
          if (col == k)
            ocl_text (&e->out, "(%s) b.f%u", ut, scanomp_map_c (r));
          for (unsigned j = 0; j < k; j++)
            ocl_text (&e->out, "%s(%s) b.f%u * (%s) a.f%u",
                      j || col == k ? " + " : "", ut,
                      scanomp_map_m (k, r, j), ut,
                      col < k ? scanomp_map_m (k, j, col)
                              : scanomp_map_c (j));
          ocl_text (&e->out, ");\n");
        }
  else if (it->form == SCAN_FORM_AFFINE)
    ocl_text (&e->out, "  r.f1 = (%s) ((%s) b.f1 * (%s) a.f1);\n"
              "  r.f0 = (%s) ((%s) b.f1 * (%s) a.f0 + (%s) b.f0);\n", t, ut,
              ut, t, ut, ut, ut);
  else
    {
      ocl_text (&e->out, "  r.f1 = a.f1 | b.f1;\n  r.f0 = b.f1 ? b.f0 : ");
      combine (e, it, "a.f0", "b.f0");
      ocl_text (&e->out, ";\n");
    }
  ocl_text (&e->out, "  return r;\n}\n\nstatic %s\nscanomp_pair_identity "
            "(void)\n{\n  %s r;\n  r.f0 = ", p, p);
  if (k > 1)
    {
      ocl_text (&e->out, "(%s) -0.0;\n", t);
      for (unsigned f = 1; f < k + k * k; f++)
        ocl_text (&e->out, "  r.f%u = (%s) %s;\n", f, t,
                  f < k ? "-0.0" : (f - k) % (k + 1) == 0 ? "1" : "0");
    }
  else if (it->form == SCAN_FORM_AFFINE)
    ocl_text (&e->out, "(%s) -0.0;\n  r.f1 = (%s) 1;\n", t, t);
  else
    {
      ocl_identity (e, it);
      ocl_text (&e->out, ";\n  r.f1 = 0;\n");
    }
  ocl_text (&e->out, "  return r;\n}\n\n");
  ocl_text (&e->funcs, "%s", e->out.s);
  free (e->out.s);
  e->out = outer;
}

/* The element type, operator and identity of a clause with several
   arrays: a struct of one field per array, combined field by field.  */
static void
multi_type (emitter *e)
{
  ocl_text (&e->out, "typedef struct {");
  for (unsigned k = 0; k < e->n; k++)
    ocl_text (&e->out, " %s s%u;", ocl_type_of (e, e->items[k].type), k);
  ocl_text (&e->out, " } scanomp_multi;\n#define SCANOMP_T scanomp_multi\n"
            "#define SCANOMP_OP %d\n"
            "static scanomp_multi\nscanomp_combine (scanomp_multi a, "
            "scanomp_multi b)\n{\n  scanomp_multi r;\n", SCAN_OP_USER);
  for (unsigned k = 0; k < e->n; k++)
    {
      char a[16], b[16];
      snprintf (a, sizeof a, "a.s%u", k);
      snprintf (b, sizeof b, "b.s%u", k);
      ocl_text (&e->out, "  r.s%u = ", k);
      combine (e, &e->items[k], a, b);
      ocl_text (&e->out, ";\n");
    }
  ocl_text (&e->out, "  return r;\n}\n#define SCANOMP_COMBINE(a, b) "
            "scanomp_combine ((a), (b))\n"
            "static scanomp_multi\nscanomp_identity (void)\n{\n"
            "  scanomp_multi r;\n");
  for (unsigned k = 0; k < e->n; k++)
    if (e->items[k].op == SCAN_OP_LAST)
      ocl_text (&e->out, "  r.s%u.f0 = 0;\n", k);
    else
      {
        ocl_text (&e->out, "  r.s%u = ", k);
        ocl_identity (e, &e->items[k]);
        ocl_text (&e->out, ";\n");
      }
  ocl_text (&e->out, "  return r;\n}\n"
            "#define SCANOMP_IDENTITY scanomp_identity ()\n");
  /* The seed without its late items, which libscanrt joins after the
     blocks' (scanomp-common.h's SCANOMP_LATE).  */
  if (!any_late (e))
    return;
  ocl_text (&e->out, "static scanomp_multi\nscanomp_late_clear "
            "(scanomp_multi r)\n{\n");
  for (unsigned k = 0; k < e->n; k++)
    if (e->items[k].late && e->items[k].op == SCAN_OP_LAST)
      ocl_text (&e->out, "  r.s%u.f0 = 0;\n", k);
    else if (e->items[k].late)
      {
        ocl_text (&e->out, "  r.s%u = ", k);
        ocl_identity (e, &e->items[k]);
        ocl_text (&e->out, ";\n");
      }
  ocl_text (&e->out, "  return r;\n}\n");
}

/* The address of array K's element at position I of the launch (an
   OpenCL C expression), where it stores its scanned value.  */
static void
store_address (emitter *e, unsigned k, const char *type)
{
  const scan_item *it = &e->items[k];
  const scan_access &st = it->accesses[it->store];
  int b = ocl_base_index (e, it->var);
  ocl_text (&e->out, "(__global %s *) (b%d + (long) (b%do - b%dl + %ldL * "
            "(lbv + (i) * %dL) + (long) ", type, b, b, b, (long) st.coef,
            e->l->step);
  ocl_expr (e, fold_convert (ssizetype, st.rest), st.stmt);
  ocl_text (&e->out, "))");
}

static void
params (emitter *e, bool declarations)
{
  scan_loop *l = e->l;
  for (unsigned k = 0; k < l->bases.length (); k++)
    {
      if (declarations)
        ocl_text (&e->out, "%s__global char *b%u, ulong b%uo, long b%ul",
                  k ? ", " : "", k, k, k);
      else
        ocl_text (&e->out, "%sb%u, b%uo, b%ul", k ? ", " : "", k, k, k);
    }
  ocl_text (&e->out, declarations ? ", long lbv" : ", lbv");
  for (tree s : l->scalars)
    {
      if (declarations)
        ocl_text (&e->out, ", %s d%u", ocl_type_of (e, TREE_TYPE (s)),
                  ocl_id (e, s));
      else
        ocl_text (&e->out, ", d%u", ocl_id (e, s));
    }
}

/* Whether a map clause of L's target gives BASE a section, not the
   section of no bytes GCC maps a pointer the target uses by.  */
static bool
mapped (const scan_loop *l, tree base)
{
  for (unsigned m = 0; m + 2 < l->maps.length (); m += 3)
    if (l->maps[m] == base && !integer_zerop (l->maps[m + 2]))
      return true;
  return false;
}

char *
scanomp_emit (scan_loop *l, enum scan_refusal refusal, bool *device_limits)
{
  emitter e;
  scan_item *items = l->items;
  unsigned n = l->n;
  /* The only item, where there is one.  */
  const scan_item *it = &items[0];
  e.l = l;
  e.refusal = refusal;
  e.items = items;
  e.n = n;
  e.out = e.types = e.funcs = { NULL, 0, 0 };
  e.local = false;
  e.no_stores = false;
  e.scan_phase = false;
  e.fn = current_function_decl;
  e.ok = true;
  e.beyond_device = false;
  /* The kernels copy each array's elements that the loop index reaches;
     a scatter's or a gather's are the data's choice, anywhere in the
     section a target maps, which they then hold whole (lower/call.cc): a
     window that moves by no stride, which libscanrt splits across no
     devices.  */
  if (l->nest.length ())
    {
      ocl_refuse_device (&e, gimple_location (l->loop), "the kernels "
                         "take one loop, not a nest that %<collapse%> "
                         "makes one");
      *device_limits = true;
      return NULL;
    }
  for (const scan_access &a : l->accesses)
    if (a.scatter && !mapped (l, a.base))
      {
        /* A gather (an inscan loop's, analyze/inscan.cc) or a scatter
           (of its scan phase) of an array no map clause gives.  */
        if (a.store)
          ocl_refuse_device (&e, gimple_location (a.stmt), "this store%'s "
                             "index is not an affine function of the loop "
                             "index (it is computed from the scan, or "
                             "before a branch): the kernels, which copy the "
                             "elements each index reaches, cannot copy "
                             "those of %qD; inside %<target%>, they hold "
                             "the section a %<map%> clause gives it",
                             a.base);
        else
          ocl_refuse_device (&e, gimple_location (a.stmt), "this read%'s "
                             "index is not an affine function of the loop "
                             "index (it is computed from what the loop "
                             "reads, or before a branch): the kernels, "
                             "which copy the elements each index reaches, "
                             "cannot copy those of %qD; inside %<target%>, "
                             "they hold the section a %<map%> clause gives "
                             "it", a.base);
        *device_limits = true;
        return NULL;
      }
  ocl_text (&e.types, "%s", "");
  ocl_text (&e.funcs, "%s", "");

  for (unsigned k = 0; k < n; k++)
    if (items[k].op == SCAN_OP_USER)
      user_operator (&e, k);
  if (n == 1 && it->form != SCAN_FORM_PLAIN)
    {
      pair_operator (&e);
      ocl_text (&e.out, "#define SCANOMP_T %s\n#define SCANOMP_OP %d\n"
                "#define SCANOMP_COMBINE(a, b) scanomp_pair_combine ((a), "
                "(b))\n#define SCANOMP_IDENTITY scanomp_pair_identity ()\n",
                ocl_type_of (&e, it->pair_type), SCAN_OP_USER);
    }
  else if (n == 1 && it->op == SCAN_OP_USER)
    ocl_text (&e.out, "#define SCANOMP_T %s\n#define SCANOMP_OP %d\n"
              "#define SCANOMP_COMBINE(a, b) scanomp_combine0 ((a), (b))\n"
              "#define SCANOMP_IDENTITY scanomp_identity0 ()\n",
              ocl_type_of (&e, it->type), SCAN_OP_USER);
  else if (n == 1)
    {
      ocl_text (&e.out, "#define SCANOMP_T %s\n", ocl_type_of (&e, it->type));
      if (INTEGRAL_TYPE_P (it->type))
        ocl_text (&e.out, "#define SCANOMP_UT %s\n",
                  arithmetic_type (&e, it->type));
      ocl_text (&e.out, "#define SCANOMP_T_MIN ");
      if (INTEGRAL_TYPE_P (it->type))
        ocl_constant (&e, TYPE_MIN_VALUE (it->type));
      else
        ocl_text (&e.out, "(-INFINITY)");
      ocl_text (&e.out, "\n#define SCANOMP_T_MAX ");
      if (INTEGRAL_TYPE_P (it->type))
        ocl_constant (&e, TYPE_MAX_VALUE (it->type));
      else
        ocl_text (&e.out, "INFINITY");
      /* `-': the body, run from the identity, already yields the negated
         element; the partial results then combine with +.  */
      ocl_text (&e.out, "\n#define SCANOMP_OP %d\n",
                it->op == SCAN_OP_SUB ? SCAN_OP_ADD : it->op);
    }
  else
    multi_type (&e);
  ocl_text (&e.out, "#define SCANOMP_PARAMS ");
  params (&e, true);
  ocl_text (&e.out, "\n#define SCANOMP_ARGS ");
  params (&e, false);
  ocl_text (&e.out, "\n#define SCANOMP_LOAD(i) "
            "scanomp_input ((i), SCANOMP_ARGS)\n");

  /* SCANOMP_STORE: each array's element at byte offset size * i + rest;
     streaming where the runtime asks (one array only: structs do not
     stream).  */
  if (l->output_from_prev || any_late (&e))
    ocl_text (&e.out, "#define SCANOMP_LATE %d\n#define SCANOMP_OUTPUT(i, v, "
              "w, p) (%sscanomp_output ((i), (v), %s%sSCANOMP_ARGS))\n\n",
              any_late (&e), any_late (&e) ? "*(p) = " : "",
              output_takes_prev (&e) ? "(w), " : "",
              any_late (&e) ? "*(p), " : "");
  else if (l->inscan || l->outputs)
    ocl_text (&e.out, "#define SCANOMP_STORE(i, v) scanomp_output ((i), (v), "
              "SCANOMP_ARGS)\n\n");
  else if (n == 1)
    {
      bool pair = it->form != SCAN_FORM_PLAIN;
      ocl_text (&e.out, "#define SCANOMP_STORE(i, v) SCANOMP_STREAM_STORE (");
      store_address (&e, 0, pair ? ocl_type_of (&e, it->type) : "SCANOMP_T");
      ocl_text (&e.out, ", (v)%s)\n\n", pair ? ".f0" : "");
    }
  else
    {
      ocl_text (&e.out, "#define SCANOMP_STORE(i, v) do { scanomp_multi v_s = "
                "(v);");
      for (unsigned k = 0; k < n; k++)
        {
          /* A reduction or lastprivate variable has no element.  */
          if (items[k].host_var)
            continue;
          ocl_text (&e.out, " *");
          store_address (&e, k, ocl_type_of (&e, items[k].type));
          ocl_text (&e.out, " = v_s.s%u;", k);
        }
      ocl_text (&e.out, " } while (0)\n\n");
    }

  if (l->inscan)
    inscan_functions (&e);
  else if (it->form != SCAN_FORM_PLAIN)
    pair_functions (&e);
  else
    clause_functions (&e);

  *device_limits = !e.ok && !e.beyond_device;
  char *source = NULL;
  if (e.ok)
    {
      expanded_location where = expand_location (scanomp_where (l));
      strbuf head = { NULL, 0, 0 };
      ocl_text (&head, "/* scanomp: %s(", l->inscan ? "reduction (inscan, "
                                                : "scan");
      for (unsigned k = 0; k < n; k++)
        ocl_text (&head, "%s%s: %s", k ? ", " : "",
                  items[k].op == SCAN_OP_USER ? "user"
                  : items[k].op == SCAN_OP_LAST ? "lastprivate"
                  : scanomp_op_spelling (items[k].op), items[k].var_name);
      ocl_text (&head, ") at %s:%d */\n#ifdef cl_khr_fp64\n#pragma OPENCL "
                "EXTENSION cl_khr_fp64 : enable\n#endif\n%s%s%s", where.file,
                where.line, e.types.s, e.funcs.s, e.out.s);
      source = head.s;
    }
  free (e.out.s);
  free (e.types.s);
  free (e.funcs.s);
  for (auto it = e.names.begin (); it != e.names.end (); ++it)
    free ((*it).second);
  return source;
}
