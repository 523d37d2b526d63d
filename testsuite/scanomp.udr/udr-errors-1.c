/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* What a user type or operator cannot hold on the device, each refused
   where it is written, in target loops: bit-fields, pointers, _Bool and
   packed layouts in the element type; recursion, variable arguments and
   globals in the functions called (outside target, the host path takes
   such loops: g1, g2).  Then, for every loop: a function defined
   elsewhere, whose effects the plugin cannot see; a type the operator is
   not declared for; several arrays in a clause with a user-defined
   operator.  */
/* { dg-do compile } */

typedef struct { int x : 4; int y; } Bits; /* { dg-error "field 'x' of 'Bits' is a bit-field" } */
typedef struct { int *p; int y; } Ptr; /* { dg-error "field 'p' of 'Ptr' is a pointer" } */
typedef struct { _Bool b; int y; } Flag; /* { dg-error "field 'b' of 'Flag' is a '_Bool'" } */
typedef struct __attribute__ ((packed)) { char c; int y; } Packed; /* { dg-error "'Packed' is not laid out naturally" } */
typedef struct { long a; long b; } Two;

#define OP(T, NAME)                                                         \
  static T NAME (T a, T b) { T r = b; r.y += a.y; return r; }
OP (Bits, bits_op)
OP (Ptr, ptr_op)
OP (Flag, flag_op)
OP (Packed, packed_op)

#pragma omp declare scan(bits_op : Bits : omp_out = bits_op (omp_out, omp_in)) initializer(omp_priv = (Bits) { 0, 0 })
#pragma omp declare scan(ptr_op : Ptr : omp_out = ptr_op (omp_out, omp_in)) initializer(omp_priv = (Ptr) { 0, 0 })
#pragma omp declare scan(flag_op : Flag : omp_out = flag_op (omp_out, omp_in)) initializer(omp_priv = (Flag) { 0, 0 })
#pragma omp declare scan(packed_op : Packed : omp_out = packed_op (omp_out, omp_in)) initializer(omp_priv = (Packed) { 0, 0 })

static Two
rec (Two a, Two b)
{
  if (b.a > 1)
    {
      b.a--;
      return rec (a, b); /* { dg-error "'rec' is recursive" } */
    }
  Two r = { a.a + b.a, a.b + b.b };
  return r;
}

static Two
var (Two a, ...)
{
  return a;
}

static Two
two_var (Two a, Two b)
{
  return var (a, b); /* { dg-error "the scan calls 'var', which takes variable arguments" } */
}

Two external (Two a, Two b);

long scale;

static Two
global (Two a, Two b)
{
  Two r = { a.a + b.a * scale, a.b + b.b }; /* { dg-error "'global' reads 'scale', which is not on the OpenCL device" } */
  return r;
}

#pragma omp declare scan(rec : Two : omp_out = rec (omp_out, omp_in)) initializer(omp_priv = (Two) { 0, 0 })
#pragma omp declare scan(var : Two : omp_out = two_var (omp_out, omp_in)) initializer(omp_priv = (Two) { 0, 0 })
#pragma omp declare scan(ext : Two : omp_out = external (omp_out, omp_in)) initializer(omp_priv = (Two) { 0, 0 })
#pragma omp declare scan(glob : Two : omp_out = global (omp_out, omp_in)) initializer(omp_priv = (Two) { 0, 0 })
static Two
plain (Two a, Two b)
{
  Two r = { a.a + b.a, a.b ^ b.b };
  return r;
}

#pragma omp declare scan(orig : Two : omp_out = plain (omp_out, omp_in)) initializer(omp_priv = omp_orig)

void
f1 (Bits *t, Bits *h, int n)
{
#pragma omp target parallel for scan(bits_op : t)
  for (int i = 1; i < n; i++)
    t[i] = bits_op (t[i-1], h[i-1]);
}

void
f2 (Ptr *t, Ptr *h, int n)
{
#pragma omp target parallel for scan(ptr_op : t)
  for (int i = 1; i < n; i++)
    t[i] = ptr_op (t[i-1], h[i-1]);
}

void
f3 (Flag *t, Flag *h, int n)
{
#pragma omp target parallel for scan(flag_op : t)
  for (int i = 1; i < n; i++)
    t[i] = flag_op (t[i-1], h[i-1]);
}

