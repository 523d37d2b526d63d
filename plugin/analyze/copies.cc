/* SPDX-License-Identifier: GPL-3.0-or-later */
/* copies.cc: the variables that clauses give each iteration of a scan
   loop a copy of, and the reductions beside a scan clause or an inscan
   loop's own, for the scan clause and inscan loops alike.  The kernels
   hold them as follows:
   - private: a local of the hooks' own, uninitialized;
   - firstprivate: a by-value parameter, which the hooks may set;
   - lastprivate: one more value of the scan, a struct of whether an
     iteration set the variable and the value the last one that did gave
     it (op SCAN_OP_LAST: see scanomp_last_type); the host assigns the
     variable only when the total says an iteration set it;
   - a reduction beside the scan clause: one more value of the scan, with
     the reduction's operator, seeded with the variable's value before the
     loop; the variable ends with the total.
   The input hook yields the last two for each iteration without knowing
   any prefix of the scan, so scan_set_from_prefix finds a statement that
   may set one from a prefix, which makes the variable late (loop.h): the
   host path's scan function, which knows the prefix, finds it, and no
   kernel does; so does a reduction beside an inscan loop's own.  It is
   a taint analysis over the phase's statements, through values, memory
   and the branches that decide whether a statement runs (control
   dependence), flow-sensitive where the phase has no loop of its own.
   The same analysis finds, for scan_output_from_prev, a scan-phase store
   that the output hook, which runs the body from the identity, would
   give a wrong value, and the host path alone makes.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "langhooks.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "diagnostic-core.h"
#include "fold-const.h"
#include "omp-general.h"

#include "analyze/reader.h"

/* The scan operator of reduction code CODE, or SCAN_OP_NONE.  */
enum scan_op
scan_reduction_op (enum tree_code code)
{
  switch (code)
    {
    case PLUS_EXPR: return SCAN_OP_ADD;
    case MINUS_EXPR: return SCAN_OP_SUB;
    case MULT_EXPR: return SCAN_OP_MUL;
    case BIT_AND_EXPR: return SCAN_OP_AND;
    case BIT_IOR_EXPR: return SCAN_OP_OR;
    case BIT_XOR_EXPR: return SCAN_OP_XOR;
    case TRUTH_ANDIF_EXPR: return SCAN_OP_LAND;
    case TRUTH_ORIF_EXPR: return SCAN_OP_LOR;
    case MIN_EXPR: return SCAN_OP_MIN;
    case MAX_EXPR: return SCAN_OP_MAX;
    default: return SCAN_OP_NONE;
    }
}

/* Why the kernels cannot hold a variable of TYPE, a type OpenCL C has,
   or NULL: for scan variables and the copies clauses make alike.  */
const char *
scan_held_problem (tree type)
{
  /* Fortran's logicals are held as the unsigned integers of their sizes
     (types.cc).  */
  if (TREE_CODE (type) == BOOLEAN_TYPE && !lang_GNU_Fortran ())
    return "a _Bool, whose size OpenCL C leaves open";
  /* A class with a user-defined copy or destructor, whose copies the
     kernels make bit by bit (rewrite/bitwise.cc).  */
  tree fn;
  const char *why = TREE_ADDRESSABLE (type)
                    ? scan_bitwise_problem (type, &fn) : NULL;
  if (!why)
    return NULL;
  static char *text;
  free (text);
  text = fn ? xasprintf ("of %s (%s), where the kernels copy bit by bit; "
                         "make each copy copy each field and the "
                         "destructor do nothing, or the class trivially "
                         "copyable", why,
                         lang_hooks.decl_printable_name (fn, 2))
            : xasprintf ("of %s, where the kernels copy bit by bit; make "
                         "the class trivially copyable", why);
  return text;
}

/* Why the kernels cannot hold a copy of DECL, which a clause privatizes,
   or NULL.  */
