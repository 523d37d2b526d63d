/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The -verbose notes of inscan loops over a pointer (rewrite/index.cc):
   taken where the pointer steps by one element, and where its index
   `p - a' is the only use of `a' (read as the index's bytes alone);
   left to GCC, the note naming the user's pointer (not the plugin's own
   index), where it steps by two, or where it is counted from another
   pointer (`p - c': `a - c', as the index reads it once `p' is `a'
   and a position).  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-scanomp-verbose" } */

int
taken (int *b, int *a, long n)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s) /* { dg-message "this inscan loop runs on the host path" } */
  for (int *p = a; p < a + n; p++)
    {
      s += *p;
#pragma omp scan inclusive(s)
      b[p - a] = s;
    }
  return s;
}

int
two_steps (int *b, int *a, long n)
{
  int s = 0;
#pragma omp parallel for reduction(inscan, +: s) /* { dg-message "left to GCC's own implementation: its pointer 'p' steps by 8 bytes; a scan loop steps by one element, as in 'p\\+\\+'" } */
  for (int *p = a; p < a + n; p += 2)
    {
      s += *p;
#pragma omp scan inclusive(s)
      b[p - a] = s;
    }
  return s;
}

long
distance_only (int *a, const int *x, long *b, long n)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s) /* { dg-message "this inscan loop runs on the host path" } */
  for (int *p = a; p < a + n; p++)
    {
      s += x[p - a];
#pragma omp scan inclusive(s)
      b[p - a] = s;
    }
  return s;
}

long
other_base (int *a, int *c, const int *x, long *b, long n)
{
  long s = 0;
#pragma omp parallel for reduction(inscan, +: s) /* { dg-message "left to GCC's own implementation: it uses the pointer 'a' as a value, not to reach an element of an array; compute what it gives before the loop" } */
  for (int *p = a; p < a + n; p++)
    {
      s += x[p - c];
#pragma omp scan inclusive(s)
      b[p - a] = s;
    }
  return s;
}
