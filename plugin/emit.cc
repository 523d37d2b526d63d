/* emit.cc: write a scan loop's body as OpenCL C, for libscanrt's kernel
   templates (templates/scanomp-common.h describes the hooks).

   The body is translated statement by statement from GIMPLE:
   - every variable becomes `d<uid>', declared once; pointers become byte
     offsets from the array they point into (a `long');
   - each array is a kernel parameter triple: the buffer, the runtime's
     byte offset into it, and the host byte offset the buffer starts at;
   - the read of y[i-1] yields the operator's identity and the store to
     y[i] yields the function's result: scanomp_input (k) is then what
     iteration k contributes, E(k), since identity op E = E;
   - SCANOMP_STORE writes the scanned value to y[i].

   Loop-invariant scalars and the loop's first index are passed by value.
   Labels, conditional jumps and gotos are kept as they are: OpenCL C has
   goto.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "diagnostic-core.h"
#include "fold-const.h"
#include "real.h"
#include "hash-set.h"
#include "cfgexpand.h"

#include "scanomp.h"

/* A growing string.  */
struct strbuf
{
  char *s;
  size_t len, cap;
};

static void ATTRIBUTE_PRINTF_2
add (strbuf *b, const char *fmt, ...)
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

struct emitter
{
  scan_loop *l;        /* the first array's analysis, with all arguments */
  scan_loop *items;    /* every array's */
  unsigned n;
  strbuf out;
  bool ok;
};

/* The array of the clause that BASE is, or -1.  */
static int
item_of (emitter *e, tree base)
{
  for (unsigned k = 0; k < e->n; k++)
    if (e->items[k].var == base)
      return k;
  return -1;
}

/* The OpenCL C name of TYPE, or NULL if it has none we can use.  */
const char *
scanomp_cl_type (tree type)
{
  if (POINTER_TYPE_P (type))
    return "long";
  if (TREE_CODE (type) == BOOLEAN_TYPE)
    return "bool";
  if (INTEGRAL_TYPE_P (type))
    {
      bool u = TYPE_UNSIGNED (type);
      switch (TYPE_PRECISION (type))
        {
        case 8: return u ? "uchar" : "char";
        case 16: return u ? "ushort" : "short";
        case 32: return u ? "uint" : "int";
        case 64: return u ? "ulong" : "long";
        default: return NULL;
        }
    }
  if (SCALAR_FLOAT_TYPE_P (type))
    switch (TYPE_PRECISION (type))
      {
      case 32: return "float";
      case 64: return "double";
      default: return NULL;
      }
  return NULL;
}

static const char *
type_of (emitter *e, tree type)
{
  const char *name = scanomp_cl_type (type);
  if (!name)
    {
      if (e->ok)
        error_at (scanomp_where (e->l), "the %<scan%> loop computes with type "
                  "%qT, which OpenCL C lacks; use integer types, %<float%> "
                  "or %<double%>", type);
      e->ok = false;
      return "int";
    }
  return name;
}

/* The index of array DECL among the kernel's parameters.  */
static int
base_index (emitter *e, tree decl)
{
  for (unsigned k = 0; k < e->l->bases.length (); k++)
    if (e->l->bases[k] == decl)
      return k;
  return -1;
}

/* The access record of REF in STMT.  */
static const scan_access *
access_of (emitter *e, tree ref, gimple *stmt)
{
  for (const scan_access &a : e->l->accesses)
    if (a.ref == ref && a.stmt == stmt)
      return &a;
  return NULL;
}

static void expr (emitter *e, tree t, gimple *stmt);

/* The byte offset a pointer-valued operand P stands for.  */
static void
pointer_offset (emitter *e, tree p, gimple *stmt)
{
  if (TREE_CODE (p) == ADDR_EXPR && VAR_P (TREE_OPERAND (p, 0)))
    add (&e->out, "0L");
  else if ((VAR_P (p) || TREE_CODE (p) == PARM_DECL) && base_index (e, p) >= 0)
    add (&e->out, "0L");
  else
    expr (e, p, stmt);
}

