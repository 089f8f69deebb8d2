# units/claso/area.sh -- sourced by synth/report.sh (make synth) inside its report:
# prints this unit's bullet of "The papers' overhead claims beside ours" from the
# measured figures: metrics TOP N -> "ffs cells transistors area"; per[UNIT] and
# shared[UNIT], the per-core and shared area in um2 (45 nm).
fc=$(metrics claso 1 | awk '{print $1}')
echo "- **CLASO** (seed 003 Sec. 3.3): n_core + 1 credit registers (one local per core, one global)."
echo "  Ours: 24-bit signed registers, one per core (${per[claso]} um2 per core) plus the global one,"
echo "  the sequential divider and the latched launch (shared ${shared[claso]} um2; $fc flip-flops at"
echo "  NumCores=1). It differs because the paper counts only the credit registers, not the divider"
echo "  (\"low overhead\"), the grant/refuse registers or the subtract-and-compare chain."