const char *
scan_copy_problem (tree decl)
{
  tree type = TREE_TYPE (decl);
  if (!VAR_P (decl) && TREE_CODE (decl) != PARM_DECL)
    return "not a variable";
  if (TREE_CODE (type) == REFERENCE_TYPE)
    return "a reference";
  if (!RECORD_OR_UNION_TYPE_P (type)
      && !((INTEGRAL_TYPE_P (type) || SCALAR_FLOAT_TYPE_P (type))
           && scanomp_device_scalar (type)))
    return "of a type OpenCL C lacks";
  return scan_held_problem (type);
}

/* The variable whose part T is (a field, an element), or NULL_TREE: the
   gimplifier's SSA names (when optimizing) too.  */
static tree
var_of (tree t)
{
  while (handled_component_p (t))
    t = TREE_OPERAND (t, 0);
  return VAR_P (t) || TREE_CODE (t) == PARM_DECL || TREE_CODE (t) == SSA_NAME
         ? t : NULL_TREE;
}

/* Call FN (variable, DATA) for each variable S may set: its left-hand
   side's, and a call's by address.  */
static void
for_each_set (gimple *s, void (*fn) (tree, void *), void *data)
{
  if (!is_gimple_assign (s) && !is_gimple_call (s))
    return;
  if (tree v = gimple_get_lhs (s) ? var_of (gimple_get_lhs (s)) : NULL_TREE)
    fn (v, data);
  if (is_gimple_call (s))
    for (unsigned k = 0; k < gimple_call_num_args (s); k++)
      {
        tree a = gimple_call_arg (s, k);
        if (TREE_CODE (a) == ADDR_EXPR)
          if (tree v = var_of (TREE_OPERAND (a, 0)))
            fn (v, data);
      }
}

/* Flatten SEQ's statements, through binds and the bodies of tries (whose
   cleanups are clobbers), into OUT.  */
static void
flatten (gimple_seq seq, vec<gimple *> *out)
{
  for (gimple_stmt_iterator g = gsi_start (seq); !gsi_end_p (g); gsi_next (&g))
    if (gbind *b = dyn_cast<gbind *> (gsi_stmt (g)))
      flatten (gimple_bind_body (b), out);
    else if (gimple_code (gsi_stmt (g)) == GIMPLE_TRY)
      flatten (gimple_try_eval (gsi_stmt (g)), out);
    else
      out->safe_push (gsi_stmt (g));
}

/* A phase's flattened statements as a graph: each goes on to the next,
   but gotos and conditions, which go to their labels; past the last is
   the end.  */
struct flow
{
  auto_vec<gimple *> stmts;
  hash_map<tree, unsigned> labels;
  bool cyclic;                /* a jump goes back, or somewhere unknown */
};

/* The statement label LAB starts, or the end when it is not in F.  */
static unsigned
target (flow *f, tree lab)
{
  unsigned *at = lab && TREE_CODE (lab) == LABEL_DECL ? f->labels.get (lab)
                                                       : NULL;
  if (!at)
    f->cyclic = true;
  return at ? *at : f->stmts.length ();
}

/* The successors of statement I into OUT; returns how many.  */
static unsigned
successors (flow *f, unsigned i, unsigned out[2])
{
  gimple *s = f->stmts[i];
  if (gcond *c = dyn_cast<gcond *> (s))
    {
      out[0] = target (f, gimple_cond_true_label (c));
      out[1] = target (f, gimple_cond_false_label (c));
      return 2;
    }
  if (ggoto *g = dyn_cast<ggoto *> (s))
    {
      out[0] = target (f, gimple_goto_dest (g));
      return 1;
    }
  out[0] = i + 1;
  return 1;
}