/* The address of access A, as a `__global T *'.  */
static void
address (emitter *e, const scan_access &a, gimple *stmt)
{
  int k = base_index (e, a.base);
  add (&e->out, "((__global %s *) (b%d + (long) (b%do - b%dl + ",
       type_of (e, a.elem_type), k, k, k);
  tree ref = a.ref;
  if (TREE_CODE (ref) == MEM_REF)
    {
      pointer_offset (e, TREE_OPERAND (ref, 0), stmt);
      add (&e->out, " + %ldL", (long) tree_to_shwi (TREE_OPERAND (ref, 1)));
    }
  else
    {
      add (&e->out, "(long) ");
      expr (e, TREE_OPERAND (ref, 1), stmt);
      add (&e->out, " * %ldL",
           (long) tree_to_shwi (TYPE_SIZE_UNIT (a.elem_type)));
    }
  add (&e->out, ")))");
}

static void
constant (emitter *e, tree t)
{
  tree type = TREE_TYPE (t);
  if (TREE_CODE (t) == INTEGER_CST)
    {
      const char *ty = type_of (e, type);
      if (POINTER_TYPE_P (type))
        ty = "long";
      if (TYPE_UNSIGNED (type))
        add (&e->out, "((%s) %lluUL)", ty,
             (unsigned long long) TREE_INT_CST_LOW (t));
      else
        {
          long long v = (long long) TREE_INT_CST_LOW (t);
          if (v == LLONG_MIN)
            add (&e->out, "((%s) (-9223372036854775807L - 1))", ty);
          else
            add (&e->out, "((%s) %lldL)", ty, v);
        }
      return;
    }
  const REAL_VALUE_TYPE *r = TREE_REAL_CST_PTR (t);
  const char *ty = type_of (e, type);
  if (real_isnan (r))
    add (&e->out, "((%s) NAN)", ty);
  else if (real_isinf (r))
    add (&e->out, "((%s) %sINFINITY)", ty, real_isneg (r) ? "-" : "");
  else
    {
      char buf[128];
      real_to_hexadecimal (buf, r, sizeof buf, 0, 1);
      add (&e->out, "((%s) %s)", ty, buf);
    }
}

