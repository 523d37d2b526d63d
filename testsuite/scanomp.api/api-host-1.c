/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* The host path of SCANRT_scan (libscanrt/run/host.c), with host functions
   written by hand as the plugin compiles them from a loop: the thesis' loop
     for (i = 1; i < n; i++) y[i] = y[i-1] + 2 * x[i-1] + c;
   over ints, and a non-commutative one, the composition of affine maps
   m[i] = m[i-1] then (a[i] * v + b[i]), over unsigned pairs, in place
   (SCANRT_READS_STORED), once more with SCANRT_SERIAL_REDUCE, which makes
   thread 0's head a whole block; and the thesis' loop again with the
   functions that keep each position's contribution (reduce_keep,
   scan_kept), also as an orphaned loop's team (SCANRT_THREADS_TEAM),
   whose tasks run them; and the thesis' loop with two late items
   (scanrt-abi.h), the least prefix and the last odd one, which the scan
   function finds and the runtime joins (join_late).  Each runs on
   2, 3 and 7 threads (num_threads and omp_set_num_threads), inside a
   parallel region, at sizes around the blocks' edges, checked against
   sequential loops; on one thread, and below the cutoff, the scan function
   runs on the calling thread, with no region of its own.  A float scan
   gives the same bits from run to run.
   OCL_ICD_VENDORS names an empty directory, and nothing may be printed:
   the host path never starts OpenCL.  */
/* { dg-do run } */
/* { dg-options "-fopenmp" } */
/* { dg-set-target-env-var SCANOMP_HOST_CUTOFF 0 } */
/* { dg-set-target-env-var OCL_ICD_VENDORS /nonexistent } */

#include <omp.h>
#include <scanrt-abi.h>

#include "api-check.h"

/* The nesting level of the last call of a scan function.  */
static int scan_level;

/* The thesis' loop: args are x and its start, y and its start, the first
   index, c.  */
struct view
{
  const int *x;
  int *y;
  int c;
};

static struct view
view_of (const struct SCANRT_arg *args)
{
  struct view v;
  v.x = (const int *) ((const char *) args[0].ptr - *(long *) args[1].ptr);
  v.y = (int *) ((char *) args[2].ptr - *(long *) args[3].ptr);
  v.c = *(int *) args[5].ptr;
  return v;
}

static void
int_reduce (const struct SCANRT_arg *args, long first, unsigned long lo,
            unsigned long hi, void *out)
{
  struct view v = view_of (args);
  unsigned acc = 0;
  for (unsigned long p = lo; p < hi; p++)
    acc += 2u * v.x[first + (long) p - 1] + v.c;
  *(int *) out = (int) acc;
}

static void
int_scan (const struct SCANRT_arg *args, long first, unsigned long lo,
          unsigned long hi, void *carry)
{
  struct view v = view_of (args);
  unsigned c = *(int *) carry;
  __atomic_store_n (&scan_level, omp_get_level (), __ATOMIC_RELAXED);
  for (unsigned long p = lo; p < hi; p++)
    {
      long i = first + (long) p;
      c += 2u * v.x[i - 1] + v.c;
      v.y[i] = (int) c;
    }
  *(int *) carry = (int) c;
}

/* The same, keeping each position's contribution in VALS.  */
static void
int_reduce_keep (const struct SCANRT_arg *args, long first, unsigned long lo,
                 unsigned long hi, void *out, void *vals)
{
  struct view v = view_of (args);
  unsigned acc = 0;
  for (unsigned long p = lo; p < hi; p++)
    {
      unsigned e = 2u * v.x[first + (long) p - 1] + v.c;
      ((int *) vals)[p] = (int) e;
      acc += e;
    }
  *(int *) out = (int) acc;
}

static void
int_scan_kept (const struct SCANRT_arg *args, long first, unsigned long lo,
               unsigned long hi, void *carry, const void *vals)
{
  struct view v = view_of (args);
  unsigned c = *(int *) carry;
  __atomic_store_n (&scan_level, omp_get_level (), __ATOMIC_RELAXED);
  for (unsigned long p = lo; p < hi; p++)
    {
      c += (unsigned) ((const int *) vals)[p];
      v.y[first + (long) p] = (int) c;
    }
  *(int *) carry = (int) c;
}

