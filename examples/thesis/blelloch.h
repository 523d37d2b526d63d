/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* blelloch.h: the baseline of the thesis' evaluation, version (b): a scan
   written by hand against the OpenCL API, with the thesis' algorithm
   (Blelloch's work-efficient scan of each work-group's block in local
   memory, the same for the blocks' totals, level by level, then a uniform
   add).  The kernels are those of templates/scan-blelloch.cl; what each
   program writes by hand is the OpenCL C of its element, operator and
   hooks (SCANOMP_T, SCANOMP_OP, SCANOMP_PARAMS, SCANOMP_ARGS,
   SCANOMP_LOAD, SCANOMP_STORE: see templates/scanomp-common.h), and the
   host code here.  It copies its inputs to the device and its outputs
   back, as such programs do.  */

#ifndef THESIS_BLELLOCH_H
#define THESIS_BLELLOCH_H

#include <stddef.h>

/* A kernel argument, in SCANOMP_PARAMS order.  */
enum bl_kind { BL_IN, BL_OUT, BL_INOUT, BL_SCALAR };
struct bl_arg
{
  void *ptr;         /* host array, or the scalar's address */
  size_t bytes;
  enum bl_kind kind;
};

/* One scan: its hooks, and the program built from them on first use.  */
struct bl_scan
{
  const char *hooks;
  size_t elem;       /* sizeof (SCANOMP_T) */
  void *program;     /* cl_program */
  void *kernels[4];  /* gather, block, add, scatter */
};

/* Scan positions [0, N), the hooks seeing index FIRST + position, from
   SEED (exclusive: each position gets the prefix before it).  Returns 0,
   or -1 after a message.  */
int bl_run (struct bl_scan *s, long n, long first, const void *seed,
            int exclusive, int nargs, const struct bl_arg *args);

#endif /* THESIS_BLELLOCH_H */
