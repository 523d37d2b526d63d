/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* SCANRT_TOTAL_ONLY: the seed combined with every element, computed
   where the scan would run and storing nothing.  For every built-in type
   and operator, at 0, 1, 1000 and 100003 elements (past the host's fold
   cutoff, so a team folds), with a random seed, inclusive and exclusive
   (the total is the same): on the host, on pocl's device (also with the
   input mapped there by scanrt_data_enter, and in segments of 4096 bytes
   under SCANOMP_MAX_BUFFER), with OUT poisoned (left as it was) and NULL.
   Each total is checked against the independent sequential reference
   (api-check.h), through a full scan of the same data whose elements it
   checks too.  The user operators of api-user-ops.h, which do not
   commute, on the host and the device, against a sequential fold; without
   a host combiner the host refuses (SCANRT_ENODEV), and without
   params->total the call is SCANRT_EINVAL.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-devices pocl } */

#include "api-check.h"
#include "api-user-ops.h"

#define MOST 100003

static unsigned char in[MOST * 24], out[MOST * 24], poison[MOST * 24];
static unsigned char full[MOST * 8];

/* Where a total-only call runs.  */
enum where { HOST, DEVICE, MAPPED, SEGMENTS, NWHERE };
static const char *const where_names[NWHERE] = { "host", "device",
                                                 "mapped", "segments" };

/* The total of IN's N elements of TYPE under OP from SEED, computed with
   SCANRT_TOTAL_ONLY at W (OUT poisoned, or NULL when NULL_OUT).  */
static void
total_at (enum where w, scanrt_type type, scanrt_op op, size_t n,
          int exclusive, const void *seed, void *total, int null_out)
{
  size_t size = type_size (type);
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.flags = SCANRT_TOTAL_ONLY | (exclusive ? SCANRT_EXCLUSIVE : 0);
  p.seed = seed;
  p.total = total;
  if (w != HOST)
    {
      p.device = 0;
      p.flags |= SCANRT_NO_HOST;
    }
  if (w == SEGMENTS)
    setenv ("SCANOMP_MAX_BUFFER", "4096", 1);
  if (w == MAPPED && n)
    CHECK (scanrt_data_enter (0, in, n * size, SCANRT_MAP_TO) == SCANRT_OK,
           "data_enter");
  memcpy (out, poison, n * size);
  int status = scanrt_scan (null_out ? NULL : out, in, n, type, op, &p);
  CHECK (status == SCANRT_OK || (w == HOST && status == SCANRT_HOST),
         "%s: total-only scan of %zu: status %d", where_names[w], n, status);
  CHECK (!memcmp (out, poison, n * size), "%s: OUT was written",
         where_names[w]);
  if (w == MAPPED && n)
    CHECK (scanrt_data_exit (0, in, n * size, SCANRT_MAP_DELETE)
           == SCANRT_OK, "data_exit");
  if (w == SEGMENTS)
    unsetenv ("SCANOMP_MAX_BUFFER");
}

static void
builtin (scanrt_type type, scanrt_op op, size_t n, int exclusive)
{
  size_t size = type_size (type);
  _Alignas (double) unsigned char seed[8], total[8], got[8];
  fill (type, op, in, n, seed, 1);
  for (size_t i = 0; i < n * size; i++)
    poison[i] = (unsigned char) rnd ();
  /* The full scan, whose elements check () checks against the
     reference; its own total is not what is tested here.  */
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.flags = exclusive ? SCANRT_EXCLUSIVE : 0;
  p.seed = seed;
  p.total = got;
  int status = scanrt_scan (full, in, n, type, op, &p);
  CHECK (status == SCANRT_OK || status == SCANRT_HOST, "full scan");
  for (int w = 0; w < NWHERE; w++)
    for (int null_out = 0; null_out < 2; null_out++)
      {
        char what[64];
        snprintf (what, sizeof what, "total only, %s%s", where_names[w],
                  null_out ? ", out NULL" : "");
        memset (total, 0xa5, sizeof total);
        total_at ((enum where) w, type, op, n, exclusive, seed, total,
                  null_out);
        check (type, full, in, n, op, exclusive, seed, total, what);
      }
}

/* The user operator OP's total of N elements of IN from SEED, at W.  */
static int
user_total (enum where w, const scanrt_user_op *op, size_t n,
            const void *seed, void *total)
{
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.flags = SCANRT_TOTAL_ONLY;
  p.seed = seed;
  p.total = total;
  if (w != HOST)
    {
      p.device = 0;
      p.flags |= SCANRT_NO_HOST;
    }
  memcpy (out, poison, n * op->elem_size);
  int status = scanrt_scan_user (out, in, n, op, &p);
  CHECK (!memcmp (out, poison, n * op->elem_size), "user: OUT written");
  return status;
}

static void
user (int which, size_t n)
{
  scanrt_user_op op = user_ops[which];
  void (*random) (void *) = user_randoms[which];
  void (*host) (void *, const void *, const void *) = op.host_combine;
  const char *type_name = op.type_name;
  size_t size = op.elem_size;
  for (size_t i = 0; i < n * size; i++)
    poison[i] = (unsigned char) rnd ();
  _Alignas (double) unsigned char seed[64], want[64], next[64], got[64];
  for (size_t i = 0; i < n; i++)
    random (in + i * size);
  random (seed);
  memcpy (want, seed, size);
  for (size_t i = 0; i < n; i++)
    {
      host (next, want, in + i * size);
      memcpy (want, next, size);
    }
  for (int w = HOST; w <= DEVICE; w++)
    {
      memset (got, 0x5a, size);
      int status = user_total ((enum where) w, &op, n, seed, got);
      CHECK (status == SCANRT_OK || (w == HOST && status == SCANRT_HOST),
             "user %s %s n=%zu: status %d", type_name, where_names[w], n,
             status);
      CHECK (!memcmp (got, want, size), "user %s %s n=%zu: wrong total",
             type_name, where_names[w], n);
    }
  /* No host combiner: the device still can; the host cannot.  */
  op.host_combine = NULL;
  memset (got, 0x5a, size);
  CHECK (user_total (DEVICE, &op, n, seed, got) == SCANRT_OK
         && !memcmp (got, want, size), "user %s on the device without a "
         "host combiner", type_name);
  if (n)
    CHECK (user_total (HOST, &op, n, seed, got) == SCANRT_ENODEV,
           "user %s on the host without a host combiner", type_name);
}

int
main (void)
{
  static const size_t sizes[] = { 0, 1, 1000, MOST };
  for (int t = 0; t < SCANRT_NTYPES; t++)
    for (int op = SCANRT_ADD; op <= SCANRT_MAX; op++)
      if (op_applies ((scanrt_type) t, (scanrt_op) op))
        for (unsigned k = 0; k < sizeof sizes / sizeof *sizes; k++)
          builtin ((scanrt_type) t, (scanrt_op) op, sizes[k], k & 1);
  for (unsigned k = 0; k < sizeof sizes / sizeof *sizes; k++)
    for (int which = 0; which < 2; which++)
      user (which, sizes[k]);
  /* Without params->total there is nothing to give back.  */
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.flags = SCANRT_TOTAL_ONLY;
  CHECK (scanrt_scan (NULL, in, 10, SCANRT_INT, SCANRT_ADD, &p)
         == SCANRT_EINVAL, "total only without a total");
  return 0;
}
