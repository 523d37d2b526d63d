/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* `declare scan': an initializer is required, and a scan clause needs a
   combiner that calls a function on omp_out and omp_in.  A _Pragma whose
   combiner holds `?:' is still a declaration.  */
/* { dg-do compile } */

typedef struct { int x; int y; } Pair;

static Pair
op (Pair a, Pair c)
{
  Pair r = { a.x * c.y + c.x, a.y * c.y };
  return r;
}

#pragma omp declare scan(pair_op : Pair : omp_out = op (omp_out, omp_in)) /* { dg-error "'#pragma omp declare scan' needs an 'initializer' clause" } */
#pragma omp declare scan(poly : Pair : omp_out = op (omp_out, omp_in)) initializer(omp_priv = (Pair) { 0, 1 })
_Pragma ("omp declare scan(pair_op2 : Pair : omp_out = op (omp_out, omp_in))") /* { dg-error "'#pragma omp declare scan' needs an 'initializer' clause" } */
_Pragma ("omp declare scan(larger : Pair : omp_out = omp_in.x > omp_out.x ? omp_in : omp_out) initializer(omp_priv = (Pair) { -1000, 0 })")

void
f (Pair *t, const Pair *h, int n)
{
#pragma omp parallel for scan(larger: t) /* { dg-error "the combiner of 'larger' does not call a function on 'omp_out' and 'omp_in'" } */
  for (int i = 1; i < n; i++)
    t[i] = t[i-1];
}
