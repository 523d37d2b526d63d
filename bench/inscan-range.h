/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* inscan-range.h: the element of bench-inscan's ranges loop
   (inscan-loop.h), a range of ints, as std::vector holds one.  */

#ifndef INSCAN_RANGE_H
#define INSCAN_RANGE_H

struct inscan_range
{
  const int *begin, *end;
};

#endif /* INSCAN_RANGE_H */
