/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The -verbose notes of inscan loops that read at an index computed
   from what they read (a gather): taken on the host, with the kernels'
   note (they copy the elements the loop index reaches, and cannot know
   which these are); left to GCC where the loop stores to the array it
   gathers from (another iteration's store could be what it reads);
   inside target, taken as kernels where a map gives the array's
   section, which they then hold whole (an error until 2026-12-03);
   where none does, left to GCC inside `target', and an error inside a
   target construct that GCC rejects `inscan' on, whose kernels alone
   would run it.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-scanomp-verbose" } */

long
taken (long *out, const int *w, const long *idx, long n)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s) /* { dg-message "this inscan loop runs on the host path: 1 scan variable, inclusive; it has no OpenCL kernel" } */
  for (long i = 0; i < n; i++)
    {
      s += w[idx[i]]; /* { dg-message "this read's index is not an affine function of the loop index \\(it is computed from what the loop reads, or before a branch\\): the kernels, which copy the elements each index reaches, cannot copy those of 'w'" } */
#pragma omp scan inclusive(s)
      out[i] = s;
    }
  return s;
}

long
stored (long *out, const long *idx, long n)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s) /* { dg-message "so this inscan loop is left to GCC's own implementation" } */
  for (long i = 0; i < n; i++)
    {
      s += out[idx[i]]; /* { dg-message "an array index in this inscan loop is not an affine function of the loop index 'i', and the loop stores to 'out'; index arrays it stores as in 'x\\\[i \\+ k\\\]'" } */
#pragma omp scan inclusive(s)
      out[i] = s;
    }
  return s;
}

long
in_target (long *out, const int *w, const long *idx, long n)
{
  long s = 0;
#pragma omp target teams distribute parallel for reduction(inscan, +: s) map(to: w[0:n], idx[0:n]) map(from: out[0:n]) /* { dg-message "this inscan loop runs as an OpenCL kernel: 1 scan variable, inclusive" } */
  for (long i = 0; i < n; i++)
    {
      s += w[idx[i]];
#pragma omp scan inclusive(s)
      out[i] = s;
    }
  return s;
}

long
unmapped (long *out, const int *w, const long *idx, long n)
{
  long s = 0;
#pragma omp target map(to: idx[0:n]) map(from: out[0:n]) map(tofrom: s) /* { dg-message "so this inscan loop is left to GCC's own implementation" } */
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += w[idx[i]]; /* { dg-message "this read's index is not an affine function of the loop index \\(it is computed from what the loop reads, or before a branch\\): the kernels, which copy the elements each index reaches, cannot copy those of 'w'; inside 'target', they hold the section a 'map' clause gives it" } */
#pragma omp scan inclusive(s)
      out[i] = s;
    }
  return s;
}

long
unmapped_teams (long *out, const int *w, const long *idx, long n)
{
  long s = 0;
#pragma omp target teams distribute parallel for reduction(inscan, +: s) map(to: idx[0:n]) map(from: out[0:n]) /* { dg-message "for this scan" } */
  for (long i = 0; i < n; i++)
    {
      s += w[idx[i]]; /* { dg-error "cannot copy those of 'w'; inside 'target', they hold the section a 'map' clause gives it" } */
#pragma omp scan inclusive(s)
      out[i] = s;
    }
  return s;
}
