/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Every operator over every type, in the thesis' form
   y[i] = y[i-1] op x[i-1], seeded with a random y[0], at every test size,
   against the same loop run sequentially: bit for bit for integers, and
   within a relative 1e-4 (float) or 1e-12 (double) of the running
   magnitude for + and - in floating point.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include "clause-check.h"

/* One operator over one type: the offloaded loop NAME, and its check.
   UPDATE is the loop body's right-hand side over p = y[i-1] and v =
   x[i-1]; INPUT makes an input element.  */
#define TEST(NAME, T, OP, UPDATE, INPUT, TOL)                               \
  static void NAME (T *y, const T *x, long n)                               \
  {                                                                         \
    PRAGMA (omp parallel for scan (OP: y))                                  \
    for (long i = 1; i < n; i++)                                            \
      y[i] = UPDATE (y[i-1], x[i-1]);                                       \
  }                                                                         \
  static void check_##NAME (void)                                           \
  {                                                                         \
    for (unsigned s = 0; s < NSIZES; s++)                                   \
      {                                                                     \
        long n = sizes[s];                                                  \
        T *x = malloc ((n + 1) * sizeof (T)), *y = malloc ((n + 1) * sizeof (T)); \
        T *r = malloc ((n + 1) * sizeof (T));                               \
        double mag = 0;                                                     \
        for (long i = 0; i < n; i++)                                        \
          x[i] = INPUT;                                                     \
        if (n > 0)                                                          \
          y[0] = r[0] = INPUT;                                              \
        NAME (y, x, n);                                                     \
        for (long i = 1; i < n; i++)                                        \
          r[i] = UPDATE (r[i-1], x[i-1]);                                   \
        for (long i = 0; i < n; i++)                                        \
          {                                                                 \
            mag += fabs ((double) x[i]) + fabs ((double) r[i]);             \
            if (TOL == 0 ? memcmp (&y[i], &r[i], sizeof (T)) != 0           \
                : fabs ((double) y[i] - (double) r[i]) > TOL * (mag + 1))   \
              FAIL (#NAME " n=%ld: y[%ld] = %.17g, expected %.17g", n, i,   \
                    (double) y[i], (double) r[i]);                          \
          }                                                                 \
        free (x);                                                           \
        free (y);                                                           \
        free (r);                                                           \
      }                                                                     \
  }

#define ADD(p, v) ((p) + (v))
#define SUB(p, v) ((p) - (v))
#define MUL(p, v) ((p) * (v))
#define AND(p, v) ((p) & (v))
#define OR(p, v) ((p) | (v))
#define XOR(p, v) ((p) ^ (v))
#define LAND(p, v) ((p) && (v))
#define LOR(p, v) ((p) || (v))
#define MIN(p, v) ((v) < (p) ? (v) : (p))
#define MAX(p, v) ((v) > (p) ? (v) : (p))

/* Inputs: any bits for the wrapping operators, odd for *, sparse bits for
   & and |, and rare zeros (or non-zeros) for && (and ||).  */
#define ANY(T) ((T) rnd ())
#define ODD(T) ((T) (rnd () | 1))
#define MOSTLY_ONES(T) ((T) ~(1ull << (rnd () % (8 * sizeof (T)))))
#define ONE_BIT(T) ((T) (1ull << (rnd () % (8 * sizeof (T)))))
#define RARE_ZERO(T) ((T) (rnd () % 5000 ? 1 + rnd () % 9 : 0))
#define RARE_ONE(T) ((T) (rnd () % 5000 ? 0 : 1 + rnd () % 9))
#define REAL(T) ((T) ((double) (rnd () % 2001) / 1000.0 - 1.0))
#define NEAR_ONE(T) ((T) (1.0 + ((double) (rnd () % 2001) - 1000) * 1e-6))

