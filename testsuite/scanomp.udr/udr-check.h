/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* udr-check.h: what the run tests of user-defined operators share:
   check.h's failure macro and generator, and test sizes (0, 1, 2, odd,
   and past 2^20).  */

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/check.h"

#define PRAGMA(x) _Pragma (#x)

static const long sizes[] = { 0, 1, 2, 3, 1001, (1L << 20) + 7 };
#define NSIZES (sizeof sizes / sizeof sizes[0])
