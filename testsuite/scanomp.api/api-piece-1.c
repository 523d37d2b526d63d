/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Reproducible scans in pieces (scanrt_scan_piece, scanrt_carry): an
   array cut into pieces of whole tiles (the last any length), scanned in
   order from one carry, gives the bits of the definition (api-repro.h)
   for float and double, + and -, inclusive and exclusive, seeded or not,
   in place and apart: every piece on the host (1 and 3 threads), on
   pocl's device (SCANRT_NO_HOST: its kernels), in segments there
   (SCANOMP_MAX_BUFFER), with the data mapped there, and the pieces
   alternating between host and device.  SCANRT_TOTAL_ONLY moves the carry
   alone: the rest of the array scanned from a carry moved so over a
   prefix, or from two carries added (scanrt_carry_add, one from -0.0, the
   identity that adds nothing), gives the same bits.  A piece with a seed,
   with a total beside SCANRT_TOTAL_ONLY, of another type or operator, or
   without a carry, is SCANRT_EINVAL, said; scanrt_reproducible says
   which scans scanrt_scan runs reproducibly.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-options "-O2 -fopenmp" } */

#include <omp.h>

#include "api-check.h"
#include "api-repro.h"

#define TILE SCANRT_REPRO_TILE
#define MOST (40 * TILE + 123)

static const size_t lengths[] = { 0, 1, 4095, TILE, TILE + 1,
                                  3 * TILE + 5, MOST };

/* Where each piece runs.  */
enum where { HOST1, HOST3, DEVICE, SEGMENTS, MAPPED, MIXED, NWHERE };
static const char *const where_names[NWHERE] = {
  "host, 1 thread", "host, 3 threads", "device", "segments", "mapped",
  "host and device"
};

static double xd[MOST], yd[MOST], refd[MOST];
static float xf[MOST], yf[MOST], reff[MOST];

/* Parameters for piece K run at W.  */
static scanrt_params
params_at (enum where w, int k, int exclusive)
{
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.flags = exclusive ? SCANRT_EXCLUSIVE : 0;
  if (w == DEVICE || w == SEGMENTS || w == MAPPED || (w == MIXED && k % 2))
    {
      p.device = 0;
      p.flags |= SCANRT_NO_HOST;
    }
  omp_set_num_threads (w == HOST3 || w == MIXED ? 3 : 1);
  return p;
}

/* The next piece's length at position AT of N: 0 to 3 whole tiles, or
   the rest.  */
static size_t
piece_length (size_t at, size_t n)
{
  size_t len = (size_t) (rnd () % 4) * TILE;
  return len && at + len < n ? len : n - at;
}

/* Scan X's N elements (DBL: doubles) into Y in pieces at W from SEED
   (NULL: none); the last piece's total into *TOTAL.  */
static void
pieces (enum where w, int dbl, int sub, int exclusive, const void *seed,
        void *y, const void *x, size_t n, void *total)
{
  scanrt_type type = dbl ? SCANRT_DOUBLE : SCANRT_FLOAT;
  size_t elem = dbl ? sizeof (double) : sizeof (float);
  scanrt_carry c;
  CHECK (scanrt_carry_init (&c, type, seed) == SCANRT_OK, "carry_init");
  if (w == MAPPED && n)
    {
      CHECK (scanrt_data_enter (0, (void *) x, n * elem, SCANRT_MAP_TO)
             == SCANRT_OK, "enter x");
      if (y != x)
        CHECK (scanrt_data_enter (0, y, n * elem, 0) == SCANRT_OK,
               "enter y");
    }
  if (w == SEGMENTS)
    setenv ("SCANOMP_MAX_BUFFER", "65536", 1);
  size_t at = 0;
  int k = 0;
  do
    {
      size_t len = piece_length (at, n);
      scanrt_params p = params_at (w, k++, exclusive);
      p.total = total;
      int s = scanrt_scan_piece ((char *) y + at * elem,
                                 (const char *) x + at * elem, len, type,
                                 sub ? SCANRT_SUB : SCANRT_ADD, &c, &p);
      CHECK (s >= 0, "%s: piece of %zu at %zu: status %d", where_names[w],
             len, at, s);
      at += len;
    }
  while (at < n);
  unsetenv ("SCANOMP_MAX_BUFFER");
  if (w == MAPPED && n)
    {
      CHECK (scanrt_data_exit (0, y, n * elem, SCANRT_MAP_FROM)
             == SCANRT_OK, "exit y");
      if (y != x)
        CHECK (scanrt_data_exit (0, (void *) x, n * elem, 0) == SCANRT_OK,
               "exit x");
    }
}

