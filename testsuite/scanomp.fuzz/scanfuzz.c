/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* scanfuzz: the differential fuzzer's program generator (fuzz.exp runs
   it; `make fuzz' runs a campaign).

     scanfuzz SEED LOOPS      a C program of LOOPS random scan loops
     scanfuzz -x SEED LOOPS   the same in C++ as C++ people write it
     scanfuzz -n SEED         a C file of loops the plugin must refuse

   Each loop of a program is written twice from one body: as a scan loop
   (the scan clause, or an inscan reduction with #pragma omp scan) in
   fz_scan_K, and as the plain sequential loop, its reference, in
   fz_ref_K.  fz_run_K fills the inputs from a seeded generator, runs both
   over copies of the same data, and compares every array and variable
   either may write, in full: bit for bit for integers and structs, within
   FZ_FTOL (float) and FZ_DTOL (double) relative for floating types.  The
   inputs keep the sequential loop's C semantics defined (no signed
   overflow) and make `+', `-' and `*' over floating types exact in any
   order (multiples of 1/4, powers of two), so reassociation is no excuse.
   With the argument `big' every loop runs above the host cutoff.  A
   loop that reads its input x at x[i] alone is sometimes called in
   place, its output y passed as x (reads_x_at_i); in C++ the two views
   of that array are pointers in a target construct, and elsewhere may
   be copies.

   In C++ (-x), fz_scan_K reaches each array through a form of its own
   (cxx_views): the pointer, a std::vector copied in and out, its
   iterator, a std::unique_ptr<T[]>, or an accessor class of the
   program's own, fz_view; the arrays a scan clause names as a pointer or
   a vector, and every array as a pointer in a target construct.  min and
   max update by std::min and std::max too, + by std::plus and a lambda,
   and an inscan loop's scan variable is sometimes a reference.  The
   reference, fz_ref_K, keeps the pointers.  In C an inscan loop
   sometimes steps a pointer over y, its index i then `p - y'.  The
   program prints "scanfuzz: N loops checked" and exits 0, or names each
   loop, array and first element that differ, and exits 1.

   The program's first line says how many loops and kernels (one per array
   of a scan clause, one per inscan loop) the plugin must offload, and
   how many inscan loops, which have no kernel, it must take on the host
   path for an input phase that stores.  The
   negative file's first line lists, for each of its functions, the lines
   it spans: the plugin must report an error within each span, and no
   other.  */

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-gen.h"

/* Where the program goes (the first pass only counts), and the lines
   printed so far.  */
static FILE *dest;
static int lines;

/* Whether the program is C++ (-x).  */
static int cxx;

static void
out (const char *fmt, ...)
{
  struct text t = { .len = 0 };
  va_list ap;
  va_start (ap, fmt);
  t.len = vsnprintf (t.s, sizeof t.s, fmt, ap);
  va_end (ap);
  for (const char *p = t.s; *p; p++)
    lines += *p == '\n';
  if (dest)
    fputs (t.s, dest);
}

/* Element types.  */
enum kind { K_SIGNED, K_UNSIGNED, K_FLOAT, K_USER };
struct type
{
  const char *name;
  enum kind kind;
  int bytes;
};

static const struct type types[] = {
  { "signed char", K_SIGNED, 1 }, { "unsigned char", K_UNSIGNED, 1 },
  { "short", K_SIGNED, 2 }, { "unsigned short", K_UNSIGNED, 2 },
  { "int", K_SIGNED, 4 }, { "unsigned", K_UNSIGNED, 4 },
  { "long", K_SIGNED, 8 }, { "unsigned long", K_UNSIGNED, 8 },
  { "long long", K_SIGNED, 8 }, { "unsigned long long", K_UNSIGNED, 8 },
  { "float", K_FLOAT, 4 }, { "double", K_FLOAT, 8 },
};
#define NINTS 10

/* User-defined operators, all associative and none commutative: affine
   maps composed and 2x2 matrices multiplied (over unsigned, which wraps),
   and the first maximum with its index.  Each has a `declare scan' (NAME_s)
   and a `declare reduction' (NAME_r).  */
static const struct user
{
  struct type t;
  const char *prefix;   /* aff: aff_then, aff_make, aff_eq */
  const char *combine;
  const char *make;     /* a value from the inputs at i */
  const char *fill;     /* a value from a random r */
} users[] = {
  { { "Aff", K_USER, 8 }, "aff", "aff_then", "aff_make (x[i], w[i])",
    "aff_make (r, r >> 32)" },
  { { "Mat", K_USER, 32 }, "mat", "mat_mul", "mat_make (x[i], w[i])",
    "mat_make (r & 15, r >> 60)" },
  { { "Best", K_USER, 16 }, "best", "best_of",
    "best_make ((int) (x[i] % 1000), (long) i)",
    "best_make ((int) (r % 1000), (long) (r >> 40))" },
};

static const char prelude[] =
  "#include <math.h>\n"
  "#include <stdio.h>\n"
  "#include <stdlib.h>\n"
  "#include <string.h>\n"
  "#define FZ_FTOL 1e-5\n"
  "#define FZ_DTOL 1e-11\n"
  "static unsigned long long fz_state;\n"
  "static int fz_bad;\n"
  "static unsigned long long fz_rnd (void)\n"
  "{\n"
  "  unsigned long long z = (fz_state += 0x9e3779b97f4a7c15ULL);\n"
  "  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;\n"
  "  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;\n"
  "  return z ^ (z >> 31);\n"
  "}\n"
  "static void *fz_alloc (long n)\n"
  "{\n"
  "  void *p = calloc (n > 0 ? n : 1, 1);\n"
  "  if (!p)\n"
  "    abort ();\n"
  "  return p;\n"
  "}\n"
  "static int fz_close (double a, double b, double tol)\n"
  "{\n"
  "  return a == b || fabs (a - b) <= tol * fabs (b) || (isnan (a) && isnan (b));\n"
  "}\n"
  "#if __GNUC__ >= 16 /* deprecated since OpenMP 5.2 */\n"
  "#pragma GCC diagnostic ignored \"-Wdeprecated-openmp\"\n"
  "#endif\n"
  "#pragma omp declare target\n"
  "typedef struct { unsigned m, c; } Aff;\n"
  "typedef struct { unsigned long e[2][2]; } Mat;\n"
  "typedef struct { int v; long at; } Best;\n"
  "static Aff aff_then (Aff f, Aff g)\n"
  "{\n"
  "  Aff r = { f.m * g.m, f.c * g.m + g.c };\n"
  "  return r;\n"
  "}\n"
  "static Aff aff_make (unsigned m, unsigned c)\n"
  "{\n"
  "  Aff r = { m | 1, c };\n"
  "  return r;\n"
  "}\n"
  "static Mat mat_mul (Mat a, Mat b)\n"
  "{\n"
  "  Mat r;\n"
  "  for (int i = 0; i < 2; i++)\n"
  "    for (int j = 0; j < 2; j++)\n"
  "      {\n"
  "        unsigned long s = 0;\n"
  "        for (int k = 0; k < 2; k++)\n"
  "          s += a.e[i][k] * b.e[k][j];\n"
  "        r.e[i][j] = s;\n"
  "      }\n"
  "  return r;\n"
  "}\n"
  "static Mat mat_make (unsigned long p, unsigned long q)\n"
  "{\n"
  "  Mat r = { { { p, q & 7 }, { p ^ q, 1 } } };\n"
  "  return r;\n"
  "}\n"
  "static Mat mat_one (void)\n"
  "{\n"
  "  Mat r = { { { 1, 0 }, { 0, 1 } } };\n"
  "  return r;\n"
  "}\n"
  "static Best best_of (Best a, Best b)\n"
  "{\n"
  "  return b.v > a.v ? b : a;\n"
  "}\n"
  "static Best best_make (int v, long at)\n"
  "{\n"
  "  Best r = { v, at };\n"
  "  return r;\n"
  "}\n"
  "#pragma omp end declare target\n"
  "#pragma omp declare scan (aff_s : Aff : omp_out = aff_then (omp_out, omp_in)) initializer (omp_priv = aff_make (1, 0))\n"
  "#pragma omp declare reduction (aff_r : Aff : omp_out = aff_then (omp_out, omp_in)) initializer (omp_priv = aff_make (1, 0))\n"
  "#pragma omp declare scan (mat_s : Mat : omp_out = mat_mul (omp_out, omp_in)) initializer (omp_priv = mat_one ())\n"
  "#pragma omp declare reduction (mat_r : Mat : omp_out = mat_mul (omp_out, omp_in)) initializer (omp_priv = mat_one ())\n"
  "#pragma omp declare scan (best_s : Best : omp_out = best_of (omp_out, omp_in)) initializer (omp_priv = best_make (-2147483647 - 1, -1))\n"
  "#pragma omp declare reduction (best_r : Best : omp_out = best_of (omp_out, omp_in)) initializer (omp_priv = best_make (-2147483647 - 1, -1))\n"
  "static int aff_eq (Aff a, Aff b)\n"
  "{\n"
  "  return a.m == b.m && a.c == b.c;\n"
  "}\n"
  "static int mat_eq (Mat a, Mat b)\n"
  "{\n"
  "  return !memcmp (a.e, b.e, sizeof a.e);\n"
  "}\n"
  "static int best_eq (Best a, Best b)\n"
  "{\n"
  "  return a.v == b.v && a.at == b.at;\n"
  "}\n";

/* What a C++ program adds to the prelude: its containers, and an
   accessor class of its own.  */
static const char cxx_prelude[] =
  "#include <algorithm>\n"
  "#include <functional>\n"
  "#include <memory>\n"
  "#include <vector>\n"
  "template <typename T>\n"
  "struct fz_view\n"
  "{\n"
  "  T *p;\n"
  "  T &operator[] (long i) const { return p[i]; }\n"
  "};\n";

/* Operators.  */
enum op { O_ADD, O_SUB, O_MUL, O_AND, O_IOR, O_XOR, O_LAND, O_LOR, O_MIN,
          O_MAX, NOPS, O_USER = NOPS };
static const char *const op_names[] = { "+", "-", "*", "&", "|", "^", "&&",
                                        "||", "min", "max" };

static int
is_float (const struct type *t)
{
  return t->kind == K_FLOAT;
}

/* Is T's arithmetic done in int and narrowed on the store, which GCC
   defines to wrap?  Then no value overflows.  */
static int
is_narrow (const struct type *t)
{
  return t->kind == K_SIGNED && t->bytes < 4;
}

static int
is_bitwise (enum op o)
{
  return o == O_AND || o == O_IOR || o == O_XOR;
}

/* What a scan computes: element type, operator, and the type of the input
   arrays x and w.  */
struct scan
{
  const struct type *t, *x;
  enum op o;
  const struct user *user;
  char op_name[16];
};

static void
random_scan (struct scan *s, int inscan)
{
  memset (s, 0, sizeof *s);
  if (pick (6) == 0)
    {
      s->user = &users[pick (3)];
      s->t = &s->user->t;
      s->o = O_USER;
      s->x = &types[5 + 2 * pick (2)];        /* unsigned, unsigned long */
      snprintf (s->op_name, sizeof s->op_name, "%s_%c", s->user->prefix,
                pick (2) ? 's' : 'r');
      return;
    }
  s->t = &types[pick (12)];
  do
    s->o = pick (NOPS);
  while ((is_float (s->t) && is_bitwise (s->o))
         /* GCC 12 itself stops with an ICE on these (docs/inscan.md).  */
         || (inscan && is_float (s->t) && (s->o == O_LAND || s->o == O_LOR)));
  snprintf (s->op_name, sizeof s->op_name, "%s", op_names[s->o]);
  s->x = s->t;
  if (pick (3) == 0 && (s->o == O_ADD || s->o == O_SUB || is_bitwise (s->o)))
    {
      /* Inputs of another type, whose values convert exactly.  */
      if (is_float (s->t))
        s->x = &types[pick (2) ? 4 : 10 + (s->t->bytes == 4)];
      else
        s->x = &types[pick (NINTS)];
    }
}

/* The fill of an array of type A in scan S, as an expression of a random
   r: keeps signed arithmetic in range and floating point exact.  */
static const char *
fill (const struct type *a, const struct scan *s)
{
  int wide_signed = a->kind == K_SIGNED && !is_narrow (a);
  switch (s->o)
    {
    case O_LAND:
      return "r % 16 != 0";
    case O_LOR:
      return "r % 16 == 0";
    case O_MUL:
      if (is_float (a))
        return "r % 1000 == 0 ? 2 : r % 1000 == 1 ? 0.5 : r % 7 == 0 ? -1 : 1";
      return wide_signed ? "r % 500 == 0 ? 0 : r % 3 == 0 ? -1 : 1" : "r | 1";
    case O_MIN:
    case O_MAX:
      return is_float (a) ? "(double) (long long) (r % 2001 - 1000) / 64"
                          : "(long long) r";
    case O_AND:
      return "r % 97 == 0 ? r : ~(1ULL << r % 24)";
    case O_IOR:
      return "r % 97 == 0 ? r : 1ULL << r % 24";
    case O_XOR:
      return "(long long) r";
    default:
      if (is_float (a))
        return "(double) (long long) (r % 17 - 8) / 4";
      /* Integer inputs of a float scan: small enough that a few hundred
         thousand terms, in quarters, stay within float's 24 bits.  */
      if (is_float (s->t) && s->t->bytes == 4)
        return "(long long) (r % 9) - 4";
      /* Into a wide signed scan, small terms; an unsigned array's are not
         negative, which it would hold as large ones (UBSan found a
         2^20-term int scan of unsigned shorts overflowing).  */
      if (s->t->kind == K_SIGNED && !is_narrow (s->t)
          && a->kind == K_UNSIGNED)
        return "(long long) (r % 101)";
      if (wide_signed || (s->t->kind == K_SIGNED && !is_narrow (s->t)))
        return "(long long) (r % 201) - 100";
      return "(long long) r";
    }
}

/* The row length of `x[i * st + 1]', 2, known at run time alone: the
   inputs hold 2 * ub + 8 elements.  */
