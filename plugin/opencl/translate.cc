/* SPDX-License-Identifier: GPL-3.0-or-later */
/* translate.cc: GIMPLE to OpenCL C, for emit.cc: constants, expressions
   and statements (types.cc translates the types, functions.cc the
   functions of the unit that a scan calls).

   Names: every variable becomes `d<n>' (a temporary, which is an SSA
   name in a function, `t<n>'), every label `L<n>' (`B<n>' for the
   blocks of a function already in CFG form), every struct or
   union `s<n>' with fields `f<position>', every function `f<n>', where
   <n> is the loop's own number for the declaration, SSA name or type
   (ocl_id), never GCC's UID or version.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "diagnostic-core.h"
#include "fold-const.h"
#include "real.h"
#include "function.h"
#include "basic-block.h"
#include "cfg.h"
#include "tree-cfg.h"
#include "gimplify.h"
#include "langhooks.h"
#include "cgraph.h"
#include "cfgexpand.h"

#include "opencl/emit.h"
#include "analyze/analyze.h"
#include "rewrite/rewrite.h"

/* The number that names T (a declaration, a label, an SSA name or a
   type) in the loop's OpenCL C: 1 for the first named, 2 for the next,
   and so on.  Not T's DECL_UID, SSA version or TYPE_UID, which change
   with all else that the unit declares before the loop and with -O: the
   same loop, compiled again after a change elsewhere in its unit, gives
   the same source, and so finds the program that the caches of
   libscanrt and of the driver kept of it.  */
unsigned
ocl_id (emitter *e, tree t)
{
  bool known;
  unsigned &id = e->ids.get_or_insert (t, &known);
  if (!known)
    id = e->ids.elements ();
  return id;
}

void
ocl_text (strbuf *b, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  int n = vsnprintf (NULL, 0, fmt, ap);
  va_end (ap);
  if (b->len + n + 1 > b->cap)
    {
      b->cap = (b->len + n + 1) * 2;
      b->s = XRESIZEVEC (char, b->s, b->cap);
    }
  va_start (ap, fmt);
  vsnprintf (b->s + b->len, n + 1, fmt, ap);
  va_end (ap);
  b->len += n;
}

/* Report at LOC why the scan cannot be translated, once, as the loop's
   refusal says: an error; for an inscan loop, which GCC runs anyway, or
   a loop that runs on the host path instead, a note under -verbose.
   refuse_device says what OpenCL C lacks and the host has (a type, an
   expression, recursion), so that the host path may take the loop;
   refuse anything else: what the plugin cannot see into or vouch for
   (a function defined elsewhere, a global, a call through a pointer),
   where the host path, which runs the body more than once an element,
   could repeat its effects.  */
static void
refuse_valist (emitter *e, location_t loc, const char *gmsgid,
               va_list *ap)
{
  scan_loop *l = e->l;
  bool note = l->quiet || e->refusal == SCAN_REFUSAL_HOST;
  if (e->ok && e->refusal != SCAN_REFUSAL_QUIET
      && (!note || scanomp_options.verbose))
    {
      /* A statement GCC made up has no place of its own: the function's,
         else the loop's.  */
      if (loc == UNKNOWN_LOCATION && e->local && e->fn)
        loc = DECL_SOURCE_LOCATION (e->fn);
      if (loc == UNKNOWN_LOCATION)
        loc = scanomp_where (l);
      auto_diagnostic_group group;
      scanomp_diagnose_valist (note, loc, gmsgid, ap);
      if (e->refusal == SCAN_REFUSAL_HOST)
        inform (scanomp_where (l), "so this loop has no OpenCL kernel, and "
                "as written could not run in a %<target%> construct");
      else if (loc != scanomp_where (l))
        inform (scanomp_where (l), l->quiet ? "so this inscan loop is left to "
                "GCC%'s own implementation" : "for this scan");
    }
  e->ok = false;
}

void
ocl_refuse (emitter *e, location_t loc, const char *gmsgid, ...)
{
  e->beyond_device = true;
  va_list ap;
  va_start (ap, gmsgid);
  refuse_valist (e, loc, gmsgid, &ap);
  va_end (ap);
}

