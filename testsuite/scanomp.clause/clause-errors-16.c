/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Stores of the scan phase that the kernels cannot make are errors at the
   store, saying what to write: inside `target', a store at an index
   computed from the scan into an array no `map' clause gives a section
   (clause-run-scatter-2.c has those that have one); anywhere, one
   element stored by every iteration, elements that another iteration
   stores to or reads, a field of a scanned element, and a scanned
   element at an index computed from the scan.  Stores that depend on
   y[i-1] were errors inside `target' until 2026-11-30: the kernels make
   them now (clause-run-prev-2.c).  */
/* { dg-do compile } */

void
same (int *y, int *last, const int *x, int n)
{
#pragma omp parallel for scan(+: y)
  for (int i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      last[0] = y[i]; /* { dg-error "every iteration of the 'scan' loop stores to the same element of 'last'; store to 'last\\\[i\\\]', or keep the last value in a 'lastprivate' variable" } */
    }
}

void
overlap (int *y, int *z, const int *x, int n)
{
#pragma omp parallel for scan(+: y)
  for (int i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      z[i] = y[i];
      z[i+1] = x[i]; /* { dg-error "the 'scan' loop stores to 'z' at an element that another iteration stores to; each iteration may only read and write elements of its own, as 'z\\\[i\\\]'" } */
    }
}

void
carried (int *y, int *z, const int *x, int n)
{
#pragma omp parallel for scan(+: y)
  for (int i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      z[i] = z[i-1] + y[i]; /* { dg-error "the 'scan' loop reads 'z' at an element that another iteration stores to" } */
    }
}

void
byptr (int *y, int *z, const int *x, int n)
{
#pragma omp parallel for scan(+: y)
  for (int i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      z[2*i] = y[i];
      z[i] = 0; /* { dg-error "the 'scan' loop stores to 'z' at an element that another iteration stores to" } */
    }
}

typedef struct { int a; int b; } P;
P comb (P x, P y) { P r = { x.a + y.a, x.b + y.b }; return r; }
#pragma omp declare scan(comb : P : omp_out = comb (omp_out, omp_in)) initializer(omp_priv = (P) { 0, 0 })

void
field (P *g, const P *h, int n)
{
#pragma omp parallel for scan(comb: g)
  for (int i = 1; i < n; i++)
    {
      g[i] = comb (g[i-1], h[i]);
      g[i].b = 0; /* { dg-error "the loop stores to a field of an element of 'g', which the 'scan' clause scans; a scan stores the whole element, as 'g\\\[i\\\] = ...'" } */
    }
}

void
scatter_target (long *y, int *out, const int *x, int n)
{
#pragma omp target map(tofrom: y[:n]) map(to: x[:n])
#pragma omp parallel for scan(+: y) /* { dg-message "for this scan" } */
  for (int i = 1; i < n; i++)
    {
      y[i] = y[i-1] + (x[i] > 0);
      if (x[i] > 0)
        out[y[i] - 1] = x[i]; /* { dg-error "this store's index is not an affine function of the loop index \\(it is computed from the scan, or before a branch\\): the kernels, which copy the elements each index reaches, cannot copy those of 'out'; inside 'target', they hold the section a 'map' clause gives it" } */
    }
}

void
scatter_scanned (long *y, long *z, const long *x, int n)
{
#pragma omp parallel for scan(+: y, z) /* { dg-message "for this 'scan' clause" } */
  for (int i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      z[i] = z[i-1] + 1;
      z[y[i] & 7] = 0; /* { dg-error "the loop stores to 'z', which the 'scan' clause scans, at an index that is not an affine function of the loop index; a scan stores 'z\\\[i\\\]'" } */
    }
}
