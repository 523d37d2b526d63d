// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// inscan-cxx-scanomp.cc: bench-inscan's C++ loops through the plugin.
#define INSCAN_VECTOR_NAME inscan_cxx_vector_scanomp
#define INSCAN_ITERATOR_NAME inscan_cxx_iterator_scanomp
#define INSCAN_POINTER_NAME inscan_cxx_pointer_scanomp
#include "inscan-loop-cxx.h"
