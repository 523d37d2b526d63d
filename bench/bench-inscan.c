/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* bench-inscan.c: a standard OpenMP 5.0 inscan loop outside target
   constructs, as GCC 12 runs it (its own lowering, on OpenMP's threads)
   and as the scanomp plugin runs it (the host path, libscanrt/run/host.c),
   with the serial loop, side by side in one process (methods round-robin,
   medians) at the default OpenMP settings, over int32 at 2^10 to 2^24
   elements; each way also as an orphaned `for' in a parallel region
   (-orphan), compared with GCC's own of that.  The same source,
   inscan-loop.h, is compiled both ways; so is inscan-loop-cxx.h, the
   C++ rows: the loop over a std::vector with operator[] (cxx-vector), a
   generic algorithm over its iterators (cxx-iter), and the C form over
   the vectors' data (cxx-ptr: the C++ rows' data, without their C++),
   each compared with GCC's own of the same source; and the C loop down
   a column whose row length is known at run time alone (stride), 1 so
   that it moves the bytes the C row moves.  Built with gfortran
   (INSCAN_FORTRAN), the Fortran rows: inscan-loop.f90's `parallel do',
   by gfortran alone and through the plugin, compared with gfortran's.
   Then two loops whose input phase costs more than its value, which the
   host path keeps (heavy: a sine of each element; ranges: a 16-byte
   range read for its length), each beside GCC's own and its own serial
   loop, at 2^14 to 2^22.

     bench-inscan [RESULTS.TSV]       the table (default bench/inscan.tsv)
     bench-inscan --first METHOD LOG2N
                                      one scan by METHOD (scanomp,
                                      gcc-inscan or serial; region, an
                                      empty parallel region) in this
                                      process, the first, then the median
                                      of 11: one line, "first S steady S"
                                      (the arrays are written before)  */

#include <math.h>
#include <string.h>

#include "inscan-range.h"
#include "measure.h"

int inscan_gcc (int *restrict y, const int *restrict x, long n);
int inscan_scanomp (int *restrict y, const int *restrict x, long n);
int inscan_gcc_orphan (int *restrict y, const int *restrict x, long n);
int inscan_scanomp_orphan (int *restrict y, const int *restrict x, long n);
int inscan_scanomp_stride (int *restrict y, const int *restrict x, long n);
int inscan_gcc_stride (int *restrict y, const int *restrict x, long n);
int inscan_scanomp_heavy (int *restrict y, const int *restrict x, long n);
int inscan_gcc_heavy (int *restrict y, const int *restrict x, long n);
int inscan_scanomp_ranges (int *restrict y,
                           const struct inscan_range *restrict r, long n);
int inscan_gcc_ranges (int *restrict y, const struct inscan_range *restrict r,
                       long n);
int inscan_cxx_vector_gcc (int *restrict y, const int *restrict x, long n);
int inscan_cxx_vector_scanomp (int *restrict y, const int *restrict x,
                               long n);
int inscan_cxx_iterator_gcc (int *restrict y, const int *restrict x, long n);
int inscan_cxx_iterator_scanomp (int *restrict y, const int *restrict x,
                                 long n);
int inscan_cxx_pointer_gcc (int *restrict y, const int *restrict x, long n);
int inscan_cxx_pointer_scanomp (int *restrict y, const int *restrict x,
                                long n);

/* The row length of the stride rows' column, 1 at run time.  */
long inscan_row_length = 1;

static int
serial (int *restrict y, const int *restrict x, long n)
{
  int s = 0;
  for (long i = 0; i < n; i++)
    y[i] = s += x[i];
  return s;
}

#ifdef INSCAN_FORTRAN
int inscan_fortran_gcc (int *restrict y, const int *restrict x, long n);
int inscan_fortran_scanomp (int *restrict y, const int *restrict x,
                            long n);
#endif

enum { M_SCANOMP, M_GCC, M_SERIAL, M_SCANOMP_ORPHAN, M_GCC_ORPHAN,
       M_VECTOR_SCANOMP, M_VECTOR_GCC, M_ITERATOR_SCANOMP, M_ITERATOR_GCC,
       M_POINTER_SCANOMP, M_POINTER_GCC, M_STRIDE_SCANOMP, M_STRIDE_GCC,
#ifdef INSCAN_FORTRAN
       M_FORTRAN_SCANOMP, M_FORTRAN_GCC,
#endif
       NMETHODS };
static const char *const names[NMETHODS] = { "scanomp", "gcc-inscan",
                                              "serial", "scanomp-orphan",
                                              "gcc-orphan",
                                              "cxx-vector-scanomp",
                                              "cxx-vector-gcc",
                                              "cxx-iter-scanomp",
                                              "cxx-iter-gcc",
                                              "cxx-ptr-scanomp",
                                              "cxx-ptr-gcc",
                                              "stride-scanomp",
                                              "stride-gcc",
#ifdef INSCAN_FORTRAN
                                              "fortran-scanomp",
                                              "fortran-gcc",
#endif
                                            };
static int (*const fns[NMETHODS]) (int *restrict, const int *restrict,
                                   long) = { inscan_scanomp, inscan_gcc,
                                             serial, inscan_scanomp_orphan,
                                             inscan_gcc_orphan,
                                             inscan_cxx_vector_scanomp,
                                             inscan_cxx_vector_gcc,
                                             inscan_cxx_iterator_scanomp,
                                             inscan_cxx_iterator_gcc,
                                             inscan_cxx_pointer_scanomp,
                                             inscan_cxx_pointer_gcc,
                                             inscan_scanomp_stride,
                                             inscan_gcc_stride,
#ifdef INSCAN_FORTRAN
                                             inscan_fortran_scanomp,
                                             inscan_fortran_gcc,
#endif
                                           };

/* The method of GCC's own that method M compares with.  */
static int
gcc_of (int m)
{
#ifdef INSCAN_FORTRAN
  if (m >= M_FORTRAN_SCANOMP)
    return M_FORTRAN_GCC;
#endif
  if (m >= M_STRIDE_SCANOMP)
    return M_STRIDE_GCC;
  if (m >= M_POINTER_SCANOMP)
    return M_POINTER_GCC;
  if (m >= M_ITERATOR_SCANOMP)
    return M_ITERATOR_GCC;
  if (m >= M_VECTOR_SCANOMP)
    return M_VECTOR_GCC;
  return m < M_SCANOMP_ORPHAN ? M_GCC : M_GCC_ORPHAN;
}

struct args
{
  int *y;
  const int *x;
  long n;
  int inner;                    /* calls a timing */
};

static void
run_method (int m, void *ctx)
{
  struct args *a = ctx;
  for (int i = 0; i < a->inner; i++)
    fns[m] (a->y, a->x, a->n);
}

/* The loops whose input phase costs more than its value (inscan-loop.h),
   sequential.  */
static int
serial_heavy (int *restrict y, const int *restrict x, long n)
{
  int s = 0;
  for (long i = 0; i < n; i++)
    y[i] = s += (int) (8 * sin (x[i] * 0.01));
  return s;
}

static int
serial_ranges (int *restrict y, const struct inscan_range *restrict r,
               long n)
{
  int s = 0;
  for (long i = 0; i < n; i++)
    {
      y[i] = s;
      s += (int) (r[i].end - r[i].begin);
    }
  return s;
}

/* The cases of the costly input phases: heavy, then ranges; each by the
   plugin, by GCC, and sequentially.  */
enum { K_SCANOMP, K_GCC, K_SERIAL, KMETHODS };
static const char *const kept_names[KMETHODS] = { "scanomp", "gcc-inscan",
                                                  "serial" };
struct kept_args
{
  int *y;
  const int *x;
  const struct inscan_range *r;
  long n;
  int ranges;                   /* the ranges case, else heavy */
};

static int
run_kept (const struct kept_args *a, int m)
{
  static int (*const heavy[KMETHODS]) (int *restrict, const int *restrict,
                                       long) = { inscan_scanomp_heavy,
                                                 inscan_gcc_heavy,
                                                 serial_heavy };
  static int (*const ranges[KMETHODS]) (int *restrict,
                                        const struct inscan_range *restrict,
                                        long) = { inscan_scanomp_ranges,
                                                  inscan_gcc_ranges,
                                                  serial_ranges };
  return a->ranges ? ranges[m] (a->y, a->r, a->n) : heavy[m] (a->y, a->x,
                                                              a->n);
}

static void
run_kept_method (int m, void *ctx)
{
  run_kept (ctx, m);
}

/* The table of the costly input phases, to OUT: 0, or 1 where a method
   is wrong, 2 where timing fails.  */
static int
kept_table (FILE *out)
{
  static const int logs[] = { 14, 17, 20, 22 };
  static int pool[8];
  for (int ranges = 0; ranges < 2; ranges++)
    for (unsigned s = 0; s < sizeof logs / sizeof logs[0]; s++)
      {
        long n = 1L << logs[s];
        int *x = malloc (n * 4), *y = malloc (n * 4), *ref = malloc (n * 4);
        struct inscan_range *r = malloc (n * sizeof *r);
        for (long i = 0; i < n; i++)
          {
            x[i] = (int) (i % 1000) - 500;
            r[i].begin = pool;
            r[i].end = pool + i % 7;
          }
        struct kept_args a = { ref, x, r, n, ranges };
        int total = run_kept (&a, K_SERIAL);
        a.y = y;
        for (int m = 0; m < KMETHODS; m++)
          {
            memset (y, 0, n * 4);
            if (run_kept (&a, m) != total || memcmp (y, ref, n * 4))
              {
                fprintf (stderr, "bench-inscan: %s %s is wrong at n = %ld\n",
                         ranges ? "ranges" : "heavy", kept_names[m], n);
                return 1;
              }
          }
        double med[KMETHODS], min[KMETHODS];
        const char *kind = ranges ? "ranges" : "heavy";
        if (bench_medians (KMETHODS, logs[s] <= 20 ? 21 : 11,
                           run_kept_method, &a, med, min))
          return 2;
        bench_write_tsv (out, kind, kept_names, KMETHODS, n,
                         logs[s] <= 20 ? 21 : 11, med, min);
        for (int m = 0; m < KMETHODS; m++)
          printf ("%-7s %9ld %-18s %11.9f %9.3f %9.2f %8.2f\n", kind, n,
                  kept_names[m], med[m], n / med[m] * 1e-9,
                  med[K_SERIAL] / med[m], med[K_GCC] / med[m]);
        putchar ('\n');
        free (x);
        free (y);
        free (ref);
        free (r);
      }
  return 0;
}

/* An empty parallel region: what the first of a process costs is the
   least a first call on OpenMP's threads can cost.  */
static int
empty_region (int *restrict y, const int *restrict x, long n)
{
  (void) y, (void) x, (void) n;
#pragma omp parallel
  __asm__ volatile ("");
  return 0;
}

/* --first METHOD LOG2N.  */
static int
first_call (const char *method, int log2n)
{
  int m = 0;
  while (m < NMETHODS && strcmp (names[m], method))
    m++;
  int (*fn) (int *restrict, const int *restrict, long)
    = m < NMETHODS ? fns[m] : !strcmp (method, "region") ? empty_region
                                                          : NULL;
  if (!fn)
    {
      fprintf (stderr, "bench-inscan: --first takes a method of the "
               "table (scanomp, gcc-inscan, serial, ...) or region, not "
               "%s\n", method);
      return 2;
    }
  long n = 1L << log2n;
  int *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  for (long i = 0; i < n; i++)
    {
      x[i] = (int) (i % 1000) - 500;
      y[i] = -1;
    }
  double t0 = bench_now ();
  fn (y, x, n);
  double first = bench_now () - t0, t[11];
  for (int r = 0; r < 11; r++)
    {
      t0 = bench_now ();
      fn (y, x, n);
      t[r] = bench_now () - t0;
    }
  qsort (t, 11, sizeof *t, bench_by_value);
  printf ("%s 2^%d first %.6f steady %.6f\n", method, log2n, first, t[5]);
  free (x);
  free (y);
  return 0;
}

int
main (int argc, char **argv)
{
  if (argc > 3 && !strcmp (argv[1], "--first"))
    return first_call (argv[2], atoi (argv[3]));
  const char *tsv = argc > 1 ? argv[1] : "bench/inscan.tsv";
  FILE *out = bench_open_tsv (tsv);
  if (!out)
    return 2;
  printf ("%-7s %9s %-18s %11s %9s %9s %8s\n", "case", "n", "method",
          "median s", "Gelem/s", "/serial", "/gcc");
  static const int logs[] = { 10, 14, 17, 20, 24 };
  for (unsigned s = 0; s < sizeof logs / sizeof logs[0]; s++)
    {
      long n = 1L << logs[s];
      int reps = logs[s] <= 20 ? 41 : 11;
      /* Scans too short to time once: rounds of INNER calls, divided.  */
      int inner = n < (1L << 17) ? (int) ((1L << 17) / n) : 1;
      int *x = malloc (n * 4), *y = malloc (n * 4), *ref = malloc (n * 4);
      for (long i = 0; i < n; i++)
        {
          x[i] = (int) (i % 1000) - 500;
          y[i] = ref[i] = 0;
        }
      int total = serial (ref, x, n);
      for (int m = 0; m < NMETHODS; m++)
        {
          memset (y, 0, n * 4);
          if (fns[m] (y, x, n) != total || memcmp (y, ref, n * 4))
            {
              fprintf (stderr, "bench-inscan: %s is wrong at n = %ld\n",
                       names[m], n);
              return 1;
            }
        }
      double med[NMETHODS], min[NMETHODS];
      struct args a = { y, x, n, inner };
      if (bench_medians (NMETHODS, reps, run_method, &a, med, min))
        return 2;
      for (int m = 0; m < NMETHODS; m++)
        med[m] /= inner, min[m] /= inner;
      bench_write_tsv (out, "int32", names, NMETHODS, n, reps, med, min);
      for (int m = 0; m < NMETHODS; m++)
        printf ("%-7s %9ld %-18s %11.9f %9.3f %9.2f %8.2f\n", "int32", n,
                names[m], med[m], n / med[m] * 1e-9, med[M_SERIAL] / med[m],
                med[gcc_of (m)] / med[m]);
      putchar ('\n');
      free (x);
      free (y);
      free (ref);
    }
  int kept = kept_table (out);
  if (kept)
    return kept;
  fclose (out);
  printf ("/serial, /gcc: speed relative to the serial loop and to GCC's "
          "own loop of the same form, gcc-inscan, gcc-orphan or fortran-gcc "
          "(higher is faster).\nWrote %s.\n", tsv);
  return 0;
}
