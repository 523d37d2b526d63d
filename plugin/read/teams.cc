/* SPDX-License-Identifier: GPL-3.0-or-later */
/* teams.cc: inscan reductions on the constructs GCC rejects them on,
   read in the preprocessor: the scanomp extension that runs

     #pragma omp target teams distribute parallel for reduction (inscan, +: s)
     for (int i = 0; i < n; i++)
       {
         s += x[i];
         #pragma omp scan inclusive (s)
         y[i] = s;
       }

   as one device scan (RAJAPerf's SCAN target variant, LLVM's xteam scan
   tests).  GCC 11 to 16 reject `inscan' on any construct combined with
   `target' or `distribute', and on `teams'.  So that GCC parses such a
   loop, its `inscan' becomes `default' (the plain reduction modifier),
   and its `#pragma omp scan inclusive (s)', which GCC takes only inside
   an inscan loop, becomes `#pragma omp flush (s)', which GCC takes
   anywhere: `scan', a macro already (clause.cc), expands to `flush',
   and `inclusive' or `exclusive', conditional macros too, to nothing.
   What the directive said is kept here.  The flush is a call of
   __sync_synchronize on the directive's line, the marker by which
   analyze/teams.cc finds the directive in GIMPLE and rebuilds the
   inscan loop the program meant, before any flush could run.

   Only pragma lines that begin `target', `teams' or `distribute' are
   read so (a _Pragma's kind is unknown here, and GCC's error stays);
   with -fplugin-arg-scanomp-inscan=off none is.  The `#pragma omp scan'
   such a line's loop holds is the next one libcpp meets, unless another
   inscan reduction comes first, which takes it (GCC then says the
   directive has no inscan loop).  */

#include "gcc-plugin.h"
#include "tree.h"
#include "cpplib.h"
#include "c-family/c-pragma.h"
#include "diagnostic-core.h"

#include "read/read.h"

/* A rewritten construct whose directive libcpp has not met yet: where
   its pragma stands, or UNKNOWN_LOCATION, and the names of its inscan
   reductions.  */
static location_t pending = UNKNOWN_LOCATION;
static vec<const char *> pending_names;
/* The `inscan' tokens to expand to `default', and the directives' clause
   names to expand to nothing.  */
static vec<location_t> rewritten;
/* The directives read as flushes.  */
static vec<scan_teams_directive> directives;
/* The pragmas whose inscan reductions were read as plain ones.  */
static vec<location_t> constructs;

void
scanomp_teams_reduction (cpp_reader *pfile, int index,
                         const cpp_token *inscan, int kind,
                         location_t construct)
{
  if (!scanomp_options.inscan
      || (kind != PRAGMA_OMP_TARGET && kind != PRAGMA_OMP_TEAMS
          && kind != PRAGMA_OMP_DISTRIBUTE))
    {
      /* GCC's own inscan loop: the next directive is its own.  */
      pending = UNKNOWN_LOCATION;
      return;
    }
  if (!rewritten.contains (inscan->src_loc))
    rewritten.safe_push (inscan->src_loc);
  if (!constructs.contains (construct))
    constructs.safe_push (construct);
  if (pending != construct)
    pending_names.truncate (0);
  pending = construct;
  /* The list after the operator, up to the parenthesis.  */
  const cpp_token *t;
  do
    t = scanomp_peek (pfile, &index);
  while (t->type != CPP_COLON && t->type != CPP_PRAGMA_EOL
         && t->type != CPP_EOF && t->type != CPP_CLOSE_PAREN);
  if (t->type == CPP_COLON)
    for (t = scanomp_peek (pfile, &index); t->type == CPP_NAME;
         t = scanomp_peek (pfile, &index))
      {
        pending_names.safe_push
          (xstrdup ((const char *) NODE_NAME (t->val.node.node)));
        if (scanomp_peek (pfile, &index)->type != CPP_COMMA)
          break;
      }
}

bool
scanomp_teams_expands (cpp_reader *pfile, const cpp_token *tok)
{
  if (!rewritten.contains (tok->src_loc))
    return false;
  /* A directive's clause: its list, which the flush keeps (GCC checks
     its names), read now that libcpp reads the pragma's line, whose end
     a peek may reach; not while it reads the directive's name.  */
  for (scan_teams_directive &d : directives)
    if (d.clause == tok->src_loc && !d.names)
      {
        auto_vec<const char *> names;
        int index = 0;
        const cpp_token *t = scanomp_peek (pfile, &index);
        if (t->type == CPP_OPEN_PAREN)
          for (t = scanomp_peek (pfile, &index); t->type == CPP_NAME;
               t = scanomp_peek (pfile, &index))
            {
              names.safe_push (xstrdup ((const char *)
                                        NODE_NAME (t->val.node.node)));
              if (scanomp_peek (pfile, &index)->type != CPP_COMMA)
                break;
            }
        d.n = names.length ();
        d.names = XNEWVEC (const char *, d.n + 1);
        for (unsigned k = 0; k < d.n; k++)
          d.names[k] = names[k];
      }
  return true;
}

bool
scanomp_teams_directive (cpp_reader *pfile, const cpp_token *scan)
{
  if (pending == UNKNOWN_LOCATION)
    return false;
  /* The next token only: libcpp still reads the directive's name.  */
  const cpp_token *clause = cpp_peek_token (pfile, 0);
  if (!scanomp_token_is (clause, "inclusive")
      && !scanomp_token_is (clause, "exclusive"))
    return false;
  scan_teams_directive d;
  memset (&d, 0, sizeof d);
  d.clause = clause->src_loc;
  d.directive = scan->src_loc;
  d.construct = pending;
  d.exclusive = scanomp_token_is (clause, "exclusive");
  d.reduced = pending_names.copy ();
  pending = UNKNOWN_LOCATION;
  pending_names.truncate (0);
  directives.safe_push (d);
  rewritten.safe_push (clause->src_loc);
  return true;
}

const scan_teams_directive *
scanomp_teams_marker (location_t loc)
{
  for (const scan_teams_directive &d : directives)
    if (scanomp_same_line (d.directive, loc))
      return &d;
  return NULL;
}

bool
scanomp_teams_construct (location_t loc)
{
  return loc != UNKNOWN_LOCATION && constructs.contains (loc);
}
