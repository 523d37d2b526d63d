/* SPDX-License-Identifier: GPL-3.0-or-later */
/* depend.cc: a target construct's depend clauses, which lowering its
   scan or its data for libscanrt would otherwise pass over.  OpenMP
   starts a target task only once the sibling tasks it depends on have
   finished; libscanrt's calls run where the construct was, so they go
   after a `taskwait' with the same clauses, which GCC's own lowering
   turns into GOMP_taskwait_depend.

     #pragma omp task depend(out: x)    #pragma omp task depend(out: x)
     { fill x }                         { fill x }
     #pragma omp target depend(in: x)   #pragma omp taskwait depend(in: x)
     { a scan of x }                    SCANRT_scan (...);

   The scan then runs at once, as an undeferred task would, and is done
   when the construct's place is left, so a `nowait' changes nothing
   for the tasks made after it.  A mutexinoutset dependence, which a
   taskwait does not take, waits as inout does: for more tasks than it
   must, never fewer.  */

#include "gcc-plugin.h"
#include "tree.h"
#include "gimple.h"
#include "gimplify.h"

#include "lower/lower.h"

gimple *
scanomp_depend_wait (gimple *construct)
{
  if (gimple_code (construct) != GIMPLE_OMP_TARGET)
    return NULL;
  tree clauses = NULL_TREE, *tail = &clauses;
  for (tree c = gimple_omp_target_clauses (construct); c;
       c = OMP_CLAUSE_CHAIN (c))
    if (OMP_CLAUSE_CODE (c) == OMP_CLAUSE_DEPEND)
      {
        tree d = copy_node (c);
        OMP_CLAUSE_DECL (d) = unshare_expr (OMP_CLAUSE_DECL (c));
        OMP_CLAUSE_CHAIN (d) = NULL_TREE;
        if (OMP_CLAUSE_DEPEND_KIND (d) == OMP_CLAUSE_DEPEND_MUTEXINOUTSET)
          OMP_CLAUSE_DEPEND_KIND (d) = OMP_CLAUSE_DEPEND_INOUT;
        *tail = d;
        tail = &OMP_CLAUSE_CHAIN (d);
      }
  if (!clauses)
    return NULL;
  gimple *wait = gimple_build_omp_task (NULL, clauses, NULL_TREE, NULL_TREE,
                                        NULL_TREE, NULL_TREE, NULL_TREE);
  gimple_omp_task_set_taskwait_p (wait, true);
  gimple_set_location (wait, gimple_location (construct));
  return wait;
}
