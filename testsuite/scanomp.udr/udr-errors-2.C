// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// C++ constructs that cannot go to the device, refused where they are
// written: an operator taking the array element by non-const reference;
// a class with virtual functions, which C++ copies with a call.  (A
// std::vector indexed in the loop is taken: clause-run-cxx-1.C.)
// { dg-do compile }

struct Mutable
{
  long v;
  Mutable operator* (Mutable &o) { o.v++; Mutable r = { v * o.v }; return r; }
};
#pragma omp declare scan(* : Mutable : omp_out = omp_out * omp_in) initializer(omp_priv = Mutable { 1 })

struct Virtual
{
  long v;
  virtual ~Virtual () {}
};
static Virtual
vmul (Virtual a, Virtual b)
{
  Virtual r;
  r.v = a.v * b.v;
  return r;
}
#pragma omp declare scan(vmul : Virtual : omp_out = vmul (omp_out, omp_in)) initializer(omp_priv = Virtual ())

void
f1 (Mutable *t, Mutable *h, int n)
{
#pragma omp parallel for scan(* : t)
  for (int i = 1; i < n; i++)
    t[i] = t[i-1] * h[i-1]; // { dg-error "passes 'Mutable Mutable::operator.\\(Mutable&\\)' a pointer it may write through" }
}

void
f2 (Virtual *t, Virtual *h, int n)
{
#pragma omp parallel for scan(vmul : t)
  for (int i = 1; i < n; i++)
    t[i] = vmul (t[i-1], h[i-1]); // { dg-error "copies 'Virtual' with '.*operator=.*', which the device cannot run" }
}