static void
check_pieces (int dbl)
{
  size_t elem = dbl ? sizeof (double) : sizeof (float);
  void *x = dbl ? (void *) xd : (void *) xf;
  void *y = dbl ? (void *) yd : (void *) yf;
  void *ref = dbl ? (void *) refd : (void *) reff;
  for (size_t k = 0; k < sizeof lengths / sizeof *lengths; k++)
    for (int sub = 0; sub < 2; sub++)
      for (int exclusive = 0; exclusive < 2; exclusive++)
        for (int seeded = 0; seeded < 2; seeded++)
          for (enum where w = 0; w < NWHERE; w++)
            {
              size_t n = lengths[k];
              double sd = seeded ? -9876.125 : 0;
              float sf = (float) sd;
              _Alignas (double) unsigned char want[8], got[8];
              if (dbl)
                *(double *) want = ref_d (refd, xd, n, sub, exclusive, sd);
              else
                *(float *) want = ref_f (reff, xf, n, sub, exclusive, sf);
              /* In place on every other try.  */
              int in_place = (int) (k + w) % 2;
              unsigned char *from = in_place ? y : x;
              if (in_place)
                memcpy (y, x, n * elem);
              const void *seed = !seeded ? NULL
                                 : dbl ? (const void *) &sd
                                       : (const void *) &sf;
              memcpy (got, want, elem);
              got[0] ^= 1;
              pieces (w, dbl, sub, exclusive, seed, y, from, n, got);
              CHECK (!memcmp (y, ref, n * elem) && !memcmp (got, want, elem),
                     "%s %s%s%s%s n=%zu, %s: not the definition's bits",
                     dbl ? "double" : "float", sub ? "-" : "+",
                     exclusive ? " exclusive" : "", seeded ? " seeded" : "",
                     in_place ? " in place" : "", n, where_names[w]);
            }
}

/* SCANRT_TOTAL_ONLY over a prefix, and two carries added, go on as the
   scan of the prefix does.  */
static void
check_totals (int dbl)
{
  scanrt_type type = dbl ? SCANRT_DOUBLE : SCANRT_FLOAT;
  size_t elem = dbl ? sizeof (double) : sizeof (float);
  const char *x = dbl ? (const char *) xd : (const char *) xf;
  char *y = dbl ? (char *) yd : (char *) yf;
  const char *ref = dbl ? (const char *) refd : (const char *) reff;
  double sd = 3.5;
  float sf = 3.5f;
  const void *seed = dbl ? (const void *) &sd : (const void *) &sf;
  size_t n = MOST, a = 7 * TILE, b = 29 * TILE;
  if (dbl)
    ref_d (refd, xd, n, 0, 0, sd);
  else
    ref_f (reff, xf, n, 0, 0, sf);
  for (enum where w = 0; w < NWHERE; w++)
    {
      if (w == MAPPED || w == MIXED)
        continue;
      if (w == SEGMENTS)
        setenv ("SCANOMP_MAX_BUFFER", "65536", 1);
      /* [0, b) total alone, then [b, n) scanned.  */
      scanrt_carry c, d;
      scanrt_carry_init (&c, type, seed);
      scanrt_params p = params_at (w, 1, 0);
      p.flags |= SCANRT_TOTAL_ONLY;
      int s = scanrt_scan_piece (NULL, x, b, type, SCANRT_ADD, &c, &p);
      CHECK (s >= 0, "%s: total alone: status %d", where_names[w], s);
      memset (y, 0, n * elem);
      p = params_at (w, 1, 0);
      s = scanrt_scan_piece (y + b * elem, x + b * elem, n - b, type,
                             SCANRT_ADD, &c, &p);
      CHECK (s >= 0 && !memcmp (y + b * elem, ref + b * elem, (n - b) * elem),
             "%s: the rest after a total alone: not the definition's bits",
             where_names[w]);
      /* [0, a) scanned from the seed; [a, b) total alone from -0.0,
         added; [b, n) scanned from the sum.  */
      double md = -0.0;
      float mf = -0.0f;
      scanrt_carry_init (&c, type, seed);
      scanrt_carry_init (&d, type, dbl ? (const void *) &md
                                        : (const void *) &mf);
      p = params_at (w, 0, 0);
      s = scanrt_scan_piece (y, x, a, type, SCANRT_ADD, &c, &p);
      p.flags |= SCANRT_TOTAL_ONLY;
      s |= scanrt_scan_piece (NULL, x + a * elem, b - a, type, SCANRT_ADD,
                              &d, &p);
      scanrt_carry_add (&c, &d);
      memset (y + b * elem, 0, (n - b) * elem);
      p = params_at (w, 0, 0);
      s |= scanrt_scan_piece (y + b * elem, x + b * elem, n - b, type,
                              SCANRT_ADD, &c, &p);
      CHECK (s >= 0 && !memcmp (y, ref, a * elem)
             && !memcmp (y + b * elem, ref + b * elem, (n - b) * elem),
             "%s: the rest after two carries added: not the definition's "
             "bits", where_names[w]);
      unsetenv ("SCANOMP_MAX_BUFFER");
    }
}

