/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Misuse of an inscan reduction on a construct GCC rejects inscan on
   (the scanomp extension) gets a located error that says what to write,
   and no crash: the directive inside an `if' of the body, a variable of
   the reduction missing from the directive's list, one in the list with
   no reduction, a directive with no list, a construct whose loop has no directive, `teams' with no
   loop, a loop the plugin cannot take (a call to a function the unit
   does not define).  -Wpedantic names the extension where it is
   taken.  */
/* { dg-do compile } */
/* { dg-options "-Wpedantic" } */

extern int undefined (int);

void
nested (int *a, int *b, int n)
{
  int s = 0;
#pragma omp target teams distribute parallel for reduction(inscan, +: s) map(to: a[:n]) map(from: b[:n])
  for (int i = 0; i < n; i++)
    {
      s += a[i];
      if (n > 3)
        {
#pragma omp scan inclusive(s) /* { dg-error "'#pragma omp scan' stands inside a statement of its loop body; it belongs in the loop body itself" } */
          b[i] = s;
        }
    }
}

void
unlisted (int *a, int *b, int n)
{
  int s = 0, t = 0;
#pragma omp target teams distribute parallel for reduction(inscan, +: s, t) map(to: a[:n]) map(from: b[:n])
  for (int i = 0; i < n; i++)
    {
      s += a[i];
      t += a[i];
#pragma omp scan inclusive(s) /* { dg-error "'t' has an 'inscan' reduction but is not in the list of '#pragma omp scan'; add it" } */
      b[i] = s + t;
    }
}

void
unreduced (int *a, int *b, int n)
{
  int s = 0, t = 0;
#pragma omp target teams distribute parallel for reduction(inscan, +: s) map(to: a[:n]) map(from: b[:n])
  for (int i = 0; i < n; i++)
    {
      s += a[i];
#pragma omp scan inclusive(s, t) /* { dg-error "'t' is in the list of '#pragma omp scan' but in no 'inscan' reduction of its loop" } */
      b[i] = s + t;
    }
}

void
no_list (int *a, int *b, int n)
{
  int s = 0;
#pragma omp target teams distribute parallel for reduction(inscan, +: s) map(to: a[:n]) map(from: b[:n])
  for (int i = 0; i < n; i++)
    {
      s += a[i];
#pragma omp scan inclusive /* { dg-error "'s' has an 'inscan' reduction but is not in the list of '#pragma omp scan'; add it" } */
      b[i] = s;
    }
}

void
no_directive (int *a, int *b, int n)
{
  int s = 0;
#pragma omp target teams distribute parallel for reduction(inscan, +: s) map(to: a[:n]) map(from: b[:n]) /* { dg-error "an 'inscan' reduction on this construct needs a loop with '#pragma omp scan' between the two phases of its body" } */
  for (int i = 0; i < n; i++)
    {
      s += a[i];
      b[i] = s;
    }
}

int
no_loop (int *a)
{
  int s = 0;
#pragma omp target teams reduction(inscan, +: s) map(to: a[:1]) /* { dg-error "an 'inscan' reduction on this construct needs a loop" } */
  s += a[0];
  return s;
}

void
untaken (int *a, int *b, int n)
{
  int s = 0;
#pragma omp target teams distribute parallel for reduction(inscan, +: s) map(to: a[:n]) map(from: b[:n]) /* { dg-message "for this inscan loop" } */
  for (int i = 0; i < n; i++)
    {
      s += undefined (a[i]); /* { dg-error "this inscan loop calls 'undefined', which is not defined in this unit" } */
#pragma omp scan inclusive(s)
      b[i] = s;
    }
}

void
taken (int *a, int *b, int n)
{
  int s = 0;
#pragma omp target teams distribute parallel for reduction(inscan, +: s) map(to: a[:n]) map(from: b[:n]) /* { dg-warning "an 'inscan' reduction on a construct with 'target', 'teams' or 'distribute' is a scanomp extension, which GCC alone rejects" } */
  for (int i = 0; i < n; i++)
    {
      s += a[i];
#pragma omp scan inclusive(s)
      b[i] = s;
    }
}
