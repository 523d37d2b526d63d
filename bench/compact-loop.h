/* SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception */
/* compact-loop.h: the loops bench-compact times, included by
   compact-gcc.c (compiled without the plugin) and compact-scanomp.c
   (with it) under different names: stream compaction in one inscan
   loop, the kept elements stored at their count (an exclusive scan); a
   filter's flags with their positions, the flags stored by the input
   phase; the maximum prefix sum, a reduction beside the inscan one that
   the scan phase sets from the scanned value; a sum of weights read
   through an index array (a gather); and, where COMPACT_CLAUSE_NAME
   names them (the plugin's build alone), the compaction, the maximum
   prefix sum and the gather as plain loops under the scan clause, whose
   counts and sums go to an array, and inside `target', where they run
   as kernels (with the data's transfers, on a device that does not
   share the host's memory).  */

long
COMPACT_INSCAN_NAME (int *restrict out, const int *restrict x, long n)
{
  long cnt = 0;
#pragma omp parallel for reduction (inscan, +: cnt)
  for (long i = 0; i < n; i++)
    {
      if (x[i] > 0)
        out[cnt] = x[i];
#pragma omp scan exclusive (cnt)
      cnt += x[i] > 0;
    }
  return cnt;
}

long
COMPACT_MPS_NAME (const int *restrict x, long n)
{
  long s = 0, best = 0;
#pragma omp parallel for reduction (inscan, +: s) reduction (max: best)
  for (long i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive (s)
      best = s > best ? s : best;
    }
  return best;
}

/* A filter's first step in one loop: each element's flag, stored by the
   input phase (which the host path runs in both its passes), and the
   kept elements' positions.  */
long
COMPACT_FLAGS_NAME (int *restrict flag, long *restrict pos,
                    const int *restrict x, long n)
{
  long cnt = 0;
#pragma omp parallel for reduction (inscan, +: cnt)
  for (long i = 0; i < n; i++)
    {
      flag[i] = x[i] > 0;
      cnt += flag[i];
#pragma omp scan inclusive (cnt)
      pos[i] = cnt;
    }
  return cnt;
}

/* Weights read through an index (a permutation, say), summed: each
   read's element is the index array's choice.  */
long
COMPACT_GATHER_NAME (long *restrict pos, const int *restrict w,
                     const int *restrict idx, long n)
{
  long s = 0;
#pragma omp parallel for reduction (inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += w[idx[i]];
#pragma omp scan inclusive (s)
      pos[i] = s;
    }
  return s;
}

#ifdef COMPACT_CLAUSE_NAME
long
COMPACT_CLAUSE_GATHER_NAME (long *restrict pos, const int *restrict w,
                            const int *restrict idx, long n)
{
  pos[0] = w[idx[0]];
#pragma omp parallel for scan (+: pos)
  for (long i = 1; i < n; i++)
    pos[i] = pos[i-1] + w[idx[i]];
  return pos[n - 1];
}

long
COMPACT_TARGET_GATHER_NAME (long *restrict pos, const int *restrict w,
                            const int *restrict idx, long n)
{
  long s = 0;
#pragma omp target map (to: w[0:n], idx[0:n]) map (from: pos[0:n]) \
    map (tofrom: s)
#pragma omp parallel for reduction (inscan, +: s)
  for (long i = 0; i < n; i++)
    {
      s += w[idx[i]];
#pragma omp scan inclusive (s)
      pos[i] = s;
    }
  return s;
}

long
COMPACT_CLAUSE_NAME (long *restrict pos, int *restrict out,
                     const int *restrict x, long n)
{
  pos[0] = x[0] > 0;
  if (x[0] > 0)
    out[0] = x[0];
#pragma omp parallel for scan (+: pos)
  for (long i = 1; i < n; i++)
    {
      pos[i] = pos[i-1] + (x[i] > 0);
      if (x[i] > 0)
        out[pos[i] - 1] = x[i];
    }
  return pos[n - 1];
}

long
COMPACT_TARGET_NAME (int *restrict out, const int *restrict x, long n)
{
  long cnt = 0;
#pragma omp target map (to: x[0:n]) map (tofrom: out[0:n], cnt)
#pragma omp parallel for reduction (inscan, +: cnt)
  for (long i = 0; i < n; i++)
    {
      if (x[i] > 0)
        out[cnt] = x[i];
#pragma omp scan exclusive (cnt)
      cnt += x[i] > 0;
    }
  return cnt;
}

long
COMPACT_TARGET_MPS_NAME (const int *restrict x, long n)
{
  long s = 0, best = 0;
#pragma omp target map (to: x[0:n]) map (tofrom: best)
#pragma omp parallel for reduction (inscan, +: s) reduction (max: best)
  for (long i = 0; i < n; i++)
    {
      s += x[i];
#pragma omp scan inclusive (s)
      best = s > best ? s : best;
    }
  return best;
}

long
COMPACT_CLAUSE_MPS_NAME (long *restrict s, const int *restrict x, long n)
{
  long best = x[0] > 0 ? x[0] : 0;
  s[0] = x[0];
#pragma omp parallel for scan (+: s) reduction (max: best)
  for (long i = 1; i < n; i++)
    {
      s[i] = s[i-1] + x[i];
      if (s[i] > best)
        best = s[i];
    }
  return best;
}
#endif
