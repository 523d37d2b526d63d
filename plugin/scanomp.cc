/* SPDX-License-Identifier: GPL-3.0-or-later */
/* scanomp.cc: the scanomp GCC plugin.  It adds the OpenMP clause
   `scan(op: list)' and turns the loops that carry it into OpenCL kernels
   run by libscanrt:

     #pragma omp parallel for scan(+: y)
     for (int i = 1; i < n; i++)
       y[i] = y[i-1] + x[i-1];

   and turns OpenMP's own inscan reductions into the same.  The plugin
   works in stages, one folder each, each using only those below it:

     read/       the clause, read out of the pragma in the preprocessor;
     analyze/    the loop that carries it, found in high GIMPLE before
                 omplower and checked, into the loop record (base/loop.h);
     rewrite/    the loop's body rewritten into what it computes, where
                 the analysis asks: calls inlined, fields and temporaries
                 read through, an if/else's stores of y[i] made one;
     opencl/     the loop as OpenCL C hooks for libscanrt's kernels;
     host/       the loop as the host path's functions;
     lower/      which of those the loop runs on, and the call into
                 libscanrt that replaces it;
     diagnose/   what the plugin says of the rest of the function: loops
                 that race on y[i-1], initialization phases GCC would run
                 wrong;
     base/       the loop record, what the stages share, and what differs
                 between the GCCs the plugin builds for (11 to 16).

   This file registers the plugin and its GIMPLE pass, which finds each
   construct that carries a clause or holds an inscan loop and takes it
   through the stages, and has diagnose/ look at the rest.

   Options:
     -fplugin-arg-scanomp-help        print the options and exit
     -fplugin-arg-scanomp-version     print the version and exit
     -fplugin-arg-scanomp-verbose     a note for each offloaded loop
     -fplugin-arg-scanomp-dump=DIR    write each generated kernel source to
                                      DIR/FILE-LINE.cl
     -fplugin-arg-scanomp-inscan=off  leave OpenMP's inscan reductions to
                                      GCC (default: offload them too)
     -fplugin-arg-scanomp-data=all    lower `target data', `enter data',
                                      `exit data' and `update' for the
                                      scans in every unit (default: in
                                      units that hold a scan loop)
     -fplugin-arg-scanomp-races=off   no warning at parallel loops that
                                      compute y[i] from y[i-1] (default:
                                      warn; -w silences it too)

   Example (scanomp.specs adds the same, the README says where it is):
     gcc -fopenmp -fplugin=/usr/local/lib/scanomp/scanomp.so prog.c -lscanrt  */

#include "gcc-plugin.h"
#include "plugin-version.h"
#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "diagnostic-core.h"
#include "diagnostic.h"
#include "options.h"

#include "read/read.h"
#include "analyze/analyze.h"
#include "diagnose/diagnose.h"
#include "lower/lower.h"
#include "scanrt.h"

/* The two names GCC looks up in the plugin, the only ones it exports
   (Makefile.am builds it with -fvisibility=hidden).  */
#define SCANOMP_EXPORT __attribute__ ((visibility ("default")))

SCANOMP_EXPORT int plugin_is_GPL_compatible;

struct scanomp_options scanomp_options;

static struct plugin_info scanomp_info = {
  SCANRT_VERSION,
  "scanomp: #pragma omp parallel for scan(op: list) on OpenCL devices\n"
  "  -fplugin-arg-scanomp-help        print this help\n"
  "  -fplugin-arg-scanomp-version     print the version\n"
  "  -fplugin-arg-scanomp-verbose     a note for each offloaded loop\n"
  "  -fplugin-arg-scanomp-dump=DIR    write each kernel's OpenCL C to DIR\n"
  "  -fplugin-arg-scanomp-inscan=off  leave reduction(inscan) loops to GCC\n"
  "  -fplugin-arg-scanomp-data=all    map target data for scans in every unit\n"
  "  -fplugin-arg-scanomp-races=off   no warning at parallel loops that race\n"
};

