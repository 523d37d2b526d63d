# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# plot.gp: throughput against n from bench-scan's results, one panel per
# element type.  gnuplot -e "tsv='bench/results.tsv'; png='bench/results.png'" plot.gp
set terminal pngcairo size 1100,450 noenhanced
set output png
set datafile separator "\t"
set logscale x 2
set logscale y 10
set format x "2^%L"
set xlabel "elements"
set ylabel "Gelem/s (median)"
set key top left
set grid
set multiplot layout 1,2
methods = "scanrt thesis serial memcpy gcc-inscan"
# The rows of one case and method, through awk, so each line is unbroken.
rows(c, m) = sprintf("< awk -F'\t' '$1 == \"%s\" && $2 == \"%s\"' %s", c, m, tsv)
do for [kind in "int32 double"] {
  set title kind." inclusive + scan"
  plot for [method in methods] rows(kind, method) using 3:($3 / $5 / 1e9) with linespoints title method
}
unset multiplot
