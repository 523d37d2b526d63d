# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# thesis.gp: the equivalent of the thesis' Figure 6.1 from
# bench/thesis.tsv: for each benchmark at each size, the time of the scan
# clause (a) and of the hand-written OpenCL (b) relative to the sequential
# loop (c), as grouped bars (below 1: faster than sequential).
#   gnuplot -e "tsv='bench/thesis.tsv'; png='bench/thesis.png'" thesis.gp
set terminal pngcairo size 1400,500 noenhanced
set output png
set datafile separator "\t"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set logscale y 10
set ylabel "time / sequential time (median)"
set xtics rotate by -40
set bmargin 10
set rmargin 10
set key top left
set grid ytics
# One row per benchmark and size: name, clause / serial, opencl / serial.
table = sprintf("< awk -F'\t' 'NR > 1 { t[$1\" \"$3, $2] = $5; if (!(($1\" \"$3) in s)) { s[$1\" \"$3] = 1; o[++k] = $1\" \"$3 } } END { for (i = 1; i <= k; i++) printf \"%%s\\t%%g\\t%%g\\n\", o[i], t[o[i], \"clause\"] / t[o[i], \"serial\"], t[o[i], \"opencl\"] / t[o[i], \"serial\"] }' %s", tsv)
plot table using 2:xtic(1) title "(a) scan clause", \
     '' using 3 title "(b) hand-written OpenCL"
