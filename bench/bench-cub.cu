// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// bench-cub.cu: the anchor on NVIDIA GPUs.  NVIDIA's CUB (cub::DeviceScan)
// on the cases bench-device times through libscanrt, with the data resident
// on the device, and a CUDA device-to-device copy of the same bytes (the
// memory limit):
//
//   int32-sum, int32-xsum    InclusiveSum, ExclusiveSum over int32
//   float-sum, float-xsum    the same over float
//   double-sum, double-xsum  the same over double
//   int32-max                InclusiveScan with cub::Max over int32
//   pair                     InclusiveScan over 8-byte affine maps with a
//                            custom operator (bench/pair-op.h's)
//
// Each call is timed two ways in the same repetition: device time (CUDA
// events recorded around it on its stream) and wall time per call
// including the wait (a clock around the call and the stream's
// synchronisation).  The first call of the process is reported apart.
// Every result is checked against a sequential loop.
//
//   bench-cub [LOG2MIN [LOG2MAX [RESULTS.TSV]]]      (default 16 28)
//
// Writes one TSV line per measurement (case method n reps device_s wall_s,
// medians) to RESULTS.TSV (default bench/cub.tsv) and a table to stdout.
// Built by scripts/gpu-run with nvcc where nvcc exists; nothing in the
// build depends on it.

#include <cub/cub.cuh>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

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

struct imax
{
  __host__ __device__ int
  operator() (int a, int b) const
  {
    return b > a ? b : a;
  }
};

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

// Time SCAN (a callable taking the temporary storage pointer and size) on
// N elements of T at D_IN -> D_OUT, check it against REF, and report it as
// case NAME.
template <typename T, typename Scan>
static int
measure (const char *name, size_t n, const std::vector<T> &x,
         const std::vector<T> &ref, Scan scan, T *d_in, T *d_out,
         void *d_temp, size_t temp_bytes, cudaStream_t st, int reps)
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
      fprintf (tsv, "%s\tfirst-call\t%zu\t1\t%.9f\t%.9f\n", name, n, first,
               first);
      printf ("%-12s %-10s %11zu %12s %12.6f  (the process' first scan)\n",
              name, "first-call", n, "", first);
    }
  std::vector<T> y (n);
  CHECK (cudaMemcpy (y.data (), d_out, n * sizeof (T),
                     cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < n; i++)
    if (!same (y[i], ref[i]))
      {
        fprintf (stderr, "bench-cub: %s n=%zu: wrong result at %zu\n", name,
                 n, i);
        return 1;
      }

  cudaEvent_t e0, e1;
  CHECK (cudaEventCreate (&e0));
  CHECK (cudaEventCreate (&e1));
  std::vector<double> dev (reps), wall (reps), cdev (reps), cwall (reps);
  for (int r = 0; r < reps; r++)
    {
      // The scan, then the copy of the same bytes, in turn.
      for (int m = 0; m < 2; m++)
        {
          CHECK (cudaStreamSynchronize (st));
          double w0 = now ();
          CHECK (cudaEventRecord (e0, st));
          if (m == 0)
            CHECK (scan (d_temp, temp_bytes, d_in, d_out, (int) n, st));
          else
            CHECK (cudaMemcpyAsync (d_out, d_in, n * sizeof (T),
                                    cudaMemcpyDeviceToDevice, st));
          CHECK (cudaEventRecord (e1, st));
          CHECK (cudaEventSynchronize (e1));
          double w = now () - w0;
          float ms;
          CHECK (cudaEventElapsedTime (&ms, e0, e1));
          (m ? cwall : wall)[r] = w;
          (m ? cdev : dev)[r] = ms * 1e-3;
        }
    }
  CHECK (cudaEventDestroy (e0));
  CHECK (cudaEventDestroy (e1));
  double md = median (dev), mw = median (wall);
  double cd = median (cdev), cw = median (cwall);
  fprintf (tsv, "%s\tcub\t%zu\t%d\t%.9f\t%.9f\n", name, n, reps, md, mw);
  fprintf (tsv, "%s\tcuda-copy\t%zu\t%d\t%.9f\t%.9f\n", name, n, reps, cd,
           cw);
  fflush (tsv);
  printf ("%-12s %-10s %11zu %12.6f %12.6f %9.2f %9.2f %8.2f\n", name,
          "cub", n, md, mw, n / md * 1e-9, n / mw * 1e-9, cd / md);
  printf ("%-12s %-10s %11zu %12.6f %12.6f %9.2f %9.2f\n", name,
          "cuda-copy", n, cd, cw, n / cd * 1e-9, n / cw * 1e-9);
  return 0;
}

// Run case NAME over every size, for element type T.
template <typename T, typename Scan, typename Ref>
static int
sweep (const char *name, int lo, int hi, Scan scan, Ref reference,
       void (*fill_fn) (std::vector<T> &))
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
  for (int k = lo; k <= hi && !status; k += 2)
    {
      size_t n = (size_t) 1 << k;
      // Results of a shorter scan are the prefix of the longer one's.
      status = measure (name, n, x, ref, scan, d_in, d_out, d_temp,
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
  if (lo < 10 || hi > 30 || lo > hi)
    {
      fprintf (stderr, "bench-cub: give LOG2MIN <= LOG2MAX, from 10 to 30\n");
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
  printf ("CUB %d.%d.%d on %s; sizes 2^%d to 2^%d (every other power); "
          "medians\n\n",
          CUB_MAJOR_VERSION, CUB_MINOR_VERSION, CUB_SUBMINOR_VERSION,
          prop.name, lo, hi);
  printf ("%-12s %-10s %11s %12s %12s %9s %9s %8s\n", "case", "method", "n",
          "device s", "wall s", "Gel/s dev", "Gel/s wall", "copy/it");

  auto imaxs = [] (void *t, size_t &b, int *i, int *o, int n,
                   cudaStream_t s) {
    return cub::DeviceScan::InclusiveScan (t, b, i, o, imax (), n, s);
  };
  auto pairs = [] (void *t, size_t &b, affine *i, affine *o, int n,
                   cudaStream_t s) {
    return cub::DeviceScan::InclusiveScan (t, b, i, o, compose (), n, s);
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

  int status = 0;
  status |= sweep<int> ("int32-sum", lo, hi, cub_sum<int, false>,
                        sum_ref<int, unsigned, false>, fill_plain<int>);
  status |= sweep<int> ("int32-xsum", lo, hi, cub_sum<int, true>,
                        sum_ref<int, unsigned, true>, fill_plain<int>);
  status |= sweep<float> ("float-sum", lo, hi, cub_sum<float, false>,
                          sum_ref<float, float, false>, fill_plain<float>);
  status |= sweep<float> ("float-xsum", lo, hi, cub_sum<float, true>,
                          sum_ref<float, float, true>, fill_plain<float>);
  status |= sweep<double> ("double-sum", lo, hi, cub_sum<double, false>,
                           sum_ref<double, double, false>,
                           fill_plain<double>);
  status |= sweep<double> ("double-xsum", lo, hi, cub_sum<double, true>,
                           sum_ref<double, double, true>,
                           fill_plain<double>);
  status |= sweep<int> ("int32-max", lo, hi, imaxs, max_ref, fill_max);
  status |= sweep<affine> ("pair", lo, hi, pairs, pair_ref, fill);
  fclose (tsv);
  printf ("\ncopy/it: the CUDA copy's device time over CUB's (1.00 = CUB "
          "at the memory limit).\nWrote %s.\n", path);
  return status;
}
