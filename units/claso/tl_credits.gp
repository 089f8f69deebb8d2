# tl_credits.gp -- CLASO credits over time (seed 003 Sec. 3), drawn by
# units/claso/timeline.sh for scripts/plot_timeline.sh.
#   gnuplot -c tl_credits.gp DATA PNG TITLE "CORES" "KERNEL_STARTS" TL_COMMON.gp
# DATA columns: cycle, global credits, then the local credits of each core in CORES.
set terminal pngcairo size 1000,450 font ",10"
set output ARG2
set title ARG3." -- CLASO credits over time" noenhanced
call ARG6 ARG5
set xlabel "core cycle"
set ylabel "credits"
set grid
set key outside right top
plot ARG1 using 1:2 with steps lw 3 lc rgb "black" title "global C_g" noenhanced, \
     for [i = 1:words(ARG4)] ARG1 using 1:(column(2 + i)) with steps lw 1.5 \
         title sprintf("core %s local", word(ARG4, i))
