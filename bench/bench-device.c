/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* bench-device.c: the kernel sets on one OpenCL device (the default one:
   a GPU where there is one), with the data resident on the device as in a
   `target data' region, against copies of the same bytes on the same
   device (the memory limit), and against NVIDIA's CUB where bench-cub has
   run (the anchor), side by side in one process (methods round-robin,
   medians).  Methods:

     copy-kernel    an OpenCL kernel that copies the input to the output,
                    16 bytes a work-item (the memory limit)
     copy-buffer    clEnqueueCopyBuffer of the same bytes
     lookback       the single-pass kernel set (scan-lookback.cl), as
                    libscanrt tunes it for the device
     lookback-port  the same with SCANOMP_PTX=0: the portable OpenCL C
                    path on NVIDIA (the same as lookback elsewhere)
     gpu            the multi-level kernel set (scan-gpu.cl)
     repro          float and double sums with SCANRT_REPRODUCIBLE, the
                    reproducible kernel set (scan-repro.cl) as the device
                    takes it: a work-item a tile on CPUs, a work-group a
                    tile in one pass on GPUs; the other cases, as lookback
     repro-2pass    the same, a work-group a tile in two passes
                    (SCANOMP_VARIANT=gpu: the tiles' totals, then the
                    scan), as GPUs took it before the one pass
     thesis         the thesis' Blelloch kernel set (scan-blelloch.cl),
                    int32-sum only

   Cases, as bench-cub names them: int32-sum, int32-xsum (exclusive),
   float-sum, float-xsum, double-sum, double-xsum, int32-max, and pair, a
   user-defined operator on 8-byte affine maps (pair-op.h).  Every method
   is timed two ways in the same repetition: device time (OpenCL profiling
   events: scanrt_params.kernel_seconds, and the copies' own events) and,
   for libscanrt's methods on a call of its own that asks for no events,
   wall time per call including the wait.  Also reported: the first scan of
   the process (device start-up and build included), one int32 scan of
   arrays that are not resident (copied in and out), against the bare
   transfers, and for the lookback set a third way, as bench-cub times
   CUB: the wall time per call of REPS calls back to back
   (lookback-burst; each of libscanrt's calls waits for its scan).

     bench-device [--sweep] [--compare] [--step K] [--anchor CUB.TSV]
                  [LOG2MAX [RESULTS.TSV]]

   Sizes 2^16, 2^(16+K), ... up to 2^LOG2MAX (K default 2; LOG2MAX default
   24; 28 on a large GPU).  --compare times only what the comparison with
   CUB needs (the copies and the lookback set, every fourth power of 2).
   --anchor reads bench-cub's TSV and prints each method's speed as a
   fraction of CUB's (CUB's time over ours: 1.00 = as fast as CUB).
   --sweep also times the lookback set's tile shapes (SCANOMP_WG x
   SCANOMP_ITEMS), with and without PTX, on int32-sum, double-sum and pair
   at the largest size.  The floors say what a call costs at the least: a
   kernel launch of one work-item with its wait, a 4-byte read, and
   libscanrt's scan of 1024 elements, whose wall time is split into the
   launch's floor, the kernels' device time and what is left,
   libscanrt's own.  Writes one TSV line per
   measurement (case method n reps device_s wall_s, medians; device_s is -1
   where unknown) to RESULTS.TSV (default bench/device.tsv) and a table to
   stdout.  Every method's result at every size is checked, bit for bit,
   against a sequential loop.  */

#include <string.h>

#include <scanrt.h>

#include "floor.h"
#include "measure.h"
#include "pair-op.h"

enum kind { K_INT, K_FLOAT, K_DOUBLE, K_PAIR };
static const struct
{
  const char *name;
  enum kind kind;
  scanrt_op op;
  int exclusive;
} cases[] = {
  { "int32-sum", K_INT, SCANRT_ADD, 0 },
  { "int32-xsum", K_INT, SCANRT_ADD, 1 },
  { "float-sum", K_FLOAT, SCANRT_ADD, 0 },
  { "float-xsum", K_FLOAT, SCANRT_ADD, 1 },
  { "double-sum", K_DOUBLE, SCANRT_ADD, 0 },
  { "double-xsum", K_DOUBLE, SCANRT_ADD, 1 },
  { "int32-max", K_INT, SCANRT_MAX, 0 },
  { "pair", K_PAIR, SCANRT_ADD, 0 },
};
#define NCASES (sizeof cases / sizeof cases[0])
static const size_t kind_sizes[] = { 4, 4, 8, sizeof (affine) };

enum
{
  M_COPY_KERNEL,
  M_COPY_BUFFER,
  M_LOOKBACK,
  M_LOOKBACK_PORTABLE,
  M_GPU,
  M_REPRO,
  M_REPRO_2PASS,
  M_THESIS,
  NMETHODS
};
static const char *const method_names[NMETHODS] = {
  "copy-kernel", "copy-buffer", "lookback", "lookback-port", "gpu", "repro",
  "repro-2pass", "thesis"
};

/* SCANOMP_VARIANT as the benchmark was started with it, which the
   repro-2pass method sets for its calls alone (NULL: unset).  */
static char *user_variant;

/* The copy baselines: a context, profiling queue, copy kernel and two
   buffers on the device libscanrt numbers DEVICE, found by its name.  */
static struct
{
  cl_context ctx;
  cl_command_queue q;
  cl_kernel k;
  cl_mem a, b;
} copier;

static const char copy_source[] =
  "__kernel void copy16 (__global const uint4 *a, __global uint4 *b)\n"
  "{ size_t i = get_global_id (0); b[i] = a[i]; }\n";

static int
copier_open (const char *name, size_t bytes)
{
  cl_platform_id platform;
  cl_device_id device;
  if (bench_find_device (name, &platform, &device))
    return -1;
  cl_int err;
  copier.ctx = clCreateContext (NULL, 1, &device, NULL, NULL, &err);
  if (err == CL_SUCCESS)
    copier.q = clCreateCommandQueue (copier.ctx, device,
                                     CL_QUEUE_PROFILING_ENABLE, &err);
  cl_program prog = NULL;
  const char *src = copy_source;
  if (err == CL_SUCCESS)
    prog = clCreateProgramWithSource (copier.ctx, 1, &src, NULL, &err);
  if (err == CL_SUCCESS)
    err = clBuildProgram (prog, 1, &device, "", NULL, NULL);
  if (err == CL_SUCCESS)
    copier.k = clCreateKernel (prog, "copy16", &err);
  if (err == CL_SUCCESS)
    copier.a = clCreateBuffer (copier.ctx, CL_MEM_READ_WRITE, bytes, NULL,
                               &err);
  if (err == CL_SUCCESS)
    copier.b = clCreateBuffer (copier.ctx, CL_MEM_READ_WRITE, bytes, NULL,
                               &err);
  if (err == CL_SUCCESS)
    {
      /* A word's pattern: NVIDIA's OpenCL never finished a one-byte
         pattern's fill of 2 GiB (an H200, driver 580).  */
      cl_uint z = 0x01010101;
      err = clEnqueueFillBuffer (copier.q, copier.a, &z, sizeof z, 0, bytes,
                                 0, NULL, NULL);
    }
  if (err == CL_SUCCESS)
    err = clSetKernelArg (copier.k, 0, sizeof copier.a, &copier.a);
  if (err == CL_SUCCESS)
    err = clSetKernelArg (copier.k, 1, sizeof copier.b, &copier.b);
  return err == CL_SUCCESS && clFinish (copier.q) == CL_SUCCESS ? 0 : -1;
}

/* Copy BYTES with method M; the device time of the copy to *DEV.
   Returns an OpenCL status.  */
static cl_int
copier_run (int m, size_t bytes, double *dev)
{
  cl_event e = NULL;
  size_t global = bytes / 16;
  cl_int err;
  if (m == M_COPY_KERNEL)
    err = clEnqueueNDRangeKernel (copier.q, copier.k, 1, NULL, &global, NULL,
                                  0, NULL, &e);
  else
    err = clEnqueueCopyBuffer (copier.q, copier.a, copier.b, 0, 0, bytes, 0,
                               NULL, &e);
  if (err == CL_SUCCESS)
    err = clFinish (copier.q);
  cl_ulong start = 0, end = 0;
  if (err == CL_SUCCESS)
    err = clGetEventProfilingInfo (e, CL_PROFILING_COMMAND_START,
                                   sizeof start, &start, NULL);
  if (err == CL_SUCCESS)
    err = clGetEventProfilingInfo (e, CL_PROFILING_COMMAND_END, sizeof end,
                                   &end, NULL);
  if (e)
    clReleaseEvent (e);
  *dev = (end - start) * 1e-9;
  return err;
}

struct args
{
  int c;
  void *y;
  const void *x;
  size_t n;
  int device;
  size_t wg, items;            /* lookback tile shape, 0: default */
  int timed;                   /* ask for the kernels' device time */
  double device_time;          /* of the last call, -1 where not timed */
};

/* Scan case A->c with method M on A's arrays; returns the status, and
   leaves the device time in A->device_time.  */
static int
scan (int m, struct args *a)
{
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.device = a->device;
  p.flags = SCANRT_NO_HOST | (cases[a->c].exclusive ? SCANRT_EXCLUSIVE : 0);
  p.variant = m == M_GPU ? SCANRT_VARIANT_GPU
              : m == M_THESIS ? SCANRT_VARIANT_THESIS
                              : SCANRT_VARIANT_LOOKBACK;
  if (m == M_REPRO || m == M_REPRO_2PASS)
    p.flags |= SCANRT_REPRODUCIBLE;
  /* libscanrt reads SCANOMP_VARIANT at each call too.  */
  if (m == M_REPRO_2PASS)
    setenv ("SCANOMP_VARIANT", "gpu", 1);
  else if (user_variant)
    setenv ("SCANOMP_VARIANT", user_variant, 1);
  else
    unsetenv ("SCANOMP_VARIANT");
  a->device_time = -1;
  p.kernel_seconds = a->timed ? &a->device_time : NULL;
  p.work_group_size = a->wg;
  p.items = a->items;
  /* libscanrt reads SCANOMP_PTX at each call.  */
  if (m == M_LOOKBACK_PORTABLE)
    setenv ("SCANOMP_PTX", "0", 1);
  else
    unsetenv ("SCANOMP_PTX");
  enum kind k = cases[a->c].kind;
  if (k == K_PAIR)
    return scanrt_scan_user (a->y, a->x, a->n, &pair_op, &p);
  return scanrt_scan (a->y, a->x, a->n,
                      k == K_INT ? SCANRT_INT
                      : k == K_FLOAT ? SCANRT_FLOAT : SCANRT_DOUBLE,
                      cases[a->c].op, &p);
}

/* Run method M once on A; its device time to *DEV, -1 if unknown.  A
   call that fails stops the benchmark: no time is reported for it.  */
static void
run_method (int m, struct args *a, double *dev)
{
  if (m == M_COPY_KERNEL || m == M_COPY_BUFFER)
    {
      cl_int err = copier_run (m, a->n * kind_sizes[cases[a->c].kind], dev);
      if (err != CL_SUCCESS)
        {
          fprintf (stderr, "bench-device: %s n=%zu: OpenCL error %d\n",
                   method_names[m], a->n, (int) err);
          exit (1);
        }
    }
  else
    {
      int status = scan (m, a);
      if (status != SCANRT_OK)
        {
          fprintf (stderr, "bench-device: %s %s n=%zu: %s\n",
                   cases[a->c].name, method_names[m], a->n,
                   scanrt_status_name (status));
          exit (1);
        }
      *dev = a->device_time;
    }
}

/* The wall time per call of REPS calls of method M on A back to back,
   the median of five such runs.  */
static double
burst (int m, struct args *a, int reps)
{
  double t[5], dev;
  for (int b = 0; b < 5; b++)
    {
      double t0 = bench_now ();
      for (int r = 0; r < reps; r++)
        run_method (m, a, &dev);
      t[b] = (bench_now () - t0) / reps;
    }
  qsort (t, 5, sizeof *t, bench_by_value);
  return t[2];
}

/* The sequential reference of case C over X.  */
static void
reference (int c, void *y, const void *x, size_t n)
{
  int ex = cases[c].exclusive;
  /* A sum over T, inclusive or exclusive.  */
#define SUM_REF(T)                                                          \
  do                                                                        \
    {                                                                       \
      T acc = 0;                                                            \
      for (size_t i = 0; i < n; i++)                                        \
        {                                                                   \
          T v = ((const T *) x)[i];                                         \
          ((T *) y)[i] = ex ? acc : acc + v;                                \
          acc += v;                                                         \
        }                                                                   \
    }                                                                       \
  while (0)
  switch (cases[c].kind)
    {
    case K_INT:
      if (cases[c].op == SCANRT_MAX)
        {
          int acc = -2147483647 - 1;
          for (size_t i = 0; i < n; i++)
            {
              int v = ((const int *) x)[i];
              ((int *) y)[i] = acc = v > acc ? v : acc;
            }
        }
      else
        /* In unsigned: int32 sums wrap, as the device's do.  */
        SUM_REF (unsigned);
      break;
    case K_FLOAT:
      SUM_REF (float);
      break;
    case K_DOUBLE:
      SUM_REF (double);
      break;
    case K_PAIR:
      {
        affine acc = affine_id;
        for (size_t i = 0; i < n; i++)
          {
            affine_host (&acc, &acc, (const affine *) x + i);
            ((affine *) y)[i] = acc;
          }
      }
      break;
    }
#undef SUM_REF
}

/* Inputs whose every partial result is exact in any order: for the sums,
   -2, -1, 1 or 2 (a walk with no drift, far below 2^24); for max, any
   int; for the maps, odd multipliers.  */
static void
fill (int c, void *x, size_t n)
{
  unsigned s = 12345;
  for (size_t i = 0; i < n; i++)
    {
      s = s * 1103515245u + 12345u;
      int k = (int) (s >> 30), small = k - 2 + (k >= 2);
      switch (cases[c].kind)
        {
        case K_INT:
          ((int *) x)[i] = cases[c].op == SCANRT_MAX
                             ? (int) (s >> 1) - (1 << 30) : small;
          break;
        case K_FLOAT:
          ((float *) x)[i] = (float) small;
          break;
        case K_DOUBLE:
          ((double *) x)[i] = small;
          break;
        case K_PAIR:
          {
            affine f = { (s >> 4) | 1, s >> 12 };
            ((affine *) x)[i] = f;
          }
          break;
        }
    }
}

/* CUB's times from bench-cub's TSV, if given.  */
static struct anchor
{
  char name[32];
  size_t n;
  double device, wall;
} *anchors;
static size_t nanchors;

static int
read_anchors (const char *path)
{
  FILE *f = fopen (path, "r");
  if (!f)
    {
      perror (path);
      return -1;
    }
  char line[512], name[32], method[32];
  size_t n;
  int reps;
  double dev, wall;
  while (fgets (line, sizeof line, f))
    if (sscanf (line, "%31s %31s %zu %d %lf %lf", name, method, &n, &reps,
                &dev, &wall) == 6
        && !strcmp (method, "cub"))
      {
        struct anchor *grown = realloc (anchors,
                                        (nanchors + 1) * sizeof *anchors);
        if (!grown)
          break;
        anchors = grown;
        snprintf (anchors[nanchors].name, sizeof anchors[0].name, "%s", name);
        anchors[nanchors].n = n;
        anchors[nanchors].device = dev;
        anchors[nanchors].wall = wall;
        nanchors++;
      }
  fclose (f);
  return 0;
}

static const struct anchor *
anchor_of (const char *name, size_t n)
{
  for (size_t i = 0; i < nanchors; i++)
    if (anchors[i].n == n && !strcmp (anchors[i].name, name))
      return &anchors[i];
  return NULL;
}

/* Print and record one row; COPY is the copy kernel's device time.  */
static void
row (FILE *out, const char *name, const char *method, size_t n, int reps,
     double dev, double wall, double copy)
{
  fprintf (out, "%s\t%s\t%zu\t%d\t%.9f\t%.9f\n", name, method, n, reps, dev,
           wall);
  fflush (out);
  printf ("%-12s %-22s %10zu %11.6f %11.6f %8.2f %8.1f", name, method, n,
          dev, wall, dev > 0 ? n / dev * 1e-9 : 0,
          dev > 0 ? (wall - dev) * 1e6 : 0);
  const struct anchor *a = anchor_of (name, n);
  if (a && dev > 0)
    printf (" %7.2f %7.2f", a->device / dev, a->wall / wall);
  else
    printf (" %7s %7s", "", "");
  if (copy > 0 && dev > 0)
    printf (" %7.2f", copy / dev);
  putchar ('\n');
}

/* What a call costs at the least, on resident data: a kernel launch of
   one work-item and its wait, a 4-byte read, and libscanrt's scan of 1024
   elements, with and without PTX.  One after the other: the copier's
   context and libscanrt's take turns on the device only between them.  */
static void
floors (FILE *out, const struct args *a)
{
  int reps = 101;
  double *t = malloc (4 * reps * sizeof *t);
  double *k = malloc (4 * reps * sizeof *k);
  size_t one = 1;
  cl_uint word;
  struct args small = *a;
  small.n = 1024;
  if (!t || !k)
    {
      free (t);
      free (k);
      return;
    }
  for (int m = 0; m < 4; m++)
    for (int r = 0; r < reps; r++)
      {
        double t0 = bench_now ();
        int ok;
        if (m == 0)
          ok = clEnqueueNDRangeKernel (copier.q, copier.k, 1, NULL, &one,
                                       NULL, 0, NULL, NULL) == CL_SUCCESS
               && clFinish (copier.q) == CL_SUCCESS;
        else if (m == 1)
          ok = clEnqueueReadBuffer (copier.q, copier.a, CL_TRUE, 0,
                                    sizeof word, &word, 0, NULL, NULL)
               == CL_SUCCESS;
        else
          ok = scan (m == 2 ? M_LOOKBACK : M_LOOKBACK_PORTABLE, &small)
               == SCANRT_OK;
        t[m * reps + r] = bench_now () - t0;
        /* The kernels' time from a call of its own, as medians.  */
        small.timed = 1;
        if (m >= 2)
          ok = ok && scan (m == 2 ? M_LOOKBACK : M_LOOKBACK_PORTABLE, &small)
                       == SCANRT_OK;
        small.timed = 0;
        k[m * reps + r] = m < 2 ? -1 : small.device_time;
        if (!ok)
          {
            fprintf (stderr, "bench-device: floor %d failed\n", m);
            exit (1);
          }
      }
  static const char *const names[] = { "launch-floor", "read-floor",
                                       "lookback-floor", "port-floor" };
  double wall[4], kern[4];
  for (int m = 0; m < 4; m++)
    {
      qsort (t + m * reps, reps, sizeof *t, bench_by_value);
      qsort (k + m * reps, reps, sizeof *k, bench_by_value);
      wall[m] = t[m * reps + reps / 2];
      kern[m] = k[m * reps + reps / 2];
      row (out, "int32-sum", names[m], m < 2 ? 1 : 1024, reps, kern[m],
           wall[m], 0);
    }
  /* The per-call split: what is left of a scan's wall time, less the
     launch's floor and its kernels' device time, is libscanrt's.  */
  for (int m = 2; m < 4; m++)
    printf ("per call, %s: %.1f us = launch floor %.1f + kernels %.1f + "
            "libscanrt's own %.1f\n", names[m], wall[m] * 1e6,
            wall[0] * 1e6, kern[m] * 1e6,
            (wall[m] - wall[0] - kern[m]) * 1e6);
  free (t);
  free (k);
}

/* Time methods FROM .. TO - 1 on A over REPS rounds, round-robin; their
   device and wall medians to DEV and WALL.  Each round runs a method
   twice: once asking for the kernels' device time, once timed by the
   clock alone, since profiling events cost a call time of their own
   (some 9 us on NVIDIA's OpenCL, 2026-11-30), which neither a user's
   call nor CUB's wall time pays.  */
static int
medians (int from, int to, int reps, struct args *a, double *dev,
         double *wall)
{
  int count = to - from;
  double *t = malloc (2 * count * reps * sizeof *t);
  if (!t)
    return -1;
  for (int r = 0; r < reps; r++)
    for (int m = from; m < to; m++)
      {
        double d, ignored;
        a->timed = 1;
        run_method (m, a, &d);
        a->timed = 0;
        double t0 = bench_now ();
        run_method (m, a, &ignored);
        t[(m - from) * reps + r] = bench_now () - t0;
        t[(count + m - from) * reps + r] = d;
      }
  for (int k = 0; k < 2 * count; k++)
    {
      qsort (t + k * reps, reps, sizeof *t, bench_by_value);
      (k < count ? wall : dev)[k % count] = t[k * reps + reps / 2];
    }
  free (t);
  return 0;
}

/* Whether method M gives case A->c's results REF on the resident arrays:
   the device's output is spoilt first, then scanned, then fetched.  */
static int
check (int m, struct args *a, const void *ref)
{
  size_t bytes = a->n * kind_sizes[cases[a->c].kind];
  memset (a->y, 0x5c, bytes);
  if (scanrt_data_update (a->device, a->y, bytes, SCANRT_MAP_TO) != SCANRT_OK)
    return 0;
  int status = scan (m, a);
  if (status != SCANRT_OK)
    {
      fprintf (stderr, "bench-device: %s %s n=%zu: %s\n", cases[a->c].name,
               method_names[m], a->n, scanrt_status_name (status));
      return 0;
    }
  if (scanrt_data_update (a->device, a->y, bytes, SCANRT_MAP_FROM)
        != SCANRT_OK
      || memcmp (a->y, ref, bytes))
    {
      fprintf (stderr, "bench-device: %s %s n=%zu: wrong result\n",
               cases[a->c].name, method_names[m], a->n);
      return 0;
    }
  return 1;
}

int
main (int argc, char **argv)
{
  int sweep = 0, compare = 0, step = 2;
  const char *anchor_path = NULL;
  if (getenv ("SCANOMP_VARIANT"))
    user_variant = strdup (getenv ("SCANOMP_VARIANT"));
  for (; argc > 1 && argv[1][0] == '-'; argc--, argv++)
    if (!strcmp (argv[1], "--sweep"))
      sweep = 1;
    else if (!strcmp (argv[1], "--compare"))
      compare = 1, step = 4;
    else if (!strcmp (argv[1], "--step") && argc > 2 && atoi (argv[2]) > 0)
      {
        step = atoi (argv[2]);
        argc--, argv++;
      }
    else if (!strcmp (argv[1], "--anchor") && argc > 2)
      {
        anchor_path = argv[2];
        argc--, argv++;
      }
    else
      break;
  int log2max = argc > 1 ? atoi (argv[1]) : 24;
  const char *tsv = argc > 2 ? argv[2] : "bench/device.tsv";
  if (log2max < 16 || log2max > 30)
    {
      fprintf (stderr, "bench-device: give LOG2MAX from 16 to 30\n");
      return 2;
    }
  if (anchor_path && read_anchors (anchor_path))
    return 2;
  FILE *out = fopen (tsv, "w");
  if (!out)
    {
      perror (tsv);
      return 2;
    }
  fprintf (out, "case\tmethod\tn\treps\tdevice_s\twall_s\n");
  setvbuf (stdout, NULL, _IOLBF, 0);
  int device = scanrt_get_default_device ();
  char name[256];
  scanrt_get_device_name (device, name, sizeof name);
  size_t most = (size_t) 1 << log2max, most_bytes = most * 8;
  char *x = malloc (most_bytes), *y = malloc (most_bytes);
  char *ref = malloc (most_bytes);
  if (!x || !y || !ref || copier_open (name, most_bytes))
    {
      fprintf (stderr, "bench-device: no memory, or device %d (%s) would "
               "not open\n", device, name);
      return 2;
    }
  printf ("device %d: %s; sizes 2^16 to 2^%d, every %d; medians%s\n\n",
          device, name, log2max, step,
          nanchors ? "; CUB from the anchor" : "");
  printf ("%-12s %-22s %10s %11s %11s %8s %8s %7s %7s %7s\n", "case",
          "method", "n", "device s", "wall s", "Gel/s", "wall-dev",
          "CUB dev", "CUB wal", "copy");

  /* The first scan of the process: device start-up and build included.  */
  struct args a = { 0, y, x, most, device, 0, 0, 1, 0 };
  fill (0, x, most);
  double t0 = bench_now ();
  int status = scan (M_LOOKBACK, &a);
  double first = bench_now () - t0;
  if (status != SCANRT_OK)
    {
      fprintf (stderr, "bench-device: the first scan failed: %s\n",
               scanrt_status_name (status));
      return 1;
    }
  row (out, "int32-sum", "first-call", most, 1, a.device_time, first, 0);
  a.timed = 0;

  /* Not resident: copies in and out, against the bare copies.  */
  {
    size_t bytes = most * 4;
    int reps = log2max >= 26 ? 11 : 21;
    double *t = malloc (2 * reps * sizeof *t);
    if (!t)
      return 2;
    for (int r = 0; r < reps; r++)
      {
        t0 = bench_now ();
        scan (M_LOOKBACK, &a);
        t[r] = bench_now () - t0;
        t0 = bench_now ();
        clEnqueueWriteBuffer (copier.q, copier.a, CL_FALSE, 0, bytes, x, 0,
                              NULL, NULL);
        clEnqueueReadBuffer (copier.q, copier.b, CL_TRUE, 0, bytes, y, 0,
                             NULL, NULL);
        t[reps + r] = bench_now () - t0;
      }
    for (int m = 0; m < 2; m++)
      qsort (t + m * reps, reps, sizeof *t, bench_by_value);
    row (out, "int32-sum", "with-transfers", most, reps, -1, t[reps / 2], 0);
    row (out, "int32-sum", "transfers-only", most, reps, -1,
         t[reps + reps / 2], 0);
    free (t);
  }
  putchar ('\n');

  for (size_t c = 0; c < NCASES; c++)
    {
      size_t bytes = most * kind_sizes[cases[c].kind];
      a.c = c;
      fill (c, x, most);
      reference (c, ref, x, most);
      memset (y, 0, bytes);
      /* Resident: what `target data' maps stays on the device.  */
      if (scanrt_data_enter (device, x, bytes, SCANRT_MAP_TO) != SCANRT_OK
          || scanrt_data_enter (device, y, bytes, SCANRT_MAP_FROM)
               != SCANRT_OK)
        return 1;
      if (c == 0)
        floors (out, &a);
      int to = compare ? M_LOOKBACK + 1 : c == 0 ? NMETHODS : M_THESIS;
      for (int k = 16; k <= log2max; k += step)
        {
          a.n = (size_t) 1 << k;
          int reps = k >= 26 ? 21 : 41;
          /* Untimed: builds each kernel set and checks it.  */
          for (int m = M_LOOKBACK; m < to; m++)
            if (!check (m, &a, ref))
              return 1;
          /* The copies apart from the scans: they run in a context of
             their own, and switching contexts costs NVIDIA's driver some
             150 us, which round-robin would charge to each.  */
          double dev[NMETHODS], wall[NMETHODS];
          if (medians (0, M_LOOKBACK, reps, &a, dev, wall)
              || medians (M_LOOKBACK, to, reps, &a, dev + M_LOOKBACK,
                          wall + M_LOOKBACK))
            return 2;
          for (int m = 0; m < to; m++)
            row (out, cases[c].name, method_names[m], a.n, reps, dev[m],
                 wall[m], dev[M_COPY_KERNEL]);
          row (out, cases[c].name, "lookback-burst", a.n, reps, -1,
               burst (M_LOOKBACK, &a, reps), 0);
          /* The results once more, after every timed call.  */
          if (!check (M_LOOKBACK, &a, ref))
            return 1;
        }
      if (sweep && (c == 0 || cases[c].kind == K_DOUBLE
                    || cases[c].kind == K_PAIR) && !cases[c].exclusive)
        {
          static const size_t wgs[] = { 128, 256 };
          static const size_t wide[] = { 16, 24, 32 }, narrow[] = { 8, 12,
                                                                    16 };
          const size_t *items = kind_sizes[cases[c].kind] <= 4 ? wide
                                                                 : narrow;
          for (int m = M_LOOKBACK; m <= M_LOOKBACK_PORTABLE; m++)
            for (size_t w = 0; w < 2; w++)
              for (size_t i = 0; i < 3; i++)
                {
                  a.wg = wgs[w];
                  a.items = items[i];
                  /* Shapes the device cannot take are reported and
                     skipped.  */
                  if (!check (m, &a, ref))
                    continue;
                  double dev, wall;
                  if (medians (m, m + 1, 21, &a, &dev, &wall))
                    return 2;
                  char label[64];
                  snprintf (label, sizeof label, "%s-%zux%zu",
                            method_names[m], wgs[w], items[i]);
                  row (out, cases[c].name, label, a.n, 21, dev, wall, 0);
                }
          a.wg = a.items = 0;
        }
      if (scanrt_data_exit (device, y, bytes, SCANRT_MAP_FROM) != SCANRT_OK
          || scanrt_data_exit (device, x, bytes, SCANRT_MAP_TO) != SCANRT_OK)
        return 1;
      putchar ('\n');
    }
  fclose (out);
  printf ("device s, wall s: medians of the device's own time (profiling "
          "events) and of the wall time\nper call, wait included; wall-dev: "
          "their difference in us.  CUB dev, CUB wal: CUB's time\nover ours "
          "(1.00 = as fast as CUB).  copy: the copy kernel's device time "
          "over ours\n(1.00 = at the memory limit).  Wrote %s.\n", tsv);
  return 0;
}
