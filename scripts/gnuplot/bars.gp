# bars.gp -- clustered bars, one cluster per row, one bar per column.
#   gnuplot -c bars.gp DATA PNG TITLE YLABEL NCOLS [REFLINE]
# DATA: whitespace table with a header row "label series1 series2 ..."; the
# first column labels the clusters, columns 2..NCOLS are the bars (the header
# names them).  REFLINE, when given, draws a dashed line at that y (1 for
# normalised plots).
set terminal pngcairo size 1000,520 font ",10"
set output ARG2
set title ARG3 noenhanced
set ylabel ARG4 noenhanced
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set grid ytics
set yrange [0:*]
set key outside top center horizontal noenhanced
set xtics rotate by 35 right noenhanced font ",8"
if (ARGC >= 6 && strlen(ARG6) > 0) {
    set arrow from graph 0, first real(ARG6) to graph 1, first real(ARG6) nohead dashtype 2 lc rgb "gray30"
}
plot for [i = 2:int(ARG5)] ARG1 using i:xtic(1) title columnheader(i)
