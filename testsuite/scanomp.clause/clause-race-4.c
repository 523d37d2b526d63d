/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The warning at racing loops for the recurrences a scan clause scans as
   pairs: a linear recurrence, a segmented sum with ?: and with if/else
   (a store in each branch, joining at once); none where an if/else may
   leave y[i] as it was, or stores it in only one branch.  */
/* { dg-do compile } */

#define N 1000
double y[N], a[N], b[N];
int h[N];

void
affine (void)
{
#pragma omp parallel for /* { dg-warning "'y\\\[i\\\]' depends on 'y\\\[i-1\\\]' from the previous iteration; add 'scan\\\(\\\+: y\\\)'" } */
  for (int i = 1; i < N; i++)
    y[i] = a[i] * y[i-1] + b[i];
}

void
segments (void)
{
#pragma omp parallel for /* { dg-warning "add 'scan\\\(OP: y\\\)' to the construct" } */
  for (int i = 1; i < N; i++)
    y[i] = h[i] ? b[i] : y[i-1] + b[i];
}

void
segments_if_else (void)
{
#pragma omp parallel for /* { dg-warning "add 'scan\\\(OP: y\\\)' to the construct" } */
  for (int i = 1; i < N; i++)
    if (h[i])
      y[i] = b[i];
    else
      y[i] = y[i-1] + b[i];
}

void
one_branch (void)
{
#pragma omp parallel for
  for (int i = 1; i < N; i++)
    if (h[i])
      y[i] = y[i-1] + b[i];
}

void
else_if (void)
{
#pragma omp parallel for
  for (int i = 1; i < N; i++)
    if (h[i] == 1)
      y[i] = b[i];
    else if (h[i] == 2)
      y[i] = y[i-1] + b[i];
}