/* A construct carrying a clause, and the sequence that holds it.  */
struct found
{
  gimple *construct;
  gimple_seq *seq;
  scan_clause *clause;       /* NULL for an inscan reduction */
};

/* The clause of a parallel, teams or for construct inside target body
   SEQ, not looking into other constructs' insides.  */
static scan_clause *
clause_inside (gimple_seq seq)
{
  scan_clause *c = NULL;
  scanomp_walk (&seq, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      switch (gimple_code (s))
        {
        case GIMPLE_BIND:
          return WALK_INTO;
        case GIMPLE_OMP_PARALLEL:
        case GIMPLE_OMP_TEAMS:
        case GIMPLE_OMP_FOR:
          if ((c = scanomp_find_clause (gimple_location (s))))
            return WALK_STOP;
          return gimple_code (s) != GIMPLE_OMP_PARALLEL ? WALK_INTO
                                                        : WALK_PAST;
        default:
          return WALK_PAST;
        }
    });
  return c;
}

/* Whether parallel construct S holds an orphaned inscan `omp for' that
   collect takes on its own (outside any target).  */
static bool
holds_orphan (gimple *s)
{
  gimple_seq body = gimple_omp_body (s);
  return scanomp_walk (&body, [&] (gimple_stmt_iterator *g) {
      bool other;
      gimple *t = gsi_stmt (*g);
      if (gimple_code (t) == GIMPLE_OMP_FOR && scanomp_has_inscan (t, &other))
        return WALK_STOP;
      return WALK_INTO;
    });
}

/* Collect the constructs in *SEQ that carry a clause or hold an inscan
   loop; IN_TARGET when *SEQ is inside a target region.  */
static void
collect (gimple_seq *seq, vec<found> *out, bool in_target)
{
  scanomp_walk (seq, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      scan_clause *c = NULL;
      switch (gimple_code (s))
        {
        case GIMPLE_OMP_TARGET:
          c = scanomp_find_clause (gimple_location (s));
          if (!c)
            c = clause_inside (gimple_omp_body (s));
          break;
        case GIMPLE_OMP_PARALLEL:
        case GIMPLE_OMP_TEAMS:
        case GIMPLE_OMP_FOR:
          c = scanomp_find_clause (gimple_location (s));
          break;
        default:
          /* A clause on any other construct (from _Pragma, whose kind the
             preprocessor cannot see).  */
          if (is_gimple_omp (s)
              && (c = scanomp_find_clause (gimple_location (s))))
            {
              c->used = true;
              error_at (c->loc, "the %<scan%> clause belongs on a loop: put "
                        "it on %<#pragma omp parallel for%>, %<target "
                        "parallel for%> or %<target teams distribute "
                        "parallel for%>");
            }
          c = NULL;
          break;
        }
      /* An inscan loop: of a parallel construct that holds it alone, of a
         target construct, or an orphaned `omp for' outside any target (in
         a larger parallel region, or in a function called from one).  */
      bool other = false;
      bool inscan = false;
      if (!c)
        switch (gimple_code (s))
          {
          case GIMPLE_OMP_PARALLEL:
            inscan = scanomp_has_inscan (s, &other);
            /* The walk goes on into it, and may take an orphaned loop
               there.  */
            if (inscan && other && scanomp_options.verbose
                && (in_target || !holds_orphan (s)))
              inform (gimple_location (s), "this inscan loop is left to "
                      "GCC%'s own implementation: its construct holds more "
                      "than the loop");
            inscan &= !other;
            break;
          case GIMPLE_OMP_TARGET:
            inscan = scanomp_has_inscan (s, &other);
            break;
          case GIMPLE_OMP_TEAMS:
            /* Host teams, whose distribute loop holds the loop of the
               extension (analyze/teams.cc): the teams run it as one.  */
            inscan = !in_target && scanomp_teams_holds (s, &other);
            break;
          case GIMPLE_OMP_FOR:
            inscan = !in_target && scanomp_has_inscan (s, &other);
            break;
          default:
            break;
          }
      if (c || inscan)
        {
          if (c)
            c->used = true;
          found f = { s, g->seq, c };
          out->safe_push (f);
          return WALK_PAST;
        }
      if (gimple_code (s) == GIMPLE_OMP_PARALLEL
          && scanomp_clause_seen (gimple_location (s)))
        {
          /* Never let a loop meant for a scan run as a plain parallel
             loop.  */
          error_at (gimple_location (s), "cannot tell which %<scan%> clause "
                    "belongs to this construct; write the pragma of each "
                    "scan loop on a line of its own");
          return WALK_PAST;
        }
      if (gimple_code (s) == GIMPLE_OMP_TARGET && !in_target)
        {
          collect (gimple_omp_body_ptr (s), out, true);
          return WALK_PAST;
        }
      return WALK_INTO;
    });
}

