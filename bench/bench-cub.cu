// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// bench-cub.cu: the anchor on NVIDIA GPUs.  NVIDIA's CUB (cub::DeviceScan)
// on the cases bench-device times through libscanrt, with the data resident
// on the device, and a CUDA device-to-device copy of the same bytes (the
// memory limit):
//
//   int32-sum, int32-xsum    InclusiveSum, ExclusiveSum over int32
//   float-sum, float-xsum    the same over float
//   double-sum, double-xsum  the same over double
//   int32-max                InclusiveScan with cuda::maximum (cub::Max
//                            before CCCL 2.8), which CUB's tuning knows
//   pair                     InclusiveScan over 8-byte affine maps with a
//                            custom operator (bench/pair-op.h's), as a
//                            struct (method cub) and packed in one 64-bit
//                            word (method cub-packed)
//
// Each call is timed four ways, each the way bench-device times
// libscanrt's (method names in the TSV):
//
//   cub          device time: CUDA events recorded around the call on its
//                stream (CUB's host-side work and the gap between its
//                launches included); wall time: a clock around the call
//                and the stream's synchronisation
//   cub-kernels  the kernels alone: the call queued behind a kernel that
//                spins for 200 microseconds, so the events see CUB's
//                launches back to back with no host time between them
//                (what OpenCL's profiling events give for libscanrt)
//   cub-burst    wall time per call of REPS calls queued back to back and
//                one synchronisation (a program that scans in a loop)
//
// The first call of the process is reported apart.  Every call's status is
// checked, and every result against a sequential loop.
//
//   bench-cub [LOG2MIN [LOG2MAX [RESULTS.TSV [STEP]]]]  (default 16 28 .. 2)
//
// Sizes 2^LOG2MIN, 2^(LOG2MIN+STEP), ... 2^LOG2MAX.  Writes one TSV line
// per measurement (case method n reps device_s wall_s, medians; -1 where
// a method has no such time) to RESULTS.TSV (default bench/cub.tsv) and a
// table to stdout.  Built by scripts/gpu-run with nvcc where nvcc exists;
// nothing in the build depends on it.

#include <cub/cub.cuh>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#if CUB_VERSION >= 200800
#include <cuda/functional>
typedef cuda::maximum<int> int_max;
#else
typedef cub::Max int_max;
#endif

struct affine
{
  unsigned a, b;
};

struct compose
{
  __host__ __device__ affine
  operator() (const affine &p, const affine &q) const
  {
    return affine{ p.a * q.a, q.a * p.b + q.b };
  }
};

// The same maps packed in one 64-bit word: a in the low half, b in the
// high one.
struct compose_packed
{
  __host__ __device__ uint64_t
  operator() (uint64_t p, uint64_t q) const
  {
    unsigned pa = (unsigned) p, pb = (unsigned) (p >> 32);
    unsigned qa = (unsigned) q, qb = (unsigned) (q >> 32);
    return (uint64_t) (pa * qa) | (uint64_t) (qa * pb + qb) << 32;
  }
};

// Spin for CYCLES of the multiprocessor's clock: what the stream runs
// while the host queues the call to be timed behind it.
__global__ void
spin (long long cycles)
{
  long long t0 = clock64 ();
  while (clock64 () - t0 < cycles)
    ;
}

#define CHECK(call)                                                         \
  do                                                                        \
    {                                                                       \
      cudaError_t e_ = (call);                                              \
      if (e_ != cudaSuccess)                                                \
        {                                                                   \
          fprintf (stderr, "bench-cub: %s: %s\n", #call,                    \
                   cudaGetErrorString (e_));                                \
          exit (1);                                                         \
        }                                                                   \
    }                                                                       \
  while (0)

static double
now ()
{
  return std::chrono::duration<double> (
           std::chrono::steady_clock::now ().time_since_epoch ())
    .count ();
}

static double
median (std::vector<double> v)
{
  std::sort (v.begin (), v.end ());
  return v[v.size () / 2];
}

// Inputs whose every partial result is exact in any order: small integers
// for the sums (floats stay far below 2^24), odd multipliers for the maps.
template <typename T>
static void
fill (std::vector<T> &x)
{
  unsigned s = 12345;
  for (size_t i = 0; i < x.size (); i++)
    {
      s = s * 1103515245u + 12345u;
      int k = (int) (s >> 30);
      x[i] = (T) (k - 2 + (k >= 2));
    }
}

