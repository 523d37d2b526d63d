/* SPDX-License-Identifier: GPL-3.0-or-later */
/* lower.cc: replace a scan construct with a call into libscanrt, keeping
   the loop, run sequentially, as the fallback.

   `#pragma omp [target ...] parallel for' around the loop becomes, in the
   function itself (all OpenMP constructs around the loop removed):

     <the omp for's pre-body: its bound temporaries>
     n = trip count;  if (n <= 0) goto done;
     [if (!target-if-condition) goto fallback;]
     lo_k, hi_k = byte extents of each array over the iterations;
     args = { array k: (base + lo_k, hi_k - lo_k), &lo_k; &first; &scalars };
     from = first;
     seed = y[first - step];
     status = SCANRT_scan (&desc, device, threads, 0, n, &seed, &total,
                          args, &done);
     if (status < 0) exit (1);      OpenMP allows no fallback (MANDATORY)
     if (status > 0) { from = first + done * step; if (!done) goto fallback; }
     variables = total;
     if (status == 0) goto done;
   fallback:
     for (i = from; i COND bound; i += step) body;
   done:

   desc is a static SCANRT_desc (desc.cc) holding the kernel source from
   emit.cc and the host path's functions from host.cc; call.cc builds
   the code up to the fallback; threads is what the loop's
   `parallel' asks of the host path (num_threads, if).
   The sequence replaces the GIMPLE_OMP_FOR inside the construct's binds,
   and the binds replace the construct, so every variable stays in
   scope.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "gimplify.h"
#include "fold-const.h"
#include "diagnostic-core.h"

#include "lower/lowering.h"
#include "analyze/analyze.h"
#include "scanrt.h"
#include "scanrt-abi.h"

/* The sequential loop of L: its index from FROM while the condition
   holds, the body (an inscan loop's phases in their order), the
   step.  */
static gimple_seq
sequential_loop (scan_loop *l, tree from)
{
  gimple_seq seq = NULL;
  tree body_label = create_artificial_label (UNKNOWN_LOCATION);
  tree cond_label = create_artificial_label (UNKNOWN_LOCATION);
  tree exit_label = create_artificial_label (UNKNOWN_LOCATION);
  gimplify_assign (l->iv, from, &seq);
  gimple_seq_add_stmt (&seq, gimple_build_goto (cond_label));
  gimple_seq_add_stmt (&seq, gimple_build_label (body_label));
  gimple_seq body = gimple_omp_body (l->loop);
  gimple_omp_set_body (l->loop, NULL);
  if (l->inscan)
    scanomp_flatten_phases (&body);
  gimple_seq_add_seq (&seq, body);
  gimplify_assign (l->iv, unshare_expr (gimple_omp_for_incr (l->loop, 0)),
                   &seq);
  gimple_seq_add_stmt (&seq, gimple_build_label (cond_label));
  tree ub = scanomp_value (l->ub, &seq);
  gimple_seq_add_stmt (&seq, gimple_build_cond (l->cond, l->iv, ub,
                                                body_label, exit_label));
  gimple_seq_add_stmt (&seq, gimple_build_label (exit_label));
  return seq;
}

/* Give the sequential fallback LOOP of L a copy of its own of each
   variable that OpenMP gives each thread one of, so that the originals
   end as OpenMP leaves them: the private and firstprivate variables
   (copied in), the index, and the lastprivate and reduction variables
   whose values do not reach the host (see reaches_host).  Returns the
   copies' initialization, then LOOP.  */
static gimple_seq
privatize (scan_loop *l, gimple_seq loop)
{
  scan_copies cp;
  cp.clause = l->clause;
  scan_gather_copies (l->construct, l->iv, &cp);
  hash_map<tree, tree> copies;
  gimple_seq seq = NULL;
  auto copy = [&] (tree v, bool in) {
    tree type = TREE_TYPE (v);
    if (copies.get (v) || TREE_CODE (type) == REFERENCE_TYPE
        || !TYPE_SIZE_UNIT (type) || TREE_CODE (TYPE_SIZE_UNIT (type)) != INTEGER_CST)
      return;
    tree c = scanomp_tmp_var (type, "scan_private");
    TREE_ADDRESSABLE (c) = TREE_ADDRESSABLE (v);
    copies.put (v, c);
    if (in)
      gimplify_assign (c, v, &seq);
  };
  for (tree v : cp.priv)
    copy (v, false);
  for (tree v : cp.first)
    if (!cp.last.contains (v) || !lower_reaches_host (l, v))
      copy (v, true);
  for (tree v : cp.last)
    if (!lower_reaches_host (l, v))
      copy (v, false);
  for (tree c : cp.reductions)
    if (!lower_reaches_host (l, OMP_CLAUSE_DECL (c)))
      copy (OMP_CLAUSE_DECL (c), true);
  if (!l->final_iv || !lower_reaches_host (l, l->final_iv))
    copy (l->iv, false);
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &copies;
  walk_gimple_seq_mod (&loop, NULL, scanomp_replace_vars, &wi);
  gimple_seq_add_seq (&seq, loop);
  return seq;
}

