/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Data mapped across two devices that copy (SCANOMP_DEVICES=0:1,1:1;
   pocl asked for two CPU devices, SCANOMP_UNIFIED=0): each device keeps
   its piece, and scans of the data run their blocks where the pieces are.
   A host write that no update sends is not seen by the scans, and
   results reach the host at an update from or the exit, as on one device.
   Scans: int and double, inclusive and exclusive with a seed, in place, on
   a sub-range whose blocks' windows reach into the neighbouring piece, and
   a 24-byte user-defined type whose elements lie astride the pieces'
   seams (chained blocks).  Then a block that fails: the data comes back
   to the host, which scans that block (the API's host path).  Every result is checked
   against a sequential loop.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-devices pocl } */
/* { dg-set-target-env-var POCL_DEVICES "pthread pthread" } */
/* { dg-set-target-env-var SCANOMP_DEVICES 0:1,1:1 } */
/* { dg-set-target-env-var SCANOMP_UNIFIED 0 } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 1000000000 } */
/* { dg-set-target-env-var SCANOMP_FAIL_RUNS 16 } */

#include "api-check.h"
#include "api-user-ops.h"

#define N 100003

static int x[N], y[N], xs[N], y2[2 * N], y3[2 * N];
static double d[N], ds[N], e[N];
static mat m[N], ms[N];

static scanrt_params
strict (void)
{
  scanrt_params p = SCANRT_PARAMS_INIT;
  p.flags = SCANRT_NO_HOST;
  return p;
}

