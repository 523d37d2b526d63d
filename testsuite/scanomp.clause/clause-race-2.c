/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* -fplugin-arg-scanomp-races=off turns the warning at racing loops off
   (any warning would be an excess error here); -w silences it as any
   warning, in clause-race-3.c.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-scanomp-races=off" } */

#define N 1000
long y[N], x[N];

void
parallel_for (void)
{
#pragma omp parallel for
  for (int i = 1; i < N; i++)
    y[i] = y[i-1] + x[i];
}
