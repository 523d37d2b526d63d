/* clause-check.h: what the clause's run tests share: a failure macro, a
   seeded generator, and test sizes (0, 1, 2, odd, and past 2^20).  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FAIL(...)                                                           \
  do                                                                        \
    {                                                                       \
      fprintf (stderr, "FAIL %s:%d: ", __FILE__, __LINE__);                 \
      fprintf (stderr, __VA_ARGS__);                                        \
      fputc ('\n', stderr);                                                 \
      abort ();                                                             \
    }                                                                       \
  while (0)

#define PRAGMA(x) _Pragma (#x)

static unsigned long long check_rng = 0x9e3779b97f4a7c15ull;

static inline unsigned long long
rnd (void)
{
  check_rng ^= check_rng << 13;
  check_rng ^= check_rng >> 7;
  check_rng ^= check_rng << 17;
  return check_rng;
}

static const long sizes[] = { 0, 1, 2, 3, 1001, (1L << 20) + 7 };
#define NSIZES (sizeof sizes / sizeof sizes[0])
