// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
/* -fplugin-arg-scanomp-verbose on scan variables of classes that C++
   copies by calls: one whose copies copy each field and whose destructor
   does nothing is taken; one whose copy counts copies, skips a field or
   whose destructor does something, or whose default constructor (a
   private copy's start) stores other than constants, is left to GCC,
   with a note naming the member.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-scanomp-verbose" } */

long copies;
int start;

struct Good
{
  Good () : s (0) {}
  Good (const Good &o) : s (o.s) {}
  Good &operator= (const Good &o) { s = o.s; return *this; }
  ~Good () {}
  long s;
};

struct Counted
{
  Counted () : s (0) {}
  Counted (const Counted &o) : s (o.s) { copies++; }
  ~Counted () {}
  long s;
};

struct Partial
{
  Partial () : s (0), t (0) {}
  Partial (const Partial &o) : s (o.s), t (0) {}
  long s, t;
};

struct Loud
{
  Loud () : s (0) {}
  ~Loud () { copies--; }
  long s;
};

struct Started
{
  Started () : s (start) {}
  long s;
};

#pragma omp declare reduction (+: Good: omp_out.s += omp_in.s)
#pragma omp declare reduction (+: Counted: omp_out.s += omp_in.s)
#pragma omp declare reduction (+: Partial: omp_out.s += omp_in.s)
#pragma omp declare reduction (+: Loud: omp_out.s += omp_in.s)
#pragma omp declare reduction (+: Started: omp_out.s += omp_in.s)

void
scan_good (long *y, const long *x, long n, Good &r)
{
#pragma omp parallel for reduction(inscan, +: r) /* { dg-message "this inscan loop runs on the host path" } */
  for (long i = 0; i < n; i++)
    {
      r.s += x[i];
#pragma omp scan inclusive(r)
      y[i] = r.s;
    }
}

void
scan_counted (long *y, const long *x, long n, Counted &r)
{
#pragma omp parallel for reduction(inscan, +: r) /* { dg-message "'r' is of a class with a copy that does more than copy each field \\(Counted::Counted\\(const Counted&\\)\\), where the kernels copy bit by bit; make each copy copy each field and the destructor do nothing, or the class trivially copyable" } */
  for (long i = 0; i < n; i++)
    {
      r.s += x[i];
#pragma omp scan inclusive(r)
      y[i] = r.s;
    }
}

void
scan_partial (long *y, const long *x, long n, Partial &r)
{
#pragma omp parallel for reduction(inscan, +: r) /* { dg-message "'r' is of a class with a copy that does more than copy each field \\(Partial::Partial\\(const Partial&\\)\\)" } */
  for (long i = 0; i < n; i++)
    {
      r.s += x[i];
#pragma omp scan inclusive(r)
      y[i] = r.s;
    }
}

void
scan_loud (long *y, const long *x, long n, Loud &r)
{
#pragma omp parallel for reduction(inscan, +: r) /* { dg-message "'r' is of a class whose destructor does something \\(Loud::~Loud\\(\\)\\)" } */
  for (long i = 0; i < n; i++)
    {
      r.s += x[i];
#pragma omp scan inclusive(r)
      y[i] = r.s;
    }
}

void
scan_started (long *y, const long *x, long n, Started &r)
{
#pragma omp parallel for reduction(inscan, +: r) /* { dg-message "'r' is of a class whose default constructor, which starts each iteration's copy, does more than store a constant in each field" } */
  for (long i = 0; i < n; i++)
    {
      r.s += x[i];
#pragma omp scan inclusive(r)
      y[i] = r.s;
    }
}
