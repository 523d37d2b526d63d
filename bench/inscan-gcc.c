/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* inscan-gcc.c: bench-inscan's loop as GCC compiles it.  */
#define INSCAN_NAME inscan_gcc
#include "inscan-loop.h"
