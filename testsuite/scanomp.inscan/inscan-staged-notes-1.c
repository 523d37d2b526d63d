/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The -verbose notes of inscan loops whose input phase stores to memory:
   taken, on the host path and as kernels, where running the phase
   twice stores the same again; left to GCC, with a note that says
   why, where it reads an element before storing it (`x[i] = 2 * x[i]'),
   stores one element every iteration or at a stride read at run time
   (`d[i * ld]', which could be 0), reaches the stored array at
   another element, or gathers beside its stores; where an exclusive
   scan's scan phase, before the input phase in the source and after it
   in GCC's code, reads or stores the array too; and a loop in
   the input phase, whose next turn could read what a later store of the
   first run left.  Each phase of several statements in braces (GCC 11
   takes one statement a phase).  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-scanomp-verbose" } */

int
taken (const double *x, int *flag, int *pos, long n)
{
  int cnt = 0;
#pragma omp parallel for reduction(inscan, +: cnt) /* { dg-message "this inscan loop runs on the host path: 1 scan variable, inclusive; SCANOMP_HOST=opencl runs it as an OpenCL kernel" } */
  for (long i = 0; i < n; i++)
    {
      {
        flag[i] = x[i] > 0.5;
        cnt += flag[i];
      }
#pragma omp scan inclusive(cnt)
      pos[i] = cnt;
    }
  return cnt;
}

double
read_first (double *x, double *y, long n)
{
  double s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      {
        x[i] = 2 * x[i]; /* { dg-message "its input phase may read an element of 'x' before it stores it, and the host path and the kernels run that phase twice, the second time reading what the first stored; store to another array" } */
        s += x[i];
      }
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

int
one_element (const int *x, int *last, int *y, long n)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      {
        last[0] = x[i]; /* { dg-message "its input phase stores to 'last' at an index that does not reach an element of its own each iteration; store to an element an iteration, as in 'x\\\[i\\\]'" } */
        s += x[i];
      }
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

int
run_time_stride (const int *x, int *d, int *y, long n, long ld)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      {
        d[i * ld] = x[i]; /* { dg-message "its input phase stores to 'd' at a stride read at run time, which the plugin cannot tell reaches an element of its own each iteration; store to an array indexed as in 'x\\\[i\\\]'" } */
        s += x[i];
      }
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

int
another_element (const int *x, int *d, int *y, long n)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 1; i < n; i++)
    {
      {
        d[i] = x[i];
        s += d[i] + d[i - 1]; /* { dg-message "its input phase stores to 'd', which it reaches at another element here" } */
      }
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

int
gathers (const int *x, const long *idx, int *d, int *y, long n)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      {
        d[i] = x[idx[i]]; /* { dg-message "its input phase stores to 'd', and this read's index is computed from what the loop reads" } */
        s += d[i];
      }
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

int
exclusive_reads (const int *x, int *flag, int *y, long n)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      y[i] = s + flag[i]; /* { dg-message "the scan phase of this exclusive scan reads 'flag', which its input phase, after it in the source, stores" } */
#pragma omp scan exclusive(s)
      {
        flag[i] = x[i] > 0;
        s += flag[i];
      }
    }
  return s;
}

int
exclusive_stores (const int *x, int *flag, int *y, long n)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      {
        y[i] = s;
        flag[i] = 0; /* { dg-message "both phases of this exclusive scan store to 'flag', the scan phase first in the source, last in GCC's code" } */
      }
#pragma omp scan exclusive(s)
      {
        flag[i] = x[i] > 0;
        s += flag[i];
      }
    }
  return s;
}

int
inner_loop (const int *x, int *d, int *y, long n)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      {
        for (int k = 0; k < 3; k++)
          {
            if (k == x[i])
              d[i] = k;
            s += d[i]; /* { dg-message "its input phase may read an element of 'd' before it stores it" } */
          }
      }
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

int
in_target (const int *x, int *flag, int *y, int n)
{
  int s = 0;
#pragma omp target map(to: x[0:n]) map(from: flag[0:n], y[0:n]) map(tofrom: s) /* { dg-message "this inscan loop runs as an OpenCL kernel: 1 scan variable, inclusive" } */
#pragma omp parallel for reduction(inscan, +: s)
  for (int i = 0; i < n; i++)
    {
      {
        flag[i] = x[i] > 0;
        s += flag[i];
      }
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}
