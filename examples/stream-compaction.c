/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* stream-compaction.c: keep the elements of an array that pass a test,
   in order (thesis section 4.1).  A scan of the test's 0/1 results gives
   each kept element its place; a parallel loop then moves it there.  Or
   one loop does both, storing each kept element at its count as the
   scan computes it (docs/clause.md, "Stores beside the scan"), on the
   host path.

     stream-compaction [N]  */

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Copy the elements of IN[0..n) above THRESHOLD to OUT; return how many.
   POS (n + 1 longs) is scratch: pos[i] is how many of in[0..i) pass.  */
static long
compact (float *out, const float *in, long *pos, long n, float threshold)
{
  pos[0] = 0;
#pragma omp parallel for scan(+: pos)
  for (long i = 1; i <= n; i++)
    pos[i] = pos[i-1] + (in[i-1] > threshold);

#pragma omp parallel for
  for (long i = 0; i < n; i++)
    if (in[i] > threshold)
      out[pos[i]] = in[i];
  return pos[n];
}

/* The same in one loop.  */
static long
compact_one_loop (float *out, const float *in, long *pos, long n,
                  float threshold)
{
  pos[0] = 0;
#pragma omp parallel for scan(+: pos)
  for (long i = 1; i <= n; i++)
    {
      pos[i] = pos[i-1] + (in[i-1] > threshold);
      if (in[i-1] > threshold)
        out[pos[i] - 1] = in[i-1];
    }
  return pos[n];
}

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1L << 24;
  float *in = malloc (n * sizeof *in), *out = malloc (n * sizeof *out);
  float *ref = malloc (n * sizeof *ref);
  long *pos = malloc ((n + 1) * sizeof *pos);
  if (!in || !out || !ref || !pos)
    return 2;
  int status = 0;
  unsigned long r = 12345;
  for (long i = 0; i < n; i++)
    {
      r = r * 6364136223846793005ul + 1442695040888963407ul;
      in[i] = (float) (r >> 40) / (float) (1ul << 24);
    }

  compact (out, in, pos, n, 0.7f);   /* builds the kernels */
  double t0 = now ();
  long kept = compact (out, in, pos, n, 0.7f);
  double t = now () - t0;
  float *one = malloc (n * sizeof *one);
  if (!one)
    return 2;
  t0 = now ();
  long kept_one = compact_one_loop (one, in, pos, n, 0.7f);
  double t_one = now () - t0;

  t0 = now ();
  long want = 0;
  for (long i = 0; i < n; i++)
    if (in[i] > 0.7f)
      ref[want++] = in[i];
  double serial = now () - t0;

  if (kept != want)
    {
      printf ("FAIL: kept %ld elements, expected %ld\n", kept, want);
      status = 1;
    }
  for (long i = 0; !status && i < kept; i++)
    if (out[i] != ref[i])
      {
        printf ("FAIL: out[%ld] = %g, expected %g\n", i, out[i], ref[i]);
        status = 1;
      }
  if (!status && kept_one != want)
    {
      printf ("FAIL: in one loop, kept %ld elements, expected %ld\n",
              kept_one, want);
      status = 1;
    }
  for (long i = 0; !status && i < kept_one; i++)
    if (one[i] != ref[i])
      {
        printf ("FAIL: in one loop, out[%ld] = %g, expected %g\n", i,
                one[i], ref[i]);
        status = 1;
      }
  if (!status)
    printf ("stream compaction of %ld floats: kept %ld in %.4f s, in one "
            "loop %.4f s; sequential %.4f s\nPASS\n", n, kept, t, t_one,
            serial);
  free (one);
  free (in);
  free (out);
  free (ref);
  free (pos);
  return status;
}
