/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A target construct's depend clauses hold its scan, and the data that
   `target enter data' and `target update' move, until the sibling tasks
   it depends on have finished, as OpenMP holds the construct's task: a
   task that fills x before a scan of it (depend(in)), a task that reads
   y before a scan overwrites it (depend(out), an anti-dependence), a
   `target enter data' and a `target update', nowait, after tasks that
   change x, and a mutexinoutset.  Each task
   sleeps first, so that a construct that does not wait overtakes it.
   Until 2026-12-01 the plugin dropped the clauses: the scan ran at once,
   on x not yet filled.  Checked against the sequential loop.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD DEFAULT } */

#include <unistd.h>

#include "clause-check.h"

#define N 100003L

static long x[N], y[N], before[N], want[N];

static void
model (long seed)
{
  want[0] = seed;
  for (long i = 1; i < N; i++)
    want[i] = want[i-1] + x[i];
}

static void
same (const char *what)
{
  for (long i = 0; i < N; i++)
    if (y[i] != want[i])
      FAIL ("%s: y[%ld] is %ld, not %ld", what, i, y[i], want[i]);
}

static void
fill (long k)
{
  usleep (100000);
  for (long i = 0; i < N; i++)
    x[i] = (i * k) % 13 - 6;
}

int
main (void)
{
#pragma omp parallel num_threads(2)
#pragma omp single
  {
    /* A flow dependence on a scan clause's target.  */
#pragma omp task depend(out: x)
    fill (3);
    y[0] = 5;
#pragma omp target depend(in: x) map(to: x) map(tofrom: y)
#pragma omp parallel for scan(+: y)
    for (long i = 1; i < N; i++)
      y[i] = y[i-1] + x[i];
#pragma omp taskwait
    model (5);
    same ("a scan after the task that fills x");

    /* An anti-dependence: the task reads y before the scan rewrites it;
       then an inscan loop's target, with a flow dependence too.  */
    long s = 0;
#pragma omp task depend(in: y)
    {
      usleep (100000);
      memcpy (before, y, sizeof y);
    }
#pragma omp task depend(out: x)
    fill (5);
#pragma omp target depend(out: y) depend(in: x) map(to: x) \
                   map(tofrom: y, s)
#pragma omp parallel for reduction(inscan, +: s)
    for (long i = 0; i < N; i++)
      {
        s += x[i];
#pragma omp scan inclusive(s)
        y[i] = s;
      }
#pragma omp taskwait
    for (long i = 0; i < N; i++)
      if (before[i] != want[i])
        FAIL ("the task's read of y: y[%ld] was %ld, not %ld", i,
              before[i], want[i]);
    model (x[0]);
    same ("an inscan loop after the task that fills x");

    /* Data moved by `enter data' and `update', both nowait, each after
       the task that changes x: scans of the device's copy see the
       values the tasks left.  */
#pragma omp task depend(out: x)
    fill (7);
#pragma omp target enter data map(to: x) depend(in: x) nowait
#pragma omp taskwait
    y[0] = 2;
#pragma omp target map(to: x) map(tofrom: y)
#pragma omp parallel for scan(+: y)
    for (long i = 1; i < N; i++)
      y[i] = y[i-1] + x[i];
    model (2);
    same ("a scan of data entered after the task that fills x");
#pragma omp task depend(inout: x)
    {
      usleep (100000);
      for (long i = 0; i < N; i++)
        x[i] = -x[i];
    }
#pragma omp target update to(x) depend(in: x) nowait
#pragma omp taskwait
#pragma omp target map(to: x) map(tofrom: y)
#pragma omp parallel for scan(+: y)
    for (long i = 1; i < N; i++)
      y[i] = y[i-1] + x[i];
    model (2);
    same ("a scan of data updated after the task that negates x");
#pragma omp target exit data map(release: x)

    /* A mutexinoutset waits as inout.  */
#pragma omp task depend(out: x)
    fill (11);
    y[0] = 3;
#pragma omp target depend(mutexinoutset: x) map(to: x) map(tofrom: y)
#pragma omp parallel for scan(+: y)
    for (long i = 1; i < N; i++)
      y[i] = y[i-1] + x[i];
#pragma omp taskwait
    model (3);
    same ("a scan with mutexinoutset after the task that fills x");
  }
  puts ("dependences checked");
  return 0;
}
/* { dg-output "dependences checked" } */
