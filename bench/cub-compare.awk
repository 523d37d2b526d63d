# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# cub-compare.awk: CUB against libscanrt from runs that alternated them
# (scripts/gpu-run compare): bench-cub's cub-R.tsv and bench-device's
# device-R.tsv for runs R = 1, 2, ..., each timed the same ways:
#
#   kernels  the device's own time for the kernels, no host time between
#            them (CUB: cub-kernels, its call queued behind a spinning
#            kernel; libscanrt: OpenCL profiling events, first start to
#            last end)
#   wall     one call and its wait, by the clock
#   burst    wall time per call of many calls back to back, one wait
#            (CUB queues them all; each of libscanrt's calls waits)
#
# and CUB's own events around its call (host time between its launches
# included), as the earlier tables gave it.  For each case and size it
# prints a Markdown table row: the median over runs of each time in
# microseconds with the runs' least and greatest, and the ratios CUB's
# time over libscanrt's (above 1: libscanrt is faster), each ratio taken
# within a run.  The pair is compared with CUB's struct and with CUB's
# 64-bit packing of it.
#
#   awk -f bench/cub-compare.awk cub-*.tsv device-*.tsv

function add(key, v)
{
  if (v <= 0)
    return
  count[key]++
  vals[key, count[key]] = v
}

# "median [min-max]" of the values under KEY, scaled by SCALE.
function spread(key, scale, fmt,    k, i, j, t, a)
{
  k = count[key]
  if (!k)
    return "–"
  for (i = 1; i <= k; i++)
    a[i] = vals[key, i]
  for (i = 2; i <= k; i++)
    for (j = i; j > 1 && a[j - 1] > a[j]; j--)
      {
        t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
      }
  if (k == 1)
    return sprintf(fmt, a[1] * scale)
  return sprintf(fmt " [" fmt "–" fmt "]", a[int((k + 1) / 2)] * scale,
                 a[1] * scale, a[k] * scale)
}

function log2(n,    k)
{
  for (k = 0; n > 1; k++)
    n /= 2
  return k
}

FNR == 1 {
  run = FILENAME
  sub(/.*-/, "", run)
  sub(/\.tsv$/, "", run)
  side = FILENAME ~ /cub-[^\/]*$/ ? "cub" : "ours"
  runs[run] = 1
  next
}

{
  name = $1; method = $2; n = $3; dev = $5; wall = $6
  if (side == "cub")
    {
      if (method ~ /^cub(-packed)?$/)
        {
          v = method == "cub" ? "cub" : "packed"
          t[v, "events", run, name, n] = dev
          t[v, "wall", run, name, n] = wall
          seen[name, n] = 1
          if (!(name SUBSEP n in order))
            {
              order[name, n] = ++rows
              row_name[rows] = name
              row_n[rows] = n
            }
          if (v == "packed")
            packed[name, n] = 1
        }
      else if (method ~ /^cub(-packed)?-kernels$/)
        t[method ~ /packed/ ? "packed" : "cub", "kernels", run, name, n] = dev
      else if (method ~ /^cub(-packed)?-burst$/)
        t[method ~ /packed/ ? "packed" : "cub", "burst", run, name, n] = wall
    }
  else if (method == "lookback")
    {
      t["ours", "kernels", run, name, n] = dev
      t["ours", "wall", run, name, n] = wall
    }
  else if (method == "lookback-burst")
    t["ours", "burst", run, name, n] = wall
}

END {
  print "| case | n | CUB events µs | CUB kernels µs | ours kernels µs | × CUB kernels | CUB wall µs | ours wall µs | × CUB wall | CUB burst µs | ours burst µs | × CUB burst |"
  print "|---|---|---|---|---|---|---|---|---|---|---|---|"
  for (i = 1; i <= rows; i++)
    {
      name = row_name[i]; n = row_n[i]
      for (v = 0; v < 2; v++)
        {
          who = v ? "packed" : "cub"
          if (v && !packed[name, n])
            continue
          label = name (packed[name, n] ? (v ? " (CUB packed)" : " (CUB struct)") : "")
          delete count
          for (r in runs)
            {
              split("events kernels wall burst", ms, " ")
              for (m = 1; m <= 4; m++)
                add(who SUBSEP ms[m], t[who, ms[m], r, name, n])
              for (m = 2; m <= 4; m++)
                {
                  add("ours" SUBSEP ms[m], t["ours", ms[m], r, name, n])
                  c = t[who, ms[m], r, name, n]; o = t["ours", ms[m], r, name, n]
                  if (c > 0 && o > 0)
                    add("ratio" SUBSEP ms[m], c / o)
                }
            }
          printf "| %s | 2^%d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
            label, log2(n),
            spread(who SUBSEP "events", 1e6, "%.0f"),
            spread(who SUBSEP "kernels", 1e6, "%.0f"),
            spread("ours" SUBSEP "kernels", 1e6, "%.0f"),
            spread("ratio" SUBSEP "kernels", 1, "%.2f"),
            spread(who SUBSEP "wall", 1e6, "%.0f"),
            spread("ours" SUBSEP "wall", 1e6, "%.0f"),
            spread("ratio" SUBSEP "wall", 1, "%.2f"),
            spread(who SUBSEP "burst", 1e6, "%.0f"),
            spread("ours" SUBSEP "burst", 1e6, "%.0f"),
            spread("ratio" SUBSEP "burst", 1, "%.2f")
        }
    }
}
