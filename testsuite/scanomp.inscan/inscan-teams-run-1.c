/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Inscan reductions on constructs GCC rejects them on, the scanomp
   extension: `target teams distribute parallel for' (inclusive, maps
   and num_teams on the construct, as LLVM's xteam scan tests write it);
   the shape of RAJAPerf's SCAN target variant (`target is_device_ptr' on
   a line of its own, `teams distribute parallel for' with `thread_limit'
   and `schedule(static, 1)', exclusive, on omp_target_alloc's memory);
   `target parallel for';
   `target teams distribute parallel for simd' with `max'; `distribute
   parallel for' inside `target teams' with two scan variables of two
   operators; an
   exclusive scan with a seed inside `target data'; stream compaction in
   one loop; `target teams distribute simd'; host `teams' around `distribute parallel for', a
   local in the body.  Each must match the
   sequential loop exactly, final values where they reach the host
   included.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */
/* scanomp-taken: 9 */

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

      /* The combined construct, maps on it, as LLVM's xteam tests write
         it.  GCC 11 maps no reduction of a combined target back by
         itself: the total's map is explicit.  */
      int total = 0;
#pragma omp target teams distribute parallel for reduction(inscan, +: total) map(to: in[:n]) map(from: out[:n]) map(tofrom: total) num_teams(4)
      for (int i = 0; i < n; i++)
        {
          total += in[i];
#pragma omp scan inclusive(total)
          out[i] = total;
        }
      int r = 0;
      for (int i = 0; i < n; i++)
        {
          r += in[i];
          CHECK (out[i] == r, "combined n=%d out[%d] = %d, not %d", n, i,
                 out[i], r);
        }
      CHECK (total == r, "combined n=%d total = %d, not %d", n, total, r);

      /* The shape of RAJAPerf's SCAN-OMPTarget.cpp: device memory,
         `target' on a line of its own, a pragma continued, clauses GCC
         rejects beside inscan elsewhere.  */
      /* libgomp has no device of its own here (the scans' devices are
         libscanrt's), so the memory is the initial device's: GCC 16's
         libgomp refuses any other under OMP_TARGET_OFFLOAD=MANDATORY.  */
      int host = omp_get_initial_device ();
      int dev = omp_get_default_device ();
      size_t bytes = (n + 1) * sizeof (double);
      double *dx = omp_target_alloc (bytes, host);
      double *dy = omp_target_alloc (bytes, host);
      CHECK (dx && dy, "omp_target_alloc failed");
      omp_target_memcpy (dx, d, bytes, 0, 0, host, host);
      const size_t team_threads = 128;
      double acc = 0.0;
#pragma omp target is_device_ptr(dx, dy) device(dev)
#pragma omp teams distribute parallel for thread_limit(team_threads) \
                                          schedule(static, 1) reduction(inscan, +: acc)
      for (int i = 0; i < n; i++)
        {
          dy[i] = acc;
#pragma omp scan exclusive(acc)
          acc += dx[i];
        }
      omp_target_memcpy (e, dy, bytes, 0, 0, host, host);
      double q = 0.0;
      for (int i = 0; i < n; i++)
        {
          CHECK (e[i] == q, "device memory n=%d dy[%d] = %g, not %g", n, i,
                 e[i], q);
          q += d[i];
        }
      omp_target_free (dx, host);
      omp_target_free (dy, host);

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

      /* distribute parallel for inside target teams: two variables, two
         operators.  */
      double t = 0;
      int u = -1000;
#pragma omp target teams map(to: in[:n], d[:n]) map(from: e[:n], out[:n]) map(tofrom: t, u)
#pragma omp distribute parallel for reduction(inscan, +: t) reduction(inscan, max: u)
      for (int i = 0; i < n; i++)
        {
          t += d[i];
          u = in[i] > u ? in[i] : u;
#pragma omp scan inclusive(t, u)
          {
            e[i] = t;
            out[i] = u;
          }
        }
      double rt = 0;
      int ru = -1000;
      for (int i = 0; i < n; i++)
        {
          rt += d[i];
          ru = in[i] > ru ? in[i] : ru;
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

      /* Stream compaction in one loop: the store's index computed from
         the scan, anywhere in the section the map gives.  */
      long kept = 0;
#pragma omp target teams distribute parallel for reduction(inscan, +: kept) map(to: in[:n]) map(tofrom: out[:n], kept)
      for (int i = 0; i < n; i++)
        {
          if (in[i] > 0)
            out[kept] = in[i];
#pragma omp scan exclusive(kept)
          kept += in[i] > 0;
        }
      long rk = 0;
      for (int i = 0; i < n; i++)
        if (in[i] > 0)
          {
            CHECK (out[rk] == in[i], "compaction n=%d out[%ld] = %d, not %d",
                   n, rk, out[rk], in[i]);
            rk++;
          }
      CHECK (kept == rk, "compaction n=%d kept %ld, not %ld", n, kept, rk);

      /* distribute simd, no worksharing loop.  */
      int v = 7;
#pragma omp target teams distribute simd reduction(inscan, +: v) map(to: in[:n]) map(from: out[:n]) map(tofrom: v)
      for (int i = 0; i < n; i++)
        {
          out[i] = v;
#pragma omp scan exclusive(v)
          v += in[i];
        }
      int rv = 7;
      for (int i = 0; i < n; i++)
        {
          CHECK (out[i] == rv, "distribute simd n=%d out[%d] = %d, not %d",
                 n, i, out[i], rv);
          rv += in[i];
        }
      CHECK (v == rv, "distribute simd n=%d v = %d, not %d", n, v, rv);

      /* Host teams: the distribute loop shares the iterations among
         the teams, whose scan is the whole loop's; a local of the
         body.  */
      long h = 0;
#pragma omp teams num_teams(3)
#pragma omp distribute parallel for reduction(inscan, +: h)
      for (int i = 0; i < n; i++)
        {
          {
            long twice = 2L * in[i];
            h += twice;
          }
#pragma omp scan inclusive(h)
          wide[i] = h;
        }
      long rh = 0;
      for (int i = 0; i < n; i++)
        {
          rh += 2L * in[i];
          CHECK (wide[i] == rh, "host teams n=%d wide[%d] = %ld, not %ld", n,
                 i, wide[i], rh);
        }

      free (in);
      free (out);
      free (wide);
      free (d);
      free (e);
    }
  return 0;
}
