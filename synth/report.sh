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
# and each unit's comparison with its paper's claim (units/NAME/area.sh, sourced).
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
# (none: SYNTH_REUSE=1 with every output newer than the RTL rewrites the report only)
[ ${#jobs_list[@]} -eq 0 ] ||
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
echo "## Whole GPU per preset (every unit of the registry; each at its default NumParts = MaxParts = 128)"
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
# each unit's comparison with its paper's hardware cost: units/NAME/area.sh
# (sourced here, registry order; a unit not from a paper has none)
for u in $units; do
    [ ! -f "units/$u/area.sh" ] || source "units/$u/area.sh"
done
} >"$report.tmp"
mv -f "$report.tmp" "$report"
echo "synth_report: wrote $report"
