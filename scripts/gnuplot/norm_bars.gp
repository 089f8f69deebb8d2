# norm_bars.gp -- clustered bars of three normalised metrics (seed 000 Fig. 4 form).
#   gnuplot -c norm_bars.gp DATA PNG TITLE XLABEL YLABEL
# DATA: whitespace columns "x ipc_norm roundtrip_norm util_norm", one row per x.
set terminal pngcairo size 900,500 font ",10"
set output ARG2
set title ARG3 noenhanced
set xlabel ARG4
set ylabel ARG5 noenhanced
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set grid ytics
set yrange [0:*]
set key outside top center horizontal
set xtics rotate by 35 right noenhanced font ",8"
set arrow from graph 0, first 1 to graph 1, first 1 nohead dashtype 2 lc rgb "gray30"
plot ARG1 using 2:xtic(1) title "IPC" lc rgb "#1f77b4", \
     ''   using 3 title "round-trip latency" lc rgb "#d62728", \
     ''   using 4 title "core utilisation (util)" lc rgb "#2ca02c"
