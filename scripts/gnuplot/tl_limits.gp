# tl_limits.gp -- CTA limit n over time (seed 000 Fig. 8 form) and thread IPC.
#   gnuplot -c tl_limits.gp DATA PNG TITLE "CORES" "KERNEL_STARTS"
# DATA columns: cycle, thread IPC over the sample, mean limit over cores,
# then the limit of each core listed in CORES.
set terminal pngcairo size 1000,700 font ",10"
set output ARG2
set multiplot layout 2,1 title ARG3." -- CTA limit over time (seed 000 Fig. 8 form)" noenhanced
call ARG0[1:strstrt(ARG0, "tl_limits.gp") - 1]."tl_common.gp" ARG5
set grid
set key outside right top
set ylabel "CTA limit n"
set yrange [0:*]
set format x ""
set lmargin 10
set rmargin 18
plot ARG1 using 1:3 with steps lw 3 lc rgb "black" title "mean over cores", \
     for [i = 1:words(ARG4)] ARG1 using 1:(column(3 + i) + 0.04 * i) with steps lw 1.5 \
         title sprintf("core %s", word(ARG4, i))
set format x "%g"
set xlabel "core cycle"
set ylabel "thread IPC"
plot ARG1 using 1:2 with steps lw 1.5 lc rgb "#1f77b4" title "thread insts / cycle"
unset multiplot
