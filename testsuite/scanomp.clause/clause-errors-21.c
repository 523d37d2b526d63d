/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* `inscan' written as the clause's operator, as a generated compiler
   test wrote `scan(inscan:prefix)', and `declare scan' without its
   parenthesis: each error names what to write.  */
/* { dg-do compile } */

#pragma omp declare scan /* { dg-error "expected '\\(' before end of line" } */
#pragma omp declare scan plus /* { dg-error "expected '\\(' before 'plus'" } */
/* `scan' elsewhere in a declare directive stays a name.  */
#pragma omp declare simd uniform(scan)
int g (int *scan, int i);

double
f (int n, double *data, double *prefix, int *y)
{
  double sum = 0.0;
#pragma omp parallel for simd reduction(+:sum) scan(inscan:prefix) /* { dg-error "'inscan' is a modifier of the 'reduction' clause, not a 'scan' operator; write 'reduction\\(inscan, \\+: prefix\\)' with '#pragma omp scan' in the loop, or 'scan\\(\\+: prefix\\)'" } */
  for (int i = 0; i < n; i++)
    {
      double val = data[i];
#pragma omp scan inclusive(prefix) /* { dg-error "may only be used in a loop construct with 'inscan' 'reduction' clause" } */
      {
        sum += val;
        prefix[i] = sum;
      }
    }
#pragma omp parallel for scan(inscan, +: y) /* { dg-error "write 'reduction\\(inscan, \\+: y\\)'" } */
  for (int i = 1; i < n; i++)
    y[i] = y[i-1] + 1;
  return sum;
}
