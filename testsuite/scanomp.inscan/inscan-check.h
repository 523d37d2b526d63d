/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* inscan-check.h: what the inscan run tests share.  */

#include <math.h>
#include <string.h>

#include "../lib/check.h"

#define PRAGMA(x) _Pragma (#x)

static const long sizes[] = { 0, 1, 2, 3, 1001, (1L << 20) + 7 };
#define NSIZES (sizeof sizes / sizeof sizes[0])

/* N random ints from -500 to 499, with room for one more.  */
static inline int *
random_ints (long n)
{
  int *x = (int *) malloc ((n + 1) * sizeof *x);
  for (long i = 0; i < n; i++)
    x[i] = (int) (rnd () % 1000) - 500;
  return x;
}

/* The same, zeroed first: GCC's -Wmaybe-uninitialized follows a const
   pointer into a test's calls, and would not know that N is not 0.  */
static inline int *
filled_ints (long n)
{
  int *x = (int *) calloc (n + 1, sizeof *x);
  for (long i = 0; i < n; i++)
    x[i] = (int) (rnd () % 1000) - 500;
  return x;
}