#define INTEGER_TESTS(N, T)                                                 \
  TEST (add_##N, T, +, ADD, ANY (T), 0)                                     \
  TEST (sub_##N, T, -, SUB, ANY (T), 0)                                     \
  TEST (mul_##N, T, *, MUL, ODD (T), 0)                                     \
  TEST (and_##N, T, &, AND, MOSTLY_ONES (T), 0)                             \
  TEST (or_##N, T, |, OR, ONE_BIT (T), 0)                                   \
  TEST (xor_##N, T, ^, XOR, ANY (T), 0)                                     \
  TEST (land_##N, T, &&, LAND, RARE_ZERO (T), 0)                            \
  TEST (lor_##N, T, ||, LOR, RARE_ONE (T), 0)                               \
  TEST (min_##N, T, min, MIN, ANY (T), 0)                                   \
  TEST (max_##N, T, max, MAX, ANY (T), 0)

#define REAL_TESTS(N, T, TOL)                                               \
  TEST (add_##N, T, +, ADD, REAL (T), TOL)                                  \
  TEST (sub_##N, T, -, SUB, REAL (T), TOL)                                  \
  TEST (mul_##N, T, *, MUL, NEAR_ONE (T), TOL)                              \
  TEST (land_##N, T, &&, LAND, RARE_ZERO (T), 0)                            \
  TEST (lor_##N, T, ||, LOR, RARE_ONE (T), 0)                               \
  TEST (min_##N, T, min, MIN, REAL (T), 0)                                  \
  TEST (max_##N, T, max, MAX, REAL (T), 0)

/* Wrapping signed arithmetic is undefined in C itself, so the signed
   types take the wrapping operators (+ - *) in their unsigned form only
   through char and short, whose arithmetic is done in int.  */
INTEGER_TESTS (char, char)
INTEGER_TESTS (schar, signed char)
INTEGER_TESTS (uchar, unsigned char)
INTEGER_TESTS (short, short)
INTEGER_TESTS (ushort, unsigned short)
INTEGER_TESTS (uint, unsigned)
INTEGER_TESTS (ulong, unsigned long)
TEST (add_int, int, +, ADD, (int) (rnd () % 2001) - 1000, 0)
TEST (sub_int, int, -, SUB, (int) (rnd () % 2001) - 1000, 0)
TEST (mul_int, int, *, MUL, (int) (rnd () % 3) - 1, 0)
TEST (and_int, int, &, AND, MOSTLY_ONES (int), 0)
TEST (or_int, int, |, OR, ONE_BIT (int), 0)
TEST (xor_int, int, ^, XOR, ANY (int), 0)
TEST (land_int, int, &&, LAND, RARE_ZERO (int), 0)
TEST (lor_int, int, ||, LOR, RARE_ONE (int), 0)
TEST (min_int, int, min, MIN, ANY (int), 0)
TEST (max_int, int, max, MAX, ANY (int), 0)
TEST (add_long, long, +, ADD, (long) (rnd () % 2001) - 1000, 0)
TEST (sub_long, long, -, SUB, (long) (rnd () % 2001) - 1000, 0)
TEST (mul_long, long, *, MUL, (long) (rnd () % 3) - 1, 0)
TEST (xor_long, long, ^, XOR, ANY (long), 0)
TEST (min_long, long, min, MIN, ANY (long), 0)
TEST (max_long, long, max, MAX, ANY (long), 0)
REAL_TESTS (float, float, 1e-4)
REAL_TESTS (double, double, 1e-12)

#define RUN(N) check_##N ();
#define RUN_INTEGER(N)                                                      \
  RUN (add_##N) RUN (sub_##N) RUN (mul_##N) RUN (and_##N) RUN (or_##N)      \
  RUN (xor_##N) RUN (land_##N) RUN (lor_##N) RUN (min_##N) RUN (max_##N)
#define RUN_REAL(N)                                                         \
  RUN (add_##N) RUN (sub_##N) RUN (mul_##N) RUN (land_##N) RUN (lor_##N)    \
  RUN (min_##N) RUN (max_##N)

int
main (void)
{
  RUN_INTEGER (char) RUN_INTEGER (schar) RUN_INTEGER (uchar)
  RUN_INTEGER (short) RUN_INTEGER (ushort) RUN_INTEGER (int)
  RUN_INTEGER (uint) RUN_INTEGER (ulong)
  RUN (add_long) RUN (sub_long) RUN (mul_long) RUN (xor_long)
  RUN (min_long) RUN (max_long)
  RUN_REAL (float) RUN_REAL (double)
  puts ("all operators and types checked");
  return 0;
}
