/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* What a linear recurrence of order 2 to 4 under scan(+: y) may not do,
   each said at the statement that does it: multiply two values computed
   from y, branch on one, divide by one, narrow one, pass one to a
   function, read y[i] before its store, store a value free of y, use one
   as an index; reads of y[i-2] under another operator, and of y[i-5].
   (Stores beside the array that read y[i-2], inside `target', were
   errors until 2026-11-30: clause-run-prev-2.c runs one.)  */
/* { dg-do compile } */

double x[100], y[100], z[100];
int u[100];

void
product (int n)
{
#pragma omp parallel for scan(+: y) /* { dg-message "for this 'scan' clause" } */
  for (int i = 2; i < n; i++)
    y[i] = y[i-1] * y[i-2] + x[i]; /* { dg-error "the loop multiplies two values computed from 'y\\\[i-1\\\]' to 'y\\\[i-2\\\]'; a linear recurrence of order 2 stores 'y\\\[i\\\] = a1 \\\* y\\\[i-1\\\] \\\+ a2 \\\* y\\\[i-2\\\] \\\+ b'" } */
}

void
branch (int n)
{
#pragma omp parallel for scan(+: y) /* { dg-message "for this 'scan' clause" } */
  for (int i = 2; i < n; i++)
    y[i] = y[i-1] + (y[i-2] > 0 ? x[i] : 0); /* { dg-error "the loop branches on a value computed from 'y\\\[i-1\\\]' to 'y\\\[i-2\\\]'" } */
}

void
divide (int n)
{
#pragma omp parallel for scan(+: y) /* { dg-message "for this 'scan' clause" } */
  for (int i = 2; i < n; i++)
    y[i] = x[i] / y[i-2] + y[i-1]; /* { dg-error "the loop divides by a value computed from" } */
}

void
narrow (int n)
{
#pragma omp parallel for scan(+: u) /* { dg-message "for this 'scan' clause" } */
  for (int i = 2; i < n; i++)
    u[i] = (short) u[i-1] + u[i-2]; /* { dg-error "the loop converts to a narrower type a value computed from 'u\\\[i-1\\\]' to 'u\\\[i-2\\\]'" } */
}

void
call (int n)
{
#pragma omp parallel for scan(+: y) /* { dg-message "for this 'scan' clause" } */
  for (int i = 2; i < n; i++)
    y[i] = __builtin_sqrt (y[i-1]) + y[i-2]; /* { dg-error "the loop passes to a function a value computed from" } */
}

void
in_place (int n)
{
#pragma omp parallel for scan(+: y) /* { dg-error "the loop reads 'y\\\[i\\\]' before it stores it; a linear recurrence stores 'y\\\[i\\\] = a1 \\\* y\\\[i-1\\\] \\\+ a2 \\\* y\\\[i-2\\\] \\\+ b'" } */
  for (int i = 2; i < n; i++)
    y[i] = y[i] + y[i-1] + y[i-2];
}

void
free_value (int n)
{
#pragma omp parallel for scan(+: y) /* { dg-message "for this 'scan' clause" } */
  for (int i = 2; i < n; i++)
    {
      z[i] = y[i-1] + y[i-2];
      y[i] = x[i]; /* { dg-error "the loop stores to its array a value not computed from 'y\\\[i-1\\\]' to 'y\\\[i-2\\\]'" } */
    }
}

void
as_index (int n)
{
#pragma omp parallel for scan(+: y) /* { dg-message "for this 'scan' clause" } */
  for (int i = 2; i < n; i++)
    y[i] = x[(int) y[i-2]] + y[i-1]; /* { dg-error "the loop computes by other than \\+, -, \\* and / with a value computed from 'y\\\[i-1\\\]' to 'y\\\[i-2\\\]'" } */
}

void
other_operator (int n)
{
#pragma omp parallel for scan(max: y) /* { dg-message "for this 'scan' clause" } */
  for (int i = 2; i < n; i++)
    y[i] = y[i-1] > y[i-2] ? y[i-1] : y[i-2]; /* { dg-error "the loop reads 'y\\\[i-2\\\]'; a scan reads 'y\\\[i\\\]' and 'y\\\[i-1\\\]', and writes 'y\\\[i\\\]', only" } */
  /* { dg-message "of order 2 to 4, is scanned under 'scan\\\(\\\+: y\\\)'" "" { target *-*-* } 86 } */
}

void
too_far (int n)
{
#pragma omp parallel for scan(+: y) /* { dg-message "for this 'scan' clause" } */
  for (int i = 5; i < n; i++)
    y[i] = y[i-1] + y[i-5]; /* { dg-error "the loop reads 'y\\\[i-5\\\]'" } */
  /* { dg-message "a linear recurrence may read up to 4 elements before 'y\\\[i\\\]'" "" { target *-*-* } 95 } */
}
