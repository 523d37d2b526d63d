/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Stores of the scan phase: a scan loop may also store values computed
   from y[i] after its update (the scanned value), from the iteration's
   other values, or both, to arrays beside the clause: several arrays and
   types, at strides and downward, under branches on y[i], before the
   update, read back at the element stored, beside two scanned arrays and
   a reduction, after a min written with ?:, a struct element and fields
   of one, of a user-defined operator, and inside a target.  Each loop is checked against the same loop run sequentially;
   every output element outside the loop's range keeps its value.  */
/* { dg-do run } */

#include "clause-check.h"

#define N ((1L << 20) + 7)

static int x[N], y[N], ref[N], out[N], want[N], twice[2 * N], want2[2 * N];
static char flag[N], wflag[N];
static double d[N], wd[N];
static float f[N], wf[N];

struct pr { int v; long at; };
static struct pr p[N], wp[N];

static void
plain (long n, int t)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      out[i] = y[i] * 2 - x[i];
      flag[i] = y[i] > t;
    }
}

/* Stores before the update: of x alone, and of y[i] as it was (in
   place).  */
static void
before (long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    {
      twice[i] = x[i] * 3;
      out[i] = y[i];
      y[i] += y[i-1];
      flag[i] = y[i] & 1;
    }
}

static void
minimum (long n)
{
#pragma omp parallel for scan(min: y)
  for (long i = 1; i < n; i++)
    {
      y[i] = x[i] < y[i-1] ? x[i] : y[i-1];
      flag[i] = y[i] == x[i];
    }
}

static long
two (long n)
{
  long s = 0;
#pragma omp parallel for scan(+: y, d) reduction(+: s)
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      d[i] = d[i-1] + x[i] * 0.5;
      s += x[i];
      f[i] = (float) (d[i] - y[i]);
    }
  return s;
}

/* Two elements an iteration, downward.  */
static void
strided (long n)
{
#pragma omp parallel for scan(^: y)
  for (long i = n - 2; i >= 0; i--)
    {
      y[i] = y[i+1] ^ x[i];
      twice[2 * i] = y[i];
      twice[2 * i + 1] = -y[i];
    }
}

/* Read back and branched on.  */
static void
branches (long n)
{
#pragma omp parallel for scan(*: d)
  for (long i = 1; i < n; i++)
    {
      d[i] = d[i-1] * (1.0 + x[i] * 1e-6);
      out[i] += x[i];
      if (d[i] > 1.0)
        out[i] += 7;
      else
        f[i] = (float) d[i];
    }
}

static void
structs (long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      struct pr q = { y[i], i };
      p[i] = q;
    }
}

/* Fields of elements, one under a branch.  */
static void
fields (long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      p[i].v = y[i];
      if (x[i] > 0)
        p[i].at = i;
    }
}

/* A user-defined operator, which does not commute: its elements' parts
   go to two arrays.  */
typedef struct { unsigned a; unsigned b; } Aff;

static Aff
then (Aff p, Aff q)
{
  return (Aff) { p.a * q.a, p.b * q.a + q.b };
}

#pragma omp declare scan(then : Aff : omp_out = then (omp_out, omp_in)) initializer(omp_priv = (Aff) { 1, 0 })

static Aff g[N], wg[N];

static void
user (long n)
{
#pragma omp parallel for scan(then: g)
  for (long i = 1; i < n; i++)
    {
      g[i] = then (g[i-1], (Aff) { (unsigned) x[i] | 1, (unsigned) i });
      out[i] = (int) g[i].b;
      y[i] = (int) (g[i].a >> 3);
    }
}

static void
target (long n, int t)
{
#pragma omp target map(tofrom: y[0:n], out[0:n], flag[0:n]) map(to: x[0:n])
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    {
      y[i] = y[i-1] + x[i];
      out[i] = y[i] - t;
      flag[i] = y[i] < t;
    }
}

/* Fill the arrays; the expected ones alike.  */
static void
fill (long n)
{
  for (long i = 0; i < n; i++)
    {
      x[i] = (int) (rnd () % 9) - 4;
      y[i] = ref[i] = (int) (rnd () % 5);
      out[i] = want[i] = (int) (rnd () % 100);
      flag[i] = wflag[i] = 9;
      d[i] = wd[i] = 1.0;
      g[i] = wg[i] = (Aff) { 1, (unsigned) i };
      f[i] = wf[i] = -1.0f;
      twice[2 * i] = want2[2 * i] = twice[2 * i + 1] = want2[2 * i + 1] = 5;
      p[i] = wp[i] = (struct pr) { -1, -1 };
    }
}

