# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# libs-table.awk: the look-back's kernels at several commits (scripts/
# gpu-run libs): bench-device --compare's libs-COMMIT.tsv, one a commit,
# in the order given, into a Markdown table of the `lookback' rows'
# device time in microseconds by case and size, a column a commit.
#
#   awk -F '\t' -f bench/libs-table.awk libs-A.tsv libs-B.tsv ...

FNR == 1 {
  rev[++k] = FILENAME
  sub (/.*libs-/, "", rev[k])
  sub (/\.tsv$/, "", rev[k])
  next
}

$2 == "lookback" {
  key = $1 " 2^" int (log ($3) / log (2) + 0.5)
  if (!(key in seen))
    {
      seen[key] = 1
      keys[++m] = key
    }
  t[key, k] = $5 * 1e6
}

END {
  printf "| case | n |"
  for (i = 1; i <= k; i++)
    printf " %s µs |", rev[i]
  print ""
  printf "|---|---|"
  for (i = 1; i <= k; i++)
    printf "---|"
  print ""
  for (j = 1; j <= m; j++)
    {
      split (keys[j], a, " ")
      printf "| %s | %s |", a[1], a[2]
      for (i = 1; i <= k; i++)
        printf " %.0f |", t[keys[j], i]
      print ""
    }
}
