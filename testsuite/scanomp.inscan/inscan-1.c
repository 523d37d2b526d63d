/* -fplugin-arg-scanomp-verbose: a note for an offloaded inscan loop, and
   one saying why another is left to GCC.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-scanomp-verbose" } */

typedef struct { int a, b; } pair;
#pragma omp declare reduction (pp : pair : omp_out.a += omp_in.a, omp_out.b += omp_in.b) initializer (omp_priv = (pair) { 0, 0 })

void
f (int *y, const int *x, int n)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s) /* { dg-message "this inscan loop runs as an OpenCL kernel: 1 scan variable, inclusive" } */
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
#pragma omp parallel for reduction(inscan, pp: p) /* { dg-message "this inscan loop runs on host threads: 'p' is a user-defined reduction" } */
  for (int i = 0; i < n; i++)
    {
      p.a += x[i];
#pragma omp scan inclusive(p)
      y[i] = p.a;
    }
}
