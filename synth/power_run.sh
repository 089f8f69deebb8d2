#!/usr/bin/env bash
# synth/power_run.sh -- `make rtl-power`: the control units' own power from the
# toggles of their gate-level netlists on real runs (docs/synthesis.md "Power");
# writes synth/power_report.md (the runs' files in build/power/runs/).
#
# Each preset runs with the units of its paper obeyed (units/NAME/power.txt), on three workloads, for
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
# preset | policy keys | cycles, from the units' units/NAME/power.txt "run" lines
# (registry order, seam/units.tsv): the units of one preset run together, with
# their settings in registry order, for the longest of their cycle counts.
runs=()
while IFS='|' read -r preset keys cycles; do runs+=("$preset|$keys|$cycles"); done < <(
    for u in $(grep -v '^#' seam/units.tsv | cut -f1); do
        [ ! -f "units/$u/power.txt" ] || awk '$1 == "run"' "units/$u/power.txt"
    done | awk '{ if (!($2 in c)) { o[++n] = $2; c[$2] = $3 } else if ($3 > c[$2]) c[$2] = $3
                  for (i = 4; i <= NF; i++) k[$2] = k[$2] " --set " $i }
                END { for (i = 1; i <= n; i++) print o[i] "|" substr(k[o[i]], 2) "|" c[o[i]] }')
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