/* Write SOURCE, the kernels of the loop at LOC (its clause, or its
   construct for an inscan loop), to the dump directory; return the path
   written, or NULL.  Every instance of a C++ template has its own kernel:
   the second one at a place goes to FILE-LINE-2.cl, and so on.  */
static char *
dump_source (location_t loc, const char *source)
{
  static hash_map<int_hash<location_t, UNKNOWN_LOCATION, UINT_MAX>,
                  unsigned> written;
  if (!scanomp_options.dump_dir)
    return NULL;
  expanded_location where = expand_location (loc);
  unsigned &count = written.get_or_insert (loc);
  char *path = count++ ? xasprintf ("%s/%s-%d-%u.cl",
                                    scanomp_options.dump_dir,
                                    lbasename (where.file), where.line,
                                    count)
                       : xasprintf ("%s/%s-%d.cl", scanomp_options.dump_dir,
                                    lbasename (where.file), where.line);
  FILE *f = fopen (path, "w");
  if (!f || fputs (source, f) < 0 || fclose (f) != 0)
    {
      error_at (loc, "cannot write the kernel source to %qs: %m",
                path);
      free (path);
      return NULL;
    }
  return path;
}

/* Gather into L what the kernel of its array IT, which ONE has read
   apart, takes beside the others': every array and scalar it reads or
   writes, which reads are its y[i-1] or its scanned value (each
   reading flags its own array's), and a store beside the arrays that
   depends on its y[i-1].  */
static void
merge (scan_loop *l, const scan_loop *one, const scan_item *it)
{
  for (tree b : one->bases)
    if (!l->bases.contains (b))
      l->bases.safe_push (b);
  for (tree s : one->scalars)
    if (!l->scalars.contains (s))
      l->scalars.safe_push (s);
  if (!l->output_from_prev)
    l->output_from_prev = one->output_from_prev;
  for (unsigned a = 0; a < l->accesses.length (); a++)
    if (l->accesses[a].base == it->var)
      {
        l->accesses[a].prev = one->accesses[a].prev;
        l->accesses[a].lag = one->accesses[a].lag;
        l->accesses[a].after = one->accesses[a].after;
      }
}

/* Read the loop of clause construct F into L, an item per array, each
   read on its own (the first into L, the others into a record of their
   own that is merged into it), then one per reduction and lastprivate
   variable beside the clause; false after an error.  */