static const char stride_decl[] = "  long st = lenx / (ub + 4);\n"
                                  "  (void) st;\n";

/* E(i) for scan S, into BUF: side-effect free, of i, the inputs x and w,
   the scalars a and b and the row length st.  DOWN: the loop runs downwards.  SHORT: the
   index is a 32-bit unsigned, so reads stay at i and i - 1.  */
static void
expr (char *buf, size_t size, const struct scan *s, int down, int short_)
{
  const char *near = down ? "x[i + 1]" : "x[i - 1]";
  const char *f = s->t->bytes == 4 ? "f" : "";
  switch (s->o)
    {
    case O_USER:
      snprintf (buf, size, "%s", s->user->make);
      return;
    case O_MUL:
      snprintf (buf, size, "%s", pick (3) ? "x[i]" : pick (2) ? near
                                 : "(x[i] > 0 ? x[i] : w[i])");
      return;
    case O_LAND:
    case O_LOR:
      snprintf (buf, size, "%s", pick (2) ? "x[i]"
                                 : pick (2) ? "(x[i] != 0 && w[i] != 0)"
                                 : "(x[i] || w[i])");
      return;
    case O_MIN:
    case O_MAX:
      if (is_float (s->t) && pick (2))
        {
          static const char *const fns[] = { "sqrt%s (fabs%s (x[i]))",
            "exp%s (x[i] / 16)", "log%s (fabs%s (x[i]) + 1)",
            "sin%s (x[i])", "cos%s (x[i]) * w[i]",
            "pow%s (fabs%s (x[i]), 0.5%s)", "fmax%s (x[i], w[i])",
            "floor%s (x[i]) + ceil%s (w[i])" };
          /* C++'s <cmath> takes a float x[i] to the float function
             (std::cos (float)), whose OpenCL and libm results may differ
             by an ulp: a double scan asks for double's.  */
          static const char *const doubles[] = {
            "sqrt (fabs ((double) x[i]))", "exp ((double) x[i] / 16)",
            "log (fabs ((double) x[i]) + 1)", "sin ((double) x[i])",
            "cos ((double) x[i]) * w[i]", "pow (fabs ((double) x[i]), 0.5)",
            "fmax ((double) x[i], w[i])",
            "floor ((double) x[i]) + ceil ((double) w[i])" };
          snprintf (buf, size, cxx && !*f ? PICK (doubles) : PICK (fns),
                    f, f, f);
          return;
        }
      /* Fall through.  */
    case O_AND:
    case O_IOR:
    case O_XOR:
      {
        /* No arithmetic: the inputs take any value.  */
        static const char *const forms[] = { "x[i]", "NEAR",
          "(x[i] > w[i] ? x[i] : w[i])", "x[2 * i + 3]", "(x[i] ^ w[i])",
          "(x[i] | w[i])", "(%s) (i & 7)" };
        const char *e = forms[pick (short_ ? 3 : 7)];
        if (!strcmp (e, "NEAR"))
          e = near;
        if (is_float (s->t) && strchr (e, '^'))
          e = "x[i]";
        if (is_float (s->t) && strchr (e, '|'))
          e = "fmin (x[i], w[i])";
        snprintf (buf, size, e, s->t->name);
        return;
      }
    default:
      {
        static const char *const forms[] = { "x[i]", "NEAR",
          "a * x[i] + b", "(x[i] > w[i] ? x[i] : w[i] + b)", "(%s) (i & 7)",
          "x[2 * i + 3]", "x[i + 1] - w[i]", "FLOAT", "x[i * st + 1]" };
        const char *e = forms[pick (short_ ? 5 : 9)];
        if (!strcmp (e, "NEAR"))
          e = near;
        if (!strcmp (e, "FLOAT"))
          {
            static const char *const fns[] = {
              "floor%s (x[i] / 2) + fabs%s (w[i])", "trunc%s (x[i] * 3 / 4)",
              "round%s (x[i]) - ceil%s (w[i])", "fmod%s (x[i], 1)",
              "rint%s (x[i]) + nearbyint%s (w[i])" };
            e = is_float (s->t) ? PICK (fns) : "(x[i] < 0 ? b : x[i])";
            if (is_float (s->t))
              {
                snprintf (buf, size, e, f, f);
                return;
              }
          }
        snprintf (buf, size, e, s->t->name);
        return;
      }
    }
}

/* Append to B the update of Y from PREV (y[i-1] or y[i+1]) and E under
   scan S, in one of the forms of docs/clause.md.  */
