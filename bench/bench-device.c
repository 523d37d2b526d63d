/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* bench-device.c: the kernel sets on one OpenCL device (the default one:
   a GPU where there is one), with the data resident on the device as in a
   `target data' region, against a device-to-device copy of the same bytes
   (the memory limit), side by side in one process (methods round-robin,
   medians):

     copy      clEnqueueCopyBuffer of the input to the output, on the same
               device, through a context of this program's own
     lookback  the single-pass kernel set (scan-lookback.cl)
     gpu       the multi-level kernel set (scan-gpu.cl)
     thesis    the thesis' Blelloch kernel set (scan-blelloch.cl)

   for an int32 + scan, a float + scan and a user-defined operator on
   pairs (composition of affine maps, 8 bytes).  Also reported, on their
   own: the first scan of the process (device start-up and program build
   included), and one int32 scan outside `target data', whose arrays are
   copied in and out, with the bare transfer of the same bytes.

     bench-device [--sweep] [LOG2N [RESULTS.TSV]]

   LOG2N defaults to 24 (use 28 on a large GPU).  --sweep also times the
   lookback set's tile shapes (SCANOMP_WG x SCANOMP_ITEMS) on int32.
   Writes one TSV line per measurement (case method n reps median_s min_s)
   to RESULTS.TSV (default bench/device.tsv) and a table to stdout.  Every
   method's result is checked against a sequential loop.  */

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <string.h>

#include <scanrt.h>

#include "measure.h"
#include "pair-op.h"

enum { C_INT32, C_FLOAT, C_PAIR, NCASES };
static const char *const case_names[NCASES] = { "int32", "float", "pair" };
static const size_t case_sizes[NCASES] = { 4, 4, sizeof (affine) };

enum { M_COPY, M_LOOKBACK, M_GPU, M_THESIS, NMETHODS };
static const char *const method_names[NMETHODS] = { "copy", "lookback",
                                                    "gpu", "thesis" };
static const scanrt_variant variants[NMETHODS] = {
  SCANRT_VARIANT_AUTO, SCANRT_VARIANT_LOOKBACK, SCANRT_VARIANT_GPU,
  SCANRT_VARIANT_THESIS
};

/* The copy baseline: a context, queue and two buffers on the device that
   libscanrt numbers DEVICE (platforms in order, each one's devices in
   order).  */
static struct
{
  cl_context ctx;
  cl_command_queue q;
  cl_mem a, b;
} copier;

static int
copier_open (int device, size_t bytes)
{
  cl_platform_id plats[16];
  cl_uint np = 0;
  if (clGetPlatformIDs (16, plats, &np) != CL_SUCCESS)
    return -1;
  for (cl_uint p = 0; p < np && p < 16; p++)
    {
      cl_device_id ids[64];
      cl_uint nd = 0;
      if (clGetDeviceIDs (plats[p], CL_DEVICE_TYPE_ALL, 64, ids, &nd)
          != CL_SUCCESS)
        continue;
      if ((cl_uint) device >= nd)
        {
          device -= nd;
          continue;
        }
      cl_int err;
      copier.ctx = clCreateContext (NULL, 1, &ids[device], NULL, NULL, &err);
      if (err == CL_SUCCESS)
        copier.q = clCreateCommandQueue (copier.ctx, ids[device], 0, &err);
      if (err == CL_SUCCESS)
        copier.a = clCreateBuffer (copier.ctx, CL_MEM_READ_WRITE, bytes,
                                   NULL, &err);
      if (err == CL_SUCCESS)
        copier.b = clCreateBuffer (copier.ctx, CL_MEM_READ_WRITE, bytes,
                                   NULL, &err);
      if (err == CL_SUCCESS)
        {
          /* A word's pattern: NVIDIA's OpenCL never finished a one-byte
             pattern's fill of 2 GiB (an H200, driver 580).  */
          cl_uint z = 0x01010101;
          err = clEnqueueFillBuffer (copier.q, copier.a, &z, sizeof z, 0,
                                     bytes, 0, NULL, NULL);
        }
      return err == CL_SUCCESS && clFinish (copier.q) == CL_SUCCESS ? 0 : -1;
    }
  return -1;
}

static void
copier_close (void)
{
  clReleaseMemObject (copier.a);
  clReleaseMemObject (copier.b);
  clReleaseCommandQueue (copier.q);
  clReleaseContext (copier.ctx);
}

struct args
{
  int c;
  void *y;
  const void *x;
  size_t n;
  int device;
  size_t wg, items;            /* lookback tile shape, 0: default */
};

