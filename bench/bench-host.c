/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* bench-host.c: the scan clause outside target constructs, on the host
   path (libscanrt/run/host.c), side by side in one process with what a user
   could run instead (methods round-robin, medians), at the default
   OpenMP settings:

     host     #pragma omp parallel for scan(+: y), on the host path
     opencl   the same loop through pocl (SCANOMP_HOST=opencl)
     serial   the same loop, sequential
     copy     memcpy of the array's bytes on the OpenMP threads, half each:
              the memory's limit for one read and one write an element
     map      y[i] = x[i] + 1 as a `parallel for': the same traffic, stored
              as the program's own loops store (glibc's memcpy writes
              around the cache past a size, 192 MiB a call on the machine
              measured)
     repro    the clause with SCANOMP_REPRODUCIBLE=1: float and double
              sums with the same bits whatever the threads
              (docs/determinism.md); int32, exact anyway, as host
     inplace  #pragma omp parallel for scan(+: y) over y[i] += y[i-1],
              a scan whose reduce reads what it stores, in its own table
              beside that loop run sequentially (serial-i); y is zeros,
              so that call after call the sums stay zeros (a `+' scan's
              work does not depend on its values)

   over int32, float and double at 2^10 to 2^26 elements, each method at
   its default cutoff; then the in-place table; then a pipeline (a
   parallel map, the scan, a parallel loop that uses it) at 2^16, 2^20
   and 2^24, with the scan as the clause, as the serial loop, and as an
   orphaned `omp for' in one parallel region with the two loops around
   it (orphan).  The opencl
   method runs last, in a table of its own beside the serial loop again:
   pocl's threads, once started, would share the cores with the host
   path's.

     bench-host [RESULTS.TSV]         all of the above
     bench-host --in-place [TSV]      the in-place table alone
     bench-host --first LOG2N         one int32 scan in this process, the
                                      first, and then the median of 11:
                                      one line, "first S steady S"

   writes bench/host.tsv by default.  */

#include <omp.h>
#include <string.h>

#include "measure.h"

enum { M_HOST, M_SERIAL, M_COPY, M_MAP, M_REPRO, M_OPENCL, M_INPLACE,
       M_SERIAL_INPLACE, NMETHODS };
static const char *const names[NMETHODS] = { "host", "serial", "copy",
                                             "map", "repro", "opencl",
                                             "inplace", "serial-i" };

/* y[i] = y[i-1] + x[i-1] for i in [1, n), as the clause and serially,
   for each type.  */
#define SCANS(T)                                                            \
  static void                                                               \
  clause_##T (T *restrict y, const T *restrict x, long n)                   \
  {                                                                         \
    _Pragma ("omp parallel for scan(+: y)")                                 \
    for (long i = 1; i < n; i++)                                            \
      y[i] = y[i-1] + x[i-1];                                               \
  }                                                                         \
  static void                                                               \
  serial_##T (T *restrict y, const T *restrict x, long n)                   \
  {                                                                         \
    for (long i = 1; i < n; i++)                                            \
      y[i] = y[i-1] + x[i-1];                                               \
  }
SCANS (int)
SCANS (float)
SCANS (double)

/* y[i] += y[i-1] in place, as the clause and serially.  */
#define IN_PLACE(T)                                                         \
  static void                                                               \
  inplace_##T (T *y, long n)                                                \
  {                                                                         \
    _Pragma ("omp parallel for scan(+: y)")                                 \
    for (long i = 1; i < n; i++)                                            \
      y[i] += y[i-1];                                                       \
  }                                                                         \
  static void                                                               \
  serial_inplace_##T (T *y, long n)                                         \
  {                                                                         \
    for (long i = 1; i < n; i++)                                            \
      y[i] += y[i-1];                                                       \
  }
IN_PLACE (int)
IN_PLACE (float)
IN_PLACE (double)

/* The plugin tells a scan loop from the others in a macro by the line it
   is expanded on: the maps expand on lines of their own.  */
#define MAP(T)                                                              \
  static void                                                               \
  map_##T (T *restrict y, const T *restrict x, long n)                      \
  {                                                                         \
    _Pragma ("omp parallel for")                                            \
    for (long i = 0; i < n; i++)                                            \
      y[i] = x[i] + 1;                                                      \
  }
MAP (int)
MAP (float)
MAP (double)

struct args
{
  int type;                     /* 0 int, 1 float, 2 double */
  void *y;
  const void *x;
  long n;
  const int *methods;           /* the methods of this table */
};

static void
copy (void *y, const void *x, size_t bytes)
{
#pragma omp parallel
  {
    int t = omp_get_thread_num (), nt = omp_get_num_threads ();
    size_t lo = bytes / nt * t, hi = t == nt - 1 ? bytes : bytes / nt * (t + 1);
    memcpy ((char *) y + lo, (const char *) x + lo, hi - lo);
  }
}

static void
run_method (int k, void *ctx)
{
  struct args *a = ctx;
  int m = a->methods[k];
  static const size_t size[3] = { sizeof (int), sizeof (float),
                                  sizeof (double) };
  if (m == M_COPY)
    {
      copy (a->y, a->x, a->n * size[a->type]);
      return;
    }
  if (m == M_MAP)
    {
      switch (a->type)
        {
        case 0: map_int (a->y, a->x, a->n); break;
        case 1: map_float (a->y, a->x, a->n); break;
        default: map_double (a->y, a->x, a->n); break;
        }
      return;
    }
  if (m == M_INPLACE || m == M_SERIAL_INPLACE)
    {
      switch (a->type * 2 + (m == M_SERIAL_INPLACE))
        {
        case 0: inplace_int (a->y, a->n); break;
        case 1: serial_inplace_int (a->y, a->n); break;
        case 2: inplace_float (a->y, a->n); break;
        case 3: serial_inplace_float (a->y, a->n); break;
        case 4: inplace_double (a->y, a->n); break;
        default: serial_inplace_double (a->y, a->n); break;
        }
      return;
    }
  if (m == M_OPENCL)
    setenv ("SCANOMP_HOST", "opencl", 1);
  if (m == M_REPRO)
    setenv ("SCANOMP_REPRODUCIBLE", "1", 1);
  switch (a->type * 2 + (m == M_SERIAL))
    {
    case 0: clause_int (a->y, a->x, a->n); break;
    case 1: serial_int (a->y, a->x, a->n); break;
    case 2: clause_float (a->y, a->x, a->n); break;
    case 3: serial_float (a->y, a->x, a->n); break;
    case 4: clause_double (a->y, a->x, a->n); break;
    default: serial_double (a->y, a->x, a->n); break;
    }
  if (m == M_OPENCL)
    unsetenv ("SCANOMP_HOST");
  if (m == M_REPRO)
    unsetenv ("SCANOMP_REPRODUCIBLE");
}

/* The pipeline: x2 = f (x) in parallel, the scan of x2 (the clause, or
   serially with SERIAL), then z = g (y) in parallel.  */
static void
pipeline (int serial, int *x, int *x2, int *y, int *z, long n)
{
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    x2[i] = x[i] * 3 + 1;
  if (serial)
    serial_int (y, x2, n);
  else
    clause_int (y, x2, n);
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    z[i] = y[i] ^ (y[i] >> 3);
}

/* The pipeline as one parallel region, the scan an orphaned loop.  */
static void
orphan_pipeline (int *x, int *x2, int *y, int *z, long n)
{
#pragma omp parallel
  {
#pragma omp for
    for (long i = 0; i < n; i++)
      x2[i] = x[i] * 3 + 1;
#pragma omp for scan(+: y)
    for (long i = 1; i < n; i++)
      y[i] = y[i-1] + x2[i-1];
#pragma omp for
    for (long i = 0; i < n; i++)
      z[i] = y[i] ^ (y[i] >> 3);
  }
}

struct pipe_args
{
  int *x, *x2, *y, *z;
  long n;
};

static void
run_pipeline (int m, void *ctx)
{
  struct pipe_args *a = ctx;
  if (m == 2)
    orphan_pipeline (a->x, a->x2, a->y, a->z, a->n);
  else
    pipeline (m == 1, a->x, a->x2, a->y, a->z, a->n);
}

/* --first LOG2N.  */
static int
first_call (int log2n)
{
  long n = 1L << log2n;
  int *x = malloc (n * 4), *y = malloc (n * 4);
  for (long i = 0; i < n; i++)
    {
      x[i] = (int) (i % 1000) - 500;
      y[i] = -1;
    }
  y[0] = 0;
  double t0 = bench_now ();
  clause_int (y, x, n);
  double first = bench_now () - t0, t[11];
  for (int r = 0; r < 11; r++)
    {
      t0 = bench_now ();
      clause_int (y, x, n);
      t[r] = bench_now () - t0;
    }
  qsort (t, 11, sizeof *t, bench_by_value);
  printf ("first %.6f steady %.6f\n", first, t[5]);
  free (x);
  free (y);
  return 0;
}

/* One table: the methods METHODS[0 .. COUNT) (the serial loop second,
   and the copy third where there is one) over every type and size, to
   OUT and stdout.  */
static int
table (FILE *out, const int *methods, int count)
{
  static const char *const types[3] = { "int32", "float", "double" };
  static const int logs[] = { 10, 14, 17, 20, 24, 26 };
  const char *tnames[NMETHODS];
  for (int k = 0; k < count; k++)
    tnames[k] = names[methods[k]];
  for (int type = 0; type < 3; type++)
    for (unsigned s = 0; s < sizeof logs / sizeof logs[0]; s++)
      {
        long n = 1L << logs[s];
        int reps = logs[s] <= 20 ? 41 : logs[s] <= 24 ? 11 : 7;
        size_t size = type == 2 ? 8 : 4;
        char *x = malloc (n * size), *y = malloc (n * size);
        for (long i = 0; i < n; i++)
          switch (type)
            {
            case 0: ((int *) x)[i] = (int) (i % 1000) - 500; break;
            case 1: ((float *) x)[i] = (float) (i % 1000) / 1000; break;
            default: ((double *) x)[i] = (double) (i % 1000) / 1000; break;
            }
        memset (y, methods[0] == M_INPLACE ? 0 : 1, n * size);
        struct args a = { type, y, x, n, methods };
        double med[NMETHODS], t[NMETHODS][41];
        /* Scans too short to time once: rounds of INNER calls, divided.  */
        int inner = n < (1L << 17) ? (int) ((1L << 17) / n) : 1;
        for (int r = 0; r < reps; r++)
          for (int k = 0; k < count; k++)
            {
              double t0 = bench_now ();
              for (int i = 0; i < inner; i++)
                run_method (k, &a);
              t[k][r] = (bench_now () - t0) / inner;
            }
        for (int k = 0; k < count; k++)
          {
            qsort (t[k], reps, sizeof t[k][0], bench_by_value);
            med[k] = t[k][reps / 2];
            fprintf (out, "%s\t%s\t%ld\t%d\t%.9f\t%.9f\n", types[type],
                     tnames[k], n, reps, med[k], t[k][0]);
          }
        for (int k = 0; k < count; k++)
          {
            printf ("%-7s %9ld %-8s %11.7f %9.3f %9.2f", types[type], n,
                    tnames[k], med[k], n / med[k] * 1e-9, med[1] / med[k]);
            if (count > 2 && methods[2] == M_COPY)
              printf (" %9.2f", med[2] / med[k]);
            putchar ('\n');
          }
        putchar ('\n');
        free (x);
        free (y);
      }
  return 0;
}

int
main (int argc, char **argv)
{
  if (argc > 2 && !strcmp (argv[1], "--first"))
    return first_call (atoi (argv[2]));
  int in_place_only = argc > 1 && !strcmp (argv[1], "--in-place");
  if (in_place_only)
    argc--, argv++;
  const char *tsv = argc > 1 ? argv[1] : "bench/host.tsv";
  FILE *out = bench_open_tsv (tsv);
  if (!out)
    return 2;
  printf ("%-7s %9s %-8s %11s %9s %9s %9s\n", "case", "n", "method",
          "median s", "Gelem/s", "/serial", "/copy");
  static const int host[] = { M_HOST, M_SERIAL, M_COPY, M_MAP, M_REPRO };
  if (!in_place_only)
    table (out, host, 5);
  static const int in_place[] = { M_INPLACE, M_SERIAL_INPLACE };
  table (out, in_place, 2);
  if (in_place_only)
    {
      fclose (out);
      printf ("/serial: speed relative to the serial loop (higher is "
              "faster).\nWrote %s.\n", tsv);
      return 0;
    }

  static const char *const pnames[3] = { "clause", "serial", "orphan" };
  static const int plogs[] = { 16, 20, 24 };
  for (unsigned s = 0; s < sizeof plogs / sizeof plogs[0]; s++)
    {
      long n = 1L << plogs[s];
      struct pipe_args p = { malloc (n * 4), malloc (n * 4), malloc (n * 4),
                             malloc (n * 4), n };
      for (long i = 0; i < n; i++)
        p.x[i] = (int) (i % 1000) - 500, p.x2[i] = p.y[i] = p.z[i] = -1;
      double med[3];
      if (bench_round_robin (3, plogs[s] <= 20 ? 41 : 11, run_pipeline, &p,
                             med, out, "pipeline", pnames, n))
        return 2;
      for (int m = 0; m < 3; m++)
        printf ("%-8s %8ld %-8s %11.7f %9.3f %9.2f\n", "pipeline", n,
                pnames[m], med[m], n / med[m] * 1e-9, med[1] / med[m]);
      putchar ('\n');
      free (p.x);
      free (p.x2);
      free (p.y);
      free (p.z);
    }

  static const int opencl[] = { M_OPENCL, M_SERIAL };
  table (out, opencl, 2);
  fclose (out);
  printf ("/serial: speed relative to the serial loop of the same table "
          "(higher is faster); /copy: relative to memcpy on the OpenMP "
          "threads.\n"
          "Wrote %s.\n", tsv);
  return 0;
}
