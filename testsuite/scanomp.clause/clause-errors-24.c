/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Gathers the scan clause refuses: of the array it scans (`y[idx[i]]',
   which may be an element another iteration stores), of an array the
   loop stores beside it (the same), and inside `target' of an array no
   map clause gives, whose elements the kernels cannot know.  Each a
   located error that says what to write.  */
/* { dg-do compile } */

void
scanned (long *y, const long *idx, long n)
{
#pragma omp parallel for scan(+: y) /* { dg-message "for this 'scan' clause" } */
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + y[idx[i]]; /* { dg-error "an array index in the 'scan' loop is not an affine function of the loop index 'i'" } */
}

void
stored_beside (long *y, long *z, const long *x, const long *idx, long n)
{
#pragma omp parallel for scan(+: y) /* { dg-message "for this 'scan' clause" } */
  for (long i = 1; i < n; i++)
    {
      z[i] = x[i];
      y[i] = y[i-1] + z[idx[i]]; /* { dg-error "the 'scan' loop reads 'z' at an index that is not an affine function of the loop index, and stores to it; read such an index of an array the loop does not store" } */
    }
}

void
unmapped (long *y, const int *w, const long *idx, long n)
{
#pragma omp target teams distribute parallel for scan(+: y) map(tofrom: y[0:n]) map(to: idx[0:n]) /* { dg-message "for this scan" } */
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + w[idx[i]]; /* { dg-error "cannot copy those of 'w'; inside 'target', they hold the section a 'map' clause gives it" } */
}