const char *
scanomp_cl_builtin (tree fn)
{
  if (!fn || !fndecl_built_in_p (fn, BUILT_IN_NORMAL))
    return NULL;
  /* OpenCL C overloads these by argument type: sqrtf is sqrt.  */
  switch (DECL_FUNCTION_CODE (fn))
    {
    CASE_FLT_FN (BUILT_IN_SQRT): return "sqrt";
    CASE_FLT_FN (BUILT_IN_FABS): return "fabs";
    CASE_FLT_FN (BUILT_IN_EXP): return "exp";
    CASE_FLT_FN (BUILT_IN_LOG): return "log";
    CASE_FLT_FN (BUILT_IN_SIN): return "sin";
    CASE_FLT_FN (BUILT_IN_COS): return "cos";
    CASE_FLT_FN (BUILT_IN_POW): return "pow";
    CASE_FLT_FN (BUILT_IN_FMIN): return "fmin";
    CASE_FLT_FN (BUILT_IN_FMAX): return "fmax";
    CASE_FLT_FN (BUILT_IN_FLOOR): return "floor";
    CASE_FLT_FN (BUILT_IN_CEIL): return "ceil";
    default: return NULL;
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

/* Write expression T (a GIMPLE operand or small GENERIC tree) of STMT.  */
static void
expr (emitter *e, tree t, gimple *stmt)
{
  enum tree_code code = TREE_CODE (t);
  switch (code)
    {
    case INTEGER_CST:
    case REAL_CST:
      constant (e, t);
      return;
    case VAR_DECL:
    case PARM_DECL:
      if (base_index (e, t) >= 0)
        add (&e->out, "0L");
      else
        add (&e->out, "d%u", DECL_UID (t));
      return;
    case MEM_REF:
    case ARRAY_REF:
      {
        const scan_access *a = access_of (e, t, stmt);
        if (!a)
          break;
        add (&e->out, "(*");
        address (e, *a, stmt);
        add (&e->out, ")");
        return;
      }
    case ADDR_EXPR:
      if (VAR_P (TREE_OPERAND (t, 0)) && base_index (e, TREE_OPERAND (t, 0)) >= 0)
        {
          add (&e->out, "0L");
          return;
        }
      break;
    CASE_CONVERT:
    case FLOAT_EXPR:
    case FIX_TRUNC_EXPR:
      add (&e->out, "((%s) ", type_of (e, TREE_TYPE (t)));
      expr (e, TREE_OPERAND (t, 0), stmt);
      add (&e->out, ")");
      return;
    case NEGATE_EXPR:
    case BIT_NOT_EXPR:
    case TRUTH_NOT_EXPR:
      add (&e->out, "((%s) %s(", type_of (e, TREE_TYPE (t)),
           code == NEGATE_EXPR ? "-" : code == BIT_NOT_EXPR ? "~" : "!");
      expr (e, TREE_OPERAND (t, 0), stmt);
      add (&e->out, "))");
      return;
    case ABS_EXPR:
      add (&e->out, "((%s) (", type_of (e, TREE_TYPE (t)));
      expr (e, TREE_OPERAND (t, 0), stmt);
      add (&e->out, " < 0 ? -");
      expr (e, TREE_OPERAND (t, 0), stmt);
      add (&e->out, " : ");
      expr (e, TREE_OPERAND (t, 0), stmt);
      add (&e->out, "))");
      return;
    case MIN_EXPR:
    case MAX_EXPR:
      {
        tree a = TREE_OPERAND (t, 0), b = TREE_OPERAND (t, 1);
        add (&e->out, "((%s) (", type_of (e, TREE_TYPE (t)));
        expr (e, b, stmt);
        add (&e->out, code == MIN_EXPR ? " < " : " > ");
        expr (e, a, stmt);
        add (&e->out, " ? ");
        expr (e, b, stmt);
        add (&e->out, " : ");
        expr (e, a, stmt);
        add (&e->out, "))");
        return;
      }
    case COND_EXPR:
      add (&e->out, "((%s) (", type_of (e, TREE_TYPE (t)));
      expr (e, TREE_OPERAND (t, 0), stmt);
      add (&e->out, " ? ");
      expr (e, TREE_OPERAND (t, 1), stmt);
      add (&e->out, " : ");
      expr (e, TREE_OPERAND (t, 2), stmt);
      add (&e->out, "))");
      return;
    default:
      {
        const char *op = binary_op (code);
        if (!op)
          break;
        add (&e->out, "((%s) (", type_of (e, TREE_TYPE (t)));
        if (code == POINTER_PLUS_EXPR)
          pointer_offset (e, TREE_OPERAND (t, 0), stmt);
        else
          expr (e, TREE_OPERAND (t, 0), stmt);
        add (&e->out, " %s ", op);
        expr (e, TREE_OPERAND (t, 1), stmt);
        add (&e->out, "))");
        return;
      }
    }
  if (e->ok)
    error_at (gimple_location (stmt), "the %<scan%> loop computes %qE, "
              "which cannot be translated to OpenCL C", t);
  e->ok = false;
}

/* The identity of array L's operator over its element type, as OpenCL
   C.  */
static void
identity (emitter *e, scan_loop *l)
{
  const char *ty = type_of (e, l->type);
  bool fl = SCALAR_FLOAT_TYPE_P (l->type);
  switch (l->op)
    {
    case SCAN_OP_MUL:
    case SCAN_OP_LAND:
      add (&e->out, "((%s) 1)", ty);
      break;
    case SCAN_OP_AND:
      add (&e->out, "((%s) ~(%s) 0)", ty, ty);
      break;
    case SCAN_OP_MIN:
      if (fl)
        add (&e->out, "((%s) INFINITY)", ty);
      else
        constant (e, TYPE_MAX_VALUE (l->type));
      break;
    case SCAN_OP_MAX:
      if (fl)
        add (&e->out, "((%s) -INFINITY)", ty);
      else
        constant (e, TYPE_MIN_VALUE (l->type));
      break;
    default:
      add (&e->out, "((%s) 0)", ty);
      break;
    }
}

static void stmt_seq (emitter *e, gimple_seq seq);

/* Write statement S of the body, in scanomp_input.  */
static void
statement (emitter *e, gimple *s)
{
  switch (gimple_code (s))
    {
    case GIMPLE_ASSIGN:
      {
        tree lhs = gimple_assign_lhs (s);
        const scan_access *a = access_of (e, lhs, s);
        if (a && e->l->inscan)
          {
            /* The scan phase's stores are real, and stream when the
               runtime asks.  */
            add (&e->out, "  scanomp_out (");
            address (e, *a, s);
            add (&e->out, ", ");
            expr (e, gimple_assign_rhs1 (s), s);
            add (&e->out, ");\n");
            return;
          }
        if (a)
          {
            /* The store to y[i]: what the iteration contributes.  */
            int k = item_of (e, a->base);
            if (e->n == 1)
              add (&e->out, "  r = (SCANOMP_T) ");
            else
              add (&e->out, "  r.s%d = (%s) ", k,
                   type_of (e, e->items[k].type));
            expr (e, gimple_assign_rhs1 (s), s);
            add (&e->out, ";\n");
            return;
          }
        add (&e->out, "  d%u = ", DECL_UID (lhs));
        tree rhs1 = gimple_assign_rhs1 (s);
        const scan_access *ld = gimple_assign_single_p (s)
                                  ? access_of (e, rhs1, s) : NULL;
        if (ld && ld->prev)
          identity (e, &e->items[item_of (e, ld->base)]);
        else if (gimple_assign_single_p (s))
          /* Not gimple_assign_rhs_to_tree: it may copy the operand, and
             the access records know the operand itself.  */
          expr (e, rhs1, s);
        else
          expr (e, gimple_assign_rhs_to_tree (s), s);
        add (&e->out, ";\n");
        return;
      }
    case GIMPLE_CALL:
      {
        tree fn = gimple_call_fndecl (s);
        tree lhs = gimple_call_lhs (s);
        add (&e->out, "  ");
        if (lhs)
          add (&e->out, "d%u = ", DECL_UID (lhs));
        add (&e->out, "%s (", scanomp_cl_builtin (fn));
        for (unsigned i = 0; i < gimple_call_num_args (s); i++)
          {
            if (i)
              add (&e->out, ", ");
            expr (e, gimple_call_arg (s, i), s);
          }
        add (&e->out, ");\n");
        return;
      }
    case GIMPLE_COND:
      {
        gcond *c = as_a<gcond *> (s);
        tree t = gimple_cond_true_label (c), f = gimple_cond_false_label (c);
        add (&e->out, "  if (");
        expr (e, gimple_cond_lhs (c), s);
        add (&e->out, " %s ", binary_op (gimple_cond_code (c)));
        expr (e, gimple_cond_rhs (c), s);
        add (&e->out, ") goto L%u; else goto L%u;\n", DECL_UID (t),
             DECL_UID (f));
        return;
      }
    case GIMPLE_LABEL:
      add (&e->out, " L%u: ;\n",
           DECL_UID (gimple_label_label (as_a<glabel *> (s))));
      return;
    case GIMPLE_GOTO:
      add (&e->out, "  goto L%u;\n", DECL_UID (gimple_goto_dest (s)));
      return;
    case GIMPLE_BIND:
      stmt_seq (e, gimple_bind_body (as_a<gbind *> (s)));
      return;
    case GIMPLE_TRY:
      stmt_seq (e, gimple_try_eval (s));
      return;
    default:
      return;
    }
}

static void
stmt_seq (emitter *e, gimple_seq seq)
{
  for (gimple_stmt_iterator g = gsi_start (seq); !gsi_end_p (g); gsi_next (&g))
    statement (e, gsi_stmt (g));
}

/* walk_tree and statement walk: declare every variable the body assigns
   or binds, once.  */
static void
declare_vars (emitter *e, gimple_seq seq, hash_set<tree> *seen)
{
  for (gimple_stmt_iterator g = gsi_start (seq); !gsi_end_p (g); gsi_next (&g))
    {
      gimple *s = gsi_stmt (g);
      tree lhs = NULL_TREE;
      if (is_gimple_assign (s) || is_gimple_call (s))
        lhs = gimple_get_lhs (s);
      if (lhs && (VAR_P (lhs) || TREE_CODE (lhs) == PARM_DECL)
          && !seen->add (lhs))
        add (&e->out, "  %s d%u;\n", type_of (e, TREE_TYPE (lhs)),
             DECL_UID (lhs));
      if (gimple_code (s) == GIMPLE_BIND)
        declare_vars (e, gimple_bind_body (as_a<gbind *> (s)), seen);
      else if (gimple_code (s) == GIMPLE_TRY)
        declare_vars (e, gimple_try_eval (s), seen);
    }
}

/* Declare the variables of SEQ (adding them to SEEN) and the loop index,
   and set the index from the launch position k.  */
static void
function_start (emitter *e, gimple_seq seq, hash_set<tree> *seen)
{
  scan_loop *l = e->l;
  declare_vars (e, seq, seen);
  if (!seen->add (l->iv))
    add (&e->out, "  %s d%u;\n", type_of (e, TREE_TYPE (l->iv)),
         DECL_UID (l->iv));
  add (&e->out, "  d%u = (%s) (lbv + k * %dL);\n", DECL_UID (l->iv),
       type_of (e, TREE_TYPE (l->iv)), l->step);
}

/* Declare, if SEEN lacks them, and set the scan variables of an inscan
   loop: to their identities (FROM null) or to the fields of FROM.  */
static void
set_scan_vars (emitter *e, hash_set<tree> *seen, const char *from)
{
  for (unsigned k = 0; k < e->n; k++)
    {
      scan_loop *it = &e->items[k];
      if (!seen->add (it->var))
        add (&e->out, "  %s d%u;\n", type_of (e, it->type),
             DECL_UID (it->var));
      add (&e->out, "  d%u = ", DECL_UID (it->var));
      if (!from)
        identity (e, it);
      else if (e->n == 1)
        add (&e->out, "%s", from);
      else
        add (&e->out, "%s.s%u", from, k);
      add (&e->out, ";\n");
    }
}

/* An inscan loop's hooks: scanomp_input runs the input phase from the
   identities and returns the variables; scanomp_output runs the scan
   phase from the prefix V.  */
static void
inscan_functions (emitter *e)
{
  scan_loop *l = e->l;
  /* SCANOMP_STREAM comes as a -D option, before this head; the
     template's own SCANOMP_STREAM_STORE is defined only after it.  */
  add (&e->out, "#if defined SCANOMP_STREAM && SCANOMP_STREAM "
       "&& defined __has_builtin\n#if __has_builtin "
       "(__builtin_nontemporal_store)\n#define scanomp_out(p, v) "
       "__builtin_nontemporal_store ((v), (p))\n#endif\n#endif\n"
       "#ifndef scanomp_out\n#define scanomp_out(p, v) (*(p) = (v))\n"
       "#endif\n");
  add (&e->out, "static SCANOMP_T\nscanomp_input (long k, SCANOMP_PARAMS)\n"
       "{\n  SCANOMP_T r;\n");
  hash_set<tree> seen;
  function_start (e, l->input, &seen);
  set_scan_vars (e, &seen, NULL);
  stmt_seq (e, l->input);
  for (unsigned k = 0; k < e->n; k++)
    if (e->n == 1)
      add (&e->out, "  r = d%u;\n", DECL_UID (e->items[k].var));
    else
      add (&e->out, "  r.s%u = d%u;\n", k, DECL_UID (e->items[k].var));
  add (&e->out, "  return r;\n}\n\nstatic void\nscanomp_output (long k, "
       "SCANOMP_T v, SCANOMP_PARAMS)\n{\n");
  hash_set<tree> seen_out;
  function_start (e, l->output, &seen_out);
  set_scan_vars (e, &seen_out, "v");
  stmt_seq (e, l->output);
  add (&e->out, "}\n");
}

/* The kernel parameters and their names, in the order lower.cc passes the
   arguments: per array its buffer, offset and host start; the first index;
   the scalars.  */
/* Combine A and B (OpenCL C expressions) with array L's operator, as the
   templates' built-in operators do.  */
static void
combine (emitter *e, scan_loop *l, const char *a, const char *b)
{
  const char *t = type_of (e, l->type);
  const char *ut = !INTEGRAL_TYPE_P (l->type) ? t
                   : TYPE_PRECISION (l->type) > 32 ? "ulong" : "uint";
  switch (l->op)
    {
    case SCAN_OP_ADD:
    case SCAN_OP_SUB:
    case SCAN_OP_MUL:
      add (&e->out, "(%s) ((%s) %s %s (%s) %s)", t, ut, a,
           l->op == SCAN_OP_MUL ? "*" : "+", ut, b);
      break;
    case SCAN_OP_MIN:
    case SCAN_OP_MAX:
      add (&e->out, "(%s %s %s ? %s : %s)", b,
           l->op == SCAN_OP_MIN ? "<" : ">", a, b, a);
      break;
    default:
      add (&e->out, "(%s) (%s %s %s)", t, a, scanomp_op_spelling (l->op), b);
      break;
    }
}

/* The element type, operator and identity of a clause with several
   arrays: a struct of one field per array, combined field by field.  */
static void
multi_type (emitter *e)
{
  add (&e->out, "typedef struct {");
  for (unsigned k = 0; k < e->n; k++)
    add (&e->out, " %s s%u;", type_of (e, e->items[k].type), k);
  add (&e->out, " } scanomp_multi;\n#define SCANOMP_T scanomp_multi\n"
       "#define SCANOMP_OP 11\n"
       "static scanomp_multi\nscanomp_combine (scanomp_multi a, "
       "scanomp_multi b)\n{\n  scanomp_multi r;\n");
  for (unsigned k = 0; k < e->n; k++)
    {
      char a[16], b[16];
      snprintf (a, sizeof a, "a.s%u", k);
      snprintf (b, sizeof b, "b.s%u", k);
      add (&e->out, "  r.s%u = ", k);
      combine (e, &e->items[k], a, b);
      add (&e->out, ";\n");
    }
  add (&e->out, "  return r;\n}\n#define SCANOMP_COMBINE(a, b) "
       "scanomp_combine ((a), (b))\n"
       "static scanomp_multi\nscanomp_identity (void)\n{\n"
       "  scanomp_multi r;\n");
  for (unsigned k = 0; k < e->n; k++)
    {
      add (&e->out, "  r.s%u = ", k);
      identity (e, &e->items[k]);
      add (&e->out, ";\n");
    }
  add (&e->out, "  return r;\n}\n#define SCANOMP_IDENTITY scanomp_identity ()\n");
}

/* The address of array K's element at position I of the launch (an
   OpenCL C expression), where it stores its scanned value.  */
static void
store_address (emitter *e, unsigned k, const char *type)
{
  scan_loop *l = &e->items[k];
  const scan_access &st = l->accesses[l->store];
  int b = base_index (e, l->var);
  add (&e->out, "(__global %s *) (b%d + (long) (b%do - b%dl + %ldL * "
       "(lbv + (i) * %dL) + (long) ", type, b, b, b, (long) st.coef,
       l->step);
  expr (e, fold_convert (ssizetype, st.rest), st.stmt);
  add (&e->out, "))");
}

static void
params (emitter *e, bool declarations)
{
  scan_loop *l = e->l;
  for (unsigned k = 0; k < l->bases.length (); k++)
    {
      if (declarations)
        add (&e->out, "%s__global char *b%u, ulong b%uo, long b%ul",
             k ? ", " : "", k, k, k);
      else
        add (&e->out, "%sb%u, b%uo, b%ul", k ? ", " : "", k, k, k);
    }
  add (&e->out, declarations ? ", long lbv" : ", lbv");
  for (tree s : l->scalars)
    {
      if (declarations)
        add (&e->out, ", %s d%u", type_of (e, TREE_TYPE (s)), DECL_UID (s));
      else
        add (&e->out, ", d%u", DECL_UID (s));
    }
}

char *
scanomp_emit (scan_loop *items, unsigned n)
{
  emitter e;
  scan_loop *l = &items[0];
  e.l = l;
  e.items = items;
  e.n = n;
  e.out.s = NULL;
  e.out.len = e.out.cap = 0;
  e.ok = true;
  expanded_location where = expand_location (scanomp_where (l));

  add (&e.out, "/* scanomp: %s(", l->inscan ? "reduction (inscan, " : "scan");
  for (unsigned k = 0; k < n; k++)
    add (&e.out, "%s%s: %s", k ? ", " : "", scanomp_op_spelling (items[k].op),
         items[k].var_name);
  add (&e.out, ") at %s:%d */\n", where.file, where.line);
  add (&e.out, "#ifdef cl_khr_fp64\n"
       "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n#endif\n");
  if (n == 1)
    {
      add (&e.out, "#define SCANOMP_T %s\n", type_of (&e, l->type));
      if (INTEGRAL_TYPE_P (l->type))
        add (&e.out, "#define SCANOMP_UT %s\n",
             TYPE_PRECISION (l->type) > 32 ? "ulong" : "uint");
      add (&e.out, "#define SCANOMP_T_MIN ");
      if (INTEGRAL_TYPE_P (l->type))
        constant (&e, TYPE_MIN_VALUE (l->type));
      else
        add (&e.out, "(-INFINITY)");
      add (&e.out, "\n#define SCANOMP_T_MAX ");
      if (INTEGRAL_TYPE_P (l->type))
        constant (&e, TYPE_MAX_VALUE (l->type));
      else
        add (&e.out, "INFINITY");
      /* `-': the body, run from the identity, already yields the negated
         element; the partial results then combine with +.  */
      add (&e.out, "\n#define SCANOMP_OP %d\n",
           l->op == SCAN_OP_SUB ? SCAN_OP_ADD : l->op);
    }
  else
    multi_type (&e);
  add (&e.out, "#define SCANOMP_PARAMS ");
  params (&e, true);
  add (&e.out, "\n#define SCANOMP_ARGS ");
  params (&e, false);
  add (&e.out, "\n#define SCANOMP_LOAD(i) scanomp_input ((i), SCANOMP_ARGS)\n");

  /* SCANOMP_STORE: each array's element at byte offset size * i + rest;
     streaming where the runtime asks (one array only: structs do not
     stream).  */
  if (l->inscan)
    add (&e.out, "#define SCANOMP_STORE(i, v) scanomp_output ((i), (v), "
         "SCANOMP_ARGS)\n\n");
  else if (n == 1)
    {
      add (&e.out, "#define SCANOMP_STORE(i, v) SCANOMP_STREAM_STORE (");
      store_address (&e, 0, "SCANOMP_T");
      add (&e.out, ", (v))\n\n");
    }
  else
    {
      add (&e.out, "#define SCANOMP_STORE(i, v) do { scanomp_multi v_s = "
           "(v);");
      for (unsigned k = 0; k < n; k++)
        {
          add (&e.out, " *");
          store_address (&e, k, type_of (&e, items[k].type));
          add (&e.out, " = v_s.s%u;", k);
        }
      add (&e.out, " } while (0)\n\n");
    }

  if (l->inscan)
    inscan_functions (&e);
  else
    {
      add (&e.out, "static SCANOMP_T\nscanomp_input (long k, "
           "SCANOMP_PARAMS)\n{\n  SCANOMP_T r");
      if (n == 1)
        {
          add (&e.out, " = ");
          identity (&e, l);
        }
      else
        add (&e.out, " = scanomp_identity ()");
      add (&e.out, ";\n");
      hash_set<tree> seen;
      function_start (&e, gimple_omp_body (l->loop), &seen);
      stmt_seq (&e, gimple_omp_body (l->loop));
      add (&e.out, "  return r;\n}\n");
    }

  if (!e.ok)
    {
      free (e.out.s);
      return NULL;
    }
  return e.out.s;
}
