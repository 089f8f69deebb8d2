# units/ucs/area.sh -- sourced by synth/report.sh (make synth) inside its report:
# prints this unit's bullet of "The papers' overhead claims beside ours" from the
# measured figures: metrics TOP N -> "ffs cells transistors area"; per[UNIT] and
# shared[UNIT], the per-core and shared area in um2 (45 nm).
read -r fu1 _ <<<"$(metrics ucs 1)"
read -r fu4 _ <<<"$(metrics ucs 4)"
pfu=$(( (fu4 - fu1) / 3 ))
ru=$(awk -v f="$pfu" 'BEGIN {printf "%.2f", f / 256}')
echo "- **uC-States** (seed 004 Sec. 4, \"Hardware Overhead\"): 32 B (256 bits) of storage per core, a"
echo "  14-bit divider, a 7-bit adder and a 14-bit comparator. Ours (a sequential decision):"
echo "  $pfu flip-flops per core (${ru}x the paper's 256 bits), ${per[ucs]} um2 per core, ${shared[ucs]} um2"
echo "  shared. Per core: twelve interval counters (243 bits: input width + 16 bits of the period),"
echo "  one 23 x 10 multiplier and one 29-bit comparator stepping through the 9 comparisons of a phase"
echo "  in 18 cycles after the interval (units/ucs/ucs.md), the product register (29 bits) and 8 result"
echo "  bits, 14 group state machines (42 bits) and four 8-bit wake-up counters. Shared: the interval"
echo "  timer, the step counter and one multiplier for the cfg-only threshold th_U * units * T. It"
echo "  differs because the paper's counters are sized for T = 2048 and ours for T <= 65535 (4 bits"
echo "  more each); the paper divides and compares quotients, ours cross-multiplies (exact, one product"
echo "  register); each counter has its own incrementer (all count in the same cycle), which the"
echo "  paper's arithmetic list leaves out; and the group state machines and wake-up counters (74 bits)"
echo "  are not in the paper's storage figure."
