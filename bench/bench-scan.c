/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* bench-scan.c: libscanrt's scans against the baselines a user would
   compare with, side by side in one process:

     scanrt      scanrt_scan (..., NULL), as a user calls it: the host
                 path, since the data is on no device
     repro       the same with SCANRT_REPRODUCIBLE: for doubles, the same
                 bits whatever the threads (docs/determinism.md); for
                 int32, which are exact anyway, the same as scanrt
     device      on the default device (SCANRT_NO_HOST): its default
                 kernel set (the CPU set on pocl)
     thesis      the thesis' Blelloch kernel set
     serial      a sequential C loop, y[i] = acc += x[i]
     memcpy      copying the same bytes with 2 threads (the memory limit)
     gcc-inscan  GCC's own `omp parallel for reduction (inscan, +)' scan

   over int32 and double at 2^16, 2^20, 2^24 and 2^26 elements.  Each
   repetition runs every method once, in turn, so that drift on a shared
   machine hits them alike; the table reports medians.

     bench-scan [RESULTS.TSV]

   writes one line per measurement (case method n reps median_s min_s) to
   RESULTS.TSV (default bench/results.tsv) and a table to stdout.  Every
   result is checked against the serial loop.  */

#include <math.h>
#include <string.h>

#include <omp.h>
#include <scanrt.h>

#include "measure.h"

enum { INT32, DOUBLE };
enum { M_SCANRT, M_REPRO, M_DEVICE, M_THESIS, M_SERIAL, M_MEMCPY, M_INSCAN,
       NMETHODS };
static const char *const method_names[NMETHODS] = {
  "scanrt", "repro", "device", "thesis", "serial", "memcpy", "gcc-inscan"
};

/* The baselines, written for each element type.  */
#define BASELINES(T, NAME)                                                  \
  static void serial_##NAME (T *restrict y, const T *restrict x, size_t n)  \
  {                                                                         \
    T acc = 0;                                                              \
    for (size_t i = 0; i < n; i++)                                          \
      y[i] = acc += x[i];                                                   \
  }                                                                         \
                                                                            \
  static void inscan_##NAME (T *restrict y, const T *restrict x, size_t n)  \
  {                                                                         \
    T acc = 0;                                                              \
    _Pragma ("omp parallel for reduction (inscan, +: acc) num_threads (2)") \
    for (size_t i = 0; i < n; i++)                                          \
      {                                                                     \
        acc += x[i];                                                        \
        _Pragma ("omp scan inclusive (acc)")                                \
        y[i] = acc;                                                         \
      }                                                                     \
  }
BASELINES (int, int32)
BASELINES (double, double)

static void
copy2 (void *y, const void *x, size_t bytes)
{
#pragma omp parallel num_threads (2)
  {
    int t = omp_get_thread_num (), k = omp_get_num_threads ();
    size_t lo = bytes / k * t, hi = t == k - 1 ? bytes : bytes / k * (t + 1);
    memcpy ((char *) y + lo, (const char *) x + lo, hi - lo);
  }
}

/* Run method M on case C; returns nonzero on a runtime error.  */
static int
run (int m, int c, void *y, const void *x, size_t n)
{
  scanrt_params p = SCANRT_PARAMS_INIT;
  scanrt_type type = c == INT32 ? SCANRT_INT : SCANRT_DOUBLE;
  size_t size = c == INT32 ? sizeof (int) : sizeof (double);
  switch (m)
    {
    case M_SCANRT:
      return scanrt_scan (y, x, n, type, SCANRT_ADD, NULL) < 0;
    case M_REPRO:
      p.flags = SCANRT_REPRODUCIBLE;
      return scanrt_scan (y, x, n, type, SCANRT_ADD, &p) < 0;
    case M_THESIS:
      p.variant = SCANRT_VARIANT_THESIS;
      /* fall through */
    case M_DEVICE:
      p.flags = SCANRT_NO_HOST;
      return scanrt_scan (y, x, n, type, SCANRT_ADD, &p) != SCANRT_OK;
    case M_SERIAL:
      if (c == INT32)
        serial_int32 (y, x, n);
      else
        serial_double (y, x, n);
      return 0;
    case M_MEMCPY:
      copy2 (y, x, n * size);
      return 0;
    default:
      if (c == INT32)
        inscan_int32 (y, x, n);
      else
        inscan_double (y, x, n);
      return 0;
    }
}