static void
compare (const char *what, long n)
{
  for (long i = 0; i < n; i++)
    {
      CHECK (y[i] == ref[i], "%s, n %ld: y[%ld] is %d, not %d", what, n, i,
             y[i], ref[i]);
      CHECK (out[i] == want[i], "%s, n %ld: out[%ld] is %d, not %d", what, n,
             i, out[i], want[i]);
      CHECK (flag[i] == wflag[i], "%s, n %ld: flag[%ld] is %d, not %d", what,
             n, i, flag[i], wflag[i]);
      CHECK (fabs (d[i] - wd[i]) <= 1e-9 * fabs (wd[i]),
             "%s, n %ld: d[%ld] is %g, not %g", what, n, i, d[i], wd[i]);
      CHECK (fabsf (f[i] - wf[i]) <= 1e-3f * (1.0f + fabsf (wf[i])),
             "%s, n %ld: f[%ld] is %g, not %g", what, n, i, f[i], wf[i]);
      CHECK (twice[2 * i] == want2[2 * i]
             && twice[2 * i + 1] == want2[2 * i + 1],
             "%s, n %ld: twice[%ld..] is %d %d, not %d %d", what, n, 2 * i,
             twice[2 * i], twice[2 * i + 1], want2[2 * i], want2[2 * i + 1]);
      CHECK (g[i].a == wg[i].a && g[i].b == wg[i].b,
             "%s, n %ld: g[%ld] is { %u, %u }, not { %u, %u }", what, n, i,
             g[i].a, g[i].b, wg[i].a, wg[i].b);
      CHECK (p[i].v == wp[i].v && p[i].at == wp[i].at,
             "%s, n %ld: p[%ld] is { %d, %ld }, not { %d, %ld }", what, n, i,
             p[i].v, p[i].at, wp[i].v, wp[i].at);
    }
}

int
main (void)
{
  for (unsigned s = 0; s < NSIZES; s++)
    {
      long n = sizes[s];

      fill (n);
      plain (n, 10);
      for (long i = 1; i < n; i++)
        {
          ref[i] = ref[i-1] + x[i];
          want[i] = ref[i] * 2 - x[i];
          wflag[i] = ref[i] > 10;
        }
      compare ("plain", n);

      fill (n);
      before (n);
      for (long i = 1; i < n; i++)
        {
          want2[i] = x[i] * 3;
          want[i] = ref[i];
          ref[i] += ref[i-1];
          wflag[i] = ref[i] & 1;
        }
      compare ("before", n);

      fill (n);
      minimum (n);
      for (long i = 1; i < n; i++)
        {
          ref[i] = x[i] < ref[i-1] ? x[i] : ref[i-1];
          wflag[i] = ref[i] == x[i];
        }
      compare ("minimum", n);

      fill (n);
      long s2 = two (n), ws = 0;
      for (long i = 1; i < n; i++)
        {
          ref[i] = ref[i-1] + x[i];
          wd[i] = wd[i-1] + x[i] * 0.5;
          ws += x[i];
          wf[i] = (float) (wd[i] - ref[i]);
        }
      CHECK (s2 == ws, "two, n %ld: the reduction is %ld, not %ld", n, s2,
             ws);
      compare ("two", n);

      fill (n);
      strided (n);
      for (long i = n - 2; i >= 0; i--)
        {
          ref[i] = ref[i+1] ^ x[i];
          want2[2 * i] = ref[i];
          want2[2 * i + 1] = -ref[i];
        }
      compare ("strided", n);

      fill (n);
      branches (n);
      for (long i = 1; i < n; i++)
        {
          wd[i] = wd[i-1] * (1.0 + x[i] * 1e-6);
          want[i] += x[i];
          if (wd[i] > 1.0)
            want[i] += 7;
          else
            wf[i] = (float) wd[i];
        }
      /* The product is reassociated: an element near 1.0 may branch the
         other way.  */
      for (long i = 1; i < n; i++)
        if (fabs (wd[i] - 1.0) < 1e-9)
          {
            out[i] = want[i];
            f[i] = wf[i];
          }
      compare ("branches", n);

      fill (n);
      structs (n);
      for (long i = 1; i < n; i++)
        {
          ref[i] = ref[i-1] + x[i];
          wp[i] = (struct pr) { ref[i], i };
        }
      compare ("structs", n);

      fill (n);
      fields (n);
      for (long i = 1; i < n; i++)
        {
          ref[i] = ref[i-1] + x[i];
          wp[i].v = ref[i];
          if (x[i] > 0)
            wp[i].at = i;
        }
      compare ("fields", n);

      fill (n);
      user (n);
      for (long i = 1; i < n; i++)
        {
          wg[i] = then (wg[i-1], (Aff) { (unsigned) x[i] | 1, (unsigned) i });
          want[i] = (int) wg[i].b;
          ref[i] = (int) (wg[i].a >> 3);
        }
      compare ("user", n);

      fill (n);
      target (n, 3);
      for (long i = 1; i < n; i++)
        {
          ref[i] = ref[i-1] + x[i];
          want[i] = ref[i] - 3;
          wflag[i] = ref[i] < 3;
        }
      compare ("target", n);
    }
  puts ("outputs checked");
  return 0;
}
/* { dg-output "outputs checked" } */
