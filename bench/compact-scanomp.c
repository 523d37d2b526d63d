/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* compact-scanomp.c: bench-compact's loops through the scanomp plugin.  */
#define COMPACT_INSCAN_NAME compact_scanomp
#define COMPACT_FLAGS_NAME flags_scanomp
#define COMPACT_MPS_NAME mps_scanomp
#define COMPACT_GATHER_NAME gather_scanomp
#define COMPACT_CLAUSE_GATHER_NAME gather_clause
#define COMPACT_TARGET_GATHER_NAME gather_target
#define COMPACT_CLAUSE_NAME compact_clause
#define COMPACT_CLAUSE_MPS_NAME mps_clause
#define COMPACT_TARGET_NAME compact_target
#define COMPACT_TARGET_MPS_NAME mps_target
#include "compact-loop.h"
