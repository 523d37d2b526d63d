/* SPDX-License-Identifier: GPL-3.0-or-later */
/* analyze.cc: find the loop a scan clause belongs to, and check that it is
   a scan the plugin can outline.

   The pass runs before omplower, on high GIMPLE: there is no CFG yet, the
   body of `#pragma omp parallel for' is still a GIMPLE_OMP_PARALLEL holding
   a GIMPLE_BIND holding a GIMPLE_OMP_FOR, and the loop body still names the
   function's own variables.  reader.cc reads the body in order and splits
   every access into an array and an affine byte offset.

   A scan of y with operator op is accepted in these forms (i the index,
   stepping by 1 or -1, and y[i-1] meaning the element before y[i] in
   iteration order):

     y[i] = y[i-1] op E(i)        E(i) free of y
     y[i] = E(i) op y[i-1]        op commutative
     y[i] = y[i] op y[i-1]        in place (y[i] op= y[i-1])

   E(i) may read other arrays at affine indices, loop-invariant scalars and
   temporaries computed earlier in the body; it may call const built-in
   functions.  The loop may also store to other arrays (the scan phase's
   stores: out[i] = y[i] * 2, y[i] read after the update being the
   scanned value), each iteration to elements of its own, with values
   that do not depend on y[i-1].  Everything else gets an error at the
   clause.  construct.cc finds the loop, reader.cc reads its body, this
   file classifies its accesses, and update.cc checks that the update has
   one of the forms above.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "diagnostic-core.h"
#include "fold-const.h"
#include "stor-layout.h"
#include "tree-nested.h"
#include "hash-map.h"
#include "gimplify.h"
#include "cfgexpand.h"
#include "omp-general.h"
#include "internal-fn.h"
#include "ssa.h"

#include "analyze/reader.h"

/* The index in L->bases of array DECL, adding it.  */
void
scan_add_base (scan_loop *l, tree decl)
{
  for (tree b : l->bases)
    if (b == decl)
      return;
  l->bases.safe_push (decl);
}

/* Whether DECL is an array of L's clause other than IT's.  */
bool
scan_scanned_elsewhere (scan_loop *l, const scan_item *it, tree decl)
{
  if (decl == it->var || !DECL_NAME (decl))
    return false;
  for (unsigned k = 0; k < l->clause->nvars; k++)
    if (!strcmp (IDENTIFIER_POINTER (DECL_NAME (decl)), l->clause->vars[k]))
      return true;
  return false;
}