void
ocl_refuse_device (emitter *e, location_t loc, const char *gmsgid, ...)
{
  va_list ap;
  va_start (ap, gmsgid);
  refuse_valist (e, loc, gmsgid, &ap);
  va_end (ap);
}

void
ocl_constant (emitter *e, tree t)
{
  tree type = TREE_TYPE (t);
  if (TREE_CODE (t) == INTEGER_CST)
    {
      const char *ty = POINTER_TYPE_P (type) && !e->local
                       ? "long" : ocl_type_of (e, type);
      if (TYPE_UNSIGNED (type))
        ocl_text (&e->out, "((%s) %lluUL)", ty,
                  (unsigned long long) TREE_INT_CST_LOW (t));
      else
        {
          long long v = (long long) TREE_INT_CST_LOW (t);
          if (v == LLONG_MIN)
            ocl_text (&e->out, "((%s) (-9223372036854775807L - 1))", ty);
          else
            ocl_text (&e->out, "((%s) %lldL)", ty, v);
        }
      return;
    }
  const REAL_VALUE_TYPE *r = TREE_REAL_CST_PTR (t);
  const char *ty = ocl_type_of (e, type);
  if (real_isnan (r))
    ocl_text (&e->out, "((%s) NAN)", ty);
  else if (real_isinf (r))
    ocl_text (&e->out, "((%s) %sINFINITY)", ty, real_isneg (r) ? "-" : "");
  else
    {
      char buf[128];
      real_to_hexadecimal (buf, r, sizeof buf, 0, 1);
      ocl_text (&e->out, "((%s) %s)", ty, buf);
    }
}

static const char *
binary_op (enum tree_code code)
{
  switch (code)
    {
    case PLUS_EXPR: case POINTER_PLUS_EXPR: return "+";
    case MINUS_EXPR: case POINTER_DIFF_EXPR: return "-";
    case MULT_EXPR: return "*";
    case TRUNC_DIV_EXPR: case EXACT_DIV_EXPR: case RDIV_EXPR: return "/";
    case TRUNC_MOD_EXPR: return "%";
    case BIT_AND_EXPR: return "&";
    case BIT_IOR_EXPR: return "|";
    case BIT_XOR_EXPR: return "^";
    case LSHIFT_EXPR: return "<<";
    case RSHIFT_EXPR: return ">>";
    case LT_EXPR: return "<";
    case LE_EXPR: return "<=";
    case GT_EXPR: return ">";
    case GE_EXPR: return ">=";
    case EQ_EXPR: return "==";
    case NE_EXPR: return "!=";
    case TRUTH_AND_EXPR: case TRUTH_ANDIF_EXPR: return "&&";
    case TRUTH_OR_EXPR: case TRUTH_ORIF_EXPR: return "||";
    default: return NULL;
    }
}

/* Write the memory reference T of a function: an element of a local
   array, or memory a private pointer points to.  */
static void
local_ref (emitter *e, tree t, gimple *stmt)
{
  tree base = TREE_OPERAND (t, 0);
  if (TREE_CODE (t) == ARRAY_REF)
    {
      ocl_text (&e->out, "(");
      ocl_expr (e, base, stmt);
      ocl_text (&e->out, ")[");
      ocl_expr (e, TREE_OPERAND (t, 1), stmt);
      ocl_text (&e->out, "]");
    }
  else if (integer_zerop (TREE_OPERAND (t, 1))
           && TYPE_MAIN_VARIANT (TREE_TYPE (t))
              == TYPE_MAIN_VARIANT (TREE_TYPE (TREE_TYPE (base))))
    {
      ocl_text (&e->out, "(*");
      ocl_expr (e, base, stmt);
      ocl_text (&e->out, ")");
    }
  else
    {
      ocl_text (&e->out, "(*(%s *) ((char *) ",
                ocl_type_of (e, TREE_TYPE (t)));
      ocl_expr (e, base, stmt);
      ocl_text (&e->out, " + %ld))",
                (long) tree_to_shwi (TREE_OPERAND (t, 1)));
    }
}

/* Whether T, in a user-defined operator's combiner or initializer (which
   user_operator translates as part of the loop's own function), is one of
   their placeholders: the kernels hold those privately, even one that is
   an inscan loop's global scan variable.  */
