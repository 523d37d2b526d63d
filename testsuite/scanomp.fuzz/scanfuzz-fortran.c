/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* scanfuzz-fortran: the differential fuzzer's Fortran program generator
   (fuzz.exp runs it for every sixth program).

     scanfuzz-fortran SEED LOOPS     a Fortran program of LOOPS random
                                     inscan loops
     scanfuzz-fortran -1 SEED LOOPS  the same with each phase of a loop
                                     one statement (a construct), as GCC
                                     11 to 13's gfortran require

   As scanfuzz's C programs do, each loop is written twice from one body:
   as an inscan loop (reduction(inscan, ...) with !$omp scan) in
   fz_scan_K, and as the plain sequential loop in fz_ref_K; fz_run_K fills
   the inputs, runs both over copies of the same data and compares every
   array and the scan variable in full: exactly for integers, logicals and
   the derived type, within FZ_TOL4 (real(4)) and FZ_TOL8 (real(8))
   relative for reals, whose inputs are multiples of 1/4 (or of powers of
   two, under *).

   Each array lives where Fortran programs keep their data: an
   explicit-shape or assumed-shape dummy, a row of an explicit-shape
   dummy of rank 2 (x(2, i) of x(2, lb:n), a column apart from the
   next), or an allocatable, pointer or
   fixed-size component of a derived type, fz_tK, which is a dummy, a
   component of another dummy (o%in%x), or a module variable (fz_mK).
   Scan variables are integer(4), integer(8), real(4), real(8), logical,
   or a derived type under a declared reduction (affine maps composed,
   which do not commute); operators +, *, max, min, iand, ior, ieor,
   .and., .or., written as Fortran writes them (max (s, e), if (e > s)
   s = e, merge, a conditional update).  Loops are `parallel do',
   `parallel do simd', an orphaned `do' or `do simd' in a parallel
   region, and `parallel do' in a target construct (plain arrays only).
   Every array's lower bound is the loop's, LB, not always 1.

   The program's first line says how many loops and kernels (one per
   loop) the plugin must offload.  It prints "scanfuzz: N loops checked"
   and exits 0, or names each loop, array and first element that differ
   and stops with status 1.  With the argument `big' every loop runs
   above the host cutoff.  */

#include <string.h>

#include "fuzz-gen.h"

/* Whether each phase of a loop must be one statement, as GCC 11 to 13's
   gfortran require (-1).  */
static int one_statement;

/* Print to standard output.  */
static void
out (const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  vprintf (fmt, ap);
  va_end (ap);
}

/* Types of scan variables and arrays.  */
enum ftype { T_I4, T_I8, T_R4, T_R8, T_LOGICAL, T_PAIR };
static const char *const type_names[] = { "integer(4)", "integer(8)",
  "real(4)", "real(8)", "logical", "type(fz_pair)" };
static const int kinds[] = { 4, 8, 4, 8, 0, 0 };

static int
is_real (enum ftype t)
{
  return t == T_R4 || t == T_R8;
}

static int
is_int (enum ftype t)
{
  return t == T_I4 || t == T_I8;
}

/* Operators, and the types each takes.  */
enum fop { F_ADD, F_MUL, F_MAX, F_MIN, F_IAND, F_IOR, F_IEOR, F_AND, F_OR,
           F_PAIR };
static const char *const fop_names[] = { "+", "*", "max", "min", "iand",
  "ior", "ieor", ".and.", ".or.", "fz_affine" };

/* Where an array lives: a dummy (the second row of one of rank 2,
   H_ROW), or a component of the loop's type.  */
enum home { H_EXPLICIT, H_ASSUMED, H_ROW, H_ALLOC, H_POINTER, H_FIXED,
            NHOMES };

/* Where the loop's fz_tK lives in fz_scan_K.  */
enum box { B_DUMMY, B_NESTED, B_MODULE };

/* The loop forms.  */
enum form { L_PARALLEL_DO, L_PARALLEL_DO_SIMD, L_ORPHAN, L_TARGET };

/* Arrays: x and w are read, y and z written.  */
enum { A_X, A_W, A_Y, A_Z, NARRAYS };
static const char *const array_names[] = { "x", "w", "y", "z" };

/* One loop, all its choices made before either copy is printed.  */
struct floop
{
  int k;
  enum ftype t;           /* the scan variable's, and y's */
  enum fop op;
  enum ftype xt;          /* x's, w's and z's */
  enum home home[NARRAYS];
  enum box box;
  enum form form;
  int inclusive;
  int writes_z;
  int block;              /* z's statement and y's in a block construct */
  int local_s;            /* s a local copy of the dummy s0 */
  long lb, small, big;
  unsigned long long fill[NARRAYS];  /* constants of each array's fill */
};

/* Whether loop L keeps any array in fz_tK.  */
static int
has_box (const struct floop *l)
{
  for (int a = 0; a < NARRAYS; a++)
    if (l->home[a] >= H_ALLOC)
      return 1;
  return 0;
}

/* Write to BUF how array A of loop L is named in fz_scan_K (SCAN) or
   fz_ref_K, element I.  */
static void
ref (char *buf, size_t size, const struct floop *l, int a, int scan,
     const char *i)
{
  const char *prefix = "";
  char box[32];
  if (l->home[a] >= H_ALLOC)
    {
      if (!scan || l->box == B_DUMMY)
        prefix = "t%";
      else if (l->box == B_NESTED)
        prefix = "o%in%";
      else
        {
          snprintf (box, sizeof box, "fz_m%d%%", l->k);
          prefix = box;
        }
    }
  snprintf (buf, size, "%s%s(%s%s)", prefix, array_names[a],
            l->home[a] == H_ROW ? "2, " : "", i);
}

/* Convert the expression E of type FROM to type TO, into BUF.  */
static void
convert (char *buf, size_t size, const char *e, enum ftype from,
         enum ftype to)
{
  if (from == to)
    snprintf (buf, size, "%s", e);
  else
    snprintf (buf, size, "%s(%s, %d)", is_real (to) ? "real" : "int", e,
              kinds[to]);
}

/* The value, of L's type, that its update combines: made from x(i) and
   w(i), converted (a logical's condition in parentheses).  SCAN says
   which copy.  */
static void
element (char *buf, size_t size, const struct floop *l, int scan,
         int variant)
{
  char x[64], w[64], e[400];
  ref (x, sizeof x, l, A_X, scan, "i");
  ref (w, sizeof w, l, A_W, scan, "i");
  if (l->op == F_AND || l->op == F_OR)
    {
      static const char *const conds[] = { "%s > %s", "%s >= 0", "%s < %s",
        "%s /= 0" };
      const char *c = conds[variant % 4];
      if (strstr (c + 3, "%s"))
        snprintf (e, sizeof e, c, x, w);
      else
        snprintf (e, sizeof e, c, (variant & 4) ? w : x);
      snprintf (buf, size, "(%s)", e);
      return;
    }
  /* Under *, only what keeps the inputs' magnitudes: a product of any
     grouping stays exact.  */
  int n = l->op == F_MUL ? 4 : 9;
  switch (variant % n)
    {
    case 0: snprintf (e, sizeof e, "%s", x); break;
    case 1: snprintf (e, sizeof e, "%s", w); break;
    case 2: snprintf (e, sizeof e, "(-%s)", x); break;
    case 3: snprintf (e, sizeof e, "merge(%s, %s, %s > %s)", x, w, x, w);
      break;
    case 4: snprintf (e, sizeof e, "(%s + %s)", x, w); break;
    case 5: snprintf (e, sizeof e, "(%s - %s)", x, w); break;
    case 6: snprintf (e, sizeof e, "max(%s, %s)", x, w); break;
    case 7: snprintf (e, sizeof e, "min(%s, %s)", w, x); break;
    default: snprintf (e, sizeof e, "abs(%s)", x); break;
    }
  convert (buf, size, e, l->xt, l->t);
}

/* The loop's update of s, as one of the ways Fortran writes it.  */
static void
update (struct text *b, const struct floop *l, int scan, int variant,
        const char *indent)
{
  char e[640] = "";
  if (l->op != F_PAIR)
    element (e, sizeof e, l, scan, variant);
  const char *name = fop_names[l->op];
  int way = variant / 16;
  switch (l->op)
    {
    case F_ADD:
    case F_MUL:
    case F_AND:
    case F_OR:
      if (way % 2)
        add (b, "%ss = %s %s s\n", indent, e, name);
      else
        add (b, "%ss = s %s %s\n", indent, name, e);
      break;
    case F_MAX:
    case F_MIN:
      {
        const char *cmp = l->op == F_MAX ? ">" : "<";
        switch (way % 5)
          {
          case 0: add (b, "%ss = %s(s, %s)\n", indent, name, e); break;
          case 1: add (b, "%ss = %s(%s, s)\n", indent, name, e); break;
          case 2: add (b, "%sif (%s %s s) s = %s\n", indent, e, cmp, e);
            break;
          case 3:
            add (b, "%sif (s %s %s) then\n%s  s = %s\n%send if\n", indent,
                 l->op == F_MAX ? "<" : ">", e, indent, e, indent);
            break;
          default:
            /* Two lines: E twice may pass free form's 132 columns.  */
            add (b, "%ss = merge(%s, s, &\n%s      %s %s s)\n", indent, e,
                 indent, e, cmp);
          }
      }
      break;
    case F_IAND:
    case F_IOR:
    case F_IEOR:
      if (way % 2)
        add (b, "%ss = %s(%s, s)\n", indent, name, e);
      else
        add (b, "%ss = %s(s, %s)\n", indent, name, e);
      break;
    case F_PAIR:
      {
        char x[64], w[64];
        ref (x, sizeof x, l, A_X, scan, "i");
        ref (w, sizeof w, l, A_W, scan, "i");
        add (b, "%ss = fz_pair(s%%a * %s, &\n%s    s%%b * %s + %s)\n",
             indent, x, indent, x, w);
      }
      break;
    }
}

/* The statements of the input phase, sometimes under a condition.  */
static void
input_phase (struct text *b, const struct floop *l, int scan, int variant,
             int cond)
{
  if (cond)
    {
      char x[64], w[64];
      ref (x, sizeof x, l, A_X, scan, "i");
      ref (w, sizeof w, l, A_W, scan, "i");
      switch (cond)
        {
        case 1: add (b, "    if (%s > %s) then\n", x, w); break;
        case 2: add (b, "    if (mod(i, 3) /= 0) then\n"); break;
        default: add (b, "    if (%s >= 0) then\n", w);
        }
      update (b, l, scan, variant, "      ");
      add (b, "    end if\n");
    }
  else
    update (b, l, scan, variant, "    ");
}

/* The statements of the scan phase: y(i) gets s, z(i) sometimes a
   value made from it.  */
static void
scan_phase (struct text *b, const struct floop *l, int scan)
{
  char y[64], z[64], x[64], w[64], v[256];
  ref (y, sizeof y, l, A_Y, scan, "i");
  ref (z, sizeof z, l, A_Z, scan, "i");
  ref (x, sizeof x, l, A_X, scan, "i");
  ref (w, sizeof w, l, A_W, scan, "i");
  if (!l->writes_z)
    {
      add (b, "    %s = s\n", y);
      return;
    }
  if (l->t == T_LOGICAL)
    snprintf (v, sizeof v, "merge(%s, %s, s)", x, w);
  else if (l->t == T_PAIR)
    convert (v, sizeof v, "s%b", T_I4, l->xt);
  else
    convert (v, sizeof v, "s", l->t, l->xt);
  if (l->block)
    add (b, "    block\n      %s = s\n      %s = %s\n    end block\n", y, z,
         v);
  else
    add (b, "    %s = s\n    %s = %s\n", y, z, v);
}

/* The type of array A of loop L.  */
static enum ftype
array_type (const struct floop *l, int a)
{
  return a == A_Y ? l->t : l->xt;
}

/* Print the declaration of array A of loop L as a dummy of fz_scan_K or
   fz_ref_K, or nothing where it is a component.  */
static void
print_dummy (const struct floop *l, int a)
{
  if (l->home[a] >= H_ALLOC)
    return;
  out ("    %s, intent(%s) :: %s(%slb:%s)\n", type_names[array_type (l, a)],
       a == A_X || a == A_W ? "in" : "inout", array_names[a],
       l->home[a] == H_ROW ? "2, " : "",
       l->home[a] != H_ASSUMED ? "n" : "");
}

/* Print one of the two subroutines of loop L: fz_scan_K (SCAN) or
   fz_ref_K, over the body BODY.  */
static void
print_subroutine (const struct floop *l, int scan, const struct text *body)
{
  char params[128] = "";
  for (int a = 0; a < NARRAYS; a++)
    if (l->home[a] < H_ALLOC)
      snprintf (params + strlen (params), sizeof params - strlen (params),
                ", %s", array_names[a]);
  const char *box = "";
  if (has_box (l))
    box = scan && l->box == B_NESTED ? ", o" : scan && l->box == B_MODULE
          ? "" : ", t";
  const char *s = l->local_s ? "s0" : "s";
  out ("  subroutine fz_%s_%d(lb, n, %s%s%s)\n", scan ? "scan" : "ref", l->k,
       s, params, box);
  out ("    integer, intent(in) :: lb, n\n"
       "    %s, intent(inout) :: %s\n", type_names[l->t], s);
  if (l->local_s)
    out ("    %s :: s\n", type_names[l->t]);
  for (int a = 0; a < NARRAYS; a++)
    print_dummy (l, a);
  if (!strcmp (box, ", t"))
    out ("    type(fz_t%d), intent(inout) :: t\n", l->k);
  else if (!strcmp (box, ", o"))
    out ("    type(fz_o%d), intent(inout) :: o\n", l->k);
  out ("    integer :: i\n");
  if (scan && l->t == T_PAIR)
    out ("    !$omp declare reduction (fz_affine : fz_pair : &\n"
         "    !$omp   omp_out = fz_pair(omp_out%%a * omp_in%%a, &\n"
         "    !$omp     omp_out%%b * omp_in%%a + omp_in%%b)) &\n"
         "    !$omp   initializer (omp_priv = fz_pair(1, 0))\n");
  if (l->local_s)
    out ("    s = s0\n%s    s0 = s\n", body->s);
  else
    out ("%s", body->s);
  out ("  end subroutine fz_%s_%d\n", scan ? "scan" : "ref", l->k);
}

/* The loop's body, as fz_scan_K (SCAN) or fz_ref_K has it.  */
static void
loop_body (struct text *b, const struct floop *l, int scan, int variant,
           int cond, int simd_end)
{
  const char *op = fop_names[l->op];
  if (scan)
    switch (l->form)
      {
      case L_TARGET:
        {
          char tos[64] = "", froms[64] = "";
          for (int a = 0; a < NARRAYS; a++)
            snprintf (a < A_Y ? tos + strlen (tos) : froms + strlen (froms),
                      64 - strlen (a < A_Y ? tos : froms), "%s%s",
                      *(a < A_Y ? tos : froms) ? ", " : "", array_names[a]);
          add (b, "    !$omp target map(to: %s) map(tofrom: %s, s)\n", tos,
               froms);
        }
        /* Fall through.  */
      case L_PARALLEL_DO:
        add (b, "    !$omp parallel do reduction(inscan, %s: s)\n", op);
        break;
      case L_PARALLEL_DO_SIMD:
        add (b, "    !$omp parallel do simd reduction(inscan, %s: s)\n", op);
        break;
      case L_ORPHAN:
        add (b, "    !$omp parallel\n    !$omp do%s reduction(inscan, %s: s)"
             "\n", simd_end ? " simd" : "", op);
        break;
      }
  add (b, "    do i = lb, n\n");
  if (l->inclusive)
    {
      input_phase (b, l, scan, variant, cond);
      if (scan)
        add (b, "      !$omp scan inclusive(s)\n");
      scan_phase (b, l, scan);
    }
  else
    {
      scan_phase (b, l, scan);
      if (scan)
        add (b, "      !$omp scan exclusive(s)\n");
      input_phase (b, l, scan, variant, cond);
    }
  add (b, "    end do\n");
  if (!scan)
    return;
  switch (l->form)
    {
    case L_TARGET:
      add (b, "    !$omp end target\n");
      break;
    case L_ORPHAN:
      if (simd_end)
        add (b, "    !$omp end do simd\n");
      add (b, "    !$omp end parallel\n");
      break;
    case L_PARALLEL_DO:
      if (simd_end)
        add (b, "    !$omp end parallel do\n");
      break;
    case L_PARALLEL_DO_SIMD:
      if (simd_end)
        add (b, "    !$omp end parallel do simd\n");
      break;
    }
}

/* Print the fill of array A of loop L, both copies, named SA and RA.  */
static void
print_fill (const struct floop *l, int a, const char *sa, const char *ra)
{
  enum ftype t = array_type (l, a);
  unsigned long long f = l->fill[a];
  int p = 1 + 2 * (int) (f % 500), q = (int) ((f >> 20) % 1000);
  int m = 5 + (int) ((f >> 40) % 13);
  /* Under * (and x of fz_affine, its multiplier): magnitudes that keep
     every grouping's product exact and in range.  */
  int mul = (l->op == F_MUL && a != A_Y) || (l->op == F_PAIR && a == A_X);
  char v[256];
  if (t == T_LOGICAL)
    snprintf (v, sizeof v, "mod(int(i, 8) * %d + %d, 2) == 0", p, q);
  else if (t == T_PAIR)
    snprintf (v, sizeof v, "fz_pair(int(mod(int(i, 8) * %d + %d, %d)), "
              "int(mod(i, 7)))", p, q, m);
  else if (mul && is_int (t))
    snprintf (v, sizeof v, "int(1 - 2 * mod((int(i, 8) * %d + %d) / 3, 2),"
              " %d)", p, q, kinds[t]);
  else if (mul)
    snprintf (v, sizeof v, "real(1 - 2 * mod((int(i, 8) * %d + %d) / 3, 2),"
              " %d) * merge(2.0_%d, 0.5_%d, mod(i, 2) == 0)", p, q, kinds[t],
              kinds[t], kinds[t]);
  else if (is_int (t))
    snprintf (v, sizeof v, "int(mod(int(i, 8) * %d + %d, %d) - %d, %d)", p,
              q, m, m / 2, kinds[t]);
  else
    snprintf (v, sizeof v, "real(mod(int(i, 8) * %d + %d, %d) - %d, %d) / "
              "4", p, q, m, m / 2, kinds[t]);
  /* A row of an array of rank 2: the other row, which the loop must
     not read, holds other values.  */
  const char *row = l->home[a] == H_ROW ? "2, " : "";
  out ("    do i = lb, n\n"
       "      %s%s(%si) = &\n        %s\n"
       "      %s%s(%si) = %s%s(%si)\n", sa, array_names[a], row, v, ra,
       array_names[a], row, sa, array_names[a], row);
  out ("    end do\n");
  if (*row)
    out ("    do i = lb, n\n"
         "      %s%s(1, i) = %s%s(2, lb + modulo(i * 7, n - lb + 1))\n"
         "      %s%s(1, i) = %s%s(1, i)\n"
         "    end do\n", sa, array_names[a], sa, array_names[a], ra,
         array_names[a], sa, array_names[a]);
}

/* Print the test that A and B, of type T, are equal, as a condition.  */
static void
differ (char *buf, size_t size, const char *a, const char *b, enum ftype t)
{
  if (t == T_LOGICAL)
    snprintf (buf, size, "%s .neqv. %s", a, b);
  else if (t == T_PAIR)
    snprintf (buf, size, "%s%%a /= %s%%a .or. %s%%b /= %s%%b", a, b, a, b);
  else if (is_real (t))
    snprintf (buf, size, "abs(%s - %s) > FZ_TOL%d * max(1.0_%d, abs(%s))",
              a, b, kinds[t], kinds[t], b);
  else
    snprintf (buf, size, "%s /= %s", a, b);
}

/* Print fz_run_K for loop L.  */
static void
print_run (const struct floop *l)
{
  char sa[32] = "", ra[32] = "";
  out ("  subroutine fz_run_%d(big)\n"
       "    logical, intent(in) :: big\n"
       "    integer, parameter :: lb = %ld\n"
       "    integer :: n, i\n"
       "    %s :: s, rs\n", l->k, l->lb, type_names[l->t]);
  if (has_box (l))
    {
      out ("    type(fz_t%d), allocatable :: ra\n", l->k);
      strcpy (ra, "ra%");
      if (l->box == B_DUMMY)
        {
          out ("    type(fz_t%d), allocatable :: sa\n", l->k);
          strcpy (sa, "sa%");
        }
      else if (l->box == B_NESTED)
        {
          out ("    type(fz_o%d), allocatable :: so\n", l->k);
          strcpy (sa, "so%in%");
        }
      else
        snprintf (sa, sizeof sa, "fz_m%d%%", l->k);
    }
  for (int a = 0; a < NARRAYS; a++)
    if (l->home[a] < H_ALLOC)
      out ("    %s, allocatable :: s_%s(%s), r_%s(%s)\n",
           type_names[array_type (l, a)], array_names[a],
           l->home[a] == H_ROW ? ":, :" : ":", array_names[a],
           l->home[a] == H_ROW ? ":, :" : ":");
  out ("    n = lb - 1 + merge(%ld, %ld, big)\n", l->big, l->small);
  if (has_box (l))
    out ("    allocate (ra%s)\n", l->box == B_DUMMY ? ", sa"
         : l->box == B_NESTED ? ", so" : "");
  for (int a = 0; a < NARRAYS; a++)
    {
      char s_[40], r_[40];
      if (l->home[a] < H_ALLOC)
        {
          const char *rows = l->home[a] == H_ROW ? "2, " : "";
          out ("    allocate (s_%s(%slb:n), r_%s(%slb:n))\n", array_names[a],
               rows, array_names[a], rows);
          snprintf (s_, sizeof s_, "s_");
          snprintf (r_, sizeof r_, "r_");
        }
      else
        {
          if (l->home[a] != H_FIXED)
            out ("    allocate (%s%s(lb:n), %s%s(lb:n))\n", sa,
                 array_names[a], ra, array_names[a]);
          snprintf (s_, sizeof s_, "%s", sa);
          snprintf (r_, sizeof r_, "%s", ra);
        }
      print_fill (l, a, s_, r_);
    }
  char init[64];
  unsigned long long r = l->fill[A_Y] >> 50;
  switch (l->op)
    {
    case F_MUL: snprintf (init, sizeof init, "-1"); break;
    case F_AND: snprintf (init, sizeof init, ".true."); break;
    case F_OR: snprintf (init, sizeof init, "%s", r % 2 ? ".true."
                         : ".false."); break;
    case F_PAIR: snprintf (init, sizeof init, "fz_pair(-1, %d)",
                           (int) (r % 7)); break;
    case F_IAND: snprintf (init, sizeof init, "-%d", 1 + (int) (r % 3));
      break;
    default: snprintf (init, sizeof init, "%d", (int) (r % 9) - 4);
    }
  out ("    s = %s\n    rs = s\n", init);
  char sargs[128] = "", rargs[128] = "";
  for (int a = 0; a < NARRAYS; a++)
    if (l->home[a] < H_ALLOC)
      {
        snprintf (sargs + strlen (sargs), sizeof sargs - strlen (sargs),
                  ", s_%s", array_names[a]);
        snprintf (rargs + strlen (rargs), sizeof rargs - strlen (rargs),
                  ", r_%s", array_names[a]);
      }
  if (has_box (l))
    {
      if (l->box != B_MODULE)
        snprintf (sargs + strlen (sargs), sizeof sargs - strlen (sargs),
                  ", %s", l->box == B_NESTED ? "so" : "sa");
      snprintf (rargs + strlen (rargs), sizeof rargs - strlen (rargs),
                ", ra");
    }
  out ("    call fz_scan_%d(lb, n, s%s)\n"
       "    call fz_ref_%d(lb, n, rs%s)\n", l->k, sargs, l->k, rargs);
  char c[256];
  differ (c, sizeof c, "s", "rs", l->t);
  out ("    if (%s) call fz_fail(%d, 's', 0)\n", c, l->k);
  for (int a = A_Y; a < NARRAYS; a++)
    {
      char s_[64], r_[64];
      if (l->home[a] < H_ALLOC)
        {
          const char *row = l->home[a] == H_ROW ? "2, " : "";
          snprintf (s_, sizeof s_, "s_%s(%si)", array_names[a], row);
          snprintf (r_, sizeof r_, "r_%s(%si)", array_names[a], row);
        }
      else
        {
          snprintf (s_, sizeof s_, "%s%s(i)", sa, array_names[a]);
          snprintf (r_, sizeof r_, "%s%s(i)", ra, array_names[a]);
        }
      differ (c, sizeof c, s_, r_, array_type (l, a));
      out ("    do i = lb, n\n"
           "      if (%s) then\n"
           "        call fz_fail(%d, '%s', i)\n"
           "        exit\n"
           "      end if\n"
           "    end do\n", c, l->k, array_names[a]);
    }
  for (int a = 0; a < NARRAYS; a++)
    if (l->home[a] == H_POINTER || (l->home[a] == H_ALLOC
                                    && l->box == B_MODULE))
      out ("    deallocate (%s%s, %s%s)\n", sa, array_names[a], ra,
           array_names[a]);
  out ("  end subroutine fz_run_%d\n\n", l->k);
}

/* Print the declaration of fz_tK (and fz_oK, fz_mK) for loop L.  */
static void
print_types (const struct floop *l)
{
  if (!has_box (l))
    return;
  out ("  type fz_t%d\n", l->k);
  for (int a = 0; a < NARRAYS; a++)
    {
      const char *t = type_names[array_type (l, a)];
      switch (l->home[a])
        {
        case H_ALLOC:
          out ("    %s, allocatable :: %s(:)\n", t, array_names[a]);
          break;
        case H_POINTER:
          out ("    %s, pointer :: %s(:) => null()\n", t, array_names[a]);
          break;
        case H_FIXED:
          out ("    %s :: %s(%ld:%ld)\n", t, array_names[a], l->lb,
               l->lb - 1 + l->big);
          break;
        default:
          break;
        }
    }
  out ("  end type fz_t%d\n", l->k);
  if (l->box == B_NESTED)
    out ("  type fz_o%d\n    type(fz_t%d) :: in\n  end type fz_o%d\n", l->k,
         l->k, l->k);
  else if (l->box == B_MODULE)
    out ("  type(fz_t%d), save :: fz_m%d\n", l->k, l->k);
}

/* Choose every part of loop K.  */
static void
random_loop (struct floop *l, int k)
{
  static const enum fop ops[] = { F_ADD, F_ADD, F_ADD, F_MUL, F_MAX, F_MAX,
    F_MIN, F_MIN, F_IAND, F_IOR, F_IEOR, F_AND, F_OR, F_PAIR };
  memset (l, 0, sizeof *l);
  l->k = k;
  l->op = PICK (ops);
  switch (l->op)
    {
    case F_IAND: case F_IOR: case F_IEOR:
      l->t = pick (2) ? T_I4 : T_I8;
      l->xt = pick (2) ? T_I4 : T_I8;
      break;
    case F_AND: case F_OR:
      l->t = T_LOGICAL;
      l->xt = (enum ftype) pick (4);
      break;
    case F_PAIR:
      l->t = T_PAIR;
      l->xt = T_I4;
      break;
    case F_MUL:
      /* Integers multiply by 1 and -1, reals by powers of two: a real
         times an integer would round to 0.  */
      l->t = (enum ftype) pick (4);
      l->xt = is_int (l->t) ? (enum ftype) pick (2)
              : (enum ftype) (2 + pick (2));
      break;
    default:
      l->t = (enum ftype) pick (4);
      l->xt = (enum ftype) pick (4);
    }
  l->form = (enum form) pick (4);
  /* gfortran itself stops with an ICE on a declared reduction's inscan
     loop in a target region (GCC 12).  */
  if (l->form == L_TARGET && l->op == F_PAIR)
    l->form = L_PARALLEL_DO;
  l->box = (enum box) pick (3);
  for (int a = 0; a < NARRAYS; a++)
    l->home[a] = l->form == L_TARGET ? H_EXPLICIT
                 : (enum home) pick (NHOMES);
  l->inclusive = pick (2);
  /* gfortran stops with an ICE on a dummy of a derived type in an inscan
     reduction (GCC 12).  */
  l->local_s = l->t == T_PAIR || pick (2);
  l->writes_z = pick (2);
  l->block = one_statement || pick (2);
  static const long lbs[] = { 1, 1, 0, -3, 7 };
  l->lb = PICK (lbs);
  switch (pick (4))
    {
    case 0: l->small = pick (4); break;
    case 1: l->small = 4 + pick (200); break;
    default: l->small = 200 + pick (70000);
    }
  /* Past the host cutoff: that of floating and user types where the scan
     variable is one, else that of integers.  */
  l->big = (is_real (l->t) || l->t == T_PAIR ? 1L << 17 : 1L << 20)
           + pick (5000);
  /* A fixed-size component of a megabyte or more: gfortran -O0 builds
     its type's default value on the stack.  */
  for (int a = 0; a < NARRAYS; a++)
    if (l->home[a] == H_FIXED)
      l->big = (1L << 17) + pick (5000);
  for (int a = 0; a < NARRAYS; a++)
    l->fill[a] = rnd ();
}

int
main (int argc, char **argv)
{
  if (argc == 4 && !strcmp (argv[1], "-1"))
    {
      one_statement = 1;
      argc--;
      argv++;
    }
  if (argc != 3)
    {
      fprintf (stderr, "usage: scanfuzz-fortran [-1] SEED LOOPS\n");
      return 2;
    }
  unsigned long long seed = strtoull (argv[1], NULL, 0);
  int loops = atoi (argv[2]);
  state = seed;
  struct floop *all = calloc (loops > 0 ? loops : 1, sizeof *all);
  if (!all)
    return 2;
  for (int k = 0; k < loops; k++)
    random_loop (&all[k], k);
  out ("! scanfuzz-fortran %llu: loops %d kernels %d\n"
       "module fz\n"
       "  implicit none\n"
       "  real(4), parameter :: FZ_TOL4 = 1e-5\n"
       "  real(8), parameter :: FZ_TOL8 = 1d-11\n"
       "  integer :: fz_bad = 0\n"
       "  type fz_pair\n"
       "    integer :: a, b\n"
       "  end type fz_pair\n", seed, loops, loops);
  for (int k = 0; k < loops; k++)
    print_types (&all[k]);
  out ("contains\n"
       "  subroutine fz_fail(k, what, i)\n"
       "    integer, intent(in) :: k, i\n"
       "    character(*), intent(in) :: what\n"
       "    print '(a,i0,3a,i0,a)', 'scanfuzz: loop ', k, ': ', what, &\n"
       "      '(', i, ') differs'\n"
       "    fz_bad = 1\n"
       "  end subroutine fz_fail\n\n");
  for (int k = 0; k < loops; k++)
    {
      const struct floop *l = &all[k];
      int variant = pick (80), cond = pick (4) == 0 ? 1 + pick (3) : 0;
      /* A skipped factor would leave the powers of two unbalanced.  */
      if (l->op == F_MUL && is_real (l->t))
        cond = 0;
      int simd_end = pick (2);
      for (int scan = 1; scan >= 0; scan--)
        {
          struct text body = { .len = 0 };
          loop_body (&body, l, scan, variant, cond, simd_end);
          print_subroutine (l, scan, &body);
          out ("\n");
        }
      print_run (l);
    }
  out ("end module fz\n\n"
       "program main\n"
       "  use fz\n"
       "  implicit none\n"
       "  character(8) :: arg\n"
       "  logical :: big\n"
       "  arg = ''\n"
       "  if (command_argument_count() > 0) call get_command_argument(1, "
       "arg)\n"
       "  big = arg == 'big'\n");
  for (int k = 0; k < loops; k++)
    out ("  call fz_run_%d(big)\n", k);
  out ("  if (fz_bad /= 0) stop 1\n"
       "  print '(a,i0,a)', 'scanfuzz: ', %d, ' loops checked'\n"
       "end program main\n", loops);
  free (all);
  return 0;
}