/* Classify the accesses to the scanned array, and the others.  */
static bool
check_accesses (reader *r)
{
  scan_loop *l = r->l;
  scan_item *it = r->it;
  HOST_WIDE_INT size = tree_to_shwi (TYPE_SIZE_UNIT (it->type));
  r->store = r->recur = -1;
  int at_i_load = -1;
  for (unsigned k = 0; k < l->accesses.length (); k++)
    {
      scan_access &a = l->accesses[k];
      bool scanned = (a.base == it->var
                      || scan_scanned_elsewhere (l, it, a.base));
      if (a.store && a.part && scanned)
        {
          error_at (gimple_location (a.stmt), "the loop stores to a field of "
                    "an element of %qD, which the %<scan%> clause scans; a "
                    "scan stores the whole element, as %<%D[i] = ...%>",
                    a.base, a.base);
          inform (r->loc, "for this %<scan%> clause");
          return false;
        }
      if (a.store && !scanned)
        a.output = l->outputs = true;
      if (a.scatter && scanned)
        {
          error_at (gimple_location (a.stmt), "the loop stores to %qD, which "
                    "the %<scan%> clause scans, at an index that is not an "
                    "affine function of the loop index; a scan stores "
                    "%<%D[i]%>", a.base, a.base);
          inform (r->loc, "for this %<scan%> clause");
          return false;
        }
      if (a.base != it->var)
        {
          scan_add_base (l, a.base);
          continue;
        }
      if (a.coef != size || a.stride || TREE_CODE (a.rest) != INTEGER_CST
          || tree_to_shwi (fold_convert (ssizetype, a.rest)) % size)
        {
          if (a.stride)
            error_at (gimple_location (a.stmt), "%qs is indexed with a step "
                      "that is not a constant, %qE elements per iteration; "
                      "a scan indexes it with the loop index, as %<%s[i]%>",
                      it->var_name,
                      fold_build2 (MULT_EXPR, TREE_TYPE (a.stride), a.stride,
                                   build_int_cst (TREE_TYPE (a.stride),
                                                  a.coef / size)),
                      it->var_name);
          else if (a.coef != size)
            error_at (gimple_location (a.stmt), "%qs is indexed with a step "
                      "of %wd elements per iteration; a scan indexes it with "
                      "the loop index, as %<%s[i]%>", it->var_name,
                      a.coef / size, it->var_name);
          else
            error_at (gimple_location (a.stmt), "%qs is indexed at %<i%> "
                      "plus a value that is not a constant; a scan reads "
                      "%<%s[i]%> and %<%s[i-1]%> only", it->var_name,
                      it->var_name, it->var_name);
          inform (r->loc, "for this %<scan%> clause");
          return false;
        }
      HOST_WIDE_INT rest = tree_to_shwi (fold_convert (ssizetype, a.rest));
      HOST_WIDE_INT delta = rest / size;
      /* How many elements before y[i], in the order of the loop: of
         y[i-1], and under `+' of those a linear recurrence of a higher
         order reads (linear.cc).  */
      HOST_WIDE_INT lag = -delta * l->step;
      if (a.store && rest == 0 && r->store < 0)
        r->store = k;
      else if (!a.store && (lag == 1
                            || (lag > 1 && lag <= SCAN_MAX_ORDER
                                && it->op == SCAN_OP_ADD)))
        {
          a.prev = true;
          a.lag = lag;
          r->order = MAX (r->order, (unsigned) lag);
          if (lag == 1 && r->recur < 0)
            r->recur = k;
        }
      else if (!a.store && rest == 0 && r->store >= 0)
        a.after = true;
      else if (!a.store && rest == 0)
        at_i_load = k;
      else
        {
          if (a.store && rest == 0)
            error_at (gimple_location (a.stmt), "the loop writes %<%s[i]%> "
                      "twice; a scan writes it once", it->var_name);
          else
            {
              char at[32], before[16];
              snprintf (at, sizeof at, "i%+ld", (long) delta);
              snprintf (before, sizeof before, "i%+d", -l->step);
              error_at (gimple_location (a.stmt), "the loop %s %<%s[%s]%>; "
                        "a scan reads %<%s[i]%> and %<%s[%s]%>, and writes "
                        "%<%s[i]%>, only", a.store ? "writes" : "reads",
                        it->var_name, at, it->var_name, it->var_name, before,
                        it->var_name);
              /* An element further back: a linear recurrence's.  */
              if (!a.store && lag > 1 && it->op == SCAN_OP_ADD)
                inform (gimple_location (a.stmt), "a linear recurrence "
                        "may read up to %d elements before %<%s[i]%>",
                        SCAN_MAX_ORDER, it->var_name);
              else if (!a.store && lag > 1 && lag <= SCAN_MAX_ORDER)
                inform (gimple_location (a.stmt), "a linear recurrence "
                        "%<%s[i] = a1 * %s[i-1] + ... + b%>, of order 2 to "
                        "%d, is scanned under %<scan(+: %s)%>", it->var_name,
                        it->var_name, SCAN_MAX_ORDER, it->var_name);
            }
          inform (r->loc, "for this %<scan%> clause");
          return false;
        }
    }
  /* A recurrence of a higher order may leave y[i-1] out: its first read
     stands for it, where it is the seed's.  */
  if (r->recur < 0 && r->order > 1)
    for (unsigned k = 0; k < l->accesses.length () && r->recur < 0; k++)
      if (l->accesses[k].prev)
        r->recur = k;
  if (r->store < 0 || r->recur < 0)
    {
      gimple *st = r->store >= 0 ? l->accesses[r->store].stmt : NULL;
      tree folded = (st && gimple_assign_single_p (st)
                     && CONSTANT_CLASS_P (gimple_assign_rhs1 (st))
                     ? gimple_assign_rhs1 (st) : NULL_TREE);
      /* The clause's one array: the caller leaves the loop to GCC, a
         plain parallel loop now.  */
      if (folded && l->clause->nvars == 1)
        {
          it->folded = folded;
          return false;
        }
      error_at (l->clause->loc, "the loop does not compute %<%s[i]%> from "
                "%<%s[i-1]%>; write the scan as %<%s[i] = %s[i-1] %s ...%>",
                it->var_name, it->var_name, it->var_name, it->var_name,
                l->clause->op_name);
      if (folded)
        inform (gimple_location (st), "GCC folded the update to the "
                "constant %qE (as %<y[i-1] * 0%> or %<y[i-1] && 0%> fold), "
                "which leaves no dependence to scan: drop %qs from the "
                "clause", folded, it->var_name);
      return false;
    }
  it->in_place = at_i_load >= 0;
  scan_add_base (l, it->var);
  return true;
}

