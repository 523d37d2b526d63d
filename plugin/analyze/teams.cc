/* SPDX-License-Identifier: GPL-3.0-or-later */
/* teams.cc: the inscan loops of constructs GCC rejects inscan on, read
   by read/teams.cc, rebuilt in high GIMPLE as the loops they mean; and
   made plain again where the plugin does not take one.

   The parser has left such a loop a plain reduction (`default' for
   `inscan') on each construct GCC's clause splitting gave it, and a
   flush, a call of __sync_synchronize, where its `#pragma omp scan'
   stood:

     #pragma omp target map(tofrom: s)             (or firstprivate(s))
     #pragma omp teams reduction(+: s)
     #pragma omp distribute
     for (...)
       #pragma omp parallel reduction(+: s)
       #pragma omp for
       for (i = 0; i < n; i++)
         { s = s + x[i]; __sync_synchronize (); y[i] = s; }

   The rebuild makes of it what GCC makes of `parallel for
   reduction(inscan, +: s)' inside target: s shared by teams and
   parallel, the inscan reduction on the loop (and on its simd loop),
   the body two GIMPLE_OMP_SCANs, before the flush and after it, the
   second with the directive's clause.  inscan.cc then reads it as any
   inscan loop, but as one the plugin must take (scanomp_teams_loop).
   One it does not take is an error, GCC rejecting its construct, and
   is made plain again, its phases one body and its reduction no inscan
   one, so that GCC's passes after the error meet only what they know.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "diagnostic-core.h"

#include "analyze/analyze.h"
#include "analyze/reader.h"
#include "read/read.h"

/* The loops rebuilt in the function being compiled, each with whether
   an error has said why the plugin does not take it; and the
   worksharing loops around those that are simd loops, which carry the
   inscan reduction too.  */
static hash_map<gimple *, bool> rebuilt;
static hash_set<gimple *> outer_loops;

/* A directive's flush the walk found: its statement, the sequence that
   holds it, and the OpenMP constructs around it, outermost first.  */
struct marker
{
  gimple *call;
  gimple_seq *seq;
  vec<gimple *> around;
};

/* Whether S is the flush of a directive read/teams.cc rewrote.  */
static bool
is_marker (gimple *s)
{
  return (gimple_call_builtin_p (s, BUILT_IN_SYNC_SYNCHRONIZE)
          && scanomp_teams_marker (gimple_location (s)));
}

/* Collect the markers in *SEQ into OUT, AROUND the constructs around
   *SEQ.  */
static void
find_markers (gimple_seq *seq, vec<gimple *> *around, vec<marker> *out)
{
  for (gimple_stmt_iterator g = gsi_start (*seq); !gsi_end_p (g);
       gsi_next (&g))
    {
      gimple *s = gsi_stmt (g);
      if (is_marker (s))
        {
          marker m = { s, seq, around->copy () };
          out->safe_push (m);
          continue;
        }
      gimple_seq *inner = scanomp_inner_seq (s);
      if (!inner)
        continue;
      bool construct = is_gimple_omp (s);
      if (construct)
        around->safe_push (s);
      find_markers (inner, around, out);
      if (construct)
        around->pop ();
    }
}

static bool
named (tree decl, const char *name)
{
  return (DECL_P (decl) && DECL_NAME (decl)
          && !strcmp (IDENTIFIER_POINTER (DECL_NAME (decl)), name));
}

static bool
listed (tree decl, const vec<const char *> &names)
{
  for (const char *name : names)
    if (named (decl, name))
      return true;
  return false;
}

/* The clauses of construct S, a parallel, teams or loop, or NULL.  */
static tree *
clauses_of (gimple *s)
{
  switch (gimple_code (s))
    {
    case GIMPLE_OMP_PARALLEL:
      return gimple_omp_parallel_clauses_ptr (as_a<gomp_parallel *> (s));
    case GIMPLE_OMP_TEAMS:
      return gimple_omp_teams_clauses_ptr (as_a<gomp_teams *> (s));
    case GIMPLE_OMP_FOR:
      return gimple_omp_for_clauses_ptr (s);
    default:
      return NULL;
    }
}

