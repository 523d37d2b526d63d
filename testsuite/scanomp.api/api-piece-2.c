/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* A piece whose device fails goes on on the host from its carry, and
   gives the definition's bits still (api-repro.h): pieces on pocl's
   device in segments of four tiles (SCANOMP_MAX_BUFFER), where the second
   launch of the process fails after the first segment succeeded (the
   host scans the rest of the piece from the carry as that segment left
   it), and the fourth fails at a piece's first segment (the host scans
   it all from the carry as it came).  SCANOMP_HOST_CUTOFF=0: pieces this
   small would run on the host anyway.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_FAIL_RUNS "2,4" } */
/* { dg-set-target-env-var SCANOMP_MAX_BUFFER "65536" } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF "0" } */

#include "api-check.h"
#include "api-repro.h"

#define TILE SCANRT_REPRO_TILE
#define MOST (14 * TILE + 77)

static float x[MOST], y[MOST], ref[MOST];

int
main (void)
{
  for (size_t i = 0; i < MOST; i++)
    x[i] = (float) ldexp ((double) ((long) (rnd () % 4095) - 2047),
                          (int) (rnd () % 41) - 20);
  float seed = 17.25f, want = ref_f (ref, x, MOST, 0, 0, seed), total = 0;
  scanrt_carry c;
  CHECK (scanrt_carry_init (&c, SCANRT_FLOAT, &seed) == SCANRT_OK, "init");
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.device = 0;
  p.total = &total;
  /* Runs 1 (tiles 0-3) and 2 (tiles 4-7, failing): the host from tile 4
     to 9.  Run 3: tiles 10 and 11.  Run 4, the last piece's one segment
     (tiles 12 and 13 and 77 positions), fails: the host takes it
     whole.  */
  size_t cuts[] = { 0, 10 * TILE, 12 * TILE, MOST };
  for (int k = 0; k < 3; k++)
    {
      int s = scanrt_scan_piece (y + cuts[k], x + cuts[k],
                                 cuts[k + 1] - cuts[k], SCANRT_FLOAT,
                                 SCANRT_ADD, &c, &p);
      CHECK (s >= 0, "piece %d: status %d", k, s);
    }
  for (size_t i = 0; i < MOST; i++)
    CHECK (!memcmp (&y[i], &ref[i], sizeof *y),
           "element %zu: %a, not the definition's %a", i, y[i], ref[i]);
  CHECK (!memcmp (&total, &want, sizeof total), "the total: %a, not %a",
         total, want);
  puts ("pieces go on from their carries on the host");
  return 0;
}
/* { dg-output ".*SCANOMP_FAIL_RUNS: run 2 on the device fails.*SCANOMP_FAIL_RUNS: run 4 on the device fails.*pieces go on from their carries on the host" } */
