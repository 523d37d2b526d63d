/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* GCC's garbage collector, made to run after every function: `scan' in a
   clause with a user-defined operator, then in one with a built-in
   operator, keeps its definitions (the empty one was once freed while
   `scan' held the probe's, and a later clause expanded to garbage); and
   a loop whose many accesses move when the analysis adds its probes
   reads none of them after they moved.  Both failed now and then, as
   the heap's layout had it (the differential fuzzer found them).  */
/* { dg-do compile } */
/* { dg-options "--param ggc-min-expand=0 --param ggc-min-heapsize=0" } */

typedef struct { int a; int b; } P;
P comb (P x, P y) { P r = { x.a + y.a, x.b * y.b }; return r; }
#pragma omp declare scan(comb : P : omp_out = comb (omp_out, omp_in)) initializer(omp_priv = (P) { 0, 1 })

void
user (P *g, const P *h, int n)
{
#pragma omp parallel for scan(comb: g)
  for (int i = 1; i < n; i++)
    g[i] = comb (g[i-1], h[i]);
}

void
builtin (long *y, const long *x, long n)
{
#pragma omp parallel for schedule (static) scan (+: y) num_threads (2)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
}

void
many (short *y, short *z, short *v, const short *x, const short *w,
      long ub, long *o)
{
  long rj = o[0], lk = o[1];
  double rd = 0.5;
#pragma omp parallel for simd if (ub > 0) scan (*: y) reduction (^: rj) reduction (+: rd) lastprivate (conditional: lk)
  for (unsigned i = 2; i <= ub - 1; i++)
    {
      y[i] = y[i - 1] * x[i];
      rj ^= (long) i * (1 + (x[i] > w[i]));
      rd += x[i] > w[i] ? 0.5 : -0.25;
      if (w[i] > x[i])
        lk = (long) i;
      z[i] = y[i];
      if (y[i] < x[i])
        v[i] = y[i];
      else
        v[i] = (short) 1;
    }
  o[0] = rj;
  o[1] = lk;
  o[2] = (long) (rd * 4);
}

void
builtin_again (int *y, const int *x, int n)
{
#pragma omp parallel for scan(max: y)
  for (int i = 1; i < n; i++)
    y[i] = y[i-1] > x[i] ? y[i-1] : x[i];
}
