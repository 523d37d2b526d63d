/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* inscan-gcc.c: bench-inscan's loop as GCC compiles it.  */
#define INSCAN_NAME inscan_gcc
#define INSCAN_ORPHAN_NAME inscan_gcc_orphan
#define INSCAN_STRIDE_NAME inscan_gcc_stride
#define INSCAN_HEAVY_NAME inscan_gcc_heavy
#define INSCAN_RANGES_NAME inscan_gcc_ranges
#include "inscan-loop.h"
