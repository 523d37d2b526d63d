/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Inclusive and exclusive inscan reductions over int, unsigned (with
   wraparound), float and double, with + * max min & | ^, at sizes 0, 1,
   2, 3, 1001 and 2^20 + 7, against the sequential loop: exactly for
   integers, within a relative 1e-4 (float) or 1e-12 (double) of the
   running magnitude otherwise.  With the plugin, a host cutoff of 0 sends
   even the smallest loops to the device.  */
/* { dg-do run } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */

#include "inscan-check.h"

/* NAME: inclusive (INCL 1) or exclusive scan of T with reduction operator
   OP, whose sequential update is UPDATE.  */
#define TEST(NAME, T, OP, UPDATE, INIT, INPUT, TOL, INCL)                    \
  static T NAME (T *y, const T *x, long n)                                  \
  {                                                                         \
    T s = INIT;                                                             \
    if (INCL)                                                               \
      {                                                                     \
        PRAGMA (omp parallel for reduction (inscan, OP: s))                 \
        for (long i = 0; i < n; i++)                                        \
          {                                                                 \
            s = UPDATE (s, x[i]);                                           \
            PRAGMA (omp scan inclusive (s))                                 \
            y[i] = s;                                                       \
          }                                                                 \
      }                                                                     \
    else                                                                    \
      {                                                                     \
        PRAGMA (omp parallel for reduction (inscan, OP: s))                 \
        for (long i = 0; i < n; i++)                                        \
          {                                                                 \
            y[i] = s;                                                       \
            PRAGMA (omp scan exclusive (s))                                 \
            s = UPDATE (s, x[i]);                                           \
          }                                                                 \
      }                                                                     \
    return s;                                                               \
  }                                                                         \
  static void check_##NAME (void)                                           \
  {                                                                         \
    for (unsigned k = 0; k < NSIZES; k++)                                   \
      {                                                                     \
        long n = sizes[k];                                                  \
        T *x = malloc ((n + 1) * sizeof (T)), *y = malloc ((n + 1) * sizeof (T)); \
        double mag = 0;                                                     \
        for (long i = 0; i < n; i++)                                        \
          x[i] = INPUT;                                                     \
        T last = NAME (y, x, n), s = INIT;                                  \
        for (long i = 0; i < n; i++)                                        \
          {                                                                 \
            T want;                                                         \
            if (!(INCL))                                                    \
              want = s;                                                     \
            s = UPDATE (s, x[i]);                                           \
            if (INCL)                                                       \
              want = s;                                                     \
            mag += fabs ((double) x[i]) + fabs ((double) want);             \
            if (TOL == 0 ? y[i] != want                                     \
                : fabs ((double) y[i] - (double) want) > TOL * (mag + 1))   \
              FAIL (#NAME " n=%ld: y[%ld] = %.17g, expected %.17g", n, i,   \
                    (double) y[i], (double) want);                          \
          }                                                                 \
        if (TOL == 0 ? last != s                                            \
            : fabs ((double) last - (double) s) > TOL * (mag + 1))          \
          FAIL (#NAME " n=%ld: the variable ends as %.17g, expected %.17g", \
                n, (double) last, (double) s);                              \
        free (x);                                                           \
        free (y);                                                           \
      }                                                                     \
  }

#define ADD(s, v) ((s) + (v))
#define MUL(s, v) ((s) * (v))
#define AND(s, v) ((s) & (v))
#define OR(s, v) ((s) | (v))
#define XOR(s, v) ((s) ^ (v))
#define MIN(s, v) ((v) < (s) ? (v) : (s))
#define MAX(s, v) ((v) > (s) ? (v) : (s))

#define SMALL ((int) (rnd () % 2001) - 1000)
#define ANY_U ((unsigned) rnd ())
#define REAL(T) ((T) ((double) (rnd () % 2001) / 1000.0 - 1.0))
#define NEAR_ONE(T) ((T) (1.0 + ((double) (rnd () % 2001) - 1000) * 1e-6))

TEST (add_int_i, int, +, ADD, 17, SMALL, 0, 1)
TEST (add_int_e, int, +, ADD, 17, SMALL, 0, 0)
TEST (add_uint_i, unsigned, +, ADD, 3u, ANY_U, 0, 1)
TEST (mul_uint_e, unsigned, *, MUL, 5u, ANY_U | 1, 0, 0)
TEST (and_uint_i, unsigned, &, AND, ~0u, ~(1u << rnd () % 32), 0, 1)
TEST (or_uint_e, unsigned, |, OR, 0u, 1u << rnd () % 32, 0, 0)
TEST (xor_uint_i, unsigned, ^, XOR, 0u, ANY_U, 0, 1)
TEST (min_int_e, int, min, MIN, 1000000, SMALL * 1000, 0, 0)
TEST (max_int_i, int, max, MAX, -1000000, SMALL * 1000, 0, 1)
TEST (add_float_i, float, +, ADD, 0.5f, REAL (float), 1e-4, 1)
TEST (mul_float_e, float, *, MUL, 1.0f, NEAR_ONE (float), 1e-3, 0)
TEST (add_double_e, double, +, ADD, 0.25, REAL (double), 1e-12, 0)
TEST (max_double_i, double, max, MAX, -2.0, REAL (double), 0, 1)
TEST (min_float_i, float, min, MIN, 2.0f, REAL (float), 0, 1)

int
main (void)
{
  check_add_int_i ();
  check_add_int_e ();
  check_add_uint_i ();
  check_mul_uint_e ();
  check_and_uint_i ();
  check_or_uint_e ();
  check_xor_uint_i ();
  check_min_int_e ();
  check_max_int_i ();
  check_add_float_i ();
  check_mul_float_e ();
  check_add_double_e ();
  check_max_double_i ();
  check_min_float_i ();
  puts ("inscan operators and types checked");
  return 0;
}
