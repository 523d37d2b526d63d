/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A scan clause over 2^31 + 5 unsigned chars, an array past pocl's
   largest buffer (2 GiB): the loop runs as segments on the device, each
   seeded with the total of the ones before, rather than on the host.
   Checked against a running sum, and under OMP_TARGET_OFFLOAD=MANDATORY
   so that a host fallback would fail instead of hiding.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */
/* { dg-no-host-runs "one target loop, on the device in every run" } */

#include "clause-check.h"

int
main (void)
{
  long n = (1L << 31) + 5;
  unsigned char *x = malloc (n), *y = malloc (n);
  CHECK (x && y, "no memory for 4 GiB: this test needs about 4.3 GB");
  for (long i = 0; i < n; i++)
    x[i] = (unsigned char) (i * 7 + (i >> 20));
  y[0] = 200;
#pragma omp target teams distribute parallel for scan(+: y) \
  map(to: x[0:n]) map(tofrom: y[0:n])
  for (long i = 1; i < n; i++)
    y[i] = y[i - 1] + x[i];
  unsigned char acc = 200;
  for (long i = 1; i < n; i++)
    {
      acc += x[i];
      CHECK (y[i] == acc, "y[%ld] is %u, expected %u", i, y[i], acc);
    }
  puts ("2^31 + 5 elements scanned");
  free (x);
  free (y);
  return 0;
}
/* { dg-output "2\\^31 \\+ 5 elements scanned" } */
