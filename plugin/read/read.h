/* SPDX-License-Identifier: GPL-3.0-or-later */
/* read.h: the first stage, reading `scan(op: list)', `declare scan' and
   named devices out of OpenMP pragmas in the preprocessor (clause.cc),
   `#pragma omp scan init_complete' (init.cc), and inscan reductions on
   target, teams and distribute constructs (teams.cc), before GCC's
   parser sees them.  */

#ifndef SCANOMP_READ_H
#define SCANOMP_READ_H

#include "base/util.h"

/* Set up the preprocessor's hooks for the plugin PLUGIN_NAME; false in a
   compiler with no C preprocessor (f951).  */
bool scanomp_clause_init (const char *plugin_name);
struct scan_clause *scanomp_find_clause (location_t construct_loc);
bool scanomp_clause_seen (location_t construct_loc);
const char *scanomp_op_spelling (enum scan_op op);
bool scanomp_unit_has_scans (void);

/* init.cc.  Note the `#pragma omp scan' directive whose `scan' token is
   SCAN; true when it is init_complete, which `scan' must then expand to
   nothing for.  */
bool scanomp_read_scan_directive (struct cpp_reader *pfile,
                                  const struct cpp_token *scan);
/* Note a pragma line of KIND (a pragma_kind).  */
void scanomp_read_pragma (int kind);
/* Hook libcpp for init_complete lines, as the unit starts.  */
void scanomp_init_phases_start (const char *plugin_name);
/* Where the initialization phase ends in the loop whose inclusive or
   exclusive directive is at DIRECTIVE (a GIMPLE_OMP_SCAN's location), or
   UNKNOWN_LOCATION where it has none.  */
location_t scanomp_init_complete (location_t directive);

/* teams.cc.  A directive of an inscan loop on a construct GCC rejects
   inscan on, read as a flush.  */
struct scan_teams_directive
{
  location_t clause;         /* its `inclusive' or `exclusive' */
  location_t directive;      /* its `scan', which init.cc knows it by, on
                                the line of the flush's call */
  location_t construct;      /* the pragma of its loop's construct */
  bool exclusive;
  unsigned n;                /* the names of its list */
  const char **names;
  vec<const char *> reduced; /* the names of its construct's inscan
                                reductions */
};
/* Note `reduction (inscan, op: list)' at the token INSCAN on a pragma
   line of KIND (a pragma_kind) at CONSTRUCT, the operator the token at
   INDEX past the current one: a construct GCC rejects inscan on has it
   read as `default', and its loop's directive as a flush.  */
void scanomp_teams_reduction (struct cpp_reader *pfile, int index,
                              const struct cpp_token *inscan, int kind,
                              location_t construct);
/* Whether TOK, an `inscan', `inclusive' or `exclusive', expands: to
   `default', or to nothing (a directive's clause, whose list is then
   read).  */
bool scanomp_teams_expands (struct cpp_reader *pfile,
                            const struct cpp_token *tok);
/* Whether the `#pragma omp scan' directive whose `scan' token is SCAN is
   a rewritten loop's, which `scan' must then expand to `flush' for.  */
bool scanomp_teams_directive (struct cpp_reader *pfile,
                              const struct cpp_token *scan);
/* Whether the pragma at LOC had an inscan reduction read as a plain
   one.  */
bool scanomp_teams_construct (location_t loc);
/* The directive written on the line of LOC, a flush's, or NULL.  */
const struct scan_teams_directive *scanomp_teams_marker (location_t loc);

#endif /* SCANOMP_READ_H */
