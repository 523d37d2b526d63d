/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Code that only uses the name scan, OpenMP's own scan directive, and
   loops without the clause, all compile as they would without the
   plugin.  */
/* { dg-do compile } */

struct record { int scan; int (*scanner) (int); };

static int
scan (int a)
{
  return a * 2;
}

int
use_names (struct record *r, int scan_count)
{
  int scan_total = scan (r->scan) + scan_count;
  r->scanner = scan;
  return scan_total + r->scanner (1);
}

void
standard_scan (int *y, const int *x, int n)
{
  int s = 0;
#pragma omp parallel for reduction (inscan, +: s)
  for (int i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive (s)
      y[i] = s;
    }
}

void
plain_loop (int *y, const int *x, int n)
{
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[i] = x[i] * 2;
}