static bool
udr_decl (emitter *e, tree t)
{
  if (e->fn != current_function_decl)
    return false;
  for (unsigned k = 0; k < e->n; k++)
    {
      const scan_item *it = &e->items[k];
      if (t == it->out || t == it->in || t == it->priv || t == it->orig)
        return true;
    }
  return false;
}

/* Write T, an ADDR_EXPR of STMT; false where the kernels have no such
   address.  */
static bool
address_expr (emitter *e, tree t, gimple *stmt)
{
  if (e->local || (VAR_P (TREE_OPERAND (t, 0))
                   && ocl_base_index (e, TREE_OPERAND (t, 0)) < 0
                   && (!is_global_var (TREE_OPERAND (t, 0))
                       || ocl_item_of (e, TREE_OPERAND (t, 0)) >= 0)))
    {
      /* In the loop body too, a local's address is a private
         pointer, and so is an inscan scan variable's.  */
      ocl_text (&e->out, "(&");
      ocl_expr (e, TREE_OPERAND (t, 0), stmt);
      ocl_text (&e->out, ")");
      return true;
    }
  if (!e->local && TREE_CODE (TREE_OPERAND (t, 0)) == ARRAY_REF
      && ocl_base_index (e, TREE_OPERAND (TREE_OPERAND (t, 0), 0)) >= 0)
    {
      /* &a[k] of an array passed by address, as a C++ reference is:
         pointers in the body are offsets into their arrays.  */
      ocl_pointer_offset (e, t, stmt);
      return true;
    }
  if (VAR_P (TREE_OPERAND (t, 0))
      && ocl_base_index (e, TREE_OPERAND (t, 0)) >= 0)
    {
      ocl_text (&e->out, "0L");
      return true;
    }
  return false;
}

/* Refuse a comparison of STMT whose operand A is an array's base
   pointer (`if (w)'): the kernels hold offsets into their arrays, not
   the host's addresses, and would read it as 0.  */
static void
refuse_compared_base (emitter *e, tree a, gimple *stmt)
{
  if (!e->local && (VAR_P (a) || TREE_CODE (a) == PARM_DECL)
      && ocl_base_index (e, a) >= 0)
    ocl_refuse_device (e, gimple_location (stmt), "the loop compares %qD, the "
                       "address of an array, which the kernels do not hold "
                       "(they hold offsets into the arrays)", a);
}

/* Write T, an operation of STMT on its operands; false where it is
   none that OpenCL C has.  */