static void
update (struct text *b, const char *y, const char *prev, const char *e,
        const struct scan *s)
{
  const char *f = s->t->bytes == 4 ? "f" : "";
  enum op o = s->o;
  if (o == O_USER)
    add (b, "%s = %s (%s, %s);\n", y, s->user->combine, prev, e);
  else if (cxx && (o == O_MIN || o == O_MAX || o == O_ADD) && pick (4) == 0)
    /* C++'s own: std::min, std::max, std::plus; of a choice of two
       lvalues too (`x[i] < 0 ? b : x[i]'), whose address std::max's
       reference takes in branches.  */
    add (b, o == O_ADD ? "%s = std::plus<%s> () (%s, %s);\n"
                       : "%s = std::%s<%s> (%s, %s);\n", y,
         o == O_ADD ? s->t->name : o == O_MIN ? "min" : "max",
         o == O_ADD ? prev : s->t->name, o == O_ADD ? e : prev, e);
  else if (o == O_MIN || o == O_MAX)
    {
      const char *lt = o == O_MIN ? "<" : ">";
      const char *gt = o == O_MIN ? ">" : "<";
      switch (pick (is_float (s->t) ? 5 : 4))
        {
        case 0:
          add (b, "%s = %s %s %s ? %s : %s;\n", y, e, lt, prev, e, prev);
          break;
        case 1:
          add (b, "%s = %s %s %s ? %s : %s;\n", y, prev, lt, e, prev, e);
          break;
        case 2:
          add (b, "%s = %s %s %s ? %s : %s;\n", y, prev, gt, e, e, prev);
          break;
        case 3:
          add (b, "%s = %s %s= %s ? %s : %s;\n", y, e, gt, prev, prev, e);
          break;
        default:
          if (pick (2))
            add (b, "%s = f%s%s (%s, %s);\n", y, o == O_MIN ? "min" : "max",
                 f, prev, e);
          else
            add (b, "%s = f%s%s (%s, %s);\n", y, o == O_MIN ? "min" : "max",
                 f, e, prev);
        }
    }
  else if (o == O_MUL && pick (6) == 0)
    /* GCC folds the negation into the product, -1 into a negation.  */
    add (b, pick (2) ? "%s = -(%s * %s);\n" : "%s = %s * -1 * %s;\n", y,
         prev, e);
  else if (o == O_XOR && pick (6) == 0)
    /* ~(A ^ B), and A ^ ~B, which GCC makes ~(A ^ B).  */
    add (b, pick (2) ? "%s = ~(%s ^ %s);\n" : "%s = %s ^ ~%s;\n", y, prev,
         e);
  else if ((o == O_LAND || o == O_LOR) && pick (6) == 0)
    /* An operand always true (&&) or false (||), which GCC folds away:
       y[i-1] != 0 is left, through a branch where y is floating.  */
    add (b, o == O_LAND ? "%s = %s && (%s || 1);\n"
                        : "%s = %s || (%s && 0);\n", y, prev, e);
  else if (o != O_LAND && o != O_LOR && pick (6) == 0)
    {
      /* Branches that each combine y[i-1] (or leave it), by the one
         operator: ?: of two updates.  */
      char a[512], c[512];
      snprintf (a, sizeof a, "%s %s %s", prev, op_names[o], e);
      snprintf (c, sizeof c, "%s", prev);
      if (pick (2))
        add (b, "%s = (i & %d) ? %s : %s;\n", y, 1 << pick (3), a, c);
      else
        add (b, "%s = (i & %d) ? %s : %s;\n", y, 1 << pick (3), c, a);
    }
  else if (o != O_SUB && pick (3) == 0)
    add (b, "%s = %s %s %s;\n", y, e, op_names[o], prev);
  else
    add (b, "%s = %s %s %s;\n", y, prev, op_names[o], e);
}

/* Append to B, for scan S of Y (PREV its y[i-1] or y[i+1]) with E, a
   linear recurrence (under +) or a segmented scan, which the plugin scans
   as pairs; false where S's operator has none.  The multipliers are 1,
   -1 and 0 for floating and wide signed types, keeping values exact and
   in range, any odd value for the others, which wrap.  Of array NAME,
   going DOWN, a recurrence may be of an order up to ORDER.  */
static int
recurrence (struct text *b, const char *y, const char *prev, const char *e,
            const struct scan *s, const char *name, int down, int order)
{
  enum op o = s->o;
  const char *T = s->t->name, *f = s->t->bytes == 4 ? "f" : "";
  if (o == O_ADD && order > 1 && pick (3))
    {
      /* Of order 2 to ORDER: y[i-k] (y[i+k] going down).  For floating
         and signed types, forms whose values stay as bounded as a sum
         of E's; for unsigned ones, which wrap, any multipliers.  */
      int k = 2 + pick (order - 1);
      char lag[4][32], m[128];
      for (int j = 1; j <= k; j++)
        snprintf (lag[j - 1], sizeof lag[j - 1], "%s[i %s %d]", name,
                  down ? "+" : "-", j);
      const char *last = lag[k - 1], *one = lag[0];
      if (is_float (s->t) || s->t->kind == K_SIGNED)
        {
          snprintf (m, sizeof m, "(%s) (%s)", T, pick (2)
                    ? "x[i] > w[i] ? -1 : 1" : "(i & 3) == 0 ? 0 : 1");
          switch (pick (3))
            {
            case 0:
              add (b, "%s = %s * %s + %s;\n", y, m, last, e);
              break;
            case 1:
              add (b, "%s = (w[i] > x[i] ? %s : %s) + %s;\n", y, one, last,
                   e);
              break;
            default:
              add (b, "%s t%s = %s;\n      if (x[i] > w[i])\n        "
                   "t%s = -t%s;\n      %s = %s - t%s;\n", T, name, last,
                   name, name, y, e, name);
              break;
            }
          return 1;
        }
      snprintf (m, sizeof m, "(%s) (x[i] | 1)", T);
      /* Computed in int: one product, as order 1 has.  */
      if (s->t->bytes < 4)
        add (b, "%s = %s * %s + %s;\n", y, last, m, e);
      else if (pick (2))
        add (b, "%s = %s * %s + %s + %s;\n", y, m, one, last, e);
      else
        add (b, "%s t%s = %s * %s;\n      t%s -= %s * (%s) 3;\n      "
             "%s = t%s + %s;\n", T, name, one, m, name, last, T, y, name,
             e);
      return 1;
    }
  if (o == O_ADD && pick (2))
    {
      /* E of the scan's type: y[i-1] widened to E's (a float's to a
         double) and the result narrowed is no linear recurrence the
         plugin takes (docs/clause.md).  */
      char cast[640];
      if (s->x != s->t)
        {
          snprintf (cast, sizeof cast, "(%s) (%s)", T, e);
          e = cast;
        }
      char m[128];
      if (is_float (s->t) || (s->t->kind == K_SIGNED && !is_narrow (s->t)))
        snprintf (m, sizeof m, "(%s) (%s)", T, pick (2)
                  ? "x[i] > w[i] ? -1 : 1" : "(i & 3) == 0 ? 0 : 1");
      else
        snprintf (m, sizeof m, "(%s) (x[i] | 1)", T);
      switch (pick (6))
        {
        case 0: add (b, "%s = %s * %s + %s;\n", y, m, prev, e); break;
        case 1: add (b, "%s = %s * %s + %s;\n", y, prev, m, e); break;
        case 2: add (b, "%s = %s + %s * %s;\n", y, e, m, prev); break;
        case 3: add (b, "%s = %s - %s;\n", y, e, prev); break;
        case 4: add (b, "%s = -%s + %s;\n", y, prev, e); break;
        default: add (b, "%s = (%s + %s) * %s;\n", y, prev, e, m); break;
        }
      return 1;
    }
  /* Segments: min and max as fmin and fmax.  */
  if (o == O_LAND || o == O_LOR || o == O_USER
      || ((o == O_MIN || o == O_MAX) && !is_float (s->t)))
    return 0;
  const char *h = pick (2) ? "w[i] > x[i]" : "i % 13 == 0";
  char r[256], c[1024];
  switch (pick (3))
    {
    case 0: snprintf (r, sizeof r, "(%s) %d", T, o == O_MUL); break;
    case 1: snprintf (r, sizeof r, "(%s) x[i]", T); break;
    default: snprintf (r, sizeof r, "%s", e); break;
    }
  int swap = o != O_SUB && pick (2);
  if (o == O_MIN || o == O_MAX)
    snprintf (c, sizeof c, "f%s%s (%s, %s)", o == O_MIN ? "min" : "max", f,
              swap ? e : prev, swap ? prev : e);
  else
    snprintf (c, sizeof c, "%s %s %s", swap ? e : prev, op_names[o],
              swap ? prev : e);
  switch (pick (3))
    {
    case 0:
      add (b, "%s = %s ? %s : %s;\n", y, h, r, c);
      break;
    case 1:
      add (b, "%s = !(%s) ? %s : %s;\n", y, h, c, r);
      break;
    default:
      add (b, "if (%s)\n        %s = %s;\n      else\n        %s = %s;\n", h,
           y, r, y, c);
    }
  return 1;
}

/* A trip count: from 0 to a few hundred thousand, mostly small.  */
static long
trip (void)
{
  switch (pick (8))
    {
    case 0: return pick (3);
    case 1: case 2: return 3 + pick (100);
    case 3: case 4: return 100 + pick (5000);
    case 5: case 6: return 5000 + pick (60000);
    default: return 60000 + pick (240000);
    }
}

/* Arrays y, z and v are written; x and w are read.  */
static const char *const outputs[] = { "y", "z", "v" };
static const char maps[] =
  "map (tofrom: y[0:leny], z[0:leny], v[0:leny]) map (to: x[0:lenx], w[0:lenx])";

/* Append to B the directive of a scan loop whose own clause is CLAUSE:
   one of the constructs docs/clause.md (INSCAN: docs/inscan.md) lists,
   with other accepted clauses in any order, sometimes continued over two
   lines or written with _Pragma.  A target maps the scalars SCALARS back
   (a list, or NULL); CONDITIONAL says that CLAUSE has a conditional
   lastprivate, which GCC refuses on distribute; HOST, that the loop has
   no kernel, and so no target (1), or that it has a reduction beside
   an inscan one, which GCC takes on a `parallel for' alone, maybe in a
   `target' (2).  An
   inscan loop on a combined target construct is the plugin's extension
   (docs/inscan.md), which it reads on a #pragma line only.  Returns
   whether the construct is a target one.  */
