/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The -verbose notes of collapsed inscan nests the plugin leaves to GCC,
   each saying why: indices that `simd' gives their values after the loop
   (the plugin sets them from the position, so they would hold the last
   one's), a nest whose inner bound depends on the outer index (not
   rectangular), a step of 2, and a nest inside `target', which the
   kernels do not take.  A nest the plugin takes says so, in place too.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-scanomp-verbose" } */

int a[30][30], c[30][30];

int
indices_after (void)
{
  int x = 0, i, j;
#pragma omp parallel for simd collapse(2) reduction(inscan, +: x) /* { dg-message "it collapses loops and gives '\[ij\]' its value after the loop" } */
  for (i = 0; i < 30; i++)
    for (j = 0; j < 3; j++)
      {
        x += a[i][j];
#pragma omp scan inclusive(x)
        c[i][j] = x;
      }
  return x + i + j;
}

int
triangle (void)
{
  int x = 0;
#pragma omp parallel for collapse(2) reduction(inscan, +: x) /* { dg-message "the bounds of the loop over 'j' depend on 'i', the index of a loop outside it" } */
  for (int i = 0; i < 30; i++)
    for (int j = 0; j < i; j++)
      {
        x += a[i][j];
#pragma omp scan inclusive(x)
        c[i][j] = x;
      }
  return x;
}

int
step2 (void)
{
  int x = 0;
#pragma omp parallel for collapse(2) reduction(inscan, +: x) /* { dg-message "a loop it collapses steps by '2'" } */
  for (int i = 0; i < 30; i++)
    for (int j = 0; j < 30; j += 2)
      {
        x += a[i][j];
#pragma omp scan inclusive(x)
        c[i][j] = x;
      }
  return x;
}

int
in_target (void)
{
  int x = 0;
#pragma omp target map(tofrom: a, c, x)
#pragma omp parallel for collapse(2) reduction(inscan, +: x) /* { dg-message "the kernels take one loop, not a nest that 'collapse' makes one" } */
  for (int i = 0; i < 30; i++)
    for (int j = 0; j < 30; j++)
      {
        x += a[i][j];
#pragma omp scan inclusive(x)
        c[i][j] = x;
      }
  return x;
}

int
taken (void)
{
  int x = 0;
#pragma omp parallel for collapse(2) reduction(inscan, +: x) /* { dg-message "this inscan loop runs on the host path" } */
  for (int i = 0; i < 30; i++)
    for (int j = 0; j < 30; j++)
      {
        x += a[i][j];
#pragma omp scan inclusive(x)
        c[i][j] = x;
      }
  return x;
}

/* In place: the nest's reads and stores, their indices computed from the
   position, are no gathers of an array it stores (once left to GCC by
   that note, for a moment on 2026-12-03).  */
int
taken_in_place (void)
{
  int x = 0;
#pragma omp parallel for collapse(2) reduction(inscan, +: x) /* { dg-message "this inscan loop runs on the host path" } */
  for (int i = 0; i < 30; i++)
    for (int j = 0; j < 30; j++)
      {
        x += a[i][j];
#pragma omp scan inclusive(x)
        a[i][j] = x;
      }
  return x;
}