/* The bytes of access A's element; 1 where its type has no size.  */
static HOST_WIDE_INT
access_size (const scan_access &a)
{
  tree size = TYPE_SIZE_UNIT (a.elem_type);
  return size && tree_fits_shwi_p (size) ? tree_to_shwi (size) : 1;
}

/* Whether access B, to the array beside the clause that store A writes,
   touches no element that A writes in another iteration: the two touch
   the same element in an iteration, or elements apart by less than a
   stride.  */
static bool
disjoint_stores (const scan_access &a, const scan_access &b)
{
  if (!scanomp_same_step (a, b) || !a.rest || !b.rest)
    return false;
  if (operand_equal_p (a.rest, b.rest, 0))
    return true;
  /* Apart by a constant within a step that is not one: the call checks
     no more than that each step is an element wide (wide_steps).  */
  if (TREE_CODE (a.rest) != INTEGER_CST || TREE_CODE (b.rest) != INTEGER_CST
      || a.stride)
    return false;
  HOST_WIDE_INT d = tree_to_shwi (fold_convert (ssizetype, a.rest))
                    - tree_to_shwi (fold_convert (ssizetype, b.rest));
  HOST_WIDE_INT size = MAX (access_size (a), access_size (b));
  return abs_hwi (d) + size <= abs_hwi (a.coef);
}

/* Check the scan phase's stores of L: to arrays beside the clause, each
   iteration storing elements of its own, which it alone reads; note the
   first whose value the output hook, run from the identity, would get
   wrong, and the host path alone gets right (L->output_from_prev).  */
static bool
check_outputs (reader *r)
{
  scan_loop *l = r->l;
  for (const scan_access &a : l->accesses)
    {
      /* A scatter's elements are the data's choice: two iterations
         storing one are the program's race, as in any parallel loop.  */
      if (!a.output || a.scatter)
        continue;
      /* A step the call alone knows: it checks it is wide enough.  */
      tree lt = long_integer_type_node;
      if (a.stride)
        l->wide_steps.safe_push (fold_build2 (GE_EXPR, boolean_type_node,
                                              fold_build1 (ABS_EXPR, lt,
                                                           scanomp_step (a)),
                                              build_int_cst
                                                (lt, access_size (a))));
      else if (abs_hwi (a.coef) < access_size (a))
        {
          error_at (gimple_location (a.stmt), "every iteration of the "
                    "%<scan%> loop stores to the same element of %qD; store "
                    "to %<%D[i]%>, or keep the last value in a "
                    "%<lastprivate%> variable", a.base, a.base);
          inform (r->loc, "for this %<scan%> clause");
          return false;
        }
      for (const scan_access &b : l->accesses)
        if (b.base == a.base && b.scatter && !b.store)
          {
            error_at (gimple_location (b.stmt), "the %<scan%> loop reads "
                      "%qD at an index that is not an affine function of "
                      "the loop index, and stores to it; read such an "
                      "index of an array the loop does not store",
                      a.base);
            inform (r->loc, "for this %<scan%> clause");
            return false;
          }
        else if (b.base == a.base && !b.scatter && !disjoint_stores (a, b))
          {
            error_at (gimple_location (b.stmt), "the %<scan%> loop %s "
                      "%qD at an element that another iteration stores to; "
                      "each iteration may only read and write elements of "
                      "its own, as %<%D[i]%>", b.store ? "stores to"
                                                      : "reads", a.base,
                      a.base);
            inform (r->loc, "for this %<scan%> clause");
            return false;
          }
    }
  if (!l->output_from_prev)
    l->output_from_prev = scan_output_from_prev (l, r->it);
  return true;
}

