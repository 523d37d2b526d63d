/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A stress test of the single-pass look-back kernel set, whose tiles hand
   their prefixes to each other through device memory: many launches of
   random sizes, types, operators (built-in and user-defined, one to six
   published words), modes, seeds and tile shapes, each checked bit for bit
   against a sequential loop.  Inputs are chosen so that every result is
   exact, floating types included (small integers under + and -, +-1
   under *), so any wrong hand-off shows.

     SCANOMP_STRESS_LAUNCHES  launches (default 300)
     SCANOMP_STRESS_MAX       largest n (default 2^18)
     SCANOMP_STRESS_VARIANT   kernel set: lookback (default), gpu, cpu,
                              thesis, or auto (the device's default)
     SCANOMP_STRESS_VERBOSE   1: name each launch before it runs

   On a GPU, run thousands of launches at sizes up to 2^24 (docs/gpu.md).  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */

#include "api-check.h"
#include "api-user-ops.h"

/* The built-in cases: each type with the operators it is stressed with
   (each pair is one program to build per tile shape).  */
static const struct
{
  scanrt_type type;
  scanrt_op ops[2];
} cases[] = {
  { SCANRT_INT, { SCANRT_ADD, SCANRT_MUL } },
  { SCANRT_UCHAR, { SCANRT_MIN, SCANRT_LAND } },
  { SCANRT_LONG, { SCANRT_SUB, SCANRT_XOR } },
  { SCANRT_FLOAT, { SCANRT_ADD, SCANRT_MAX } },
  { SCANRT_DOUBLE, { SCANRT_SUB, SCANRT_MUL } },
};
#define NCASES (sizeof cases / sizeof cases[0])

/* Exact inputs for floating types; for the others, api-check.h's.  */
static void
fill_exact (scanrt_type type, scanrt_op op, void *in, size_t n, void *seed)
{
  fill (type, op, in, n, seed, 1);
  if (type != SCANRT_FLOAT && type != SCANRT_DOUBLE)
    return;
  for (size_t i = 0; i <= n; i++)
    {
      double v = op == SCANRT_MUL ? (rnd () & 1 ? 1.0 : -1.0)
                 : (double) ((int) (rnd () % 17) - 8);
      if (type == SCANRT_FLOAT)
        *(i < n ? (float *) in + i : (float *) seed) = (float) v;
      else
        *(i < n ? (double *) in + i : (double *) seed) = v;
    }
}

/* A size: often a tile boundary or just off one, else log-uniform.  */
static size_t
random_size (size_t max)
{
  static const size_t tiles[] = { 32 * 3, 64 * 4, 256 * 8, 256 * 16 };
  int bits = 64 - __builtin_clzll (max | 1);
  size_t n;
  if (rnd () % 4 == 0)
    n = tiles[rnd () % 4] * (1 + rnd () % 8) + (size_t) (rnd () % 3) - 1;
  else
    n = (size_t) (rnd () % (1ull << (1 + rnd () % bits)));
  return n <= max ? n : max;
}

static scanrt_variant
variant_of (const char *s)
{
  if (!s || !strcmp (s, "lookback"))
    return SCANRT_VARIANT_LOOKBACK;
  if (!strcmp (s, "gpu"))
    return SCANRT_VARIANT_GPU;
  if (!strcmp (s, "cpu"))
    return SCANRT_VARIANT_CPU;
  if (!strcmp (s, "thesis"))
    return SCANRT_VARIANT_THESIS;
  CHECK (!strcmp (s, "auto"), "SCANOMP_STRESS_VARIANT=%s", s);
  return SCANRT_VARIANT_AUTO;
}

static size_t
env_size (const char *name, size_t deflt)
{
  const char *s = getenv (name);
  return s && *s ? (size_t) strtoull (s, NULL, 0) : deflt;
}

int
main (void)
{
  size_t launches = env_size ("SCANOMP_STRESS_LAUNCHES", 300);
  size_t max = env_size ("SCANOMP_STRESS_MAX", (size_t) 1 << 18);
  scanrt_variant variant = variant_of (getenv ("SCANOMP_STRESS_VARIANT"));
  int verbose = env_size ("SCANOMP_STRESS_VERBOSE", 0) != 0;
  size_t most = (max + 1) * sizeof (mat);
  unsigned char *in = malloc (most), *out = malloc (most);
  unsigned char *copy = malloc (most), *ref = malloc (most);
  CHECK (in && out && copy && ref, "out of memory");
  setvbuf (stdout, NULL, _IOLBF, 0);
  /* Tile shapes: the device's default, and a small one that makes many
     tiles and a look-back window wider than the tiles before it.  */
  static const size_t shapes[][2] = { { 0, 0 }, { 32, 3 } };
  size_t elements = 0;

  for (size_t k = 0; k < launches; k++)
    {
      scanrt_params p = SCANRT_PARAMS_INIT;
      size_t n = random_size (max);
      int exclusive = rnd () & 1, in_place = rnd () % 4 == 0;
      size_t shape = rnd () % 4 == 0;
      unsigned char seed[32], total[32];
      p.variant = variant;
      p.work_group_size = shapes[shape][0];
      p.items = shapes[shape][1];
      p.flags = SCANRT_NO_HOST | (exclusive ? SCANRT_EXCLUSIVE : 0);
      p.seed = seed;
      p.total = total;
      char what[128];
      int status;
      unsigned pick = rnd () % (NCASES * 2 + 2);
      if (pick < NCASES * 2)
        {
          scanrt_type type = cases[pick / 2].type;
          scanrt_op op = cases[pick / 2].ops[pick % 2];
          fill_exact (type, op, in, n, seed);
          memcpy (copy, in, n * type_size (type));
          snprintf (what, sizeof what, "launch %zu (n=%zu, %s, shape %zu)",
                    k, n, exclusive ? "exclusive" : "inclusive", shape);
          if (verbose)
            printf ("%s: type %d op %s\n", what, (int) type, op_names[op]);
          status = scanrt_scan (in_place ? in : out, in, n, type, op, &p);
          CHECK (status == SCANRT_OK, "%s: %s", what,
                 scanrt_status_name (status));
          /* Exact inputs: floating results compare bit for bit too.  */
          unsigned char acc[8], next[8];
          size_t size = type_size (type);
          memcpy (acc, seed, size);
          for (size_t i = 0; i < n; i++)
            {
              switch (type)
                {
#define X(e, T, UT, fl, lo, hi)                                             \
                case e:                                                     \
                  *(T *) next = combine_##e (op, *(T *) acc,                \
                                             ((T *) copy)[i]);              \
                  break;
                  TEST_TYPES (X)
#undef X
                default:
                  abort ();
                }
              memcpy (ref + i * size, exclusive ? acc : next, size);
              memcpy (acc, next, size);
            }
          CHECK (!memcmp (in_place ? in : out, ref, n * size)
                 && !memcmp (total, acc, size),
                 "%s: type %d op %s: wrong result", what, (int) type,
                 op_names[op]);
        }
      else
        {
          const scanrt_user_op *op = &user_ops[pick % 2];
          size_t size = op->elem_size;
          for (size_t i = 0; i < n; i++)
            user_randoms[pick % 2] (in + i * size);
          user_randoms[pick % 2] (seed);
          memcpy (copy, in, n * size);
          unsigned char acc[32], next[32];
          memcpy (acc, seed, size);
          for (size_t i = 0; i < n; i++)
            {
              op->host_combine (next, acc, copy + i * size);
              memcpy (ref + i * size, exclusive ? acc : next, size);
              memcpy (acc, next, size);
            }
          snprintf (what, sizeof what, "launch %zu (n=%zu, %s, %s, shape "
                    "%zu)", k, n, op->type_name,
                    exclusive ? "exclusive" : "inclusive", shape);
          if (verbose)
            printf ("%s\n", what);
          status = scanrt_scan_user (in_place ? in : out, in, n, op, &p);
          CHECK (status == SCANRT_OK, "%s: %s", what,
                 scanrt_status_name (status));
          CHECK (!memcmp (in_place ? in : out, ref, n * size)
                 && !memcmp (total, acc, size), "%s: wrong result", what);
        }
      elements += n;
    }
  printf ("%zu launches, %zu elements, all exact\n", launches, elements);
  free (in);
  free (out);
  free (copy);
  free (ref);
  return 0;
}
