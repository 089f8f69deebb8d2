#!/usr/bin/env bash
# run_tests.sh SUITE CMD...   run each command, record PASS/FAIL in build/test-results.txt
# run_tests.sh summary        print "N passed, N failed" and exit non-zero on any failure
set -u
results=build/test-results.txt
logdir=build/test-logs
mkdir -p "$logdir"
suite=$1; shift
if [ "$suite" = summary ]; then
    [ -f "$results" ] || { echo "no tests ran"; echo "0 passed, 1 failed"; exit 1; }
    pass=$(grep -c '^PASS' "$results"); fail=$(grep -c '^FAIL' "$results")
    grep '^FAIL' "$results" | sed 's/^/  /'
    echo "tests: $pass passed, $fail failed"
    [ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
    exit $?
fi
for cmd in "$@"; do
    name=$(basename "${cmd%% *}")
    case "$cmd" in */rtltest/*) name=rtl_$(basename "$(dirname "${cmd%% *}")");; esac
    case "$cmd" in vvp*) first=${cmd#vvp -n }; first=${first%% *}
                         name=icarus_$(basename "$first" .vvp); name=${name/icarus_tb_/icarus_};; esac
    log="$logdir/$suite-$name.log"
    start=$(date +%s%N)
    if [ -x "${cmd%% *}" ] || command -v "${cmd%% *}" >/dev/null; then
        bash -c "$cmd" >"$log" 2>&1; rc=$?
    else
        rc=127; echo "not executable: $cmd" >"$log"
    fi
    # an Icarus testbench reports failure in its output; vvp's exit code is not enough
    if [ $rc -eq 0 ] && grep -q -E '^(FAIL|ERROR)' "$log"; then rc=1; fi
    ms=$(( ($(date +%s%N) - start) / 1000000 )); secs=$((ms / 1000)).$(( (ms % 1000) / 100 ))
    if [ $rc -eq 0 ]; then
        echo "PASS $suite/$name (${secs}s)" | tee -a "$results"
    else
        echo "FAIL $suite/$name (${secs}s, exit $rc, log $log)" | tee -a "$results"
        tail -n 30 "$log" | sed 's/^/    | /'
    fi
done
exit 0
