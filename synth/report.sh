#!/usr/bin/env bash
# synth/report.sh -- Yosys area report of the control units:
# build/synth/area_report.md (SYNTH_REPORT=FILE elsewhere; the committed
# synth/area_report.md is refreshed only on purpose: docs/synthesis.md).
#
# Per unit (its RTL top, seam/units.tsv) at NumCores = 1 and NumCores = 4 (chparam):
#   flip-flops and cells     generic `synth -flatten` (stat)
#   transistors              dffunmap; abc -g cmos2; stat -tech cmos (synth/area_cmos.ys)
#                            + 24 per flip-flop (stat -tech cmos does not count them)
#   area, NAND2 equivalents  mapped to synth/cells.lib (synth/area_lib.ys), NAND2 = 0.798 um2
# Per core = (X(4) - X(1)) / 3, shared = X(1) - per core; a preset's whole GPU =
# sum over units of shared + cores x per core.  The top (rtl/ctl_top.sv) is also
# synthesized at the small preset's 4 cores to check that linear model.
# SYNTH_FULL=1 additionally synthesizes ctl_top at every preset's core count
# via chparam (slow: minutes per preset).  Presets: configs/*.cfg and
# configs/accelsim/*.cfg, their name and core count read through the program
# (CTASIM, default build/rel/ctasim: `--dump-config` follows `include =`).  SYNTH_REUSE=1 keeps the outputs of
# build/synth/ that are newer than every rtl/ file.  docs/synthesis.md explains it all.
set -eu
cd "$(dirname "$0")/.."
# the package first (its users refer to it), then every module
# (with the units that have a folder of their own, units/NAME/: their sources but testbenches)
rtl="rtl/ctasim_pkg.sv $(ls rtl/*.sv units/*/*.sv 2> /dev/null | grep -v -e '_pkg\.sv$' -e '/tb_[^/]*$' | tr '\n' ' ')"
# the units of the registry (seam/units.tsv, generated from seam/seam.yaml)
units=$(grep -v '^#' seam/units.tsv | cut -f1 | tr '\n' ' ')
out=${SYNTH_OUT:-build/synth}   # the Yosys outputs (SYNTH_OUT: elsewhere)
report=${SYNTH_REPORT:-build/synth/area_report.md}
ctasim=${CTASIM:-build/rel/ctasim}
[ -x "$ctasim" ] || { echo "synth_report: no $ctasim (make builds it)" >&2; exit 1; }
nand2=0.798
ff_transistors=24
mkdir -p "$out"

# synth_one TOP N: writes $out/TOP.N.{stat,lib,cmos}
synth_one() {
    local top=$1 n=$2 p=$out/$1.$2
    yosys -q -l "$p.log" -p "read_verilog -sv -Irtl $rtl; chparam -set NumCores $n $top; \
        synth -flatten -top $top; script synth/check.ys; tee -o $p.stat stat; design -save s; \
        script synth/area_lib.ys; tee -o $p.lib stat -liberty synth/cells.lib; design -load s; \
        script synth/area_cmos.ys; tee -o $p.cmos stat -tech cmos" >/dev/null ||
        { echo "synth_report: yosys failed for $top NumCores=$n (log $p.log)" >&2; return 1; }
}

# metrics TOP N -> "ffs cells transistors area"
metrics() {
    local p=$out/$1.$2
    local ffs cells tr area
    ffs=$(awk '/\$_(S)?DFF/ {n += $2} END {print n + 0}' "$p.stat")
    cells=$(awk '/Number of cells:/ {v = $4} END {print v}' "$p.stat")
    tr=$(awk '/Estimated number of transistors:/ {gsub(/\+/, "", $5); v = $5} END {print v}' "$p.cmos")
    area=$(awk '/Chip area for module/ {v = $NF} END {print v}' "$p.lib")
    echo "$ffs $cells $((tr + ffs * ff_transistors)) $area"
}

