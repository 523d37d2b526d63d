/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* More than 2^31 elements: an in-place inclusive + scan of 2^31 + 5
   unsigned chars on the device (past the largest pocl buffer too, so the
   runtime splits it into segments), and its exclusive form, checked
   against a running sum; then the inclusive one with the host allowed,
   which the API's host path takes (its data is on no device).  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */

#include "api-check.h"

int
main (void)
{
  size_t n = ((size_t) 1 << 31) + 5;
  unsigned char *a = malloc (n);
  CHECK (a, "no memory for 2 GiB: this test needs about 2.1 GB");
  for (int mode = 0; mode < 3; mode++)
    {
      int exclusive = mode == 1;
      for (size_t i = 0; i < n; i++)
        a[i] = (unsigned char) (i * 7 + (i >> 20));
      scanrt_params p = SCANRT_PARAMS_INIT;
      unsigned char seed = 200, total;
      p.flags = (mode < 2 ? SCANRT_NO_HOST : 0)
                | (exclusive ? SCANRT_EXCLUSIVE : 0);
      p.seed = &seed;
      p.total = &total;
      int status = scanrt_scan (a, a, n, SCANRT_UCHAR, SCANRT_ADD, &p);
      CHECK (status == (mode < 2 ? SCANRT_OK : SCANRT_HOST),
             "mode %d: status %s", mode,
             scanrt_status_name (status));
      unsigned char acc = seed;
      for (size_t i = 0; i < n; i++)
        {
          unsigned char x = (unsigned char) (i * 7 + (i >> 20));
          unsigned char next = (unsigned char) (acc + x);
          CHECK (a[i] == (exclusive ? acc : next), "element %zu", i);
          acc = next;
        }
      CHECK (total == acc, "total");
    }
  free (a);
  puts ("2^31 + 5 elements checked");
  return 0;
}
