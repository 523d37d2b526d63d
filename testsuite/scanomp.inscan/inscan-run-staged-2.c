/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* An inscan loop whose input phase stores (`d[i] = 2 * x[i]; s +=
   d[i];') called with its stored array as its input: the host path and
   the kernels, which run that phase twice, would read the doubled
   values in the second run, so libscanrt says so, once, and GCC's code
   runs the loop (each element its own iteration's, so right).  Called
   apart too, where the host path or the kernels run it.  Checked against the sequential loop at
   2 and 3 threads.  scanomp-plugin-only (the message is libscanrt's).  */
/* { dg-do run } */

#include <omp.h>

#include "inscan-check.h"

__attribute__((noipa)) static long
doubled_sum (const long *x, long *d, long *y, long n)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      {
        d[i] = 2 * x[i];
        s += d[i];
      }
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

static void
check (long n, int in_place)
{
  long *x = (long *) malloc ((n + 1) * sizeof *x);
  long *d = (long *) malloc ((n + 1) * sizeof *d);
  long *y = (long *) malloc ((n + 1) * sizeof *y);
  long *ref = (long *) malloc ((n + 1) * sizeof *ref);
  for (long i = 0; i < n; i++)
    x[i] = (long) (rnd () % 1000) - 500;
  long s = 0;
  for (long i = 0; i < n; i++)
    {
      s += 2 * x[i];
      ref[i] = s;
    }
  long *dd = in_place ? x : d;
  long total = doubled_sum (x, dd, y, n);
  CHECK (total == s, "total at %ld, in place %d", n, in_place);
  for (long i = 0; i < n; i++)
    CHECK (y[i] == ref[i] && dd[i] == (i ? ref[i] - ref[i - 1] : ref[0]),
           "at %ld of %ld, in place %d", i, n, in_place);
  free (x);
  free (d);
  free (y);
  free (ref);
}

int
main (void)
{
  for (int threads = 2; threads <= 3; threads++)
    {
      omp_set_num_threads (threads);
      for (unsigned k = 0; k < NSIZES; k++)
        {
          check (sizes[k], 0);
          check (sizes[k], 1);
        }
    }
  puts ("staged loops checked");
  return 0;
}

/* { dg-output "libscanrt: \[^\n\]*inscan-run-staged-2.c:19: an array that this loop's input phase stores overlaps another of its arrays \\(an output passed as an input\\), and the host path and the kernels run that phase twice, the second time reading what the first stored: it runs as GCC's code\r?\nstaged loops checked" } */
