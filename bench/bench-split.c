/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* bench-split.c: one scan split across the OpenCL devices
   (scanrt_params.devices), against the same scan on one of them, side by
   side in one process (methods round-robin, medians):

     one       device 0 alone
     split     every device, weights measured
     weighted  every device, equal weights given
     copy      memcpy of the same bytes, on the calling thread

   for an int32 + scan, whose blocks' totals come first, and a user-defined
   operator on pairs (composition of affine maps, 8 bytes), whose blocks
   are chained.  Then the int32 scan on data already on the devices, as
   inside `target data':

     one-mapped  mapped on device 0 alone, scanned there
     pieces      spread across every device (SCANOMP_DEVICES set when it
                 is mapped), each block scanned where its piece is
     copy        memcpy, as above
  Meant for POCL_DEVICES="pthread pthread" (`make
   bench-split' sets it): two devices that share this machine's cores,
   where a split cannot be faster, only show what it costs; on a node with
   several GPUs the same program measures the gain.  Each method's first
   call is reported too, the split's first (the process's first scan,
   program builds included).  Every result is checked against a
   sequential loop.

     bench-split [LOG2N [RESULTS.TSV]]

   LOG2N defaults to 24.  Writes one TSV line per measurement (case method
   n reps median_s min_s) to RESULTS.TSV (default bench/split.tsv) and a
   table to stdout.  */

#include <string.h>

#include <scanrt.h>

#include "measure.h"
#include "pair-op.h"

enum { M_ONE, M_SPLIT, M_WEIGHTED, M_COPY, NMETHODS };
static const char *const names[NMETHODS] = { "one", "split", "weighted",
                                             "copy" };

struct args
{
  int pair;
  void *in, *out;
  size_t n;
  const char *devices[NMETHODS];
  int status;
};

static void
run_method (int m, void *ctx)
{
  struct args *a = ctx;
  scanrt_params p = SCANRT_PARAMS_INIT;
  size_t size = a->pair ? sizeof (affine) : sizeof (int);
  if (m == M_COPY)
    {
      memcpy (a->out, a->in, a->n * size);
      return;
    }
  p.flags = SCANRT_NO_HOST;
  p.device = 0;
  p.devices = a->devices[m];
  int status = a->pair ? scanrt_scan_user (a->out, a->in, a->n, &pair_op, &p)
                       : scanrt_scan (a->out, a->in, a->n, SCANRT_INT,
                                      SCANRT_ADD, &p);
  if (status != SCANRT_OK)
    a->status = status;
}

/* Whether OUT is IN scanned with int32 +, over N elements.  */
static int
right_int (const int *in, const int *out, size_t n)
{
  unsigned acc = 0;
  for (size_t i = 0; i < n; i++)
    if ((int) (acc += (unsigned) in[i]) != out[i])
      return 0;
  return 1;
}

/* Whether A's output is A's input scanned.  */
static int
right (const struct args *a)
{
  if (a->pair)
    {
      const affine *x = a->in, *y = a->out;
      affine acc = affine_id;
      for (size_t i = 0; i < a->n; i++)
        {
          affine_host (&acc, &acc, &x[i]);
          if (memcmp (&acc, &y[i], sizeof acc))
            return 0;
        }
      return 1;
    }
  return right_int (a->in, a->out, a->n);
}

enum { R_ONE, R_PIECES, R_COPY, NRESIDENT };
static const char *const resident_names[NRESIDENT] = { "one-mapped",
                                                       "pieces", "copy" };

/* The resident case: method M's arrays are IN[M] and OUT[M].  */
struct resident
{
  int *in[2], *out[2], *copy;
  size_t n;
  int status;
};

static void
run_resident (int m, void *ctx)
{
  struct resident *r = ctx;
  scanrt_params p = SCANRT_PARAMS_INIT;
  if (m == R_COPY)
    {
      memcpy (r->copy, r->in[0], r->n * sizeof (int));
      return;
    }
  p.flags = SCANRT_NO_HOST;
  p.device = m == R_ONE ? 0 : SCANRT_DEFAULT_DEVICE;
  int status = scanrt_scan (r->out[m], r->in[m], r->n, SCANRT_INT,
                            SCANRT_ADD, &p);
  if (status != SCANRT_OK)
    r->status = status;
}

/* Time the resident case over N elements, SPREAD naming every device;
   results to OUT.  Returns 0, or 1 where a result is wrong, 2 where the
   memory or the timing fails.  */