static bool
analyze_clause (found &f, scan_loop *l)
{
  unsigned n = f.clause->nvars;
  l->clause = f.clause;
  l->items = XCNEWVEC (scan_item, n + scanomp_max_vars);
  for (unsigned k = 0; k < n; k++)
    {
      scan_item *it = &l->items[k];
      scan_loop one;
      memset (&one, 0, sizeof one);
      one.clause = f.clause;
      l->n = k + 1;
      bool ok = scanomp_analyze (k ? &one : l, it, f.construct, k);
      if (ok && k)
        merge (l, &one, it);
      scanomp_release (&one);
      if (!ok && it->folded)
        {
          /* Nothing to scan: each y[i] is the constant, in parallel as
             GCC runs the loop.  */
          warning_at (f.clause->loc, 0, "GCC folded the update of %qs to "
                      "the constant %qE (as %<y[i-1] * 0%> or %<y[i-1] && "
                      "0%> fold), which leaves no dependence to scan: the "
                      "loop runs as a plain parallel loop; drop %qs from "
                      "the clause", it->var_name, it->folded, it->var_name);
          return false;
        }
      if (!ok)
        return false;
      for (unsigned j = 0; j < k; j++)
        if (l->items[j].var == it->var)
          {
            error_at (f.clause->loc, "%qs is listed twice in the %<scan%> "
                      "clause", it->var_name);
            return false;
          }
    }
  scanomp_clause_vars (l);
  for (unsigned k = 0; k < n && l->n > 1; k++)
    if (l->items[k].form != SCAN_FORM_PLAIN)
      {
        error_at (f.clause->loc, "%qs is scanned as %s, which a %<scan%> "
                  "clause computes alone; scan the other arrays and "
                  "reductions in a loop of their own", l->items[k].var_name,
                  l->items[k].form == SCAN_FORM_AFFINE
                  ? "a linear recurrence" : "segments");
        return false;
      }
  return true;
}

static void
offload (found &f)
{
  scan_loop l;
  memset (&l, 0, sizeof l);
  unsigned n = f.clause->nvars;
  scan_outline o;
  if (analyze_clause (f, &l) && scanomp_outline (&l, &o))
    {
      char *path = o.source ? dump_source (f.clause->loc, o.source)
                            : NULL;
      char *detail = scanomp_route_detail (&l, &o, path);
      for (unsigned k = 0; k < n && scanomp_options.verbose; k++)
        {
          const scan_item *it = &l.items[k];
          char higher[160];
          int at = snprintf (higher, sizeof higher, "linear recurrence of "
                             "order %u y[i] = ", it->order);
          for (unsigned j = 1; j <= it->order && it->order > 1; j++)
            at += snprintf (higher + at, sizeof higher - at,
                            "a%u(i) * y[i-%u] + ", j, j);
          snprintf (higher + at, sizeof higher - at, "b(i)");
          inform (f.clause->loc, "%<scan(%s: %s)%> %s: %qT elements, %s "
                  "form%s", f.clause->op_name, it->var_name,
                  scanomp_route (&l, &o), it->type,
                  it->in_place ? "in-place"
                  : it->form == SCAN_FORM_AFFINE && it->order > 1 ? higher
                  : it->op == SCAN_OP_USER ? "y[i] = f (y[i-1], E(i))"
                  : it->form == SCAN_FORM_AFFINE
                  ? "linear recurrence y[i] = a(i) * y[i-1] + b(i)"
                  : it->form == SCAN_FORM_SEGMENT
                  ? "segmented y[i] = h(i) ? R(i) : y[i-1] op E(i)"
                  : "y[i] = y[i-1] op E(i)", detail);
        }
      if (l.n > n && scanomp_options.verbose)
        inform (f.clause->loc, "it also computes %u reduction and "
                "lastprivate variable%s", l.n - n, l.n - n > 1 ? "s" : "");
      free (detail);
      free (path);
      gimple_stmt_iterator gsi = gsi_for_stmt (f.construct, f.seq);
      scanomp_lower (&l, &o, &gsi);
      free (o.source);
    }
  scanomp_release (&l);
}