static bool
operation (emitter *e, tree t, gimple *stmt)
{
  enum tree_code code = TREE_CODE (t);
  switch (code)
    {
    CASE_CONVERT:
    case FLOAT_EXPR:
    case FIX_TRUNC_EXPR:
    /* Fortran's parentheses, which OpenCL C keeps as C does: no
       reassociation across them.  */
    case PAREN_EXPR:
      ocl_text (&e->out, "((%s) ", ocl_type_of (e, TREE_TYPE (t)));
      ocl_expr (e, TREE_OPERAND (t, 0), stmt);
      ocl_text (&e->out, ")");
      return true;
    case NEGATE_EXPR:
    case BIT_NOT_EXPR:
    case TRUTH_NOT_EXPR:
      /* ~ of a boolean (a Fortran .not.) flips its one bit: OpenCL C's ~
         would flip the bits of the int it promotes to.  */
      ocl_text (&e->out, "((%s) %s(", ocl_type_of (e, TREE_TYPE (t)),
                code == NEGATE_EXPR ? "-"
                : code == BIT_NOT_EXPR
                  && TREE_CODE (TREE_TYPE (t)) != BOOLEAN_TYPE ? "~" : "!");
      ocl_expr (e, TREE_OPERAND (t, 0), stmt);
      ocl_text (&e->out, "))");
      return true;
    case ABS_EXPR:
      ocl_text (&e->out, "((%s) (", ocl_type_of (e, TREE_TYPE (t)));
      ocl_expr (e, TREE_OPERAND (t, 0), stmt);
      ocl_text (&e->out, " < 0 ? -");
      ocl_expr (e, TREE_OPERAND (t, 0), stmt);
      ocl_text (&e->out, " : ");
      ocl_expr (e, TREE_OPERAND (t, 0), stmt);
      ocl_text (&e->out, "))");
      return true;
    case MIN_EXPR:
    case MAX_EXPR:
      {
        tree a = TREE_OPERAND (t, 0), b = TREE_OPERAND (t, 1);
        ocl_text (&e->out, "((%s) (", ocl_type_of (e, TREE_TYPE (t)));
        ocl_expr (e, b, stmt);
        ocl_text (&e->out, code == MIN_EXPR ? " < " : " > ");
        ocl_expr (e, a, stmt);
        ocl_text (&e->out, " ? ");
        ocl_expr (e, b, stmt);
        ocl_text (&e->out, " : ");
        ocl_expr (e, a, stmt);
        ocl_text (&e->out, "))");
        return true;
      }
    case COND_EXPR:
      ocl_text (&e->out, "((%s) (", ocl_type_of (e, TREE_TYPE (t)));
      ocl_expr (e, TREE_OPERAND (t, 0), stmt);
      ocl_text (&e->out, " ? ");
      ocl_expr (e, TREE_OPERAND (t, 1), stmt);
      ocl_text (&e->out, " : ");
      ocl_expr (e, TREE_OPERAND (t, 2), stmt);
      ocl_text (&e->out, "))");
      return true;
    default:
      {
        const char *op = binary_op (code);
        if (!op)
          return false;
        if (TREE_CODE_CLASS (code) == tcc_comparison)
          for (unsigned k = 0; k < 2; k++)
            refuse_compared_base (e, TREE_OPERAND (t, k), stmt);
        ocl_text (&e->out, "((%s) (", ocl_type_of (e, TREE_TYPE (t)));
        if (code == POINTER_PLUS_EXPR && e->local)
          {
            /* Byte arithmetic on a private pointer.  */
            ocl_text (&e->out, "(char *) ");
            ocl_expr (e, TREE_OPERAND (t, 0), stmt);
          }
        else if (code == POINTER_PLUS_EXPR)
          ocl_pointer_offset (e, TREE_OPERAND (t, 0), stmt);
        else
          ocl_expr (e, TREE_OPERAND (t, 0), stmt);
        ocl_text (&e->out, " %s ", op);
        ocl_expr (e, TREE_OPERAND (t, 1), stmt);
        ocl_text (&e->out, "))");
        return true;
      }
    }
}

/* Write expression T (a GIMPLE operand or small GENERIC tree) of STMT.  */
void
ocl_expr (emitter *e, tree t, gimple *stmt)
{
  enum tree_code code = TREE_CODE (t);
  switch (code)
    {
    case INTEGER_CST:
    case REAL_CST:
      ocl_constant (e, t);
      return;
    case VAR_DECL:
    case PARM_DECL:
    case RESULT_DECL:
      if (!e->local && ocl_base_index (e, t) >= 0)
        ocl_text (&e->out, "0L");
      else if (e->local && is_global_var (t) && !udr_decl (e, t))
        ocl_refuse (e, gimple_location (stmt), "%qD reads %qD, which is not "
                    "on the OpenCL device; pass its value as an argument",
                    e->fn, t);
      else
        ocl_text (&e->out, "d%u", ocl_id (e, t));
      return;
    case SSA_NAME:
      /* A function's temporaries are SSA names from gimplification on.  */
      ocl_text (&e->out, "t%u", ocl_id (e, t));
      return;
    case MEM_REF:
    case ARRAY_REF:
      if (e->local)
        {
          local_ref (e, t, stmt);
          return;
        }
      if (const scan_access *a = ocl_access_of (e, t, stmt))
        {
          ocl_element (e, *a, stmt);
          return;
        }
      break;
    case COMPONENT_REF:
      ocl_text (&e->out, "(");
      ocl_expr (e, TREE_OPERAND (t, 0), stmt);
      ocl_text (&e->out, ").f%u", ocl_field_index (TREE_OPERAND (t, 1)));
      return;
    case ADDR_EXPR:
      if (address_expr (e, t, stmt))
        return;
      break;
    case CONSTRUCTOR:
      /* `x = {}' zeroes a struct.  */
      if (CONSTRUCTOR_NELTS (t) == 0 && RECORD_OR_UNION_TYPE_P (TREE_TYPE (t)))
        {
          ocl_text (&e->out, "(%s) {0}", ocl_type_of (e, TREE_TYPE (t)));
          return;
        }
      break;
    default:
      if (operation (e, t, stmt))
        return;
      break;
    }
  if (e->local)
    ocl_refuse_device (e, gimple_location (stmt), "%qD computes %qE, which "
                       "cannot be translated to OpenCL C", e->fn, t);
  else
    ocl_refuse_device (e, gimple_location (stmt), e->l->inscan
                       ? "this inscan loop computes %qE, which cannot be "
                         "translated to OpenCL C"
                       : "the %<scan%> loop computes %qE, which cannot be "
                         "translated to OpenCL C", t);
}

