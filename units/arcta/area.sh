# units/arcta/area.sh -- sourced by synth/report.sh (make synth) inside its report:
# prints this unit's bullet of "The papers' overhead claims beside ours" from the
# measured figures: metrics TOP N -> "ffs cells transistors area"; per[UNIT] and
# shared[UNIT], the per-core and shared area in um2 (45 nm).
read -r fa1 _ <<<"$(metrics arcta 1)"
a60=$(awk -v s="${shared[arcta]}" -v p="${per[arcta]}" 'BEGIN {printf "%.0f", (s + 60 * p) * (65 / 45) ^ 2}')
echo "- **ApSA / AR-CTA** (seed 002 Sec. 3.3): 0.057 mm2 = 57000 um2 at 65 nm for the 60-core GPU."
echo "  Ours: ${shared[arcta]} um2 shared + ${per[arcta]} um2 per core at 45 nm, about $a60 um2 for 60"
ra=$(awk -v a="$a60" 'BEGIN {printf "%.2f", a / 57000}')
echo "  cores scaled to 65 nm by (65/45)^2 (${ra}x the paper's). It differs because the paper's figure includes 32-bit"
echo "  threshold registers and the frequency calibrator's clock circuitry, synthesized with a Faraday"
echo "  65 nm library, while ours takes thresholds as input ports (no registers), has no clock"
echo "  generator, and uses narrower counters and cross-multiplication. Arithmetic (a"
echo "  sequential DECISION): one 23 x 17 multiplier and one 36-bit comparator stepping through the"
echo "  terms in 3 .. 9 + n_parts cycles (units/arcta/arcta.md), where there were a multiplier per"
echo "  partition and four more evaluated every cycle (66726 um2 shared before); plus the saturating"
echo "  incrementers of the window counters. Storage: $fa1 flip-flops = 126 + 19 x NumParts: cycles 16,"
echo "  good 16, insts 23, DRAM cycles 19, phase and type 4, step 4, partition 8, product register 36,"
echo "  and one 19-bit busy counter per partition (max_bw_CTA is a maximum over partitions, Sec."
echo "  3.1.1), 2432 of them at the default NumParts = 128 (152 at apsa60's 8 partitions). The paper"
echo "  does not itemise its storage."