/* Offload the inscan loop of construct F, or leave it to GCC.  */
static void
offload_inscan (found &f)
{
  const unsigned max = 16;
  scan_loop l;
  memset (&l, 0, sizeof l);
  l.items = XCNEWVEC (scan_item, max);
  scan_outline o;
  int errors = errorcount;
  bool ok = (scanomp_analyze_inscan (f.construct, &l, max)
             && scanomp_outline (&l, &o));
  /* A loop GCC would run wrong (analyze/init.cc) is an error; each reason
     the plugin declines one gives its own.  */
  if (!ok && l.init_end != UNKNOWN_LOCATION && errorcount == errors)
    error_at (l.init_end, "the plugin cannot take the loop of this "
              "initialization phase, which GCC does not implement");
  if (!ok && l.crashes_gcc && errorcount == errors)
    error_at (gimple_location (f.construct), "the plugin cannot take this "
              "inscan loop, a %<simd%> loop inside %<target%>, which GCC "
              "cannot compile itself: write %<parallel for%> without "
              "%<simd%>");
  if (!ok && l.teams && errorcount > errors)
    scanomp_teams_declined (l.loop);
  if (ok)
    {
      location_t loc = gimple_location (f.construct);
      char *path = o.source ? dump_source (loc, o.source) : NULL;
      unsigned last = 0, reductions = 0;
      for (unsigned k = 0; k < l.n; k++)
        if (l.items[k].op == SCAN_OP_LAST)
          last++;
        else if (l.items[k].late)
          reductions++;
      char *reduced = reductions ? xasprintf ("%s %u reduction%s",
                                              last ? "," : " and",
                                              reductions,
                                              reductions > 1 ? "s" : "")
                                 : xstrdup ("");
      char *others = last ? xasprintf ("%s and %u lastprivate", reduced,
                                       last)
                          : xstrdup (reduced);
      free (reduced);
      char *detail = scanomp_route_detail (&l, &o, path);
      unsigned scanned = l.n - last - reductions;
      if (scanomp_options.verbose)
        inform (loc, "this inscan loop %s: %u scan variable%s%s, %s%s",
                scanomp_route (&l, &o), scanned, scanned > 1 ? "s" : "",
                others, l.exclusive ? "exclusive" : "inclusive", detail);
      /* GCC rejects it: say whose the loop's meaning is.  */
      if (l.teams && scanomp_options.verbose)
        inform (loc, "an %<inscan%> reduction on a construct with "
                "%<target%>, %<teams%> or %<distribute%> is a scanomp "
                "extension, which GCC alone rejects");
      if (l.teams)
        pedwarn (loc, OPT_Wpedantic, "an %<inscan%> reduction on a "
                 "construct with %<target%>, %<teams%> or %<distribute%> "
                 "is a scanomp extension, which GCC alone rejects");
      free (detail);
      free (others);
      free (path);
      gimple_stmt_iterator gsi = gsi_for_stmt (f.construct, f.seq);
      scanomp_lower (&l, &o, &gsi);
      free (o.source);
    }
  scanomp_release (&l);
}

const pass_data scanomp_pass_data = {
  GIMPLE_PASS, "scanomp", OPTGROUP_OMP, TV_NONE, PROP_gimple_any, 0, 0, 0, 0
};

/* Runs on high GIMPLE before omplower: see analyze.cc.  */
class scanomp_pass : public gimple_opt_pass
{
public:
  scanomp_pass (gcc::context *ctx) : gimple_opt_pass (scanomp_pass_data, ctx)
  {
  }

  bool
  gate (function *) final override
  {
    return flag_openmp;
  }

  unsigned int
  execute (function *fun) final override
  {
    /* Once the compilation has failed, the notes of -verbose about what
       runs where describe nothing that will run.  */
    bool verbose = scanomp_options.verbose;
    if (seen_error ())
      scanomp_options.verbose = false;
    gimple_seq body = gimple_body (fun->decl);
    scanomp_teams_rebuild (&body);
    hash_set<tree> named;
    scanomp_name_devices (&body, &named);
    scanomp_lower_data (&body);
    auto_vec<found> constructs;
    collect (&body, &constructs, false);
    hash_set<gimple *> taken;
    for (found &f : constructs)
      if (f.clause || scanomp_options.inscan)
        taken.add (f.construct);
    scanomp_check_init_phases (&body, taken);
    if (scanomp_options.races)
      {
        hash_set<gimple *> scans;
        for (found &f : constructs)
          scans.add (f.construct);
        scanomp_warn_races (&body, scans);
      }
    for (found &f : constructs)
      if (f.clause)
        offload (f);
      else if (scanomp_options.inscan)
        offload_inscan (f);
    scanomp_gomp_devices (&body, &named);
    scanomp_teams_finish (&body);
    gimple_set_body (fun->decl, body);
    scanomp_options.verbose = verbose;
    return 0;
  }
};

