/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* An unknown operator, and malformed clauses.  */
/* { dg-do compile } */

void
f (int *y, int n)
{
#pragma omp parallel for scan(plus: y) /* { dg-error "unknown 'scan' operator 'plus'" } */
  for (int i = 1; i < n; i++)
    y[i] += y[i-1];
#pragma omp parallel for scan(+ y) /* { dg-error "expected ':' after the 'scan' operator" } */
  for (int i = 1; i < n; i++)
    y[i] += y[i-1];
#pragma omp parallel for scan(+: y[0:n]) /* { dg-error "'scan' list items are array names" } */
  for (int i = 1; i < n; i++)
    y[i] += y[i-1];
}
