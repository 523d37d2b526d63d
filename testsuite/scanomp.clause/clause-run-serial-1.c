/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Which loops the plugin marks SCANRT_SERIAL_REDUCE, whose reduce costs
   what the scan does and whose blocks libscanrt/run/host.c cuts with a head
   as long as a block: user-defined operators and a floating-point `*',
   min or max, and every loop where not optimized; not `+' over doubles,
   nor integer operators, whose reduce vectorizes; and which
   SCANRT_HALF_REDUCE, half a block: a linear recurrence and a segmented
   scan, whose pairs the reduce takes in lanes, where optimized.  The test defines
   SCANRT_scan itself, notes each descriptor's flags, and passes the call
   on to libscanrt's (which a call of scanrt_version keeps linked); each
   loop is checked against the sequential one.  */
/* { dg-do run } */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <scanrt-abi.h>
#include <scanrt.h>

#include "clause-check.h"

typedef struct
{
  unsigned long c, m;
} Pair;

static Pair
op (Pair a, Pair b)
{
  Pair r = { (a.c * b.m + b.c) % 1000003, a.m * b.m % 1000003 };
  return r;
}

#pragma omp declare scan(op : Pair : omp_out = op (omp_out, omp_in)) \
  initializer(omp_priv = (Pair) { 0, 1 })

/* The flags of the last descriptor SCANRT_scan was called with.  */
static unsigned last_flags;

int
SCANRT_scan (const struct SCANRT_desc *desc, int device, int threads,
             long first, unsigned long n, const void *seed, void *total,
             const struct SCANRT_arg *args, unsigned long *done)
{
  static int (*next) (const struct SCANRT_desc *, int, int, long,
                      unsigned long, const void *, void *,
                      const struct SCANRT_arg *, unsigned long *);
  if (!next)
    next = (__typeof__ (next)) dlsym (RTLD_NEXT, "SCANRT_scan");
  CHECK (next, "no SCANRT_scan after this one");
  last_flags = desc->flags;
  return next (desc, device, threads, first, n, seed, total, args, done);
}

#ifdef __OPTIMIZE__
#define OPTIMIZED 1
#else
#define OPTIMIZED 0
#endif

static void
expect_flags (const char *what, int serial, int half)
{
  CHECK (!(last_flags & SCANRT_SERIAL_REDUCE) == !serial,
         "%s: SCANRT_SERIAL_REDUCE %s", what, serial ? "missing" : "set");
  CHECK (!(last_flags & SCANRT_HALF_REDUCE) == !half,
         "%s: SCANRT_HALF_REDUCE %s", what, half ? "missing" : "set");
  last_flags = ~0u;
}

static void
expect (const char *what, int serial)
{
  expect_flags (what, serial, 0);
}

int
main (void)
{
  CHECK (scanrt_version ()[0], "no version");
  long n = (1L << 18) + 5;
  Pair *h = malloc (n * sizeof *h), *t = malloc (n * sizeof *t);
  double *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  double *ref = malloc (n * sizeof *ref);
  int *k = malloc (n * sizeof *k), *s = malloc (n * sizeof *s);
  for (long i = 0; i < n; i++)
    {
      h[i].c = rnd () % 1000003;
      h[i].m = rnd () % 1000003;
      x[i] = 0.999 + (double) (rnd () % 2001) * 1e-6;
      k[i] = (int) (rnd () % 2001) - 1000;
    }

  t[0].c = 7;
  t[0].m = 1;
#pragma omp parallel for scan(op : t)
  for (long i = 1; i < n; i++)
    t[i] = op (t[i-1], h[i-1]);
  expect ("user-defined operator", 1);
  Pair p = { 7, 1 };
  for (long i = 1; i < n; i++)
    {
      p = op (p, h[i-1]);
      CHECK (t[i].c == p.c && t[i].m == p.m, "pair: element %ld", i);
    }

  y[0] = ref[0] = 1;
#pragma omp parallel for scan(*: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] * x[i-1];
  expect ("double *", 1);
  for (long i = 1; i < n; i++)
    {
      ref[i] = ref[i-1] * x[i-1];
      CHECK (fabs (y[i] - ref[i]) <= 1e-9 * fabs (ref[i]),
             "double *: element %ld: %g, expected %g", i, y[i], ref[i]);
    }

  y[0] = ref[0] = -1;
#pragma omp parallel for scan(max: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] > x[i-1] ? y[i-1] : x[i-1];
  expect ("double max", 1);
  for (long i = 1; i < n; i++)
    {
      ref[i] = ref[i-1] > x[i-1] ? ref[i-1] : x[i-1];
      CHECK (y[i] == ref[i], "double max: element %ld", i);
    }

  y[0] = ref[0] = 0;
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i-1];
  expect ("double +", !OPTIMIZED);
  for (long i = 1; i < n; i++)
    {
      ref[i] = ref[i-1] + x[i-1];
      CHECK (fabs (y[i] - ref[i]) <= 1e-9 * fabs (ref[i]),
             "double +: element %ld: %g, expected %g", i, y[i], ref[i]);
    }

  s[0] = 3;
#pragma omp parallel for scan(*: s)
  for (long i = 1; i < n; i++)
    s[i] = s[i-1] * (k[i-1] | 1);
  expect ("int *", !OPTIMIZED);
  unsigned u = 3;
  for (long i = 1; i < n; i++)
    {
      u *= (unsigned) (k[i-1] | 1);
      CHECK (s[i] == (int) u, "int *: element %ld", i);
    }
  y[0] = ref[0] = 1;
  y[1] = ref[1] = 2;
#pragma omp parallel for scan(+: y)
  for (long i = 2; i < n; i++)
    y[i] = 0.5 * y[i-1] + 0.25 * y[i-2] + x[i];
  expect_flags ("linear recurrence of order 2", !OPTIMIZED, OPTIMIZED);
  for (long i = 2; i < n; i++)
    {
      ref[i] = 0.5 * ref[i-1] + 0.25 * ref[i-2] + x[i];
      CHECK (fabs (y[i] - ref[i]) <= 1e-9 * fabs (ref[i]),
             "order 2: element %ld: %g, expected %g", i, y[i], ref[i]);
    }

  s[0] = 3;
#pragma omp parallel for scan(+: s)
  for (long i = 1; i < n; i++)
    s[i] = k[i] > 900 ? 0 : s[i-1] + k[i];
  expect_flags ("segmented sum", !OPTIMIZED, OPTIMIZED);
  long seg = 3;
  for (long i = 1; i < n; i++)
    {
      seg = k[i] > 900 ? 0 : seg + k[i];
      CHECK (s[i] == seg, "segmented sum: element %ld", i);
    }
  puts ("flags checked");
  return 0;
}
/* { dg-output "^flags checked\r?\n$" } */