static void
flow_init (flow *f, gimple_seq seq)
{
  flatten (seq, &f->stmts);
  f->cyclic = false;
  for (unsigned i = 0; i < f->stmts.length (); i++)
    if (glabel *lab = dyn_cast<glabel *> (f->stmts[i]))
      f->labels.put (gimple_label_label (lab), i);
  for (unsigned i = 0; i < f->stmts.length (); i++)
    {
      unsigned out[2];
      for (unsigned k = successors (f, i, out); k-- > 0;)
        if (out[k] <= i)
          f->cyclic = true;
    }
}

/* Whether a path from statement FROM reaches statement TO (or the end,
   TO being the number of statements) without passing AVOID.  */
static bool
reaches (flow *f, unsigned from, unsigned to, unsigned avoid)
{
  auto_vec<unsigned> work;
  auto_sbitmap seen (f->stmts.length () + 1);
  bitmap_clear (seen);
  work.safe_push (from);
  while (!work.is_empty ())
    {
      unsigned i = work.pop ();
      if (i == avoid || bitmap_bit_p (seen, i))
        continue;
      bitmap_set_bit (seen, i);
      if (i == to)
        return true;
      if (i == f->stmts.length ())
        continue;
      unsigned out[2];
      for (unsigned k = successors (f, i, out); k-- > 0;)
        work.safe_push (out[k]);
    }
  return false;
}

/* Whether condition C of acyclic F decides whether statement S runs:
   every path to the end from one of C's successors passes S, and some
   path from the other does not (S is control dependent on C).  */
static bool
decides (flow *f, unsigned c, unsigned s)
{
  unsigned out[2];
  successors (f, c, out);
  unsigned end = f->stmts.length ();
  return reaches (f, out[0], end, s) != reaches (f, out[1], end, s);
}

/* The array (or pointer) a memory reference T of the loop reads or
   writes, as the reader recorded it, or NULL_TREE.  */
static tree
array_of (scan_loop *l, tree t)
{
  for (const scan_access &a : l->accesses)
    if (a.ref == t)
      return a.base;
  while (handled_component_p (t))
    t = TREE_OPERAND (t, 0);
  return VAR_P (t) ? t : NULL_TREE;
}

/* What depends on the prefixes of the scan (an inscan loop's scan
   variables, the elements of a scan clause's arrays): variables, and the
   arrays stored to.  The kernels then assume that distinct arrays do not
   overlap, and the host checks it (see lower.cc).  */
struct taint
{
  scan_loop *l;
  hash_set<tree> *vars;       /* where the statement at hand is */
  hash_set<tree> arrays;
  bool all;                   /* a store the reader did not place */
  hash_set<gimple *> seeds;   /* statements that use a tainted value */
  hash_set<tree> untainted;   /* arrays whose stores taint nothing */
  bool grew;                  /* the memory tainted (and VARS, when
                                 VARS_GROW) grew */
  bool vars_grow;
};

/* Note that memory reference REF may hold a tainted value.  */
static void
taint_memory (taint *t, tree ref)
{
  tree a = array_of (t->l, ref);
  if (a && t->untainted.contains (a))
    return;
  if (a ? !t->arrays.add (a) : !t->all)
    t->grew = true;
  if (!a)
    t->all = true;
}

/* walk_tree callback: a use of a tainted value.  */
static tree
find_tainted (tree *tp, int *walk_subtrees, void *data)
{
  taint *t = (taint *) data;
  tree x = *tp;
  if (TYPE_P (x))
    *walk_subtrees = 0;
  else if (t->vars->contains (x))
    return x;
  else if (TREE_CODE (x) == MEM_REF || TREE_CODE (x) == ARRAY_REF)
    {
      tree a = array_of (t->l, x);
      if (t->all || (a ? t->arrays.contains (a) : !t->arrays.is_empty ()))
        return x;
    }
  return NULL_TREE;
}

static void
add_tainted (tree v, void *data)
{
  taint *t = (taint *) data;
  if (t->untainted.contains (v))
    return;
  if (!t->vars->add (v) && t->vars_grow)
    t->grew = true;
}

/* Whether the address of memory reference REF is computed from a
   tainted value: an index, or the pointer it goes through (`out[c]',
   `*p' with p tainted), not the memory itself.  */
