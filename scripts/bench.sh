#!/usr/bin/env bash
# bench.sh -- simulation speed of ctasim (make bench).
# For each preset x workload, runs the c engine (and rtl / lockstep when the
# program has them) REPS times and reports the median host time as
#   core-cycles/s = GPU core cycles x cores / host seconds
#   GPU cycles/s  = GPU core cycles / host seconds
# Results go to build/bench/bench.txt (and bench.csv).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${BIN:-build/rel/ctasim}
REPS=${REPS:-3}
OUT=build/bench
mkdir -p "$OUT"
presets=${PRESETS:-"configs/kayiran30.cfg configs/small.cfg configs/accelsim/SM6_TITANX.cfg"}
workloads=${WORKLOADS:-"workloads/stream_copy.kern workloads/compute_fma.kern"}
engines="c"
# the rtl and lockstep engines exist when the program links the Verilated top
probe=$("$BIN" --engine rtl --workload workloads/stream_copy.kern --set run.max_cycles=1 2>&1 || true)
case "$probe" in *"built without"*) ;; *) engines="c rtl lockstep" ;; esac
csv=$OUT/bench.csv
echo "config,workload,engine,cores,cycles,median_host_s,core_cycles_per_s,gpu_cycles_per_s" > "$csv"
{
printf "ctasim benchmark (%s, %s, median of %s runs, one CPU core)\n" "$(date -u +%Y-%m-%d)" "$(uname -m)" "$REPS"
printf "%-12s %-18s %-9s %6s %10s %9s %14s %13s %8s\n" preset workload engine cores cycles host_s core-cyc/s gpu-cyc/s vs_c
for p in $presets; do
  for w in $workloads; do
    cbase=""
    for e in $engines; do
      times=()
      row=""
      for ((i = 0; i < REPS; i++)); do
        row=$("$BIN" --config "$p" --workload "$w" --engine "$e" --csv-row)
        times+=("$(echo "$row" | cut -d, -f20)")
      done
      med=$(printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
      cores=$(echo "$row" | cut -d, -f4); cycles=$(echo "$row" | cut -d, -f6)
      ccps=$(awk -v c="$cycles" -v n="$cores" -v t="$med" 'BEGIN{printf "%.0f", c*n/t}')
      gcps=$(awk -v c="$cycles" -v t="$med" 'BEGIN{printf "%.0f", c/t}')
      [ -z "$cbase" ] && cbase=$med
      ratio=$(awk -v a="$med" -v b="$cbase" 'BEGIN{printf "%.2fx", a/b}')
      printf "%-12s %-18s %-9s %6s %10s %9.3f %14s %13s %8s\n" "$(basename "$p" .cfg)" "$(basename "$w")" "$e" \
             "$cores" "$cycles" "$med" "$ccps" "$gcps" "$ratio"
      echo "$(basename "$p" .cfg),$(basename "$w"),$e,$cores,$cycles,$med,$ccps,$gcps" >> "$csv"
    done
  done
done
} | tee "$OUT/bench.txt"