static int
directive (struct text *b, const char *clause, int inscan,
           const char *scalars, int conditional, int host)
{
  static const char *const constructs[] = { "parallel for",
    "parallel for simd", "target", "target parallel for",
    "target teams distribute parallel for" };
  static const char *const extra[] = { "schedule (static)",
    "schedule (static, 64)", "num_threads (2)", "proc_bind (close)",
    "if (ub > 0)", "shared (x, w)", "default (shared)", "firstprivate (a)",
    "private (tmp)" };
  const char *c = constructs[host == 2 ? 2 * pick (2)
                            : pick (host ? 2 : conditional ? 4 : 5)];
  int extension = inscan && !strncmp (c, "target ", 7);
  int target = !strncmp (c, "target", 6);
  char dev[32] = "", back[64] = "";
  if (scalars)
    snprintf (back, sizeof back, " map (tofrom: %s)", scalars);
  if (!strncmp (c, "target", 6))
    {
      if (pick (3) == 0)
        snprintf (dev, sizeof dev, " device (%d)", pick (2));
      /* Built with -DFZ_DATA, a target data region maps the arrays
         around the construct as well: the construct's maps then find them
         present, and under SCANOMP_DEVICES they are spread across the
         devices.  */
      add (b, "#ifdef FZ_DATA\n#pragma omp target data %s%s\n#endif\n", maps,
           dev);
      if (!strcmp (c, "target"))
        {
          add (b, "#pragma omp target %s%s%s\n", maps, dev, back);
          /* GCC 12 itself stops with an ICE on an inscan `parallel for
             simd' in a target region (docs/inscan.md).  */
          c = pick (2) || inscan ? "parallel for" : "parallel for simd";
        }
      else
        {
          /* A combined target construct: its maps and device go among the
             loop's clauses.  */
          static char combined[512];
          snprintf (combined, sizeof combined, "%s %s%s%s", c, maps, dev,
                    back);
          c = combined;
        }
    }
  char others[256] = "";
  for (int n = pick (3); n > 0; n--)
    {
      const char *e = PICK (extra);
      /* Each clause once; no schedule with inscan (GCC's error) but
         in the extension, which takes it, nor private copies, which
         inscan loops leave to GCC (docs/inscan.md).  */
      char name[16];
      snprintf (name, sizeof name, "%.*s", (int) strcspn (e, " "), e);
      if (!strstr (others, name)
          && !(inscan && !extension && !strcmp (name, "schedule"))
          && !(inscan && strstr (name, "private"))
          && !(strstr (c, "target") && !strcmp (name, "shared")))
        snprintf (others + strlen (others), sizeof others - strlen (others),
                  " %s", e);
    }
  char line[1024];
  if (pick (2))
    snprintf (line, sizeof line, "%s %s%s", c, clause, others);
  else
    snprintf (line, sizeof line, "%s%s %s", c, others, clause);
  switch (pick (6))
    {
    case 0:
      if (!extension)
        {
          add (b, "_Pragma (\"omp %s\")\n", line);
          return target;
        }
      /* Fall through.  */
    case 1:
      {
        char *cut = strstr (line, " for");
        if (cut)
          {
            *cut = 0;
            add (b, "#pragma omp %s \\\n    %s\n", line, cut + 1);
            return target;
          }
      }
      /* Fall through.  */
    default:
      add (b, "#pragma omp %s\n", line);
    }
  return target;
}

/* The value of the scalars a and b for scan S.  */
static void
scalar (char *buf, size_t size, const struct scan *s)
{
  if (s->user)
    snprintf (buf, size, "%s", s->user->fill);
  else if (is_float (s->t))
    snprintf (buf, size, "%d.%d", pick (5) - 2, 25 * pick (4));
  else if (s->t->kind == K_SIGNED && !is_narrow (s->t))
    snprintf (buf, size, "%d", pick (21) - 10);
  else
    snprintf (buf, size, "(%s) %lluU", s->t->name, rnd () % 100000);
}

/* Print the code that fills array A of type T with LEN elements, in the
   program being generated.  */
static void
print_fill (const char *a, const struct type *t, const struct scan *s,
            const char *len)
{
  out ("  for (long j = 0; j < %s; j++)\n"
       "    {\n"
       "      unsigned long long r = fz_rnd ();\n", len);
  if (t->kind == K_USER)
    out ("      %s[j] = %s;\n", a, s->user->fill);
  else
    out ("      %s[j] = (%s) (%s);\n", a, t->name, fill (t, s));
  out ("    }\n");
}

/* Print the check of A (type T, LEN elements, or a scalar if LEN is NULL)
   against its reference rA, reporting the first difference in loop K.  */
static void
print_compare (int k, const char *a, const struct type *t, const char *len)
{
  char x[64], rx[64], cond[256];
  snprintf (x, sizeof x, len ? "%s[j]" : "%s", a);
  snprintf (rx, sizeof rx, len ? "r%s[j]" : "r%s", a);
  if (t->kind == K_USER)
    snprintf (cond, sizeof cond, "!%s_eq (%s, %s)",
              t->name[0] == 'A' ? "aff" : t->name[0] == 'M' ? "mat" : "best",
              x, rx);
  else if (is_float (t))
    snprintf (cond, sizeof cond, "!fz_close (%s, %s, %s)", x, rx,
              t->bytes == 4 ? "FZ_FTOL" : "FZ_DTOL");
  else
    snprintf (cond, sizeof cond, "%s != %s", x, rx);
  if (len)
    out ("  for (long j = 0; j < %s; j++)\n", len);
  else
    out ("  do\n");
  out ("    if (%s)\n"
       "      {\n", cond);
  const char *at = len ? "[%ld]" : "";
  const char *j = len ? ", j" : "";
  if (t->kind == K_USER)
    out ("        printf (\"loop %d: %s%s differs\\n\"%s);\n", k, a, at, j);
  else if (is_float (t))
    out ("        printf (\"loop %d: %s%s is %%.17g, expected %%.17g\\n\"%s, "
         "(double) %s, (double) %s);\n", k, a, at, j, x, rx);
  else
    out ("        printf (\"loop %d: %s%s is %%lld, expected %%lld\\n\"%s, "
         "(long long) %s, (long long) %s);\n", k, a, at, j, x, rx);
  out ("        fz_bad = 1;\n"
       "        break;\n"
       "      }\n");
  if (!len)
    out ("  while (0);\n");
}

/* The arrays a loop's functions take: written, then read.  */
static const char *const arrays[] = { "y", "z", "v", "x", "w" };

/* Append to VIEWS, for fz_scan_K in C++, a form of each array of
   ARRAYS, of types TYS, over the pointer its parameter (NAME_) holds,
   and to BACK the copies that give the pointer what the loop wrote.
   The arrays that SCANNED names (a bit each for y, z and v) are a
   pointer or a vector, as a scan clause takes them, and those POINTERS
   names a pointer (a user-defined operator's, whose probe clause GCC
   checks as an array section: docs/clause.md); in a target construct
   (TARGET), every array is the pointer its maps name.  */
static void
cxx_views (struct text *views, struct text *back,
           const struct type *const tys[5], unsigned scanned,
           unsigned pointers, int target)
{
  for (int j = 0; j < 5; j++)
    {
      const char *a = arrays[j], *T = tys[j]->name;
      const char *len = j < 3 ? "leny" : "lenx";
      const char *c = j < 3 ? "" : "const ";
      switch (target || ((pointers >> j) & 1) ? 0
              : pick ((scanned >> j) & 1 ? 2 : 5))
        {
        case 0:
          add (views, "  %s%s *%s = %s_;\n", c, T, a, a);
          break;
        case 1:
          add (views, "  %sstd::vector<%s> %s (%s_, %s_ + %s);\n", c, T, a,
               a, a, len);
          if (j < 3)
            add (back, "  std::copy (%s.begin (), %s.end (), %s_);\n", a, a,
                 a);
          break;
        case 2:
          add (views, "  %sstd::vector<%s> %s_c (%s_, %s_ + %s);\n"
               "  auto %s = %s_c.begin ();\n", c, T, a, a, a, len, a, a);
          if (j < 3)
            add (back, "  std::copy (%s_c.begin (), %s_c.end (), %s_);\n", a,
                 a, a);
          break;
        case 3:
          add (views, "  fz_view<%s%s> %s = { %s_ };\n", c, T, a, a);
          break;
        default:
          add (views, "  std::unique_ptr<%s[]> %s (new %s[%s]);\n"
               "  std::copy (%s_, %s_ + %s, %s.get ());\n", T, a, T, len, a,
               a, len, a);
          if (j < 3)
            add (back, "  std::copy (%s.get (), %s.get () + %s, %s_);\n", a,
                 a, len, a);
        }
    }
}

/* Print a loop's functions: fz_scan_K, whose directive is in DIR, and
   fz_ref_K, both with BODY (the loop from its `for'); PARAMS is their
   parameter list, DECLS and AFTER what goes before and after the loop.
   In C++, fz_scan_K reaches the arrays, of types TYS, through the forms
   cxx_views gives them, SCANNED those a scan clause names, POINTERS those
   that stay pointers.  */
static void
print_pair (int k, const char *params, const char *decls, const char *dir,
            const char *body, const char *ref, const char *after,
            const struct type *const tys[5], unsigned scanned,
            unsigned pointers)
{
  struct text views = { .len = 0 }, back = { .len = 0 };
  char own[512];
  snprintf (own, sizeof own, "%s", params);
  if (cxx)
    {
      /* The parameters are NAME_, the forms NAME.  */
      for (int j = 0; j < 5; j++)
        {
          char from[8], *at;
          snprintf (from, sizeof from, " *%s,", arrays[j]);
          if ((at = strstr (own, from)))
            {
              memmove (at + 4, at + 3, strlen (at + 3) + 1);
              at[3] = '_';
            }
        }
      cxx_views (&views, &back, tys, scanned, pointers,
                 strstr (dir, "target") != NULL);
    }
  out ("static void\n"
       "fz_scan_%d %s\n"
       "{\n"
       "%s%s%s%s%s%s"
       "}\n", k, own, views.s, decls, dir, body, back.s, after);
  out ("static void\n"
       "fz_ref_%d %s\n"
       "{\n"
       "%s%s%s"
       "}\n", k, params, decls, ref, after);
}

