/* SPDX-License-Identifier: GPL-3.0-or-later */
/* phases.cc: an error at each initialization phase of an exclusive scan
   (`#pragma omp scan init_complete', analyze/init.cc) whose loop the
   plugin does not take: GCC's own lowering would run the loop's input
   phase without it, wrongly.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "diagnostic-core.h"

#include "diagnose/diagnose.h"

void
scanomp_check_init_phases (gimple_seq *body, hash_set<gimple *> &taken)
{
  scanomp_walk (body, [&] (gimple_stmt_iterator *g) {
      gimple *s = gsi_stmt (*g);
      if (taken.contains (s))
        return WALK_PAST;
      location_t end = scanomp_init_end (s);
      if (end != UNKNOWN_LOCATION)
        error_at (end, "GCC does not implement the initialization phase of "
                  "an exclusive scan, and the plugin takes it only where it "
                  "takes the loop: under %<parallel for%>, %<for%> or "
                  "%<target%>, holding the loop alone, with or without "
                  "%<simd%>; not in %<simd%> alone, nor under "
                  "%<-fplugin-arg-scanomp-inscan=off%>");
      return WALK_INTO;
    });
}
