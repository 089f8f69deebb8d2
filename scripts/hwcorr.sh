#!/usr/bin/env bash
# hwcorr.sh -- ctasim against silicon: runs ctasim on traces whose real elapsed
# cycles are known and writes the table, the mean absolute percentage error
# (MAPE) and a log-log plot, like scripts/correlate.sh does against Accel-Sim
# (docs/silicon.md, "Correlation with silicon").
#
#   scripts/hwcorr.sh PRESET [--out DIR] [--set KEY=VALUE]... SOURCE...
#
# A SOURCE is
#   - a trace folder in the mgpusim layout (sarchlab/mgpusim nvidia/data/NAME):
#     kernelslist.g, the traces, and `gt` = silicon's elapsed cycles of the run
#     (ncu "Elapsed Cycles" summed over its kernels); an INFO file's
#     DeviceName is copied into the table;
#   - a CSV file `trace,cycles[,device]` (a header line allowed; ncu's
#     gpc__cycles_elapsed.max summed per run), trace folders relative to the
#     CSV's folder.
# DIR (default build/hwcorr) gets table.md, table.csv, summary.txt, cycles.dat,
# cycles.gp and cycles.png (gnuplot), ctasim/NAME.json.  The reported cycles
# are ctasim's elapsed cycles (docs/config.md, "Launch overheads").  A trace
# that checks a preset must never be used to set its keys (hwcalib/ sets them
# from microbenchmarks).  Exit 0 with the summary on stdout; 2 on bad input.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
ctasim=${CTASIM:-$here/../build/rel/ctasim}
usage() { echo "usage: hwcorr.sh PRESET [--out DIR] [--set KEY=VALUE]... SOURCE..." >&2; exit 2; }
[ $# -ge 2 ] || usage
preset=$1; shift
out=build/hwcorr sets=() srcs=()
while [ $# -gt 0 ]; do
  case $1 in
    --out) [ $# -ge 2 ] || usage; out=$2; shift 2 ;;
    --set) [ $# -ge 2 ] || usage; sets+=(--set "$2"); shift 2 ;;
    -*) usage ;;
    *) srcs+=("$1"); shift ;;
  esac
