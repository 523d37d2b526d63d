/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Inscan loops on the host path: on OpenMP's own threads, with the
   loop's num_threads and if clauses, inside a parallel region, in place,
   exclusive with a lastprivate variable and a private global, and over
   sizes around its blocks; a float scan gives the same bits twice.
   OCL_ICD_VENDORS names an empty directory and nothing but the last line
   may be printed: the host path never starts OpenCL.  Each loop is
   checked against the same loop run sequentially.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST native } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD default } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */
/* { dg-set-target-env-var OCL_ICD_VENDORS /nonexistent } */

#include <omp.h>

#include "inscan-check.h"

static long
inclusive (long *y, const int *x, long n, long s, int threads, int c)
{
#pragma omp parallel for reduction(inscan, +: s) num_threads(threads) if(c)
  for (long i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

/* y[i] op= y[i-1], as an inscan loop: the input phase reads what the
   scan phase stores.  */
static long
in_place (long *y, long n)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += y[i];
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

/* Private: the global keeps its value.  */
int scratch;

static long
exclusive (int *y, const int *x, long n, long *last)
{
  int s = 3;
  long l = *last;
#pragma omp parallel for reduction(inscan, +: s) private(scratch) lastprivate(conditional: l)
  for (long i = 0; i < n; i++)
    {
      y[i] = s;
#pragma omp scan exclusive(s)
      {
        scratch = x[i] * 2;
        s += scratch;
        if (x[i] > 490)
          l = i;
      }
    }
  *last = l;
  return s;
}

/* Downward and exclusive, with two stores in the scan phase and a branch
   in the input phase: the vector form (one `+' variable) runs the phases
   as the source has them.  */
static long
down (long *y, long *z, const int *x, long n)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = n - 1; i >= 0; i--)
    {
      {
        y[i] = s;
        z[i] = 2 * s + 1;
      }
#pragma omp scan exclusive(s)
      {
        if (x[i] > 0)
          s += x[i];
        else
          s -= 1;
      }
    }
  return s;
}

static float
sum (float *y, const float *x, long n)
{
  float s = 0.5f;
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      y[i] = s;
    }
  return s;
}

static void
check (const char *how, const long *y, long total, const int *x, long n,
       long s)
{
  for (long i = 0; i < n; i++)
    {
      s += x[i];
      CHECK (y[i] == s, "%s: n %ld: element %ld: %ld, expected %ld", how, n,
             i, y[i], s);
    }
  CHECK (total == s, "%s: n %ld: total %ld, expected %ld", how, n, total, s);
}

int
main (void)
{
  /* Blocks are 16384 longs: sizes about them.  */
  static const long host_sizes[] = { 0, 1, 2, 100, 16384, 16385, 49153,
                                     1000003 };
  for (unsigned k = 0; k < sizeof host_sizes / sizeof host_sizes[0]; k++)
    {
      long n = host_sizes[k];
      int *x = random_ints (n);
      long *y = (long *) malloc ((n + 1) * sizeof *y);
      check ("plain", y, inclusive (y, x, n, 7, 0, 1), x, n, 7);
      check ("num_threads(3)", y, inclusive (y, x, n, -7, 3, 1), x, n, -7);
      check ("if(0)", y, inclusive (y, x, n, 1, 0, 0), x, n, 1);
      int failed = 0;
#pragma omp parallel num_threads(2) reduction(+: failed)
      {
        long *mine = (long *) malloc ((n + 1) * sizeof *mine);
        long s = omp_get_thread_num (), t = inclusive (mine, x, n, s, 0, 1);
        for (long i = 0; i < n; i++)
          failed += mine[i] != (s += x[i]);
        failed += t != s;
        free (mine);
      }
      CHECK (!failed, "in a parallel region: n %ld: %d wrong", n, failed);

      for (long i = 0; i < n; i++)
        y[i] = x[i];
      check ("in place", y, in_place (y, n), x, n, 0);

      int *yi = (int *) malloc ((n + 1) * sizeof *yi);
      long last = -1, r = 3, rl = -1;
      scratch = -1;
      int total = exclusive (yi, x, n, &last);
      CHECK (scratch == -1, "exclusive: n %ld: the private global was set",
             n);
      for (long i = 0; i < n; i++)
        {
          CHECK (yi[i] == (int) r, "exclusive: n %ld: element %ld", n, i);
          r += x[i] * 2;
          if (x[i] > 490)
            rl = i;
        }
      CHECK (total == (int) r && last == rl,
             "exclusive: n %ld: total %d (expected %ld), last %ld "
             "(expected %ld)", n, total, r, last, rl);
      free (yi);

      long *z = (long *) malloc ((n + 1) * sizeof *z);
      long want = 0, got = down (y, z, x, n);
      for (long i = n - 1; i >= 0; i--)
        {
          CHECK (y[i] == want && z[i] == 2 * want + 1,
                 "down: n %ld: element %ld: %ld, expected %ld", n, i, y[i],
                 want);
          want += x[i] > 0 ? x[i] : -1;
        }
      CHECK (got == want, "down: n %ld: total %ld, expected %ld", n, got,
             want);
      free (z);
      free (x);
      free (y);
    }

  long n = 1000003;
  float *x = (float *) malloc (n * sizeof *x);
  float *y1 = (float *) malloc (n * sizeof *y1);
  float *y2 = (float *) malloc (n * sizeof *y2);
  for (long i = 0; i < n; i++)
    x[i] = (float) ((int) (rnd () % 2001) - 1000) / 1000.0f;
  float t1 = sum (y1, x, n), t2 = sum (y2, x, n);
  CHECK (!memcmp (y1, y2, n * sizeof *y1) && t1 == t2,
         "a float scan differs from run to run");
  free (x);
  free (y1);
  free (y2);
  puts ("inscan host path checked");
  return 0;
}
/* { dg-output "^inscan host path checked\r?\n$" } */