/* Whether control crosses the statement AT of SEQ: a goto, a
   condition or a switch on one side of it that jumps to a label on the
   other, as a flat high GIMPLE sequence makes an `if' or a loop that AT
   stands inside.  */
static bool
crossed (gimple_seq seq, gimple *at)
{
  hash_map<tree, bool> side;
  bool past = false;
  for (gimple_stmt_iterator g = gsi_start (seq); !gsi_end_p (g); gsi_next (&g))
    if (gsi_stmt (g) == at)
      past = true;
    else if (glabel *l = dyn_cast<glabel *> (gsi_stmt (g)))
      side.put (gimple_label_label (l), past);
  past = false;
  auto other_side = [&] (tree label) {
    bool *b = side.get (label);
    return b && *b != past;
  };
  for (gimple_stmt_iterator g = gsi_start (seq); !gsi_end_p (g); gsi_next (&g))
    {
      gimple *s = gsi_stmt (g);
      if (s == at)
        past = true;
      else if (gcond *c = dyn_cast<gcond *> (s))
        {
          if (other_side (gimple_cond_true_label (c))
              || other_side (gimple_cond_false_label (c)))
            return true;
        }
      else if (gimple_code (s) == GIMPLE_GOTO)
        {
          if (other_side (gimple_goto_dest (s)))
            return true;
        }
      else if (gswitch *w = dyn_cast<gswitch *> (s))
        for (unsigned k = 0; k < gimple_switch_num_labels (w); k++)
          if (other_side (CASE_LABEL (gimple_switch_label (w, k))))
            return true;
    }
  return false;
}

/* Whether construct S is a loop level that carries an inscan reduction:
   a worksharing loop, or a simd loop.  */
static bool
loop_level (gimple *s)
{
  return (gimple_code (s) == GIMPLE_OMP_FOR
          && (gimple_omp_for_kind (s) == GF_OMP_FOR_KIND_FOR
              || gimple_omp_for_kind (s) == GF_OMP_FOR_KIND_SIMD));
}

/* Make the reductions of the constructs from AROUND[FIRST] down to LOOP
   what `reduction(inscan, ...)' of D's construct means: shared on teams
   and parallel, inscan on each loop level.  Each variable of a reduction
   read as `default' goes to DECLS, in the order met; false, after an
   error and with nothing changed, where D's list and those variables
   differ.  */
