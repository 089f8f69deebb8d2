# units/dyncore/area.sh -- sourced by synth/report.sh (make synth) inside its report:
# prints this unit's bullet of "The papers' overhead claims beside ours" from the
# measured figures: metrics TOP N -> "ffs cells transistors area"; per[UNIT] and
# shared[UNIT], the per-core and shared area in um2 (45 nm).
read -r fdc1 _ <<<"$(metrics dyncore 1)"
echo "- **DYNCORE** (seed 000 Sec. 4.2): the paper gives no hardware cost. Ours: ${per[dyncore]} um2 per"
echo "  core (the ON/DRAINING/OFF flops, 2 bits), ${shared[dyncore]} um2 shared; $fdc1 flip-flops at NumCores=1."
echo "  Shared arithmetic: one 24 x 4 multiplier (G_act * frac_den at the period's last"
echo "  edge, frac_num * core_cycles in one evaluation cycle after it) and one 28-bit comparator,"
echo "  where there were two multipliers evaluated every cycle; plus the two 24-bit saturating"
echo "  accumulators (G_act, core cycles), the 16-bit period counter and the popcounts of the"
echo "  active and counted cores (which grow with NumCores). Storage: period 16 + G_act 28 (it holds"
echo "  the product) + core cycles 24 + the evaluation flag 1 bit."