/* Write the call S: to a math built-in or to a function of the unit.  In
   the loop body an array element passed by ocl_address (a C++ reference, or
   `this') goes as the address of a private copy.  */
static void
call (emitter *e, gcall *s)
{
  tree fn = gimple_call_fndecl (s);
  if (!fn)
    {
      ocl_refuse (e, gimple_location (s), "%qD calls a function through a "
                  "pointer, which OpenCL C cannot do", e->fn);
      return;
    }
  const char *builtin = scanomp_math_function (fn);
  const char *name = builtin ? builtin
                     : ocl_function_name (e, fn, gimple_location (s));
  unsigned nargs = gimple_call_num_args (s);
  auto_vec<const scan_access *> by_address;
  by_address.safe_grow_cleared (nargs);
  /* A scan clause's update y[i] = f (y[i-1], E), run from the identity,
     yields E itself: no need to call f (the first array's; the others'
     call f).  */
  bool update = !e->local && s == e->items[0].update;
  ocl_text (&e->out, "  {\n");
  if (!e->local)
    for (const scan_access &a : e->l->accesses)
      if (a.stmt == s && a.arg >= (update ? 1 : 0) && !a.store)
        {
          by_address[a.arg] = &a;
          ocl_text (&e->out, "    %s p%d = ", ocl_type_of (e, a.elem_type),
                    a.arg);
          ocl_element (e, a, s);
          ocl_text (&e->out, ";\n");
        }
  tree lhs = gimple_call_lhs (s);
  if (update)
    {
      if (by_address[1])
        ocl_assign (e, s, lhs, NULL_TREE, "p1");
      else
        ocl_assign (e, s, lhs, gimple_call_arg (s, 1), NULL);
      ocl_text (&e->out, "  }\n");
      return;
    }
  ocl_text (&e->out, "    ");
  if (lhs)
    ocl_text (&e->out, "%s c = ", ocl_type_of (e, TREE_TYPE (lhs)));
  ocl_text (&e->out, "%s (", name);
  tree parm = builtin ? NULL_TREE : DECL_ARGUMENTS (fn);
  for (unsigned k = 0; k < nargs; k++, parm = parm ? DECL_CHAIN (parm) : parm)
    {
      tree arg = gimple_call_arg (s, k);
      ocl_text (&e->out, "%s", k ? ", " : "");
      if (by_address[k])
        ocl_text (&e->out, "&p%u", k);
      else if (e->local && parm && POINTER_TYPE_P (TREE_TYPE (parm))
               && POINTER_TYPE_P (TREE_TYPE (arg)))
        {
          /* GIMPLE drops pointer conversions that C makes implicitly, as
             from an array's address to its first element's.  */
          ocl_text (&e->out, "(%s) ", ocl_type_of (e, TREE_TYPE (parm)));
          ocl_expr (e, arg, s);
        }
      else
        ocl_expr (e, arg, s);
    }
  ocl_text (&e->out, ");\n");
  for (unsigned k = 0; k < nargs; k++)
    if (TREE_CODE (gimple_call_arg (s, k)) == ADDR_EXPR)
      ocl_mark_set (e, TREE_OPERAND (gimple_call_arg (s, k), 0));
  /* An inscan loop's elements the call writes go back (see reader.cc).  */
  if (!e->local)
    for (const scan_access &a : e->l->accesses)
      if (a.stmt == s && a.arg >= 0 && a.store)
        {
          char copy[16];
          snprintf (copy, sizeof copy, "p%d", a.arg);
          ocl_text (&e->out, "  ");
          ocl_assign (e, s, a.ref, NULL_TREE, copy);
        }
  if (lhs)
    ocl_assign (e, s, lhs, NULL_TREE, "c");
  ocl_text (&e->out, "  }\n");

}

