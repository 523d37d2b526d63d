# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# thesis-table.awk: the table of `make bench-thesis' (the thesis' Table
# 6.1), from bench/thesis.tsv (benchmark version n reps median_s), for
# each benchmark and size: the median seconds of (a) the scan clause,
# (b) the hand-written OpenCL and (c) the sequential loop; the difference
# of (a) from (b) as the thesis gives it, (a - b) / b in percent
# (negative: the clause is faster); and (c) / (a), the clause's speedup
# over the sequential loop.  A line per case, then the averages.
BEGIN { FS = "\t" }
NR == 1 { next }
{
  key = $1 "\t" $3
  if (!(key in seen)) { seen[key] = 1; order[++count] = key }
  t[key, $2] = $5
}
END {
  printf "%-18s %8s %11s %11s %11s %9s %9s\n", "benchmark", "n",
         "(a) clause", "(b) opencl", "(c) serial", "(a)-(b)", "(c)/(a)"
  for (k = 1; k <= count; k++) {
    key = order[k]
    split (key, part, "\t")
    a = t[key, "clause"]; b = t[key, "opencl"]; c = t[key, "serial"]
    diff = 100 * (a - b) / b
    speedup = c / a
    printf "%-18s %8d %11.6f %11.6f %11.6f %8.1f%% %8.2fx\n", part[1],
           part[2], a, b, c, diff, speedup
    sum_diff += diff; sum_speedup += speedup
    if (k == 1 || diff > worst) worst = diff
  }
  if (count)
    printf "average over %d cases: (a)-(b) %.1f%%, worst %.1f%%; (c)/(a) %.2fx\n",
           count, sum_diff / count, worst, sum_speedup / count
}
