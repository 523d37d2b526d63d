/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Reproducible sums on a device compute each tile's carry there (the
   exact sum of the tiles' totals before it, rounded once): the same bits
   as the host's exact sums (exact.c), on data whose carries are hard to
   round.  Each tile of 4096 holds one value and zeros, so the totals are
   the values themselves:

     ties      1, then half an ulp of 1 again and again: the exact sums
               fall halfway between two floats, and round to even, or
               just past halfway by a value far below, and round up;
     wide      magnitudes from the least subnormal to near the largest
               finite value, both signs;
     cancel    large values that cancel to small ones and to zero;
     over      sums past the largest finite value, and back;
     zeros     -0.0 alone (the carries -0.0), then one +0.0;
     special   an infinity, later the other one (a NaN from then on).

   Each in float and double, inclusive and exclusive, seeded or not, on
   the device in each of its forms (form_sets below), against the host
   path, NaNs equal as NaNs.
   One length spans more chunks of tiles than the prefix kernel's
   work-group has work-items.  Then a piece (scanrt_scan_piece) on the
   device, in each form, leaves the carry the host's would, and goes on
   from the host's.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-options "-O2 -fopenmp" } */

#include <float.h>
#include <math.h>

#include "api-check.h"

enum { TILE = 4096 };

/* The device's forms of the set: a work-item a tile; a work-group a tile
   in two passes (SCANOMP_VARIANT=gpu); in one pass, the look-back over
   exact sums (lookback), walked by one work-item and read a window at
   once (SCANOMP_WALK), and in segments of 4 float tiles
   (SCANOMP_MAX_BUFFER), each from the exact sum the one before left.  */
enum { NFORMS = 5 };
static const char *const form_sets[NFORMS] = { NULL, "gpu", "lookback",
                                               "lookback", "lookback" };
static const char *const form_walks[NFORMS] = { NULL, NULL, "1", "0",
                                                NULL };
static const char *const form_buffers[NFORMS] = { NULL, NULL, NULL, NULL,
                                                  "65536" };
static const char *const form_names[NFORMS] = {
  "", ", a work-group a tile", ", one pass, walked",
  ", one pass, a window", ", one pass, in segments"
};

/* Set the environment of FORM, or (FORM < 0) unset it.  */
static void
set_form (int form)
{
  static const char *const names[] = { "SCANOMP_VARIANT", "SCANOMP_WALK",
                                       "SCANOMP_MAX_BUFFER" };
  const char *const *values[] = { form_sets, form_walks, form_buffers };
  for (int k = 0; k < 3; k++)
    if (form >= 0 && values[k][form])
      setenv (names[k], values[k][form], 1);
    else
      unsetenv (names[k]);
}

enum kind { TIES, WIDE, CANCEL, OVER, ZEROS, SPECIAL, NKINDS };
static const char *const kind_names[] = { "ties", "wide", "cancel",
                                          "over", "zeros", "special" };

/* Value T of kind K's sequence, for a type of DBL width.  */
static double
value (enum kind k, size_t t, int dbl)
{
  double big = dbl ? DBL_MAX : FLT_MAX;
  double least = dbl ? ldexp (1, -1074) : ldexp (1, -149);
  int digits = dbl ? DBL_MANT_DIG : FLT_MANT_DIG;
  switch (k)
    {
    case TIES:
      /* Half an ulp of 1; a value 80 binary places below it, which
         breaks the tie, then its negation, which restores it.  */
      return t == 0       ? 1
             : t % 3 == 1 ? ldexp (1, -digits)
             : t % 3 == 2 ? ldexp (1, -digits - 80)
                          : -ldexp (1, -digits - 80);
    case WIDE:
      {
        int span = dbl ? 2090 : 270;
        double v = ldexp (1 + (double) (rnd () % 1000) / 1000,
                          (int) (rnd () % span));
        v *= least;
        if (isinf (v) || v > big / 4)
          v = big / 4;
        return rnd () % 2 ? -v : v;
      }
    case CANCEL:
      return t % 3 == 2 ? -ldexp ((double) (t % 7), 60) + least * (t % 5)
                        : ldexp ((double) (t % 7), 59);
    case OVER:
      return t % 4 < 2 ? big / 1.5 : -big / 1.5;
    case ZEROS:
      return t == 40 ? 0.0 : -0.0;
    case SPECIAL:
      return t == 5 ? INFINITY : t == 29 ? -INFINITY : (double) t;
    default:
      return 0;
    }
}

static int
same (const unsigned char *a, const unsigned char *b, size_t n, int dbl,
      size_t *at)
{
  for (size_t i = 0; i < n; i++)
    {
      double u = dbl ? ((const double *) a)[i] : ((const float *) a)[i];
      double v = dbl ? ((const double *) b)[i] : ((const float *) b)[i];
      size_t e = dbl ? 8 : 4;
      if (memcmp (a + i * e, b + i * e, e) && !(isnan (u) && isnan (v)))
        {
          *at = i;
          return 0;
        }
    }
  return 1;
}

