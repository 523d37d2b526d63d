/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* bench-recurrence.c: a linear recurrence and a segmented sum written as
   plain loops under the scan clause, which the plugin scans as pairs of
   its own, side by side in one process with the same scans written by
   hand with a declared operator over structs (as examples/ did before
   the plugin derived it) and with the sequential loop (methods
   round-robin, medians), at the default OpenMP settings:

     plain      y[i] = a[i] * y[i-1] + b[i]            scan(+: y)
                s[i] = h[i] ? x[i] : s[i-1] + x[i]     scan(+: s)
                z[i] = b0 * b[i] + b1 * b[i-1]         scan(+: z)
                       + a1 * z[i-1] + a2 * z[i-2]
                (an IIR biquad, a recurrence of order 2: its maps are
                2 x 2 matrices and vectors)
     declared   t[i] = then (t[i-1], f[i])             scan(then: t),
                over pairs built beforehand, as a user of a scan library
                would (the building not timed)
     serial     the plain loop, sequential

   on the host path, then through pocl (SCANOMP_HOST=opencl) in a table
   of its own beside the serial loop again, at 2^16, 2^20 and 2^24
   elements.

     bench-recurrence [RESULTS.TSV]          all of the above
     bench-recurrence --first METHOD LOG2N   the affine scan by METHOD in
                                             this process, the first, and
                                             the median of 11 after it:
                                             "first S steady S"

   writes bench/recurrence.tsv by default.  */

#include <math.h>
#include <string.h>

#include "measure.h"

enum { M_PLAIN, M_DECLARED, M_SERIAL, NMETHODS };
static const char *const names[NMETHODS] = { "plain", "declared",
                                             "serial" };

typedef struct
{
  double m, c;
} affine;

static affine
then (affine f, affine g)
{
  affine r = { g.m * f.m, g.m * f.c + g.c };
  return r;
}

#pragma omp declare scan(then : affine : omp_out = then (omp_out, omp_in)) \
  initializer(omp_priv = (affine) { 1.0, 0.0 })

/* The biquad's state-space map v -> M v + c of v = (z[i-1], z[i-2]).  */
typedef struct
{
  double m00, m01, m10, m11, c0, c1;
} map2;

static map2
then2 (map2 f, map2 g)
{
  map2 r = { g.m00 * f.m00 + g.m01 * f.m10, g.m00 * f.m01 + g.m01 * f.m11,
             g.m10 * f.m00 + g.m11 * f.m10, g.m10 * f.m01 + g.m11 * f.m11,
             g.m00 * f.c0 + g.m01 * f.c1 + g.c0,
             g.m10 * f.c0 + g.m11 * f.c1 + g.c1 };
  return r;
}

#pragma omp declare scan(then2 : map2 : omp_out = then2 (omp_out, omp_in)) \
  initializer(omp_priv = (map2) { 1.0, 0.0, 0.0, 1.0, 0.0, 0.0 })

/* The biquad's coefficients: poles of modulus 0.95, a low-pass.  */
static const double bq_b0 = 0.0675, bq_b1 = 0.135, bq_a1 = 1.71,
                    bq_a2 = -0.9025;

typedef struct
{
  int head;
  long sum;
} segment;

static segment
seg (segment p, segment q)
{
  segment r = { p.head | q.head, q.head ? q.sum : p.sum + q.sum };
  return r;
}

#pragma omp declare scan(seg : segment : omp_out = seg (omp_out, omp_in)) \
  initializer(omp_priv = (segment) { 0, 0 })

struct data
{
  long n;
  double *a, *b, *y;       /* the recurrence */
  affine *f, *t;
  long *x, *s;             /* the segmented sum */
  int *h;
  segment *g, *u;
  double *z;               /* the biquad */
  map2 *e, *v;
};

static void
affine_plain (struct data *d)
{
  double *y = d->y, *a = d->a, *b = d->b;
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < d->n; i++)
    y[i] = a[i] * y[i-1] + b[i];
}

static void
affine_declared (struct data *d)
{
  affine *t = d->t, *f = d->f;
#pragma omp parallel for scan(then : t)
  for (long i = 1; i < d->n; i++)
    t[i] = then (t[i-1], f[i]);
}

static void
affine_serial (struct data *d)
{
  double *y = d->y, *a = d->a, *b = d->b;
  for (long i = 1; i < d->n; i++)
    y[i] = a[i] * y[i-1] + b[i];
}

static void
segment_plain (struct data *d)
{
  long *s = d->s, *x = d->x;
  int *h = d->h;
#pragma omp parallel for scan(+: s)
  for (long i = 1; i < d->n; i++)
    s[i] = h[i] ? x[i] : s[i-1] + x[i];
}