static int
resident_case (FILE *out, size_t n, const char *spread)
{
  struct resident r = { { malloc (n * sizeof (int)),
                          malloc (n * sizeof (int)) },
                        { malloc (n * sizeof (int)),
                          malloc (n * sizeof (int)) },
                        malloc (n * sizeof (int)), n, SCANRT_OK };
  const size_t bytes = n * sizeof (int);
  int failed = 0;
  if (!r.in[0] || !r.in[1] || !r.out[0] || !r.out[1] || !r.copy)
    return 2;
  for (size_t i = 0; i < n; i++)
    r.in[0][i] = r.in[1][i] = (int) (i % 1999) - 999;
  /* Touched, so that no first call pays for the pages.  */
  memset (r.out[0], 0, bytes);
  memset (r.out[1], 0, bytes);
  memset (r.copy, 0, bytes);
  /* The variable is read when data is mapped: unset for device 0's
     arrays, set for those spread.  */
  for (int m = 0; m < 2; m++)
    {
      if (m == R_ONE)
        unsetenv ("SCANOMP_DEVICES");
      else
        setenv ("SCANOMP_DEVICES", spread, 1);
      scanrt_data_enter (m == R_ONE ? 0 : SCANRT_DEFAULT_DEVICE, r.in[m],
                         bytes, SCANRT_MAP_TO);
      scanrt_data_enter (m == R_ONE ? 0 : SCANRT_DEFAULT_DEVICE, r.out[m],
                         bytes, SCANRT_MAP_FROM);
    }
  double first[NRESIDENT] = { 0 }, med[NRESIDENT];
  for (int m = R_PIECES; m >= R_ONE; m--)
    {
      double t0 = bench_now ();
      run_resident (m, &r);
      first[m] = bench_now () - t0;
    }
  bench_write_tsv (out, "resident-first", resident_names, R_COPY, (long) n,
                   1, first, first);
  for (int m = 0; m < R_COPY; m++)
    printf ("%-8s %-10s %11.6f %8s (first call)\n", "resident",
            resident_names[m], first[m], "");
  if (bench_round_robin (NRESIDENT, 9, run_resident, &r, med, out,
                         "resident", resident_names, (long) n))
    failed = 2;
  for (int m = 0; m < NRESIDENT && !failed; m++)
    printf ("%-8s %-10s %11.6f %8.2f\n", "resident", resident_names[m],
            med[m], med[R_ONE] / med[m]);
  for (int m = 0; m < 2; m++)
    {
      scanrt_data_exit (m == R_ONE ? 0 : SCANRT_DEFAULT_DEVICE, r.out[m],
                        bytes, SCANRT_MAP_FROM);
      scanrt_data_exit (m == R_ONE ? 0 : SCANRT_DEFAULT_DEVICE, r.in[m],
                        bytes, 0);
      if (!failed && (r.status != SCANRT_OK || !right_int (r.in[m], r.out[m],
                                                           n)))
        {
          fprintf (stderr, "bench-split: resident %s is wrong (%s)\n",
                   resident_names[m], scanrt_status_name (r.status));
          failed = 1;
        }
    }
  for (int m = 0; m < 2; m++)
    {
      free (r.in[m]);
      free (r.out[m]);
    }
  free (r.copy);
  return failed;
}

int
main (int argc, char **argv)
{
  int log2n = argc > 1 ? atoi (argv[1]) : 24;
  const char *tsv = argc > 2 ? argv[2] : "bench/split.tsv";
  int ndev = scanrt_get_num_devices ();
  if (log2n < 10 || log2n > 30 || ndev < 1)
    {
      fprintf (stderr, "bench-split: %s\n", ndev < 1 ? "no OpenCL device"
                                                     : "LOG2N is 10 to 30");
      return 2;
    }
  FILE *out = bench_open_tsv (tsv);
  if (!out)
    return 2;
  char equal[256] = "";
  for (int d = 0; d < ndev && d < 16; d++)
    snprintf (equal + strlen (equal), sizeof equal - strlen (equal),
              "%s%d:1", d ? "," : "", d);

  size_t n = (size_t) 1 << log2n;
  struct args a = { 0, malloc (n * sizeof (affine)),
                    malloc (n * sizeof (affine)), n,
                    { NULL, "all", equal, NULL }, SCANRT_OK };
  if (!a.in || !a.out)
    return 2;
  printf ("one scan of 2^%d elements across %d OpenCL devices, against "
          "device 0 alone\n%-8s %-10s %11s %8s\n", log2n, ndev, "case",
          "method", "median s", "/one");
  for (a.pair = 0; a.pair < 2; a.pair++)
    {
      const char *kind = a.pair ? "pair" : "int32";
      for (size_t i = 0; i < n; i++)
        if (a.pair)
          ((affine *) a.in)[i] = (affine) { (unsigned) (i * 2654435761u) | 1,
                                            (unsigned) i };
        else
          ((int *) a.in)[i] = (int) (i % 1999) - 999;
      /* Each method's first call, the split's first: the process's first
         scan, program builds included.  */
      double first[NMETHODS] = { 0 };
      for (int k = 0; k < M_COPY; k++)
        {
          int m = (M_SPLIT + k) % M_COPY;
          memset (a.out, 0, n * (a.pair ? sizeof (affine) : sizeof (int)));
          double t0 = bench_now ();
          run_method (m, &a);
          first[m] = bench_now () - t0;
          if (a.status != SCANRT_OK || !right (&a))
            {
              fprintf (stderr, "bench-split: %s %s is wrong (%s)\n", kind,
                       names[m], scanrt_status_name (a.status));
              return 1;
            }
        }
      char first_kind[32];
      snprintf (first_kind, sizeof first_kind, "%s-first", kind);
      bench_write_tsv (out, first_kind, names, M_COPY, (long) n, 1, first,
                       first);
      for (int m = 0; m < M_COPY; m++)
        printf ("%-8s %-10s %11.6f %8s (first call)\n", kind, names[m],
                first[m], "");
      double med[NMETHODS];
      if (bench_round_robin (NMETHODS, 9, run_method, &a, med, out, kind,
                             names, (long) n))
        return 2;
      for (int m = 0; m < NMETHODS; m++)
        printf ("%-8s %-10s %11.6f %8.2f\n", kind, names[m], med[m],
                med[M_ONE] / med[m]);
    }
  int failed = ndev > 1 ? resident_case (out, n, equal) : 0;
  if (failed)
    return failed;
  printf ("Wrote %s.\n", tsv);
  fclose (out);
  free (a.in);
  free (a.out);
  return 0;
}
