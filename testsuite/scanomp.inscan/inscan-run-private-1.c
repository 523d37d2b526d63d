/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Inscan loops with private, firstprivate, lastprivate and
   lastprivate(conditional:) variables, globals and locals, set in either
   phase (a struct by a compound literal too), inclusive and exclusive;
   the index lastprivate.  With the plugin
   they run as kernels; without it on GCC's host threads.  Each must
   match the sequential loop exactly, final values included.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include "inscan-check.h"

typedef struct { int at; long v; } mark;

int t, w, lz;
mark pt;

/* The scan phase sets Z from X after storing to Y: the kernels find Z
   without the store, which holds only while X and Y do not overlap.  */
static long
after_store (const long *x, long *y, long n)
{
  long sum = 0, z = -1;
#pragma omp parallel for reduction(inscan, +: sum) lastprivate(conditional: z)
  for (long i = 0; i < n; i++)
    {
      sum += x[i];
#pragma omp scan inclusive(sum)
      {
        y[i] = sum;
        if (x[i] > 0)
          z = x[i];
      }
    }
  return z;
}

int
main (void)
{
  for (unsigned s = 0; s < NSIZES; s++)
    {
      long n = sizes[s];
      int *x = random_ints (n);
      long *y = malloc ((n + 1) * 8);

      /* A global private temporary and a firstprivate offset, read.  */
      long sum = 0;
      int off = 7;
      t = -1;
#pragma omp parallel for reduction(inscan, +: sum) private(t) firstprivate(off)
      for (long i = 0; i < n; i++)
        {
          {
            t = x[i] * 2;
            sum += t + off;
          }
#pragma omp scan inclusive(sum)
          y[i] = sum;
        }
      long r = 0;
      for (long i = 0; i < n; i++)
        {
          r += x[i] * 2 + 7;
          CHECK (y[i] == r, "private: n %ld: element %ld", n, i);
        }
      CHECK (sum == r && t == -1, "private: n %ld: final values", n);

      /* firstprivate and lastprivate at once, set by the last iteration
         after its read; the index lastprivate too (with no iteration, its
         first value, as after the sequential loop).  */
      long i2 = -5;
      w = 3;
      sum = 0;
#pragma omp parallel for reduction(inscan, +: sum) firstprivate(w) lastprivate(w, i2)
      for (i2 = 0; i2 < n; i2++)
        {
          {
            sum += x[i2] + w;
            if (i2 == n - 1)
              w = -29;
          }
#pragma omp scan inclusive(sum)
          y[i2] = sum;
        }
      r = 0;
      for (long i = 0; i < n; i++)
        {
          r += x[i] + 3;
          CHECK (y[i] == r, "first-last: n %ld: element %ld", n, i);
        }
      CHECK (sum == r && w == (n ? -29 : 3) && i2 == n,
             "first-last: n %ld: final values (w %d, index %ld)", n, w, i2);

      /* Conditional lastprivate locals, one set in each phase
         (exclusive: the scan phase comes first), and a plain global one
         that every scan phase sets.  */
      int cz = -1, cy = -2;
      lz = -3;
      sum = 0;
#pragma omp parallel for reduction(inscan, +: sum) lastprivate(conditional: cz, cy) lastprivate(lz)
      for (long i = 0; i < n; i++)
        {
          {
            y[i] = sum;
            if (x[i] > 400)
              cy = x[i] + (int) i;
            lz = x[i] * 3;
          }
#pragma omp scan exclusive(sum)
          {
            sum += x[i];
            if (x[i] < -450)
              cz = (int) i;
          }
        }
      r = 0;
      int rz = -1, ry = -2;
      for (long i = 0; i < n; i++)
        {
          CHECK (y[i] == r, "conditional: n %ld: element %ld", n, i);
          r += x[i];
          if (x[i] > 400)
            ry = x[i] + (int) i;
          if (x[i] < -450)
            rz = (int) i;
        }
      CHECK (sum == r && cz == rz && cy == ry
             && (!n || lz == x[n - 1] * 3),
             "conditional: n %ld: final values (%d %d %d)", n, cz, cy, lz);

      /* A struct, set in the input phase of every iteration.  */
      pt = (mark) { -1, -1 };
      long run = 0;
#pragma omp parallel for reduction(inscan, +: run) lastprivate(pt)
      for (long i = 0; i < n; i++)
        {
          {
            run += x[i];
            pt.at = (int) i;
            pt.v = (long) x[i] * 1000;
          }
#pragma omp scan inclusive(run)
          y[i] = run;
        }
      mark rp = { -1, -1 };
      r = 0;
      for (long i = 0; i < n; i++)
        {
          r += x[i];
          CHECK (y[i] == r, "struct: n %ld: element %ld", n, i);
          rp = (mark) { (int) i, (long) x[i] * 1000 };
        }
      /* Without an iteration, GCC may copy out an unset private copy.  */
      CHECK (run == r && (!n || (pt.at == rp.at && pt.v == rp.v)),
             "struct: n %ld: final values", n);

      /* The same, by a compound literal, around whose loop GCC puts the
         literal's clobber.  */
      pt = (mark) { -1, -1 };
      run = 0;
#pragma omp parallel for reduction(inscan, +: run) lastprivate(pt)
      for (long i = 0; i < n; i++)
        {
          {
            run += x[i];
            pt = (mark) { (int) i, (long) x[i] * 1000 };
          }
#pragma omp scan inclusive(run)
          y[i] = run;
        }
      for (long i = 0; i < n; i++)
        CHECK (y[i] == (i ? y[i - 1] : 0) + x[i], "literal: n %ld: element "
               "%ld", n, i);
      CHECK (run == r && (!n || (pt.at == rp.at && pt.v == rp.v)),
             "literal: n %ld: final values", n);

      /* Set from the prefix in the scan phase: GCC's, still right.  */
      int last = -1;
      sum = 0;
#pragma omp parallel for reduction(inscan, +: sum) lastprivate(conditional: last)
      for (long i = 0; i < n; i++)
        {
          sum += x[i];
#pragma omp scan inclusive(sum)
          {
            y[i] = sum;
            if (sum > 0)
              last = (int) i;
          }
        }
      r = 0;
      int rl = -1;
      for (long i = 0; i < n; i++)
        {
          r += x[i];
          if (r > 0)
            rl = (int) i;
        }
      CHECK (sum == r && last == rl, "from prefix: n %ld: final values", n);

      /* In a target region, a scalar that the target does not map back
         is firstprivate there: the host's keeps its value.  */
      long ts = 4, tz = -1, tm = -1;
#pragma omp target map(to: x[:n]) map(from: y[:n]) map(tofrom: tm)
#pragma omp parallel for reduction(inscan, +: ts) lastprivate(tz, tm)
      for (long i = 0; i < n; i++)
        {
          {
            ts += x[i];
            tz = tm = x[i];
          }
#pragma omp scan inclusive(ts)
          y[i] = ts;
        }
      r = 4;
      for (long i = 0; i < n; i++)
        {
          r += x[i];
          CHECK (y[i] == r, "target: n %ld: element %ld", n, i);
        }
      CHECK (ts == 4 && tz == -1 && (!n || tm == x[n - 1]),
             "target: n %ld: final values (%ld %ld %ld)", n, ts, tz, tm);

      /* Apart, then in place, where Z is what the scan stored.  */
      long *u = malloc ((n + 1) * 8);
      long rz2 = -1;
      for (long i = 0; i < n; i++)
        {
          u[i] = x[i];
          if (x[i] > 0)
            rz2 = x[i];
        }
      long z = after_store (u, y, n);
      CHECK (z == rz2, "apart: n %ld: %ld, not %ld", n, z, rz2);
      r = 0;
      rz2 = -1;
      for (long i = 0; i < n; i++)
        {
          r += u[i];
          if (r > 0)
            rz2 = r;
        }
      z = after_store (u, u, n);
      CHECK (z == rz2, "in place: n %ld: %ld, not %ld", n, z, rz2);
      free (u);
      free (x);
      free (y);
    }
  return 0;
}
