// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A C++ reference as a reduction variable beside `scan': the kernels do
// not hold it, and say so at the clause that names it.
// { dg-do compile }

long
reference (long *y, const long *x, long n, long &r)
{
#pragma omp parallel for reduction(+: r) scan(+: y) // { dg-error "the kernels of 'scan' cannot compute the reduction of 'r', which is a reference; compute it in a loop of its own" }
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      r += x[i];
    }
  return r;
}
