/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* prefix-sum-api.c: a prefix sum of 2^24 ints through libscanrt's C API,
   checked against a sequential loop, with both timed.  libscanrt runs it
   where it is fastest: on the host's OpenMP threads, since the arrays are
   on no device (SCANRT_HOST says so); SCANOMP_HOST=opencl sends it to the
   default OpenCL device.

     prefix-sum-api [N]  */

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <scanrt.h>

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int
main (int argc, char **argv)
{
  size_t n = argc > 1 ? strtoull (argv[1], NULL, 0) : (size_t) 1 << 24;
  int *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  int *ref = malloc (n * sizeof *ref);
  if (!x || !y || !ref)
    return 2;
  /* Touch every page first, so neither side pays for faulting them in.  */
  for (size_t i = 0; i < n; i++)
    {
      x[i] = (int) ((unsigned) (i * 2654435761u) >> 20) - 2048;
      y[i] = ref[i] = 0;
    }

  char name[256];
  int dev = scanrt_get_default_device ();
  scanrt_get_device_name (dev, name, sizeof name);
  printf ("device %d of %d: %s\n", dev, scanrt_get_num_devices (), name);

  /* The first call starts the threads, or builds the kernels (or loads
     them from the cache).  */
  double t0 = now ();
  int status = scanrt_scan (y, x, n, SCANRT_INT, SCANRT_ADD, NULL);
  double first = now () - t0;
  t0 = now ();
  status = scanrt_scan (y, x, n, SCANRT_INT, SCANRT_ADD, NULL);
  double again = now () - t0;

  t0 = now ();
  /* Summed as unsigned: the scan wraps, and a signed sum may not.  */
  unsigned acc = 0;
  for (size_t i = 0; i < n; i++)
    ref[i] = (int) (acc += (unsigned) x[i]);
  double serial = now () - t0;

  for (size_t i = 0; i < n; i++)
    if (y[i] != ref[i])
      {
        printf ("FAIL: y[%zu] = %d, expected %d\n", i, y[i], ref[i]);
        return 1;
      }
  printf ("%zu ints: %s, first call %.3f s, then %.4f s (%.2f Gelem/s); "
          "serial loop %.4f s (%.2f Gelem/s)\nPASS\n",
          n, scanrt_status_name (status), first, again, n / again * 1e-9,
          serial, n / serial * 1e-9);
  free (x);
  free (y);
  free (ref);
  return 0;
}