void
f4 (Packed *t, Packed *h, int n)
{
#pragma omp target parallel for scan(packed_op : t)
  for (int i = 1; i < n; i++)
    t[i] = packed_op (t[i-1], h[i-1]);
}

void
f5 (Two *t, Two *h, int n)
{
#pragma omp target parallel for scan(rec : t)
  for (int i = 1; i < n; i++)
    t[i] = rec (t[i-1], h[i-1]);
}

void
f6 (Two *t, Two *h, int n)
{
#pragma omp target parallel for scan(var : t)
  for (int i = 1; i < n; i++)
    t[i] = two_var (t[i-1], h[i-1]);
}

void
f7 (Two *t, Two *h, int n)
{
#pragma omp target parallel for scan(ext : t)
  for (int i = 1; i < n; i++)
    t[i] = external (t[i-1], h[i-1]); /* { dg-error "calls 'external', which is not defined in this unit" } */
}

void
f8 (Two *t, Two *h, int n)
{
#pragma omp target parallel for scan(glob : t)
  for (int i = 1; i < n; i++)
    t[i] = global (t[i-1], h[i-1]);
}

/* Outside target, the same loops take the host path: no error.  */
void
g1 (Bits *t, Bits *h, int n)
{
#pragma omp parallel for scan(bits_op : t)
  for (int i = 1; i < n; i++)
    t[i] = bits_op (t[i-1], h[i-1]);
}

void
g2 (Two *t, Two *h, int n)
{
#pragma omp parallel for scan(rec : t)
  for (int i = 1; i < n; i++)
    t[i] = rec (t[i-1], h[i-1]);
}

void
f9 (Two *t, Two *h, int n)
{
#pragma omp parallel for scan(orig : t) /* { dg-error "the initializer of 'orig' reads 'omp_orig'" } */
  for (int i = 1; i < n; i++)
    t[i] = plain (t[i-1], h[i-1]);
}

void
f10 (Two *t, Two *h, int n)
{
#pragma omp parallel for scan(glob : t) /* { dg-error "the loop does not update 't' as 't.i. = global .t.i-1., ....', the combiner of 'glob'" } */
  for (int i = 1; i < n; i++)
    t[i] = rec (t[i-1], h[i-1]);
}

void
f11 (Two *t, Two *h, int n)
{
#pragma omp parallel for scan(glob : t) /* { dg-error "the loop does not update 't' as 't.i. = global .t.i-1., ....', the combiner of 'glob'" } */
  for (int i = 1; i < n; i++)
    t[i] = global (h[i-1], t[i-1]);
}

/* Our note follows GCC's error on the clause's line.  */
/* { dg-message "no 'glob' is declared for elements of type 'Bits'" "" { target *-*-* } 188 } */
void
f12 (Bits *t, Bits *h, int n)
{
#pragma omp parallel for scan(glob : t) /* { dg-error "user defined reduction not found" } */
  for (int i = 1; i < n; i++)
    t[i] = bits_op (t[i-1], h[i-1]);
}

void
f13 (Two *t, Two *h, int n)
{
#pragma omp parallel for scan(* : t) /* { dg-error "'t' has elements of type 'Two', for which no '.' is declared" } */
  for (int i = 1; i < n; i++)
    t[i] = global (t[i-1], h[i-1]);
}

void
f14 (Two *t, Two *u, Two *h, int n)
{
#pragma omp parallel for scan(glob : t, u) /* { dg-error "a 'scan' clause with a user-defined operator scans one array" } */
  for (int i = 1; i < n; i++)
    {
      t[i] = global (t[i-1], h[i-1]);
      u[i] = global (u[i-1], h[i-1]);
    }
}

/* `+' declared for Two is still the built-in + over arrays of numbers,
   one or several.  */
#pragma omp declare scan(+ : Two : omp_out = plain (omp_out, omp_in)) initializer(omp_priv = (Two) { 0, 0 })

void
f15 (long *a, long *b, const long *x, int n)
{
#pragma omp parallel for scan(+ : a, b)
  for (int i = 1; i < n; i++)
    {
      a[i] = a[i-1] + x[i-1];
      b[i] = b[i-1] + 2 * x[i-1];
    }
#pragma omp parallel for scan(+ : a)
  for (int i = 1; i < n; i++)
    a[i] = a[i-1] + x[i-1];
}
