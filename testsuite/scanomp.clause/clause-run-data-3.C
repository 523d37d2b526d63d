// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The device data environment and the named devices in C++: a class
// whose method runs a template's target scans on data it keeps on
// device(CPU) between them, on pocl made to copy (SCANOMP_UNIFIED=0).
// Host writes in between are not seen by the device, and its results
// reach the host only at `target update from', checked against the same
// scans run sequentially.
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD DEFAULT } */

#include <vector>

#include "clause-check.h"

template <typename T>
static void
scan_on_device (T *y, long n)
{
#pragma omp target device(CPU) map(tofrom: y[0:n])
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + y[i];
}

class prefix_sums
{
  std::vector<long> data;

public:
  explicit prefix_sums (long n) : data (n)
  {
    for (long i = 0; i < n; i++)
      data[i] = (long) (rnd () % 100) - 50;
  }

  std::vector<long> host () const { return data; }

  // Scan the data SCANS times on the device; the host's copy is read
  // back once, at the end.
  void
  run (int scans)
  {
    long *y = data.data (), n = (long) data.size ();
#pragma omp target enter data device(CPU) map(to: y[0:n])
    for (int k = 0; k < scans; k++)
      {
        scan_on_device (y, n);
        // The host's copy only: the device keeps its own.
        y[0] = y[5] = -1;
      }
#pragma omp target update device(CPU) from(y[1:n-1])
#pragma omp target exit data device(CPU) map(release: y[0:n])
  }
};

int
main ()
{
  long n = 100003;
  prefix_sums p (n);
  std::vector<long> want = p.host ();
  p.run (3);
  for (int k = 0; k < 3; k++)
    for (long i = 1; i < n; i++)
      want[i] = want[i-1] + want[i];
  want[0] = -1;  // not brought back by the update
  std::vector<long> got = p.host ();
  for (long i = 0; i < n; i++)
    if (got[i] != want[i])
      FAIL ("y[%ld] is %ld, not %ld", i, got[i], want[i]);
  puts ("C++ data checked");
  return 0;
}
/* { dg-output "C\\+\\+ data checked" } */