done
[ ${#srcs[@]} -gt 0 ] || usage
[ -f "$preset" ] || { echo "hwcorr.sh: no preset $preset" >&2; exit 2; }
[ -x "$ctasim" ] || { echo "hwcorr.sh: no ctasim at $ctasim (make)" >&2; exit 2; }
mkdir -p "$out/ctasim"
list=$out/runs.tsv
: > "$list"

# trace folder, silicon cycles, device -> one line of runs.tsv after the run
run_one() {
  local t=$1 gt=$2 dev=$3 name json
  name=$(basename "$t")
  json=$out/ctasim/$name.json
  case $gt in ''|*[!0-9]*) echo "hwcorr.sh: $t: silicon cycles '$gt' not a whole number" >&2; exit 2 ;; esac
  [ -f "$t/kernelslist.g" ] || { echo "hwcorr.sh: $t: no kernelslist.g" >&2; exit 2; }
  if ! "$ctasim" --config "$preset" "${sets[@]}" --trace "$t" --engine c --quiet --json "$json" \
       > "$json.log" 2>&1; then
    echo "hwcorr.sh: ctasim failed on $t: $(tail -n 1 "$json.log")" >&2
    exit 2
  fi
  printf '%s\t%s\t%s\t%s\n' "$name" "$gt" "$json" "$dev" >> "$list"
}

for s in "${srcs[@]}"; do
  if [ -d "$s" ]; then
    [ -f "$s/gt" ] || { echo "hwcorr.sh: $s: no gt file (silicon cycles)" >&2; exit 2; }
    dev=$(sed -n 's/^DeviceName: *//p' "$s/INFO" 2>/dev/null | head -n 1)
    run_one "$s" "$(tr -d '[:space:]' < "$s/gt")" "${dev:--}"
  elif [ -f "$s" ]; then
    base=$(cd "$(dirname "$s")" && pwd)
    n=0
    while IFS=, read -r t c d; do
      n=$((n + 1))
      t=${t//[[:space:]]/}; c=${c//[[:space:]]/}
      [ -n "$t" ] || continue
      [ $n = 1 ] && [ "$t" = trace ] && continue
      case $t in /*) ;; *) t=$base/$t ;; esac
      [ -d "$t" ] || { echo "hwcorr.sh: $s:$n: no trace folder $t" >&2; exit 2; }
      run_one "$t" "$c" "${d:--}"
    done < "$s"
  else
    echo "hwcorr.sh: $s: neither a trace folder nor a CSV file" >&2; exit 2
  fi
done

head="<!-- written by: scripts/hwcorr.sh $preset ${sets[*]:-} ${srcs[*]}; $(date -u +%Y-%m-%dT%H:%M:%SZ); ctasim $(git -C "$here/.." rev-parse --short HEAD 2>/dev/null || echo unknown) -->"
python3 - "$list" "$out" "$preset" "${sets[*]:-}" "$head" <<'PY'
import json, sys
lst, out, preset, sets, head = sys.argv[1:6]
rows = []
for ln in open(lst):
    name, gt, js, dev = ln.rstrip("\n").split("\t")
    c = json.load(open(js))["total"]["cycles"]
    rows.append((name, int(gt), c, dev))
errs = [abs(c - g) / g for _, g, c, _ in rows]
mape = 100 * sum(errs) / len(errs)
with open(f"{out}/table.csv", "w") as f:
    f.write("trace,device,silicon_cycles,ctasim_cycles,error_pct\n")
    for n, g, c, d in rows:
        f.write(f"{n},{d},{g},{c},{100 * (c - g) / g:.1f}\n")
with open(f"{out}/table.md", "w") as f:
    f.write(head + "\n\n")
    f.write(f"Preset {preset}{' with ' + sets if sets.strip() else ''}: ctasim's elapsed cycles against "
            "silicon's (ncu Elapsed Cycles).\n\n| trace | device | silicon | ctasim | error |\n|---|---|---:|---:|---:|\n")
    for n, g, c, d in rows:
        f.write(f"| {n} | {d} | {g} | {c} | {100 * (c - g) / g:+.1f} % |\n")
    f.write(f"\nMAPE {mape:.1f} % over {len(rows)} traces.\n")
with open(f"{out}/cycles.dat", "w") as f:
    for n, g, c, d in rows:
        f.write(f"{g} {c} {n}\n")
lo = min(min(g, c) for _, g, c, _ in rows) / 2
hi = max(max(g, c) for _, g, c, _ in rows) * 2
with open(f"{out}/cycles.gp", "w") as f:
    f.write(f"""set terminal pngcairo size 640,560
set output 'cycles.png'
set logscale xy
set xrange [{lo}:{hi}]
set yrange [{lo}:{hi}]
set xlabel 'silicon elapsed cycles'
set ylabel 'ctasim cycles'
set key top left
set title 'ctasim vs silicon: MAPE {mape:.1f} % over {len(rows)} traces'
plot 'cycles.dat' using 1:2 with points pt 7 ps 1 title 'traces', x with lines dt 2 title 'y = x'
""")
summary = f"hwcorr: {len(rows)} traces, MAPE {mape:.1f} % (preset {preset}{' ' + sets if sets.strip() else ''})"
open(f"{out}/summary.txt", "w").write(summary + "\n")
print(open(f"{out}/table.md").read(), end="")
print(summary)
PY
if command -v gnuplot > /dev/null; then
  (cd "$out" && gnuplot cycles.gp 2>/dev/null) && echo "plot: $out/cycles.png"
else
  echo "hwcorr.sh: no gnuplot: $out/cycles.gp not drawn" >&2
fi
