/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* With -fplugin-arg-scanomp-inscan=off the plugin leaves inscan
   reductions to GCC, and GCC's own errors at an inscan reduction on
   `target teams distribute parallel for' stay, word for word.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-scanomp-inscan=off" } */

void
xteam (int *a, int *b, int n)
{
  int s = 0;
#pragma omp target teams distribute parallel for reduction(inscan, +: s) map(to: a[:n]) map(from: b[:n]) /* { dg-error "'inscan' 'reduction' clause on construct other than 'for', 'simd', 'for simd', 'parallel for', 'parallel for simd'" } */
  for (int i = 0; i < n; i++)
    {
      s += a[i];
#pragma omp scan inclusive(s) /* { dg-error "'#pragma omp scan' may only be used in a loop construct with 'inscan' 'reduction' clause" } */
      b[i] = s;
    }
}
