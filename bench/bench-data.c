/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* bench-data.c: what `target data' saves, and what one scan on resident
   data costs a call.  The default device is treated as discrete
   (SCANOMP_UNIFIED=0, set here: pocl then copies as a GPU would); methods
   side by side in one process (round-robin, medians).

   Forty in-place scans of 2^22 unsigned ints, each a `target' loop with
   the scan clause:

     copying   each scan maps its array itself: a copy in and out per scan
     resident  the forty scans inside one `target enter data' /
               `target exit data' pair: one copy in and one out in all
     transfer  that pair alone, with no scan: the two copies

   Every method's result is checked against the same forty scans run
   sequentially.

   Then, per call, one in-place scan of resident data at 2^12 and 2^16
   elements, 1,001 rounds (SCANOMP_HOST_CUTOFF=0, set here, so that every
   scan runs on the device):

     api        scanrt_scan on the mapped array
     api-timed  the same, asking for its kernels' device time
                (scanrt_params.kernel_seconds: profiling events)
     clause     the same scan as a `target' loop with the scan clause
     read       SCANRT_present_read of one element of it: a transfer from
                the device and its wait
     launch     an empty kernel of one work-item, enqueued and waited for
                in a context of the benchmark's own on the same device
                (floor.h): the driver's floor for a call
     l.args     the same with an empty kernel that takes a scan kernel's
                18 arguments, set once (floor.h): the floor of a launch
                that carries them
     replay     the same kernel recorded once in a command buffer
                (cl_khr_command_buffer), each call a replay and its wait:
                where the device has the extension, whether paying the
                launch once lowers the floor

   (the first four round-robin, then the last three round-robin, apart:
   they run in another context) and the per-call split: the floor, the
   kernels (the median of api-timed's device time), and what is left,
   the runtime's own time a call: the API's and the clause's wall time
   less the floor and the kernels ("own"), or less l.args's floor and
   the kernels ("lib": libscanrt's alone, the driver's handling of the
   arguments taken out).  The clause's kernels are taken to cost what
   the API's do (the same kernel set over the same array).

     bench-data [RESULTS.TSV]

   writes one TSV line per method (case method n reps median_s min_s) to
   RESULTS.TSV (default bench/data.tsv) and tables to stdout.  */

#include <string.h>

#include "floor.h"
#include "measure.h"
#include "scanrt.h"
#include "scanrt-abi.h"

enum { SCANS = 40 };
enum { M_COPYING, M_RESIDENT, M_TRANSFER, NMETHODS };
static const char *const names[NMETHODS] = { "copying", "resident",
                                             "transfer" };

static void
scan (unsigned *y, long n)
{
#pragma omp target map(tofrom: y[0:n])
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + y[i];
}

static void
copying (unsigned *y, long n)
{
  for (int k = 0; k < SCANS; k++)
    scan (y, n);
}

static void
resident (unsigned *y, long n)
{
#pragma omp target enter data map(to: y[0:n])
  for (int k = 0; k < SCANS; k++)
    scan (y, n);
#pragma omp target exit data map(from: y[0:n])
}

static void
transfer (unsigned *y, long n)
{
#pragma omp target enter data map(to: y[0:n])
#pragma omp target exit data map(from: y[0:n])
}

static void (*const fn[NMETHODS]) (unsigned *, long) = { copying, resident,
                                                        transfer };

struct args
{
  unsigned *y;
  const unsigned *x;
  long n;
};

static void
run_method (int m, void *ctx)
{
  struct args *a = ctx;
  fn[m] (a->y, a->n);
}

/* One call on resident data, as each method makes it.  */
enum
{
  C_API, C_API_TIMED, C_CLAUSE, C_READ, C_LAUNCH, C_ARGS, C_REPLAY, NCALLS
};
static const char *const call_names[NCALLS] = {
  "api", "api-timed", "clause", "read", "launch", "launch-args", "replay"
};

struct call
{
  unsigned *y;
  long n;
  int device;
  const struct bench_floor *floor;
  double *kernel_s;             /* api-timed's kernel time, a call each */
  int calls, most;
};

static void
run_call (int m, void *ctx)
{
  struct call *c = ctx;
  if (m == C_API || m == C_API_TIMED)
    {
      scanrt_params p = SCANRT_PARAMS_INIT;
      double kernels = -1;
      p.device = c->device;
      p.flags = SCANRT_NO_HOST;
      if (m == C_API_TIMED)
        p.kernel_seconds = &kernels;
      if (scanrt_scan (c->y, c->y, c->n, SCANRT_UINT, SCANRT_ADD, &p)
          != SCANRT_OK)
        {
          fprintf (stderr, "bench-data: the API's scan failed\n");
          exit (1);
        }
      if (m == C_API_TIMED && c->calls < c->most)
        c->kernel_s[c->calls++] = kernels;
    }
  else if (m == C_CLAUSE)
    scan (c->y, c->n);
  else if (m == C_READ)
    {
      unsigned v;
      SCANRT_present_read (c->device, &v, c->y + c->n / 2, sizeof v);
    }
  else if (m == C_LAUNCH ? bench_floor_run (c->floor)
           : m == C_ARGS ? bench_floor_run_args (c->floor)
                         : bench_floor_replay (c->floor))
    {
      fprintf (stderr, "bench-data: the empty kernel's %s failed\n",
               call_names[m]);
      exit (1);
    }
}

/* Methods FIRST, FIRST + 1, ... of the calls, taken as 0, 1, ...  */
struct phase
{
  struct call *c;
  int first;
};

static void
run_phase (int m, void *ctx)
{
  struct phase *p = ctx;
  run_call (p->first + m, p->c);
}

/* The median of the COUNT values of V, sorted; -1 for none.  */
static double
median_of (double *v, int count)
{
  if (!count)
    return -1;
  qsort (v, count, sizeof *v, bench_by_value);
  return v[count / 2];
}

/* The per-call table at N elements, to OUT and stdout; FLOOR, the
   empty kernel's context.  */
static int
per_call (FILE *out, long n, const struct bench_floor *floor)
{
  enum { ROUNDS = 1001 };
  unsigned *y = malloc (n * sizeof *y), *ref = malloc (n * sizeof *ref);
  if (!y || !ref)
    return 2;
  for (long i = 0; i < n; i++)
    y[i] = ref[i] = (unsigned) (i % 7);
  double kernels[ROUNDS + 1];
  struct call c = { y, n, scanrt_get_default_device (), floor, kernels, 0,
                    ROUNDS + 1 };
  double med[NCALLS];
  int status = 0;
  /* The replay is the last method, where there is one.  */
  int calls = bench_floor_recorded (floor) ? NCALLS : C_REPLAY;
  med[C_REPLAY] = -1;
#pragma omp target enter data map(to: y[0:n])
  /* Warm: programs built, buffers kept.  */
  for (int m = 0; m < calls; m++)
    run_call (m, &c);
  c.calls = 0;
  /* libscanrt's calls, then the empty kernels, which run in a context of
     their own: taken round-robin together, each switch between the two
     contexts cost NVIDIA's driver some 135 us, charged to the call after
     it (on the H200, 2026-11-30: the API 151 us a call, the clause after
     it in the same context 15).  */
  struct phase libscanrt = { &c, C_API }, floors = { &c, C_LAUNCH };
  if (bench_round_robin (C_LAUNCH, ROUNDS, run_phase, &libscanrt, med, out,
                         "uint32-call", call_names, n)
      || bench_round_robin (calls - C_LAUNCH, ROUNDS, run_phase, &floors,
                            med + C_LAUNCH, out, "uint32-call",
                            call_names + C_LAUNCH, n))
    status = 2;
#pragma omp target exit data map(from: y[0:n])
  /* Each of the 3 + 3 * ROUNDS scans added the array to itself once
     more, inclusive: y is ref's scan repeated that many times.  */
  for (int k = 0; k < 3 + 3 * ROUNDS && !status; k++)
    for (long i = 1; i < n; i++)
      ref[i] = ref[i-1] + ref[i];
  if (!status && memcmp (y, ref, n * sizeof *y))
    {
      fprintf (stderr, "bench-data: the per-call scans are wrong\n");
      status = 1;
    }
  double k = median_of (kernels, c.calls), f = med[C_LAUNCH];
  double fa = med[C_ARGS];
  if (!status)
    {
      printf ("%-8ld %7.1f %7.1f %6.2f %7.1f %7.1f %7.1f %7.1f %7.1f "
              "%7.1f %7.1f %7.1f %7.1f", n, med[C_API] * 1e6,
              med[C_CLAUSE] * 1e6, med[C_CLAUSE] / med[C_API],
              med[C_READ] * 1e6, f * 1e6, fa * 1e6, k * 1e6,
              (med[C_API] - f - k) * 1e6, (med[C_CLAUSE] - f - k) * 1e6,
              (med[C_API] - fa - k) * 1e6, (med[C_CLAUSE] - fa - k) * 1e6,
              med[C_API_TIMED] * 1e6);
      if (calls > C_REPLAY)
        printf (" %7.1f\n", med[C_REPLAY] * 1e6);
      else
        printf (" %7s\n", "-");
      fprintf (out, "uint32-call\tkernels\t%ld\t%d\t%.9f\t-1\n", n,
               c.calls, k);
    }
  free (y);
  free (ref);
  return status;
}

int
main (int argc, char **argv)
{
  const char *tsv = argc > 1 ? argv[1] : "bench/data.tsv";
  setenv ("SCANOMP_UNIFIED", "0", 1);
  setenv ("SCANOMP_HOST_CUTOFF", "0", 1);
  FILE *out = bench_open_tsv (tsv);
  if (!out)
    return 2;
  long n = 1L << 22;
  unsigned *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  unsigned *ref = malloc (n * sizeof *ref);
  for (long i = 0; i < n; i++)
    x[i] = ref[i] = (unsigned) (i % 1000);
  for (int k = 0; k < SCANS; k++)
    for (long i = 1; i < n; i++)
      ref[i] = ref[i-1] + ref[i];

  struct args a = { y, x, n };
  for (int m = 0; m < M_TRANSFER; m++)
    {
      memcpy (y, x, n * sizeof *y);
      run_method (m, &a);
      if (memcmp (y, ref, n * sizeof *y))
        {
          fprintf (stderr, "bench-data: %s is wrong\n", names[m]);
          return 1;
        }
    }
  double med[NMETHODS];
  if (bench_round_robin (NMETHODS, 7, run_method, &a, med, out, "uint32x40",
                         names, n))
    return 2;
  printf ("%d in-place scans of 2^22 uint32, device treated as discrete\n",
          SCANS);
  printf ("%-9s %11s %10s\n", "method", "median s", "/copying");
  for (int m = 0; m < NMETHODS; m++)
    printf ("%-9s %11.6f %10.2f\n", names[m], med[m],
            med[M_COPYING] / med[m]);
  printf ("copies saved by resident data: %.6f s, %.1f times the transfer "
          "of one copy in and out.\n\n",
          med[M_COPYING] - med[M_RESIDENT],
          (med[M_COPYING] - med[M_RESIDENT]) / med[M_TRANSFER]);

  char name[256] = "";
  struct bench_floor floor;
  if (scanrt_get_device_name (scanrt_get_default_device (), name,
                              sizeof name) != SCANRT_OK
      || bench_floor_open (&floor, name))
    {
      fprintf (stderr, "bench-data: no context of its own on '%s'\n", name);
      return 2;
    }
  printf ("one in-place scan of resident uint32 a call on %s, medians in "
          "us\n", name);
  printf ("%-8s %7s %7s %6s %7s %7s %7s %7s %7s %7s %7s %7s %7s %7s\n",
          "n", "api", "clause", "/api", "read", "launch", "l.args",
          "kernels", "api own", "cl. own", "api lib", "cl. lib", "timed",
          "replay");
  int status = 0;
  for (long m = 1L << 12; m <= 1L << 16 && !status; m <<= 4)
    status = per_call (out, m, &floor);
  printf ("launch: an empty kernel and its wait, the driver's floor for a "
          "call;\nl.args: the same with a scan kernel's 18 arguments, set "
          "once;\nkernels: the API's, by profiling events (timed: the "
          "API's wall time\nwhen it asks for them); own: the wall time "
          "less the floor and the kernels;\nlib: less l.args and the "
          "kernels, libscanrt's alone;\nreplay: the empty kernel "
          "from a command buffer (-: the device has none).\nWrote %s.\n",
          tsv);
  if (status)
    return status;
  fclose (out);
  free (x);
  free (y);
  free (ref);
  return 0;
}