/* walk_tree callback: a variable named DATA.  */
static tree
find_named (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if ((VAR_P (*tp) || TREE_CODE (*tp) == PARM_DECL) && DECL_NAME (*tp)
           && !strcmp (IDENTIFIER_POINTER (DECL_NAME (*tp)),
                       (const char *) data))
    return *tp;
  return NULL_TREE;
}

static tree
find_named_op (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  return find_named (tp, walk_subtrees, wi->info);
}

/* Find the decl of IT, an array of L's clause: a variable of that name
   read or written by the body; else any variable of that name the body
   uses.  */
static tree
find_var (scan_loop *l, const scan_item *it)
{
  for (const scan_access &a : l->accesses)
    if (DECL_NAME (a.base)
        && !strcmp (IDENTIFIER_POINTER (DECL_NAME (a.base)), it->var_name))
      return a.base;
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = (void *) it->var_name;
  gimple *s = walk_gimple_seq (gimple_omp_body (l->loop), NULL,
                               find_named_op, &wi);
  return s ? wi.callback_result : NULL_TREE;
}

/* Check that the elements of IT, an array of clause C, suit its built-in
   operator.  */
static bool
check_builtin_type (const scan_clause *c, const scan_item *it)
{
  location_t loc = c->loc;
  if (AGGREGATE_TYPE_P (it->type))
    {
      error_at (loc, "%qs has elements of type %qT, for which no %<%s%> "
                "is declared; declare it with %<#pragma omp declare scan(%s "
                ": %T : ...) initializer(...)%>", it->var_name, it->type,
                c->op_name, c->op_name, it->type);
      return false;
    }
  if ((!INTEGRAL_TYPE_P (it->type) && !SCALAR_FLOAT_TYPE_P (it->type))
      || TREE_CODE (it->type) == BOOLEAN_TYPE
      || !scanomp_device_scalar (it->type))
    {
      error_at (loc, "%qs has elements of type %qT; built-in %<scan%> "
                "operators take integer, %<float%> and %<double%> "
                "elements", it->var_name, it->type);
      return false;
    }
  if (SCALAR_FLOAT_TYPE_P (it->type)
      && (it->op == SCAN_OP_AND || it->op == SCAN_OP_OR
          || it->op == SCAN_OP_XOR))
    {
      error_at (loc, "the %<%s%> operator takes integer elements, and %qs "
                "has %qT elements", c->op_name, it->var_name, it->type);
      return false;
    }
  return true;
}

/* Read the body of L's loop with R, checking item IT, as the variables CP
   names copies of are private to an iteration.  */
static bool
read_body (scan_loop *l, scan_item *it, reader *r, scan_copies *cp)
{
  scan_reader_init (r, l, it, l->clause->loc, gimple_omp_body (l->loop));
  scan_private_copies (l, r, cp);
  if (!scan_carries_nothing (r, gimple_omp_body (l->loop)))
    return false;
  r->scatter_stores = r->gather_reads = true;
  scan_read_seq (r, gimple_omp_body (l->loop));
  /* Gathers stay so as the update's checks look at its reads again.  */
  r->scatter_stores = false;
  return r->ok;
}

