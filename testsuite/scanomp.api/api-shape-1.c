/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Tile shapes that fit the device: with a GPU's 48 KiB of local memory
   (SCANOMP_LOCAL_MEM caps what libscanrt assumes; pocl reports 2 MiB), a
   256-byte element, as a loop's carried state can make it, is too large
   for each tiled kernel set's default shape.  The shape shrinks until it
   fits, and every set still gives the sequential loop's results.  A shape
   the caller gives that does not fit is refused, said, and not shrunk;
   so is one element a work-group for the multi-level set.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */

#include "api-check.h"

typedef struct
{
  unsigned a, b;
  unsigned sum[62];
} big;

/* Affine maps in A and B (which do not commute), sums in the rest.  */
static const char big_source[] =
  "typedef struct { uint a, b; uint sum[62]; } big;\n"
  "big join (big p, big q)\n"
  "{\n"
  "  big r;\n"
  "  r.a = p.a * q.a;\n"
  "  r.b = q.a * p.b + q.b;\n"
  "  for (int k = 0; k < 62; k++)\n"
  "    r.sum[k] = p.sum[k] + q.sum[k];\n"
  "  return r;\n"
  "}\n";

static void
big_host (void *r_, const void *p_, const void *q_)
{
  const big *p = p_, *q = q_;
  big r;
  r.a = p->a * q->a;
  r.b = q->a * p->b + q->b;
  for (int k = 0; k < 62; k++)
    r.sum[k] = p->sum[k] + q->sum[k];
  *(big *) r_ = r;
}

static const big big_id = { 1, 0, { 0 } };

int
main (void)
{
  setenv ("SCANOMP_LOCAL_MEM", "49152", 1);
  const size_t n = 5003;
  big *in = malloc (n * sizeof *in), *out = malloc (n * sizeof *out);
  big *ref = malloc (n * sizeof *ref);
  CHECK (in && out && ref, "out of memory");
  big acc = big_id;
  for (size_t i = 0; i < n; i++)
    {
      in[i].a = (unsigned) rnd () | 1;
      in[i].b = (unsigned) rnd ();
      for (int k = 0; k < 62; k++)
        in[i].sum[k] = (unsigned) rnd ();
      big_host (&acc, &acc, &in[i]);
      ref[i] = acc;
    }
  scanrt_user_op op = { big_source, "big", "join", sizeof (big), &big_id,
                        big_host };

  static const scanrt_variant tiled[] = { SCANRT_VARIANT_GPU,
                                          SCANRT_VARIANT_LOOKBACK,
                                          SCANRT_VARIANT_THESIS };
  for (int v = 0; v < 3; v++)
    {
      scanrt_params p = SCANRT_PARAMS_INIT;
      p.variant = tiled[v];
      p.flags = SCANRT_NO_HOST;
      memset (out, 0, n * sizeof *out);
      int status = scanrt_scan_user (out, in, n, &op, &p);
      CHECK (status == SCANRT_OK, "variant %d: %s", (int) tiled[v],
             scanrt_status_name (status));
      CHECK (!memcmp (out, ref, n * sizeof *out),
             "variant %d: wrong results", (int) tiled[v]);
    }

  /* Given: 256 work-items of 4 elements, 256 KiB of tile.  */
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.variant = SCANRT_VARIANT_GPU;
  p.flags = SCANRT_NO_HOST;
  p.work_group_size = 256;
  p.items = 4;
  int status = scanrt_scan_user (out, in, n, &op, &p);
  CHECK (status == SCANRT_EINVAL, "a given shape too large: %s",
         scanrt_status_name (status));
  /* Without SCANRT_NO_HOST the host computes it.  */
  p.flags = 0;
  memset (out, 0, n * sizeof *out);
  status = scanrt_scan_user (out, in, n, &op, &p);
  CHECK (status == SCANRT_HOST && !memcmp (out, ref, n * sizeof *out),
         "the host fallback: %s", scanrt_status_name (status));

  /* The multi-level set's levels shrink by a work-group's elements, so
     it needs 2 or more: given 1 with 1 item, refused (it recursed until
     the stack ran out); not given, the shape shrinks to 2 at the least,
     which in 1000 bytes (1024 for two 256-byte elements and a sum each)
     does not fit either.  */
  p.flags = SCANRT_NO_HOST;
  p.work_group_size = 1;
  p.items = 1;
  status = scanrt_scan_user (out, in, n, &op, &p);
  CHECK (status == SCANRT_EINVAL, "a given shape of one element: %s",
         scanrt_status_name (status));
  setenv ("SCANOMP_LOCAL_MEM", "1000", 1);
  p.work_group_size = 0;
  p.items = 0;
  status = scanrt_scan_user (out, in, n, &op, &p);
  CHECK (status == SCANRT_EINVAL, "room for one element: %s",
         scanrt_status_name (status));
  p.flags = 0;
  memset (out, 0, n * sizeof *out);
  status = scanrt_scan_user (out, in, n, &op, &p);
  CHECK (status == SCANRT_HOST && !memcmp (out, ref, n * sizeof *out),
         "the host fallback: %s", scanrt_status_name (status));
  puts ("shapes fit");
  return 0;
}
/* { dg-output "libscanrt: work-group size 256 with 4 items per work-item does not fit this device \\(a power of two up to \[0-9\]+, and 49152 bytes of local memory\\); use smaller sizes.*libscanrt: the gpu kernel set needs 2 or more elements a work-group, not a work-group size of 1 with 1 item per work-item; give more.*libscanrt: an element of 256 bytes needs 1024 bytes of local memory even in work-groups of 2 with 1 items each, more than the 1000 this device has.*shapes fit" } */