static void
int_combine (void *a, const void *b)
{
  *(int *) a = (int) ((unsigned) *(int *) a + (unsigned) *(const int *) b);
}

/* Affine maps v -> a v + b, composed in order: the element is the map so
   far.  args: the maps' array and its start, the first index.  */
struct affine
{
  unsigned a, b;
};

static struct affine
then (struct affine f, struct affine g)
{
  return (struct affine) { g.a * f.a, g.a * f.b + g.b };
}

static void
affine_reduce (const struct SCANRT_arg *args, long first, unsigned long lo,
               unsigned long hi, void *out)
{
  const struct affine *m = (const struct affine *)
    ((const char *) args[0].ptr - *(long *) args[1].ptr);
  struct affine acc = { 1, 0 };
  for (unsigned long p = lo; p < hi; p++)
    acc = then (acc, m[first + (long) p]);
  *(struct affine *) out = acc;
}

static void
affine_scan (const struct SCANRT_arg *args, long first, unsigned long lo,
             unsigned long hi, void *carry)
{
  struct affine *m = (struct affine *) ((char *) args[0].ptr
                                        - *(long *) args[1].ptr);
  struct affine c = *(struct affine *) carry;
  __atomic_store_n (&scan_level, omp_get_level (), __ATOMIC_RELAXED);
  for (unsigned long p = lo; p < hi; p++)
    {
      long i = first + (long) p;
      c = then (c, m[i]);
      m[i] = c;
    }
  *(struct affine *) carry = c;
}

static void
affine_combine (void *a, const void *b)
{
  *(struct affine *) a = then (*(struct affine *) a,
                               *(const struct affine *) b);
}

/* A float sum, for the bits from run to run.  */
static void
float_reduce (const struct SCANRT_arg *args, long first, unsigned long lo,
              unsigned long hi, void *out)
{
  const float *x = args[0].ptr;
  float acc = 0;
  for (unsigned long p = lo; p < hi; p++)
    acc += x[p];
  *(float *) out = acc;
}

static void
float_scan (const struct SCANRT_arg *args, long first, unsigned long lo,
            unsigned long hi, void *carry)
{
  const float *x = args[0].ptr;
  float *y = args[1].ptr;
  float c = *(float *) carry;
  for (unsigned long p = lo; p < hi; p++)
    y[p] = c += x[p];
  *(float *) carry = c;
}

static void
float_combine (void *a, const void *b)
{
  *(float *) a += *(const float *) b;
}

/* The thesis' loop with two late items: the least of the prefixes, and
   the last odd one (a lastprivate variable, set in the iterations whose
   prefix is odd).  */
struct late
{
  int y, low, set, last;
};

static void
late_reduce (const struct SCANRT_arg *args, long first, unsigned long lo,
             unsigned long hi, void *out)
{
  int y;
  int_reduce (args, first, lo, hi, &y);
  *(struct late *) out = (struct late) { y, INT_MAX, 0, 0 };
}

static void
late_scan (const struct SCANRT_arg *args, long first, unsigned long lo,
           unsigned long hi, void *carry)
{
  struct view v = view_of (args);
  struct late *k = carry;
  unsigned c = k->y;
  int low = INT_MAX, set = 0, last = 0;
  __atomic_store_n (&scan_level, omp_get_level (), __ATOMIC_RELAXED);
  for (unsigned long p = lo; p < hi; p++)
    {
      long i = first + (long) p;
      c += 2u * v.x[i - 1] + v.c;
      v.y[i] = (int) c;
      if ((int) c < low)
        low = (int) c;
      if (c & 1)
        {
          set = 1;
          last = (int) c;
        }
    }
  *k = (struct late) { (int) c, low, set, last };
}

static void
late_combine (void *a, const void *b)
{
  struct late *x = a;
  const struct late *y = b;
  x->y = (int) ((unsigned) x->y + (unsigned) y->y);
  x->low = y->low < x->low ? y->low : x->low;
  if (y->set)
    {
      x->set = 1;
      x->last = y->last;
    }
}

static void
late_join (void *a, const void *b)
{
  struct late *later = a;
  const struct late *earlier = b;
  later->low = earlier->low < later->low ? earlier->low : later->low;
  if (!later->set)
    {
      later->set = earlier->set;
      later->last = earlier->last;
    }
}

