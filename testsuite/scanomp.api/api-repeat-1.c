/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Run to run: a float or double + scan repeated with one configuration
   gives the same bits every time.  The inputs span twenty binary orders
   of magnitude and both signs, so any change in how the additions are
   grouped changes the rounding and shows.  Each path is repeated: the host
   path, the device's own kernel set, the look-back set with small tiles
   (many work-groups, whose hand-offs vary most with timing), the
   multi-level set, a split across pocl's two devices with no weights
   given (measured speeds, which vary, would move the cut), and the
   reproducible mode's kernels: a work-item a tile, and the single pass
   in work-groups (SCANOMP_VARIANT=lookback) with its look-back walked
   and read a window at once (SCANOMP_WALK); inclusive and exclusive.

     SCANOMP_REPEAT_N     elements (default 2^18)
     SCANOMP_REPEAT_RUNS  repetitions of each path (default 12)

   On a GPU, run it with more of both (scripts/gpu-run repeat).  It prints,
   per path and type, how many runs differed from the first.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */

#include "api-check.h"

static const struct
{
  const char *name;
  int host;
  scanrt_variant variant;
  size_t work_group_size, items;
  const char *devices;
  unsigned flags;
  const char *variant_set, *walk_set;    /* SCANOMP_VARIANT, SCANOMP_WALK */
} paths[] = {
  { "host", 1, SCANRT_VARIANT_AUTO, 0, 0, NULL, 0, NULL, NULL },
  { "device", 0, SCANRT_VARIANT_AUTO, 0, 0, NULL, 0, NULL, NULL },
  { "lookback-small", 0, SCANRT_VARIANT_LOOKBACK, 32, 2, NULL, 0, NULL,
    NULL },
  { "gpu", 0, SCANRT_VARIANT_GPU, 0, 0, NULL, 0, NULL, NULL },
  { "split", 0, SCANRT_VARIANT_AUTO, 0, 0, "0,1", 0, NULL, NULL },
  { "reproducible", 0, SCANRT_VARIANT_AUTO, 0, 0, NULL,
    SCANRT_REPRODUCIBLE, NULL, NULL },
  { "repro-walk", 0, SCANRT_VARIANT_AUTO, 0, 0, NULL, SCANRT_REPRODUCIBLE,
    "lookback", "1" },
  { "repro-window", 0, SCANRT_VARIANT_AUTO, 0, 0, NULL,
    SCANRT_REPRODUCIBLE, "lookback", "0" },
};
#define NPATHS (sizeof paths / sizeof paths[0])

static size_t
setting (const char *name, size_t fallback)
{
  const char *v = getenv (name);
  return v && atol (v) > 0 ? (size_t) atol (v) : fallback;
}

int
main (void)
{
  size_t n = setting ("SCANOMP_REPEAT_N", (size_t) 1 << 18);
  size_t runs = setting ("SCANOMP_REPEAT_RUNS", 12);
  double *x = malloc (n * sizeof *x);
  float *xf = malloc (n * sizeof *xf);
  char *first = malloc (n * sizeof (double));
  char *again = malloc (n * sizeof (double));
  if (!x || !xf || !first || !again)
    FAIL ("out of memory");
  for (size_t i = 0; i < n; i++)
    {
      x[i] = rnd_real (-1, 1) * ldexp (1, (int) (rnd () % 20) - 10);
      xf[i] = (float) x[i];
    }

  int differed = 0;
  for (size_t p = 0; p < NPATHS; p++)
    for (int t = 0; t < 2; t++)
      for (int exclusive = 0; exclusive < 2; exclusive++)
        {
          scanrt_type type = t ? SCANRT_DOUBLE : SCANRT_FLOAT;
          const void *in = t ? (const void *) x : (const void *) xf;
          size_t bytes = n * (t ? sizeof (double) : sizeof (float));
          scanrt_params params = SCANRT_PARAMS_INIT;
          params.flags = exclusive ? SCANRT_EXCLUSIVE : 0;
          if (paths[p].host)
            params.device = scanrt_get_num_devices ();
          else
            params.flags |= SCANRT_NO_HOST;
          params.variant = paths[p].variant;
          params.work_group_size = paths[p].work_group_size;
          params.items = paths[p].items;
          params.devices = paths[p].devices;
          params.flags |= paths[p].flags;
          if (paths[p].variant_set)
            setenv ("SCANOMP_VARIANT", paths[p].variant_set, 1);
          if (paths[p].walk_set)
            setenv ("SCANOMP_WALK", paths[p].walk_set, 1);
          size_t diff = 0;
          for (size_t r = 0; r <= runs; r++)
            {
              char *out = r ? again : first;
              memset (out, 0x5c, bytes);
              int status = scanrt_scan (out, in, n, type, SCANRT_ADD, &params);
              if (status != (paths[p].host ? SCANRT_HOST : SCANRT_OK))
                FAIL ("%s %s: %s", paths[p].name, t ? "double" : "float",
                      scanrt_status_name (status));
              if (r && memcmp (first, again, bytes))
                diff++;
            }
          unsetenv ("SCANOMP_VARIANT");
          unsetenv ("SCANOMP_WALK");
          printf ("%-15s %-6s %-9s %zu of %zu runs differed from the "
                  "first\n", paths[p].name, t ? "double" : "float",
                  exclusive ? "exclusive" : "inclusive", diff, runs);
          differed |= diff != 0;
        }
  if (differed)
    FAIL ("a scan repeated with one configuration gave different bits");
  free (x);
  free (xf);
  free (first);
  free (again);
  return 0;
}
