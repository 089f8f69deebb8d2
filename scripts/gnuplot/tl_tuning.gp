# tl_tuning.gp -- which components of one core are tuned down (seed 004 Fig. 9 form).
#   gnuplot -c tl_tuning.gp DATA PNG TITLE CORE "KERNEL_STARTS"
# DATA columns: cycle, then 14 bits in enum ctl_comp order (cmodel/ctl/ctl_seam.h),
# already step-shaped.  A filled band in a row = that component is tuned down
# (one of its two groups gated); an empty row = "normal" (both groups on).
names = "IFID SCH IDOC_SP IDOC_SFU IDOC_LDST OC_SP OC_SFU OC_LDST OCEX_SP OCEX_SFU OCEX_LDST EX_SP EX_SFU EX_LDST"
set terminal pngcairo size 1000,560 font ",10"
set output ARG2
set title ARG3." -- components tuned down on core ".ARG4." (seed 004 Fig. 9 form; empty row = normal)" noenhanced
call ARG0[1:strstrt(ARG0, "tl_tuning.gp") - 1]."tl_common.gp" ARG5
set xlabel "core cycle"
set yrange [-0.2:14]
set ytics () 
do for [i = 1:14] { set ytics add (word(names, i) i - 0.6) }
set ytics nomirror noenhanced
set grid xtics
set style fill solid 0.8 noborder
unset key
plot for [i = 0:13] ARG1 using 1:(i):(i + 0.8 * column(i + 2)) with filledcurves \
     lc rgb (i == 1 || i == 11 || i == 13 ? "#d62728" : "#1f77b4")
