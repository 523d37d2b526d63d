/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* inscan-loop.h: the loop bench-inscan times, included by inscan-gcc.c
   (compiled without the plugin) and inscan-scanomp.c (with it) under
   different names: a standard OpenMP 5.0 inclusive + scan.  */

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