/* Keep in R's item the accesses of L's loop to its array, which R has
   read, and where among them its y[i] store and y[i-1] load are.  */
static void
keep_accesses (scan_loop *l, reader *r)
{
  scan_item *it = r->it;
  for (unsigned k = 0; k < l->accesses.length (); k++)
    if (l->accesses[k].base == it->var)
      {
        if ((int) k == r->store)
          it->store = it->accesses.length ();
        if ((int) k == r->recur)
          it->recur = it->accesses.length ();
        it->accesses.safe_push (l->accesses[k]);
      }
}

/* Check the accesses of L's loop, which R has read, and the update of
   R's item.  */
static bool
check_update (scan_loop *l, reader *rp, scan_copies *cp)
{
  reader &r = *rp;
  if (!check_accesses (&r))
    return false;

  /* The value stored to y[i], as the body computed it.  */
  gimple *st = l->accesses[r.store].stmt;
  r.current_block = -1;
  if (r.it->op == SCAN_OP_USER)
    {
      if (!scan_check_udr_update (&r))
        return false;
    }
  else
    {
      tree stored = is_gimple_assign (st) ? gimple_assign_rhs1 (st)
                                          : gimple_call_lhs (st);
      tree *known = is_gimple_assign (st) && VAR_P (stored)
                    ? r.value.get (stored) : NULL;
      if (!scan_check_update (&r, known ? *known : stored))
        return false;
    }

  if (l->outputs && !check_outputs (&r))
    return false;
  if (!scan_sets_no_shared (&r, gimple_omp_body (l->loop)))
    return false;
  if (tree p = scan_pointer_value (&r, gimple_omp_body (l->loop)))
    {
      scan_complain (l, l->clause->loc, "the %<scan%> loop uses the "
                     "pointer %qD as a value, not to reach an element of "
                     "an array; compute what it gives before the loop", p);
      scan_for_this_clause (&r);
      return false;
    }
  scan_note_scalars (&r, gimple_omp_body (l->loop));
  scan_copies_as_scalars (l, &r, cp);
  if (!scan_build_pairs (&r))
    return false;
  keep_accesses (l, &r);
  l->reads_after_store |= scan_reads_after_store (&r);
  return true;
}

/* Check the body of L's loop, which FIRST has read, for item IT: its
   array, its accesses and its update (stores.cc first makes the stores
   of an if/else to y[i] one, and then reads the body again).  */
static bool
check_body (scan_loop *l, scan_item *it, reader *first, scan_copies *cp)
{
  location_t loc = l->clause->loc;
  it->var = find_var (l, it);
  if (!it->var)
    {
      error_at (loc, "%qs is not an array the loop reads or writes; name "
                "the array the loop scans", it->var_name);
      return false;
    }
  tree vt = TREE_TYPE (it->var);
  if (TREE_CODE (vt) != ARRAY_TYPE && !POINTER_TYPE_P (vt))
    {
      error_at (loc, "%<scan%> list item %qD is not an array or a pointer; "
                "scan an array, as in %<scan(%s: y)%> with "
                "%<y[i] = y[i-1] %s x[i]%>", it->var, l->clause->op_name,
                l->clause->op_name);
      return false;
    }
  it->type = TREE_TYPE (vt);
  /* A pointer to an array: fields.cc's for an array member
     (`std::array's elements).  */
  if (POINTER_TYPE_P (vt) && TREE_CODE (it->type) == ARRAY_TYPE)
    it->type = TREE_TYPE (it->type);
  tree udr = l->clause->user ? scanomp_find_udr (l->construct, it->var)
                             : NULL_TREE;
  if (udr)
    scanomp_read_udr (it, udr);
  else if (it->op == SCAN_OP_USER)
    {
      /* GCC has said that it found no such operator for the type, at the
         probe's location in our macro; say where and what to write.  */
      inform (loc, "no %qs is declared for elements of type %qT; declare "
              "it with %<#pragma omp declare scan(%s : %T : ...) "
              "initializer(...)%>", l->clause->op_name, it->type,
              l->clause->op_name, it->type);
      return false;
    }
  if (it->op != SCAN_OP_USER && !check_builtin_type (l->clause, it))
    return false;
  auto_vec<gimple *> stores;
  gimple *join;
  if (!scan_find_joined_stores (first, &stores, &join))
    return check_update (l, first, cp);
  scan_join_stores (l, it, stores, join);
  reader again;
  l->accesses.truncate (0);
  return read_body (l, it, &again, cp) && check_update (l, &again, cp);
}