jobs_list=()
for u in $units; do jobs_list+=("$u 1" "$u 4"); done
jobs_list+=("ctl_top 4")
presets=$(ls configs/*.cfg configs/accelsim/*.cfg)
# preset_key CFG KEY -> the key's value after every `include =` (the program's --dump-config)
preset_key() {
    "$ctasim" --config "$1" --dump-config | awk -v k="$2" '$1 == k && $2 == "=" {print $3; exit}'
}
# --presets: the presets' names and core counts as the report will use them, and stop
if [ "${1:-}" = --presets ]; then
    for c in $presets; do echo "$c $(preset_key "$c" name) $(preset_key "$c" core.count)"; done
    exit 0
fi
if [ "${SYNTH_FULL:-0}" = 1 ]; then
    for c in $presets; do
        n=$(preset_key "$c" core.count)
        [ "$n" = 4 ] || jobs_list+=("ctl_top $n")
    done
fi
# SYNTH_REUSE=1: keep the outputs of a run that are newer than every RTL file
# (only the units whose RTL changed since are synthesized again).
if [ "${SYNTH_REUSE:-0}" = 1 ]; then
    keep=()
    for j in "${jobs_list[@]}"; do
        set -- $j
        f=$out/$1.$2.cmos
        if [ -f "$f" ] && [ -z "$(find rtl units -name '*.sv' -newer "$f")" ]; then continue; fi
        keep+=("$j")
    done
    jobs_list=("${keep[@]}")
fi
echo "synth_report: ${#jobs_list[@]} Yosys runs (2 at a time)..."
export -f synth_one
export out rtl
printf '%s\n' "${jobs_list[@]}" | xargs -P 2 -L 1 bash -c 'synth_one "$0" "$1"'

declare -A per shared
{
echo "# Control-unit area report"
echo
echo "Command: \`make synth\` (synth/report.sh); $(date -u '+%Y-%m-%d %H:%M UTC'); commit"
echo "$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD -- rtl synth 2>/dev/null || echo ' (rtl/ or synth/ modified)')."
echo
echo "Generated with Yosys $(yosys -V | awk '{print $2}');"
echo "method and caveats in docs/synthesis.md.  Cell areas: synth/cells.lib (NanGate FreePDK45"
echo "Open Cell Library X1 areas, 45 nm, stated not measured); NAND2 = $nand2 um2 is the unit of"
echo "NAND2 equivalents (NAND2 eq. = area / $nand2).  Transistors: \`dffunmap; abc -g cmos2;"
echo "stat -tech cmos\` plus $ff_transistors per flip-flop.  Per core = (X(N=4) - X(N=1)) / 3;"
echo "shared = X(N=1) - per core (period counters, dividers, global registers); a per-core"
echo "difference below zero (synthesis noise of a unit with almost no per-core logic) is shown as 0."
echo
echo "## Per unit"
echo
echo "| unit | part | flip-flops | cells | transistors | NAND2 eq. | area (um2, 45 nm) |"
echo "|---|---|---:|---:|---:|---:|---:|"
for u in $units; do
    read -r f1 c1 t1 a1 <<<"$(metrics "$u" 1)"
    read -r f4 c4 t4 a4 <<<"$(metrics "$u" 4)"
    # ABC restructures each netlist as a whole, so a unit with almost no
    # per-core logic can difference slightly below zero: clamp to 0 (noise).
    pc=$(awk -v a="$a1" -v b="$a4" 'BEGIN {d = (b - a) / 3; if (d < 0) d = 0; printf "%.1f", d}')
    sh=$(awk -v a="$a1" -v p="$pc" 'BEGIN {printf "%.1f", a - p}')
    per[$u]=$pc; shared[$u]=$sh
    awk -v u="$u" -v f1="$f1" -v c1="$c1" -v t1="$t1" -v a1="$a1" -v f4="$f4" -v c4="$c4" \
        -v t4="$t4" -v a4="$a4" -v n="$nand2" 'BEGIN {
        pf = (f4 - f1) / 3; pcl = (c4 - c1) / 3; pt = (t4 - t1) / 3; pa = (a4 - a1) / 3
        if (pf < 0) pf = 0; if (pcl < 0) pcl = 0; if (pt < 0) pt = 0; if (pa < 0) pa = 0
        printf "| %s | per core | %.0f | %.0f | %.0f | %.0f | %.1f |\n", u, pf, pcl, pt, pa / n, pa
        printf "| %s | shared | %.0f | %.0f | %.0f | %.0f | %.1f |\n", u, f1 - pf, c1 - pcl, t1 - pt, (a1 - pa) / n, a1 - pa
        printf "| %s | NumCores=4 total | %d | %d | %d | %.0f | %.1f |\n", u, f4, c4, t4, a4 / n, a4 }'
done
echo
echo "## Whole GPU per preset (all five units; each at its default NumParts = MaxParts = 128)"
echo
echo "| preset | cores | area (um2, 45 nm) | NAND2 eq. | area scaled to 65 nm (um2) | synthesized ctl_top (um2) |"
echo "|---|---:|---:|---:|---:|---:|"
for c in $presets; do
    name=$(preset_key "$c" name)
    n=$(preset_key "$c" core.count)
    [ -n "$name" ] && [ "${n:-0}" -gt 0 ] || { echo "synth_report: $c: no name or core.count" >&2; exit 1; }
    total=0
    for u in $units; do
        total=$(awk -v t="$total" -v s="${shared[$u]}" -v p="${per[$u]}" -v n="$n" 'BEGIN {printf "%.1f", t + s + n * p}')
    done
    real="-"
    [ -f "$out/ctl_top.$n.lib" ] && real=$(metrics ctl_top "$n" | awk '{printf "%.1f", $4}')
    awk -v name="$name" -v n="$n" -v t="$total" -v r="$real" -v g="$nand2" 'BEGIN {
        printf "| %s | %d | %.0f | %.0f | %.0f | %s |\n", name, n, t, t / g, t * (65 / 45) ^ 2, r }'
done
echo
echo "The last column is a real Yosys run of rtl/ctl_top.sv at that core count (always the"
echo "4-core small preset; every preset with SYNTH_FULL=1); it checks the linear model."
echo
echo "## The papers' overhead claims beside ours"
echo
fd=$(metrics dyncta 1 | awk '{print $1}')
echo "- **DYNCTA** (seed 000 Sec. 4.2, \"Overheads\"): two 11-bit counters per core (22 flip-flops)."
echo "  Ours: ${per[dyncta]} um2 per core; the NumCores=1 unit has $fd flip-flops. Ours differs because"
echo "  each core also holds its 6-bit CTA limit n and the comparators and saturating incrementers the"
echo "  paper leaves out, and one shared 16-bit period counter and latched N are counted."
read -r fdc1 _ <<<"$(metrics dyncore 1)"
echo "- **DYNCORE** (seed 000 Sec. 4.2): the paper gives no hardware cost. Ours: ${per[dyncore]} um2 per"
echo "  core (the ON/DRAINING/OFF flops, 2 bits), ${shared[dyncore]} um2 shared; $fdc1 flip-flops at NumCores=1."
echo "  Shared arithmetic (issue 14): one 24 x 4 multiplier (G_act * frac_den at the period's last"
echo "  edge, frac_num * core_cycles in one evaluation cycle after it) and one 28-bit comparator,"
echo "  where there were two multipliers evaluated every cycle; plus the two 24-bit saturating"
echo "  accumulators (G_act, core cycles), the 16-bit period counter and the popcounts of the"
echo "  active and counted cores (which grow with NumCores). Storage: period 16 + G_act 28 (it holds"
echo "  the product) + core cycles 24 + the evaluation flag 1 bit."
fc=$(metrics claso 1 | awk '{print $1}')
echo "- **CLASO** (seed 003 Sec. 3.3): n_core + 1 credit registers (one local per core, one global)."
echo "  Ours: 24-bit signed registers, one per core (${per[claso]} um2 per core) plus the global one,"
echo "  the sequential divider and the latched launch (shared ${shared[claso]} um2; $fc flip-flops at"
echo "  NumCores=1). It differs because the paper counts only the credit registers, not the divider"
echo "  (\"low overhead\"), the grant/refuse registers or the subtract-and-compare chain."
read -r fu1 _ <<<"$(metrics ucs 1)"
read -r fu4 _ <<<"$(metrics ucs 4)"
pfu=$(( (fu4 - fu1) / 3 ))
ru=$(awk -v f="$pfu" 'BEGIN {printf "%.2f", f / 256}')
echo "- **uC-States** (seed 004 Sec. 4, \"Hardware Overhead\"): 32 B (256 bits) of storage per core, a"
echo "  14-bit divider, a 7-bit adder and a 14-bit comparator. Ours (issue 14, a sequential decision):"
echo "  $pfu flip-flops per core (${ru}x the paper's 256 bits), ${per[ucs]} um2 per core, ${shared[ucs]} um2"
echo "  shared. Per core: twelve interval counters (243 bits: input width + 16 bits of the period),"
echo "  one 23 x 10 multiplier and one 29-bit comparator stepping through the 9 comparisons of a phase"
echo "  in 18 cycles after the interval (docs/units/ucs.md), the product register (29 bits) and 8 result"
echo "  bits, 14 group state machines (42 bits) and four 8-bit wake-up counters. Shared: the interval"
echo "  timer, the step counter and one multiplier for the cfg-only threshold th_U * units * T. It"
echo "  differs because the paper's counters are sized for T = 2048 and ours for T <= 65535 (4 bits"
echo "  more each); the paper divides and compares quotients, ours cross-multiplies (exact, one product"
echo "  register); each counter has its own incrementer (all count in the same cycle), which the"
echo "  paper's arithmetic list leaves out; and the group state machines and wake-up counters (74 bits)"
echo "  are not in the paper's storage figure."
read -r fa1 _ <<<"$(metrics arcta 1)"
a60=$(awk -v s="${shared[arcta]}" -v p="${per[arcta]}" 'BEGIN {printf "%.0f", (s + 60 * p) * (65 / 45) ^ 2}')
echo "- **ApSA / AR-CTA** (seed 002 Sec. 3.3): 0.057 mm2 = 57000 um2 at 65 nm for the 60-core GPU."
echo "  Ours: ${shared[arcta]} um2 shared + ${per[arcta]} um2 per core at 45 nm, about $a60 um2 for 60"
ra=$(awk -v a="$a60" 'BEGIN {printf "%.2f", a / 57000}')
echo "  cores scaled to 65 nm by (65/45)^2 (${ra}x the paper's). It differs because the paper's figure includes 32-bit"
echo "  threshold registers and the frequency calibrator's clock circuitry, synthesized with a Faraday"
echo "  65 nm library, while ours takes thresholds as input ports (no registers), has no clock"
echo "  generator, and uses narrower counters and cross-multiplication. Arithmetic (issue 14, a"
echo "  sequential DECISION): one 23 x 17 multiplier and one 36-bit comparator stepping through the"
echo "  terms in 3 .. 9 + n_parts cycles (docs/units/arcta.md), where there were a multiplier per"
echo "  partition and four more evaluated every cycle (66726 um2 shared before); plus the saturating"
echo "  incrementers of the window counters. Storage: $fa1 flip-flops = 126 + 19 x NumParts: cycles 16,"
echo "  good 16, insts 23, DRAM cycles 19, phase and type 4, step 4, partition 8, product register 36,"
echo "  and one 19-bit busy counter per partition (max_bw_CTA is a maximum over partitions, Sec."
echo "  3.1.1), 2432 of them at the default NumParts = 128 (152 at apsa60's 8 partitions). The paper"
echo "  does not itemise its storage."
} >"$report.tmp"
mv -f "$report.tmp" "$report"
echo "synth_report: wrote $report"
