/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Multi-level scans: each kernel set with tiny blocks, so that sizes around
   every power of the block size take one more level (up to six), and with
   its default tuning at one element more than the square of the device's
   largest work-group.  Also the CPU set's chunk and lane counts.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */

#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include "api-check.h"

static size_t
max_work_group (void)
{
  cl_platform_id p;
  cl_device_id d;
  size_t wg = 0;
  CHECK (clGetPlatformIDs (1, &p, NULL) == CL_SUCCESS, "platform");
  CHECK (clGetDeviceIDs (p, CL_DEVICE_TYPE_ALL, 1, &d, NULL) == CL_SUCCESS,
         "device");
  clGetDeviceInfo (d, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof wg, &wg, NULL);
  return wg;
}

int
main (void)
{
  /* Blocks of 8 elements: 4 work-items of 2 (GPU, LOOKBACK, whose
     look-back then reads 4 tiles at once), pairs of 4 (THESIS).  */
  static const size_t small[] = { 7, 8, 9, 63, 64, 65, 511, 512, 513, 4095,
                                  4097, 32769 };
  static const scanrt_variant tiled[] = { SCANRT_VARIANT_GPU,
                                          SCANRT_VARIANT_THESIS,
                                          SCANRT_VARIANT_LOOKBACK };
  for (int v = 0; v < 3; v++)
    for (size_t s = 0; s < sizeof small / sizeof small[0]; s++)
      {
        scanrt_params p = SCANRT_PARAMS_INIT;
        p.variant = tiled[v];
        p.work_group_size = 4;
        p.items = 2;
        scan_and_check (SCANRT_INT, SCANRT_ADD, small[s], &p, "small blocks");
        scan_and_check (SCANRT_LONG, SCANRT_MAX, small[s], &p,
                        "small blocks");
      }

  /* CPU: a work-item per element, odd chunks, every unroll factor.  */
  static const size_t chunks[] = { 1, 3, 4096 };
  for (size_t c = 0; c < 3; c++)
    for (size_t unroll = 1; unroll <= 16; unroll += c == 2 ? 1 : 5)
      {
        scanrt_params p = SCANRT_PARAMS_INIT;
        p.variant = SCANRT_VARIANT_CPU;
        p.chunk = chunks[c];
        p.items = unroll;
        scan_and_check (SCANRT_INT, SCANRT_ADD, c == 0 ? 4099 : 65537, &p,
                        "cpu chunks");
        scan_and_check (SCANRT_DOUBLE, SCANRT_ADD, 1000 + unroll, &p,
                        "cpu unroll");
      }

  /* Default tuning, past (largest work-group)^2 elements.  */
  size_t wg = max_work_group ();
  size_t big = wg * wg + 1 < ((size_t) 1 << 26) ? wg * wg + 1
                                                 : ((size_t) 1 << 26) + 1;
  for (int v = SCANRT_VARIANT_CPU; v <= SCANRT_VARIANT_LOOKBACK; v++)
    {
      scanrt_params p = SCANRT_PARAMS_INIT;
      p.variant = v;
      scan_and_check (SCANRT_INT, SCANRT_ADD, big, &p, "large");
    }
  printf ("largest size %zu\n", big);
  return 0;
}
