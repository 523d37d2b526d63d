/* SPDX-License-Identifier: GPL-3.0-or-later */
/* read.h: the first stage, reading `scan(op: list)', `declare scan' and
   named devices out of OpenMP pragmas in the preprocessor (clause.cc),
   and `#pragma omp scan init_complete' (init.cc), before GCC's parser
   sees them.  */

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

#endif /* SCANOMP_READ_H */
