// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/* Scan variables of classes that C++ copies by calls: a user-defined copy
   constructor, copy assignment and destructor, written to copy each field
   and do nothing else (as GCC's libgomp.c++/scan-1.C writes them), under
   `declare reduction' with and without an initializer; without one, each
   private copy starts as the class's default constructor makes it, which
   here is not zero.  Also a class trivially copyable but for a default
   constructor (whose private copies once started as garbage, a wrong
   result), a class template, a reference, `parallel for', an orphaned
   `for' and `for simd', inclusive and exclusive.  Each checked against
   the sequential loop.  A phase of several statements is one block, as
   GCC 11 requires.
   scanomp-taken: 6 */
/* { dg-do run } */

#include "inscan-check.h"

struct Acc
{
  Acc () : sum (0), low (1000000) {}
  Acc (const Acc &o) { sum = o.sum; low = o.low; }
  Acc &operator= (const Acc &o)
  {
    sum = o.sum;
    low = o.low;
    return *this;
  }
  ~Acc () {}
  long sum;
  int low;
};

static void
acc_start (Acc &a)
{
  a.sum = 0;
  a.low = 1000000;
}

#pragma omp declare reduction (join: Acc: omp_out.sum += omp_in.sum, \
  omp_out.low = omp_in.low < omp_out.low ? omp_in.low : omp_out.low)
#pragma omp declare reduction (joined: Acc: omp_out.sum += omp_in.sum, \
  omp_out.low = omp_in.low < omp_out.low ? omp_in.low : omp_out.low) \
  initializer (acc_start (omp_priv))

/* Trivially copyable, with a default constructor: its start is 1, the
   identity of `*'.  */
struct Prod
{
  Prod () : p (1) {}
  long p;
};
#pragma omp declare reduction (times: Prod: omp_out.p *= omp_in.p)

template <typename T>
struct Wrapped
{
  Wrapped () : v (0) {}
  Wrapped (const Wrapped &o) : v (o.v) {}
  Wrapped &operator= (const Wrapped &o) { v = o.v; return *this; }
  ~Wrapped () {}
  T v;
};
#pragma omp declare reduction (+: Wrapped<double>: omp_out.v += omp_in.v)

__attribute__((noipa)) static void
acc_inclusive (Acc *out, const int *x, long n, Acc &a)
{
#pragma omp parallel for reduction(inscan, join: a)
  for (long i = 0; i < n; i++)
    {
      {
        a.sum += x[i];
        a.low = x[i] < a.low ? x[i] : a.low;
      }
#pragma omp scan inclusive(a)
      out[i] = a;
    }
}

__attribute__((noipa)) static Acc
acc_exclusive (Acc *out, const int *x, long n)
{
  Acc a;
  a.sum = 5;
#pragma omp parallel for reduction(inscan, joined: a)
  for (long i = 0; i < n; i++)
    {
      out[i] = a;
#pragma omp scan exclusive(a)
      {
        a.sum += 2 * x[i];
        a.low = x[i] < a.low ? x[i] : a.low;
      }
    }
  return a;
}

static Acc team_acc;

/* Called from a parallel region: orphaned `for' and `for simd'.  */
static void
acc_orphans (Acc *out, Acc *out2, const int *x, long n, Acc &b)
{
#pragma omp for reduction(inscan, join: team_acc)
  for (long i = 0; i < n; i++)
    {
      {
        team_acc.sum += x[i];
        team_acc.low = x[i] < team_acc.low ? x[i] : team_acc.low;
      }
#pragma omp scan inclusive(team_acc)
      out[i] = team_acc;
    }
#pragma omp for simd reduction(inscan, joined: b)
  for (long i = 0; i < n; i++)
    {
      out2[i] = b;
#pragma omp scan exclusive(b)
      b.sum -= x[i];
    }
}

__attribute__((noipa)) static void
prod_inclusive (Prod *out, const int *x, long n, Prod &q)
{
#pragma omp parallel for reduction(inscan, times: q)
  for (long i = 0; i < n; i++)
    {
      q.p *= (x[i] & 1) ? -1 : 1;
#pragma omp scan inclusive(q)
      out[i] = q;
    }
}

template <typename T>
__attribute__((noipa)) static void
wrapped_inclusive (Wrapped<T> *out, const int *x, long n, Wrapped<T> &w)
{
#pragma omp parallel for reduction(inscan, +: w)
  for (long i = 0; i < n; i++)
    {
      w.v += x[i] * 0.5;
#pragma omp scan inclusive(w)
      out[i] = w;
    }
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      long n = sizes[k];
      int *x = random_ints (n);
      Acc *o1 = new Acc[n + 1], *o2 = new Acc[n + 1];
      Acc *o3 = new Acc[n + 1], *o4 = new Acc[n + 1];
      Prod *o5 = new Prod[n + 1];
      Wrapped<double> *o6 = new Wrapped<double>[n + 1];

      Acc a;
      a.sum = -3;
      acc_inclusive (o1, x, n, a);
      Acc e = acc_exclusive (o2, x, n);
      team_acc = Acc ();
      Acc b;
#pragma omp parallel
      acc_orphans (o3, o4, x, n, b);
      Prod q;
      q.p = 3;
      prod_inclusive (o5, x, n, q);
      Wrapped<double> w;
      wrapped_inclusive (o6, x, n, w);

      long s1 = -3, s2 = 5, s3 = 0, s4 = 0, p = 3;
      int l1 = 1000000, l2 = 1000000, l3 = 1000000;
      double v = 0;
      for (long i = 0; i < n; i++)
        {
          s1 += x[i];
          l1 = x[i] < l1 ? x[i] : l1;
          CHECK (o1[i].sum == s1 && o1[i].low == l1, "n %ld: inclusive "
                 "[%ld] is %ld %d, not %ld %d", n, i, o1[i].sum, o1[i].low,
                 s1, l1);
          CHECK (o2[i].sum == s2 && o2[i].low == l2, "n %ld: exclusive "
                 "[%ld] is %ld %d, not %ld %d", n, i, o2[i].sum, o2[i].low,
                 s2, l2);
          s2 += 2 * x[i];
          l2 = x[i] < l2 ? x[i] : l2;
          s3 += x[i];
          l3 = x[i] < l3 ? x[i] : l3;
          CHECK (o3[i].sum == s3 && o3[i].low == l3, "n %ld: orphan [%ld] "
                 "is %ld %d, not %ld %d", n, i, o3[i].sum, o3[i].low, s3,
                 l3);
          CHECK (o4[i].sum == s4 && o4[i].low == 1000000, "n %ld: orphan "
                 "simd [%ld] is %ld %d, not %ld", n, i, o4[i].sum,
                 o4[i].low, s4);
          s4 -= x[i];
          p *= (x[i] & 1) ? -1 : 1;
          CHECK (o5[i].p == p, "n %ld: product [%ld] is %ld, not %ld", n, i,
                 o5[i].p, p);
          v += x[i] * 0.5;
          CHECK (o6[i].v == v, "n %ld: template [%ld] is %g, not %g", n, i,
                 o6[i].v, v);
        }
      CHECK (a.sum == s1 && a.low == l1 && e.sum == s2 && e.low == l2
             && team_acc.sum == s3 && team_acc.low == l3 && b.sum == s4
             && q.p == p && w.v == v, "n %ld: the totals", n);
      free (x);
      delete[] o1;
      delete[] o2;
      delete[] o3;
      delete[] o4;
      delete[] o5;
      delete[] o6;
    }
  puts ("classes copied by calls checked");
  return 0;
}
/* { dg-output "classes copied by calls checked" } */
