/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* inscan-scanomp.c: bench-inscan's loop through the scanomp plugin.  */
#define INSCAN_NAME inscan_scanomp
#define INSCAN_ORPHAN_NAME inscan_scanomp_orphan
#define INSCAN_STRIDE_NAME inscan_scanomp_stride
#define INSCAN_HEAVY_NAME inscan_scanomp_heavy
#define INSCAN_RANGES_NAME inscan_scanomp_ranges
#include "inscan-loop.h"