static bool
address_tainted (tree ref, taint *t)
{
  for (; handled_component_p (ref); ref = TREE_OPERAND (ref, 0))
    if (TREE_CODE (ref) == ARRAY_REF || TREE_CODE (ref) == ARRAY_RANGE_REF)
      for (unsigned k = 1; k < 4; k++)
        if (TREE_OPERAND (ref, k)
            && walk_tree (&TREE_OPERAND (ref, k), find_tainted, t, NULL))
          return true;
  return ((TREE_CODE (ref) == MEM_REF || TREE_CODE (ref) == TARGET_MEM_REF)
          && walk_tree (&TREE_OPERAND (ref, 0), find_tainted, t, NULL));
}

/* Whether S uses a tainted value, other than as the memory or variable
   it stores to: the address it stores to counts.  */
static bool
uses_tainted (gimple *s, taint *t)
{
  if (scanomp_sanitizer_call (s))
    return false;
  if (t->seeds.contains (s))
    return true;
  unsigned first = is_gimple_assign (s) || is_gimple_call (s) ? 1 : 0;
  for (unsigned k = first; k < gimple_num_ops (s); k++)
    if (gimple_op (s, k) && walk_tree (gimple_op_ptr (s, k), find_tainted, t,
                                       NULL))
      return true;
  tree lhs = first ? gimple_get_lhs (s) : NULL_TREE;
  return lhs && !var_of (lhs) && address_tainted (lhs, t);
}

/* S uses a tainted value: what it sets is tainted too, the variables and
   the memory it stores to or passes by address.  */
static void
taint_sets (gimple *s, taint *t)
{
  tree lhs = gimple_get_lhs (s);
  if (lhs && !var_of (lhs))
    taint_memory (t, lhs);
  if (is_gimple_call (s))
    for (unsigned k = 0; k < gimple_call_num_args (s); k++)
      {
        tree a = gimple_call_arg (s, k);
        if (TREE_CODE (a) == ADDR_EXPR && !var_of (TREE_OPERAND (a, 0)))
          taint_memory (t, TREE_OPERAND (a, 0));
      }
  for_each_set (s, add_tainted, t);
}

/* One pass over acyclic F in order: the variables tainted where each
   statement starts, the statements DIRTY (that use a tainted value, or
   that a condition on one decides whether to run), and the variables
   tainted at the end, into END.  */
static void
forward (flow *f, taint *t, const vec<tree> &seeds, vec<bool> *dirty,
         hash_set<tree> *end)
{
  unsigned n = f->stmts.length ();
  auto_vec<hash_set<tree> *> at;
  for (unsigned i = 0; i <= n; i++)
    at.safe_push (new hash_set<tree>);
  for (tree v : seeds)
    at[0]->add (v);
  for (unsigned i = 0; i < n; i++)
    {
      gimple *s = f->stmts[i];
      t->vars = at[i];
      if (uses_tainted (s, t))
        (*dirty)[i] = true;
      /* What a dirty condition decides is dirty too, and so on down.  */
      if ((*dirty)[i] && gimple_code (s) == GIMPLE_COND)
        for (unsigned j = i + 1; j < n; j++)
          if (decides (f, i, j))
            (*dirty)[j] = true;
      /* What S sets is tainted after a dirty S, and clean again after a
         clean S that sets a whole variable.  */
      tree lhs = gimple_get_lhs (s);
      if ((*dirty)[i])
        taint_sets (s, t);
      else if (lhs && var_of (lhs) == lhs)
        at[i]->remove (lhs);
      unsigned out[2];
      for (unsigned k = successors (f, i, out); k-- > 0;)
        for (tree v : *at[i])
          at[out[k]]->add (v);
    }
  end->empty ();
  for (tree v : *at[n])
    end->add (v);
  for (hash_set<tree> *h : at)
    delete h;
}