/* Scan case A->c with method M on A's arrays; returns the status.  */
static int
scan (int m, const struct args *a)
{
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.device = a->device;
  p.flags = SCANRT_NO_HOST;
  p.variant = variants[m];
  if (m == M_LOOKBACK)
    {
      p.work_group_size = a->wg;
      p.items = a->items;
    }
  if (a->c == C_PAIR)
    return scanrt_scan_user (a->y, a->x, a->n, &pair_op, &p);
  return scanrt_scan (a->y, a->x, a->n,
                      a->c == C_INT32 ? SCANRT_INT : SCANRT_FLOAT, SCANRT_ADD,
                      &p);
}

static void
run_method (int m, void *ctx)
{
  struct args *a = ctx;
  if (m == M_COPY)
    {
      clEnqueueCopyBuffer (copier.q, copier.a, copier.b, 0, 0,
                           a->n * case_sizes[a->c], 0, NULL, NULL);
      clFinish (copier.q);
    }
  else
    scan (m, a);
}

/* The sequential reference of case C over X.  */
static void
reference (int c, void *y, const void *x, size_t n)
{
  if (c == C_INT32)
    {
      unsigned acc = 0;
      for (size_t i = 0; i < n; i++)
        ((unsigned *) y)[i] = acc += ((const unsigned *) x)[i];
    }
  else if (c == C_FLOAT)
    {
      float acc = 0;
      for (size_t i = 0; i < n; i++)
        ((float *) y)[i] = acc += ((const float *) x)[i];
    }
  else
    {
      affine acc = affine_id;
      for (size_t i = 0; i < n; i++)
        {
          affine_host (&acc, &acc, (const affine *) x + i);
          ((affine *) y)[i] = acc;
        }
    }
}

/* Whether Y matches REF, bit for bit: fill's inputs make every partial
   sum exact, float ones included.  */
static int
same (int c, const void *y, const void *ref, size_t n)
{
  return !memcmp (y, ref, n * case_sizes[c]);
}

static void
fill (int c, void *x, size_t n)
{
  unsigned s = 12345;
  for (size_t i = 0; i < n; i++)
    {
      s = s * 1103515245u + 12345u;
      if (c == C_INT32)
        ((unsigned *) x)[i] = s >> 8;
      else if (c == C_FLOAT)
        {
          /* -2, -1, 1 or 2: a walk with no drift, whose partial sums
             stay far below 2^24 and so are exact in every order.  */
          int k = (int) (s >> 30);
          ((float *) x)[i] = (float) (k - 2 + (k >= 2));
        }
      else
        {
          affine f = { (s >> 4) | 1, s >> 12 };
          ((affine *) x)[i] = f;
        }
    }
}

/* Print and record one row.  */
static void
row (FILE *out, const char *kind, const char *method, size_t n, size_t bytes,
     int reps, double median, double min, double copy)
{
  fprintf (out, "%s\t%s\t%zu\t%d\t%.9f\t%.9f\n", kind, method, n, reps,
           median, min);
  printf ("%-7s %-16s %11zu %11.6f %9.3f %9.1f", kind, method, n, median,
          n / median * 1e-9, 2.0 * bytes / median * 1e-9);
  if (copy > 0)
    printf (" %8.2f", copy / median);
  putchar ('\n');
}

