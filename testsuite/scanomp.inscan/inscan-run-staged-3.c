/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Inscan loops whose input phase stores to memory, inside target
   constructs, which the kernels run (each launch running the input phase
   in both its passes, as the host path does): a stream compaction's
   flags and their count in one `target teams distribute parallel for'
   (`flag[i] = x[i] > 0; cnt += flag[i];'), the scan phase compacting by
   the flag; the same exclusive, in `target' around `parallel for'; a
   double's copy summed (`d[i] = 2 * x[i]; s += d[i];') inside `target
   data', whose arrays stay on the device between the loop and `target
   update from'; and two scan variables, one phase storing for both.
   Each checked against its sequential loop at 0 to 2^20 + 7 elements,
   the stored arrays filled with garbage first, one element past their
   end too, which no store may reach.  GCC's error until
   2026-12-03 ("its input phase stores to memory, and inside 'target'
   the kernels run it").  scanomp-plugin-only (GCC rejects inscan on
   `target teams').  scanomp-taken: 4 */
/* { dg-do run } */

#include <omp.h>

#include "inscan-check.h"

__attribute__((noipa)) static int
compact_teams (const int *x, int *flag, int *pos, int *out, long n)
{
  int cnt = 0;
#pragma omp target teams distribute parallel for reduction(inscan, +: cnt) \
    map(to: x[0:n]) map(from: flag[0:n], pos[0:n]) \
    map(tofrom: out[0:n], cnt)
  for (long i = 0; i < n; i++)
    {
      {
        flag[i] = x[i] > 0;
        cnt += flag[i];
      }
#pragma omp scan inclusive(cnt)
      {
        pos[i] = cnt;
        if (flag[i])
          out[cnt - 1] = x[i];
      }
    }
  return cnt;
}

__attribute__((noipa)) static int
count_before (const int *x, char *flag, int *pos, long n)
{
  int cnt = 0;
#pragma omp target map(to: x[0:n]) map(from: flag[0:n], pos[0:n]) \
    map(tofrom: cnt)
#pragma omp parallel for reduction(inscan, +: cnt)
  for (long i = 0; i < n; i++)
    {
      pos[i] = cnt;
#pragma omp scan exclusive(cnt)
      {
        flag[i] = x[i] < -100;
        cnt += flag[i];
      }
    }
  return cnt;
}

__attribute__((noipa)) static double
doubled_sum (const double *x, double *d, double *y, long n)
{
  double s = 0;
#pragma omp target data map(to: x[0:n]) map(from: d[0:n], y[0:n])
  {
#pragma omp target teams distribute parallel for reduction(inscan, +: s) \
    map(tofrom: s)
    for (long i = 0; i < n; i++)
      {
        {
          d[i] = 2 * x[i];
          s += d[i];
        }
#pragma omp scan inclusive(s)
        y[i] = s;
      }
#pragma omp target update from(d[0:n], y[0:n])
  }
  return s;
}

__attribute__((noipa)) static void
sum_and_max (const long *x, long *sq, long *y, long *z, long n, long *sum,
             long *most)
{
  long s = 0, m = -1;
#pragma omp target teams distribute parallel for \
    reduction(inscan, +: s) reduction(inscan, max: m) \
    map(to: x[0:n]) map(from: sq[0:n], y[0:n], z[0:n]) map(tofrom: s, m)
  for (long i = 0; i < n; i++)
    {
      {
        sq[i] = x[i] * x[i];
        s += sq[i];
        m = sq[i] > m ? sq[i] : m;
      }
#pragma omp scan inclusive(s, m)
      {
        y[i] = s;
        z[i] = m;
      }
    }
  *sum = s;
  *most = m;
}

static void
check_ints (long n)
{
  int *x = filled_ints (n);
  int *flag = (int *) malloc ((n + 1) * sizeof *flag);
  int *pos = (int *) malloc ((n + 1) * sizeof *pos);
  int *out = (int *) malloc ((n + 1) * sizeof *out);
  char *cflag = (char *) malloc (n + 1);
  memset (flag, 0x5a, (n + 1) * sizeof *flag);
  memset (pos, 0x5a, (n + 1) * sizeof *pos);
  memset (out, 0x5a, (n + 1) * sizeof *out);
  memset (cflag, 0x5a, n + 1);

  int cnt = compact_teams (x, flag, pos, out, n);
  int c = 0;
  for (long i = 0; i < n; i++)
    {
      int f = x[i] > 0;
      c += f;
      CHECK (flag[i] == f && pos[i] == c, "teams at %ld of %ld", i, n);
      if (f)
        CHECK (out[c - 1] == x[i], "compacted at %ld of %ld", i, n);
    }
  CHECK (cnt == c && flag[n] == 0x5a5a5a5a, "teams count at %ld", n);

  cnt = count_before (x, cflag, pos, n);
  c = 0;
  for (long i = 0; i < n; i++)
    {
      CHECK (pos[i] == c && cflag[i] == (x[i] < -100),
             "exclusive at %ld of %ld", i, n);
      c += x[i] < -100;
    }
  CHECK (cnt == c && cflag[n] == 0x5a, "exclusive count at %ld", n);
  free (x);
  free (flag);
  free (pos);
  free (out);
  free (cflag);
}

static void
check_sums (long n)
{
  double *x = (double *) calloc (n + 1, sizeof *x);
  double *d = (double *) malloc ((n + 1) * sizeof *d);
  double *y = (double *) malloc ((n + 1) * sizeof *y);
  long *lx = (long *) calloc (n + 1, sizeof *lx);
  long *sq = (long *) malloc ((n + 1) * sizeof *sq);
  long *ly = (long *) malloc ((n + 1) * sizeof *ly);
  long *lz = (long *) malloc ((n + 1) * sizeof *lz);
  for (long i = 0; i < n; i++)
    {
      /* Small integers, which any grouping of a double sum adds
         exactly.  */
      x[i] = (double) ((long) (rnd () % 1000) - 500);
      lx[i] = (long) (rnd () % 2001) - 1000;
    }
  memset (d, 0x5a, (n + 1) * sizeof *d);
  memset (y, 0x5a, (n + 1) * sizeof *y);
  memset (sq, 0x5a, (n + 1) * sizeof *sq);

  double s = doubled_sum (x, d, y, n), r = 0;
  for (long i = 0; i < n; i++)
    {
      r += 2 * x[i];
      CHECK (d[i] == 2 * x[i] && y[i] == r, "doubled at %ld of %ld", i, n);
    }
  long past;
  memcpy (&past, &d[n], sizeof past);
  CHECK (s == r && past == 0x5a5a5a5a5a5a5a5aL, "doubled total at %ld", n);

  long sum, most, rs = 0, rm = -1;
  sum_and_max (lx, sq, ly, lz, n, &sum, &most);
  for (long i = 0; i < n; i++)
    {
      rs += lx[i] * lx[i];
      rm = lx[i] * lx[i] > rm ? lx[i] * lx[i] : rm;
      CHECK (sq[i] == lx[i] * lx[i] && ly[i] == rs && lz[i] == rm,
             "sum and max at %ld of %ld", i, n);
    }
  CHECK (sum == rs && most == rm && sq[n] == 0x5a5a5a5a5a5a5a5aL,
         "sum and max totals at %ld", n);
  free (x);
  free (d);
  free (y);
  free (lx);
  free (sq);
  free (ly);
  free (lz);
}

int
main (void)
{
  for (unsigned k = 0; k < NSIZES; k++)
    {
      check_ints (sizes[k]);
      check_sums (sizes[k]);
    }
  puts ("staged loops in target checked");
  return 0;
}

/* { dg-output "staged loops in target checked" } */