SCANOMP_EXPORT int
plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  if (!plugin_default_version_check (version, &gcc_version))
    {
      /* Say what differs: the configurations by a hash of their
         arguments, which are long.  */
      static const char *const names[] = { "version", "date", "phase",
                                           "revision" };
      const char *built[] = { gcc_version.basever, gcc_version.datestamp,
                              gcc_version.devphase, gcc_version.revision };
      const char *here[] = { version->basever, version->datestamp,
                             version->devphase, version->revision };
      char what[1024] = "";
      for (unsigned k = 0; k < 4; k++)
        if (strcmp (built[k], here[k]))
          snprintf (what + strlen (what), sizeof what - strlen (what),
                    "%s%s %s, not %s", *what ? ", " : "", names[k],
                    built[k], here[k]);
      if (strcmp (gcc_version.configuration_arguments,
                  version->configuration_arguments))
        snprintf (what + strlen (what), sizeof what - strlen (what),
                  "%sconfiguration %08x, not %08x (hashes of the "
                  "arguments gcc -v shows)", *what ? ", " : "",
                  (unsigned) htab_hash_string (gcc_version
                                               .configuration_arguments),
                  (unsigned) htab_hash_string (version
                                               ->configuration_arguments));
      error ("scanomp: this plugin was built for another GCC: %s; rebuild "
             "scanomp with this compiler", what);
      return 1;
    }

  scanomp_options.inscan = true;
  scanomp_options.races = true;
  for (int i = 0; i < info->argc; i++)
    {
      const char *key = info->argv[i].key, *value = info->argv[i].value;
      if (!strcmp (key, "help"))
        {
          fputs (scanomp_info.help, stdout);
          exit (0);
        }
      else if (!strcmp (key, "version"))
        {
          printf ("scanomp %s, plugin for GCC %s\n", SCANRT_VERSION,
                  gcc_version.basever);
          exit (0);
        }
      else if (!strcmp (key, "verbose"))
        scanomp_options.verbose = true;
      else if (!strcmp (key, "data") && value && !strcmp (value, "all"))
        scanomp_options.all_data = true;
      else if (!strcmp (key, "dump") && value && *value)
        scanomp_options.dump_dir = value;
      else if (!strcmp (key, "races") && value
               && (!strcmp (value, "on") || !strcmp (value, "off")))
        scanomp_options.races = !strcmp (value, "on");
      else if (!strcmp (key, "inscan") && value
               && (!strcmp (value, "on") || !strcmp (value, "off")))
        scanomp_options.inscan = !strcmp (value, "on");
      else
        {
          error ("scanomp: unknown option %<-fplugin-arg-scanomp-%s%>; "
                 "%<-fplugin-arg-scanomp-help%> lists the options", key);
          return 1;
        }
    }

  /* A compiler with no C preprocessor (f951) has no clause: the plugin
     takes its inscan loops alone, and warns at no race.  */
  if (!scanomp_clause_init (info->base_name))
    scanomp_options.races = false;

  struct register_pass_info pass;
  pass.pass = new scanomp_pass (g);
  pass.reference_pass_name = "omplower";
  pass.ref_pass_instance_number = 1;
  pass.pos_op = PASS_POS_INSERT_BEFORE;
  register_callback (info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &pass);
  register_callback (info->base_name, PLUGIN_INFO, NULL, &scanomp_info);
  return 0;
}
