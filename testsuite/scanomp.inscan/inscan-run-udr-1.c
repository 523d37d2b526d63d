/* A user-defined reduction on a struct, scanned: the plugin leaves it to
   GCC for now, and the results are GCC's, right.  */
/* { dg-do run } */

#include "inscan-check.h"

typedef struct { long sum; long count; } acc;

#pragma omp declare reduction (plus : acc : omp_out.sum += omp_in.sum, omp_out.count += omp_in.count) initializer (omp_priv = (acc) { 0, 0 })

int
main (void)
{
  long n = 100003;
  int *x = malloc (n * 4);
  long *y = malloc (n * 8);
  for (long i = 0; i < n; i++)
    x[i] = (int) (rnd () % 100);
  acc a = { 5, 0 };
#pragma omp parallel for reduction(inscan, plus: a)
  for (long i = 0; i < n; i++)
    {
      a.sum += x[i];
      a.count++;
#pragma omp scan inclusive(a)
      y[i] = a.sum * 1000 + a.count;
    }
  acc r = { 5, 0 };
  for (long i = 0; i < n; i++)
    {
      r.sum += x[i];
      r.count++;
      if (y[i] != r.sum * 1000 + r.count)
        FAIL ("element %ld", i);
    }
  if (a.sum != r.sum || a.count != r.count)
    FAIL ("final value");
  return 0;
}
