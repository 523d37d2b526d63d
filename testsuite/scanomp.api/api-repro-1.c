/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Reproducible sums (SCANRT_REPRODUCIBLE, SCANOMP_REPRODUCIBLE=1): float
   and double + and -, inclusive and exclusive, with and without a seed,
   in place and apart, over lengths around a lane (16), a tile (4096) and
   many tiles, give the bits of the definition (docs/determinism.md)
   under 1, 2, 3 and 7 threads, with the environment variable as with the
   flag, and on pocl's device, whole, in segments and split across two
   devices.  The reference
   below is the definition written out sequentially, its exact sums in
   __float128, which holds them exactly for these inputs (integers below
   2^11 times 2^-20 to 2^20).  Then, on hard data (2^-40 to 2^40, sums
   that cancel), the largest error of the reproducible scan against a
   __float128 one is at most the sequential loop's.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-options "-O2 -fopenmp" } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */

#include <omp.h>

#include "api-check.h"
#include "api-repro.h"

static const size_t lengths[] = { 0, 1, 15, 16, 17, 4095, 4096, 4097,
                                  3 * 4096 + 100, 100003, (1 << 20) + 5 };
static const int teams[] = { 1, 2, 3, 7 };

static void
check_type (int dbl)
{
  size_t most = (1 << 20) + 5, elem = dbl ? sizeof (double) : sizeof (float);
  unsigned char *x = malloc (most * elem), *y = malloc (most * elem);
  unsigned char *ref = malloc (most * elem), *z = malloc (most * elem);
  CHECK (x && y && ref && z, "out of memory");
  for (size_t i = 0; i < most; i++)
    {
      double v = ldexp ((double) ((long) (rnd () % 4095) - 2047),
                        (int) (rnd () % 41) - 20);
      if (dbl)
        ((double *) x)[i] = v;
      else
        ((float *) x)[i] = (float) v;
    }
  scanrt_type type = dbl ? SCANRT_DOUBLE : SCANRT_FLOAT;
  for (size_t k = 0; k < sizeof lengths / sizeof *lengths; k++)
    for (int sub = 0; sub < 2; sub++)
      for (int exclusive = 0; exclusive < 2; exclusive++)
        for (int seeded = 0; seeded < 2; seeded++)
          {
            size_t n = lengths[k];
            double sd = seeded ? 1234.5625 : 0;
            float sf = (float) sd;
            unsigned char want[8], got[8];
            if (dbl)
              *(double *) want = ref_d ((double *) ref, (const double *) x,
                                        n, sub, exclusive, sd);
            else
              *(float *) want = ref_f ((float *) ref, (const float *) x, n,
                                       sub, exclusive, sf);
            for (int t = 0; t < 5; t++)
              {
                scanrt_params p = SCANRT_PARAMS_INIT;
                p.flags = (exclusive ? SCANRT_EXCLUSIVE : 0)
                          | (t < 4 ? SCANRT_REPRODUCIBLE : 0);
                p.seed = seeded ? (dbl ? (void *) &sd : (void *) &sf) : NULL;
                p.total = got;
                omp_set_num_threads (teams[t % 4]);
                if (t == 4)
                  setenv ("SCANOMP_REPRODUCIBLE", "1", 1);
                /* In place on the last try.  */
                unsigned char *out = t == 3 ? z : y;
                if (t == 3)
                  memcpy (z, x, n * elem);
                int s = scanrt_scan (out, t == 3 ? z : x, n, type,
                                     sub ? SCANRT_SUB : SCANRT_ADD, &p);
                unsetenv ("SCANOMP_REPRODUCIBLE");
                CHECK (s >= 0, "%s n=%zu: status %d", dbl ? "double"
                                                          : "float", n, s);
                CHECK (!memcmp (out, ref, n * elem)
                       && !memcmp (got, want, elem),
                       "%s %s%s%s n=%zu, %d threads%s: not the definition's "
                       "bits", dbl ? "double" : "float", sub ? "-" : "+",
                       exclusive ? " exclusive" : "",
                       seeded ? " seeded" : "", n, teams[t % 4],
                       t == 4 ? " (SCANOMP_REPRODUCIBLE)" : "");
              }
          }
  /* On pocl's device (its kernels, SCANRT_NO_HOST), whole, in segments
     of 4 and 5 tiles (SCANOMP_MAX_BUFFER), and split across its two
     devices, cut by estimated and by given weights, the same bits; and
     with the kernels that GPUs take (a work-group a tile), whole and in
     segments.  */
  static const char *const buffers[] = { NULL, "65536", "81920", NULL,
                                         NULL, NULL, "65536" };
  static const char *const splits[] = { NULL, NULL, NULL, "0,1",
                                        "0:1,1:3", NULL, NULL };
  for (int b = 0; b < 7; b++)
    for (int sub = 0; sub < 2; sub++)
      for (int exclusive = 0; exclusive < 2; exclusive++)
        {
          size_t n = buffers[b] ? 100003 : (1 << 20) + 5;
          double sd = -0.75;
          float sf = -0.75f;
          unsigned char want[8], got[8];
          if (dbl)
            *(double *) want = ref_d ((double *) ref, (const double *) x, n,
                                      sub, exclusive, sd);
          else
            *(float *) want = ref_f ((float *) ref, (const float *) x, n,
                                     sub, exclusive, sf);
          scanrt_params p = SCANRT_PARAMS_INIT;
          p.flags = SCANRT_REPRODUCIBLE | SCANRT_NO_HOST
                    | (exclusive ? SCANRT_EXCLUSIVE : 0);
          p.device = splits[b] ? SCANRT_DEFAULT_DEVICE : 0;
          p.devices = splits[b];
          p.seed = dbl ? (void *) &sd : (void *) &sf;
          p.total = got;
          if (buffers[b])
            setenv ("SCANOMP_MAX_BUFFER", buffers[b], 1);
          if (b >= 5)
            setenv ("SCANOMP_VARIANT", "gpu", 1);
          int s = scanrt_scan (y, x, n, type, sub ? SCANRT_SUB : SCANRT_ADD,
                               &p);
          unsetenv ("SCANOMP_MAX_BUFFER");
          unsetenv ("SCANOMP_VARIANT");
          CHECK (s == SCANRT_OK, "device: status %d", s);
          CHECK (!memcmp (y, ref, n * elem) && !memcmp (got, want, elem),
                 "%s %s%s n=%zu on the device%s%s%s: not the definition's "
                 "bits", dbl ? "double" : "float", sub ? "-" : "+",
                 exclusive ? " exclusive" : "", n,
                 buffers[b] ? " in segments" : "",
                 splits[b] ? " split" : "",
                 b >= 5 ? " (a work-group a tile)" : "");
        }
  free (x);
  free (y);
  free (ref);
  free (z);
}

