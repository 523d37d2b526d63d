/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* One target scan split across two devices (pocl asked for two CPU
   devices, SCANOMP_DEVICES=0:3,1:1): built-in operators, whose blocks'
   totals come first, and a user-defined one, whose blocks are chained;
   inclusive and exclusive (inscan), seeded by y[0], with stores beside the
   scan, in place, counting down, at sizes 0, 1, 2, odd and past 2^20.
   Each checked against the same loop run sequentially.  Under MANDATORY,
   a block that failed would stop the program rather than fall back.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */
/* { dg-set-target-env-var SCANOMP_DEVICES 0:3,1:1 } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */

#include "clause-check.h"

/* OpenMP 5.2 names `declare target' `begin declare target', which GCC 16
   says; GCC before 14 knows only the old name.  */
#if __GNUC__ >= 16
#pragma GCC diagnostic ignored "-Wdeprecated-openmp"
#endif

typedef struct { unsigned a, b; } Map;   /* x -> a * x + b */

#pragma omp declare target
static Map
then (Map f, Map g)
{
  Map r = { g.a * f.a, g.a * f.b + g.b };
  return r;
}
#pragma omp end declare target

#pragma omp declare scan(then : Map : omp_out = then (omp_out, omp_in)) initializer(omp_priv = (Map) { 1, 0 })

static void
sum (int *y, const int *x, int *out, long n)
{
#pragma omp target map(tofrom: y[0:n], out[0:n]) map(to: x[0:n])
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      out[i] = y[i] * 2 - x[i];
    }
}

static void
maximum_down (long *y, const long *x, long n)
{
#pragma omp target map(tofrom: y[0:n]) map(to: x[0:n])
#pragma omp parallel for scan(max: y)
  for (long i = n - 2; i >= 0; i--)
    y[i] = y[i+1] > x[i] ? y[i+1] : x[i];
}

static void
product_in_place (double *y, long n)
{
#pragma omp target map(tofrom: y[0:n])
#pragma omp parallel for scan(*: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] * y[i];
}

static int
exclusive_xor (int *y, const int *x, long n)
{
  int s = 5;
#pragma omp target map(tofrom: y[0:n], s) map(to: x[0:n])
#pragma omp parallel for reduction(inscan, ^: s)
  for (long i = 0; i < n; i++)
    {
      y[i] = s;
#pragma omp scan exclusive(s)
      s ^= x[i];
    }
  return s;
}

static void
compose (Map *t, const Map *f, long n)
{
#pragma omp target map(tofrom: t[0:n]) map(to: f[0:n])
#pragma omp parallel for scan(then: t)
  for (long i = 1; i < n; i++)
    t[i] = then (t[i-1], f[i]);
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k], m = n ? n : 1;
      int *x = malloc (m * sizeof *x), *y = malloc (m * sizeof *y);
      int *out = calloc (m, sizeof *out), *ref = malloc (m * sizeof *ref);
      long *lx = malloc (m * sizeof *lx), *ly = malloc (m * sizeof *ly);
      double *d = malloc (m * sizeof *d), *dref = malloc (m * sizeof *d);
      Map *f = malloc (m * sizeof *f), *t = malloc (m * sizeof *t);
      CHECK (x && y && out && ref && lx && ly && d && dref && f && t,
             "out of memory");

      for (long i = 0; i < n; i++)
        {
          x[i] = (int) (rnd () % 2001) - 1000;
          y[i] = ref[i] = i ? 0 : (int) (rnd () % 100);
        }
      for (long i = 1; i < n; i++)
        ref[i] = ref[i-1] + x[i];
      sum (y, x, out, n);
      for (long i = 1; i < n; i++)
        if (y[i] != ref[i] || out[i] != ref[i] * 2 - x[i])
          FAIL ("+ n=%ld: element %ld is %d (out %d), not %d", n, i, y[i],
                out[i], ref[i]);

      for (long i = 0; i < n; i++)
        lx[i] = (long) (rnd () >> 1) - (1L << 62);
      if (n)
        ly[n-1] = lx[n-1];
      maximum_down (ly, lx, n);
      for (long i = n - 2, r = n ? lx[n-1] : 0; i >= 0; i--)
        {
          r = r > lx[i] ? r : lx[i];
          if (ly[i] != r)
            FAIL ("max down n=%ld: element %ld", n, i);
        }

      for (long i = 0; i < n; i++)
        d[i] = dref[i] = 0.999 + (rnd () % 2001) * 1e-6;
      for (long i = 1; i < n; i++)
        dref[i] = dref[i-1] * dref[i];
      product_in_place (d, n);
      for (long i = 0; i < n; i++)
        if (fabs (d[i] - dref[i]) > 1e-9 * fabs (dref[i]))
          FAIL ("* in place n=%ld: element %ld is %.17g, not %.17g", n, i,
                d[i], dref[i]);

      int s = exclusive_xor (y, x, n), r = 5;
      for (long i = 0; i < n; i++)
        {
          if (y[i] != r)
            FAIL ("exclusive ^ n=%ld: element %ld", n, i);
          r ^= x[i];
        }
      if (s != r)
        FAIL ("exclusive ^ n=%ld: final value %d, not %d", n, s, r);

      for (long i = 0; i < n; i++)
        {
          f[i].a = (unsigned) rnd () | 1;
          f[i].b = (unsigned) rnd ();
        }
      if (n)
        t[0] = f[0];
      compose (t, f, n);
      Map want = n ? f[0] : (Map) { 1, 0 };
      for (long i = 1; i < n; i++)
        {
          want = then (want, f[i]);
          if (t[i].a != want.a || t[i].b != want.b)
            FAIL ("user operator n=%ld: element %ld", n, i);
        }

      free (x), free (y), free (out), free (ref), free (lx), free (ly);
      free (d), free (dref), free (f), free (t);
    }
  puts ("scans across devices checked");
  return 0;
}
/* { dg-output "scans across devices checked" } */
