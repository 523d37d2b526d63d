/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Scans in place inside data constructs on a device with memory of its
   own: a function of an input and an output, called with one array as
   both, maps the input `to' and the output `from' or `tofrom', in either
   order, on `target data' or on `enter' and `exit data'.  A data
   construct counts each mapping once, and copies in and out as any of
   its items on that range asks.  Until 2026-12-03 each item counted
   apart, and the last to exit chose: where that was the input (`to'),
   nothing came back, and the program kept its unscanned array.  Also an
   output inside the input's section, and nested regions, whose inner
   `from' must not copy back while the outer one holds the data.
   Checked against the loops run sequentially.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */
/* { dg-no-host-runs "every loop is in a target construct, under MANDATORY" } */

#include "clause-check.h"

/* The scan of x into y, the output mapped first.  */
static void
out_first (long *y, const long *x, long n)
{
#pragma omp target data map(tofrom: y[0:n]) map(to: x[0:n])
#pragma omp target map(tofrom: y[0:n]) map(to: x[0:n])
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
}

/* The same, the input mapped first and the output `from'.  */
static void
in_first (long *y, const long *x, long n)
{
#pragma omp target data map(to: x[0:n]) map(from: y[0:n])
#pragma omp target
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
}

/* The output `from' first, then the input.  */
static void
from_first (long *y, const long *x, long n)
{
#pragma omp target data map(from: y[0:n]) map(to: x[0:n])
#pragma omp target
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
}

/* `enter' and `exit data', each with both items.  */
static void
enter_exit (long *y, const long *x, long n)
{
#pragma omp target enter data map(alloc: y[0:n]) map(to: x[0:n])
#pragma omp target
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
#pragma omp target exit data map(from: y[0:n]) map(release: x[0:n])
}

/* An inclusive inscan loop, as a library's inclusive_scan (first, last,
   d_first) writes it.  */
static void
inscan (long *y, const long *x, long n)
{
  long s = 0;
#pragma omp target data map(from: y[0:n]) map(to: x[0:n])
#pragma omp target map(tofrom: s)
#pragma omp parallel for reduction(inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive(s)
      y[i] = s;
    }
}

/* The output, from y[1], inside the input's section, which holds it.  */
static void
inside (long *y, const long *x, long n)
{
#pragma omp target data map(to: x[0:n]) map(from: y[1:n-1])
#pragma omp target
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i];
}

typedef void (*scan_fn) (long *, const long *, long);

int
main (void)
{
  static const struct { const char *name; scan_fn fn; } ways[] = {
    { "out_first", out_first }, { "in_first", in_first },
    { "from_first", from_first }, { "enter_exit", enter_exit },
    { "inscan", inscan }, { "inside", inside } };
  static const long ns[] = { 2, 1001, 300007 };
  for (unsigned s = 0; s < sizeof ns / sizeof *ns; s++)
    {
      long n = ns[s];
      long *a = malloc (n * sizeof *a), *want = malloc (n * sizeof *want);
      for (unsigned w = 0; w < sizeof ways / sizeof *ways; w++)
        {
          for (long i = 0; i < n; i++)
            a[i] = want[i] = (long) (rnd () % 2001) - 1000;
          for (long i = 1; i < n; i++)
            want[i] += want[i-1];
          ways[w].fn (a, a, n);
          for (long i = 0; i < n; i++)
            if (a[i] != want[i])
              FAIL ("%s, %ld elements: element %ld is %ld, not %ld",
                    ways[w].name, n, i, a[i], want[i]);
        }

      /* Nested: the inner region's `from' finds the data held by the
         outer `to', so nothing comes back at its end, nor at the outer
         one's; `target update' brings the scan back.  */
      for (long i = 0; i < n; i++)
        a[i] = want[i] = (long) (rnd () % 2001) - 1000;
#pragma omp target data map(to: a[0:n])
      {
#pragma omp target data map(from: a[0:n])
#pragma omp target
#pragma omp parallel for scan(+: a)
        for (long i = 1; i < n; i++)
          a[i] = a[i-1] + a[i];
        for (long i = 0; i < n; i++)
          if (a[i] != want[i])
            FAIL ("nested, %ld elements: element %ld is %ld after the "
                  "inner region, not %ld as before it", n, i, a[i],
                  want[i]);
        for (long i = 1; i < n; i++)
          want[i] += want[i-1];
#pragma omp target update from(a[0:n])
      }
      for (long i = 0; i < n; i++)
        if (a[i] != want[i])
          FAIL ("nested, %ld elements: element %ld is %ld, not %ld", n, i,
                a[i], want[i]);
      free (a);
      free (want);
    }
  puts ("scans in place in data constructs checked");
  return 0;
}
/* { dg-output "scans in place in data constructs checked" } */
