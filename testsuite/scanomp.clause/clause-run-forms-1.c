/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The loop forms: y[i] = y[i-1] op E(i) with E reading several arrays and
   a scalar, E(i) op y[i-1] (with `*' and `&'), in place (y[i] op=
   y[i-1]), OpenMP 5.0's `i != n', a descending loop, <= bounds with a
   long index, temporaries computed before the update, global arrays, and
   math built-ins.
   OMP_TARGET_OFFLOAD=MANDATORY makes every loop run on the device (or
   stop), at every size.  */
/* { dg-do run } */
/* { dg-require-effective-target opencl_device } */
/* { dg-set-target-env-var OMP_TARGET_OFFLOAD MANDATORY } */

#include "clause-check.h"

#define N ((1L << 20) + 7)
int ga[N], gr[N];

static void
fused (int *y, const int *x, const short *w, int c, long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + x[i-1] * c - w[i] / 3;
}

static void
mirrored (double *y, const double *x, long n)
{
#pragma omp parallel for scan(*: y)
  for (long i = 1; i < n; i++)
    y[i] = (1.0 + x[i] * 1e-6) * y[i-1];
}

static void
in_place (long *y, int n)
{
#pragma omp parallel for scan(+: y)
  for (int i = 1; i < n; i++)
    y[i] += y[i-1];
}

/* OpenMP 5.0's `!=' (N is at least 1).  */
static void
unequal (long *y, long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i != n; i++)
    y[i] += y[i-1];
}

static void
descending (unsigned *y, const unsigned *x, int n)
{
#pragma omp parallel for scan(^: y)
  for (int i = n - 2; i >= 0; i--)
    y[i] = y[i+1] ^ x[i];
}

static void
masked (long *y, const long *x, long n)
{
#pragma omp parallel for scan(&: y)
  for (long i = 1; i < n; i++)
    y[i] = x[i-1] & y[i-1];
}

static void
inclusive_bound (short *y, const short *x, long n)
{
#pragma omp parallel for scan(max: y)
  for (long i = 1; i <= n - 1; i++)
    {
      short t = x[i-1] * 2;
      int u = t - 7;
      y[i] = y[i-1] > u ? y[i-1] : u;
    }
}

static void
global (int n)
{
#pragma omp parallel for scan(|: ga)
  for (int i = 1; i < n; i++)
    ga[i] |= ga[i-1];
}

static void
builtin (float *y, const float *x, long n)
{
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = y[i-1] + sqrtf (fabsf (x[i]));
}

