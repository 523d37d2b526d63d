/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* tree-accumulate.c: thesis benchmark 6: upward and downward accumulation
   on a tree stored as an array (a complete binary tree in heap order).
   Its Euler tour lists each node when entered and when left; one scan of
   the tour gives both sums at once: `down' adds a node's value on entry
   and takes it off on exit, so at a node's entry it holds the sum along
   the path from the root; `up' adds it on entry only, so the difference
   across a node's visit is the sum of its subtree.  The values are first
   gathered into tour order by a parallel loop: the scan clause reads its
   arrays at affine indices only.  */

#include "thesis.h"

static long n;            /* nodes; the tour has 2n events */
static long *val, *tour, *enter, *leave, *down, *up, *in_down, *in_up;
static struct { long *path, *subtree; } res;
static long *result_buf;

static void
setup (long size)
{
  n = size;
  val = realloc (val, n * sizeof *val);
  tour = realloc (tour, 2 * n * sizeof *tour);
  enter = realloc (enter, n * sizeof *enter);
  leave = realloc (leave, n * sizeof *leave);
  down = realloc (down, (2 * n + 1) * sizeof *down);
  up = realloc (up, (2 * n + 1) * sizeof *up);
  in_down = realloc (in_down, 2 * n * sizeof *in_down);
  in_up = realloc (in_up, 2 * n * sizeof *in_up);
  result_buf = realloc (result_buf, 2 * n * sizeof *result_buf);
  res.path = result_buf;
  res.subtree = result_buf + n;
  unsigned long r = 3;
  for (long i = 0; i < n; i++)
    {
      r = r * 6364136223846793005ul + 1442695040888963407ul;
      val[i] = (long) ((r >> 33) % 100) - 20;
    }
  /* The tour, iteratively: event k is node v entered (v + 1) or left
     (-(v + 1)).  */
  long k = 0, v = 0;
  while (n > 0)
    {
      enter[v] = k;
      tour[k++] = v + 1;
      if (2 * v + 1 < n)
        {
          v = 2 * v + 1;
          continue;
        }
      for (;;)
        {
          leave[v] = k;
          tour[k++] = -(v + 1);
          if (v == 0)
            break;
          if (v % 2 == 1 && v + 1 < n)
            {
              v = v + 1;
              break;
            }
          v = (v - 1) / 2;
        }
      if (v == 0 && k == 2 * n)
        break;
    }
}

static struct bl_scan tour_scan = {
  "typedef struct { long down, up; } tour_sum;\n"
  "#define SCANOMP_T tour_sum\n"
  "#define SCANOMP_OP SCANOMP_OP_USER\n"
  "#define SCANOMP_COMBINE(a, b) ((tour_sum) { (a).down + (b).down, "
  "(a).up + (b).up })\n"
  "#define SCANOMP_IDENTITY ((tour_sum) { 0, 0 })\n"
  "#define SCANOMP_PARAMS __global const long *in_down, __global const long "
  "*in_up, __global long *down, __global long *up\n"
  "#define SCANOMP_ARGS in_down, in_up, down, up\n"
  "#define SCANOMP_LOAD(i) ((tour_sum) { in_down[i], in_up[i] })\n"
  "#define SCANOMP_STORE(i, v) (down[i] = (v).down, up[i] = (v).up)\n",
  2 * sizeof (long), 0, { 0 }
};

static int
run (int version)
{
  long m = 2 * n;
#pragma omp parallel for if (version != THESIS_SERIAL)
  for (long k = 0; k < m; k++)
    {
      long e = tour[k];
      in_down[k] = e > 0 ? val[e - 1] : -val[-e - 1];
      in_up[k] = e > 0 ? val[e - 1] : 0;
    }
  down[0] = up[0] = 0;
  if (version == THESIS_CLAUSE)
    {
#pragma omp parallel for scan(+: down, up)
      for (long k = 1; k <= m; k++)
        {
          down[k] = down[k-1] + in_down[k-1];
          up[k] = up[k-1] + in_up[k-1];
        }
    }
  else if (version == THESIS_OPENCL)
    {
      long zero[2] = { 0, 0 };
      struct bl_arg args[] = { { in_down, m * sizeof *in_down, BL_IN },
                               { in_up, m * sizeof *in_up, BL_IN },
                               { down + 1, m * sizeof *down, BL_OUT },
                               { up + 1, m * sizeof *up, BL_OUT } };
      if (bl_run (&tour_scan, m, 0, zero, 0, 4, args))
        return -1;
    }
  else
    for (long k = 1; k <= m; k++)
      {
        down[k] = down[k-1] + in_down[k-1];
        up[k] = up[k-1] + in_up[k-1];
      }

#pragma omp parallel for if (version != THESIS_SERIAL)
  for (long v = 0; v < n; v++)
    {
      res.path[v] = down[enter[v] + 1];
      res.subtree[v] = up[leave[v] + 1] - up[enter[v]];
    }
  return 0;
}

static void *
result (size_t *bytes)
{
  *bytes = 2 * n * sizeof *result_buf;
  return result_buf;
}

struct thesis_bench thesis = { "tree-accumulate", setup, run, result };
