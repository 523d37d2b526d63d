/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* OMP_TARGET_OFFLOAD=DISABLED: the scan loop runs as the sequential loop
   the plugin keeps, with the same results, and nothing is printed.  */
/* { dg-do run } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD DISABLED } */

#include "clause-check.h"

int
main (void)
{
  long n = (1L << 20) + 3;
  unsigned *y = malloc (n * 4), *r = malloc (n * 4);
  for (long i = 0; i < n; i++)
    y[i] = r[i] = (unsigned) rnd ();
#pragma omp parallel for scan(*: y)
  for (long i = 1; i < n; i++)
    y[i] *= y[i-1];
  for (long i = 1; i < n; i++)
    r[i] *= r[i-1];
  for (long i = 0; i < n; i++)
    if (y[i] != r[i])
      FAIL ("y[%ld]", i);
  puts ("fallback checked");
  free (y);
  free (r);
  return 0;
}
/* { dg-output "^fallback checked" } */
