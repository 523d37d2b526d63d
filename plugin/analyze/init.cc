/* SPDX-License-Identifier: GPL-3.0-or-later */
/* init.cc: the initialization phase of an inscan loop (OpenMP 6.0's
   `#pragma omp scan init_complete', which read/init.cc keeps from GCC's
   parser), found in high GIMPLE.

   Before an inclusive scan the phase is the start of the input phase, and
   nothing changes: GCC, and the plugin, run it as such.  Before an
   exclusive scan it is the start of the first GIMPLE_OMP_SCAN, before
   the scan phase, and its private values are for the input phase after
   the directive:

     t = c[k];  |  c[k] = x;  |  #pragma omp scan exclusive (x)  |  x += t;

   The plugin runs it before each of the other phases: the input phase
   that yields what the iteration contributes starts with a copy of it,
   and the scan phase with it; the host path's scan function, which runs
   an iteration's scan phase and then its input phase, runs it once, as
   the sequential loop does.  So the phase may read what the scan phase
   then overwrites (c[k] above), but not store, nor read the scan
   variables.  GCC's own lowering would run the input phase without it:
   such a loop has no fallback in GCC, and whatever keeps the plugin from
   taking it is an error.

   The directive leaves no statement behind: the phase is the statements
   written before it, which their locations tell.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "diagnostic-core.h"

#include "analyze/reader.h"
#include "read/read.h"

location_t
scanomp_init_end (gimple *s)
{
  gomp_scan *scan = dyn_cast<gomp_scan *> (s);
  tree c = scan ? gimple_omp_scan_clauses (scan) : NULL_TREE;
  if (!c || OMP_CLAUSE_CODE (c) != OMP_CLAUSE_EXCLUSIVE)
    return UNKNOWN_LOCATION;
  return scanomp_init_complete (gimple_location (s));
}

location_t
scanomp_construct_init_end (gimple *construct)
{
  location_t end = UNKNOWN_LOCATION;
  gimple_seq body = gimple_omp_body (construct);
  scanomp_walk (&body, [&] (gimple_stmt_iterator *g) {
      end = scanomp_init_end (gsi_stmt (*g));
      return end != UNKNOWN_LOCATION ? WALK_STOP : WALK_INTO;
    });
  return end;
}

/* Which side of END, written at E, LOC was written on: 1 before, 2
   after, 3 where it cannot tell (another file, the same place), 0 where
   LOC is unknown.  */
static int
side_of (location_t loc, expanded_location e)
{
  if (loc == UNKNOWN_LOCATION)
    return 0;
  expanded_location x = scanomp_written (loc);
  if (!x.file || !e.file || strcmp (x.file, e.file)
      || (x.line == e.line && x.column == e.column))
    return 3;
  return (x.line < e.line || (x.line == e.line && x.column < e.column))
         ? 1 : 2;
}

bool
scan_in_init (const scan_loop *l, location_t loc)
{
  return (l->init_end != UNKNOWN_LOCATION
          && side_of (loc, scanomp_written (l->init_end)) == 1);
}

/* What the walks of one statement below gather.  */
struct stmt_facts
{
  expanded_location end;
  int sides;
  hash_set<tree> *defs, *targets;
};

/* walk_gimple_stmt callback: gather the facts of the statement at GSI
   into WI's stmt_facts (see sides and note_labels).  */
static tree
gather (gimple_stmt_iterator *gsi, bool *handled, struct walk_stmt_info *wi)
{
  (void) handled;
  stmt_facts *f = (stmt_facts *) wi->info;
  gimple *t = gsi_stmt (*gsi);
  f->sides |= side_of (gimple_location (t), f->end);
  if (glabel *l = dyn_cast<glabel *> (t))
    f->defs->add (gimple_label_label (l));
  else if (gcond *c = dyn_cast<gcond *> (t))
    {
      f->targets->add (gimple_cond_true_label (c));
      f->targets->add (gimple_cond_false_label (c));
    }
  else if (gimple_code (t) == GIMPLE_GOTO)
    f->targets->add (gimple_goto_dest (t));
  else if (gswitch *w = dyn_cast<gswitch *> (t))
    for (unsigned k = 0; k < gimple_switch_num_labels (w); k++)
      f->targets->add (CASE_LABEL (gimple_switch_label (w, k)));
  return NULL_TREE;
}