static bool
move_reductions (const marker &m, unsigned first,
                 const scan_teams_directive *d, vec<tree> *decls)
{
  /* Each variable's clause as GCC gave it, the model of the loops'.  */
  hash_map<tree, tree> models;
  for (unsigned k = first; k < m.around.length (); k++)
    if (tree *pc = clauses_of (m.around[k]))
      for (tree c = *pc; c; c = OMP_CLAUSE_CHAIN (c))
        if (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_REDUCTION
            && listed (OMP_CLAUSE_DECL (c), d->reduced)
            && !models.get (OMP_CLAUSE_DECL (c)))
          {
            models.put (OMP_CLAUSE_DECL (c), c);
            decls->safe_push (OMP_CLAUSE_DECL (c));
          }
  for (unsigned j = 0; j < d->n; j++)
    {
      bool found = false;
      for (tree decl : *decls)
        found |= named (decl, d->names[j]);
      if (!found)
        {
          error_at (d->clause, "%qs is in the list of %<#pragma omp scan%> "
                    "but in no %<inscan%> reduction of its loop",
                    d->names[j]);
          return false;
        }
    }
  for (tree decl : *decls)
    {
      bool found = false;
      for (unsigned j = 0; j < d->n; j++)
        found |= named (decl, d->names[j]);
      if (!found)
        {
          error_at (d->clause, "%qD has an %<inscan%> reduction but is not "
                    "in the list of %<#pragma omp scan%>; add it", decl);
          return false;
        }
    }
  for (unsigned k = first; k < m.around.length (); k++)
    {
      gimple *s = m.around[k];
      tree *pc = clauses_of (s);
      if (!pc)
        continue;
      bool level = loop_level (s);
      hash_set<tree> has;
      for (tree *c = pc; *c; c = &OMP_CLAUSE_CHAIN (*c))
        {
          if (OMP_CLAUSE_CODE (*c) != OMP_CLAUSE_REDUCTION
              || !models.get (OMP_CLAUSE_DECL (*c)))
            continue;
          has.add (OMP_CLAUSE_DECL (*c));
          if (level)
            OMP_CLAUSE_REDUCTION_INSCAN (*c) = 1;
          else
            {
              tree shared = build_omp_clause (OMP_CLAUSE_LOCATION (*c),
                                              OMP_CLAUSE_SHARED);
              OMP_CLAUSE_DECL (shared) = OMP_CLAUSE_DECL (*c);
              OMP_CLAUSE_CHAIN (shared) = OMP_CLAUSE_CHAIN (*c);
              *c = shared;
            }
        }
      /* A loop level GCC gave no reduction of the variable (the
         worksharing loop of `parallel for') takes one too.  */
      for (tree decl : *decls)
        if (level && !has.contains (decl))
          {
            tree c = copy_node (*models.get (decl));
            OMP_CLAUSE_REDUCTION_INSCAN (c) = 1;
            OMP_CLAUSE_CHAIN (c) = *pc;
            *pc = c;
          }
    }
  return true;
}

/* Rebuild the loop of marker M, of directive D; false after an
   error.  */
static bool
rebuild (const marker &m, const scan_teams_directive *d)
{
  location_t loc = d->directive;
  /* The construct the directive's pragma made, outermost where it was
     split, and the loop that holds the marker.  */
  unsigned first = m.around.length ();
  for (unsigned k = 0; k < m.around.length () && first == m.around.length ();
       k++)
    if (gimple_location (m.around[k]) == d->construct)
      first = k;
  gimple *loop = m.around.is_empty () ? NULL
                 : m.around[m.around.length () - 1];
  if (first == m.around.length () || gimple_code (loop) != GIMPLE_OMP_FOR)
    {
      error_at (loc, "%<#pragma omp scan%> stands outside the loop of its "
                "%<inscan%> reduction: it belongs in the loop body, as the "
                "statement that divides its two phases");
      return false;
    }
  for (unsigned k = first; k < m.around.length (); k++)
    switch (gimple_code (m.around[k]))
      {
      case GIMPLE_OMP_TARGET:
      case GIMPLE_OMP_TEAMS:
      case GIMPLE_OMP_PARALLEL:
      case GIMPLE_OMP_FOR:
        break;
      default:
        error_at (loc, "%<#pragma omp scan%> stands inside another "
                  "construct of its loop body; it belongs in the loop body "
                  "itself, between the loop%'s two phases");
        return false;
      }
  if (m.seq != scan_phases_at (gimple_omp_body_ptr (loop))
      || crossed (*m.seq, m.call))
    {
      error_at (loc, "%<#pragma omp scan%> stands inside a statement of "
                "its loop body; it belongs in the loop body itself, between "
                "the loop%'s two phases");
      return false;
    }
  auto_vec<tree> decls;
  if (!move_reductions (m, first, d, &decls))
    return false;

  gimple_seq before = NULL, after = NULL;
  bool past = false;
  for (gimple_stmt_iterator g = gsi_start (*m.seq); !gsi_end_p (g);)
    {
      gimple *s = gsi_stmt (g);
      gsi_remove (&g, false);
      if (s == m.call)
        past = true;
      else
        gimple_seq_add_stmt (past ? &after : &before, s);
    }
  tree list = NULL_TREE;
  for (unsigned k = decls.length (); k-- > 0;)
    {
      tree c = build_omp_clause (d->clause, d->exclusive
                                            ? OMP_CLAUSE_EXCLUSIVE
                                            : OMP_CLAUSE_INCLUSIVE);
      OMP_CLAUSE_DECL (c) = decls[k];
      OMP_CLAUSE_CHAIN (c) = list;
      list = c;
    }
  gimple *input = gimple_build_omp_scan (before, NULL_TREE);
  gimple *scan = gimple_build_omp_scan (after, list);
  gimple_set_location (input, loc);
  gimple_set_location (scan, loc);
  gimple_seq_add_stmt (m.seq, input);
  gimple_seq_add_stmt (m.seq, scan);
  rebuilt.put (loop, false);
  for (unsigned k = first; k + 1 < m.around.length (); k++)
    if (gimple_code (m.around[k]) == GIMPLE_OMP_FOR)
      outer_loops.add (m.around[k]);
  return true;
}