/* The statements of F that T's seeds make dirty, into DIRTY (see
   forward), VARS being tainted at the start; the variables tainted at the
   end into END.  */
static void
dirty_statements (flow *f, taint *t, const vec<tree> &vars,
                  vec<bool> *dirty, hash_set<tree> *end)
{
  t->vars_grow = f->cyclic;
  dirty->safe_grow_cleared (f->stmts.length ());
  /* To a fixpoint of the memory tainted (and for a cyclic phase, which is
     taken as a whole, of the variables too).  */
  do
    {
      t->grew = false;
      if (!f->cyclic)
        {
          forward (f, t, vars, dirty, end);
          continue;
        }
      t->vars = end;
      for (tree v : vars)
        end->add (v);
      for (unsigned i = 0; i < f->stmts.length (); i++)
        if (uses_tainted (f->stmts[i], t))
          {
            (*dirty)[i] = true;
            taint_sets (f->stmts[i], t);
            if (gimple_code (f->stmts[i]) == GIMPLE_COND)
              for (unsigned j = 0; j < f->stmts.length (); j++)
                {
                  (*dirty)[j] = true;
                  taint_sets (f->stmts[j], t);
                }
          }
    }
  while (t->grew);
}

gimple *
scan_set_from_prefix (scan_loop *l, gimple_seq seq, const vec<tree> &vars,
                      const vec<tree> &arrays, const vec<tree> &last,
                      bool *sets, tree *which, vec<gimple *> *each)
{
  flow f;
  flow_init (&f, seq);
  hash_set<tree> end;
  taint t;
  t.l = l;
  t.all = false;
  for (tree a : arrays)
    t.arrays.add (a);
  auto_vec<bool> dirty;
  dirty_statements (&f, &t, vars, &dirty, &end);
  /* A variable of LAST tainted at the end, where a dirty statement sets
     it (any that does, failing one).  */
  *sets = false;
  gimple *found = NULL;
  bool found_dirty = false;
  if (each)
    {
      each->truncate (0);
      each->safe_grow_cleared (last.length ());
    }
  for (unsigned i = 0; i < f.stmts.length (); i++)
    {
      hash_set<tree> set;
      for_each_set (f.stmts[i],
                    [] (tree v, void *d) { ((hash_set<tree> *) d)->add (v); },
                    &set);
      for (unsigned k = 0; k < last.length (); k++)
        {
          tree z = last[k];
          if (!set.contains (z))
            continue;
          if (!end.contains (z))
            {
              *sets = true;
              continue;
            }
          if (each && (!(*each)[k] || dirty[i]))
            (*each)[k] = f.stmts[i];
          if (!found || (dirty[i] && !found_dirty))
            {
              found = f.stmts[i];
              found_dirty = dirty[i];
              *which = z;
            }
        }
    }
  return found;
}

gimple *
scan_output_from_prev (scan_loop *l, const scan_item *it)
{
  flow f;
  flow_init (&f, gimple_omp_body (l->loop));
  taint t;
  t.l = l;
  t.all = false;
  t.untainted.add (it->var);
  for (const scan_access &a : l->accesses)
    if (a.prev)
      t.seeds.add (a.stmt);
  auto_vec<bool> dirty;
  hash_set<tree> end;
  auto_vec<tree> none;
  dirty_statements (&f, &t, none, &dirty, &end);
  for (unsigned i = 0; i < f.stmts.length (); i++)
    if (dirty[i])
      for (const scan_access &a : l->accesses)
        if (a.output && a.stmt == f.stmts[i])
          return a.stmt;
  return NULL;
}

/* Push DECL on V unless it is there.  */
static void
push_once (vec<tree> *v, tree decl)
{
  if (!v->contains (decl))
    v->safe_push (decl);
}

/* scan_find_clause's callback: gather C into DATA, a struct
   scan_copies; stop at a clause whose value the kernels do not compute:
   linear of a variable other than the index IV, and ordered.  */
