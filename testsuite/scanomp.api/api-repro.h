/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* api-repro.h: the reproducible scan's definition (docs/determinism.md)
   written out sequentially, as the reference of the tests of
   SCANRT_REPRODUCIBLE: ref_f and ref_d scan X's N elements into Y from
   SEED and return the last position's inclusive value.  Its exact sums
   are __float128, which holds them exactly for the tests' inputs
   (integers below 2^11 times 2^-20 to 2^20).  */

#ifndef API_REPRO_H
#define API_REPRO_H

#include <stddef.h>

/* The definition, for T, `+' or (SUB) `-', each contribution then 0 - x.  */
#define REFERENCE(T, SUF)                                                   \
  __attribute__ ((unused)) static T                                         \
  ref_##SUF (T *y, const T *x, size_t n, int sub, int exclusive, T seed)    \
  {                                                                         \
    __float128 exact = seed;                                                \
    T end = seed;                                                           \
    for (size_t lo = 0; lo < n; lo += 4096)                                 \
      {                                                                     \
        T v[256], p[256];                                                   \
        for (size_t l = 0; l < 256; l++)                                    \
          {                                                                 \
            T a = lo + 16 * l < n ? (T) 0 : -(T) 0;                         \
            for (size_t i = lo + 16 * l; i < lo + 16 * l + 16 && i < n; i++)\
              a = sub ? a + (0 - x[i]) : a + x[i];                          \
            v[l] = a;                                                       \
          }                                                                 \
        T e = 0;                                                            \
        for (int g = 0; g < 16; g++)                                        \
          {                                                                 \
            T q = v[16 * g];                                                \
            for (int i = 0; i < 16; i++)                                    \
              {                                                             \
                if (i)                                                      \
                  q = q + v[16 * g + i];                                    \
                p[16 * g + i] = g ? e + q : q;                              \
              }                                                             \
            e = g ? e + q : q;                                              \
          }                                                                 \
        T carry = (T) exact;                                                \
        for (size_t l = 0; l < 256 && lo + 16 * l < n; l++)                 \
          {                                                                 \
            T a = l ? carry + p[l - 1] : carry;                             \
            for (size_t i = lo + 16 * l; i < lo + 16 * l + 16 && i < n; i++)\
              {                                                             \
                T xi = x[i];                                                \
                if (exclusive)                                              \
                  y[i] = a;                                                 \
                a = sub ? a + (0 - xi) : a + xi;                            \
                if (!exclusive)                                             \
                  y[i] = a;                                                 \
              }                                                             \
            end = a;                                                        \
          }                                                                 \
        exact += p[255];                                                    \
      }                                                                     \
    return end;                                                             \
  }
REFERENCE (float, f)
REFERENCE (double, d)

#endif
