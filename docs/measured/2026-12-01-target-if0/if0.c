/* if0.c: target if(0) scans, SCANOMP_HOST=off (the loop as written,
   what a false if() ran until 2026-12-01) against the default (the host
   path), alternating in one process, medians of 15 (README).  */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
static int
cmpd (const void *a, const void *b)
{
  double d = *(const double *) a - *(const double *) b;
  return (d > 0) - (d < 0);
}

static void
scan (float *y, const float *x, long n, int on)
{
#pragma omp target if(on) map(to: x[0:n]) map(tofrom: y[0:n])
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i-1];
}
int
main (void)
{
  for (int lg = 16; lg <= 26; lg += 2)
    {
      long n = 1L << lg;
      float *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
      for (long i = 0; i < n; i++)
        x[i] = (float) (i % 7), y[i] = 0;
      double t[2][15];
      for (int r = 0; r < 15; r++)
        for (int k = 0; k < 2; k++)
          {
            setenv ("SCANOMP_HOST", k ? "native" : "off", 1);
            double t0 = omp_get_wtime ();
            scan (y, x, n, 0);
            t[k][r] = omp_get_wtime () - t0;
          }
      qsort (t[0], 15, sizeof (double), cmpd);
      qsort (t[1], 15, sizeof (double), cmpd);
      printf ("if0\t2^%d\tas-written %.3f ms\thost-path %.3f ms"
              "\tspeed %.2f\n", lg, t[0][7] * 1e3, t[1][7] * 1e3,
              t[0][7] / t[1][7]);
      free (x); free (y);
    }
  return 0;
}