int
main (void)
{
  for (unsigned s = 0; s < NSIZES; s++)
    {
      long n = sizes[s];
      int *yi = malloc ((n + 1) * 4), *ri = malloc ((n + 1) * 4);
      int *xi = malloc ((n + 1) * 4);
      short *ws = malloc ((n + 1) * 2), *ys = malloc ((n + 1) * 2);
      short *rs = malloc ((n + 1) * 2);
      double *yd = malloc ((n + 1) * 8), *rd = malloc ((n + 1) * 8);
      double *xd = malloc ((n + 1) * 8);
      long *yl = malloc ((n + 1) * 8), *rl = malloc ((n + 1) * 8);
      unsigned *yu = malloc ((n + 1) * 4), *ru = malloc ((n + 1) * 4);
      unsigned *xu = malloc ((n + 1) * 4);
      float *yf = malloc ((n + 1) * 4), *rf = malloc ((n + 1) * 4);
      float *xf = malloc ((n + 1) * 4);
      long *ym = malloc ((n + 1) * 8), *rm = malloc ((n + 1) * 8);
      long *xm = malloc ((n + 1) * 8);
      for (long i = 0; i < n; i++)
        {
          xi[i] = (int) (rnd () % 201) - 100;
          ws[i] = (short) (rnd () % 1000);
          ys[i] = rs[i] = (short) (rnd () % 100);
          xd[i] = (double) (rnd () % 1000);
          yl[i] = rl[i] = (long) (rnd () % 1000) - 500;
          xu[i] = yu[i] = ru[i] = (unsigned) rnd ();
          xf[i] = (float) ((double) (rnd () % 1000) - 500);
          ga[i] = gr[i] = (int) (1u << rnd () % 31) & (rnd () % 8 ? 0 : -1);
          /* A bit cleared now and then, so that the prefixes differ.  */
          xm[i] = rnd () % 4096 ? -1L : ~(1L << rnd () % 63);
          ym[i] = rm[i] = -1L;
        }
      if (n > 0)
        {
          yi[0] = ri[0] = 17;
          yd[0] = rd[0] = 1.25;
          yf[0] = rf[0] = 2.0f;
        }

      fused (yi, xi, ws, 3, n);
      for (long i = 1; i < n; i++)
        ri[i] = ri[i-1] + xi[i-1] * 3 - ws[i] / 3;
      for (long i = 0; i < n; i++)
        if (yi[i] != ri[i])
          FAIL ("fused n=%ld: %ld", n, i);

      mirrored (yd, xd, n);
      for (long i = 1; i < n; i++)
        rd[i] = (1.0 + xd[i] * 1e-6) * rd[i-1];
      for (long i = 0; i < n; i++)
        if (fabs (yd[i] - rd[i]) > 1e-9 * fabs (rd[i]))
          FAIL ("mirrored n=%ld: %ld", n, i);

      in_place (yl, (int) n);
      for (long i = 1; i < n; i++)
        rl[i] += rl[i-1];
      for (long i = 0; i < n; i++)
        if (yl[i] != rl[i])
          FAIL ("in place n=%ld: %ld", n, i);
      if (n > 0)
        {
          unequal (yl, n);
          for (long i = 1; i < n; i++)
            rl[i] += rl[i-1];
          for (long i = 0; i < n; i++)
            if (yl[i] != rl[i])
              FAIL ("!= n=%ld: %ld", n, i);
        }

      descending (yu, xu, (int) n);
      for (long i = n - 2; i >= 0; i--)
        ru[i] = ru[i+1] ^ xu[i];
      for (long i = 0; i < n; i++)
        if (yu[i] != ru[i])
          FAIL ("descending n=%ld: %ld", n, i);

      masked (ym, xm, n);
      for (long i = 1; i < n; i++)
        rm[i] = xm[i-1] & rm[i-1];
      for (long i = 0; i < n; i++)
        if (ym[i] != rm[i])
          FAIL ("masked n=%ld: %ld", n, i);

      inclusive_bound (ys, ws, n);
      for (long i = 1; i <= n - 1; i++)
        {
          short t = ws[i-1] * 2;
          int u = t - 7;
          rs[i] = rs[i-1] > u ? rs[i-1] : u;
        }
      for (long i = 0; i < n; i++)
        if (ys[i] != rs[i])
          FAIL ("inclusive bound n=%ld: %ld", n, i);

      global ((int) n);
      for (long i = 1; i < n; i++)
        gr[i] |= gr[i-1];
      for (long i = 0; i < n; i++)
        if (ga[i] != gr[i])
          FAIL ("global n=%ld: %ld", n, i);

      builtin (yf, xf, n);
      double mag = 0;
      for (long i = 1; i < n; i++)
        {
          rf[i] = rf[i-1] + sqrtf (fabsf (xf[i]));
          mag += rf[i];
        }
      for (long i = 0; i < n; i++)
        if (fabs (yf[i] - rf[i]) > 1e-4 * (mag + 1))
          FAIL ("builtin n=%ld: %ld", n, i);

      free (yi); free (ri); free (xi); free (ws); free (ys); free (rs);
      free (yd); free (rd); free (xd); free (yl); free (rl);
      free (yu); free (ru); free (xu); free (yf); free (rf); free (xf);
      free (ym); free (rm); free (xm);
    }
  puts ("loop forms checked");
  return 0;
}