static void
check_refusals (void)
{
  float x[4] = { 1, 2, 3, 4 }, y[4], seed = 1, total;
  int ix[4] = { 1, 2, 3, 4 }, iy[4];
  scanrt_carry c;
  CHECK (scanrt_carry_init (&c, SCANRT_INT, NULL) == SCANRT_EINVAL,
         "an int carry");
  CHECK (scanrt_carry_init (&c, SCANRT_FLOAT, NULL) == SCANRT_OK, "init");
  scanrt_params p = SCANRT_PARAMS_INIT;
  CHECK (scanrt_scan_piece (iy, ix, 4, SCANRT_INT, SCANRT_ADD, &c, NULL)
         == SCANRT_EINVAL, "an int piece");
  CHECK (scanrt_scan_piece (y, x, 4, SCANRT_FLOAT, SCANRT_MUL, &c, NULL)
         == SCANRT_EINVAL, "a `*' piece");
  CHECK (scanrt_scan_piece (y, x, 4, SCANRT_FLOAT, SCANRT_ADD, NULL, NULL)
         == SCANRT_EINVAL, "no carry");
  p.seed = &seed;
  CHECK (scanrt_scan_piece (y, x, 4, SCANRT_FLOAT, SCANRT_ADD, &c, &p)
         == SCANRT_EINVAL, "a seed");
  p.seed = NULL;
  p.flags = SCANRT_TOTAL_ONLY;
  p.total = &total;
  CHECK (scanrt_scan_piece (y, x, 4, SCANRT_FLOAT, SCANRT_ADD, &c, &p)
         == SCANRT_EINVAL, "a total beside SCANRT_TOTAL_ONLY");
  scanrt_carry bad;
  memset (&bad, 0xff, sizeof bad);
  CHECK (scanrt_scan_piece (y, x, 4, SCANRT_FLOAT, SCANRT_ADD, &bad, NULL)
         == SCANRT_EINVAL, "a carry not made by scanrt_carry_init");
  /* Nothing refused moved the carry: it is still +0.0.  */
  CHECK (scanrt_scan_piece (y, x, 4, SCANRT_FLOAT, SCANRT_ADD, &c, NULL)
         >= 0 && y[3] == 10 && y[0] == 1, "the carry moved");

  p = (scanrt_params) SCANRT_PARAMS_INIT;
  CHECK (!scanrt_reproducible (SCANRT_FLOAT, SCANRT_ADD, &p)
         && !scanrt_reproducible (SCANRT_DOUBLE, SCANRT_SUB, NULL),
         "reproducible without asking");
  p.flags = SCANRT_REPRODUCIBLE;
  CHECK (scanrt_reproducible (SCANRT_FLOAT, SCANRT_ADD, &p)
         && scanrt_reproducible (SCANRT_DOUBLE, SCANRT_SUB, &p)
         && !scanrt_reproducible (SCANRT_INT, SCANRT_ADD, &p)
         && !scanrt_reproducible (SCANRT_DOUBLE, SCANRT_MAX, &p),
         "SCANRT_REPRODUCIBLE: wrong answers");
  p.flags |= SCANRT_TOTAL_ONLY;
  CHECK (!scanrt_reproducible (SCANRT_FLOAT, SCANRT_ADD, &p),
         "a total alone said reproducible");
  setenv ("SCANOMP_REPRODUCIBLE", "1", 1);
  CHECK (scanrt_reproducible (SCANRT_DOUBLE, SCANRT_ADD, NULL),
         "SCANOMP_REPRODUCIBLE=1 not seen");
  unsetenv ("SCANOMP_REPRODUCIBLE");
}

int
main (void)
{
  for (size_t i = 0; i < MOST; i++)
    {
      xd[i] = ldexp ((double) ((long) (rnd () % 4095) - 2047),
                     (int) (rnd () % 41) - 20);
      xf[i] = (float) xd[i];
    }
  check_refusals ();
  check_pieces (0);
  check_pieces (1);
  check_totals (0);
  check_totals (1);
  puts ("pieces give the whole scan's bits");
  return 0;
}
/* { dg-output ".*scanrt_carry_init: a reproducible scan's carry takes SCANRT_FLOAT.*scanrt_scan_piece: a piece is a float or double.*params->seed is not used.*params->total is not used.*not one that scanrt_carry_init made.*pieces give the whole scan's bits" } */
