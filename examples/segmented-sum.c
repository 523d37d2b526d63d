/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* segmented-sum.c: prefix sums that restart at every segment head, the
   operation users of GPU scan libraries ask for most, two ways:

   - as the loop it is, under scan(+: y): the plugin scans it as pairs of
     (value, whether a segment starts) of its own (docs/clause.md,
     "Linear recurrences and segmented scans");
   - by hand, with a declared operator over such pairs, `seg', which adds
     the later value to the earlier sum unless the later one starts a
     segment, the flag of the result saying whether a segment starts
     anywhere in the pair's run: the way for an operation the plugin does
     not derive.

     segmented-sum [N]  */

#include <stdio.h>
#include <stdlib.h>

typedef struct
{
  int head;    /* a segment starts in this run */
  long sum;    /* the sum since the last head */
} Seg;

static Seg
seg (Seg a, Seg b)
{
  Seg r;
  r.head = a.head | b.head;
  r.sum = b.head ? b.sum : a.sum + b.sum;
  return r;
}

#pragma omp declare scan(seg : Seg : omp_out = seg (omp_out, omp_in)) \
  initializer(omp_priv = (Seg) { 0, 0 })

int
main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1L << 22;
  int *head = malloc (n * sizeof *head);
  long *x = malloc (n * sizeof *x), *y = malloc (n * sizeof *y);
  Seg *s = malloc ((n + 1) * sizeof *s), *in = malloc (n * sizeof *in);
  if (!head || !x || !y || !s || !in)
    return 2;
  int status = 0;
  unsigned long r = 5;
  for (long i = 0; i < n; i++)
    {
      r = r * 6364136223846793005ul + 1442695040888963407ul;
      head[i] = i == 0 || (r >> 60) == 0;   /* segments of 16 on average */
      x[i] = (long) ((r >> 20) % 1000) - 500;
      in[i] = (Seg) { head[i], x[i] };
    }

  /* y[i]: the segmented inclusive sum at element i.  */
  y[0] = x[0];
#pragma omp parallel for scan(+: y)
  for (long i = 1; i < n; i++)
    y[i] = head[i] ? x[i] : y[i-1] + x[i];

  /* s[i + 1].sum: the same, by the declared operator.  */
  s[0] = (Seg) { 0, 0 };
#pragma omp parallel for scan(seg : s)
  for (long i = 1; i <= n; i++)
    s[i] = seg (s[i-1], in[i-1]);

  long sum = 0, heads = 0;
  for (long i = 0; !status && i < n; i++)
    {
      sum = head[i] ? x[i] : sum + x[i];
      heads += head[i];
      if (y[i] != sum || s[i + 1].sum != sum)
        {
          printf ("FAIL: element %ld sums to %ld and %ld, expected %ld\n", i,
                  y[i], s[i + 1].sum, sum);
          status = 1;
        }
    }
  if (!status)
    printf ("%ld elements in %ld segments\nPASS\n", n, heads);
  free (head);
  free (x);
  free (y);
  free (s);
  free (in);
  return status;
}