/* Say, at each construct in *BODY whose inscan reduction read/teams.cc
   read as a plain one, which no rebuilt loop of CLAIMED holds, that it
   has no loop with a directive; GCC would reject it.  */
static void
check_unclaimed (gimple_seq *body, hash_set<gimple *> &claimed)
{
  scanomp_walk (body, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      if (is_gimple_omp (s) && !claimed.contains (s)
          && scanomp_teams_construct (gimple_location (s)))
        {
          error_at (gimple_location (s), "an %<inscan%> reduction on this "
                    "construct needs a loop with %<#pragma omp scan%> "
                    "between the two phases of its body, as in %<target "
                    "teams distribute parallel for%>");
          return WALK_PAST;
        }
      return WALK_INTO;
    });
}

void
scanomp_teams_rebuild (gimple_seq *body)
{
  rebuilt.empty ();
  outer_loops.empty ();
  auto_vec<marker> markers;
  auto_vec<gimple *> around;
  find_markers (body, &around, &markers);
  hash_set<gimple *> claimed;
  for (marker &m : markers)
    {
      const scan_teams_directive *d
        = scanomp_teams_marker (gimple_location (m.call));
      for (gimple *s : m.around)
        claimed.add (s);
      if (!rebuild (m, d))
        {
          gimple_stmt_iterator g = gsi_for_stmt (m.call, m.seq);
          gsi_remove (&g, true);
        }
      m.around.release ();
    }
  check_unclaimed (body, claimed);
}

bool
scanomp_teams_holds (gimple *s, bool *other)
{
  *other = false;
  gomp_for *loop = scan_find_loop (gimple_omp_body (s), other);
  return loop && scanomp_teams_loop (loop);
}

bool
scanomp_teams_loop (gimple *loop)
{
  return rebuilt.get (loop) != NULL;
}

void
scanomp_teams_declined (gimple *loop)
{
  if (bool *said = rebuilt.get (loop))
    *said = true;
}

/* Make LOOP plain again: its phases one body, its reductions no inscan
   ones.  */
static void
make_plain (gimple *loop)
{
  scanomp_flatten_phases (gimple_omp_body_ptr (loop));
  for (tree c = gimple_omp_for_clauses (loop); c; c = OMP_CLAUSE_CHAIN (c))
    if (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_REDUCTION)
      OMP_CLAUSE_REDUCTION_INSCAN (c) = 0;
}

void
scanomp_teams_finish (gimple_seq *body)
{
  if (rebuilt.is_empty ())
    return;
  scanomp_walk (body, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      if (outer_loops.contains (s))
        make_plain (s);
      bool *said = rebuilt.get (s);
      if (!said)
        return WALK_INTO;
      if (!*said)
        error_at (gimple_location (s), "the plugin cannot take this inscan "
                  "loop, whose construct GCC rejects %<inscan%> on: write "
                  "%<#pragma omp target%> around a %<parallel for%> that "
                  "carries the reduction");
      make_plain (s);
      return WALK_INTO;
    });
  rebuilt.empty ();
  outer_loops.empty ();
}
