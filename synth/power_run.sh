#!/usr/bin/env bash
# synth/power_run.sh -- `make rtl-power`: the control units' own power from the
# toggles of their gate-level netlists on real runs (docs/synthesis.md "Power");
# writes synth/power_report.md (the runs' files in build/power/runs/).
#
# Each preset runs with the units of its paper obeyed, on three workloads, for
# its first CYCLES core cycles, as `ctasim --engine rtl --rtl-power FILE`:
# the netlist of each unit at the preset's size replays the unit's ports of
# every cycle, every output compared with the RTL's (synth/rtl_power.sh).
# CTASIM=path picks the program (default build/rel/ctasim); POWER_PRESETS="a b"
# and POWER_WORKLOADS_RUN="w ..." rerun only those (the report takes every preset's
# and workload's last files).
set -eu
cd "$(dirname "$0")/.."
ctasim=${CTASIM:-build/rel/ctasim}
r=build/power/runs
report=synth/power_report.md
mkdir -p "$r"
workloads="stream_copy compute_fma mem_compute_regions"
# preset | policy keys | cycles: past the first decision (DYNCTA, DYNCORE and
# uC-States decide every 2048 cycles, AR-CTA after its 7000-cycle window; CLASO
# at every CTA allocation), kept short for the larger netlists (the replay costs
# per cycle and cell: uC-States at 16 cores is 67 k cells)
runs=("kayiran30|--set policy.cta_limit=dyncta --set policy.dyncore=1|6144"
      "apsa60|--set policy.arcta=1|8192"
      "c2050|--set policy.claso=1|6144"
      "ucstates16|--set policy.gating=ucstates|2560")
list=()
for spec in "${runs[@]}"; do
    IFS='|' read -r preset keys cycles <<<"$spec"
    for w in $workloads; do
        case " ${POWER_PRESETS:-$preset} " in *" $preset "*) ;; *) skip=1 ;; esac
        case " ${POWER_WORKLOADS_RUN:-$w} " in *" $w "*) ;; *) skip=1 ;; esac
        if [ "${skip:-0}" = 1 ]; then
            skip=0
            [ -f "$r/$preset.$w.power.json" ] && list+=("$preset|$w|$r/$preset.$w.power.json")
            continue
        fi
        base=$r/$preset.$w
        # shellcheck disable=SC2086
        "$ctasim" --config "configs/$preset.cfg" $keys --set "run.max_cycles=$cycles" \
            --workload "workloads/$w.kern" --engine rtl --rtl-power "$base.power.json" --quiet \
            --json "$base.json" 2>"$base.log" || [ $? = 1 ] ||
            { echo "power_run: $preset $w failed ($base.log)" >&2; cat "$base.log" >&2; exit 1; }
        echo "power_run: $preset $w: $(tr -d '\n' <"$base.power.json" | grep -o '"total": {[^}]*}')"
        list+=("$preset|$w|$base.power.json")
    done
done
synth/power_report.py "$report" synth/power_notes.md "${list[@]}"
echo "power_run: wrote $report"
