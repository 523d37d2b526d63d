/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Indices the extents cannot be known for: an unsigned 32-bit i - 1
   from a start that may be 0 (it wraps at i = 0) or i + 2 (which wraps
   at the type's top), are rejected rather than risked.  _Bool elements
   have no OpenCL buffer layout.  (An index built in an inner loop was
   rejected too until 2026-12-03; it is now a gather, which the host path
   computes as the loop does: clause-run-gather-1.c.)  */
/* { dg-do compile } */

void
g (int *y, const int *x, unsigned n, unsigned lb)
{
#pragma omp parallel for scan(+: y)
  for (unsigned i = lb; i < n; i++)
    y[i] = y[i-1] + x[i]; /* { dg-error "an array index in the 'scan' loop may wrap around in 'unsigned int', the type of the loop index 'i'; use a signed or 64-bit loop index" } */
}

void
g2 (int *y, const int *x, unsigned n)
{
#pragma omp parallel for scan(+: y)
  for (unsigned i = 1; i < n; i++)
    y[i] = y[i-1] + x[i+2]; /* { dg-error "may wrap around in 'unsigned int'" } */
}

void
h (_Bool *y, int n)
{
#pragma omp parallel for scan(||: y) /* { dg-error "'y' has elements of type '(_Bool|bool)'" } */
  for (int i = 1; i < n; i++)
    y[i] = y[i-1] || i > 3;
}