/* Print the start of fz_run_K, which runs loop K both ways: bounds from
   LB, arrays y, z and v of types TY[j] with their references rY, filled
   for scans BY[j], and inputs x and w filled for scan BY[0].  With
   `big', the trip count passes the host cutoff: that of floating and
   user types when SMALL, else that of integers.  */
static void
print_run_start (int k, long lb, int small, const struct type *const ty[3],
                 const struct scan *const by[3])
{
  const char *X = by[0]->x->name;
  long trips = trip ();
  unsigned long long seed = rnd ();
  long big = (small ? 1L << 17 : 1L << 20) + pick (5000);
  /* A loop down from ub that reads y[i + 4] (a recurrence of order 4)
     reads y[ub + 4]: the arrays reach it.  */
  out ("static void\n"
       "fz_run_%d (int big)\n"
       "{\n"
       "  long lb = %ld, ub = %ld + (big ? %ld : %ld);\n"
       "  long leny = ub + 5, lenx = 2 * ub + 8;\n"
       "  fz_state = %lluULL;\n", k, lb, lb, big, trips, seed);
  for (int j = 0; j < 3; j++)
    out ("  %s *%s = (%s *) fz_alloc (leny * sizeof (%s)), *r%s = (%s *) "
         "fz_alloc (leny * sizeof (%s));\n", ty[j]->name, outputs[j],
         ty[j]->name, ty[j]->name, outputs[j], ty[j]->name, ty[j]->name);
  out ("  %s *x = (%s *) fz_alloc (lenx * sizeof (%s)), *w = (%s *) "
       "fz_alloc (lenx * sizeof (%s));\n", X, X, X, X, X);
  for (int j = 0; j < 3; j++)
    print_fill (outputs[j], ty[j], by[j], "leny");
  print_fill ("x", by[0]->x, by[0], "lenx");
  print_fill ("w", by[0]->x, by[0], "lenx");
  for (int j = 0; j < 3; j++)
    out ("  memcpy (r%s, %s, leny * sizeof (%s));\n", outputs[j], outputs[j],
         ty[j]->name);
}

/* Print the calls of fz_scan_K and fz_ref_K, with scalars a and b made for
   scan S and then the arguments EXTRA and REF_EXTRA, and the comparison
   of the arrays, of types TY.  IN_PLACE: each call's input x is its
   output y, of leny elements.  */
static void
print_calls (int k, const struct scan *s, const char *extra,
             const char *ref_extra, const struct type *const ty[3],
             int in_place)
{
  char a[64], b[64];
  scalar (a, sizeof a, s);
  scalar (b, sizeof b, s);
  const char *x = in_place ? "y" : "x", *rx = in_place ? "ry" : "x";
  const char *lenx = in_place ? "leny" : "lenx";
  out ("  {\n"
       "    unsigned long long r = fz_rnd ();\n"
       "    (void) r;\n"
       "    fz_scan_%d (y, z, v, %s, w, %s, %s, lb, ub, leny, %s%s);\n"
       "    fz_ref_%d (ry, rz, rv, %s, w, %s, %s, lb, ub, leny, %s%s);\n"
       "  }\n", k, x, a, b, lenx, extra, k, rx, a, b, lenx, ref_extra);
  for (int j = 0; j < 3; j++)
    print_compare (k, outputs[j], ty[j], "leny");
}

/* Print the end of fz_run_K.  */
static void
print_run_end (void)
{
  for (int j = 0; j < 3; j++)
    out ("  free (%s);\n  free (r%s);\n", outputs[j], outputs[j]);
  out ("  free (x);\n  free (w);\n}\n");
}

static int kernels;
/* Of them, the inscan loops whose input phase stores (input_phase).  */
static int staged_loops;

/* Whether TEXT, a loop's body or phase, reads its input x at x[i] alone:
   then the loop may scan in place, called with its output y as x, each
   iteration reading its element before it stores it (docs/clause.md,
   docs/inscan.md).  */
static int
reads_x_at_i (const char *text)
{
  for (const char *p = text; (p = strstr (p, "x[")); p += 2)
    if ((p == text || !(isalnum ((unsigned char) p[-1]) || p[-1] == '_'))
        && strncmp (p, "x[i]", 4))
      return 0;
  return 1;
}

/* One loop of the scan clause, number K.  */
static void
clause_loop (int k)
{
  struct scan s;
  random_scan (&s, 0);
  int n = s.user ? 1 : 1 + (pick (3) == 0) + (pick (5) == 0);
  static const char *const indices[] = { "int", "long", "long long",
                                         "unsigned long", "unsigned" };
  const char *index = PICK (indices);
  /* A 32-bit unsigned index starts at a constant and goes up.  */
  int short_ = !strcmp (index, "unsigned");
  int form = pick (short_ ? 2 : 6);
  int down = form == 2 || form == 3 || form == 5;
  long lb = 1 + pick (short_ ? 3 : 20);
  char start[32];
  if (short_)
    snprintf (start, sizeof start, "%ld", lb);
  else
    strcpy (start, "lb");
  static const char *const heads[] = {
    "for (%s i = %s; i < ub; i++)", "for (%s i = %s; i <= ub - 1; i++)",
    "for (%s i = ub - 1; i >= lb; i--)", "for (%s i = ub; i > lb - 1; i--)",
    "for (%s i = %s; i != ub; i++)",
    "for (%s i = ub - 1; i != lb - 1; i--)" };

  /* Sometimes reduction and lastprivate variables beside the clause:
     rj (long, by a random operator), rd (double, by +) and lk, set by
     every iteration or, conditional, by some, before or after the
     updates, from a condition on x and w, or on y's elements (late
     items, docs/clause.md).  */
  static const char *const reductions[][2] = {
    { "+", "rj += (long) i %% 5 - (%1$s);" },
    { "max", "rj = (long) i * (%1$s) > rj ? (long) i * (%1$s) : rj;" },
    { "min", "rj = rj < -(long) i * (%1$s) ? rj : -(long) i * (%1$s);" },
    { "*", "rj *= %1$s ? -1 : 1;" },
    { "^", "rj ^= (long) i * (1 + (%1$s));" },
    { "|", "rj |= (long) (%1$s) << ((long) i %% 40);" },
  };
  int copies = !s.user && pick (3) == 0;
  int conditional = copies && pick (2);
  int red = copies ? pick (6) : 0;
  int late = copies && pick (3) == 0;
  const char *cond = late ? "y[i] > x[i]" : "x[i] > w[i]";
  struct text extra = { .len = 0 };
  add (&extra, "      ");
  add (&extra, reductions[red][1], cond);
  add (&extra, "\n      rd += %s ? 0.5 : -0.25;\n", cond);
  if (conditional)
    add (&extra, "      if (%s)\n        lk = (long) i;\n",
         late ? "y[i] < x[i]" : "w[i] > x[i]");
  else
    add (&extra, "      lk = (long) i * 3 + (%s);\n", cond);
  int first = pick (2);

  /* Sometimes stores of the scan phase, to the arrays the clause does
     not scan: of the last scanned array's element as the updates leave
     it, or as it was (before them), maybe under a branch; or of the
     element before it, or a comparison with it (the prefix before the
     iteration's: a line of sight), after the updates (the analysis
     takes a branch on it before them, as GCC writes some comparisons,
     for the update's), where the update is neither in place nor a
     recurrence, whose read of y[i-1] it wants alone.  */
  int phase = n < 3 && pick (3) == 0;
  int first_phase = pick (4) == 0;
  int prev_phase = 0;
  struct text phase_text = { .len = 0 };
  for (int j = n; phase && j < 3; j++)
    {
      const char *y = outputs[n - 1], *o = outputs[j];
      add (&phase_text, "      ");
      switch (pick (s.user ? 2 : first_phase ? 4 : 5))
        {
        case 4:
          if (pick (2))
            add (&phase_text, "%s[i] = %s[i %s 1];\n", o, y,
                 down ? "+" : "-");
          else
            add (&phase_text, "%s[i] = (%s) (%s[i %s 1] < x[i]);\n", o,
                 s.t->name, y, down ? "+" : "-");
          prev_phase = 1;
          break;
        case 0:
          add (&phase_text, "%s[i] = %s[i];\n", o, y);
          break;
        case 1:
          add (&phase_text, "if (w[i] > x[i])\n        %s[i] = %s[i];\n", o,
               y);
          break;
        case 2:
          add (&phase_text, "%s[i] = (%s) (%s[i] > x[i]);\n", o, s.t->name,
               y);
          break;
        default:
          add (&phase_text, "if (%s[i] < x[i])\n        %s[i] = %s[i];\n"
               "      else\n        %s[i] = (%s) 1;\n", y, o, y, o,
               s.t->name);
        }
    }

  struct text body = { .len = 0 };
  add (&body, "  ");
  add (&body, heads[form], index, start);
  add (&body, "\n    {\n");
  if (copies && first)
    add (&body, "%s", extra.s);
  if (phase && first_phase)
    add (&body, "%s", phase_text.s);
  for (int j = 0; j < n; j++)
    {
      char e[256], yi[16], prev[16];
      snprintf (yi, sizeof yi, "%s[i]", outputs[j]);
      snprintf (prev, sizeof prev, "%s[i %s 1]", outputs[j], down ? "+" : "-");
      add (&body, "      ");
      if (pick (5) == 0 && s.o != O_SUB && s.o != O_LAND && s.o != O_LOR
          && s.o != O_MIN && s.o != O_MAX && !prev_phase)
        {
          /* In place: a scan of y itself.  */
          if (s.user)
            add (&body, "%s = %s (%s, %s);\n", yi, s.user->combine, prev, yi);
          else
            add (&body, "%s %s= %s;\n", yi, s.op_name, prev);
          continue;
        }
      expr (e, sizeof e, &s, down, short_);
      if (pick (4) == 0 || ((s.o == O_MIN || s.o == O_MAX) && strchr (e, '(')))
        {
          /* A temporary, sometimes set on a branch that does not read
             y.  */
          add (&body, "%s t%d = %s;\n      ", s.t->name, j, e);
          if (pick (2) && (s.o == O_ADD || s.o == O_SUB || is_bitwise (s.o)))
            add (&body, "if (w[i] > x[i])\n        t%d = x[i];\n      ", j);
          snprintf (e, sizeof e, "t%d", j);
        }
      /* Not after stores that read y[i] as it was: the plugin takes no
         linear recurrence that reads it (issue 50).  */
      if (n == 1 && !copies && !(phase && first_phase) && !prev_phase
          && (pick (3) == 0 || (s.o == O_ADD && pick (2) == 0))
          && recurrence (&body, yi, prev, e, &s, outputs[j], down,
                         down ? 3 : lb < 4 ? (int) lb : 4))
        continue;
      if (s.o == O_ADD && pick (4) == 0)
        {
          /* y[i-1] inside a chain of + and -.  */
          if (pick (2))
            add (&body, "%s = %s + %s - w[i];\n", yi, e, prev);
          else
            add (&body, "%s = x[i] - w[i] + %s + %s;\n", yi, prev, e);
          continue;
        }
      update (&body, yi, prev, e, &s);
    }
  if (copies && !first)
    add (&body, "%s", extra.s);
  if (phase && !first_phase)
    add (&body, "%s", phase_text.s);
  add (&body, "    }\n");

  char clause[256];
  snprintf (clause, sizeof clause, "scan (%s: y%s%s)", s.op_name,
            n > 1 ? ", z" : "", n > 2 ? ", v" : "");
  if (copies)
    snprintf (clause + strlen (clause), sizeof clause - strlen (clause),
              " reduction (%s: rj) reduction (+: rd) lastprivate (%slk)",
              reductions[red][0], conditional ? "conditional: " : "");
  struct text dir = { .len = 0 };
  int target = directive (&dir, clause, 0, copies ? "rj, rd, lk" : NULL,
                         conditional, 0);
  kernels += n;

  const char *T = s.t->name, *X = s.x->name;
  char params[512], decls[512];
  snprintf (params, sizeof params, "(%s *y, %s *z, %s *v, const %s *x, "
            "const %s *w, %s a, %s b, long lb, long ub, long leny, "
            "long lenx%s)", T, T, T, X, X, T, T, copies ? ", long *o" : "");
  snprintf (decls, sizeof decls, "  %s tmp = a;\n"
            "  (void) tmp; (void) b; (void) lb; (void) leny; (void) lenx;\n"
            "%s%s", T, stride_decl, copies ? "  long rj = o[0], lk = o[1];\n"
                              "  double rd = 0.5;\n" : "");
  /* Sometimes called in place, where nothing reads x but at i.  Where
     the body reads x after a store (beside the update, or a second
     array's), libscanrt runs the sequential loop, which a target loop
     under MANDATORY may not (it fails), and C++'s views may copy x and
     y apart: those read x before the store alone.  */
  int in_place = s.x == s.t && !s.user && reads_x_at_i (body.s)
                 && (!(target || cxx) || (n == 1 && !copies && !phase))
                 && pick (2);
  out ("\n/* Loop %d: scan (%s) over %s from %s, %s index, %s%s.  */\n", k,
       s.op_name, T, X, index, down ? "down" : "up",
       in_place ? ", in place" : "");
  const struct type *const tys[5] = { s.t, s.t, s.t, s.x, s.x };
  print_pair (k, params, decls, dir.s, body.s, body.s,
              copies ? "  o[0] = rj;\n  o[1] = lk;\n"
                       "  o[2] = (long) (rd * 4);\n" : "", tys,
              (1u << n) - 1, s.user ? (1u << n) - 1 : 0);

  const struct type *const ty[3] = { s.t, s.t, s.t };
  const struct scan *const by[3] = { &s, &s, &s };
  print_run_start (k, lb, s.t->kind == K_FLOAT || s.user, ty, by);
  if (copies)
    {
      /* The variables' values before the loop.  */
      out ("  long o[3] = { %d, %d, 0 }, ro[3] = { %d, %d, 0 };\n",
           red == 3 ? 1 : pick (9) - 4, -1, 0, -1);
      out ("  ro[0] = o[0];\n");
      print_calls (k, &s, ", o", ", ro", ty, in_place);
      print_compare (k, "o", &types[6], "3");
    }
  else
    print_calls (k, &s, "", "", ty, in_place);
  print_run_end ();
}

