/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A scan in place through two pointers: the clause's loop written as a
   function of an input and an output, `y[i] = y[i-1] + x[i]', called
   with one array as both (`f (a, a, n)').  Each iteration reads x[i]
   before it stores y[i], so the loop is a prefix sum of the array, and
   its threads must not reduce a block that another is storing: until
   2026-12-02 the host path's last thread reduced block 0 while thread 0
   scanned it, and one call in three or so came out wrong past block 0.
   Several calls at each size, as the race showed one run in a few; each
   is checked against the same loop run sequentially, and the same
   functions on two arrays too.  */
/* { dg-do run } */

#include "clause-check.h"

#define SCANS(T)                                                            \
  static __attribute__ ((noipa)) void                                      \
  sum_##T (T *y, const T *x, long n)                                       \
  {                                                                         \
    PRAGMA (omp parallel for scan (+: y))                                   \
    for (long i = 1; i < n; i++)                                            \
      y[i] = y[i-1] + x[i];                                                 \
  }                                                                         \
                                                                            \
  static __attribute__ ((noipa)) void                                      \
  max_##T (T *y, const T *x, long n)                                       \
  {                                                                         \
    PRAGMA (omp parallel for scan (max: y))                                 \
    for (long i = 1; i < n; i++)                                            \
      y[i] = y[i-1] > x[i] ? y[i-1] : x[i];                                 \
  }                                                                         \
                                                                            \
  static void                                                               \
  check_##T (long n, int in_place, int reps)                                \
  {                                                                         \
    T *a = (T *) calloc (n, sizeof *a);                                      \
    T *b = (T *) malloc (n * sizeof *b);                                    \
    T *ref = (T *) malloc (n * sizeof *ref);                                \
    T *m = (T *) malloc (n * sizeof *m);                                    \
    for (long i = 0; i < n; i++)                                            \
      a[i] = (T) ((long) (rnd () % 1000) - 500);                            \
    ref[0] = m[0] = a[0];                                                   \
    for (long i = 1; i < n; i++)                                            \
      {                                                                     \
        ref[i] = ref[i-1] + a[i];                                           \
        m[i] = m[i-1] > a[i] ? m[i-1] : a[i];                               \
      }                                                                     \
    for (int k = 0; k < reps; k++)                                          \
      {                                                                     \
        memcpy (b, a, n * sizeof *b);                                       \
        if (in_place)                                                       \
          sum_##T (b, b, n);                                                \
        else                                                                \
          sum_##T (b, a, n);                                                \
        for (long i = 0; i < n; i++)                                        \
          CHECK (b[i] == ref[i], "%s sum, n %ld, call %d: y[%ld] = %g, "    \
                 "not %g", in_place ? "in place" : "apart", n, k, i,        \
                 (double) b[i], (double) ref[i]);                           \
        memcpy (b, a, n * sizeof *b);                                       \
        if (in_place)                                                       \
          max_##T (b, b, n);                                                \
        else                                                                \
          max_##T (b, a, n);                                                \
        for (long i = 0; i < n; i++)                                        \
          CHECK (b[i] == m[i], "%s max, n %ld, call %d: y[%ld] = %g, "      \
                 "not %g", in_place ? "in place" : "apart", n, k, i,        \
                 (double) b[i], (double) m[i]);                             \
      }                                                                     \
    free (a);                                                               \
    free (b);                                                               \
    free (ref);                                                             \
    free (m);                                                               \
  }

SCANS (int)
SCANS (long)
SCANS (double)

int
main (void)
{
  static const long ns[] = { 2, 1001, 100003, (1L << 20) + 7 };
  for (unsigned s = 0; s < sizeof ns / sizeof ns[0]; s++)
    {
      int reps = ns[s] > 1000000 ? 4 : 12;
      check_int (ns[s], 1, reps);
      check_long (ns[s], 1, reps);
      check_double (ns[s], 1, reps);
      check_long (ns[s], 0, 1);
    }
  puts ("ok");
  return 0;
}
