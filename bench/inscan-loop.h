/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* inscan-loop.h: the loop bench-inscan times, included by inscan-gcc.c
   (compiled without the plugin) and inscan-scanomp.c (with it) under
   different names: a standard OpenMP 5.0 inclusive + scan, as a
   `parallel for' and as an orphaned `for' in a parallel region, and the
   same down a column of a matrix whose row length, inscan_row_length,
   is known at run time alone (bench-inscan sets it to 1, so that the
   loop moves the same bytes as the others), where INSCAN_STRIDE_NAME
   names it.  */

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
