/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* In a unit with scan loops, whose data constructs the plugin lowers,
   GCC's own errors on malformed data constructs still come, each at its
   construct, with device(GPU) and device(CPU) taken; a well-formed region
   beside them gets none.  From GCC 14 on, GCC's messages name `tofrom'
   among the map types that enter and exit data allow.  */
/* { dg-do compile } */

void
scan (long *y, const long *x, long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
}

void
regions (long *y, const long *x, long n)
{
#pragma omp target data device(GPU) /* { dg-error "must contain at least one 'map'" } */
  scan (y, x, n);
#pragma omp target enter data map(from: y[0:n]) /* { dg-error "with map-type other than 'to',? (?:'tofrom' )?or 'alloc'" } */
#pragma omp target exit data map(to: y[0:n]) /* { dg-error "with map-type other than 'from', (?:'tofrom', )?'release' or 'delete'" } */
#pragma omp target update device(CPU) /* { dg-error "must contain at least one 'from' or 'to' clauses" } */
#pragma omp target data map(tofrom: y[0:n]) map(to: x[0:n]) device(GPU)
  scan (y, x, n);
}