static void
segment_declared (struct data *d)
{
  segment *u = d->u, *g = d->g;
#pragma omp parallel for scan(seg : u)
  for (long i = 1; i < d->n; i++)
    u[i] = seg (u[i-1], g[i]);
}

static void
segment_serial (struct data *d)
{
  long *s = d->s, *x = d->x;
  int *h = d->h;
  for (long i = 1; i < d->n; i++)
    s[i] = h[i] ? x[i] : s[i-1] + x[i];
}

static void
biquad_plain (struct data *d)
{
  double *z = d->z, *b = d->b;
  double b0 = bq_b0, b1 = bq_b1, a1 = bq_a1, a2 = bq_a2;
#pragma omp parallel for scan(+: z)
  for (long i = 2; i < d->n; i++)
    z[i] = b0 * b[i] + b1 * b[i - 1] + a1 * z[i-1] + a2 * z[i-2];
}

static void
biquad_declared (struct data *d)
{
  map2 *v = d->v, *e = d->e;
#pragma omp parallel for scan(then2 : v)
  for (long i = 2; i < d->n; i++)
    v[i] = then2 (v[i-1], e[i]);
}

static void
biquad_serial (struct data *d)
{
  double *z = d->z, *b = d->b;
  double b0 = bq_b0, b1 = bq_b1, a1 = bq_a1, a2 = bq_a2;
  for (long i = 2; i < d->n; i++)
    z[i] = b0 * b[i] + b1 * b[i - 1] + a1 * z[i-1] + a2 * z[i-2];
}

static void (*const affine_runs[NMETHODS]) (struct data *)
  = { affine_plain, affine_declared, affine_serial };
static void (*const segment_runs[NMETHODS]) (struct data *)
  = { segment_plain, segment_declared, segment_serial };
static void (*const biquad_runs[NMETHODS]) (struct data *)
  = { biquad_plain, biquad_declared, biquad_serial };

static struct data *
make_data (long n)
{
  struct data *d = calloc (1, sizeof *d);
  d->n = n;
  d->a = malloc (n * sizeof *d->a);
  d->b = malloc (n * sizeof *d->b);
  d->y = malloc (n * sizeof *d->y);
  d->f = malloc (n * sizeof *d->f);
  d->t = malloc (n * sizeof *d->t);
  d->x = malloc (n * sizeof *d->x);
  d->s = malloc (n * sizeof *d->s);
  d->h = malloc (n * sizeof *d->h);
  d->g = malloc (n * sizeof *d->g);
  d->u = malloc (n * sizeof *d->u);
  d->z = malloc (n * sizeof *d->z);
  d->e = malloc (n * sizeof *d->e);
  d->v = malloc (n * sizeof *d->v);
  if (!d->a || !d->b || !d->y || !d->f || !d->t || !d->x || !d->s || !d->h
      || !d->g || !d->u || !d->z || !d->e || !d->v)
    {
      fprintf (stderr, "bench-recurrence: out of memory at n=%ld\n", n);
      exit (1);
    }
  unsigned long r = 1;
  for (long i = 0; i < n; i++)
    {
      r = r * 6364136223846793005ul + 1442695040888963407ul;
      d->a[i] = 0.5 + (double) (r >> 40) / (double) (1ul << 25);
      d->b[i] = (double) ((r >> 8) & 0xffff) / 65536.0 - 0.5;
      d->f[i] = (affine) { d->a[i], d->b[i] };
      d->x[i] = (long) ((r >> 20) % 1000) - 500;
      d->h[i] = (r >> 60) == 0;
      d->g[i] = (segment) { d->h[i], d->x[i] };
      d->e[i] = (map2) { bq_a1, bq_a2, 1.0, 0.0,
                         bq_b0 * d->b[i] + bq_b1 * d->b[i ? i - 1 : 0],
                         0.0 };
      d->z[i] = 0.0;
    }
  d->v[0] = d->v[1] = (map2) { 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 };
  d->y[0] = 1.0;
  d->t[0] = (affine) { 0.0, 1.0 };
  d->s[0] = 0;
  d->u[0] = (segment) { 0, 0 };
  return d;
}

static void
free_data (struct data *d)
{
  free (d->a);
  free (d->b);
  free (d->y);
  free (d->f);
  free (d->t);
  free (d->x);
  free (d->s);
  free (d->h);
  free (d->g);
  free (d->u);
  free (d->z);
  free (d->e);
  free (d->v);
  free (d);
}