bool
scanomp_analyze (scan_loop *l, scan_item *it, gimple *construct,
                 unsigned item)
{
  location_t loc = l->clause->loc;
  l->construct = construct;
  bool other = false;
  /* An orphaned `omp for', inside a parallel region: the construct is
     the loop (lower.cc runs it on one thread of the team).  */
  l->loop = gimple_code (construct) == GIMPLE_OMP_FOR
            ? as_a<gomp_for *> (construct)
            : scan_find_loop (gimple_omp_body (construct), &other);
  if (l->loop && l->loop == construct)
    scan_unssa (l->loop);
  if (!l->loop)
    {
      error_at (loc, "the %<scan%> clause is not on a loop; put it on "
                "%<#pragma omp parallel for%>");
      return false;
    }
  if (other)
    {
      error_at (loc, "the construct with the %<scan%> clause holds more "
                "than its loop; a %<target%> region with a scan holds only "
                "the %<parallel for%> loop");
      return false;
    }
  it->var_name = l->clause->vars[item];
  it->op = l->clause->op;
  scan_read_target (l, construct);
  if (!scan_read_header (l, loc))
    return false;
  scan_copies cp;
  cp.clause = l->clause;
  if (tree c = scan_gather_copies (construct, l->iv, &cp))
    {
      error_at (OMP_CLAUSE_LOCATION (c) != UNKNOWN_LOCATION
                  ? OMP_CLAUSE_LOCATION (c) : loc,
                "the %qs clause cannot be combined with %<scan%>; compute "
                "that value after the loop",
                omp_clause_code_name[OMP_CLAUSE_CODE (c)]);
      return false;
    }
  if (item == 0 && scan_copies_refused (l, &cp))
    return false;

  /* The loop is ours: read its body as GCC writes it without the
     sanitizers, which changes nothing it computes, with copies of
     classes copied bit by bit as assignments, small functions' calls as
     what they compute and the fields of structs it reads as
     variables, once, for the first array.  */
  if (item == 0)
    {
      hash_set<tree> keep;
      scanomp_udr_functions (construct, &keep);
      scan_bitwise_copies (gimple_omp_body_ptr (l->loop), true);
      scan_inline_calls (gimple_omp_body_ptr (l->loop), keep, true);
    }
  scan_read_through_temporaries (gimple_omp_body (l->loop), true);
  if (item == 0)
    {
      scan_hoist_field_reads (l, gimple_omp_body_ptr (l->loop));
      scan_drop_unread (gimple_omp_body_ptr (l->loop), true);
    }
  reader first;
  return (read_body (l, it, &first, &cp)
          && check_body (l, it, &first, &cp));
}

void
scanomp_release (scan_loop *l)
{
  l->accesses.release ();
  l->bases.release ();
  l->unit_strides.release ();
  l->wide_steps.release ();
  l->nest.release ();
  l->field_reads.release ();
  l->maps.release ();
  l->scalars.release ();
  l->privates.release ();
  for (unsigned k = 0; k < l->n; k++)
    l->items[k].accesses.release ();
  free (l->items);
  l->items = NULL;
  l->n = 0;
}