static int
run (void *y, const void *x, size_t n, int dbl, int exclusive,
     const void *seed, int device, void *total)
{
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.flags = SCANRT_REPRODUCIBLE | (exclusive ? SCANRT_EXCLUSIVE : 0)
            | (device >= 0 && device < scanrt_get_num_devices ()
                 ? SCANRT_NO_HOST : 0);
  p.device = device;
  p.seed = seed;
  p.total = total;
  return scanrt_scan (y, x, n, dbl ? SCANRT_DOUBLE : SCANRT_FLOAT,
                      SCANRT_ADD, &p);
}

static void
check_kind (enum kind k, size_t tiles, int dbl)
{
  size_t n = tiles * TILE, e = dbl ? 8 : 4;
  unsigned char *x = calloc (n, e), *want = malloc (n * e);
  unsigned char *got = malloc (n * e);
  CHECK (x && want && got, "out of memory");
  for (size_t t = 0; t < tiles; t++)
    {
      double v = value (k, t, dbl);
      size_t at = t * TILE + (t * 37) % TILE;
      if (dbl)
        ((double *) x)[at] = v;
      else
        ((float *) x)[at] = (float) v;
      if (k == ZEROS)
        for (size_t i = t * TILE; i < (t + 1) * TILE; i++)
          {
            if (dbl)
              ((double *) x)[i] = i == at ? v : -0.0;
            else
              ((float *) x)[i] = i == at ? (float) v : -0.0f;
          }
    }
  int host = scanrt_get_num_devices ();
  double sd = k == ZEROS ? -0.0 : 0.375;
  float sf = (float) sd;
  for (int seeded = 0; seeded < 2; seeded++)
    for (int exclusive = 0; exclusive < 2; exclusive++)
      {
        const void *seed = seeded ? (dbl ? (void *) &sd : (void *) &sf)
                                  : NULL;
        unsigned char t_want[8], t_got[8];
        CHECK (run (want, x, n, dbl, exclusive, seed, host, t_want)
                 == SCANRT_HOST,
               "the host path failed");
        for (int form = 0; form < NFORMS; form++)
          {
            set_form (form);
            memset (got, 0x55, n * e);
            int s = run (got, x, n, dbl, exclusive, seed, 0, t_got);
            set_form (-1);
            size_t at = 0;
            CHECK (s == SCANRT_OK, "%s: the device failed: %d",
                   kind_names[k], s);
            CHECK (same (got, want, n, dbl, &at)
                     && same (t_got, t_want, 1, dbl, &at),
                   "%s %s, %zu tiles%s%s%s: element %zu is not the "
                   "host's", kind_names[k], dbl ? "double" : "float", tiles,
                   exclusive ? ", exclusive" : "",
                   seeded ? ", seeded" : "",
                   form_names[form], at);
          }
      }
  free (x);
  free (want);
  free (got);
}

/* Two pieces, one of them (SECOND: the second) on the device in FORM,
   the other on the host, each going on from the carry the other left:
   the bits of both pieces on the host.  A device's first piece starts
   from a value, its second from an exact sum that no value holds.  */
static void
check_piece (int dbl, int form, int second)
{
  size_t tiles = 40, n = tiles * TILE, e = dbl ? 8 : 4;
  unsigned char *x = calloc (n, e), *want = malloc (n * e);
  unsigned char *got = malloc (n * e);
  CHECK (x && want && got, "out of memory");
  for (size_t t = 0; t < tiles; t++)
    if (dbl)
      ((double *) x)[t * TILE + 3] = value (WIDE, t, 1);
    else
      ((float *) x)[t * TILE + 3] = (float) value (WIDE, t, 0);
  scanrt_type type = dbl ? SCANRT_DOUBLE : SCANRT_FLOAT;
  size_t cut = 23 * TILE, from[2] = { 0, cut }, len[2] = { cut, n - cut };
  for (int device = 0; device < 2; device++)
    {
      scanrt_carry c;
      CHECK (scanrt_carry_init (&c, type, NULL) == SCANRT_OK,
             "scanrt_carry_init failed");
      unsigned char *out = device ? got : want;
      for (int k = 0; k < 2; k++)
        {
          int there = device && k == second;
          scanrt_params p = SCANRT_PARAMS_INIT;
          p.device = there ? 0 : scanrt_get_num_devices ();
          p.flags = there ? SCANRT_NO_HOST : 0;
          if (there)
            set_form (form);
          int s = scanrt_scan_piece (out + from[k] * e, x + from[k] * e,
                                     len[k], type, SCANRT_ADD, &c, &p);
          set_form (-1);
          CHECK (s == (there ? SCANRT_OK : SCANRT_HOST),
                 "piece %d failed: %d", k, s);
        }
    }
  size_t at = 0;
  CHECK (same (got, want, n, dbl, &at),
         "%s pieces%s: element %zu differs with the %s piece on the "
         "device", dbl ? "double" : "float", form_names[form], at,
         second ? "second" : "first");
  free (x);
  free (want);
  free (got);
}

int
main (void)
{
  for (int dbl = 0; dbl < 2; dbl++)
    {
      for (int k = 0; k < NKINDS; k++)
        check_kind ((enum kind) k, 70, dbl);
      for (int form = 0; form < NFORMS; form++)
        for (int second = 0; second < 2; second++)
          check_piece (dbl, form, second);
    }
  /* More chunks of 16 tiles than the prefix kernel's 128 work-items.  */
  check_kind (WIDE, 2100, 0);
  printf ("the device's carries are the host's\n");
  return 0;
}
