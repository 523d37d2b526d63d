/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Two ICD files that name the same driver (as NVIDIA's driver and CUDA
   each install one): the ICD loader lists its platform twice, and each of
   its devices is numbered once.  Here pocl's ICD file, twice, with pocl
   asked for two devices: two devices, not four, and both scan.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-devices pocl } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */

#include <glob.h>
#include <unistd.h>

#include "api-check.h"

/* Copy file FROM to TO.  */
static void
copy (const char *from, const char *to)
{
  FILE *in = fopen (from, "rb"), *out = fopen (to, "wb");
  CHECK (in && out, "copying %s to %s", from, to);
  int c;
  while ((c = getc (in)) != EOF)
    putc (c, out);
  fclose (in);
  CHECK (fclose (out) == 0, "writing %s", to);
}

int
main (void)
{
  const char *vendors = getenv ("OCL_ICD_VENDORS");
  char pattern[4096];
  snprintf (pattern, sizeof pattern, "%s/*pocl*.icd",
            vendors ? vendors : "/etc/OpenCL/vendors");
  glob_t g;
  CHECK (glob (pattern, 0, NULL, &g) == 0, "no pocl ICD file in %s",
         pattern);
  char dir[] = "/tmp/scanomp-twice-XXXXXX", a[64], b[64];
  CHECK (mkdtemp (dir), "mkdtemp");
  snprintf (a, sizeof a, "%s/first.icd", dir);
  snprintf (b, sizeof b, "%s/second.icd", dir);
  copy (g.gl_pathv[0], a);
  copy (g.gl_pathv[0], b);
  globfree (&g);
  setenv ("OCL_ICD_VENDORS", dir, 1);

  int n = scanrt_get_num_devices ();
  CHECK (n == 2, "%d devices, expected 2", n);
  int x[1000], y[1000];
  for (int i = 0; i < 1000; i++)
    x[i] = i % 7;
  for (int d = 0; d < n; d++)
    {
      scanrt_params p = SCANRT_PARAMS_INIT;
      p.device = d;
      p.flags = SCANRT_NO_HOST;
      memset (y, 0, sizeof y);
      CHECK (scanrt_scan (y, x, 1000, SCANRT_INT, SCANRT_ADD, &p)
               == SCANRT_OK, "device %d", d);
      int acc = 0;
      for (int i = 0; i < 1000; i++)
        CHECK (y[i] == (acc += x[i]), "device %d: y[%d]", d, i);
    }
  unlink (a);
  unlink (b);
  rmdir (dir);
  puts ("each device once");
  return 0;
}
/* { dg-output "each device once" } */
