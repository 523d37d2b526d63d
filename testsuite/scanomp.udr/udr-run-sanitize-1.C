// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Under -fsanitize=address,undefined, the C++ front end reads an
// operator's result through a pointer that UBSan checks (t = a * b;
// p = &t; UBSAN_NULL (p); y[i] = *p), in the loop and in the combiner.
// The plugin reads *p as t, as GCC writes the loop without the
// sanitizer, so every loop still takes the host path (the notes say so),
// or runs as a kernel in udr.exp's kernel runs, and right: a scan clause
// and an inscan loop on a class's operator*, over global arrays and over
// new[] ones.  Before, the plugin refused them.  The clause's host
// functions pass operator* the address of their carry for y[i-1], which
// the loop passes by reference through a temporary pointer.
// { dg-do run }
// { dg-require-effective-target opencl_device }
// { dg-options "-fsanitize=address,undefined -fno-sanitize-recover=all -fplugin-arg-scanomp-verbose" }
// { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY }
// { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 }
// { dg-set-target-env-var ASAN_OPTIONS detect_leaks=0 }

#include "udr-check.h"
#include "udr-matrix.h"

#pragma omp declare scan(* : Matrix : omp_out = omp_out * omp_in) initializer(omp_priv = Matrix (1, 0, 0, 1))

#define N 5000
static Matrix q[N], m[N], z[N];

int
main ()
{
  for (long i = 0; i < N; i++)
    q[i] = Matrix (rnd () % 3, 1, 1, rnd () % 2);
#pragma omp parallel for scan(* : m) // { dg-message "runs on the host path" }
  for (long i = 1; i < N; i++)
    m[i] = m[i-1] * q[i-1];
  Matrix s;
#pragma omp parallel for reduction(inscan, * : s) // { dg-message "this inscan loop runs on the host path\[^\n\]*SCANOMP_HOST=opencl runs it as an OpenCL kernel" }
  for (long i = 0; i < N; i++)
    {
      s = s * q[i];
#pragma omp scan inclusive(s)
      z[i] = s;
    }
  Matrix *h = new Matrix[N], *t = new Matrix[N];
  for (long i = 0; i < N; i++)
    h[i] = q[N - 1 - i];
#pragma omp parallel for scan(* : t) // { dg-message "runs on the host path" }
  for (long i = 1; i < N; i++)
    t[i] = t[i-1] * h[i-1];

  Matrix wm, wz, wt;
  for (long i = 0; i < N; i++)
    {
      if (i > 0)
        {
          wm = wm * q[i-1];
          wt = wt * h[i-1];
        }
      wz = wz * q[i];
      CHECK (m[i] == wm && t[i] == wt && z[i] == wz, "element %ld", i);
    }
  CHECK (s == wz, "the inscan loop's final value");
  delete[] h;
  delete[] t;
  puts ("sanitized operators checked");
  return 0;
}
