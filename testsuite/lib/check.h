/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* check.h: what every run test shares: a failure macro that names the
   place, and a seeded generator, so that runs are repeatable.  */

#ifndef SCANOMP_CHECK_H
#define SCANOMP_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#define FAIL(...)                                                           \
  do                                                                        \
    {                                                                       \
      fprintf (stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                 \
      fprintf (stderr, __VA_ARGS__);                                        \
      fputc ('\n', stderr);                                                 \
      abort ();                                                             \
    }                                                                       \
  while (0)

#define CHECK(cond, ...)                                                    \
  do                                                                        \
    if (!(cond))                                                            \
      FAIL (__VA_ARGS__);                                                   \
  while (0)

static unsigned long long check_rng = 0x9e3779b97f4a7c15ull;

static inline unsigned long long
rnd (void)
{
  check_rng ^= check_rng << 13;
  check_rng ^= check_rng >> 7;
  check_rng ^= check_rng << 17;
  return check_rng;
}

#endif /* SCANOMP_CHECK_H */
