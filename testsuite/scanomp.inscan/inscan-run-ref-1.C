// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/* C++ references as inscan scan variables: a reference parameter, also
   passed on by reference, a local reference, a reference through a
   template parameter, and one with a user-defined operator, inclusive
   and exclusive; and a scan phase whose calls write elements through a
   reference and through `this'; and a reference in a target region that
   maps it back.  The variable a reference names is scanned, and ends
   with the total (in the target region, it once kept its value).  With
   the plugin they run as kernels; without it on GCC's host threads.  Both must match the sequential loops exactly.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include "inscan-check.h"

#pragma omp declare reduction (plus : long : omp_out += omp_in) initializer (omp_priv = 0)

static long total;

/* Takes the scan variable by reference.  */
static long
twice (const long &v)
{
  return 2 * v;
}

__attribute__((noipa)) static void
by_parameter (const int *x, long *y, long n, long &s)
{
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      y[i] = twice (s);
    }
}

__attribute__((noipa)) static long
by_local (const int *x, long *y, long n)
{
  long &s = total;
  total = 7;
#pragma omp parallel
#pragma omp for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      y[i] = s;
#pragma omp scan exclusive(s)
      s += 3 * x[i];
    }
  return s;
}

template <typename R>
__attribute__((noipa)) static long
by_template (const int *x, long *y, long n)
{
  R s = total;
#pragma omp parallel for reduction(inscan, max: s)
  for (long i = 0; i < n; i++)
    {
      s = x[i] > s ? x[i] : s;
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

__attribute__((noipa)) static void
user (const int *x, long *y, long n, long &s)
{
#pragma omp parallel for simd reduction(inscan, plus: s)
  for (long i = 0; i < n; i++)
    {
      y[i] = s;
#pragma omp scan exclusive(s)
      s += x[i];
    }
}

/* Writes its element through a reference, as a member function writes
   through `this'.  */
struct cell
{
  long v;
  void set (long to) { v = 3 * to; }
};

static void
put (long &dst, long v)
{
  dst = v - 1;
}

__attribute__((noipa)) static void
write_through (const int *x, long *y, cell *c, long n, long &s)
{
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      {
        put (y[i], s);
        c[i].set (s);
      }
    }
}

/* Inside a target region, which maps the variable the reference names
   back (GCC writes `map (tofrom: *s)'): its total reaches it.  */
__attribute__((noipa)) static void
in_target (const int *x, long *y, long n, long &s)
{
#pragma omp target map(to: x[0:n]) map(tofrom: y[0:n], s)
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      y[i] = s;
#pragma omp scan exclusive(s)
      s += x[i];
    }
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      int *x = (int *) malloc ((n + 1) * sizeof *x);
      long *y = (long *) malloc ((n + 1) * sizeof *y);
      for (long i = 0; i < n; i++)
        x[i] = (int) (rnd () % 1000) - 300;

      long s = 5, r = 5;
      by_parameter (x, y, n, s);
      for (long i = 0; i < n; i++)
        {
          r += x[i];
          CHECK (y[i] == 2 * r, "parameter: n %ld: element %ld", n, i);
        }
      CHECK (s == r, "parameter: n %ld: final value", n);

      long got = by_local (x, y, n);
      r = 7;
      for (long i = 0; i < n; i++)
        {
          CHECK (y[i] == r, "local: n %ld: element %ld", n, i);
          r += 3 * x[i];
        }
      CHECK (got == r && total == r, "local: n %ld: final value", n);

      total = -1000;
      got = by_template<long &> (x, y, n);
      r = -1000;
      for (long i = 0; i < n; i++)
        {
          r = x[i] > r ? x[i] : r;
          CHECK (y[i] == r, "template: n %ld: element %ld", n, i);
        }
      CHECK (got == r && total == r, "template: n %ld: final value", n);

      s = r = -2;
      user (x, y, n, s);
      for (long i = 0; i < n; i++)
        {
          CHECK (y[i] == r, "user: n %ld: element %ld", n, i);
          r += x[i];
        }
      CHECK (s == r, "user: n %ld: final value", n);

      cell *c = (cell *) malloc ((n + 1) * sizeof *c);
      s = r = 0;
      write_through (x, y, c, n, s);
      for (long i = 0; i < n; i++)
        {
          r += x[i];
          CHECK (y[i] == r - 1 && c[i].v == 3 * r,
                 "write through: n %ld: element %ld", n, i);
        }
      CHECK (s == r, "write through: n %ld: final value", n);
      s = r = 11;
      in_target (x, y, n, s);
      for (long i = 0; i < n; i++)
        {
          CHECK (y[i] == r, "target: n %ld: element %ld", n, i);
          r += x[i];
        }
      CHECK (s == r, "target: n %ld: final value %ld, not %ld", n, s, r);
      free (c);
      free (x);
      free (y);
    }
  return 0;
}
