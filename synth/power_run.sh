#!/usr/bin/env bash
# synth/power_run.sh -- `make rtl-power`: the control units' own power from the
# toggles of their gate-level netlists on real runs (docs/synthesis.md "Power");
# writes synth/power_report.md (intermediate files in build/power/).
#
# For each preset (kayiran30: DYNCTA + DYNCORE; apsa60: AR-CTA) and workload:
#   1. ctasim --engine rtl --fst: the run's waveform (the 64-core top variant)
#      over its first CYCLES core cycles (run.max_cycles)
#   2. fst2vcd; synth/power_vec.py: the unit's per-cycle ports -> vectors and a
#      generated testbench
#   3. Icarus: the unit's Yosys netlist (synth/power_synth.sh, NumCores = 64,
#      synth/cells.lib) + synth/cells_sim.v replays them, compares every output
#      every cycle with the RTL's, counts every cell output's toggles
#   4. synth/power_calc.py: dynamic and leakage power at the preset's core clock
# CTASIM=path picks the program (default build/rel/ctasim).
set -eu
cd "$(dirname "$0")/.."
ctasim=${CTASIM:-build/rel/ctasim}
d=build/power
r=$d/runs
report=synth/power_report.md
mkdir -p "$r"
workloads="stream_copy compute_fma mem_compute_regions"
# preset | units | policy keys | cycles (>= 2 decision periods: DYNCTA 2048, AR-CTA 7000)
runs=("kayiran30|dyncta dyncore|--set policy.cta_limit=dyncta --set policy.dyncore=1|6144"
      "apsa60|arcta|--set policy.arcta=1|16000")
for u in dyncta dyncore arcta; do
    if [ ! -f "$d/$u.v" ] || [ -n "$(find rtl -name '*.sv' -newer "$d/$u.v")" ]; then
        synth/power_synth.sh "$u" "$d/$u.v"
    fi
done
: >"$d/results.txt"
for spec in "${runs[@]}"; do
    IFS='|' read -r preset units keys cycles <<<"$spec"
    mhz=$(awk -F'[=#]' '/^clock.core_mhz/ {gsub(/ /, "", $2); print $2}' "configs/$preset.cfg")
    for w in $workloads; do
        base=$r/$preset.$w
        # shellcheck disable=SC2086
        "$ctasim" --config "configs/$preset.cfg" $keys --set "run.max_cycles=$cycles" \
            --workload "workloads/$w.kern" --engine rtl --fst "$base.fst" --quiet \
            --json "$base.json" 2>"$base.log" || [ $? = 1 ]
        fst2vcd -f "$base.fst" -o "$base.vcd" >/dev/null 2>&1
        for u in $units; do
            synth/power_vec.py "$base.vcd" "$u" "$d/$u.v" "$base.$u" >/dev/null
            iverilog -g2012 -o "$base.$u.vvp" "${base}.${u}_tb.sv" "$d/$u.v" synth/cells_sim.v
            vvp -n "$base.$u.vvp" +vec="$base.$u.vec" >"$base.$u.sim"
            line=$(synth/power_calc.py synth/cells_power.tsv "$d/$u.v" "$base.$u.sim" "$mhz" "$u")
            echo "preset=$preset workload=$w $line" | tee -a "$d/results.txt"
            case $line in *sim=PASS*) ;; *) echo "power_run: $preset $w $u: gate level differs from RTL ($base.$u.sim)" >&2; exit 1 ;; esac
        done
        rm -f "$base.vcd" "$base.fst"
    done
done
synth/power_report.py "$d/results.txt" synth/area_report.md "$report" synth/power_notes.md
echo "power_run: wrote $report"
