/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* -w silences the warning at racing loops, as any warning (any warning
   would be an excess error here).  */
/* { dg-do compile } */
/* { dg-options "-w" } */

#define N 1000
long y[N], x[N];

void
parallel_for (void)
{
#pragma omp parallel for
  for (int i = 1; i < N; i++)
    y[i] = y[i-1] + x[i];
}