static void
fill (std::vector<affine> &x)
{
  unsigned s = 12345;
  for (size_t i = 0; i < x.size (); i++)
    {
      s = s * 1103515245u + 12345u;
      x[i] = affine{ (s >> 4) | 1, s >> 12 };
    }
}

static void
fill_max (std::vector<int> &x)
{
  unsigned s = 12345;
  for (size_t i = 0; i < x.size (); i++)
    {
      s = s * 1103515245u + 12345u;
      x[i] = (int) (s >> 1) - (1 << 30);
    }
}

static bool
same (const affine &p, const affine &q)
{
  return p.a == q.a && p.b == q.b;
}

template <typename T>
static bool
same (const T &p, const T &q)
{
  return p == q;
}

static FILE *tsv;
static bool first_done;
// Some 200 microseconds at 2 GHz: longer than the host takes to queue a
// call.
static const long long spin_cycles = 400000;

// One TSV line and one table row; a time of -1 is none.
static void
report (const char *name, const char *method, size_t n, int reps,
        double dev, double wall, double copy)
{
  fprintf (tsv, "%s\t%s\t%zu\t%d\t%.9f\t%.9f\n", name, method, n, reps, dev,
           wall);
  fflush (tsv);
  printf ("%-12s %-12s %11zu", name, method, n);
  if (dev > 0)
    printf (" %12.6f", dev);
  else
    printf (" %12s", "");
  if (wall > 0)
    printf (" %12.6f", wall);
  else
    printf (" %12s", "");
  double t = dev > 0 ? dev : wall;
  printf (" %9.2f", n / t * 1e-9);
  if (copy > 0 && dev > 0)
    printf (" %8.2f", copy / dev);
  putchar ('\n');
}

