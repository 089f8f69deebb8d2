#!/usr/bin/env bash
# trace_lockstep.sh -- the real Accel-Sim trace (../shared/testdata) under the
# lockstep engine with several policy stacks and presets: zero mismatches,
# every cycle compared, and the file's 10516 thread instructions executed.
# (c2050 cut to 8 cores: the 8 x 6 model tests/model/lockstep_c2050x8.sh builds;
# the stacks by name from tests/model/stacks.txt.)
set -u
cd "$(dirname "$0")/../.."
BIN=${CTASIM:-build/rel/ctasim}
TRACE=../shared/testdata/accelsim/vectoradd-100-32
fail=0
source tests/model/stacks.bash
runs=(
  "--config configs/small.cfg $(stack_args "$(preset_stack small)")"
  "--config configs/kayiran30.cfg $(stack_args arcta)"
  "--config configs/c2050.cfg --set core.count=8 --set dyncore.k=4 --set policy.dyncore=1 --set policy.cta_limit=dyncta"
)
header=$($BIN --csv-header)
col() { paste <(echo "$header" | tr , '\n') <(echo "$1" | tr , '\n') | awk -v k="$2" '$1 == k {print $2}'; }
for args in "${runs[@]}"; do
    # shellcheck disable=SC2086
    out=$($BIN $args --trace "$TRACE" --engine lockstep --csv-row 2>&1)
    rc=$?
    row=$(echo "$out" | grep -v '^ ' | tail -1)
    if [ $rc -ne 0 ]; then echo "FAIL trace lockstep ($args): exit $rc: $(echo "$out" | tail -1)"; fail=1; continue; fi
    t=$(col "$row" thread_insts); c=$(col "$row" cycles); k=$(col "$row" compared)
    if [ "$t" != 10516 ]; then echo "FAIL trace lockstep ($args): $t thread instructions, want 10516"; fail=1
    elif [ "$k" != "$c" ] || [ "$k" -eq 0 ]; then echo "FAIL trace lockstep ($args): compared $k of $c cycles"; fail=1
    else echo "ok   trace lockstep ($args): $c cycles compared, 10516 thread instructions"; fi
done
exit $fail