/* One loop of stream compaction in one loop under the scan clause,
   number K (docs/clause.md): y, of longs from 0, counts the positions
   whose x exceeds w, and the kept x go to v at their count, inclusive
   (`v[y[i] - 1]') or exclusive (`v[y[i-1]]', before the update), the
   others sometimes to z, a partition.  A store at an index the scan
   computes has a kernel inside target, which maps v and z: the
   inclusive form may be on one; the exclusive form, which stores a
   value of y[i-1], runs on the host path alone.  */
static void
compaction_loop (int k)
{
  struct scan s;
  memset (&s, 0, sizeof s);
  s.t = &types[6];
  s.x = &types[pick (12)];
  s.o = O_ADD;
  strcpy (s.op_name, "+");
  int exclusive = pick (2), partition = pick (2);
  long lb = 1 + pick (20);
  const char *index = pick (2) ? "long" : "int";

  struct text body = { .len = 0 };
  add (&body, "  for (%s i = lb; i < ub; i++)\n    {\n", index);
  if (exclusive)
    add (&body, "      if (x[i] > w[i])\n        v[y[i - 1]] = x[i];\n"
         "%s      y[i] = y[i - 1] + (x[i] > w[i]);\n",
         partition ? "      else\n        z[i - lb - y[i - 1]] = x[i];\n"
                   : "");
  else
    add (&body, "      y[i] = y[i - 1] + (x[i] > w[i]);\n"
         "      if (x[i] > w[i])\n        v[y[i] - 1] = x[i];\n%s",
         partition ? "      else\n        z[i - lb - y[i]] = x[i];\n" : "");
  add (&body, "    }\n");
  struct text dir = { .len = 0 };
  kernels += directive (&dir, "scan (+: y)", 0, NULL, 0, exclusive);

  const char *X = s.x->name;
  char params[512];
  snprintf (params, sizeof params, "(long *y, %s *z, %s *v, const %s *x, "
            "const %s *w, long a, long b, long lb, long ub, long leny, "
            "long lenx)", X, X, X, X);
  out ("\n/* Loop %d: compaction of %s, %s%s, %s index.  */\n", k, X,
       exclusive ? "exclusive" : "inclusive",
       partition ? ", a partition" : "", index);
  const struct type *const tys[5] = { s.t, s.x, s.x, s.x, s.x };
  print_pair (k, params, "  long tmp = a;\n"
              "  (void) tmp; (void) b; (void) leny; (void) lenx;\n"
              "  y[lb - 1] = 0;\n", dir.s, body.s, body.s, "", tys, 1, 0);
  const struct type *const ty[3] = { s.t, s.x, s.x };
  const struct scan *const by[3] = { &s, &s, &s };
  print_run_start (k, lb, is_float (s.x), ty, by);
  print_calls (k, &s, "", "", ty, 0);
  print_run_end ();
}

/* Append to B the input phase of an inscan variable V under scan S; in
   C++, set *LAMBDA where it calls fz_add_V, a lambda of the function.
   Where STAGE, the phase first stores its value of x and w in v[i], and
   reads it back from there (docs/inscan.md: the host path runs such a
   phase twice, with no kernel).  */
static void
input_phase (struct text *b, const char *v, const struct scan *s,
             int *lambda, int stage)
{
  char e[256];
  expr (e, sizeof e, s, 0, 0);
  const char *f = s->t->bytes == 4 ? "f" : "";
  if (stage)
    {
      add (b, "      v[i] = %s;\n", e);
      snprintf (e, sizeof e, "v[i]");
    }
  add (b, "      ");
  /* std::max of `x[i] < 0 ? b : x[i]' too, whose reference G++ chooses
     in branches.  */
  if (cxx && (s->o == O_MIN || s->o == O_MAX) && pick (3) == 0)
    {
      add (b, "%s = std::%s<%s> (%s, %s);\n", v,
           s->o == O_MIN ? "min" : "max", s->t->name, v, e);
      return;
    }
  if (cxx && s->o == O_ADD && pick (3) == 0)
    {
      *lambda = 1;
      add (b, "%s = fz_add_%s (%s, %s);\n", v, v, v, e);
      return;
    }
  switch (s->o)
    {
    case O_USER:
      add (b, "%s = %s (%s, %s);\n", v, s->user->combine, v, e);
      return;
    case O_MIN:
    case O_MAX:
      {
        /* A block: a phase may not start with a declaration.  */
        const char *lt = s->o == O_MIN ? "<" : ">";
        add (b, "{\n        %s t%s = %s;\n        ", s->t->name, v, e);
        switch (pick (is_float (s->t) ? 3 : 2))
          {
          case 0:
            add (b, "if (t%s %s %s)\n          %s = t%s;\n", v, lt, v, v,
                 v);
            break;
          case 1:
            add (b, "%s = t%s %s %s ? t%s : %s;\n", v, v, lt, v, v, v);
            break;
          default:
            add (b, "%s = f%s%s (%s, t%s);\n", v,
                 s->o == O_MIN ? "min" : "max", f, v, v);
          }
        add (b, "      }\n");
        return;
      }
    case O_LAND:
    case O_LOR:
      add (b, "%s = %s %s %s;\n", v, v, op_names[s->o], e);
      return;
    default:
      if (pick (3))
        add (b, "%s %s= %s;\n", v, op_names[s->o], e);
      else
        add (b, "%s = %s %s %s;\n", v, v, op_names[s->o], e);
      if (s->o == O_ADD && pick (4) == 0)
        add (b, "      %s += x[i - 1];\n", v);
    }
}

