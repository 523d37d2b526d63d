/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A list item that is not an array or a pointer.  */
/* { dg-do compile } */

int
f (const int *x, int n)
{
  int s = 0;
#pragma omp parallel for scan(+: s) /* { dg-error "list item 's' is not an array or a pointer" } */
  for (int i = 1; i < n; i++)
    s = s + x[i];
  return s;
}
