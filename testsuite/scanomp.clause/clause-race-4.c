/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The warning at racing loops for the recurrences a scan clause scans as
   pairs: a linear recurrence, a segmented sum with ?: and with if/else
   (a store in each branch, joining at once); none where an if/else may
   leave y[i] as it was, or stores it in only one branch; recurrences of
   orders 2 and 3 (from y[i+3] backwards), and none for y[i-5].  */
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

void
second_order (void)
{
#pragma omp parallel for /* { dg-warning "'y\\\[i\\\]' depends on 'y\\\[i-2\\\]' from an earlier iteration; if it is a linear recurrence \\\(of order 2\\\), add 'scan\\\(\\\+: y\\\)' to the construct" } */
  for (int i = 2; i < N; i++)
    y[i] = 0.5 * y[i-1] + 0.25 * y[i-2] + b[i];
}

void
reverse_third_order (void)
{
#pragma omp parallel for /* { dg-warning "'y\\\[i\\\]' depends on 'y\\\[i\\\+3\\\]' from an earlier iteration; if it is a linear recurrence \\\(of order 3\\\)" } */
  for (int i = N - 4; i >= 0; i--)
    y[i] = y[i+3] - b[i];
}

void
too_far_back (void)
{
#pragma omp parallel for
  for (int i = 5; i < N; i++)
    y[i] = y[i-5] + b[i];
}