static const struct SCANRT_arg_desc int_kinds[] = {
  { SCANRT_ARG_IN, 0, sizeof (int) },
  { SCANRT_ARG_START, sizeof (long), 0 },
  { SCANRT_ARG_INOUT, 0, sizeof (int) },
  { SCANRT_ARG_START, sizeof (long), 0 },
  { SCANRT_ARG_SCALAR, sizeof (long), 0 },
  { SCANRT_ARG_SCALAR, sizeof (int), 0 },
};
static const struct SCANRT_arg_desc affine_kinds[] = {
  { SCANRT_ARG_INOUT, 0, sizeof (struct affine) },
  { SCANRT_ARG_START, sizeof (long), 0 },
  { SCANRT_ARG_SCALAR, sizeof (long), 0 },
};
static const struct SCANRT_arg_desc float_kinds[] = {
  { SCANRT_ARG_IN, 0, sizeof (float) },
  { SCANRT_ARG_OUT, 0, sizeof (float) },
};

static const struct SCANRT_desc int_desc = {
  SCANRT_ABI_VERSION, "api-host-1.c:int", "", SCANRT_INT, SCANRT_ADD,
  sizeof (int), 0, 6, int_kinds, int_reduce, int_scan, int_combine
};
static const struct SCANRT_desc int_kept_desc = {
  SCANRT_ABI_VERSION, "api-host-1.c:int-kept", "", SCANRT_INT, SCANRT_ADD,
  sizeof (int), 0, 6, int_kinds, int_reduce, int_scan, int_combine,
  int_reduce_keep, int_scan_kept
};
static const struct SCANRT_desc late_desc = {
  SCANRT_ABI_VERSION, "api-host-1.c:late", "", SCANRT_TYPE_USER,
  SCANRT_OP_USER, sizeof (struct late), 0, 6, int_kinds, late_reduce,
  late_scan, late_combine, NULL, NULL, late_join
};
static const struct SCANRT_desc affine_desc = {
  SCANRT_ABI_VERSION, "api-host-1.c:affine", "", SCANRT_TYPE_USER,
  SCANRT_OP_USER, sizeof (struct affine), SCANRT_READS_STORED, 3,
  affine_kinds, affine_reduce,
  affine_scan, affine_combine
};
static const struct SCANRT_desc affine_serial_desc = {
  SCANRT_ABI_VERSION, "api-host-1.c:affine-serial", "", SCANRT_TYPE_USER,
  SCANRT_OP_USER, sizeof (struct affine),
  SCANRT_READS_STORED | SCANRT_SERIAL_REDUCE, 3, affine_kinds, affine_reduce,
  affine_scan, affine_combine
};
static const struct SCANRT_desc float_desc = {
  SCANRT_ABI_VERSION, "api-host-1.c:float", "", SCANRT_FLOAT, SCANRT_ADD,
  sizeof (float), 0, 2, float_kinds, float_reduce, float_scan, float_combine
};

/* The thesis' loop over N elements with THREADS (as SCANRT_scan's); ONE
   when the team is one thread, and the scan runs on the calling thread.  */
static void
check_int (const struct SCANRT_desc *desc, size_t n, int threads, int one,
           const char *how)
{
  int *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  int *ref = malloc (n * sizeof *ref);
  int c = 3;
  for (size_t i = 0; i < n; i++)
    {
      x[i] = (int) (rnd () % 2001) - 1000;
      y[i] = -1;
    }
  y[0] = ref[0] = 17;
  for (size_t i = 1; i < n; i++)
    ref[i] = ref[i - 1] + 2 * x[i - 1] + c;
  long start = 0, first = 1;
  struct SCANRT_arg args[] = {
    { x, (n - 1) * sizeof *x }, { &start, sizeof start },
    { y, n * sizeof *y }, { &start, sizeof start },
    { &first, sizeof first }, { &c, sizeof c },
  };
  int total = 0;
  unsigned long done;
  scan_level = -1;
  int status = SCANRT_scan (desc, SCANRT_DEVICE_HOST_CPU, threads, 1,
                            n - 1, &y[0], &total, args, &done);
  CHECK (status == SCANRT_OK, "%s, %s, n %zu: status %s", desc->site, how, n,
         scanrt_status_name (status));
  for (size_t i = 0; i < n; i++)
    CHECK (y[i] == ref[i], "%s, %s, n %zu: element %zu: %d, expected %d",
           desc->site, how, n, i, y[i], ref[i]);
  CHECK (total == ref[n - 1], "%s, %s, n %zu: total", desc->site, how, n);
  CHECK (done == n - 1, "%s, %s, n %zu: done %lu", desc->site, how, n, done);
  CHECK (!one || scan_level == omp_get_level (), "%s, %s, n %zu: the scan "
         "ran at level %d, in a region of its own", desc->site, how, n,
         scan_level);
  free (x);
  free (y);
  free (ref);
}

