/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* inscan-loop.h: the loop bench-inscan times, included by inscan-gcc.c
   (compiled without the plugin) and inscan-scanomp.c (with it) under
   different names: a standard OpenMP 5.0 inclusive + scan, as a
   `parallel for' and as an orphaned `for' in a parallel region.  */

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
