# tl_cores.gp -- enabled / powered / occupied cores and the AR-CTA state over time
# (seed 002 Sec. 3 PROFILE -> DECISION -> ACTION; seed 000 Sec. 4.2 DYNCORE).
#   gnuplot -c tl_cores.gp DATA PNG TITLE NCORES "KERNEL_STARTS"
# DATA columns: cycle, enabled, powered on, with CTAs, ar_phase, ar_type, fc_on.
set terminal pngcairo size 1000,650 font ",10"
set output ARG2
set multiplot layout 2,1 title ARG3." -- cores and AR-CTA state over time" noenhanced
call ARG0[1:strstrt(ARG0, "tl_cores.gp") - 1]."tl_common.gp" ARG5
set grid
set key outside right top
set lmargin 10
set rmargin 28
set ylabel "cores"
set yrange [0:ARG4 + 0.5]
set format x ""
plot ARG1 using 1:2 with steps lw 3 title "enabled", \
     ''   using 1:($3 - 0.1) with steps lw 2 title "powered on", \
     ''   using 1:($4 + 0.1) with steps lw 1.5 title "with CTAs"
set format x "%g"
set xlabel "core cycle"
set ylabel "AR-CTA"
set yrange [-0.2:3.4]
set ytics ("0" 0, "1" 1, "2" 2, "3" 3)
plot ARG1 using 1:5 with steps lw 3 title "phase (1 prof, 2 dec, 3 act)", \
     ''   using 1:($6 + 0.05) with steps lw 2 title "type (1 I, 2 II)", \
     ''   using 1:($7 - 0.05) with steps lw 2 title "freq. calibrator on"
unset multiplot