/* The thesis' loop with its late items, as check_int.  */
static void
check_late (size_t n, int threads, int one, const char *how)
{
  int *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  int *ref = malloc (n * sizeof *ref);
  int c = 3;
  for (size_t i = 0; i < n; i++)
    {
      x[i] = (int) (rnd () % 2001) - 1000;
      y[i] = -1;
    }
  /* The seed's late items: a least prefix, and an odd one, which the
     loop's own odd prefixes replace.  */
  struct late seed = { 17, (int) (rnd () % 4001) - 2000, 1, -9 }, total;
  struct late want = seed;
  ref[0] = 17;
  for (size_t i = 1; i < n; i++)
    {
      ref[i] = (int) ((unsigned) ref[i - 1] + 2u * x[i - 1] + c);
      if (ref[i] < want.low)
        want.low = ref[i];
      if (ref[i] & 1)
        want.last = ref[i];
    }
  long start = 0, first = 1;
  struct SCANRT_arg args[] = {
    { x, (n - 1) * sizeof *x }, { &start, sizeof start },
    { y, n * sizeof *y }, { &start, sizeof start },
    { &first, sizeof first }, { &c, sizeof c },
  };
  scan_level = -1;
  int status = SCANRT_scan (&late_desc, SCANRT_DEVICE_HOST_CPU, threads, 1,
                            n - 1, &seed, &total, args, NULL);
  CHECK (status == SCANRT_OK, "late, %s, n %zu: status %s", how, n,
         scanrt_status_name (status));
  for (size_t i = 1; i < n; i++)
    CHECK (y[i] == ref[i], "late, %s, n %zu: element %zu: %d, expected %d",
           how, n, i, y[i], ref[i]);
  CHECK (total.y == ref[n - 1], "late, %s, n %zu: total", how, n);
  CHECK (total.low == want.low, "late, %s, n %zu: least prefix %d, expected "
         "%d", how, n, total.low, want.low);
  CHECK (total.set && total.last == want.last, "late, %s, n %zu: last odd "
         "prefix %d, expected %d", how, n, total.last, want.last);
  CHECK (!one || scan_level == omp_get_level (), "late, %s, n %zu: the scan "
         "ran at level %d, in a region of its own", how, n, scan_level);
  free (x);
  free (y);
  free (ref);
}

static void
check_affine (const struct SCANRT_desc *desc, size_t n, int threads, int one,
              const char *how)
{
  struct affine *m = malloc (n * sizeof *m), *ref = malloc (n * sizeof *ref);
  struct affine seed = { 3, 5 }, acc = seed, total;
  for (size_t i = 0; i < n; i++)
    {
      m[i].a = (unsigned) rnd () | 1;
      m[i].b = (unsigned) rnd ();
      ref[i] = acc = then (acc, m[i]);
    }
  long start = 0, first = 0;
  struct SCANRT_arg args[] = {
    { m, n * sizeof *m }, { &start, sizeof start }, { &first, sizeof first },
  };
  scan_level = -1;
  int status = SCANRT_scan (desc, SCANRT_DEVICE_HOST_CPU, threads, 0, n,
                            &seed, &total, args, NULL);
  CHECK (status == SCANRT_OK, "%s, %s, n %zu: status %s", desc->site, how, n,
         scanrt_status_name (status));
  for (size_t i = 0; i < n; i++)
    CHECK (m[i].a == ref[i].a && m[i].b == ref[i].b,
           "%s, %s, n %zu: element %zu", desc->site, how, n, i);
  CHECK (total.a == acc.a && total.b == acc.b, "%s, %s, n %zu: total",
         desc->site, how, n);
  CHECK (!one || scan_level == omp_get_level (), "%s, %s, n %zu: the scan "
         "ran at level %d, in a region of its own", desc->site, how, n,
         scan_level);
  free (m);
  free (ref);
}

