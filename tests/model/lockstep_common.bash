# lockstep_common.bash -- sourced by tests/model/lockstep_*.sh (not a test itself).
# lockstep_matrix LABEL "PRESET ARGS" WORKLOADS... runs every policy stack of
# tests/model/stacks.txt on every workload with --engine lockstep, two runs at a time, and checks
# for each run: exit status 0 (a mismatch exits 1 with the mismatch message),
# compared cycles > 0, and compared cycles = simulated cycles (every core cycle
# of the run was compared).  Prints one line per run and a summary; returns 1
# on any failure.
set -u
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
BIN=${CTASIM:-build/rel/ctasim}   # CTASIM=path overrides

# Policy stacks: every stack of tests/model/stacks.txt (the table the
# whole-model tests share), as "NAME|--set KEY=VALUE ...".
source tests/model/stacks.bash
STACKS=()
while read -r st; do STACKS+=("$st|$(stack_args "$st")"); done < <(stack_names)

# one_run LABEL PRESET_ARGS STACK WORKLOAD -> "PASS ..." or "FAIL ..." on stdout
one_run() {
    local label=$1 preset=$2 stack=$3 wl=$4
    local name=${stack%%|*} args=${stack#*|} out rc
    # shellcheck disable=SC2086
    out=$($BIN $preset $args --workload "$wl" --engine lockstep --csv-row 2>&1)
    rc=$?
    if [ $rc -ne 0 ]; then
        echo "FAIL lockstep $label $name $(basename "$wl"): exit $rc: $(echo "$out" | tail -1)"
        return
    fi
    local header cycles compared
    header=$($BIN --csv-header)
    cycles=$(paste -d'\n' <(echo "$header" | tr , '\n') <(echo "$out" | tail -1 | tr , '\n') |
             paste - - | awk '$1 == "cycles" {print $2}')
    compared=$(paste -d'\n' <(echo "$header" | tr , '\n') <(echo "$out" | tail -1 | tr , '\n') |
               paste - - | awk '$1 == "compared" {print $2}')
    if [ -z "$compared" ] || [ "$compared" -eq 0 ]; then
        echo "FAIL lockstep $label $name $(basename "$wl"): compared no cycles"
    elif [ "$compared" != "$cycles" ]; then
        echo "FAIL lockstep $label $name $(basename "$wl"): compared $compared of $cycles cycles"
    else
        echo "ok   lockstep $label $name $(basename "$wl"): $compared cycles compared, 0 mismatches"
    fi
}
export -f one_run
export BIN

lockstep_matrix() {
    local label=$1 preset=$2; shift 2
    [ -x "$BIN" ] || { echo "FAIL lockstep $label: no $BIN (make build/rel/ctasim)"; return 1; }
    local jobs=() wl st
    for wl in "$@"; do
        [ -f "$wl" ] || { echo "FAIL lockstep $label: workload $wl missing"; return 1; }
        for st in "${STACKS[@]}"; do jobs+=("$wl" "$st"); done
    done
    local results
    results=$(printf '%s\0' "${jobs[@]}" |
              xargs -0 -n 2 -P 2 bash -c 'one_run "$0" "$1" "$3" "$2"' "$label" "$preset")
    echo "$results"
    local n fails
    n=$(echo "$results" | grep -c '^ok')
    fails=$(echo "$results" | grep -c '^FAIL')
    echo "lockstep $label: ${#STACKS[@]} policy stacks x $# workloads: $n runs passed, $fails failed"
    [ "$fails" -eq 0 ] && [ "$n" -eq $((${#STACKS[@]} * $#)) ]
}
