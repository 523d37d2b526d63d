/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The operators and types of api-ops-1.c on the thesis' Blelloch kernel
   set: every type with +, every operator over int and double.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */

#define VARIANT SCANRT_VARIANT_THESIS
#define SUBSET 1
#include "api-ops-1.c"
