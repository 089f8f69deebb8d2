# units/dyncta/area.sh -- sourced by synth/report.sh (make synth) inside its report:
# prints this unit's bullet of "The papers' overhead claims beside ours" from the
# measured figures: metrics TOP N -> "ffs cells transistors area"; per[UNIT] and
# shared[UNIT], the per-core and shared area in um2 (45 nm).
fd=$(metrics dyncta 1 | awk '{print $1}')
echo "- **DYNCTA** (seed 000 Sec. 4.2, \"Overheads\"): two 11-bit counters per core (22 flip-flops)."
echo "  Ours: ${per[dyncta]} um2 per core; the NumCores=1 unit has $fd flip-flops. Ours differs because"
echo "  each core also holds its 6-bit CTA limit n and the comparators and saturating incrementers the"
echo "  paper leaves out, and one shared 16-bit period counter and latched N are counted."
