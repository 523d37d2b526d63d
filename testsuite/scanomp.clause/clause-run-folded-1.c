/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Updates GCC folds into another shape before the plugin sees them, each
   still the scan it was written as: y[i-1] * -1 and -1.0 * y[i-1] become
   -y[i-1] (so does y[i-1] * c where c folds to -1); y[i-1] ^ -1 becomes
   ~y[i-1]; -(y[i-1] * x[i]) is y[i-1] * -x[i]; y[i-1] || E with E
   always false becomes y[i-1] != 0, stored to a double through a branch
   on it; and the branches of ?: each computing y[i-1] op E_k, one of
   them y[i-1] alone; and min written as ?: on a comparison kept in a
   variable.  Outside and inside `target', checked against the sequential
   loop.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */

#include "clause-check.h"

#define N ((1L << 20) + 7)
static long a[N], ra[N], b[N], rb[N], g[N], rg[N], mn[N], rmn[N];
static double d[N], rd[N], f[N], rf[N], t[N], rt[N];
static unsigned u[N], ru[N];
static signed char s[N];
static unsigned char x[N];

#define SCAN(op, y) PRAGMA (omp parallel for scan(op: y))
#define TARGET(op, y, n)                                                    \
  PRAGMA (omp target teams distribute parallel for scan(op: y)             \
          map(tofrom: y[0:n]) map(to: x[0:n], s[0:n]))

static void
scans (long n)
{
  SCAN (*, a)
  for (long i = 1; i < n; i++)
    a[i] = a[i-1] * -1;
  SCAN (*, d)
  for (long i = 1; i < n; i++)
    d[i] = -1.0 * d[i-1];
  SCAN (*, f)
  for (long i = 1; i < n; i++)
    f[i] = f[i-1] * (x[i] == -2 ? 2.0 : -1.0);
  SCAN (^, u)
  for (long i = 1; i < n; i++)
    u[i] = u[i-1] ^ -1u;
  SCAN (*, b)
  for (long i = 1; i < n; i++)
    b[i] = -(b[i-1] * s[i]);
  SCAN (||, t)
  for (long i = 1; i < n; i++)
    t[i] = t[i-1] || x[i] == -2;
  SCAN (+, g)
  for (long i = 1; i < n; i++)
    g[i] = (i & 1) ? g[i-1] + x[i] : (i & 2) ? s[i] + g[i-1] : g[i-1];
  SCAN (min, mn)
  for (long i = 1; i < n; i++)
    {
      int m = s[i] * (long) x[i] < mn[i-1];
      mn[i] = m ? s[i] * (long) x[i] : mn[i-1];
    }
}

static void
target_scans (long n)
{
  TARGET (*, a, n)
  for (long i = 1; i < n; i++)
    a[i] = a[i-1] * ((int) floor (sqrt (1.0)) - 2);
  TARGET (+, g, n)
  for (long i = 1; i < n; i++)
    g[i] = x[i] > 100 ? g[i-1] - s[i] : g[i-1] + x[i];
}

static void
references (long n, int target)
{
  for (long i = 1; i < n; i++)
    {
      ra[i] = -ra[i-1];
      rb[i] = -(rb[i-1] * s[i]);
      if (target)
        rg[i] = x[i] > 100 ? rg[i-1] - s[i] : rg[i-1] + x[i];
      else
        rg[i] = (i & 1) ? rg[i-1] + x[i] : (i & 2) ? s[i] + rg[i-1] : rg[i-1];
      rd[i] = -rd[i-1];
      rf[i] = -rf[i-1];
      ru[i] = ~ru[i-1];
      rt[i] = rt[i-1] != 0;
      rmn[i] = s[i] * (long) x[i] < rmn[i-1] ? s[i] * (long) x[i] : rmn[i-1];
    }
}

int
main (void)
{
  for (int target = 0; target < 2; target++)
    for (unsigned k = 0; k < NSIZES; k++)
      for (long seed = 0; seed < 3; seed++)
        {
          long n = sizes[k];
          if (n == 0)
            continue;
          for (long i = 0; i < n; i++)
            {
              x[i] = (i * 37 + seed) % 251;
              s[i] = (i + seed) % 3 == 0 ? -1 : 1;
              ra[i] = a[i] = rb[i] = b[i] = i == 0 ? seed * 5 + 1 : 9;
              rg[i] = g[i] = i == 0 ? seed : 9;
              rd[i] = d[i] = rf[i] = f[i] = i == 0 ? seed + 0.5 : 9;
              ru[i] = u[i] = i == 0 ? seed * 77 : 9;
              rt[i] = t[i] = i == 0 ? seed : 9;
              rmn[i] = mn[i] = i == 0 ? 100 - seed * 50 : 9;
            }
          if (target)
            target_scans (n);
          else
            scans (n);
          references (n, target);
          for (long i = 0; i < n; i++)
            {
              CHECK (a[i] == ra[i] && g[i] == rg[i],
                     "target %d n=%ld seed %ld: at %ld: %ld %ld, want %ld "
                     "%ld", target, n, seed, i, a[i], g[i], ra[i], rg[i]);
              if (!target)
                CHECK (b[i] == rb[i] && d[i] == rd[i] && f[i] == rf[i]
                       && u[i] == ru[i] && t[i] == rt[i] && mn[i] == rmn[i],
                       "n=%ld seed %ld: at %ld: %ld %g %g %u %g %ld, want "
                       "%ld %g %g %u %g %ld", n, seed, i, b[i], d[i], f[i],
                       u[i], t[i], mn[i], rb[i], rd[i], rf[i], ru[i], rt[i],
                       rmn[i]);
            }
        }
  puts ("folded updates checked");
  return 0;
}