/* Whether S, in the loop body, is p = &v for a variable v of the
   iteration: the body reads *p as v (see scan_read_through_temporaries),
   and only the sanitizers' checks, which the kernels leave out, read p,
   whose value the kernels could not hold (pointers there are offsets into
   the arrays).  */
static bool
checked_address (emitter *e, gimple *s)
{
  if (e->local || !gimple_assign_single_p (s)
      || TREE_CODE (gimple_assign_rhs1 (s)) != ADDR_EXPR)
    return false;
  tree v = TREE_OPERAND (gimple_assign_rhs1 (s), 0);
  return VAR_P (gimple_assign_lhs (s)) && VAR_P (v) && !is_global_var (v)
         && ocl_base_index (e, v) < 0;
}

/* Write statement S; in CFG form a condition's branches come from its
   block's edges (see functions.cc, cfg_body).  */
void
ocl_statement (emitter *e, gimple *s)
{
  switch (gimple_code (s))
    {
    case GIMPLE_ASSIGN:
      if (gimple_clobber_p (s) || checked_address (e, s))
        return;
      /* Not gimple_assign_rhs_to_tree for a single operand: it may copy
         the operand, and the access records know the operand itself.  */
      ocl_assign (e, s, gimple_assign_lhs (s),
                  gimple_assign_single_p (s) ? gimple_assign_rhs1 (s)
                  : gimple_assign_rhs_to_tree (s), NULL);
      return;
    case GIMPLE_CALL:
      if (!scanomp_sanitizer_call (s))
        call (e, as_a<gcall *> (s));
      return;
    case GIMPLE_COND:
      {
        gcond *c = as_a<gcond *> (s);
        tree t = gimple_cond_true_label (c), f = gimple_cond_false_label (c);
        refuse_compared_base (e, gimple_cond_lhs (c), s);
        refuse_compared_base (e, gimple_cond_rhs (c), s);
        ocl_text (&e->out, "  if (");
        ocl_expr (e, gimple_cond_lhs (c), s);
        ocl_text (&e->out, " %s ", binary_op (gimple_cond_code (c)));
        ocl_expr (e, gimple_cond_rhs (c), s);
        ocl_text (&e->out, ")");
        if (t && f)
          ocl_text (&e->out, " goto L%u; else goto L%u;\n", ocl_id (e, t),
                    ocl_id (e, f));
        return;
      }
    case GIMPLE_LABEL:
      ocl_text (&e->out, " L%u: ;\n",
                ocl_id (e, gimple_label_label (as_a<glabel *> (s))));
      return;
    case GIMPLE_GOTO:
      ocl_text (&e->out, "  goto L%u;\n", ocl_id (e, gimple_goto_dest (s)));
      return;
    case GIMPLE_RETURN:
      {
        tree v = gimple_return_retval (as_a<greturn *> (s));
        ocl_text (&e->out, "  return");
        if (v)
          {
            ocl_text (&e->out, " ");
            ocl_expr (e, v, s);
          }
        ocl_text (&e->out, ";\n");
        return;
      }
    case GIMPLE_NOP:
    case GIMPLE_DEBUG:
    case GIMPLE_PREDICT:
    case GIMPLE_RESX:
      return;
    default:
      ocl_refuse (e, gimple_location (s), "%qD holds a statement that "
                  "cannot be translated to OpenCL C (%s)", e->fn,
                  gimple_code_name[gimple_code (s)]);
      return;
    }
}

/* Translate the statements of SEQ, into binds and the bodies of trys,
   whose cleanups may only end lifetimes.  */
void
ocl_stmt_seq (emitter *e, gimple_seq seq)
{
  scanomp_walk (&seq, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      if (gimple_code (s) == GIMPLE_TRY
          && !scanomp_only_clobbers (gimple_try_cleanup (s)))
        ocl_refuse (e, gimple_location (s), "%qD runs a destructor or handles "
                    "an exception, which OpenCL C cannot do", e->fn);
      if (gimple_code (s) == GIMPLE_BIND || gimple_code (s) == GIMPLE_TRY)
        return WALK_INTO;
      ocl_statement (e, s);
      return WALK_PAST;
    });
}
