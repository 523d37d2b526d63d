/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The clause on every construct it belongs to: parallel for, parallel for
   simd, a target region around parallel for, target parallel for, target
   teams distribute parallel for; among other clauses, across continued
   lines, and in _Pragma.  Code merely named scan is untouched.  Under
   OMP_TARGET_OFFLOAD=MANDATORY every loop runs on the device, except the
   one whose target has if(0), which runs on the host as OpenMP says.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */

#include "clause-check.h"

struct s { int scan; };

static int
scan (int a)
{
  return a + 1;
}

int
main (void)
{
  long n = (1L << 20) + 3;
  int *y = malloc (n * 4), *x = malloc (n * 4), *r = malloc (n * 4);
  struct s st = { 3 };
  if (scan (st.scan) != 4)
    FAIL ("the function and the member named scan");
  for (int form = 0; form < 8; form++)
    {
      for (long i = 0; i < n; i++)
        {
          x[i] = (int) (rnd () % 17) - 8;
          y[i] = r[i] = 0;
        }
      y[0] = r[0] = form;
      switch (form)
        {
        case 0:
#pragma omp parallel for scan(+: y)
          for (long i = 1; i < n; i++)
            y[i] = y[i-1] + x[i-1];
          break;
        case 1:
#pragma omp parallel for simd scan(+: y)
          for (long i = 1; i < n; i++)
            y[i] = y[i-1] + x[i-1];
          break;
        case 2:
#pragma omp target map(tofrom: y[0:n]) map(to: x[0:n])
#pragma omp parallel for scan(+: y)
          for (long i = 1; i < n; i++)
            y[i] = y[i-1] + x[i-1];
          break;
        case 3:
#pragma omp target parallel for map(tofrom: y[0:n]) map(to: x[0:n]) scan(+: y)
          for (long i = 1; i < n; i++)
            y[i] = y[i-1] + x[i-1];
          break;
        case 4:
#pragma omp target teams distribute parallel for \
            map(tofrom: y[0:n]) map(to: x[0:n]) scan(+: y)
          for (long i = 1; i < n; i++)
            y[i] = y[i-1] + x[i-1];
          break;
        case 5:
#pragma omp parallel for schedule(static) \
            scan(+: y) \
            shared(x)
          for (long i = 1; i < n; i++)
            y[i] = y[i-1] + x[i-1];
          break;
        case 6:
          _Pragma ("omp parallel for scan(+: y)")
          for (long i = 1; i < n; i++)
            y[i] = y[i-1] + x[i-1];
          break;
        case 7:
#pragma omp target if(0) map(tofrom: y[0:n]) map(to: x[0:n])
#pragma omp parallel for scan(+: y)
          for (long i = 1; i < n; i++)
            y[i] = y[i-1] + x[i-1];
          break;
        }
      for (long i = 1; i < n; i++)
        r[i] = r[i-1] + x[i-1];
      for (long i = 0; i < n; i++)
        if (y[i] != r[i])
          FAIL ("form %d: y[%ld] = %d, expected %d", form, i, y[i], r[i]);
    }
  puts ("constructs checked");
  free (y);
  free (x);
  free (r);
  return 0;
}
