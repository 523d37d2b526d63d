/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* prime-runs.c: thesis benchmark 12: the prime, below the largest of the
   first n primes, that is the sum of the most consecutive primes.  Prefix
   sums of the primes give every run's sum as a difference; the search
   tries each start with runs longer than the best so far, as long as
   their sums stay below the limit.  */

#include "prefix-sums.h"

static long n;
static int *prime;
static long *p;
static unsigned char *composite;
static long limit;
static struct { long sum, length, start; } res;

static void
setup (long size)
{
  n = size < 2 ? 2 : size;
  prime = realloc (prime, n * sizeof *prime);
  p = realloc (p, (n + 1) * sizeof *p);
  /* Sieve until there are n primes.  */
  for (long cap = 64;; cap *= 2)
    {
      composite = realloc (composite, cap);
      memset (composite, 0, cap);
      long k = 0;
      for (long i = 2; i < cap && k < n; i++)
        if (!composite[i])
          {
            prime[k++] = (int) i;
            for (long j = i * i; j < cap; j += i)
              composite[j] = 1;
          }
      if (k == n)
        {
          limit = prime[n - 1];
          return;
        }
    }
}

static int
run (int version)
{
  if (prefix_sums (version, prime, p, n))
    return -1;

  /* The sums of runs starting at i grow with i: stop when even the
     shortest run worth trying is too big.  */
  res.sum = res.length = res.start = 0;
  for (long i = 0; i + res.length < n; i++)
    {
      if (p[i + res.length + 1] - p[i] >= limit)
        break;
      for (long j = i + res.length + 1; j <= n && p[j] - p[i] < limit; j++)
        if (!composite[p[j] - p[i]])
          {
            res.sum = p[j] - p[i];
            res.length = j - i;
            res.start = i;
          }
    }
  return 0;
}

static void *
result (size_t *bytes)
{
  *bytes = sizeof res;
  return &res;
}

struct thesis_bench thesis = { "prime-runs", setup, run, result };
