// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Inscan reductions on `target teams distribute parallel for' in C++,
// with -g's debug statements around the phases: a function template
// instantiated for long and float (exclusive, as RAJAPerf's target
// variant writes it, its phases blocks), on a std::vector's data; a
// user-defined reduction over a struct (a running maximum with its
// position) on `target teams distribute parallel for simd'.  Each must
// match the sequential loop exactly.
// { dg-do run }
// { dg-options "-g" }
// { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 }
// scanomp-taken: 3

#include <vector>

#include "inscan-check.h"

template <typename T>
T
exclusive_sum (const T *x, T *y, int n)
{
  T s = T ();
#pragma omp target teams distribute parallel for reduction(inscan, +: s) map(to: x[:n]) map(from: y[:n]) map(tofrom: s)
  for (int i = 0; i < n; i++)
    {
      {
        y[i] = s;
      }
#pragma omp scan exclusive(s)
      {
        T here = x[i];
        s += here;
      }
    }
  return s;
}

struct best
{
  int value;
  int at;
};

#pragma omp declare reduction (top : best : omp_out = omp_in.value > omp_out.value ? omp_in : omp_out) initializer (omp_priv = best { -1000000, -1 })

template <typename T>
static void
check_sum (const std::vector<T> &x, int n)
{
  std::vector<T> y (n + 1);
  T total = exclusive_sum (x.data (), y.data (), n);
  T r = T ();
  for (int i = 0; i < n; i++)
    {
      CHECK (y[i] == r, "sum n=%d y[%d] = %g, not %g", n, i, (double) y[i],
             (double) r);
      r += x[i];
    }
  CHECK (total == r, "sum n=%d total %g, not %g", n, (double) total,
         (double) r);
}

int
main ()
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      int n = (int) sizes[k];
      int *in = random_ints (n);
      std::vector<long> xl (in, in + n);
      std::vector<float> xf (n);
      for (int i = 0; i < n; i++)
        xf[i] = (float) (in[i] % 16);
      check_sum (xl, n);
      check_sum (xf, n);

      std::vector<best> tops (n + 1);
      best *t = tops.data ();
      best b = { -1000000, -1 };
#pragma omp target teams distribute parallel for simd reduction(inscan, top: b) map(to: in[:n]) map(from: t[:n])
      for (int i = 0; i < n; i++)
        {
          best here = { in[i], i };
          b = here.value > b.value ? here : b;
#pragma omp scan inclusive(b)
          t[i] = b;
        }
      best r = { -1000000, -1 };
      for (int i = 0; i < n; i++)
        {
          best here = { in[i], i };
          r = here.value > r.value ? here : r;
          CHECK (t[i].value == r.value && t[i].at == r.at,
                 "top n=%d [%d] = %d at %d, not %d at %d", n, i, t[i].value,
                 t[i].at, r.value, r.at);
        }
      free (in);
    }
  return 0;
}