/* The largest error of the reproducible scan and of the sequential loop
   against a __float128 scan, on data from 2^-40 to 2^40 whose sums
   cancel: the reproducible one is never the larger.  */
static void
check_accuracy (int dbl)
{
  size_t n = (size_t) 1 << 20;
  double *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  float *xf = malloc (n * sizeof *xf), *yf = malloc (n * sizeof *yf);
  CHECK (x && y && xf && yf, "out of memory");
  for (size_t i = 0; i < n; i++)
    {
      double v = ldexp (rnd_real (1, 2), (int) (rnd () % 81) - 40);
      x[i] = i % 2 ? -v : v * (1 + 1e-3);
      xf[i] = (float) x[i];
    }
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.flags = SCANRT_REPRODUCIBLE;
  if (dbl)
    scanrt_scan (y, x, n, SCANRT_DOUBLE, SCANRT_ADD, &p);
  else
    scanrt_scan (yf, xf, n, SCANRT_FLOAT, SCANRT_ADD, &p);
  __float128 q = 0;
  double acc = 0, worst_seq = 0, worst_repro = 0;
  float accf = 0;
  for (size_t i = 0; i < n; i++)
    {
      q += dbl ? (__float128) x[i] : (__float128) xf[i];
      double seq = dbl ? (acc += x[i]) : (double) (accf += xf[i]);
      double got = dbl ? y[i] : (double) yf[i];
      double e1 = fabs ((double) ((__float128) seq - q));
      double e2 = fabs ((double) ((__float128) got - q));
      worst_seq = e1 > worst_seq ? e1 : worst_seq;
      worst_repro = e2 > worst_repro ? e2 : worst_repro;
    }
  printf ("%s: largest error sequential %.3g, reproducible %.3g\n",
          dbl ? "double" : "float", worst_seq, worst_repro);
  CHECK (worst_repro <= worst_seq, "the reproducible scan is less accurate");
  free (x);
  free (y);
  free (xf);
  free (yf);
}

int
main (void)
{
  check_type (0);
  check_type (1);
  check_accuracy (0);
  check_accuracy (1);
  return 0;
}
