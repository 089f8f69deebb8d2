#!/usr/bin/env bash
# golden.sh -- record the JSON, timeline and CSV row of a fixed set of runs
# (presets x workloads x engines x policy stacks, tests/model/golden.txt), so that a refactoring can
# be checked to change no statistic:
#   scripts/golden.sh OUTDIR            record (build/rel/ctasim)
#   diff -r BEFORE AFTER                empty when nothing changed
# Host times are removed from the outputs (they are the only nondeterminism),
# and so are the commit and build id (they identify the program, not the run).
set -euo pipefail
out=${1:?usage: golden.sh OUTDIR}
bin=${CTASIM:-build/rel/ctasim}
mkdir -p "$out"
# the runs: tests/model/golden.txt (PRESET WORKLOAD ENGINE [SETTING...]; a setting
# without "=" names a policy stack of tests/model/stacks.txt)
source tests/model/stacks.bash
runs=()
while read -r preset wl engine rest; do
  sets=$(expand_sets $rest)
  runs+=("$preset|$wl|$engine|$sets")
done < <(grep -v -e '^#' -e '^[[:space:]]*$' tests/model/golden.txt)
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