// Time SCAN (a callable taking the temporary storage pointer and size) on
// N elements of T at D_IN -> D_OUT, check it against REF, and report it as
// case NAME, method METHOD.
template <typename T, typename Scan>
static int
measure (const char *name, const char *method, size_t n,
         const std::vector<T> &x, const std::vector<T> &ref, Scan scan,
         T *d_in, T *d_out, void *d_temp, size_t temp_bytes, cudaStream_t st,
         int reps)
{
  CHECK (cudaMemcpy (d_in, x.data (), n * sizeof (T),
                     cudaMemcpyHostToDevice));
  CHECK (cudaMemset (d_out, 0, n * sizeof (T)));
  double t0 = now ();
  CHECK (scan (d_temp, temp_bytes, d_in, d_out, (int) n, st));
  CHECK (cudaStreamSynchronize (st));
  double first = now () - t0;
  if (!first_done)
    {
      first_done = true;
      report (name, "first-call", n, 1, -1, first, 0);
    }
  std::vector<T> y (n);
  CHECK (cudaMemcpy (y.data (), d_out, n * sizeof (T),
                     cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < n; i++)
    if (!same (y[i], ref[i]))
      {
        fprintf (stderr, "bench-cub: %s %s n=%zu: wrong result at %zu\n",
                 name, method, n, i);
        return 1;
      }

  cudaEvent_t e0, e1;
  CHECK (cudaEventCreate (&e0));
  CHECK (cudaEventCreate (&e1));
  // Per repetition: the call timed by events and the clock, the call
  // behind the spinning kernel, the copy of the same bytes.
  std::vector<double> dev (reps), wall (reps), kern (reps), cdev (reps),
    cwall (reps);
  for (int r = 0; r < reps; r++)
    for (int m = 0; m < 3; m++)
      {
        CHECK (cudaStreamSynchronize (st));
        if (m == 1)
          {
            spin<<<1, 1, 0, st>>> (spin_cycles);
            CHECK (cudaGetLastError ());
          }
        double w0 = now ();
        CHECK (cudaEventRecord (e0, st));
        if (m < 2)
          CHECK (scan (d_temp, temp_bytes, d_in, d_out, (int) n, st));
        else
          CHECK (cudaMemcpyAsync (d_out, d_in, n * sizeof (T),
                                  cudaMemcpyDeviceToDevice, st));
        CHECK (cudaEventRecord (e1, st));
        CHECK (cudaEventSynchronize (e1));
        double w = now () - w0;
        float ms;
        CHECK (cudaEventElapsedTime (&ms, e0, e1));
        if (m == 0)
          dev[r] = ms * 1e-3, wall[r] = w;
        else if (m == 1)
          kern[r] = ms * 1e-3;
        else
          cdev[r] = ms * 1e-3, cwall[r] = w;
      }
  // REPS calls back to back and one wait, five times.
  std::vector<double> burst (5);
  for (size_t b = 0; b < burst.size (); b++)
    {
      CHECK (cudaStreamSynchronize (st));
      double w0 = now ();
      for (int r = 0; r < reps; r++)
        CHECK (scan (d_temp, temp_bytes, d_in, d_out, (int) n, st));
      CHECK (cudaStreamSynchronize (st));
      burst[b] = (now () - w0) / reps;
    }
  CHECK (cudaEventDestroy (e0));
  CHECK (cudaEventDestroy (e1));
  // The results once more, after every timed call.
  CHECK (cudaMemcpy (y.data (), d_out, n * sizeof (T),
                     cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < n; i++)
    if (!same (y[i], ref[i]))
      {
        fprintf (stderr, "bench-cub: %s %s n=%zu: wrong result at %zu after "
                 "the timed calls\n", name, method, n, i);
        return 1;
      }
  double cd = median (cdev);
  char label[32];
  report (name, method, n, reps, median (dev), median (wall), cd);
  snprintf (label, sizeof label, "%s-kernels", method);
  report (name, label, n, reps, median (kern), -1, cd);
  snprintf (label, sizeof label, "%s-burst", method);
  report (name, label, n, reps, -1, median (burst), 0);
  report (name, "cuda-copy", n, reps, cd, median (cwall), 0);
  return 0;
}

// Run case NAME over every size, for element type T.
template <typename T, typename Scan, typename Ref>
static int
sweep (const char *name, const char *method, int lo, int hi, int step,
       Scan scan, Ref reference, void (*fill_fn) (std::vector<T> &))
{
  size_t most = (size_t) 1 << hi;
  std::vector<T> x (most), ref (most);
  fill_fn (x);
  reference (x, ref);
  T *d_in, *d_out;
  CHECK (cudaMalloc (&d_in, most * sizeof (T)));
  CHECK (cudaMalloc (&d_out, most * sizeof (T)));
  size_t temp_bytes = 0;
  CHECK (scan (nullptr, temp_bytes, d_in, d_out, (int) most, (cudaStream_t) 0));
  void *d_temp;
  CHECK (cudaMalloc (&d_temp, temp_bytes ? temp_bytes : 1));
  cudaStream_t st;
  CHECK (cudaStreamCreate (&st));
  int status = 0;
  for (int k = lo; k <= hi && !status; k += step)
    {
      size_t n = (size_t) 1 << k;
      // Results of a shorter scan are the prefix of the longer one's.
      status = measure (name, method, n, x, ref, scan, d_in, d_out, d_temp,
                        temp_bytes, st, k >= 26 ? 21 : 41);
    }
  CHECK (cudaStreamDestroy (st));
  CHECK (cudaFree (d_temp));
  CHECK (cudaFree (d_in));
  CHECK (cudaFree (d_out));
  return status;
}

template <typename T>
static void
fill_plain (std::vector<T> &x)
{
  fill (x);
}

static uint64_t
pack (const affine &f)
{
  return (uint64_t) f.a | (uint64_t) f.b << 32;
}

static void
fill_packed (std::vector<uint64_t> &x)
{
  std::vector<affine> maps (x.size ());
  fill (maps);
  for (size_t i = 0; i < x.size (); i++)
    x[i] = pack (maps[i]);
}

// The sequential sum of X into Y, inclusive or exclusive, accumulated in
// ACC: unsigned for int32, whose sums wrap as the device's do.
template <typename T, typename Acc, bool exclusive>
static void
sum_ref (const std::vector<T> &x, std::vector<T> &y)
{
  Acc acc = 0;
  for (size_t i = 0; i < x.size (); i++)
    {
      Acc next = acc + (Acc) x[i];
      y[i] = (T) (exclusive ? acc : next);
      acc = next;
    }
}

// CUB's sum of T, inclusive or exclusive.
template <typename T, bool exclusive>
static cudaError_t
cub_sum (void *t, size_t &b, T *i, T *o, int n, cudaStream_t s)
{
  if (exclusive)
    return cub::DeviceScan::ExclusiveSum (t, b, i, o, n, s);
  return cub::DeviceScan::InclusiveSum (t, b, i, o, n, s);
}

int
main (int argc, char **argv)
{
  int lo = argc > 1 ? atoi (argv[1]) : 16;
  int hi = argc > 2 ? atoi (argv[2]) : 28;
  const char *path = argc > 3 ? argv[3] : "bench/cub.tsv";
  int step = argc > 4 ? atoi (argv[4]) : 2;
  if (lo < 10 || hi > 30 || lo > hi || step < 1)
    {
      fprintf (stderr, "bench-cub: give LOG2MIN <= LOG2MAX, from 10 to 30, "
               "and a STEP of 1 or more\n");
      return 2;
    }
  tsv = fopen (path, "w");
  if (!tsv)
    {
      perror (path);
      return 2;
    }
  setvbuf (stdout, NULL, _IOLBF, 0);
  fprintf (tsv, "case\tmethod\tn\treps\tdevice_s\twall_s\n");
  cudaDeviceProp prop;
  CHECK (cudaGetDeviceProperties (&prop, 0));
  int runtime = 0, driver = 0;
  CHECK (cudaRuntimeGetVersion (&runtime));
  CHECK (cudaDriverGetVersion (&driver));
  printf ("CUB %d.%d.%d, CUDA runtime %d, driver API %d, on %s; sizes 2^%d "
          "to 2^%d, every %d; medians\n\n",
          CUB_MAJOR_VERSION, CUB_MINOR_VERSION, CUB_SUBMINOR_VERSION,
          runtime, driver, prop.name, lo, hi, step);
  printf ("%-12s %-12s %11s %12s %12s %9s %8s\n", "case", "method", "n",
          "device s", "wall s", "Gel/s", "copy/it");

  auto imaxs = [] (void *t, size_t &b, int *i, int *o, int n,
                   cudaStream_t s) {
    return cub::DeviceScan::InclusiveScan (t, b, i, o, int_max (), n, s);
  };
  auto pairs = [] (void *t, size_t &b, affine *i, affine *o, int n,
                   cudaStream_t s) {
    return cub::DeviceScan::InclusiveScan (t, b, i, o, compose (), n, s);
  };
  auto packed = [] (void *t, size_t &b, uint64_t *i, uint64_t *o, int n,
                    cudaStream_t s) {
    return cub::DeviceScan::InclusiveScan (t, b, i, o, compose_packed (), n,
                                           s);
  };
  auto max_ref = [] (const std::vector<int> &x, std::vector<int> &y) {
    int acc = x[0];
    for (size_t i = 0; i < x.size (); i++)
      y[i] = acc = std::max (acc, x[i]);
  };
  auto pair_ref = [] (const std::vector<affine> &x, std::vector<affine> &y) {
    affine acc{ 1, 0 };
    for (size_t i = 0; i < x.size (); i++)
      y[i] = acc = compose () (acc, x[i]);
  };
  auto packed_ref = [] (const std::vector<uint64_t> &x,
                        std::vector<uint64_t> &y) {
    uint64_t acc = 1;
    for (size_t i = 0; i < x.size (); i++)
      y[i] = acc = compose_packed () (acc, x[i]);
  };

  int status = 0;
  status |= sweep<int> ("int32-sum", "cub", lo, hi, step,
                        cub_sum<int, false>, sum_ref<int, unsigned, false>,
                        fill_plain<int>);
  status |= sweep<int> ("int32-xsum", "cub", lo, hi, step,
                        cub_sum<int, true>, sum_ref<int, unsigned, true>,
                        fill_plain<int>);
  status |= sweep<float> ("float-sum", "cub", lo, hi, step,
                          cub_sum<float, false>, sum_ref<float, float, false>,
                          fill_plain<float>);
  status |= sweep<float> ("float-xsum", "cub", lo, hi, step,
                          cub_sum<float, true>, sum_ref<float, float, true>,
                          fill_plain<float>);
  status |= sweep<double> ("double-sum", "cub", lo, hi, step,
                           cub_sum<double, false>,
                           sum_ref<double, double, false>,
                           fill_plain<double>);
  status |= sweep<double> ("double-xsum", "cub", lo, hi, step,
                           cub_sum<double, true>,
                           sum_ref<double, double, true>,
                           fill_plain<double>);
  status |= sweep<int> ("int32-max", "cub", lo, hi, step, imaxs, max_ref,
                        fill_max);
  status |= sweep<affine> ("pair", "cub", lo, hi, step, pairs, pair_ref,
                           fill);
  status |= sweep<uint64_t> ("pair", "cub-packed", lo, hi, step, packed,
                             packed_ref, fill_packed);
  fclose (tsv);
  printf ("\nGel/s: by device time where there is one, else by wall time."
          "  copy/it: the CUDA\ncopy's device time over the method's (1.00 = "
          "at the memory limit).  Wrote %s.\n", path);
  return status;
}
