// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/* A C++ reference as an inscan scan variable stands for the variable it
   names, and may be passed on by reference; one whose address is taken
   stays with GCC, with a note.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-scanomp-verbose" } */

void
f (long *y, const int *x, int n, long &s)
{
#pragma omp parallel for reduction(inscan, +: s) /* { dg-message "this inscan loop runs on the host path: 1 scan variable, inclusive\[^\n\]*SCANOMP_HOST=opencl runs it as an OpenCL kernel" } */
  for (int i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      y[i] = s;
    }
}

void
g (long *y, const int *x, int n, long &s)
{
#pragma omp parallel for reduction(inscan, +: s)
  for (int i = 0; i < n; i++)
    {
      {
        long *p = &s; /* { dg-message "this inscan loop is left to GCC's own implementation: it takes the address of 's', a scan variable; the kernels have only its value" } */
        *p += x[i];
      }
#pragma omp scan inclusive(s)
      y[i] = s;
    }
}

/* An element written through a reference must reach the call once:
   where the plugin cannot read the call as what it computes (a branch on
   a value; straight-line code it reads through).  */
static void
both (long &dst, const long &src)
{
  if (src > 0)
    dst += src;
  else
    dst -= src;
}

void
h (long *y, const int *x, int n, long &s)
{
#pragma omp parallel for reduction(inscan, +: s)
  for (int i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      both (y[i], y[i]); /* { dg-message "passes 'void both\\(long int&, const long int&\\)' the same element twice, once to be written; pass it once" } */
    }
}