/* The position of STMT in *SEQ or in the sequences nested in it.  */
static bool
find_stmt (gimple_seq *seq, gimple *stmt, gimple_stmt_iterator *out)
{
  return scanomp_walk (seq, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      if (s == stmt)
        {
          *out = *g;
          return WALK_STOP;
        }
      switch (gimple_code (s))
        {
        case GIMPLE_BIND:
        case GIMPLE_TRY:
        case GIMPLE_OMP_PARALLEL:
        case GIMPLE_OMP_TEAMS:
        case GIMPLE_OMP_TARGET:
        case GIMPLE_OMP_FOR:
          return WALK_INTO;
        default:
          return WALK_PAST;
        }
    });
}

/* Replace every OpenMP construct in *SEQ by its body, through binds.
   The loops left are the outer ones of combined constructs (distribute
   around parallel for, for around simd): they run a private copy of the
   index over the same range, so their bodies stand for them, after their
   pre-bodies.  */
static void
unwrap (gimple_seq *seq)
{
  gimple_stmt_iterator g = gsi_start (*seq);
  while (!gsi_end_p (g))
    {
      gimple *s = gsi_stmt (g);
      switch (gimple_code (s))
        {
        case GIMPLE_OMP_PARALLEL:
        case GIMPLE_OMP_TEAMS:
        case GIMPLE_OMP_TARGET:
        case GIMPLE_OMP_FOR:
          {
            gimple_seq body = NULL;
            if (gimple_code (s) == GIMPLE_OMP_FOR)
              {
                body = gimple_omp_for_pre_body (s);
                gimple_omp_for_set_pre_body (s, NULL);
              }
            gimple_seq_add_seq (&body, gimple_omp_body (s));
            gimple_omp_set_body (s, NULL);
            unwrap (&body);
            gsi_replace_with_seq (&g, body, false);
            continue;
          }
        case GIMPLE_BIND:
          unwrap (gimple_bind_body_ptr (as_a<gbind *> (s)));
          break;
        case GIMPLE_TRY:
          unwrap (gimple_try_eval_ptr (s));
          break;
        default:
          break;
        }
      gsi_next (&g);
    }
}

/* SEQ, which goes on at label TO_FALLBACK or TO_DONE, run by one thread
   of the team in an `omp single' that tells every thread which way it
   went, so that all go on at FALLBACK or all at DONE: an orphaned inscan
   loop's fallback, GCC's own worksharing loop, is met by the whole team
   or by none of it.  */
static gimple_seq
decided_by_one (gimple_seq seq, tree to_fallback, tree to_done,
                tree fallback, tree done)
{
  tree go = scanomp_tmp_var (integer_type_node, "scan_fallback");
  tree end = create_artificial_label (UNKNOWN_LOCATION);
  gimple_seq_add_stmt (&seq, gimple_build_label (to_fallback));
  gimple_seq_add_stmt (&seq, gimple_build_assign (go, integer_one_node));
  gimple_seq_add_stmt (&seq, gimple_build_goto (end));
  gimple_seq_add_stmt (&seq, gimple_build_label (to_done));
  gimple_seq_add_stmt (&seq, gimple_build_assign (go, integer_zero_node));
  gimple_seq_add_stmt (&seq, gimple_build_label (end));
  tree broadcast = build_omp_clause (UNKNOWN_LOCATION,
                                     OMP_CLAUSE_COPYPRIVATE);
  OMP_CLAUSE_DECL (broadcast) = go;
  gimple_seq all = gimple_seq_alloc_with_stmt (gimple_build_omp_single
                                               (seq, broadcast));
  gimple_seq_add_stmt (&all, gimple_build_cond (NE_EXPR, go,
                                                integer_zero_node, fallback,
                                                done));
  return all;
}

