/* SPDX-License-Identifier: GPL-3.0-or-later */
/* init.cc: OpenMP 6.0's `#pragma omp scan init_complete', read in the
   preprocessor.

     #pragma omp parallel for reduction (inscan, +: x) private (t)
     for (int k = 0; k < n; k++)
       {
         t = c[k];                        the initialization phase
         #pragma omp scan init_complete
         c[k] = x;                        the scan phase
         #pragma omp scan exclusive (x)
         x += t;                          the input phase, reading t
       }

   No GCC up to 16 parses the directive.  So the line never reaches the
   parser: when clause.cc's hook meets `scan' naming this directive, it
   expands it to nothing; libcpp then finds no `#pragma omp
   init_complete' and hands the line to the unknown-pragma hook, where
   this file reads the rest of the line and drops it, unlike an unknown
   pragma, without a warning.  What the line said is kept here: where the
   initialization phase ends, and the location of the `scan inclusive' or
   `exclusive' directive that follows, by which inscan.cc finds the loop
   in GIMPLE and splits its first phase at that place.

   The order of the directives is checked as libcpp meets them: one
   init_complete in a loop, before its inclusive or exclusive directive
   and followed by one in the same function.  A loop pragma starts a new
   loop.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "cpplib.h"
#include "c-family/c-pragma.h"
#include "diagnostic-core.h"
#include "input.h"

#include "read/read.h"

/* An initialization phase: where it ends, and the scan directive after
   it.  */
struct init_phase
{
  location_t end, directive;
};
static vec<init_phase> phases;

/* An init_complete waiting for its loop's scan directive.  */
static location_t pending = UNKNOWN_LOCATION;
/* The last inclusive or exclusive directive since a loop pragma, and its
   clause.  */
static location_t last_directive = UNKNOWN_LOCATION;
static const char *last_clause;
/* Where the init_complete whose line the unknown-pragma hook drops next
   stands, or UNKNOWN_LOCATION.  */
static location_t dropping = UNKNOWN_LOCATION;
static void (*chained_def_pragma) (cpp_reader *, location_t);

bool
scanomp_read_scan_directive (cpp_reader *pfile, const cpp_token *scan)
{
  const cpp_token *next = cpp_peek_token (pfile, 0);
  for (const char *clause : { "inclusive", "exclusive" })
    if (scanomp_token_is (next, clause))
      {
        if (pending != UNKNOWN_LOCATION)
          {
            init_phase p = { pending, scan->src_loc };
            phases.safe_push (p);
            pending = UNKNOWN_LOCATION;
          }
        last_directive = scan->src_loc;
        last_clause = clause;
        return false;
      }
  if (!scanomp_token_is (next, "init_complete"))
    return false;
  dropping = scan->src_loc;
  return true;
}

/* Read the rest of the init_complete line at LOC, from the tokens libcpp
   gives back, up to its end: whether it makes an initialization phase,
   `init_complete' or `init_complete(1)', rather than `init_complete(0)';
   an error for anything else.  */
static bool
read_argument (cpp_reader *pfile, location_t loc)
{
  const cpp_token *t;
  do
    t = cpp_get_token (pfile);
  while (t->type != CPP_EOF && !scanomp_token_is (t, "init_complete"));
  t = cpp_get_token (pfile);
  while (t->type == CPP_PADDING)
    t = cpp_get_token (pfile);
  if (t->type == CPP_EOF)
    return true;
  bool make = true, ok = false;
  if (t->type == CPP_OPEN_PAREN)
    {
      const cpp_token *arg = cpp_get_token (pfile);
      const char *spelling = (const char *) cpp_token_as_text (pfile, arg);
      make = !strcmp (spelling, "1") || !strcmp (spelling, "true");
      ok = (make || !strcmp (spelling, "0") || !strcmp (spelling, "false"))
           && cpp_get_token (pfile)->type == CPP_CLOSE_PAREN
           && cpp_get_token (pfile)->type == CPP_EOF;
    }
  if (!ok)
    {
      error_at (loc, "expected %<#pragma omp scan init_complete%>, or "
                "%<init_complete(1)%>, or %<init_complete(0)%> for no "
                "initialization phase: its argument is a constant here");
      return false;
    }
  return make;
}

/* libcpp's hook for a pragma it does not know: the init_complete line
   that scanomp_read_scan_directive let through, or any other, which goes
   on to the hook before ours (GCC's -Wunknown-pragmas).  */
static void
def_pragma (cpp_reader *pfile, location_t line)
{
  location_t loc = dropping;
  dropping = UNKNOWN_LOCATION;
  if (loc == UNKNOWN_LOCATION)
    {
      if (chained_def_pragma)
        chained_def_pragma (pfile, line);
      return;
    }
  if (!read_argument (pfile, loc))
    return;
  if (pending != UNKNOWN_LOCATION)
    {
      auto_diagnostic_group d;
      error_at (loc, "a second %<#pragma omp scan init_complete%> before "
                "%<#pragma omp scan inclusive%> or %<exclusive%>: a loop "
                "has one initialization phase; remove one of them");
      inform (pending, "the first is here");
    }
  else if (last_directive != UNKNOWN_LOCATION)
    {
      auto_diagnostic_group d;
      error_at (loc, "%<#pragma omp scan init_complete%> after %<#pragma "
                "omp scan %s%>: the initialization phase comes first in the "
                "loop body; move this directive above that one",
                last_clause);
      inform (last_directive, "%<#pragma omp scan %s%> is here",
              last_clause);
    }
  else
    pending = loc;
}

/* PLUGIN_FINISH_PARSE_FUNCTION: an init_complete left waiting is in no
   inscan loop.  */
static void
finish_function (void *gcc_data, void *user_data)
{
  (void) gcc_data;
  (void) user_data;
  if (pending != UNKNOWN_LOCATION)
    error_at (pending, "%<#pragma omp scan init_complete%> with no "
              "%<#pragma omp scan inclusive%> or %<exclusive%> after it: it "
              "ends the initialization phase of a loop with an %<inscan%> "
              "reduction, before its other phases");
  pending = last_directive = UNKNOWN_LOCATION;
}

void
scanomp_read_pragma (int kind)
{
  switch (kind)
    {
    case PRAGMA_OMP_FOR:
    case PRAGMA_OMP_PARALLEL:
    case PRAGMA_OMP_SIMD:
    case PRAGMA_OMP_TARGET:
    case PRAGMA_OMP_TEAMS:
    case PRAGMA_OMP_DISTRIBUTE:
    case PRAGMA_OMP_LOOP:
    case PRAGMA_OMP_TASKLOOP:
      last_directive = UNKNOWN_LOCATION;
      break;
    default:
      break;
    }
}

/* Defined in cc1 and cc1plus only (see clause.cc); only they call
   this.  */
#pragma weak parse_in

void
scanomp_init_phases_start (const char *plugin_name)
{
  cpp_callbacks *cb = cpp_get_callbacks (parse_in);
  chained_def_pragma = cb->def_pragma;
  cb->def_pragma = def_pragma;
  register_callback (plugin_name, PLUGIN_FINISH_PARSE_FUNCTION,
                     finish_function, NULL);
}

location_t
scanomp_init_complete (location_t directive)
{
  for (const init_phase &p : phases)
    if (scanomp_same_line (p.directive, directive))
      return p.end;
  return UNKNOWN_LOCATION;
}
