/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* pair-op.h: the user-defined operator the device benchmarks time: the
   composition of affine maps x -> a * x + b over 32-bit unsigned pairs
   (8 bytes), which does not commute, for scanrt_scan_user.  */

#ifndef SCANOMP_PAIR_OP_H
#define SCANOMP_PAIR_OP_H

#include <scanrt.h>

typedef struct { unsigned a, b; } affine;

static const char affine_source[] =
  "typedef struct { uint a, b; } affine;\n"
  "affine compose (affine p, affine q)\n"
  "{ affine r; r.a = p.a * q.a; r.b = q.a * p.b + q.b; return r; }\n";

static void
affine_host (void *r_, const void *p_, const void *q_)
{
  const affine *p = p_, *q = q_;
  affine r = { p->a * q->a, q->a * p->b + q->b };
  *(affine *) r_ = r;
}

static const affine affine_id = { 1, 0 };
static const scanrt_user_op pair_op = { affine_source, "affine", "compose",
                                        sizeof (affine), &affine_id,
                                        affine_host };

#endif /* SCANOMP_PAIR_OP_H */
