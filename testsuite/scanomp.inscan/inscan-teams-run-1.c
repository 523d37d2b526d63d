/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Inscan reductions on constructs GCC rejects them on, the scanomp
   extension: `target teams distribute parallel for' as LLVM's xteam scan
   tests write it (inclusive, maps on the construct); RAJAPerf's SCAN
   target variant (`target is_device_ptr' on a line of its own, `teams
   distribute parallel for' with `thread_limit' and `schedule(static,
   1)', exclusive, on omp_target_alloc's memory); `target parallel for';
   `target teams distribute parallel for simd' with `max'; `distribute
   parallel for' inside `target teams' with two scan variables; an
   exclusive scan with a seed inside `target data'.  Each must match the
   sequential loop exactly, final values where they reach the host
   included.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */
/* scanomp-taken: 6 */

#include <omp.h>

#include "inscan-check.h"

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      int n = (int) sizes[k];
      int *in = random_ints (n);
      int *out = malloc ((n + 1) * sizeof *out);
      long *wide = malloc ((n + 1) * sizeof *wide);
      double *d = malloc ((n + 1) * sizeof *d);
      double *e = malloc ((n + 1) * sizeof *e);
      for (int i = 0; i < n; i++)
        d[i] = in[i] * 0.5;

      /* LLVM's xteam form.  */
      int sum = 0;
#pragma omp target teams distribute parallel for reduction(inscan, +:sum) map(to: in[:n]) map(from: out[:n])
      for (int i = 0; i < n; i++)
        {
          sum += in[i];
#pragma omp scan inclusive(sum)
          out[i] = sum;
        }
      int r = 0;
      for (int i = 0; i < n; i++)
        {
          r += in[i];
          CHECK (out[i] == r, "xteam n=%d out[%d] = %d, not %d", n, i,
                 out[i], r);
        }
      CHECK (sum == r, "xteam n=%d sum = %d, not %d", n, sum, r);

      /* RAJAPerf's SCAN-OMPTarget.cpp, on device memory.  */
      int hid = omp_get_initial_device ();
      int did = omp_get_default_device ();
      size_t bytes = (n + 1) * sizeof (double);
      double *x = omp_target_alloc (bytes, did);
      double *y = omp_target_alloc (bytes, did);
      CHECK (x && y, "omp_target_alloc failed");
      omp_target_memcpy (x, d, bytes, 0, 0, did, hid);
      const size_t threads_per_team = 256;
      double scan_var = 0.0;
#pragma omp target is_device_ptr(x,y) device( did )
#pragma omp teams distribute parallel for thread_limit(threads_per_team) schedule(static, 1) \
                                          reduction(inscan, +:scan_var)
      for (int i = 0; i < n; ++i )
        {
          y[i] = scan_var;
#pragma omp scan exclusive(scan_var)
          scan_var += x[i];
        }
      omp_target_memcpy (e, y, bytes, 0, 0, hid, did);
      double q = 0.0;
      for (int i = 0; i < n; i++)
        {
          CHECK (e[i] == q, "RAJAPerf n=%d y[%d] = %g, not %g", n, i, e[i],
                 q);
          q += d[i];
        }
      omp_target_free (x, did);
      omp_target_free (y, did);

      /* target parallel for, into a wider type.  */
      long w = 0;
#pragma omp target parallel for reduction(inscan, +: w) map(to: in[:n]) map(from: wide[:n])
      for (int i = 0; i < n; i++)
        {
          w += in[i] * 1000003L;
#pragma omp scan inclusive(w)
          wide[i] = w;
        }
      long rw = 0;
      for (int i = 0; i < n; i++)
        {
          rw += in[i] * 1000003L;
          CHECK (wide[i] == rw, "parallel for n=%d wide[%d] = %ld, not %ld",
                 n, i, wide[i], rw);
        }

      /* for simd, max, exclusive.  */
      int m = -1000;
#pragma omp target teams distribute parallel for simd reduction(inscan, max: m) map(to: in[:n]) map(from: out[:n])
      for (int i = 0; i < n; i++)
        {
          out[i] = m;
#pragma omp scan exclusive(m)
          m = in[i] > m ? in[i] : m;
        }
      int rm = -1000;
      for (int i = 0; i < n; i++)
        {
          CHECK (out[i] == rm, "simd max n=%d out[%d] = %d, not %d", n, i,
                 out[i], rm);
          rm = in[i] > rm ? in[i] : rm;
        }

      /* distribute parallel for inside target teams: two variables.  */
      double t = 0;
      int u = 0;
#pragma omp target teams map(to: in[:n], d[:n]) map(from: e[:n], out[:n]) map(tofrom: t, u)
#pragma omp distribute parallel for reduction(inscan, +: t, u)
      for (int i = 0; i < n; i++)
        {
          t += d[i];
          u += in[i];
#pragma omp scan inclusive(t, u)
          {
            e[i] = t;
            out[i] = u;
          }
        }
      double rt = 0;
      int ru = 0;
      for (int i = 0; i < n; i++)
        {
          rt += d[i];
          ru += in[i];
          CHECK (e[i] == rt && out[i] == ru, "two n=%d [%d] = %g %d, not "
                 "%g %d", n, i, e[i], out[i], rt, ru);
        }
      CHECK (t == rt && u == ru, "two n=%d final %g %d, not %g %d", n, t, u,
             rt, ru);

      /* Exclusive, from a seed, on resident data.  */
      long s = 42;
#pragma omp target data map(to: in[:n]) map(from: wide[:n])
      {
#pragma omp target teams distribute parallel for reduction(inscan, +: s) map(tofrom: s)
        for (int i = 0; i < n; i++)
          {
            wide[i] = s;
#pragma omp scan exclusive(s)
            s += in[i];
          }
      }
      long rs = 42;
      for (int i = 0; i < n; i++)
        {
          CHECK (wide[i] == rs, "seeded n=%d wide[%d] = %ld, not %ld", n, i,
                 wide[i], rs);
          rs += in[i];
        }
      CHECK (s == rs, "seeded n=%d s = %ld, not %ld", n, s, rs);

      free (in);
      free (out);
      free (wide);
      free (d);
      free (e);
    }
  return 0;
}
