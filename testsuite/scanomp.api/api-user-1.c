/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* User-defined operators given as OpenCL C source (api-user-ops.h: affine
   maps and 2x2 matrices, neither commutative) on every kernel set (the
   look-back publishes them in 2 and 6 words), checked exactly against a
   sequential host loop.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */

#include "api-check.h"
#include "api-user-ops.h"

/* The devices to split each scan across (scanrt_params.devices), or
   NULL.  */
#ifndef DEVICES
#define DEVICES NULL
#endif

/* Scan N random elements with OP under PARAMS in four modes, comparing with
   a sequential loop over HOST.  */
static void
run (const scanrt_user_op *op, size_t n, const scanrt_params *params,
     void (*random_elem) (void *))
{
  size_t size = op->elem_size;
  unsigned char *in = malloc (n * size + 1), *out = malloc (n * size + 1);
  unsigned char *ref = malloc (n * size + 1);
  unsigned char seed[64], total[64], acc[64], next[64];
  CHECK (in && out && ref, "out of memory");
  for (int mode = 0; mode < 4; mode++)
    {
      int exclusive = mode & 1, in_place = mode & 2;
      for (size_t i = 0; i < n; i++)
        random_elem (in + i * size);
      random_elem (seed);
      memcpy (acc, seed, size);
      for (size_t i = 0; i < n; i++)
        {
          op->host_combine (next, acc, in + i * size);
          memcpy (ref + i * size, exclusive ? acc : next, size);
          memcpy (acc, next, size);
        }
      scanrt_params p = *params;
      p.flags = SCANRT_NO_HOST | (exclusive ? SCANRT_EXCLUSIVE : 0);
      p.seed = seed;
      p.total = total;
      int status = scanrt_scan_user (in_place ? in : out, in, n, op, &p);
      CHECK (status == SCANRT_OK, "%s n=%zu mode %d: %s", op->type_name, n,
             mode, scanrt_status_name (status));
      CHECK (!memcmp (in_place ? in : out, ref, n * size),
             "%s n=%zu mode %d variant %d: wrong result", op->type_name, n,
             mode, (int) p.variant);
      CHECK (!memcmp (total, acc, size), "%s n=%zu: wrong total",
             op->type_name, n);
    }
  free (in);
  free (out);
  free (ref);
}

int
main (void)
{
  static const size_t sizes[] = { 0, 1, 2, 1000, 65537, 1048579 };

  for (int o = 0; o < 2; o++)
    for (int v = SCANRT_VARIANT_CPU; v <= SCANRT_VARIANT_LOOKBACK; v++)
      {
        scanrt_params p = SCANRT_PARAMS_INIT;
        p.variant = v;
        p.devices = DEVICES;
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
          run (&user_ops[o], sizes[s], &p, user_randoms[o]);
        /* Tiny blocks: many levels, operand order at every one.  (Not
           work-groups of 2: pocl 6.0's build of the gpu set's level scan
           segfaults there on the 24-byte matrices; from 4 on it runs
           right.)  */
        p.work_group_size = 4;
        p.items = 3;
        p.chunk = 5;
        run (&user_ops[o], 4099, &p, user_randoms[o]);
      }
  puts ("user operators checked");
  return 0;
}
