#!/usr/bin/env bash
# decisions.sh -- the decision trace (--decisions, docs/files.md): for each
# unit a short run whose rows are checked against the unit's rule recomputed
# from each row's own inputs (tests/sim/check_decisions.py), with rows of
# that unit only; refused for the rtl engine.  The checks of the trace under
# a given policy (lockstep = c, a stopped run, a paper preset) are in
# tests/model/decisions_policy.sh.
source "$(dirname "$0")/checks.bash"
small=(--config configs/small.cfg --quiet)

# unit | workload | settings: each unit's CASES (units/UNIT/decisions.py)
while IFS='|' read -r unit wl sets; do
    args=()
    for s in $sets; do args+=(--set "$s"); done
    "$bin" "${small[@]}" --workload "workloads/$wl" "${args[@]}" --decisions "$T/$unit.csv" \
        > "$T/$unit.out" 2>&1; rc=$?
    if [ $rc -eq 0 ] && python3 tests/sim/check_decisions.py "$T/$unit.csv" "$unit" > "$T/$unit.chk"; then
        ok "$unit: every row follows the rule: $(cat "$T/$unit.chk")"
        # only the obeyed units write rows (each case obeys its unit alone)
        if cut -d, -f3 "$T/$unit.csv" | tail -n +2 | grep -qv "^$unit\$"; then
            bad "$unit: rows of units the policy does not obey"
        fi
    else
        bad "$unit: rc=$rc $(cat "$T/$unit.out" "$T/$unit.chk" 2>/dev/null | head -5)"
    fi
done < <(python3 tests/sim/check_decisions.py --cases)

# refused for rtl before the run, nothing created; no temporary left behind
"$bin" "${small[@]}" --engine rtl --decisions "$T/r.csv" > "$T/r.out" 2>&1; rc=$?
if [ $rc -eq 2 ] && [ ! -e "$T/r.csv" ] && [ -z "$(ls -A "$T" | grep '^\.')" ]; then
    ok "--decisions with the rtl engine refused before the run"
else
    bad "rtl: rc=$rc $(cat "$T/r.out")"
fi

exit $fail
