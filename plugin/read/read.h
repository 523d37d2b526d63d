/* SPDX-License-Identifier: GPL-3.0-or-later */
/* read.h: the first stage, reading `scan(op: list)', `declare scan' and
   named devices out of OpenMP pragmas in the preprocessor (clause.cc),
   before GCC's parser sees them.  */

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

#endif /* SCANOMP_READ_H */
