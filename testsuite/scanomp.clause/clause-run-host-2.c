/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Loops that do not translate to OpenCL C (a recursive function, a
   bit-field) run on the host path when they are outside target
   constructs: the refusal is a note under -verbose, not an error.  With
   SCANOMP_HOST=opencl, libscanrt says once per loop that it has no
   kernel, and runs it on the host path all the same.  Each loop is
   checked against the same loop run sequentially; OCL_ICD_VENDORS names
   an empty directory, so nothing may start OpenCL.  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-scanomp-verbose" } */
/* { dg-set-target-env-var SCANOMP_HOST native } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD default } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */
/* { dg-set-target-env-var OCL_ICD_VENDORS /nonexistent } */

#include "clause-check.h"

static long
gcd (long a, long b)
{
  return b ? gcd (b, a % b) : a; /* { dg-message "'gcd' is recursive" } */
}

/* Bit-fields, which no type that goes to the device may hold.  */
typedef struct
{
  int count : 20; /* { dg-message "field 'count' of 'Bits' is a bit-field" } */
  unsigned odd : 1;
} Bits;

static Bits
merge (Bits a, Bits b)
{
  Bits r = { a.count + b.count, a.odd ^ b.odd };
  return r;
}

#pragma omp declare scan(merge : Bits : omp_out = merge (omp_out, omp_in)) initializer(omp_priv = (Bits) { 0, 0 })

static void
recursive (long *y, const int *x, long n)
{
#pragma omp parallel for scan(+: y) /* { dg-message "so this loop has no OpenCL kernel, and as written could not run in a 'target' construct" } */
  for (long i = 1; i < n; i++) /* { dg-message "'scan\\(\\+: y\\)' runs on the host path: 'long int' elements, y\\\[i\\\] = y\\\[i-1\\\] op E\\(i\\) form; it has no OpenCL kernel" "" { target *-*-* } 43 } */
    y[i] = y[i-1] + gcd (x[i-1], 360);
}

static void
bits (Bits *y, const int *x, long n)
{
#pragma omp parallel for scan(merge: y) /* { dg-message "so this loop has no OpenCL kernel" } */
  for (long i = 1; i < n; i++) /* { dg-message "runs on the host path: 'Bits' elements, y\\\[i\\\] = f \\(y\\\[i-1\\\], E\\(i\\)\\) form; it has no OpenCL kernel" "" { target *-*-* } 51 } */
    {
      Bits e = { x[i-1] % 1000, x[i-1] & 1 };
      y[i] = merge (y[i-1], e);
    }
}

static void
exclusive (long *y, const int *x, long n)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s) /* { dg-message "so this loop has no OpenCL kernel" } */
  for (long i = 0; i < n; i++) /* { dg-message "this inscan loop runs on the host path: 1 scan variable, exclusive(, keeping what each position contributes)?; it has no OpenCL kernel" "" { target *-*-* } 63 } */
    {
      y[i] = s;
#pragma omp scan exclusive(s)
      s += gcd (x[i], 84);
    }
}

int
main (void)
{
  static const long sizes[] = { 1, 2, 1001, 16385, 1000003 };
  for (int opencl = 0; opencl < 2; opencl++)
    {
      /* The second round asks for the kernels, which these loops lack.  */
      if (opencl)
        setenv ("SCANOMP_HOST", "opencl", 1);
      for (unsigned k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        {
          long n = sizes[k];
          int *x = malloc (n * sizeof *x);
          long *y = malloc (n * sizeof *y);
          for (long i = 0; i < n; i++)
            x[i] = (int) (rnd () % 2001) - 1000;

          y[0] = 5;
          recursive (y, x, n);
          long r = y[0];
          for (long i = 1; i < n; i++)
            if (y[i] != (r += gcd (x[i-1], 360)))
              FAIL ("recursive: n %ld: element %ld: %ld, expected %ld", n, i,
                    y[i], r);

          Bits *yb = malloc (n * sizeof *yb);
          yb[0] = (Bits) { 11, 1 };
          bits (yb, x, n);
          Bits rb = yb[0];
          for (long i = 1; i < n; i++)
            {
              Bits e = { x[i-1] % 1000, x[i-1] & 1 };
              rb = merge (rb, e);
              if (yb[i].count != rb.count || yb[i].odd != rb.odd)
                FAIL ("bits: n %ld: element %ld: %d %u, expected %d %u", n,
                      i, yb[i].count, yb[i].odd, rb.count, rb.odd);
            }
          free (yb);

          exclusive (y, x, n);
          r = 0;
          for (long i = 0; i < n; i++)
            {
              if (y[i] != r)
                FAIL ("exclusive: n %ld: element %ld: %ld, expected %ld", n,
                      i, y[i], r);
              r += gcd (x[i], 84);
            }
          free (x);
          free (y);
        }
    }
  puts ("untranslatable loops checked");
  return 0;
}
/* { dg-output "^libscanrt: \[^\n\]*clause-run-host-2.c:\[0-9\]+: this loop has no OpenCL kernel \[^\n\]*\r?\n" } */
/* { dg-output "libscanrt: \[^\n\]*clause-run-host-2.c:\[0-9\]+: this loop has no OpenCL kernel \[^\n\]*\r?\n" } */
/* { dg-output "libscanrt: \[^\n\]*clause-run-host-2.c:\[0-9\]+: this loop has no OpenCL kernel \[^\n\]*\r?\n" } */
/* { dg-output "untranslatable loops checked\r?\n$" } */
