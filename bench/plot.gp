# plot.gp: throughput against n from bench-scan's results, one panel per
# element type.  gnuplot -e "tsv='bench/results.tsv'; png='bench/results.png'" plot.gp
set terminal pngcairo size 1100,450 noenhanced
set output png
set datafile separator "\t"
set logscale x 2
set format x "2^%L"
set xlabel "elements"
set ylabel "Gelem/s (median)"
set key top left
set grid
set multiplot layout 1,2
methods = "scanrt thesis serial memcpy gcc-inscan"
do for [c in "int32 double"] {
  set title c." inclusive + scan"
  plot for [m in methods] tsv using \
    ((strcol(1) eq c && strcol(2) eq m) ? $3 : 1/0):($3 / $5 / 1e9) \
    with linespoints title m
}
unset multiplot
