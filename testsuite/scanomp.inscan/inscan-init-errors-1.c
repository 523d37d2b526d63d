/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Misuse of `#pragma omp scan init_complete' gets a located error that
   says what to write: two in a loop, one after the inclusive or exclusive
   directive, one with no such directive after it, a non-constant or
   junk argument, an exclusive scan's phase in a loop the plugin does not
   take (GCC would run it without the phase), a phase that reads a scan
   variable or stores to memory.  Correct uses get no warning, not even
   -Wunknown-pragmas'.  The phases before the inclusive or exclusive
   directive are blocks, as GCC 11's parser wants.  */
/* { dg-do compile } */
/* { dg-options "-Wall" } */

void
two (int *c, int *y, int n)
{
  int x = 0, t;
#pragma omp parallel for reduction(inscan, +: x) private(t)
  for (int k = 0; k < n; k++)
    {
      {
        t = c[k];
#pragma omp scan init_complete /* { dg-message "the first is here" } */
        y[k] = x;
#pragma omp scan init_complete /* { dg-error "a second '#pragma omp scan init_complete' before '#pragma omp scan inclusive' or 'exclusive': a loop has one initialization phase" } */
        y[k] += 1;
      }
#pragma omp scan exclusive(x)
      x += t;
    }
}

void
after (int *c, int *y, int n)
{
  int x = 0, t;
#pragma omp parallel for reduction(inscan, +: x) private(t)
  for (int k = 0; k < n; k++)
    {
      {
        t = c[k];
        y[k] = x;
      }
#pragma omp scan exclusive(x) /* { dg-message "'#pragma omp scan exclusive' is here" } */
      x += t;
#pragma omp scan init_complete /* { dg-error "'#pragma omp scan init_complete' after '#pragma omp scan exclusive': the initialization phase comes first in the loop body; move this directive above that one" } */
    }
}

int
alone (int *c, int n)
{
  int x = 0;
#pragma omp parallel for reduction(+: x)
  for (int k = 0; k < n; k++)
    {
      x += c[k];
#pragma omp scan init_complete /* { dg-error "'#pragma omp scan init_complete' with no '#pragma omp scan inclusive' or 'exclusive' after it" } */
    }
  return x;
}

void
argument (int *c, int *y, int n)
{
  int x = 0, t;
#pragma omp parallel for reduction(inscan, +: x) private(t)
  for (int k = 0; k < n; k++)
    {
      {
        t = c[k];
#pragma omp scan init_complete(n > 0) /* { dg-error "expected '#pragma omp scan init_complete', or 'init_complete.1.', or 'init_complete.0.' for no initialization phase" } */
        y[k] = x;
      }
#pragma omp scan exclusive(x)
      x += t;
    }
  x = 0;
#pragma omp parallel for reduction(inscan, +: x) private(t)
  for (int k = 0; k < n; k++)
    {
      {
        t = c[k];
#pragma omp scan init_complete junk /* { dg-error "expected '#pragma omp scan init_complete'" } */
        y[k] = x;
      }
#pragma omp scan exclusive(x)
      x += t;
    }
}

void
simd_alone (int *c, int *y, int n)
{
  int x = 0, t;
#pragma omp simd reduction(inscan, +: x) private(t)
  for (int k = 0; k < n; k++)
    {
      {
        t = c[k];
#pragma omp scan init_complete /* { dg-error "GCC does not implement the initialization phase of an exclusive scan, and the plugin takes it only where it takes the loop: under 'parallel for', 'for' or 'target'" } */
        y[k] = x;
      }
#pragma omp scan exclusive(x)
      x += t;
    }
}

void
reads_scan_var (int *c, int *y, int n)
{
  int x = 0, t;
#pragma omp parallel for reduction(inscan, +: x) private(t)
  for (int k = 0; k < n; k++)
    {
      {
        t = c[k] + x; /* { dg-error "the initialization phase uses 'x', a scan variable, which has no value of the scan there" } */
#pragma omp scan init_complete
        y[k] = x;
      }
#pragma omp scan exclusive(x)
      x += t;
    }
}

void
stores (int *c, int *y, int n)
{
  int x = 0, t;
#pragma omp parallel for reduction(inscan, +: x) private(t)
  for (int k = 0; k < n; k++)
    {
      {
        t = c[k];
        c[k] = 0; /* { dg-error "cannot run this loop, whose exclusive scan has an initialization phase, which GCC does not implement: its initialization phase stores to memory" } */
#pragma omp scan init_complete
        y[k] = x;
      }
#pragma omp scan exclusive(x)
      x += t;
    }
}

/* Correct: no diagnostic at all.  */
void
fine (int *c, int *y, int n)
{
  int x = 0, t;
#pragma omp parallel for reduction(inscan, +: x) private(t)
  for (int k = 0; k < n; k++)
    {
      {
        t = c[k];
#pragma omp scan init_complete
        y[k] = x;
      }
#pragma omp scan exclusive(x)
      x += t;
    }
#pragma omp parallel for reduction(inscan, +: x) private(t)
  for (int k = 0; k < n; k++)
    {
      {
        t = c[k];
#pragma omp scan init_complete
        x += t;
      }
#pragma omp scan inclusive(x)
      y[k] = x;
    }
}

#pragma omp unknown_thing /* { dg-warning "ignoring '#pragma omp unknown_thing'" } */
