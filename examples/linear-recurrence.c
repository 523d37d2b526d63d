/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* linear-recurrence.c: the first-order linear recurrence
   x[i] = a[i] * x[i-1] + b[i] as a scan over pairs.  A pair (m, c) is the
   affine map x -> m * x + c; `then' composes two maps, the earlier
   first.  The composition reassociates floating-point arithmetic, so the
   check allows for rounding.

     linear-recurrence [N]  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct
{
  double m, c;
} Affine;

static Affine
then (Affine f, Affine g)
{
  Affine r = { g.m * f.m, g.m * f.c + g.c };
  return r;
}

#pragma omp declare scan(then : Affine : omp_out = then (omp_out, omp_in)) \
  initializer(omp_priv = (Affine) { 1.0, 0.0 })

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1L << 22;
  Affine *t = malloc (n * sizeof *t), *f = malloc (n * sizeof *f);
  double *x = malloc (n * sizeof *x);
  if (!t || !f || !x)
    return 2;
  int status = 0;
  unsigned long r = 99;
  for (long i = 0; i < n; i++)
    {
      r = r * 6364136223846793005ul + 1442695040888963407ul;
      f[i].m = 0.5 + (double) (r >> 40) / (double) (1ul << 25);   /* [0.5, 1) */
      f[i].c = (double) ((r >> 8) & 0xffff) / 65536.0 - 0.5;
    }

  /* t[i].c is x[i], from x[0] = 1.  */
  t[0] = (Affine) { 1.0, 1.0 };
#pragma omp parallel for scan(then : t)
  for (long i = 1; i < n; i++)
    t[i] = then (t[i-1], f[i]);

  x[0] = 1.0;
  for (long i = 1; i < n; i++)
    x[i] = f[i].m * x[i-1] + f[i].c;
  for (long i = 0; !status && i < n; i++)
    if (fabs (t[i].c - x[i]) > 1e-9 * (1.0 + fabs (x[i])))
      {
        printf ("FAIL: x[%ld] = %.17g, expected %.17g\n", i, t[i].c, x[i]);
        status = 1;
      }
  if (!status)
    printf ("x[%ld] = %.6f\nPASS\n", n - 1, t[n - 1].c);
  free (t);
  free (f);
  free (x);
  return status;
}
