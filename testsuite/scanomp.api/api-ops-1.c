/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Every built-in operator over every type, inclusive and exclusive, out of
   place and in place, with and without a seed, at sizes 0, 1, 2, 1000,
   2^16+1 and 2^20+3, on the default (CPU) kernel set.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */

#include "api-check.h"

#ifndef VARIANT
#define VARIANT SCANRT_VARIANT_CPU
#endif
/* Nonzero to test a subset: every type with +, every operator over int
   and double.  */
#ifndef SUBSET
#define SUBSET 0
#endif

static const size_t sizes[] = { 0, 1, 2, 1000, 65537, 1048579 };

int
main (void)
{
  static const scanrt_type types[] = {
    SCANRT_CHAR, SCANRT_SCHAR, SCANRT_UCHAR, SCANRT_SHORT, SCANRT_USHORT,
    SCANRT_INT, SCANRT_UINT, SCANRT_LONG, SCANRT_ULONG, SCANRT_FLOAT,
    SCANRT_DOUBLE
  };
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.variant = VARIANT;
  unsigned combos = 0;
  for (size_t t = 0; t < sizeof types / sizeof types[0]; t++)
    for (scanrt_op op = SCANRT_ADD; op <= SCANRT_MAX; op++)
      {
        if (!op_applies (types[t], op))
          continue;
        if (SUBSET && op != SCANRT_ADD && types[t] != SCANRT_INT
            && types[t] != SCANRT_DOUBLE)
          continue;
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
          scan_and_check (types[t], op, sizes[s], &p, "ops");
        combos++;
      }
  printf ("%u operator/type pairs checked\n", combos);
  return 0;
}
