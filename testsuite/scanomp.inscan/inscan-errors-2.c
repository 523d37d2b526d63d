/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A bare `#pragma omp scan' (no inclusive or exclusive clause) gets GCC's
   error, and the rest of the file is still parsed: the errors after it
   are reported too.  With the plugin, GCC's error does not land on the
   pragma's line: the pragma's end of line carries a stale location
   (see names_omp_directive in clause.cc), on GCC 11 to 13 that of the
   last token before the pragma, from GCC 14 on the start of the line
   after it.  So the error is checked for on any line.  */
/* { dg-do compile } */

void
f (int *y, const int *x, int n)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s) /* { dg-error "'s' specified in 'inscan' 'reduction' clause but not in 'scan' directive clause" } */
  for (int i = 0; i < n; i++)
    {
      s += x[i]; /* { dg-error "expected 'inclusive' or 'exclusive' clause before end of line" "on any line" { target *-*-* } 0 } */
#pragma omp scan
      y[i] = s;
    }
}

void
g (void)
{
  undeclared_after_the_scan++; /* { dg-error "'undeclared_after_the_scan' undeclared" } */
}