int
main (int argc, char **argv)
{
  int sweep = argc > 1 && !strcmp (argv[1], "--sweep");
  argv += sweep;
  argc -= sweep;
  int log2n = argc > 1 ? atoi (argv[1]) : 24;
  const char *tsv = argc > 2 ? argv[2] : "bench/device.tsv";
  size_t n = (size_t) 1 << log2n;
  int reps = log2n >= 26 ? 21 : 41;
  FILE *out = bench_open_tsv (tsv);
  if (!out || log2n < 10 || log2n > 31)
    {
      fprintf (stderr, "bench-device: give LOG2N from 10 to 31\n");
      return 2;
    }
  setvbuf (stdout, NULL, _IOLBF, 0);
  int device = scanrt_get_default_device ();
  char name[256];
  scanrt_get_device_name (device, name, sizeof name);
  size_t most = n * sizeof (affine);
  char *x = malloc (most), *y = malloc (most), *ref = malloc (most);
  if (!x || !y || !ref || copier_open (device, most))
    {
      fprintf (stderr, "bench-device: no memory, or device %d would not "
               "open\n", device);
      return 2;
    }
  printf ("device %d: %s; n = 2^%d; medians of %d rounds\n\n", device, name,
          log2n, reps);
  printf ("%-7s %-16s %11s %11s %9s %9s %8s\n", "case", "method", "n",
          "median s", "Gelem/s", "GB/s r+w", "/copy");

  /* The first scan of the process: device start-up and build included.  */
  fill (C_INT32, x, n);
  struct args a = { C_INT32, y, x, n, device, 0, 0 };
  double t0 = bench_now ();
  int status = scan (M_LOOKBACK, &a);
  double first = bench_now () - t0;
  if (status != SCANRT_OK)
    {
      fprintf (stderr, "bench-device: the first scan failed: %s\n",
               scanrt_status_name (status));
      return 1;
    }
  row (out, "int32", "first-call", n, n * 4, 1, first, first, 0);

  /* Outside `target data': copies in and out, against the bare copies.  */
  double med[2], min[2];
  {
    size_t bytes = n * 4;
    cl_int err = clEnqueueWriteBuffer (copier.q, copier.a, CL_TRUE, 0, bytes,
                                       x, 0, NULL, NULL);
    err |= clEnqueueReadBuffer (copier.q, copier.a, CL_TRUE, 0, bytes, y, 0,
                                NULL, NULL);
    if (err != CL_SUCCESS)
      return 1;
    double *t = malloc (2 * reps * sizeof *t);
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
      {
        qsort (t + m * reps, reps, sizeof *t, bench_by_value);
        med[m] = t[m * reps + reps / 2];
        min[m] = t[m * reps];
      }
    free (t);
    row (out, "int32", "with-transfers", n, bytes, reps, med[0], min[0], 0);
    row (out, "int32", "transfers-only", n, bytes, reps, med[1], min[1], 0);
  }
  putchar ('\n');

  for (int c = 0; c < NCASES; c++)
    {
      size_t bytes = n * case_sizes[c];
      a.c = c;
      fill (c, x, n);
      reference (c, ref, x, n);
      /* Untimed: builds each kernel set and checks it.  */
      for (int m = M_LOOKBACK; m < NMETHODS; m++)
        {
          memset (y, 0, bytes);
          status = scan (m, &a);
          if (status != SCANRT_OK || !same (c, y, ref, n))
            {
              fprintf (stderr, "bench-device: %s %s: %s\n", case_names[c],
                       method_names[m], status != SCANRT_OK
                       ? scanrt_status_name (status) : "wrong result");
              return 1;
            }
        }
      /* Resident: what `target data' maps stays on the device.  */
      memset (y, 0, bytes);
      if (scanrt_data_enter (device, x, bytes, SCANRT_MAP_TO) != SCANRT_OK
          || scanrt_data_enter (device, y, bytes, SCANRT_MAP_FROM)
               != SCANRT_OK)
        return 1;
      double median[NMETHODS], mins[NMETHODS];
      if (bench_medians (NMETHODS, reps, run_method, &a, median, mins))
        return 2;
      for (int m = 0; m < NMETHODS; m++)
        row (out, case_names[c], method_names[m], n, bytes, reps, median[m],
             mins[m], median[M_COPY]);
      if (sweep && c == C_INT32)
        {
          static const size_t wgs[] = { 128, 256, 512, 1024 };
          static const size_t items[] = { 4, 8, 12, 16, 24, 32 };
          for (size_t w = 0; w < 4; w++)
            for (size_t i = 0; i < 6; i++)
              {
                a.wg = wgs[w];
                a.items = items[i];
                /* Shapes the device cannot take are reported and
                   skipped.  */
                if (scan (M_LOOKBACK, &a) != SCANRT_OK)
                  continue;
                /* Methods 0 and 1: the copy and this shape.  */
                double tm[2], tmin[2];
                if (bench_medians (2, reps, run_method, &a, tm, tmin))
                  return 2;
                char label[64];
                snprintf (label, sizeof label, "lookback-%zux%zu", wgs[w],
                          items[i]);
                row (out, "int32", label, n, bytes, reps, tm[1], tmin[1],
                     tm[0]);
              }
          a.wg = a.items = 0;
        }
      if (scanrt_data_exit (device, y, bytes, SCANRT_MAP_FROM) != SCANRT_OK
          || scanrt_data_exit (device, x, bytes, SCANRT_MAP_TO) != SCANRT_OK
          || !same (c, y, ref, n))
        {
          fprintf (stderr, "bench-device: %s: wrong result after the "
                   "resident runs\n", case_names[c]);
          return 1;
        }
      putchar ('\n');
      fflush (stdout);
    }
  copier_close ();
  fclose (out);
  printf ("/copy: speed relative to the device-to-device copy of the same "
          "bytes (1.00 = at the memory limit).\nGB/s r+w counts the bytes "
          "read and written.\nWrote %s.\n", tsv);
  return 0;
}
