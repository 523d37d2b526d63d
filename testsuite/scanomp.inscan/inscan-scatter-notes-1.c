/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A scan phase that stores at an index computed from the scan
   (`out[cnt] = x[i]', stream compaction) has an OpenCL kernel where a
   target maps the array's section, which the kernels then hold whole;
   elsewhere none: the kernels copy the elements the loop index reaches,
   and cannot know which these are.  Outside target it runs on the host
   path; inside, with no map of the array, it is left to GCC's own
   implementation.  -verbose says so, at the store.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fplugin-arg-scanomp-verbose" } */

long
compact (int *out, const int *x, long n)
{
  long cnt = 0;
#pragma omp parallel for reduction(inscan, +: cnt) /* { dg-message "this inscan loop runs on the host path: 1 scan variable, exclusive; it has no OpenCL kernel" } */
  for (long i = 0; i < n; i++)
    {
      if (x[i] > 0)
        out[cnt] = x[i]; /* { dg-message "this store's index is not an affine function of the loop index \\(it is computed from the scan, or before a branch\\): the kernels, which copy the elements each index reaches, cannot copy those of 'out'" } */
#pragma omp scan exclusive(cnt)
      cnt += x[i] > 0;
    }
  return cnt;
}

long
compact_target (int *out, const int *x, long n)
{
  long cnt = 0;
#pragma omp target map(to: x[0:n]) map(from: out[0:n]) map(tofrom: cnt) /* { dg-message "this inscan loop runs as an OpenCL kernel: 1 scan variable, exclusive" } */
#pragma omp parallel for reduction(inscan, +: cnt)
  for (long i = 0; i < n; i++)
    {
      if (x[i] > 0)
        out[cnt] = x[i];
#pragma omp scan exclusive(cnt)
      cnt += x[i] > 0;
    }
  return cnt;
}

long
compact_unmapped (int *out, const int *x, long n)
{
  long cnt = 0;
#pragma omp target map(to: x[0:n]) map(tofrom: cnt) /* { dg-message "so this inscan loop is left to GCC's own implementation" } */
#pragma omp parallel for reduction(inscan, +: cnt)
  for (long i = 0; i < n; i++)
    {
      if (x[i] > 0)
        out[cnt] = x[i]; /* { dg-message "cannot copy those of 'out'; inside 'target', they hold the section a 'map' clause gives it" } */
#pragma omp scan exclusive(cnt)
      cnt += x[i] > 0;
    }
  return cnt;
}
/* { dg-message "so this loop has no OpenCL kernel" "" { target *-*-* } 0 } */
/* { dg-message "where it falls back to the host" "" { target *-*-* } 0 } */
