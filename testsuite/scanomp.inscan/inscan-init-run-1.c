/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* OpenMP 6.0's initialization phase, `#pragma omp scan init_complete',
   which GCC does not parse: the OpenMP Examples' scan.3.c (its array read
   in the phase and overwritten by the scan phase), private temporaries
   set in branches, several scan variables, an inclusive scan,
   `init_complete(1)' and `(0)', an empty phase, `for simd', an orphaned
   `omp for', a loop inside `target'.  Each must match the sequential
   loop exactly, final values included.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include "inscan-check.h"

int g;

int
main (void)
{
  for (unsigned s = 0; s < NSIZES; s++)
    {
      long n = sizes[s];
      int *x = random_ints (n);
      int *c = random_ints (n);
      long *y = malloc ((n + 1) * sizeof *y);
      long *z = malloc ((n + 1) * sizeof *z);
      int *ref = malloc ((n + 1) * sizeof *ref);

      /* scan.3.c: c[k] read in the phase, then overwritten.  GCC 11's
         parser takes a phase of one statement: there the initialization
         and scan phases are one block.  */
      memcpy (ref, c, n * sizeof *c);
      int tmp, xs = 3;
#if __GNUC__ >= 12
#pragma omp parallel for simd reduction(inscan, +: xs) private(tmp)
      for (long k = 0; k < n; k++)
        {
          tmp = c[k];
#pragma omp scan init_complete
          c[k] = xs;
#pragma omp scan exclusive(xs)
          xs += tmp;
        }
#else
#pragma omp parallel for simd reduction(inscan, +: xs) private(tmp)
      for (long k = 0; k < n; k++)
        {
          {
            tmp = c[k];
#pragma omp scan init_complete
            c[k] = xs;
          }
#pragma omp scan exclusive(xs)
          xs += tmp;
        }
#endif
      int r = 3;
      for (long k = 0; k < n; k++)
        {
          CHECK (c[k] == r, "scan.3: n %ld: element %ld: %d, not %d", n, k,
                 c[k], r);
          r += ref[k];
        }
      CHECK (xs == r, "scan.3: n %ld: total %d, not %d", n, xs, r);

      /* Two scan variables, temporaries set in branches, a global
         private one.  */
      long sum = 0;
      int big = -1000, t;
      g = 42;
#pragma omp parallel for reduction(inscan, +: sum) reduction(inscan, max: big) private(t, g)
      for (long i = 0; i < n; i++)
        {
          {
            t = x[i] * 3;
            if (t < 0)
              t = -t / 2;
            g = x[i] & 7;
#pragma omp scan init_complete
            y[i] = sum;
            z[i] = big;
          }
#pragma omp scan exclusive(sum, big)
          {
            sum += t + g;
            big = big > x[i] - g ? big : x[i] - g;
          }
        }
      long rs = 0;
      int rb = -1000;
      for (long i = 0; i < n; i++)
        {
          CHECK (y[i] == rs && z[i] == rb, "two: n %ld: element %ld", n, i);
          int tt = x[i] * 3;
          if (tt < 0)
            tt = -tt / 2;
          rs += tt + (x[i] & 7);
          rb = rb > x[i] - (x[i] & 7) ? rb : x[i] - (x[i] & 7);
        }
      CHECK (sum == rs && big == rb && g == 42, "two: n %ld: final values",
             n);

      /* Before an inclusive scan the phase starts the input phase;
         init_complete(1) is the bare directive.  */
      double d = 0.5, u;
#pragma omp parallel for reduction(inscan, +: d) private(u)
      for (long i = 0; i < n; i++)
        {
          {
            u = x[i] * 0.25;
#pragma omp scan init_complete(1)
            d += u;
          }
#pragma omp scan inclusive(d)
          y[i] = (long) (d * 4);
        }
      double rd = 0.5;
      for (long i = 0; i < n; i++)
        {
          rd += x[i] * 0.25;
          CHECK (y[i] == (long) (rd * 4), "inclusive: n %ld: element %ld", n,
                 i);
        }
      CHECK (d == rd, "inclusive: n %ld: total", n);

      /* init_complete(0): no phase.  Then an empty phase.  */
      sum = 0;
#pragma omp parallel for reduction(inscan, +: sum)
      for (long i = 0; i < n; i++)
        {
#pragma omp scan init_complete(0)
          y[i] = sum * 2;
#pragma omp scan exclusive(sum)
          sum += x[i];
        }
      long prod = 1;
#pragma omp parallel for reduction(inscan, *: prod)
      for (long i = 0; i < n; i++)
        {
#pragma omp scan init_complete
          z[i] = prod;
#pragma omp scan exclusive(prod)
          prod *= (x[i] & 1) ? 3 : 1;
        }
      rs = 0;
      long rp = 1;
      for (long i = 0; i < n; i++)
        {
          CHECK (y[i] == rs * 2 && z[i] == rp, "zero: n %ld: element %ld", n,
                 i);
          rs += x[i];
          rp *= (x[i] & 1) ? 3 : 1;
        }
      CHECK (sum == rs && prod == rp, "zero: n %ld: final values", n);

      /* An orphaned `omp for', in place.  */
      memcpy (ref, x, n * sizeof *x);
      int os = 0;
#pragma omp parallel
      {
        int ot;
#pragma omp for reduction(inscan, +: os) private(ot)
        for (long i = 0; i < n; i++)
          {
            {
              ot = x[i] - 1;
#pragma omp scan init_complete
              x[i] = os;
            }
#pragma omp scan exclusive(os)
            os += ot;
          }
      }
      r = 0;
      for (long i = 0; i < n; i++)
        {
          CHECK (x[i] == r, "orphan: n %ld: element %ld", n, i);
          r += ref[i] - 1;
        }
      CHECK (os == r, "orphan: n %ld: total", n);

      /* Inside a target construct.  */
      memcpy (c, ref, n * sizeof *c);
      long ts = 10;
#pragma omp target map(tofrom: ts, c[0:n]) map(from: y[0:n])
#pragma omp parallel for reduction(inscan, +: ts) private(tmp)
      for (long k = 0; k < n; k++)
        {
          {
            tmp = c[k] * c[k];
#pragma omp scan init_complete
            y[k] = ts;
            c[k] = (int) (ts & 0xffff);
          }
#pragma omp scan exclusive(ts)
          ts += tmp;
        }
      long rt = 10;
      for (long k = 0; k < n; k++)
        {
          CHECK (y[k] == rt && c[k] == (int) (rt & 0xffff),
                 "target: n %ld: element %ld", n, k);
          rt += (long) ref[k] * ref[k];
        }
      CHECK (ts == rt, "target: n %ld: total", n);
      free (x);
      free (c);
      free (y);
      free (z);
      free (ref);
    }
  return 0;
}