void
scanomp_lower (scan_loop *l, const scan_outline *o,
               gimple_stmt_iterator *gsi)
{
  if (o->host[0] && !scanomp_on_host (l) && scanomp_options.verbose)
    inform (scanomp_where (l), "where it falls back to the host, it takes "
            "the host path: the threads of OpenMP, through functions "
            "compiled from the loop");
  unsigned nargs;
  tree desc = lower_desc (l, o, &nargs);
  /* What takes the construct's place waits for its task's
     dependences.  */
  if (gimple *wait = scanomp_depend_wait (l->construct))
    gsi_insert_before (gsi, wait, GSI_SAME_STMT);

  /* The temporaries are locals of a bind around the new code, so that an
     OpenMP region around the construct (a `parallel' holding a target
     loop, say) gives each thread its own.  They are variables, not SSA
     names: the function is not in SSA form yet, and GCC 11's outlining of
     the region would leave SSA names made now in the function it leaves
     (cc1 then crashes in ccp).  */
  push_gimplify_context ();
  tree fallback = create_artificial_label (UNKNOWN_LOCATION);
  tree done = create_artificial_label (UNKNOWN_LOCATION);
  if (l->inscan && l->init_end == UNKNOWN_LOCATION && !l->teams
      && !l->crashes_gcc)
    {
      /* The construct stays as it is, for GCC to run on host threads when
         the device declines.  One with an initialization phase GCC would
         run wrong (analyze/init.cc), on a construct GCC rejects inscan
         on (analyze/teams.cc), or a simd loop inside target, whose
         lowering crashes cc1: its fallback is the sequential loop, as a
         scan clause's.  */
      bool orphan = scanomp_orphan (l);
      tree to_fallback = orphan ? create_artificial_label (UNKNOWN_LOCATION)
                                : fallback;
      tree to_done = orphan ? create_artificial_label (UNKNOWN_LOCATION)
                            : done;
      gimple_seq seq = lower_call (l, o->seed_type, desc, nargs,
                                   NULL_TREE, to_fallback, to_done,
                                   o->host[0] != NULL_TREE);
      if (orphan)
        seq = decided_by_one (seq, to_fallback, to_done, fallback, done);
      gbind *bind = gimple_build_bind (NULL_TREE, seq, NULL_TREE);
      pop_gimplify_context (bind);
      gsi_insert_before (gsi, bind, GSI_SAME_STMT);
      gsi_insert_before (gsi, gimple_build_label (fallback), GSI_SAME_STMT);
      gsi_insert_after (gsi, gimple_build_label (done), GSI_SAME_STMT);
      return;
    }
  gimple_seq seq = gimple_omp_for_pre_body (l->loop);
  gimple_omp_for_set_pre_body (l->loop, NULL);
  /* An inscan loop's fallback starts from its first iteration, as GCC's
     would: what the runtime finished leaves its variables' values
     where the fallback may not see them (a target's firstprivate).  */
  tree resume = l->inscan ? NULL_TREE
                : scanomp_tmp_var (TREE_TYPE (l->iv), "scan_resume");
  gimple_seq_add_seq (&seq, lower_call (l, o->seed_type, desc, nargs,
                                        resume, fallback, done,
                                        o->host[0] != NULL_TREE));
  gimple_seq_add_stmt (&seq, gimple_build_label (fallback));
  gimple_seq_add_seq (&seq, privatize (l, sequential_loop
                                            (l, resume ? resume
                                                : unshare_expr (l->lb))));
  gimple_seq_add_stmt (&seq, gimple_build_label (done));
  gbind *bind = gimple_build_bind (NULL_TREE, seq, NULL_TREE);
  pop_gimplify_context (bind);

  if (scanomp_orphan (l))
    {
      /* An orphaned `omp for' in a team that already runs: one thread
         runs the scan, the others wait at the single's barrier, as they
         would at the loop's, and take the host path's tasks there.  */
      gsi_replace (gsi, gimple_build_omp_single (gimple_seq_alloc_with_stmt
                                                 (bind), NULL_TREE),
                   false);
      return;
    }

  /* The loop's place inside the construct gets the new code; then the
     construct gives way to its body.  */
  gimple_seq body = gimple_omp_body (l->construct);
  gimple_stmt_iterator at;
  if (!find_stmt (&body, l->loop, &at))
    gcc_unreachable ();
  gsi_replace (&at, bind, false);
  gimple_omp_set_body (l->construct, NULL);
  unwrap (&body);
  gsi_replace_with_seq (gsi, body, false);
}
