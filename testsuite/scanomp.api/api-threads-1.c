/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* Four threads scan at once, from the first call on (device discovery,
   program builds and the caches race), each checking its own results.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var SCANOMP_CACHE 1 } */

#include <pthread.h>

#include "api-check.h"

static const scanrt_type types[4] = { SCANRT_INT, SCANRT_INT, SCANRT_DOUBLE,
                                      SCANRT_USHORT };
static const scanrt_op ops[4] = { SCANRT_ADD, SCANRT_ADD, SCANRT_ADD,
                                  SCANRT_MUL };

static void *
worker (void *arg)
{
  int k = (int) (long) arg;
  size_t n = 200000 + 1000 * k;
  int *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  unsigned seed = 12345 + k;
  for (int round = 0; round < 5; round++)
    {
      if (types[k] == SCANRT_INT)
        {
          for (size_t i = 0; i < n; i++)
            x[i] = (int) ((seed = seed * 1103515245 + 12345) >> 16);
          scanrt_params p = SCANRT_PARAMS_INIT;
          p.flags = SCANRT_NO_HOST;
          CHECK (scanrt_scan (y, x, n, SCANRT_INT, ops[k], &p) == 0,
                 "thread %d", k);
          /* The scan wraps, as unsigned arithmetic does.  */
          unsigned acc = 0;
          for (size_t i = 0; i < n; i++)
            CHECK ((unsigned) y[i] == (acc += (unsigned) x[i]),
                   "thread %d element %zu", k, i);
        }
      else
        {
          /* scan_and_check's generator is not thread-safe: keep to
             closed forms here.  */
          scanrt_params p = SCANRT_PARAMS_INIT;
          p.flags = SCANRT_NO_HOST;
          if (types[k] == SCANRT_DOUBLE)
            {
              double *dx = malloc (n * sizeof *dx), *dy = malloc (n * sizeof *dy);
              for (size_t i = 0; i < n; i++)
                dx[i] = 1.0;
              CHECK (scanrt_scan (dy, dx, n, SCANRT_DOUBLE, SCANRT_ADD, &p)
                     == 0, "thread %d", k);
              for (size_t i = 0; i < n; i++)
                CHECK (dy[i] == (double) (i + 1), "thread %d element %zu", k,
                       i);
              free (dx);
              free (dy);
            }
          else
            {
              unsigned short *sx = malloc (n * 2), *sy = malloc (n * 2);
              for (size_t i = 0; i < n; i++)
                sx[i] = (unsigned short) (3 + 2 * (i % 5));
              CHECK (scanrt_scan (sy, sx, n, SCANRT_USHORT, SCANRT_MUL, &p)
                     == 0, "thread %d", k);
              unsigned short acc = 1;
              for (size_t i = 0; i < n; i++)
                CHECK (sy[i] == (acc = (unsigned short) (acc * sx[i])),
                       "thread %d element %zu", k, i);
              free (sx);
              free (sy);
            }
        }
    }
  free (x);
  free (y);
  return NULL;
}

int
main (void)
{
  pthread_t t[4];
  for (long k = 0; k < 4; k++)
    CHECK (pthread_create (&t[k], NULL, worker, (void *) k) == 0, "create");
  for (int k = 0; k < 4; k++)
    pthread_join (t[k], NULL);
  puts ("threads checked");
  return 0;
}