/* One inscan loop, number K: one or two scan variables, s and m, stored
   by the scan phase into y (and v) and z.  */
static void
inscan_loop (int k)
{
  struct scan s[2];
  int nvars = 1 + pick (2);
  random_scan (&s[0], 1);
  if (s[0].user)
    nvars = 1;
  s[1] = s[0];
  if (nvars == 2)
    /* The second variable reads the first one's inputs, filled for the
       first one's operator: it takes an operator that does no
       arithmetic, so any values do, over a type of the inputs' kind.  */
    do
      {
        random_scan (&s[1], 1);
        s[1].x = s[0].x;
      }
    while (s[1].user || s[1].o == O_ADD || s[1].o == O_SUB
           || s[1].o == O_MUL || is_float (s[1].t) != is_float (s[0].x));
  const char *index = pick (2) ? "int" : "long";
  int exclusive = pick (2);
  long lb = 1 + pick (20);

  struct text input = { .len = 0 }, scan = { .len = 0 };
  int lambda[2] = { 0, 0 };
  /* Sometimes a late item (below), whose reduction beside the inscan
     one needs a `parallel for', or an input phase that stores, which
     the host path and the kernels run twice (docs/inscan.md).  */
  int late = !s[0].user && pick (4) == 0;
  int late_reduction = late && pick (2);
  int staged = !s[0].user && !late_reduction && s[0].x == s[0].t
               && pick (5) == 0;
  input_phase (&input, "s", &s[0], &lambda[0], staged);
  if (nvars == 2)
    input_phase (&input, "m", &s[1], &lambda[1], 0);
  add (&scan, "      y[i] = s;\n");
  if (nvars == 2)
    add (&scan, "      z[i] = m;\n");
  /* Sometimes a reduction beside the inscan one, rc, set in either
     phase, and a conditional lastprivate variable, lz, that the scan
     phase sets from s: late items (docs/inscan.md), which the host path
     and the kernels find.  */
  if (late)
    add (&scan, "      if (s > x[i])\n        lz = (long) i;\n");
  if (late_reduction && pick (3) == 0)
    add (&input, "      rc += x[i] > w[i];\n");
  else if (late_reduction)
    add (&scan, "      rc += s < x[i];\n");
  /* A struct chosen by ?: is stored through an address computed before
     the branch, which has no kernel (docs/inscan.md): not of a
     user-defined type.  */
  int choice = pick (3) == 0 && !s[0].user && !staged;
  if (choice)
    add (&scan, "      v[i] = x[i] > w[i] ? s : a;\n");
  /* Sometimes called in place: inclusive, where the input phase reads
     x at i alone; in C++, whose views may copy x and y apart, where the
     scan phase reads no x after its store.  */
  int in_place = nvars == 1 && !exclusive
                 && !(cxx && (late || choice)) && s[0].x == s[0].t
                 && !s[0].user && reads_x_at_i (input.s) && pick (2);

  /* The reference is the same loop without the scan directive.  In C,
     some loops step a pointer over y, i being its distance from y's
     start (GCC's own code for such a loop crashes where it has no
     iteration: the function returns first).  */
  struct text body = { .len = 0 }, ref = { .len = 0 };
  static const char *const heads[] = { "  for (%s i = lb; i < ub; i++)\n",
    "  for (%s i = lb; i <= ub - 1; i++)\n",
    "  for (%s i = lb; i != ub; i++)\n",
    "  for (%s *p = y + lb; p < y + ub; p++)\n" };
  const char *head = heads[pick (cxx ? 3 : 4)];
  int pointer = head == heads[3];
  add (&body, head, pointer ? s[0].t->name : index);
  add (&ref, head, pointer ? s[0].t->name : index);
  /* Each phase a block: GCC 11 takes one statement a phase.  */
  add (&body, "    {\n    {\n%s    }\n#pragma omp scan %s (s%s)\n    {\n%s"
       "    }\n    }\n", exclusive ? scan.s : input.s,
       exclusive ? "exclusive" : "inclusive", nvars == 2 ? ", m" : "",
       exclusive ? input.s : scan.s);
  add (&ref, "    {\n%s%s    }\n", exclusive ? scan.s : input.s,
       exclusive ? input.s : scan.s);

  char clause[128];
  if (nvars == 2 && !strcmp (s[0].op_name, s[1].op_name))
    snprintf (clause, sizeof clause, "reduction (inscan, %s: s, m)",
              s[0].op_name);
  else if (nvars == 2)
    snprintf (clause, sizeof clause, "reduction (inscan, %s: s) "
              "reduction (inscan, %s: m)", s[0].op_name, s[1].op_name);
  else
    snprintf (clause, sizeof clause, "reduction (inscan, %s: s)",
              s[0].op_name);
  if (late)
    snprintf (clause + strlen (clause), sizeof clause - strlen (clause),
              "%s lastprivate (conditional: lz)",
              late_reduction ? " reduction (+: rc)" : "");
  struct text dir = { .len = 0 };
  directive (&dir, clause, 1, late ? "s, m, rc, lz" : "s, m", late,
             late_reduction ? 2 : 0);
  kernels++;
  staged_loops += staged;

  const char *T = s[0].t->name, *U = s[1].t->name, *X = s[0].x->name;
  char params[512], decls[512];
  snprintf (params, sizeof params, "(%s *y, %s *z, %s *v, const %s *x, "
            "const %s *w, %s a, %s b, long lb, long ub, long leny, "
            "long lenx, %s *sp, %s *mp, long *o)", T, U, T, X, X, T, T, T,
            U);
  /* In C++, the scan variable s is sometimes a reference.  */
  snprintf (decls, sizeof decls, cxx && pick (3) == 0
            ? "  %s tmp = a, &s = *sp;\n"
            : "  %s tmp = a, s = *sp;\n", T);
  snprintf (decls + strlen (decls), sizeof decls - strlen (decls),
            "  %s m = *mp;\n"
            "  long rc = o[0], lz = o[1];\n"
            "  (void) tmp; (void) b; (void) leny; (void) lenx; (void) m;\n"
            "%s", U, stride_decl);
  if (pointer)
    snprintf (decls + strlen (decls), sizeof decls - strlen (decls),
              "  if (ub <= lb)\n    return;\n#define i ((long) (p - y))\n");
  for (int j = 0; j < 2; j++)
    if (lambda[j])
      snprintf (decls + strlen (decls), sizeof decls - strlen (decls),
                "  auto fz_add_%s = [] (%s p, %s q) { return (%s) (p + q); "
                "};\n", j ? "m" : "s", s[j].t->name, s[j].t->name,
                s[j].t->name);
  out ("\n/* Loop %d: inscan %s %s over %s", k,
       exclusive ? "exclusive" : "inclusive", s[0].op_name, T);
  if (nvars == 2)
    out (" and %s over %s", s[1].op_name, U);
  out (", %s index%s.  */\n", pointer ? "pointer" : index,
       in_place ? ", in place" : "");
  const struct type *const tys[5] = { s[0].t, s[1].t, s[0].t, s[0].x,
                                      s[0].x };
  print_pair (k, params, decls, dir.s, body.s, ref.s, pointer
              ? "#undef i\n  *sp = s;\n  *mp = m;\n"
                "  o[0] = rc;\n  o[1] = lz;\n"
              : "  *sp = s;\n  *mp = m;\n  o[0] = rc;\n  o[1] = lz;\n",
              tys, 0, 0);

  const struct type *const ty[3] = { s[0].t, s[1].t, s[0].t };
  const struct scan *const by[3] = { &s[0], &s[1], &s[0] };
  print_run_start (k, lb, s[0].t->kind == K_FLOAT || s[0].user
                          || s[1].t->kind == K_FLOAT, ty, by);
  /* The variables' values before the loop: the seeds.  */
  out ("  %s s[1], rs[1];\n  %s m[1], rm[1];\n", T, U);
  print_fill ("s", s[0].t, &s[0], "1");
  print_fill ("m", s[1].t, &s[1], "1");
  out ("  rs[0] = s[0];\n  rm[0] = m[0];\n");
  out ("  long o[2] = { %d, -1 }, ro[2] = { 0, -1 };\n  ro[0] = o[0];\n",
       pick (9) - 4);
  print_calls (k, &s[0], ", s, m, o", ", rs, rm, ro", ty, in_place);
  print_compare (k, "s[0]", s[0].t, NULL);
  if (late)
    print_compare (k, "o", &types[6], "2");
  if (nvars == 2)
    print_compare (k, "m[0]", s[1].t, NULL);
  print_run_end ();
}

/* Loops docs/clause.md says get an error.  In each, %1$s is the element
   type and %2$s the construct.  */
