#!/usr/bin/env bash
# golden.sh -- record the JSON, timeline and CSV row of a fixed set of runs
# (presets x workloads x engines x policy stacks), so that a refactoring can
# be checked to change no statistic:
#   scripts/golden.sh OUTDIR            record (build/rel/ctasim)
#   diff -r BEFORE AFTER                empty when nothing changed
# Host times are removed from the outputs (they are the only nondeterminism),
# and so are the commit and build id (they identify the program, not the run).
set -euo pipefail
out=${1:?usage: golden.sh OUTDIR}
bin=${CTASIM:-build/rel/ctasim}
mkdir -p "$out"
runs=(
  "small|stream_copy|c|"
  "small|compute_fma|c|policy.cta_limit=dyncta"
  "small|reuse_cache|lockstep|policy.cta_limit=dyncta"
  "small|wave_imbalance|lockstep|policy.claso=1"
  "small|mixed_type1|lockstep|policy.arcta=1"
  "small|smem_tiled|lockstep|policy.gating=ucstates"
  "small|stream_copy|rtl|policy.dyncore=1 dyncore.k=2"
  "small|barrier_heavy|c|core.sched=oldest"
  "small|conv_autohint|c|core.sched=regionp"
  "small|mem_compute_regions|c|core.sched=simplep"
  "small|backprop_two_phase.wl|c|policy.cta_limit=dyncta policy.claso=1"
  "small|bfs_levels.wl|lockstep|policy.arcta=1 policy.gating=ucstates"
  "kayiran30|stream_copy|c|policy.cta_limit=dyncta"
  "kayiran30|reuse_cache|c|policy.cta_limit=static policy.static_n=3"
  "kayiran30|compute_fma|c|policy.dyncore=1"
  "kayiran30|gather_irregular|c|core.sched=grr"
  "apsa60|stream_copy|c|policy.arcta=1"
  "apsa60|mixed_type1|c|policy.arcta=1"
  "c2050|imbalanced_ctas|c|policy.claso=1"
  "c2050|cta_streams|c|policy.claso=1 claso.p_a=2 claso.p_l=1"
  "ucstates16|smem_tiled|c|policy.gating=ucstates"
  "ucstates16|sfu_heavy|c|policy.gating=ucstates"
  "small|vectoradd-trace|c|policy.cta_limit=dyncta"
  "small|vectoradd-trace|lockstep|policy.claso=1"
  "accelsim/SM6_TITANX|stream_copy|c|"
  "accelsim/SM6_TITANX|reuse_cache|c|policy.cta_limit=dyncta"
  "accelsim/SM7_QV100|gather_irregular|c|"
)
i=0
for r in "${runs[@]}"; do
  IFS='|' read -r preset wl engine sets <<<"$r"
  i=$((i + 1))
  case $wl in
    *-trace) src=(--trace ../shared/testdata/accelsim/vectoradd-100-32) ;;
    *.wl)    src=(--workload "workloads/$wl") ;;
    *)       src=(--workload "workloads/$wl.kern") ;;
  esac
  args=(--config "configs/$preset.cfg" "${src[@]}" --engine "$engine" --quiet)
  for s in $sets; do args+=(--set "$s"); done
  name=$(printf '%02d_%s_%s_%s' "$i" "${preset//\//_}" "${wl%.*}" "$engine")
  "$bin" "${args[@]}" --json "$out/$name.json" --timeline "$out/$name.csv" >/dev/null
  # the row without host_s, ctasim_commit (by name: columns may be added)
  paste -d'\n' <("$bin" --csv-header) <("$bin" "${args[@]}" --csv-row) |
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i != "host_s" && $i != "ctasim_commit") keep[i] = 1; next }
             { s = ""; for (i = 1; i <= NF; i++) if (i in keep) s = s (s == "" ? "" : ",") $i; print s }' \
    > "$out/$name.row"
  sed -i -E -e 's/"host_s(econds)?": *[0-9.e+-]+/"host_s": 0/' \
      -e 's/"ctasim_(commit|build)": *"[^"]*"/"ctasim_\1": "-"/g' "$out/$name.json"
  echo "$name: ${args[*]}" >> "$out/RUNS"
done
echo "golden: $i runs in $out"