static bool
gather (tree c, tree iv, void *data)
{
  scan_copies *p = (scan_copies *) data;
  tree decl = OMP_CLAUSE_DECL (c);
  switch (OMP_CLAUSE_CODE (c))
    {
    case OMP_CLAUSE_PRIVATE:
      /* GCC's own clause on a VLA, for its debug information: the body
         reaches the array through the pointer its value names, which a
         firstprivate clause copies.  */
      if (decl != iv && !OMP_CLAUSE_PRIVATE_DEBUG (c))
        push_once (&p->priv, decl);
      return false;
    case OMP_CLAUSE_FIRSTPRIVATE:
      push_once (&p->first, decl);
      return false;
    case OMP_CLAUSE_LASTPRIVATE:
      if (decl != iv)
        push_once (&p->last, decl);
      return false;
    case OMP_CLAUSE_REDUCTION:
      /* Beside a scan clause or an inscan loop's own (which it reads
         itself); GCC puts a combined construct's reduction on each of
         its loops.  */
      if (!OMP_CLAUSE_REDUCTION_INSCAN (c)
          && !(p->clause && scan_is_probe (c, p->clause)))
        {
          for (tree r : p->reductions)
            if (OMP_CLAUSE_DECL (r) == decl)
              return false;
          p->reductions.safe_push (c);
        }
      return false;
    case OMP_CLAUSE_LINEAR:
      return decl != iv;
    case OMP_CLAUSE_ORDERED:
      return true;
    default:
      return false;
    }
}

tree
scan_gather_copies (gimple *construct, tree iv, scan_copies *cp)
{
  return scan_find_clause (construct, iv, gather, cp);
}

/* Why the kernels cannot carry the variable of reduction clause C, of
   TYPE (for a C++ reference, the type it refers to), or NULL.  */
const char *
scan_reduction_problem (tree c, tree type)
{
  bool user = OMP_CLAUSE_REDUCTION_PLACEHOLDER (c) != NULL_TREE;
  if (!DECL_P (OMP_CLAUSE_DECL (c)))
    return "not a variable";
  if (OMP_CLAUSE_REDUCTION_TASK (c))
    return "a task reduction";
  if (user ? !(RECORD_OR_UNION_TYPE_P (type) || scanomp_device_scalar (type))
      : (!(INTEGRAL_TYPE_P (type) || SCALAR_FLOAT_TYPE_P (type))
         || !scanomp_device_scalar (type)))
    return "of a type OpenCL C lacks";
  if (const char *why = scan_held_problem (type))
    return why;
  tree ctor = user ? scanomp_udr_constructor (c) : NULL_TREE;
  if (ctor && !scan_constructed (ctor, OMP_CLAUSE_DECL (c)))
    return "of a class whose default constructor, which starts each "
           "iteration's copy, does more than store a constant in each "
           "field";
  if (!user
      && scan_reduction_op (OMP_CLAUSE_REDUCTION_CODE (c)) == SCAN_OP_NONE)
    return "reduced by an operator without an OpenCL kernel";
  return NULL;
}

/* Make IT, one more item of a loop's kernels, carry lastprivate
   variable Z.  */
void
scan_last_item (scan_item *it, tree z)
{
  it->type = scanomp_last_type (TREE_TYPE (z));
  it->var = create_tmp_var_raw (it->type, "scan_last");
  it->host_var = it->in = z;
  it->var_name = IDENTIFIER_POINTER (DECL_NAME (z));
  it->op = SCAN_OP_LAST;
}

/* Before reader R reads L's body: the private and lastprivate variables
   of CP are locals of the hooks' own (L->privates), and R lets the body
   set them, and the firstprivate and reduction ones, a field at a
   time.  */