int
main (void)
{
  CHECK (scanrt_get_num_devices () == 2, "two devices");
  for (long i = 0; i < N; i++)
    xs[i] = x[i] = (int) (rnd () % 2001) - 1000;
  const unsigned tofrom = SCANRT_MAP_TO | SCANRT_MAP_FROM;
  CHECK (scanrt_data_enter (-1, x, sizeof x, SCANRT_MAP_TO) == 0, "enter x");
  CHECK (scanrt_data_enter (-1, y, sizeof y, SCANRT_MAP_FROM) == 0,
         "enter y");
  /* The devices keep x as it was entered.  */
  x[0] = x[N - 1] = 12345;
  scanrt_params p = strict ();
  CHECK (scanrt_scan (y, x, N, SCANRT_INT, SCANRT_ADD, &p) == 0, "scan 1");
  for (long i = 0; i < N; i++)
    CHECK (y[i] == 0, "y[%ld] reached the host before an update", i);
  CHECK (scanrt_data_update (-1, y + N / 2 - 5, 10 * sizeof *y,
                             SCANRT_MAP_FROM) == 0, "update from");
  for (long i = N / 2 - 5, acc = 0; i < N / 2 + 5; i++)
    {
      acc = 0;
      for (long j = 0; j <= i; j++)
        acc += xs[j];
      CHECK (y[i] == acc, "updated y[%ld] is %d, not %ld", i, y[i], acc);
    }

  /* Exclusive, seeded, in place on y[1 .. N - 2]: the second block's
     window starts inside the first piece.  Then x, sent again.  */
  int seed = 17, total;
  p.flags |= SCANRT_EXCLUSIVE;
  p.seed = &seed;
  p.total = &total;
  CHECK (scanrt_scan (y + 1, y + 1, N - 2, SCANRT_INT, SCANRT_ADD, &p) == 0,
         "scan 2");
  x[0] = 3;
  CHECK (scanrt_data_update (-1, x, sizeof *x, SCANRT_MAP_TO) == 0,
         "update to");
  p = strict ();
  CHECK (scanrt_scan (x, x, N, SCANRT_INT, SCANRT_MAX, &p) == 0, "scan 3");
  CHECK (scanrt_data_exit (-1, y, sizeof y, SCANRT_MAP_FROM) == 0, "exit y");
  CHECK (scanrt_data_exit (-1, x, sizeof x, SCANRT_MAP_FROM) == 0, "exit x");
  /* y: scan 1 of x as entered, then scan 2 of y[1 .. N - 2].  */
  static int want[N];
  for (long i = 0, acc = 0; i < N; i++)
    want[i] = (int) (acc += xs[i]);
  int carry = seed;
  for (long i = 1; i < N - 1; i++)
    {
      int in = want[i];
      want[i] = carry;
      carry += in;
    }
  CHECK (total == carry, "scan 2's total is %d, not %d", total, carry);
  for (long i = 0; i < N; i++)
    CHECK (y[i] == want[i], "y[%ld] is %d, not %d", i, y[i], want[i]);
  for (long i = 0, top = INT_MIN; i < N; i++)
    {
      int in = i ? xs[i] : 3;
      top = in > top ? in : top;
      CHECK (x[i] == top, "x[%ld] is %d, not %ld", i, x[i], top);
    }

  /* Doubles, and the 24-byte matrices: 4096 is no multiple of 24.  */
  for (long i = 0; i < N; i++)
    {
      ds[i] = d[i] = rnd_real (-1, 1);
      random_mat (&m[i]);
      ms[i] = m[i];
    }
  CHECK (scanrt_data_enter (-1, d, sizeof d, tofrom) == 0, "enter d");
  CHECK (scanrt_data_enter (-1, m, sizeof m, tofrom) == 0, "enter m");
  p = strict ();
  CHECK (scanrt_scan (d, d, N, SCANRT_DOUBLE, SCANRT_ADD, &p) == 0,
         "scan 4");
  CHECK (scanrt_scan_user (m, m, N, &user_ops[1], &p) == 0, "scan 5");
  CHECK (scanrt_data_exit (-1, m, sizeof m, tofrom) == 0, "exit m");
  /* Run 16 or 17, a block of scan 6, fails: the data comes back to the
     host, which scans that block.  */
  CHECK (scanrt_data_enter (-1, e, sizeof e, SCANRT_MAP_FROM) == 0,
         "enter e");
  p = (scanrt_params) SCANRT_PARAMS_INIT;
  CHECK (scanrt_scan (e, d, N, SCANRT_DOUBLE, SCANRT_ADD, &p) == SCANRT_OK,
         "scan 6");
  CHECK (scanrt_data_exit (-1, e, sizeof e, SCANRT_MAP_FROM) == 0,
         "exit e");
  CHECK (scanrt_data_exit (-1, d, sizeof d, tofrom) == 0, "exit d");
  double sum = 0;
  for (long i = 0; i < N; i++)
    ds[i] = sum += ds[i];
  sum = 0;
  for (long i = 0; i < N; i++)
    {
      double want_e = sum += ds[i];
      CHECK (fabs (d[i] - ds[i]) <= 1e-9 * (1 + fabs (ds[i])),
             "d[%ld] is %g, not %g", i, d[i], ds[i]);
      CHECK (fabs (e[i] - want_e) <= 1e-9 * (1 + fabs (want_e)),
             "e[%ld] is %g, not %g", i, e[i], want_e);
    }
  mat prod = mat_id;
  for (long i = 0; i < N; i++)
    {
      mat_host (&prod, &prod, &ms[i]);
      CHECK (!memcmp (&m[i], &prod, sizeof prod), "m[%ld] differs", i);
    }

  /* Scan 7 writes the second half of y2, on device 1, from all of x,
     whose first half device 0 holds, as the scan before left it: the
     block reads a copy of it.  y3 is
     mapped as two ranges, which scan 8, in place over both, cannot follow:
     they come back to the host, and scan 9, on the second alone, writes
     its pieces to the devices again first.  */
  for (long i = 0; i < N; i++)
    xs[i] = x[i] = (int) (rnd () % 2001) - 1000;
  memcpy (y3, xs, sizeof xs);
  memcpy (y3 + N, xs, sizeof xs);
  CHECK (scanrt_data_enter (-1, x, sizeof x, tofrom) == 0, "enter x again");
  CHECK (scanrt_data_enter (-1, y2, sizeof y2, tofrom) == 0, "enter y2");
  CHECK (scanrt_data_enter (-1, y3, sizeof x, tofrom) == 0, "enter y3");
  CHECK (scanrt_data_enter (-1, y3 + N, sizeof x, tofrom) == 0,
         "enter y3 + N");
  p = strict ();
  CHECK (scanrt_scan (x, x, N, SCANRT_INT, SCANRT_MAX, &p) == 0,
         "scan 6b");
  CHECK (scanrt_scan (y2 + N, x, N, SCANRT_INT, SCANRT_ADD, &p) == 0,
         "scan 7");
  CHECK (scanrt_scan (y3, y3, 2 * N, SCANRT_INT, SCANRT_ADD, &p) == 0,
         "scan 8");
  CHECK (scanrt_scan (y3 + N, y3 + N, N, SCANRT_INT, SCANRT_MIN, &p) == 0,
         "scan 9");
  CHECK (scanrt_data_exit (-1, y3 + N, sizeof x, tofrom) == 0,
         "exit y3 + N");
  CHECK (scanrt_data_exit (-1, y3, sizeof x, tofrom) == 0, "exit y3");
  CHECK (scanrt_data_exit (-1, y2, sizeof y2, tofrom) == 0, "exit y2");
  CHECK (scanrt_data_exit (-1, x, sizeof x, tofrom) == 0, "exit x again");
  long acc = 0, low = LONG_MAX, top = INT_MIN, sum7 = 0;
  for (long i = 0; i < N; i++)
    {
      acc += xs[i];
      top = xs[i] > top ? xs[i] : top;
      sum7 += top;
      CHECK (y2[i] == 0 && y2[N + i] == sum7, "y2[%ld] is %d, not %ld",
             N + i, y2[N + i], sum7);
      CHECK (y3[i] == (int) acc, "y3[%ld] is %d, not %ld", i, y3[i], acc);
      CHECK (x[i] == top, "x[%ld] is %d, not %ld", i, x[i], top);
    }
  for (long i = 0; i < N; i++)
    {
      acc += xs[i];
      low = acc < low ? acc : low;
      CHECK (y3[N + i] == (int) low, "y3[%ld] is %d, not %ld", N + i,
             y3[N + i], low);
    }
  puts ("pieces checked");
  return 0;
}
/* { dg-output "libscanrt: SCANOMP_FAIL_RUNS: run 16 on the device fails\n" } */
/* { dg-output "libscanrt: scanrt_scan: positions (0 to 49663|49664 to 100002) run on the host\n" } */
/* { dg-output "libscanrt: scanrt_scan: the scan's blocks cannot follow the pieces of the data mapped across devices \\(an array it writes is not spread as the first is, or its windows reach past the pieces' margins\\), so that data comes back to the host and the scan runs on the host's copy\n" } */
/* { dg-output "pieces checked" } */
