#!/usr/bin/env bash
# bench.sh -- simulation speed of ctasim (make bench).
# For each preset x workload, runs the c engine and, on the presets of
# RTL_PRESETS (when the program has the rtl engines), rtl and lockstep, REPS
# times each, and reports the median host time, per engine
#   core-cycles/s = GPU core cycles x cores / host seconds
#   GPU cycles/s  = GPU core cycles / host seconds
# and per preset x units x workload the times of c, rtl and lockstep side by
# side with the ratios rtl/c and lockstep/c (the goals of docs/performance.md:
# on kayiran30 rtl/c <= 1.5 and lockstep/c <= 2.0 with its paper's unit,
# lockstep/c <= 1.5 with --units all).  Every engine steps the same units (--units,
# docs/cosim.md "Units stepped"): each preset runs with its paper's policy
# stack (tests/model/presets.txt; the policy's units stepped), and kayiran30
# and small once more with --units all (every unit stepped by every
# engine: the cost of verifying everything).  Before timing, one 1-cycle run
# per preset and RTL engine loads the Verilated model of the preset's size,
# so building it (once per size, docs/cosim.md) is never timed.
# The Accel-Sim mirror (configs/accelsim/SM6_TITANX.cfg) also runs the real
# traces of ../shared/testdata/accelsim (TRACES_BENCH) and a suite file
# (SUITE_BENCH).  Each row gives the peak memory (max RSS, MiB) of its runs.
# With ACCELSIM_HOME set (a build of ../shared/tools/accelsim/build.sh),
# scripts/correlate.sh runs the mirror's traces in both simulators (a
# completed Accel-Sim run is reused) and a last table sets Accel-Sim's GPU
# cycles per CPU second beside ctasim's.
# Results go to build/bench/bench.txt (and bench.csv).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-build/rel/ctasim}
REPS=${REPS:-3}
OUT=build/bench
mkdir -p "$OUT"
presets=${PRESETS:-"configs/small.cfg configs/kayiran30.cfg configs/apsa60.cfg configs/accelsim/SM6_TITANX.cfg"}
rtl_presets=${RTL_PRESETS:-"configs/small.cfg configs/kayiran30.cfg configs/apsa60.cfg"}
# the runs of a preset: LABEL=ARGS, LABEL naming the units stepped: the policy
# stack its paper runs (tests/model/presets.txt, stacks.txt), and on small and
# kayiran30 once more every unit (--units all); a preset without one runs none.
source tests/model/stacks.bash
runs_of() {
  local p st
  p=$(basename "$1" .cfg)
  if st=$(preset_stack "$p" 2>/dev/null); then
    echo "$st=$(stack_args "$st")"
  else
    echo "none="
  fi
  case $p in small | kayiran30) echo "all=--units all" ;; esac
}
workloads=${WORKLOADS:-"workloads/stream_copy.kern workloads/compute_fma.kern"}
# the mirror's extra workloads: real traces (folders) and a suite file
traces_bench=${TRACES_BENCH:-$(for d in ../shared/testdata/accelsim/*/; do
  [ -f "$d/kernelslist.g" ] && echo "${d%/}"; done | head -n 2 | tr '\n' ' ')}
suite_bench=${SUITE_BENCH:-workloads/papers/seed000/PVC.kern}
workloads_of() {
  case "$(basename "$1" .cfg)" in
    SM6_TITANX) echo "$workloads $traces_bench $suite_bench" ;;
    *) echo "$workloads" ;;
  esac
}
have_rtl=0
# the rtl and lockstep engines exist when the program was built with them
probe=$("$BIN" --engine rtl --workload workloads/stream_copy.kern --set run.max_cycles=1 2>&1 || true)
case "$probe" in *"built without"*) ;; *) have_rtl=1 ;; esac
csv=$OUT/bench.csv
echo "config,units,workload,engine,cores,cycles,median_host_s,core_cycles_per_s,gpu_cycles_per_s,vs_c,max_rss_mib" > "$csv"
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
rss=$OUT/rss.tmp
summary=()
mirror_traces=()
{
printf "ctasim benchmark (%s, %s, median of %s runs, one CPU core; commit %s)\n" "$(date -u +%Y-%m-%d)" \
       "$(uname -m)" "$REPS" "$(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet HEAD 2>/dev/null || echo '+changes')"
printf "%-12s %-21s %-18s %-9s %6s %10s %9s %14s %13s %8s %8s\n" preset units workload engine cores cycles host_s core-cyc/s gpu-cyc/s vs_c rss_MiB
for p in $presets; do
  engines="c"
  if [ $have_rtl = 1 ] && [[ " $rtl_presets " == *" $p "* ]]; then
    engines="c rtl lockstep"
    for e in rtl lockstep; do   # load (or build) the model of this size, untimed
      "$BIN" --config "$p" --workload workloads/stream_copy.kern --engine "$e" \
          --set run.max_cycles=1 --quiet > /dev/null 2>&1 || true
    done
  fi
  while IFS= read -r run; do
   label=${run%%=*} rargs=${run#*=}
   for w in $(workloads_of "$p"); do
    # a folder is an Accel-Sim trace, a file a workload
    if [ -d "$w" ]; then src=(--trace "$w"); else src=(--workload "$w"); fi
    [ -d "$w" ] && [ "$(basename "$p" .cfg)" = SM6_TITANX ] && mirror_traces+=("$w")
    declare -A t=()
    for e in $engines; do
      times=()
      row=""
      peak=0
      for ((i = 0; i < REPS; i++)); do
        # shellcheck disable=SC2086
        row=$(/usr/bin/time -f %M -o "$rss" "$BIN" --config "$p" "${src[@]}" --engine "$e" $rargs --quiet \
              --csv-row < /dev/null)
        times+=("$(echo "$row" | cut -d, -f20)")
        kib=$(tail -n 1 "$rss")
        [ "$kib" -gt "$peak" ] && peak=$kib
      done
      mib=$(awk -v k="$peak" 'BEGIN{printf "%.1f", k/1024}')
      med=$(printf '%s\n' "${times[@]}" | median)
      t[$e]=$med
      cores=$(echo "$row" | cut -d, -f4); cycles=$(echo "$row" | cut -d, -f6)
      ccps=$(awk -v c="$cycles" -v n="$cores" -v t="$med" 'BEGIN{printf "%.0f", c*n/t}')
      gcps=$(awk -v c="$cycles" -v t="$med" 'BEGIN{printf "%.0f", c/t}')
      ratio=$(awk -v a="$med" -v b="${t[c]}" 'BEGIN{printf "%.2fx", a/b}')
      printf "%-12s %-21s %-18s %-9s %6s %10s %9.3f %14s %13s %8s %8s\n" "$(basename "$p" .cfg)" "$label" \
             "$(basename "$w")" "$e" "$cores" "$cycles" "$med" "$ccps" "$gcps" "$ratio" "$mib"
      echo "$(basename "$p" .cfg),$label,$(basename "$w"),$e,$cores,$cycles,$med,$ccps,$gcps,${ratio%x},$mib" >> "$csv"
    done
    if [ -n "${t[rtl]:-}" ]; then
      summary+=("$(awk -v p="$(basename "$p" .cfg)" -v u="$label" -v w="$(basename "$w")" -v c="${t[c]}" \
          -v r="${t[rtl]}" -v l="${t[lockstep]}" \
          'BEGIN{printf "%-12s %-21s %-18s %8.3f %8.3f %9.3f %7.2fx %11.2fx", p, u, w, c, r, l, r/c, l/c}')")
    fi
    unset t
   done
  done < <(runs_of "$p")
done
if [ ${#summary[@]} -gt 0 ]; then
  echo
  echo "c, rtl and lockstep side by side (median host seconds; goals on kayiran30: rtl/c <= 1.5, lockstep/c <= 2.0; with all units lockstep/c <= 1.5)"
  printf "%-12s %-21s %-18s %8s %8s %9s %8s %12s\n" preset units workload c_s rtl_s lockstep_s rtl/c lockstep/c
  printf '%s\n' "${summary[@]}"
fi
# Accel-Sim beside ctasim on the mirror's traces: scripts/correlate.sh runs both
# (Accel-Sim only where no completed run of the trace is kept in ACCELSIM_HOME/runs)
# and records both speeds per trace in build/bench/correlate/correlation.csv.
if [ -n "${ACCELSIM_HOME:-}" ] && [ ${#mirror_traces[@]} -gt 0 ]; then
  echo
  echo "Accel-Sim beside ctasim on the SM6_TITANX mirror (GPU cycles per CPU second, scripts/correlate.sh; ctasim's of the whole process)"
  if CTASIM=$BIN scripts/correlate.sh configs/accelsim/SM6_TITANX.cfg "${mirror_traces[@]}" \
       --out "$OUT/correlate" > "$OUT/correlate.log" 2>&1; then
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
             $col["kernel"] == "all" { printf "%-26s %16s %16s %9sx\n", $col["trace"],
                 $col["accelsim_cycles_per_s"], $col["ctasim_cycles_per_s"], $col["speedup"] }' \
        "$OUT/correlate/correlation.csv" |
      { printf "%-26s %16s %16s %10s\n" trace accelsim-cyc/s ctasim-cyc/s ctasim/as; cat; }
  else
    echo "correlate.sh failed: $OUT/correlate.log"
  fi
fi
} | tee "$OUT/bench.txt"
