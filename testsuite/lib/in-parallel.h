/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* in-parallel.h: put before a run test with -include, it runs the test's
   main on one thread of a parallel region, so that every loop of the test
   is a nested region, as a loop in a library called from one may be.
   The test's main, renamed, must take no arguments and return its
   status.  */

#undef main
int scanomp_test_main ();

int
main (void)
{
  int status = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  status = scanomp_test_main ();
  return status;
}

#define main scanomp_test_main
