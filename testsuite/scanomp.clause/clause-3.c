/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* -fplugin-arg-scanomp-verbose: a note for each offloaded loop.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-scanomp-verbose" } */

void
f (unsigned short *y, const unsigned short *x, int n)
{
#pragma omp parallel for scan(max: y) /* { dg-message "'scan\\(max: y\\)' runs on the host path: 'short unsigned int' elements\[^\n\]*SCANOMP_HOST=opencl runs it as an OpenCL kernel" } */
  for (int i = 1; i < n; i++)
    y[i] = y[i-1] > x[i] ? y[i-1] : x[i];
}
