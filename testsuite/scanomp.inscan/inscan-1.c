/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* -fplugin-arg-scanomp-verbose: a note for an offloaded inscan loop, and
   one saying why another is left to GCC: a function the device lacks, a
   private copy of a variable the kernels would not carry, or a variable
   of the function that the loop shares and sets; and for a loop with
   late items, its counts (it has kernels since 2026-11-30).  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-scanomp-verbose" } */

typedef struct { int a, b; } pair;
pair padd (pair, pair);   /* defined elsewhere: the device lacks it */
#pragma omp declare reduction (pp : pair : omp_out = padd (omp_out, omp_in)) initializer (omp_priv = (pair) { 0, 0 }) /* { dg-message "the scan calls 'padd', which is not defined in this unit" } */

void
f (int *y, const int *x, int n)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s) /* { dg-message "this inscan loop runs on the host path: 1 scan variable, inclusive\[^\n\]*SCANOMP_HOST=opencl runs it as an OpenCL kernel" } */
  for (int i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      y[i] = s;
    }
}

void
g (int *y, const int *x, int n)
{
  pair p = { 0, 0 };
#pragma omp parallel for reduction(inscan, pp: p) /* { dg-message "so this inscan loop is left to GCC's own implementation" } */
  for (int i = 0; i < n; i++)
    {
      p.a += x[i];
#pragma omp scan inclusive(p)
      y[i] = p.a;
    }
}

int
h (int *y, const int *x, int n, int c)
{
  int s = 0, last = 0;
#pragma omp parallel for reduction(inscan, +: s) firstprivate(c) /* { dg-message "this inscan loop runs on the host path: 1 scan variable, inclusive\[^\n\]*SCANOMP_HOST=opencl runs it as an OpenCL kernel" } */
  for (int i = 0; i < n; i++)
    {
      s += x[i] * c;
#pragma omp scan inclusive(s)
      y[i] = s;
    }
#pragma omp parallel for reduction(inscan, +: s) lastprivate(last) /* { dg-message "this inscan loop runs on the host path: 1 scan variable and 1 lastprivate, inclusive; SCANOMP_HOST=opencl runs it as an OpenCL kernel" } */
  for (int i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      y[i] = last = s;
    }
  int tmp[2];
#pragma omp parallel for reduction(inscan, +: s) private(tmp) /* { dg-message "this inscan loop is left to GCC's own implementation: 'tmp', which a clause gives each iteration a copy of, is of a type OpenCL C lacks" } */
  for (int i = 0; i < n; i++)
    {
      {
        tmp[0] = x[i];
        tmp[1] = i;
        s += tmp[0] * tmp[1];
      }
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return last;
}

void
k (int *y, const int *x, int n)
{
  _Bool b = 0;
#pragma omp parallel for reduction(inscan, |: b) /* { dg-message "this inscan loop is left to GCC's own implementation: 'b' is a _Bool, whose size OpenCL C leaves open" } */
  for (int i = 0; i < n; i++)
    {
      b |= x[i] > 0;
#pragma omp scan inclusive(b)
      y[i] = b;
    }
}

/* A compound literal in the body: GCC 11 to 13 wrap the loop in the
   literal's clobber, GCC 14 on each iteration's body, around both
   phases; the plugin looks through either.  */
struct pair { int a, b; };

int
literal (int *y, const int *x, int n)
{
  int s = 0;
  struct pair p;
#pragma omp parallel for reduction(inscan, +: s) private(p) /* { dg-message "this inscan loop runs on the host path: 1 scan variable, inclusive\[^\n\]*SCANOMP_HOST=opencl runs it as an OpenCL kernel" } */
  for (int i = 0; i < n; i++)
    {
      s += (p = (struct pair) { x[i], 2 }).a * 2;
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

long
shared_set (int *y, const int *x, int n)
{
  int s = 0;
  long last = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (int i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      {
        y[i] = s;
        last = i; /* { dg-message "this inscan loop is left to GCC's own implementation: it sets 'last', which the loop shares" } */
      }
    }
  return last;
}

long
late_items (int *y, const int *x, int n)
{
  int s = 0;
  long best = 0, last = -1;
#pragma omp parallel for reduction(inscan, +: s) /* { dg-message "this inscan loop runs on the host path: 1 scan variable, 1 reduction and 1 lastprivate, inclusive; SCANOMP_HOST=opencl runs it as an OpenCL kernel" } */ \
    reduction(max: best) lastprivate(conditional: last)
  for (int i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      {
        y[i] = s;
        best = s > best ? s : best;
        if (s < 0)
          last = i;
      }
    }
  return best + last;
}
