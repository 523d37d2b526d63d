/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* inscan-loop.h: the loop bench-inscan times, included by inscan-gcc.c
   (compiled without the plugin) and inscan-scanomp.c (with it) under
   different names: a standard OpenMP 5.0 inclusive + scan, as a
   `parallel for' and as an orphaned `for' in a parallel region, and the
   same down a column of a matrix whose row length, inscan_row_length,
   is known at run time alone (bench-inscan sets it to 1, so that the
   loop moves the same bytes as the others), where INSCAN_STRIDE_NAME
   names it; and where INSCAN_HEAVY_NAME and INSCAN_RANGES_NAME name
   them, two loops whose input phase costs more than its value, which
   the host path keeps: a math function of each element, and an
   exclusive scan of ranges' lengths (a 16-byte element read for an
   int).  */

int
INSCAN_NAME (int *restrict y, const int *restrict x, long n)
{
  int s = 0;
#pragma omp parallel for reduction (inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive (s)
      y[i] = s;
    }
  return s;
}

int
INSCAN_ORPHAN_NAME (int *restrict y, const int *restrict x, long n)
{
  int s = 0;
#pragma omp parallel
  {
#pragma omp for reduction (inscan, +: s)
    for (long i = 0; i < n; i++)
      {
        s += x[i];
#pragma omp scan inclusive (s)
        y[i] = s;
      }
  }
  return s;
}

#ifdef INSCAN_STRIDE_NAME
extern long inscan_row_length;

int
INSCAN_STRIDE_NAME (int *restrict y, const int *restrict x, long n)
{
  int s = 0;
  long ld = inscan_row_length;
#pragma omp parallel for reduction (inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += x[i * ld];
#pragma omp scan inclusive (s)
      y[i * ld] = s;
    }
  return s;
}
#endif

#ifdef INSCAN_HEAVY_NAME
#include <math.h>
#include "inscan-range.h"

int
INSCAN_HEAVY_NAME (int *restrict y, const int *restrict x, long n)
{
  int s = 0;
#pragma omp parallel for reduction (inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += (int) (8 * sin (x[i] * 0.01));
#pragma omp scan inclusive (s)
      y[i] = s;
    }
  return s;
}

int
INSCAN_RANGES_NAME (int *restrict y, const struct inscan_range *restrict r,
                    long n)
{
  int s = 0;
#pragma omp parallel for reduction (inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      y[i] = s;
#pragma omp scan exclusive (s)
      s += (int) (r[i].end - r[i].begin);
    }
  return s;
}
#endif