/* Which sides of END the statement at G and those it holds were written
   on: 1 before, 2 after, 3 both or where it cannot tell (another file,
   the same place), 0 where none has a location.  The labels they define
   go into DEFS, those they go to into TARGETS.  */
static int
sides (gimple_stmt_iterator g, location_t end, hash_set<tree> *defs,
       hash_set<tree> *targets)
{
  stmt_facts f = { scanomp_written (end), 0, defs, targets };
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &f;
  walk_gimple_stmt (&g, gather, NULL, &wi);
  return f.sides;
}

/* Whether any of SET is in OTHER.  */
static bool
meets (hash_set<tree> &set, hash_set<tree> &other)
{
  for (tree t : set)
    if (other.contains (t))
      return true;
  return false;
}

/* walk_gimple_op callback: whether *TP is one of the scan variables of
   the loop whose items WI's info has (a vec).  */
static tree
find_scan_var (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (((vec<tree> *) wi->info)->contains (*tp))
    return *tp;
  return NULL_TREE;
}

bool
scan_split_init (scan_loop *l, gimple *first, gimple *second)
{
  location_t end = l->init_end;
  gimple_seq seq = gimple_omp_body (first);
  while (gimple_seq_singleton_p (seq)
         && gimple_code (gimple_seq_first_stmt (seq)) == GIMPLE_BIND)
    seq = gimple_bind_body (as_a<gbind *> (gimple_seq_first_stmt (seq)));
  /* The phase: the statements up to the first written after END, which
     must be the scan phase's alone, as those after it.  */
  hash_set<tree> init_defs, init_targets, rest_defs, rest_targets;
  gimple_seq init = NULL;
  gimple_stmt_iterator g = gsi_start (seq);
  for (; !gsi_end_p (g); gsi_next (&g))
    {
      hash_set<tree> defs, targets;
      if (sides (g, end, &defs, &targets) & 2)
        break;
      sides (g, end, &init_defs, &init_targets);
      gimple_seq_add_stmt_without_update (&init, gimple_copy (gsi_stmt (g)));
    }
  bool ok = true;
  for (; !gsi_end_p (g); gsi_next (&g))
    ok &= !(sides (g, end, &rest_defs, &rest_targets) & 1);
  if (!ok || meets (init_targets, rest_defs) || meets (rest_targets, init_defs))
    {
      error_at (end, "cannot tell the initialization phase from the scan "
                "phase at %<#pragma omp scan init_complete%>: write it "
                "between the statements of the loop body, with no jump "
                "across it, outside any macro");
      return false;
    }
  /* The input phase that yields what the iteration contributes runs
     with the scan variables at their identities, where the sequential
     loop has the prefixes.  */
  auto_vec<tree> vars;
  for (unsigned k = 0; k < l->n; k++)
    if (l->items[k].op != SCAN_OP_LAST)
      vars.safe_push (l->items[k].var);
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &vars;
  if (walk_gimple_seq (init, NULL, find_scan_var, &wi))
    {
      error_at (gimple_location (gsi_stmt (wi.gsi)), "the initialization "
                "phase uses %qE, a scan variable, which has no value of the "
                "scan there; use it after %<#pragma omp scan "
                "init_complete%>", wi.callback_result);
      return false;
    }
  l->input_phase = gimple_omp_body (second);
  l->input = init;
  gimple_seq_add_seq_without_update (&l->input,
                                     gimple_seq_copy (l->input_phase));
  l->output = gimple_omp_body (first);
  return true;
}
