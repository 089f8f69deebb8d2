# stack.gp -- stacked bars of fractions (seed 001 Ch. 4 stall breakdown form).
#   gnuplot -c stack.gp DATA PNG TITLE YLABEL NCOLS
# DATA: header row "label part1 part2 ..."; each row one bar, columns 2..NCOLS
# stacked bottom to top.
set terminal pngcairo size 1100,560 font ",10"
set output ARG2
set title ARG3 noenhanced
set ylabel ARG4 noenhanced
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.8
set grid ytics
set yrange [0:1.05]
set key outside top center horizontal noenhanced
set xtics rotate by 50 right noenhanced font ",8"
set bmargin 9
plot for [i = 2:int(ARG5)] ARG1 using i:xtic(1) title columnheader(i)
