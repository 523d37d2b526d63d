/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* compact-gcc.c: bench-compact's inscan loops as GCC compiles them.  */
#define COMPACT_INSCAN_NAME compact_gcc
#define COMPACT_FLAGS_NAME flags_gcc
#define COMPACT_MPS_NAME mps_gcc
#define COMPACT_GATHER_NAME gather_gcc
#include "compact-loop.h"
