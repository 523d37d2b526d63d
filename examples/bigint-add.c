/* bigint-add.c: add two big integers of N 32-bit digits, with the carries
   found by a scan.  Each digit position either generates a carry (its
   digits' sum overflows), propagates one (the sum is all ones) or kills
   it; the carry into a position is the last status before it that is
   not `propagate'.  That operator is associative, not commutative, and
   works on plain ints: `declare scan' serves scalar types too.

     bigint-add [N]  */

#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

enum { KILL, PROPAGATE, GENERATE };

static int
status (uint32_t a, uint32_t b)
{
  uint64_t s = (uint64_t) a + b;
  return s > UINT32_MAX ? GENERATE : s == UINT32_MAX ? PROPAGATE : KILL;
}

/* The status of two runs of digits, the lower run first.  */
static int
carry (int low, int high)
{
  return high == PROPAGATE ? low : high;
}

#pragma omp declare scan(carry : int : omp_out = carry (omp_out, omp_in)) \
  initializer(omp_priv = PROPAGATE)

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1L << 22;
  uint32_t *a = malloc (n * 4), *b = malloc (n * 4), *sum = malloc (n * 4);
  int *c = malloc ((n + 1) * sizeof *c);
  if (!a || !b || !sum || !c)
    return 2;
  uint64_t r = 7;
  for (long i = 0; i < n; i++)
    {
      r = r * 6364136223846793005ul + 1442695040888963407ul;
      a[i] = r >> 32;
      /* Make long runs of propagation: b often completes a to all ones.  */
      b[i] = (r & 3) ? ~a[i] : (uint32_t) r;
    }

  /* c[i]: the carry into digit i, GENERATE or not.  */
  c[0] = KILL;
#pragma omp parallel for scan(carry : c)
  for (long i = 1; i <= n; i++)
    c[i] = carry (c[i-1], status (a[i-1], b[i-1]));
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    sum[i] = a[i] + b[i] + (c[i] == GENERATE);

  uint32_t in = 0;
  for (long i = 0; i < n; i++)
    {
      uint64_t s = (uint64_t) a[i] + b[i] + in;
      if (sum[i] != (uint32_t) s)
        {
          printf ("FAIL: digit %ld is %u, expected %u\n", i, sum[i],
                  (uint32_t) s);
          return 1;
        }
      in = s >> 32;
    }
  if ((c[n] == GENERATE) != in)
    {
      printf ("FAIL: carry out %d, expected %u\n", c[n] == GENERATE, in);
      return 1;
    }
  printf ("sum of two %ld-digit numbers, carry out %u\nPASS\n", n, in);
  return 0;
}