/* Whether the methods of scan KIND (0: the recurrence, 1: the
   segmented sum, 2: the biquad) agree with the sequential loop.  */
static int
agree (struct data *d, int kind)
{
  double y = 1.0, z1 = 0.0, z2 = 0.0;
  long s = 0;
  for (long i = 1; i < d->n; i++)
    {
      y = d->a[i] * y + d->b[i];
      s = d->h[i] ? d->x[i] : s + d->x[i];
      if (i >= 2)
        {
          double z = bq_b0 * d->b[i] + bq_b1 * d->b[i - 1] + bq_a1 * z1
                     + bq_a2 * z2;
          z2 = z1;
          z1 = z;
        }
      int ok = kind == 1 ? d->s[i] == s && d->u[i].sum == s
               : kind == 0 ? (fabs (d->y[i] - y) <= 1e-9 * (1 + fabs (y))
                              && fabs (d->t[i].c - y) <= 1e-9 * (1 + fabs (y)))
               : i < 2 || (fabs (d->z[i] - z1) <= 1e-9 * (1 + fabs (z1))
                           && fabs (d->v[i].c0 - z1) <= 1e-9 * (1 + fabs (z1)));
      if (!ok)
        {
          fprintf (stderr, "bench-recurrence: wrong result at %ld of %ld\n",
                   i, d->n);
          return 0;
        }
    }
  return 1;
}

struct round
{
  struct data *d;
  void (*const *runs) (struct data *);
};

static void
run (int m, void *ctx)
{
  struct round *r = ctx;
  r->runs[m] (r->d);
}

/* One table, on the host path or through pocl (OPENCL), to OUT and
   stdout.  */
static int
table (FILE *out, int opencl)
{
  static const int logs[] = { 16, 20, 24 };
  static const char *const kinds[3] = { "affine", "segment", "biquad" };
  void (*const *const runs[3]) (struct data *) = { affine_runs, segment_runs,
                                                    biquad_runs };
  const char *where = opencl ? "opencl" : "host";
  if (opencl)
    setenv ("SCANOMP_HOST", "opencl", 1);
  printf ("%-8s %-7s %9s %-8s %11s %9s %9s\n", "scan", "path", "n",
          "method", "median s", "Gelem/s", "vs serial");
  for (unsigned s = 0; s < sizeof logs / sizeof logs[0]; s++)
    {
      long n = 1L << logs[s];
      int reps = logs[s] <= 20 ? 21 : 7;
      struct data *d = make_data (n);
      for (int k = 0; k < 3; k++)
        {
          struct round r = { d, runs[k] };
          double med[NMETHODS], min[NMETHODS];
          if (bench_medians (NMETHODS, reps, run, &r, med, min) < 0)
            return 1;
          if (!agree (d, k))
            return 1;
          char kind[32];
          snprintf (kind, sizeof kind, "%s-%s", kinds[k], where);
          bench_write_tsv (out, kind, names, NMETHODS, n, reps, med, min);
          for (int m = 0; m < NMETHODS; m++)
            printf ("%-8s %-7s %9ld %-8s %11.7f %9.3f %9.2f\n", kinds[k],
                    where, n, names[m], med[m], n / med[m] * 1e-9,
                    med[M_SERIAL] / med[m]);
          putchar ('\n');
        }
      free_data (d);
    }
  if (opencl)
    unsetenv ("SCANOMP_HOST");
  return 0;
}

/* --first METHOD LOG2N.  */
static int
first_call (const char *method, int log2n)
{
  int m = 0;
  while (m < NMETHODS && strcmp (names[m], method))
    m++;
  if (m == NMETHODS)
    {
      fprintf (stderr, "bench-recurrence: no method %s\n", method);
      return 2;
    }
  struct data *d = make_data (1L << log2n);
  double t0 = bench_now ();
  affine_runs[m] (d);
  double first = bench_now () - t0, t[11];
  for (int r = 0; r < 11; r++)
    {
      t0 = bench_now ();
      affine_runs[m] (d);
      t[r] = bench_now () - t0;
    }
  qsort (t, 11, sizeof *t, bench_by_value);
  printf ("%s first %.6f steady %.6f\n", method, first, t[5]);
  free_data (d);
  return 0;
}

int
main (int argc, char **argv)
{
  if (argc == 4 && !strcmp (argv[1], "--first"))
    return first_call (argv[2], atoi (argv[3]));
  FILE *out = bench_open_tsv (argc > 1 ? argv[1] : "bench/recurrence.tsv");
  if (!out)
    return 1;
  int status = table (out, 0) || table (out, 1);
  fclose (out);
  return status;
}
