/* polynomial.c: evaluate every prefix of a polynomial at one point, as a
   scan over pairs (thesis section 4.3).

   Horner's rule p_i = p_{i-1} * x + a_i is an affine map v -> v * m + c
   applied step by step.  A pair (c, m) stands for such a map, and `op'
   composes two of them, first A, then C: v -> (v * A.m + A.c) * C.m + C.c.
   Composition is associative but not commutative, so the scan must keep
   the operands in order.  Arithmetic is modulo a prime, so the results
   are exact and checkable.

     polynomial [N]  */

#include <stdio.h>
#include <stdlib.h>

#define P 1000000007ul

#pragma omp declare target
typedef struct
{
  unsigned long c;   /* the value so far */
  unsigned long m;   /* x to the power of the terms so far */
} Pair;

Pair
op (Pair a, Pair b)
{
  Pair r;
  r.c = (a.c * b.m + b.c) % P;
  r.m = a.m * b.m % P;
  return r;
}
#pragma omp end declare target

#pragma omp declare scan(op : Pair : omp_out = op (omp_out, omp_in)) \
  initializer(omp_priv = (Pair) { 0, 1 })

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1L << 22;
  unsigned long x = 31337;
  Pair *t = malloc (n * sizeof *t), *h = malloc (n * sizeof *h);
  if (!t || !h)
    return 2;
  /* h[i]: the term a_{i+1}, with x.  */
  unsigned long r = 42;
  for (long i = 0; i < n; i++)
    {
      r = r * 6364136223846793005ul + 1442695040888963407ul;
      h[i].c = (r >> 33) % P;
      h[i].m = x;
    }

  t[0].c = 7;   /* a_0 */
  t[0].m = 1;
#pragma omp target map(tofrom: t[:n]) map(to: h[:n])
#pragma omp parallel for scan(op : t)
  for (long i = 1; i < n; i++)
    t[i] = op (t[i-1], h[i-1]);

  /* Horner's rule, step by step.  */
  unsigned long p = 7, power = 1;
  for (long i = 0; i < n; i++)
    {
      if (t[i].c != p || t[i].m != power)
        {
          printf ("FAIL: prefix %ld is (%lu, %lu), expected (%lu, %lu)\n", i,
                  t[i].c, t[i].m, p, power);
          return 1;
        }
      if (i + 1 < n)
        {
          p = (p * x + h[i].c) % P;
          power = power * x % P;
        }
    }
  printf ("polynomial of degree %ld at x = %lu: %lu\nPASS\n", n - 1, x,
          t[n - 1].c);
  return 0;
}
