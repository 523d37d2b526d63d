/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* thesis.h: what the programs of the thesis' evaluation (its Table 6.1)
   share.  Each program computes one thing three ways:

     THESIS_CLAUSE  (a) the scan clause, as a user writes it;
     THESIS_OPENCL  (b) a hand-written OpenCL scan with the thesis'
                    algorithm (blelloch.h), the rest as in (a);
     THESIS_SERIAL  (c) sequential C.

   A program includes this file, which gives it main, and defines
   `struct thesis_bench thesis':

     PROG [N]                      run each version once at N elements
                                   (default 2^20), check (a) and (b)
                                   against (c), print PASS;
     PROG --bench TSV REPS N...    time the three versions round-robin,
                                   REPS rounds at each N, after a checked
                                   warm-up, and append a line per version
                                   (benchmark version n reps median_s) to
                                   TSV;
     PROG --profile REPS N         run (a) alone REPS times, for
                                   SCANOMP_PROFILE=1's breakdown.  */

#ifndef THESIS_H
#define THESIS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../bench/measure.h"
#include "blelloch.h"

enum { THESIS_CLAUSE, THESIS_OPENCL, THESIS_SERIAL };

struct thesis_bench
{
  const char *name;
  /* Make the inputs for N elements (not timed).  */
  void (*setup) (long n);
  /* Compute with VERSION; 0, or -1 when the OpenCL version failed.  */
  int (*run) (int version);
  /* The last run's result, *BYTES long: what the versions must agree on
     byte for byte.  */
  void *(*result) (size_t *bytes);
};

extern struct thesis_bench thesis;

static const char *const thesis_versions[] = { "clause", "opencl", "serial" };

/* Run every version once at N; report and count those that disagree with
   the serial one.  */
static int
thesis_check (long n)
{
  size_t bytes;
  thesis.setup (n);
  if (thesis.run (THESIS_SERIAL))
    return 1;
  void *r = thesis.result (&bytes);
  void *want = malloc (bytes ? bytes : 1);
  memcpy (want, r, bytes);
  int bad = 0;
  for (int v = THESIS_CLAUSE; v < THESIS_SERIAL; v++)
    {
      memset (r, 0x5a, bytes);
      if (thesis.run (v) || memcmp (r, want, bytes))
        {
          printf ("%s: version %s at n = %ld: FAIL\n", thesis.name,
                  thesis_versions[v], n);
          bad++;
        }
    }
  free (want);
  return bad;
}

/* bench_medians's run: version V (the context is unused).  */
static void
thesis_run (int v, void *ctx)
{
  (void) ctx;
  thesis.run (v);
}

/* Time the versions at N over REPS rounds; append to OUT.  */
static int
thesis_bench_size (FILE *out, int reps, long n)
{
  double median[3];
  if (thesis_check (n) || bench_medians (3, reps, thesis_run, NULL, median,
                                         NULL))
    return 1;
  for (int v = 0; v < 3; v++)
    fprintf (out, "%s\t%s\t%ld\t%d\t%.9f\n", thesis.name,
             thesis_versions[v], n, reps, median[v]);
  return 0;
}

int
main (int argc, char **argv)
{
  if (argc >= 5 && !strcmp (argv[1], "--bench"))
    {
      FILE *out = fopen (argv[2], "a");
      if (!out)
        {
          perror (argv[2]);
          return 2;
        }
      int bad = 0;
      for (int k = 4; k < argc; k++)
        bad |= thesis_bench_size (out, atoi (argv[3]), atol (argv[k]));
      fclose (out);
      return bad;
    }
  if (argc == 4 && !strcmp (argv[1], "--profile"))
    {
      thesis.setup (atol (argv[3]));
      for (int r = 0; r < atoi (argv[2]); r++)
        thesis.run (THESIS_CLAUSE);
      return 0;
    }
  long n = argc > 1 ? atol (argv[1]) : 1L << 20;
  if (thesis_check (n))
    return 1;
  printf ("%s: the three versions agree at n = %ld\nPASS\n", thesis.name, n);
  return 0;
}

#endif /* THESIS_H */