/* The bits of a float scan of N elements on THREADS threads, run twice.  */
static void
check_float (size_t n, int threads)
{
  float *x = malloc (n * sizeof *x), *y[2];
  for (size_t i = 0; i < n; i++)
    x[i] = (float) rnd_real (-1, 1);
  for (int run = 0; run < 2; run++)
    {
      y[run] = malloc (n * sizeof *y[run]);
      struct SCANRT_arg args[] = { { x, n * sizeof *x },
                                   { y[run], n * sizeof *y[run] } };
      float seed = 0.5f;
      int status = SCANRT_scan (&float_desc, SCANRT_DEVICE_HOST_CPU, threads,
                                0, n, &seed, NULL, args, NULL);
      CHECK (status == SCANRT_OK, "float: status %s",
             scanrt_status_name (status));
    }
  CHECK (!memcmp (y[0], y[1], n * sizeof *x), "float, %d threads: two runs "
         "differ", threads);
  free (x);
  free (y[0]);
  free (y[1]);
}

int
main (void)
{
  /* Fewer positions than threads (the last blocks empty), a few more,
     and lengths that leave the last block short or one position long.  */
  static const size_t sizes[] = { 2, 3, 8, 9, 100, 65537, 131072, 131073,
                                  305835, 1000003 };
  static const int teams[] = { 1, 2, 3, 7 };
  char how[64];
  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    for (size_t t = 0; t < sizeof teams / sizeof teams[0]; t++)
      {
        snprintf (how, sizeof how, "num_threads(%d)", teams[t]);
        check_int (&int_desc, sizes[s], teams[t], teams[t] == 1, how);
        check_int (&int_kept_desc, sizes[s], teams[t], teams[t] == 1, how);
        check_late (sizes[s], teams[t], teams[t] == 1, how);
        check_affine (&affine_desc, sizes[s], teams[t], teams[t] == 1, how);
        check_affine (&affine_serial_desc, sizes[s], teams[t], teams[t] == 1,
                      how);
        omp_set_num_threads (teams[t]);
        snprintf (how, sizeof how, "omp_set_num_threads(%d)", teams[t]);
        check_int (&int_desc, sizes[s], 0, teams[t] == 1, how);
        check_int (&int_kept_desc, sizes[s], 0, teams[t] == 1, how);
        check_late (sizes[s], 0, teams[t] == 1, how);
        /* An orphaned loop's: one thread of a team calls, the others
           take its tasks at the barrier.  */
        snprintf (how, sizeof how, "a team of %d", teams[t]);
#pragma omp parallel num_threads (teams[t])
#pragma omp single
        {
          check_int (&int_desc, sizes[s], SCANRT_THREADS_TEAM, 0, how);
          check_int (&int_kept_desc, sizes[s], SCANRT_THREADS_TEAM, 0, how);
          check_late (sizes[s], SCANRT_THREADS_TEAM, 0, how);
        }
        check_affine (&affine_desc, sizes[s], 0, teams[t] == 1, how);
        check_affine (&affine_serial_desc, sizes[s], 0, teams[t] == 1, how);
      }
  omp_set_num_threads (2);
  /* Inside a parallel region: each thread's own scan, on that thread, as
     libgomp runs a nested region by default (max-active-levels 1).  */
#pragma omp parallel num_threads (2)
  {
    check_int (&int_desc, 300001, 0, 1, "nested");
    check_int (&int_kept_desc, 300001, 0, 1, "nested");
  }
  for (size_t t = 1; t < sizeof teams / sizeof teams[0]; t++)
    check_float (1000003, teams[t]);
  /* Below the cutoff, the calling thread scans alone.  */
  setenv ("SCANOMP_HOST_CUTOFF", "1000", 1);
  check_int (&int_desc, 999, 0, 1, "below the cutoff");
  check_int (&int_kept_desc, 999, 0, 1, "below the cutoff");
  check_late (999, 0, 1, "below the cutoff");
  check_affine (&affine_desc, 999, 0, 1, "below the cutoff");
  puts ("host path checked");
  return 0;
}
/* { dg-output "^host path checked\r?\n$" } */
