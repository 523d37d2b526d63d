/* SPDX-License-Identifier: GPL-3.0-or-later */
/* race.cc: warn at a loop whose iterations run in parallel (`for',
   `distribute', `taskloop', or `simd' without `safelen(1)') but whose
   body computes y[i] from y[i-1]: a data race that gives wrong results
   silently, which a scan clause fixes.

     #pragma omp parallel for
     for (int i = 1; i < n; i++)
       y[i] = y[i-1] + x[i];

   warning: iterations of this loop run in parallel but 'y[i]' depends on
   'y[i-1]' from the previous iteration; add 'scan(+: y)' to the construct

   Only where the dependence is certain: the reader (reader.cc) reads the
   whole body; one statement, which every iteration runs, stores y at the
   index, and the body reads y one element before in iteration order
   (where it does, as in a branch of ?:, that read races with the other
   iteration's store); nothing else stores to y or reads it elsewhere.
   The loops it reads are not changed: C++'s calls (`y[i]' of a
   std::vector) are read in a copy of the body, through rewrite/.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "diagnostic-core.h"
#include "fold-const.h"
#include "hash-set.h"

#include "analyze/reader.h"
#include "diagnose/diagnose.h"

/* The loop of a combined construct that loop construct L holds, or
   NULL: GCC nests distribute around parallel for, for around simd, and
   a taskloop's loop in a task of an outer taskloop.  */
static gomp_for *
nested_loop (gomp_for *l)
{
  gimple_seq body = gimple_omp_body (l);
  if (gimple_omp_for_kind (l) == GF_OMP_FOR_KIND_TASKLOOP)
    scanomp_walk (&body, [&] (gimple_stmt_iterator *g) {
        gimple *s = gsi_stmt (*g);
        if (gimple_code (s) == GIMPLE_OMP_TASK)
          {
            body = gimple_omp_body (s);
            return WALK_STOP;
          }
        return gimple_code (s) == GIMPLE_BIND ? WALK_INTO : WALK_PAST;
      });
  bool other = false;
  gomp_for *next = scan_find_loop (body, &other);
  return next && !other && next != l ? next : NULL;
}

/* Whether the loop nest from F, a loop construct, down to the loop that
   holds the body runs iterations in parallel; sets *INNER to that loop.
   `ordered' on any level, and a nest whose only parallel level is a
   `simd' with `safelen(1)', do not.  */
static bool
parallel_nest (gomp_for *f, gomp_for **inner)
{
  bool parallel = false;
  for (gomp_for *l = f; l; )
    {
      bool serial_simd = false;
      for (tree c = gimple_omp_for_clauses (l); c; c = OMP_CLAUSE_CHAIN (c))
        if (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_ORDERED
            || (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_COLLAPSE
                && !integer_onep (OMP_CLAUSE_COLLAPSE_EXPR (c))))
          return false;
        else if (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_SAFELEN
                 && integer_onep (OMP_CLAUSE_SAFELEN_EXPR (c)))
          serial_simd = true;
        else if (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_REDUCTION
                 && OMP_CLAUSE_REDUCTION_INSCAN (c))
          /* An inscan loop the plugin left to GCC.  */
          return false;
      switch (gimple_omp_for_kind (l))
        {
        case GF_OMP_FOR_KIND_FOR:
        case GF_OMP_FOR_KIND_DISTRIBUTE:
        case GF_OMP_FOR_KIND_TASKLOOP:
          parallel = true;
          break;
        case GF_OMP_FOR_KIND_SIMD:
          parallel |= !serial_simd;
          break;
        default:
          return false;
        }
      *inner = l;
      l = nested_loop (l);
    }
  return parallel;
}

/* walk_gimple_op callback: an SSA name (an orphaned `omp for' of a
   function without a parallel region; see scan_unssa), which the reader
   does not take.  */
