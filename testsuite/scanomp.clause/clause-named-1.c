/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* `GPU' and `CPU' name devices only inside a device clause: elsewhere in
   a pragma, and in code, they are ordinary identifiers, which GCC reports
   when undeclared, and a program's own declarations of them stand.  */
/* { dg-do compile } */

void
f1 (int *y, int n)
{
#pragma omp target device(GPU) map(tofrom: y[:n])
  y[0] = 1;
#pragma omp target device(CPU) if(GPU) map(tofrom: y[:n]) /* { dg-error "'GPU' undeclared" } */
  y[0] = 2;
}

void
f2 (int *y, int *z)
{
#pragma omp target data device(GPU) map(tofrom: y[:CPU]) map(to: z[:1]) /* { dg-error "'CPU' undeclared" } */
  y[0] = 1;
}

void
f3 (int *y)
{
#pragma omp target update device(GPU) from(y[:1])
  y[1] = GPU; /* { dg-error "'GPU' undeclared" } */
}

int
g (int *y, int n)
{
  int GPU = 3, CPU = 4;
#pragma omp target device(GPU) map(tofrom: y[:n]) if(GPU)
  y[0] = CPU;
  return GPU + CPU;
}
