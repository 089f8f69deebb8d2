# tl_common.gp -- shared by the timeline plots: kernel-start markers.
#   call "tl_common.gp" "CYCLES"   (space-separated cycles where a kernel starts)
do for [b in ARG1] {
    set arrow from first b, graph 0 to first b, graph 1 nohead dashtype 3 lc rgb "gray40"
}