static tree
find_ssa (tree *tp, int *walk_subtrees, void *)
{
  if (TREE_CODE (*tp) == SSA_NAME)
    return *tp;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

/* The operator of the clause that would fix the race: the outermost
   operation of V, the value stored to y[i]; NULL when it is none of the
   clause's.  */
static const char *
joining_op (tree v)
{
  switch (TREE_CODE (scan_strip (v)))
    {
    case PLUS_EXPR:
    case MINUS_EXPR:
      return "+";
    case MULT_EXPR:
      return "*";
    case BIT_AND_EXPR:
      return "&";
    case BIT_IOR_EXPR:
      return "|";
    case BIT_XOR_EXPR:
      return "^";
    case MIN_EXPR:
      return "min";
    case MAX_EXPR:
      return "max";
    default:
      return NULL;
    }
}

/* Into *K, offset REST (bytes, sizetype) where it is a constant.  */
static bool
offset_of (tree rest, HOST_WIDE_INT *k)
{
  if (!rest || TREE_CODE (rest) != INTEGER_CST)
    return false;
  tree s = fold_convert (ssizetype, rest);
  if (!tree_fits_shwi_p (s))
    return false;
  *k = tree_to_shwi (s);
  return true;
}

/* Whether BODY holds `#pragma omp scan'.  */
static bool
has_scan_directive (gimple_seq body)
{
  bool found = false;
  scanomp_walk (&body, [&] (gimple_stmt_iterator *g) {
      if (gimple_code (gsi_stmt (*g)) != GIMPLE_OMP_SCAN)
        return WALK_INTO;
      found = true;
      return WALK_STOP;
    });
  return found;
}

/* Whether V is a variable fields.cc made of L's body's read of a
   struct's field (a container's data, named by the member).  */
static bool
field_read (scan_loop *l, tree v)
{
  for (unsigned k = 0; k < l->field_reads.length (); k += 2)
    if (l->field_reads[k] == v)
      return true;
  return false;
}

/* Check the loop L has read (R): warn for the first array of its body
   whose y[i] it computes from y[i-1], or from elements as far back as a
   linear recurrence reads, at LOC.  */
static void
check_accesses (reader *r, location_t loc)
{
  scan_loop *l = r->l;
  for (const scan_access &st : l->accesses)
    {
      HOST_WIDE_INT at;
      if (!st.store || st.part || st.arg >= 0 || !offset_of (st.rest, &at)
          || !DECL_NAME (st.base)
          || (DECL_ARTIFICIAL (st.base) && !field_read (l, st.base))
          || !TYPE_SIZE_UNIT (st.elem_type)
          || !tree_fits_shwi_p (TYPE_SIZE_UNIT (st.elem_type)))
        continue;
      HOST_WIDE_INT size = tree_to_shwi (TYPE_SIZE_UNIT (st.elem_type));
      if (size <= 0 || st.coef != size || st.stride)
        continue;
      /* A read of y[i-1]: where it runs (in any iteration but the first,
         since every iteration stores y[i]), it reads what another
         iteration stores.  */
      bool prev = false, other = false;
      /* And of y[i-2] to y[i-SCAN_MAX_ORDER]: a linear recurrence's.  */
      HOST_WIDE_INT lag = 0;
      /* The stores of y[i]: one, or one in each branch of an if/else.  */
      auto_vec<int> stores;
      stores.safe_push (scan_position (r, st.stmt));
      for (const scan_access &a : l->accesses)
        if (&a != &st && a.base == st.base)
          {
            HOST_WIDE_INT off;
            bool same = scanomp_same_step (a, st) && !a.part && a.arg < 0
                        && offset_of (a.rest, &off)
                        && TYPE_SIZE_UNIT (a.elem_type)
                        && tree_int_cst_equal (TYPE_SIZE_UNIT (a.elem_type),
                                               TYPE_SIZE_UNIT (st.elem_type));
            HOST_WIDE_INT back = same ? (at - off) / (l->step * size) : 0;
            if (!a.store && same && (at - off) % size == 0 && back >= 1
                && back <= SCAN_MAX_ORDER)
              {
                prev = true;
                lag = MAX (lag, back);
              }
            else if (a.store && same && off == at)
              stores.safe_push (scan_position (r, a.stmt));
            else if (a.store || !same || off != at)
              other = true;
          }
      gimple *join = st.stmt;
      bool certain = (!other
                      && (stores.length () == 1
                          || scan_stores_joined (r, &stores, &join))
                      && scan_always_runs (r, join));
      if (!certain || !prev)
        continue;
      const char *name = IDENTIFIER_POINTER (DECL_NAME (st.base));
      tree stored = is_gimple_assign (st.stmt)
                    ? gimple_assign_rhs1 (st.stmt) : NULL_TREE;
      /* A value set in branches (?:) is none of the clause's forms as a
         whole: the value the reader knows is the last branch's.  */
      unsigned sets = stored && stores.length () == 1
                      ? scan_assignments (r, stored) : 0;
      tree *known = stored && VAR_P (stored) ? r->value.get (stored) : NULL;
      const char *op = stored && sets <= 1
                       ? joining_op (known ? *known : stored) : NULL;
      const char *before = l->step > 0 ? "i-1" : "i+1";
      char back[16];
      snprintf (back, sizeof back, "i%+d", (int) (-lag * l->step));
      if (lag > 1)
        warning_at (loc, 0, "iterations of this loop run in parallel but "
                    "%<%s[i]%> depends on %<%s[%s]%> from an earlier "
                    "iteration; if it is a linear recurrence (of order "
                    "%d), add %<scan(+: %s)%> to the construct", name, name,
                    back, (int) lag, name);
      else if (op)
        warning_at (loc, 0, "iterations of this loop run in parallel but "
                    "%<%s[i]%> depends on %<%s[%s]%> from the previous "
                    "iteration; add %<scan(%s: %s)%> to the construct",
                    name, name, before, op, name);
      else
        warning_at (loc, 0, "iterations of this loop run in parallel but "
                    "%<%s[i]%> depends on %<%s[%s]%> from the previous "
                    "iteration; add %<scan(OP: %s)%> to the construct, OP "
                    "the operator that combines them", name, name, before,
                    name);
      return;
    }
}

/* Warn if the loop nest at F computes y[i] from y[i-1] while its
   iterations run in parallel.  */
static void
check_nest (gomp_for *f)
{
  gomp_for *inner = NULL;
  if (!parallel_nest (f, &inner))
    return;
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  if (walk_gimple_seq (gimple_omp_body (inner), NULL, find_ssa, &wi))
    return;
  scan_loop l;
  memset (&l, 0, sizeof l);
  l.loop = inner;
  l.construct = f;
  l.quiet = l.silent = true;
  location_t loc = gimple_location (f) != UNKNOWN_LOCATION
                   ? gimple_location (f) : gimple_location (inner);
  if (scan_read_header (&l, loc))
    {
      /* Read as the scan clause's loop is: C++'s copies, small
         functions, structs' fields and temporaries of addresses read
         through (rewrite/), in a copy; not an inscan loop's, whose
         phases gimple_seq_copy would share.  */
      gimple_seq body = gimple_omp_body (inner);
      if (!has_scan_directive (body))
        {
          hash_set<tree> keep;
          body = gimple_seq_copy (body);
          scan_bitwise_copies (&body, true);
          scan_inline_calls (&body, keep, true);
          scan_hoist_field_reads (&l, &body);
        }
      reader r;
      scan_reader_init (&r, &l, NULL, loc, body);
      /* A store at an index the scan computes (compaction) is a store
         beside it, as the clause reads one.  */
      r.scatter_stores = true;
      scan_read_seq (&r, body);
      if (r.ok)
        check_accesses (&r, loc);
    }
  scanomp_release (&l);
}

void
scanomp_warn_races (gimple_seq *body, hash_set<gimple *> &skip)
{
  /* After an error a malformed scan clause is gone from its construct,
     which would now race: the error said what to mend.  */
  if (seen_error ())
    return;
  scanomp_walk (body, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      if (skip.contains (s))
        return WALK_PAST;
      if (gimple_code (s) == GIMPLE_OMP_FOR)
        {
          check_nest (as_a<gomp_for *> (s));
          return WALK_PAST;
        }
      if (gimple_has_substatements (s))
        return WALK_INTO;
      return WALK_PAST;
    });
}