struct args
{
  int c;
  void *y;
  const void *x;
  size_t n;
};

static void
run_method (int m, void *ctx)
{
  struct args *a = ctx;
  run (m, a->c, a->y, a->x, a->n);
}

/* Whether Y holds the inclusive + scan of X (the memcpy method: a copy).  */
static int
check (int m, int c, const void *y, const void *x, const void *ref, size_t n)
{
  if (m == M_MEMCPY)
    return !memcmp (y, x, n * (c == INT32 ? sizeof (int) : sizeof (double)));
  if (c == INT32)
    return !memcmp (y, ref, n * sizeof (int));
  const double *a = y, *b = ref, *in = x;
  double mag = 0;
  for (size_t i = 0; i < n; i++)
    {
      mag += fabs (in[i]);
      if (fabs (a[i] - b[i]) > 1e-9 * mag)
        return 0;
    }
  return 1;
}

int
main (int argc, char **argv)
{
  const char *tsv = argc > 1 ? argv[1] : "bench/results.tsv";
  static const int log_sizes[] = { 16, 20, 24, 26 };
  FILE *out = bench_open_tsv (tsv);
  if (!out)
    return 2;
  char name[256];
  scanrt_get_device_name (scanrt_get_default_device (), name, sizeof name);
  printf ("scanrt device: %s; %d OpenMP threads for memcpy and gcc-inscan\n\n",
          name, 2);
  printf ("%-7s %9s %-11s %11s %9s %9s %9s\n", "case", "n", "method",
          "median s", "Gelem/s", "/serial", "/memcpy");

  for (int c = INT32; c <= DOUBLE; c++)
    for (size_t s = 0; s < sizeof log_sizes / sizeof log_sizes[0]; s++)
      {
        size_t n = (size_t) 1 << log_sizes[s];
        size_t size = c == INT32 ? sizeof (int) : sizeof (double);
        int reps = log_sizes[s] <= 16 ? 201 : log_sizes[s] <= 20 ? 41
                   : log_sizes[s] <= 24 ? 11 : 7;
        char *x = malloc (n * size), *y = malloc (n * size);
        char *ref = malloc (n * size);
        if (!x || !y || !ref)
          return 2;
        for (size_t i = 0; i < n; i++)
          if (c == INT32)
            ((int *) x)[i] = (int) (i * 2654435761u >> 16) % 1000;
          else
            ((double *) x)[i] = (double) ((i * 2654435761u >> 16) % 1000)
                                / 1000.0;
        run (M_SERIAL, c, ref, x, n);
        /* Untimed: builds kernels, faults pages in; checks every method.  */
        for (int m = 0; m < NMETHODS; m++)
          {
            memset (y, 0, n * size);
            if (run (m, c, y, x, n) || !check (m, c, y, x, ref, n))
              {
                fprintf (stderr, "bench-scan: %s gave a wrong result at "
                         "n = %zu\n", method_names[m], n);
                return 1;
              }
          }
        double median[NMETHODS];
        struct args a = { c, y, x, n };
        if (bench_round_robin (NMETHODS, reps, run_method, &a, median, out,
                               c == INT32 ? "int32" : "double",
                               method_names, (long) n))
          return 2;
        for (int m = 0; m < NMETHODS; m++)
          printf ("%-7s %9zu %-11s %11.6f %9.3f %9.2f %9.2f\n",
                  c == INT32 ? "int32" : "double", n, method_names[m],
                  median[m], n / median[m] * 1e-9,
                  median[M_SERIAL] / median[m], median[M_MEMCPY] / median[m]);
        putchar ('\n');
        fflush (stdout);
        free (x);
        free (y);
        free (ref);
      }
  fclose (out);
  printf ("/serial and /memcpy: speed relative to that baseline (higher is "
          "faster).\nWrote %s.\n", tsv);
  return 0;
}
