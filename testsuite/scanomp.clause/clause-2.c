/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* -E keeps the clause as written, for a later compile to read.  */
/* { dg-do preprocess } */

void
f (int *y, const int *x, int n)
{
#pragma omp parallel for scan(+: y)
  for (int i = 1; i < n; i++)
    y[i] = y[i-1] + x[i-1];
}
/* { dg-final { scan-output "#pragma omp parallel for scan\\(\\+: y\\)" } } */
