#!/usr/bin/env bash
# timeline_plots.sh -- scripts/plot_timeline.sh on the timeline of a run under the
# small preset's paper stack (tests/model/presets.txt: DYNCTA + CLASO + uC-States,
# run by `make test-sim`; a few seconds): the CTA-limit and tuning plots, and
# CLASO's credits plot (units/claso/timeline.sh): its local credits start at
# ceil(16 CTAs / 4 cores) = 4 (seed 003 Alg. 1), so some credit is non-zero and
# the plot must be drawn.  A bad row is one line naming file, line and problem.
set -euo pipefail
cd "$(dirname "$0")/../.."
source tests/model/stacks.bash
bin=build/rel/ctasim
tmp=$(mktemp -d /tmp/timeline_plots.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL timeline_plots: $*"; exit 1; }
[ -x "$bin" ] || fail "no $bin (make build/rel/ctasim)"
# the kernel of tests/sim/sweep_smoke.sh: 16 CTAs, 2 per core by shared memory
kern=tests/data/wl/tiny_smem2.kern
# shellcheck disable=SC2046
"$bin" --config configs/small.cfg --workload "$kern" $(stack_args "$(preset_stack small)") \
    --set run.timeline_period=64 --quiet --timeline "$tmp/tl.csv" ||
    fail "ctasim --timeline failed"
scripts/plot_timeline.sh "$tmp/tl.csv" "$tmp/tl" > "$tmp/log" 2>&1 || fail "plot_timeline.sh: $(tail -n1 "$tmp/log")"
made=$(grep -o 'in .*: .*' "$tmp/log" || true)
for p in cta_limit.png tuning_core0.png credits.png; do
    [ -s "$tmp/tl/$p" ] || fail "timeline plot $p missing or empty"
done
sed '3s/^\([0-9]*\),/\1x,/' "$tmp/tl.csv" > "$tmp/bad.csv"
if scripts/plot_timeline.sh "$tmp/bad.csv" "$tmp/x" > "$tmp/log" 2>&1; then fail "plot_timeline.sh accepted a bad row"; fi
grep -q "^plot_timeline.sh: $tmp/bad.csv:3: not an integer" "$tmp/log" || fail "plot_timeline.sh message: $(cat "$tmp/log")"
echo "PASS timeline_plots: $made"