void
scan_private_copies (scan_loop *l, reader *r, const scan_copies *cp)
{
  for (tree v : cp->priv)
    push_once (&l->privates, v);
  for (tree z : cp->last)
    if (!cp->first.contains (z))
      push_once (&l->privates, z);
  for (tree v : l->privates)
    r->privates.add (v);
  for (tree v : cp->first)
    r->privates.add (v);
  for (tree c : cp->reductions)
    if (VAR_P (OMP_CLAUSE_DECL (c)))
      r->privates.add (OMP_CLAUSE_DECL (c));
}

/* After scan_note_scalars: a firstprivate variable of CP that the body
   sets is a parameter too, which the hooks may set; a private one never
   is.  */
void
scan_copies_as_scalars (scan_loop *l, reader *r, const scan_copies *cp)
{
  for (tree x : cp->first)
    if (r->assigned.contains (x) && !l->scalars.contains (x))
      l->scalars.safe_push (x);
  for (unsigned k = l->scalars.length (); k-- > 0;)
    if (l->privates.contains (l->scalars[k]))
      l->scalars.ordered_remove (k);
}

bool
scan_copies_refused (const scan_loop *l, const scan_copies *cp)
{
  if (cp->reductions.length () + cp->last.length () > scanomp_max_vars)
    {
      error_at (l->clause->loc, "the kernels of %<scan%> carry at most %u "
                "reduction and lastprivate variables beside it; compute the "
                "others in a loop of their own", scanomp_max_vars);
      return true;
    }
  for (tree c : cp->reductions)
    {
      tree var = OMP_CLAUSE_DECL (c);
      const char *why = TREE_CODE (TREE_TYPE (var)) == REFERENCE_TYPE
                        ? "a reference"
                        : scan_reduction_problem (c, TREE_TYPE (var));
      if (why)
        {
          error_at (OMP_CLAUSE_LOCATION (c) != UNKNOWN_LOCATION
                      ? OMP_CLAUSE_LOCATION (c) : l->clause->loc,
                    "the kernels of %<scan%> cannot compute the reduction "
                    "of %qE, which is %s; compute it in a loop of its own",
                    var, why);
          return true;
        }
    }
  for (tree z : cp->last)
    if (const char *why = scan_copy_problem (z))
      {
        error_at (l->clause->loc, "the kernels of %<scan%> cannot give %qD "
                  "its value after the loop, since it is %s; compute it in "
                  "a loop of its own", z, why);
        return true;
      }
  return false;
}

void
scanomp_clause_vars (scan_loop *l)
{
  scan_copies cp;
  cp.clause = l->clause;
  scan_gather_copies (l->construct, l->iv, &cp);
  unsigned n = l->n;
  auto_vec<tree> vars;
  for (tree c : cp.reductions)
    {
      tree var = OMP_CLAUSE_DECL (c);
      scan_item *it = &l->items[l->n++];
      it->var = it->host_var = var;
      it->var_name = IDENTIFIER_POINTER (DECL_NAME (var));
      it->type = TREE_TYPE (var);
      it->op = scan_reduction_op (OMP_CLAUSE_REDUCTION_CODE (c));
      if (OMP_CLAUSE_REDUCTION_PLACEHOLDER (c))
        scanomp_read_udr (it, c);
      vars.safe_push (var);
    }
  for (tree z : cp.last)
    {
      scan_last_item (&l->items[l->n++], z);
      vars.safe_push (z);
    }

  /* The input hook knows no element of the scan: a variable the loop
     may set from one is late, found by the host path's scan function.  */
  auto_vec<tree> arrays, none;
  for (unsigned k = 0; k < n; k++)
    arrays.safe_push (l->items[k].var);
  bool sets;
  tree z;
  auto_vec<gimple *> each;
  scan_set_from_prefix (l, gimple_omp_body (l->loop), none, arrays, vars,
                        &sets, &z, &each);
  for (unsigned k = 0; k < each.length (); k++)
    if (each[k])
      {
        l->items[n + k].late = true;
        l->items[n + k].late_at = gimple_location (each[k]);
      }
}
