// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// inscan-cxx-gcc.cc: bench-inscan's C++ loops as GCC compiles them.
#define INSCAN_VECTOR_NAME inscan_cxx_vector_gcc
#define INSCAN_ITERATOR_NAME inscan_cxx_iterator_gcc
#define INSCAN_POINTER_NAME inscan_cxx_pointer_gcc
#include "inscan-loop-cxx.h"
