#!/usr/bin/env bash
# calib.sh -- per-instruction calibration of ctasim against Accel-Sim
# (docs/correlation.md "Calibration kernels"). A measurement, not in make test.
#
#   scripts/calib.sh [--out DIR]
#
# Writes each workloads/calib/*.kern as an Accel-Sim trace (build/calib-traces/calib-NAME),
# runs both simulators on it with scripts/correlate.sh (configs/accelsim/SM6_TITANX.cfg,
# Accel-Sim runs kept in $ACCELSIM_HOME/runs and thrown away when the trace's sha256
# changed), then scripts/calib.py turns the pairs of kernels that differ only in length
# into per-unit costs (cycles per dependent SP instruction, per independent one, per
# dependent load, per store, per iteration of seed000/MM's loop; SP instructions per
# cycle of an SM) and the one-CTA run into its cycles: DIR/calib.md (default build/calib).
# Environment: ACCELSIM_HOME (required), CTASIM (default build/rel/ctasim).
# Cost: 13 small runs of each simulator, about a minute.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=build/calib
while [ $# -gt 0 ]; do
  case $1 in
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 2 ;;
    *) echo "calib.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
: "${ACCELSIM_HOME:?calib.sh: set ACCELSIM_HOME to an Accel-Sim build (docs/correlation.md)}"
ctasim=${CTASIM:-build/rel/ctasim}
[ -x "$ctasim" ] || { echo "calib.sh: no ctasim at $ctasim (make first)" >&2; exit 2; }
traces=build/calib-traces runs=$ACCELSIM_HOME/runs cfg=SM6_TITANX
mkdir -p "$out" "$traces" "$runs"
: > "$out/list.txt"
for f in workloads/calib/*.kern; do
  name=calib-$(basename "$f" .kern) t=$traces/calib-$(basename "$f" .kern)
  rm -rf "$t"
  "$ctasim" --workload "$f" --write-trace "$t" > /dev/null
  sha=$(cd "$t" && sha256sum -- * | sha256sum | cut -c1-16)
  stampf=$runs/$name-$cfg.trace-sha256
  if [ -f "$stampf" ] && [ "$(cat "$stampf")" != "$sha" ]; then
    rm -rf "${runs:?}/$name-$cfg" "$runs/$name-$cfg".summary
  fi
  echo "$sha" > "$stampf"
  echo "$(cd "$t" && pwd)" >> "$out/list.txt"
done
"$here/correlate.sh" configs/accelsim/SM6_TITANX.cfg --list "$out/list.txt" --out "$out" --jobs 1 > "$out/correlate.log"
python3 "$here/calib.py" "$out/correlation.csv" | tee "$out/calib.md"
