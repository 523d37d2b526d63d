/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Inscan loops over nests that `collapse' makes one loop, as GCC's own
   tests and Flang's write them: `parallel for collapse(2)' over a C
   array of arrays, inclusive and exclusive; `parallel for simd' with a
   private temporary in the scan phase; indices declared before the
   loop (private to it) over a pointer's rows, `i * m + j', an inner loop
   counting down, bounds known at run time alone; an orphaned `for' in a
   parallel region; three loops deep, `<=' and `!=' conditions, a `long'
   sum; and empty nests (an outer or an inner loop of no iterations).
   Under SCANOMP_REPRODUCIBLE=1, a float nest gives the same bits on 1
   and 3 threads.  The plugin once left each to GCC ("the
   `scan' clause needs a single loop"); each checked against its
   sequential loop, exactly.  The host path runs them; the kernels take
   one loop, so SCANOMP_HOST=opencl runs them there too.  GCC 12 and 16
   alone give rows_exclusive_simd wrong values at -O2, and this program
   crashes in free () at -O0 (inscan.exp runs it with the plugin alone);
   their code for the nests, which stays as the plugin's fallback, warns
   of temporaries of its own that may be used uninitialized.
   scanomp-taken: 6 */
/* { dg-do run } */
/* { dg-options "-Wno-maybe-uninitialized" } */

#include <omp.h>

#include "inscan-check.h"

#define N 301
#define M 7

static int a[N][M], c[N][M];

static int
rows_inclusive (void)
{
  int x = 0;
#pragma omp parallel for collapse(2) reduction(inscan, +: x)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      {
        x += a[i][j];
#pragma omp scan inclusive(x)
        c[i][j] = x;
      }
  return x;
}

static int
rows_exclusive_simd (void)
{
  int x = 0, shift;
#pragma omp parallel for simd collapse(2) reduction(inscan, +: x) \
  private(shift)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      {
        /* One structured block before the scan: GCC 11 parses one
           statement there, GCC 12 on a sequence.  */
        {
          shift = i + 29 * j;
          c[i][j] = x + shift;
        }
#pragma omp scan exclusive(x)
        x += a[i][j];
      }
  return x;
}

/* Rows of P of M elements, each taken from its last element down to
   its second.  */
static long
pointer_rows (long *q, const int *p, int n, int m)
{
  long x = 0;
  int i, j;
#pragma omp parallel for collapse(2) reduction(inscan, +: x)
  for (i = 0; i < n; i++)
    for (j = m - 1; j > 0; j--)
      {
        x += p[i * m + j];
#pragma omp scan inclusive(x)
        q[i * m + j] = x;
      }
  return x;
}

static int
orphan_exclusive (void)
{
  int x = 0;
#pragma omp parallel
  {
#pragma omp for collapse(2) reduction(inscan, +: x)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < M; j++)
        {
          c[i][j] = x;
#pragma omp scan exclusive(x)
          x += a[i][j];
        }
  }
  return x;
}

/* Past the host path's cutoff, so that 3 threads share it.  */
#define FN 700
#define FM 300
static float fa[FN][FM], fc[FN][FM], fd[FN][FM];

static float
float_rows (float (*out)[FM])
{
  float x = 0;
#pragma omp parallel for collapse(2) reduction(inscan, +: x)
  for (int i = 0; i < FN; i++)
    for (int j = 0; j < FM; j++)
      {
        x += fa[i][j];
#pragma omp scan inclusive(x)
        out[i][j] = x;
      }
  return x;
}

static long
three_deep (long *q, const int *p, int n, int m, int k)
{
  long x = 0;
#pragma omp parallel for collapse(3) reduction(inscan, +: x)
  for (int i = 1; i <= n; i++)
    for (int j = 0; j != m; j++)
      for (int l = k; l >= 1; l--)
        {
          q[((i - 1) * m + j) * k + l - 1] = x;
#pragma omp scan exclusive(x)
          x += p[((i - 1) * m + j) * k + l - 1] * (l + 1);
        }
  return x;
}

int
main (void)
{
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = (int) (rnd () % 1000) - 500;

  int x = rows_inclusive (), y = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      {
        y += a[i][j];
        CHECK (c[i][j] == y, "rows_inclusive: c[%d][%d] is %d, not %d", i, j,
               c[i][j], y);
      }
  CHECK (x == y, "rows_inclusive: %d, not %d", x, y);

  x = rows_exclusive_simd ();
  y = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      {
        CHECK (c[i][j] == y + i + 29 * j, "rows_exclusive_simd: c[%d][%d] "
               "is %d, not %d", i, j, c[i][j], y + i + 29 * j);
        y += a[i][j];
      }
  CHECK (x == y, "rows_exclusive_simd: %d, not %d", x, y);

  x = orphan_exclusive ();
  y = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      {
        CHECK (c[i][j] == y, "orphan_exclusive: c[%d][%d] is %d, not %d", i,
               j, c[i][j], y);
        y += a[i][j];
      }
  CHECK (x == y, "orphan_exclusive: %d, not %d", x, y);

  for (int i = 0; i < FN; i++)
    for (int j = 0; j < FM; j++)
      fa[i][j] = ldexpf ((float) ((int) (rnd () % 1000) - 500),
                         (int) (rnd () % 41) - 20);
  setenv ("SCANOMP_REPRODUCIBLE", "1", 1);
  omp_set_num_threads (1);
  float t1 = float_rows (fc);
  omp_set_num_threads (3);
  float t3 = float_rows (fd);
  unsetenv ("SCANOMP_REPRODUCIBLE");
  CHECK (!memcmp (fc, fd, sizeof fc) && !memcmp (&t1, &t3, sizeof t1),
         "float_rows: other bits on 3 threads than on 1");

  static const int shapes[][3] = { { 1000, 301, 3 }, { 0, 5, 2 },
                                   { 7, 0, 2 }, { 3, 1, 0 }, { 1, 1, 1 } };
  for (unsigned s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
    {
      int n = shapes[s][0], m = shapes[s][1], k = shapes[s][2];
      long size = (long) n * m * k + 1;
      int *p = random_ints (size);
      long *q = (long *) calloc (size, sizeof *q);
      CHECK (p && q, "out of memory");
      long got = pointer_rows (q, p, n, m), want = 0;
      for (int i = 0; i < n; i++)
        for (int j = m - 1; j > 0; j--)
          {
            want += p[i * m + j];
            CHECK (q[i * m + j] == want, "pointer_rows %dx%d: q[%d] is %ld, "
                   "not %ld", n, m, i * m + j, q[i * m + j], want);
          }
      CHECK (got == want, "pointer_rows %dx%d: %ld, not %ld", n, m, got,
             want);

      got = three_deep (q, p, n, m, k);
      want = 0;
      for (int i = 1; i <= n; i++)
        for (int j = 0; j != m; j++)
          for (int l = k; l >= 1; l--)
            {
              long at = ((i - 1) * (long) m + j) * k + l - 1;
              CHECK (q[at] == want, "three_deep %dx%dx%d: q[%ld] is %ld, "
                     "not %ld", n, m, k, at, q[at], want);
              want += p[at] * (l + 1);
            }
      CHECK (got == want, "three_deep %dx%dx%d: %ld, not %ld", n, m, k, got,
             want);
      free (p);
      free (q);
    }
  return 0;
}
