/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The thesis' polynomial pairs (section 4.3), which do not commute, with
   the operator from `declare scan' in a #pragma and a _Pragma, and from a
   standard `declare reduction': in a target region with maps, on a
   combined target construct, on the host CPU device, in place, and
   counting down.  Each checked against the same loop run sequentially,
   bit for bit.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */

#include "udr-check.h"

/* OpenMP 5.2 names `declare target' `begin declare target', which GCC 16
   says; GCC before 14 knows only the old name.  */
#if __GNUC__ >= 16
#pragma GCC diagnostic ignored "-Wdeprecated-openmp"
#endif

#pragma omp declare target
typedef struct { unsigned x; unsigned y; } Pair;

Pair
op (Pair a, Pair c)
{
  Pair r;
  r.x = a.x * c.y + c.x;
  r.y = a.y * c.y;
  return r;
}
#pragma omp end declare target

#pragma omp declare scan(op : Pair : omp_out = op (omp_out, omp_in)) initializer(omp_priv = (Pair) { 0, 1 })
PRAGMA (omp declare scan(op2 : Pair : omp_out = op (omp_out, omp_in)) initializer(omp_priv = (Pair) { 0, 1 }))
#pragma omp declare reduction(op3 : Pair : omp_out = op (omp_out, omp_in)) initializer(omp_priv = (Pair) { 0, 1 })

static void
check (const Pair *t, const Pair *want, long n, const char *form)
{
  for (long i = 0; i < n; i++)
    CHECK (t[i].x == want[i].x && t[i].y == want[i].y,
           "%s: n %ld: t[%ld] = (%u, %u), expected (%u, %u)", form, n, i,
           t[i].x, t[i].y, want[i].x, want[i].y);
}

int
main (void)
{
  for (unsigned s = 0; s < NSIZES; s++)
    {
      long n = sizes[s] + 1;
      Pair *h = malloc (n * sizeof *h), *t = malloc (n * sizeof *t);
      Pair *want = malloc (n * sizeof *want);
      for (long i = 0; i < n; i++)
        {
          h[i].x = (unsigned) (rnd () % 1000);
          h[i].y = (unsigned) (rnd () % 7) + 1;
        }
      Pair seed = { (unsigned) rnd (), 1 };

      want[0] = seed;
      for (long i = 1; i < n; i++)
        want[i] = op (want[i-1], h[i-1]);
      t[0] = seed;
#pragma omp target map(tofrom: t[:n]) map(to: h[:n])
#pragma omp parallel for scan(op : t)
      for (long i = 1; i < n; i++)
        t[i] = op (t[i-1], h[i-1]);
      check (t, want, n, "target");

      t[0] = seed;
#pragma omp target teams distribute parallel for map(tofrom: t[:n]) map(to: h[:n]) scan(op : t)
      for (long i = 1; i < n; i++)
        t[i] = op (t[i-1], h[i-1]);
      check (t, want, n, "target teams distribute parallel for");

      t[0] = seed;
      PRAGMA (omp parallel for scan(op2 : t))
      for (long i = 1; i < n; i++)
        t[i] = op (t[i-1], h[i-1]);
      check (t, want, n, "_Pragma");

      /* In place: t[i] = op (t[i-1], t[i]).  */
      memcpy (t + 1, h, (n - 1) * sizeof *t);
      t[0] = seed;
#pragma omp parallel for scan(op3 : t)
      for (long i = 1; i < n; i++)
        t[i] = op (t[i-1], t[i]);
      check (t, want, n, "in place");

      /* Counting down: t[i] from t[i+1].  */
      want[n - 1] = seed;
      for (long i = n - 2; i >= 0; i--)
        want[i] = op (want[i+1], h[i+1]);
      t[n - 1] = seed;
#pragma omp parallel for scan(op : t)
      for (long i = n - 2; i >= 0; i--)
        t[i] = op (t[i+1], h[i+1]);
      check (t, want, n, "down");
      free (h);
      free (t);
      free (want);
    }
  return 0;
}