static const char *const negatives[] = {
  /* A list item that is not an array.  */
  "  %1$s s = 0;\n"
  "#pragma omp %2$s scan (+: s)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    y[i] = y[i - 1] + x[i];\n"
  "  y[0] = s;\n",
  /* A list item the loop does not use.  */
  "#pragma omp %2$s scan (+: y, z)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    y[i] = y[i - 1] + x[i];\n",
  /* The scanned array read at i - 5 (a linear recurrence reads up to
     i - 4), and at i - 2 under another operator than +.  */
  "#pragma omp %2$s scan (+: y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    y[i] = y[i - 1] + y[i - 5];\n",
  "#pragma omp %2$s scan (max: y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    y[i] = y[i - 2] > x[i] ? y[i - 2] : x[i];\n",
  /* A product of two elements, a linear recurrence's branch on one.  */
  "#pragma omp %2$s scan (+: y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    y[i] = y[i - 1] * y[i - 2] + x[i];\n",
  "#pragma omp %2$s scan (+: y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    y[i] = y[i - 1] + (y[i - 2] > x[i] ? x[i] : w[i]);\n",
  /* Written at i + 1.  */
  "#pragma omp %2$s scan (+: y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    y[i + 1] = y[i] + x[i];\n",
  /* Indexed with a step of 2.  */
  "#pragma omp %2$s scan (+: y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    y[2 * i] = y[2 * i - 1] + x[i];\n",
  /* A loop step of 2.  */
  "#pragma omp %2$s scan (max: y)\n"
  "  for (long i = lb; i < ub; i += 2)\n"
  "    y[i] = x[i] > y[i - 1] ? x[i] : y[i - 1];\n",
  /* A condition that does not match the step.  */
  "#pragma omp %2$s scan (*: y)\n"
  "  for (long i = lb; i > ub; i++)\n"
  "    y[i] = y[i - 1] * x[i];\n",
  /* A call to a function the unit does not define.  */
  "#pragma omp %2$s scan (+: y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    y[i] = y[i - 1] + fz_elsewhere (x[i]);\n",
  /* A store beside the clause at an index computed from the scan,
     inside target, to an array no map gives a section (the kernels
     hold a mapped one whole).  */
  "#pragma omp target parallel for map (tofrom: y[0:ub]) map (to: "
  "x[0:ub]) scan (+: y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    {\n"
  "      y[i] = y[i - 1] + (x[i] > 0);\n"
  "      o[(long) y[i] & 7] = x[i];\n"
  "    }\n",
  /* Stores beside the clause to an element another iteration stores.  */
  "#pragma omp %2$s scan (+: y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    {\n"
  "      o[i + 1] = x[i];\n"
  "      y[i] = y[i - 1] + x[i];\n"
  "      o[i] = y[i];\n"
  "    }\n",
  /* An update that does not match the operator (under +, y[i-1] * x[i]
     is a linear recurrence).  */
  "#pragma omp %2$s scan (max: y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    y[i] = y[i - 1] * x[i];\n",
  /* y[i-1] read twice.  */
  "#pragma omp %2$s scan (+: y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    y[i] = y[i - 1] + (y[i - 1] > x[i]);\n",
  /* A branch on y[i-1].  */
  "#pragma omp %2$s scan (+: y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    y[i] = y[i - 1] > 0 ? y[i - 1] + x[i] : y[i - 1] - x[i];\n",
  /* Branches that combine y[i-1] by two operators.  */
  "#pragma omp %2$s scan (+: y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    y[i] = x[i] > 0 ? y[i - 1] * x[i] : y[i - 1] + x[i];\n",
  /* A branch that does not combine y[i-1] at all, under && (under
     another operator, a segmented scan).  */
  "#pragma omp %2$s scan (&&: y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    y[i] = x[i] > 0 ? x[i] : y[i - 1] && x[i];\n",
  /* A value of y[i-1] chosen in branches, then computed with.  */
  "#pragma omp %2$s scan (+: y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    {\n"
  "      %1$s t = x[i] > 0 ? y[i - 1] + x[i] : y[i - 1] + 1;\n"
  "      y[i] = t * 3;\n"
  "    }\n",
  /* An update that may be skipped.  */
  "#pragma omp %2$s scan (+: y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    if (x[i] > 0)\n"
  "      y[i] = y[i - 1] + x[i];\n",
  /* An unknown operator.  */
  "#pragma omp %2$s scan (fz_nothing: y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    y[i] = y[i - 1] + x[i];\n",
  /* A malformed clause.  */
  "#pragma omp %2$s scan (+ y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    y[i] = y[i - 1] + x[i];\n",
  /* The clause on a construct that is not a loop.  */
  "#pragma omp parallel scan (+: y)\n"
  "  {\n"
  "    y[1] = y[0] + x[1];\n"
  "  }\n",
  /* A clause that cannot be combined with it.  */
  "  long k = 0;\n"
  "#pragma omp %2$s linear (k) scan (+: y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    {\n"
  "      k++;\n"
  "      y[i] = y[i - 1] + x[i];\n"
  "    }\n"
  "  o[0] = k;\n",
  "#pragma omp %2$s collapse (2) scan (+: y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    for (long j = 0; j < 1; j++)\n"
  "      y[i] = y[i - 1] + x[i];\n",
  "#pragma omp %2$s scan (+: y) ordered\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    y[i] = y[i - 1] + x[i];\n",
  /* A linear recurrence under another operator than +, or reading
     y[i-1] twice; a segmented scan beside a reduction, or under ||.  */
  "#pragma omp %2$s scan (*: y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    y[i] = x[i] * y[i - 1] + x[i - 1];\n",
  "#pragma omp %2$s scan (+: y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    y[i] = y[i - 1] * y[i - 1] + x[i];\n",
  "  %1$s j = 0;\n"
  "#pragma omp %2$s reduction (+: j) scan (+: y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    {\n"
  "      j += x[i];\n"
  "      y[i] = x[i] > 0 ? x[i] : y[i - 1] + x[i];\n"
  "    }\n"
  "  o[0] = j;\n",
  "#pragma omp %2$s scan (||: y)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    if (x[i] > 0)\n"
  "      y[i] = 0;\n"
  "    else\n"
  "      y[i] = y[i - 1] || x[i];\n",
  /* Two arrays of one clause, one reading the other.  */
  "#pragma omp %2$s scan (+: y, z)\n"
  "  for (long i = lb; i < ub; i++)\n"
  "    {\n"
  "      y[i] = y[i - 1] + x[i];\n"
  "      z[i] = z[i - 1] + y[i];\n"
  "    }\n",
};
#define NNEGATIVES (sizeof negatives / sizeof *negatives)

/* The negative file: each negative once, in a random order, over random
   types and constructs, the Kth compiled with -DFZ_NEG=K (an error in the
   clause's syntax stops GCC before it reads the other functions).  */
static void
negative_file (unsigned long long seed)
{
  static const char *const constructs[] = { "parallel for",
    "parallel for simd", "target parallel for map (tofrom: y[0:ub]) map "
    "(to: x[0:ub]) map (from: o[0:ub])" };
  int order[NNEGATIVES], spans[NNEGATIVES][2];
  for (unsigned k = 0; k < NNEGATIVES; k++)
    order[k] = k;
  for (unsigned k = NNEGATIVES - 1; k > 0; k--)
    {
      int j = pick (k + 1), t = order[k];
      order[k] = order[j];
      order[j] = t;
    }
  /* The first line lists the spans, once they are known: write the
     functions to a buffer first.  */
  static char file[1 << 16];
  size_t len = 0;
  int at = 3;   /* the header line and the declaration come first */
  for (unsigned k = 0; k < NNEGATIVES; k++)
    {
      const char *t = types[pick (12)].name;
      char fn[4096];
      int n = snprintf (fn, sizeof fn,
                        "\n#if FZ_NEG == %u\n"
                        "void\n"
                        "fz_neg_%u (%s *y, %s *z, %s *o, const %s *x, "
                        "long lb, long ub)\n"
                        "{\n", k, k, t, t, t, t);
      n += snprintf (fn + n, sizeof fn - n, negatives[order[k]], t,
                     PICK (constructs));
      n += snprintf (fn + n, sizeof fn - n,
                     "  (void) z;\n  (void) o;\n}\n#endif\n");
      spans[k][0] = at + 1;
      for (const char *p = fn; *p; p++)
        at += *p == '\n';
      spans[k][1] = at;
      len += snprintf (file + len, sizeof file - len, "%s", fn);
    }
  out ("/* scanfuzz-negative %llu spans", seed);
  for (unsigned k = 0; k < NNEGATIVES; k++)
    out (" %d-%d", spans[k][0], spans[k][1]);
  out (" */\n"
       "int fz_elsewhere (int);\n"
       "\n%s", file);
}

int
main (int argc, char **argv)
{
  if (argc == 3 && !strcmp (argv[1], "-n"))
    {
      unsigned long long seed = strtoull (argv[2], NULL, 0);
      state = seed;
      dest = stdout;
      negative_file (seed);
      return 0;
    }
  if (argc == 4 && !strcmp (argv[1], "-x"))
    {
      cxx = 1;
      argc--;
      argv++;
    }
  if (argc != 3)
    {
      fprintf (stderr, "usage: scanfuzz [-x] SEED LOOPS | scanfuzz -n "
               "SEED\n");
      return 2;
    }
  unsigned long long seed = strtoull (argv[1], NULL, 0);
  int loops = atoi (argv[2]);
  state = seed;
  /* The counts go first, but are known at the end: the program is
     generated twice, the first time only to count.  */
  for (int pass = 0; pass < 2; pass++)
    {
      if (pass)
        {
          dest = stdout;
          out ("/* scanfuzz %llu: loops %d kernels %d staged %d */\n",
               seed, loops, kernels, staged_loops);
          state = seed;
          kernels = staged_loops = 0;
        }
      out ("%s%s", prelude, cxx ? cxx_prelude : "");
      for (int k = 0; k < loops; k++)
        if (pick (3) == 0)
          inscan_loop (k);
        else if (pick (12) == 0)
          compaction_loop (k);
        else
          clause_loop (k);
      out ("\nint\nmain (int argc, char **argv)\n"
           "{\n"
           "  int big = argc > 1 && !strcmp (argv[1], \"big\");\n");
      for (int k = 0; k < loops; k++)
        out ("  fz_run_%d (big);\n", k);
      out ("  if (fz_bad)\n"
           "    return 1;\n"
           "  printf (\"scanfuzz: %d loops checked\\n\");\n"
           "  return 0;\n"
           "}\n", loops);
    }
  return 0;
}
