/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The clause on constructs that are not loops.  */
/* { dg-do compile } */

void
f (int *y, int n)
{
#pragma omp single scan(+: y) /* { dg-error "the 'scan' clause belongs on a loop" } */
  y[0] = n;
}

void
g (int *y, int n)
{
#pragma omp parallel scan(+: y) /* { dg-error "the 'scan' clause is not on a loop" } */
  {
    y[0] = n;
  }
}
