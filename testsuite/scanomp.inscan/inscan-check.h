/* inscan-check.h: what the inscan run tests share.  */

#include <math.h>
#include <string.h>

#include "../lib/check.h"

#define PRAGMA(x) _Pragma (#x)

static const long sizes[] = { 0, 1, 2, 3, 1001, (1L << 20) + 7 };
#define NSIZES (sizeof sizes / sizeof sizes[0])
