#!/usr/bin/env bash
# safety.sh -- what the program and its scripts do with what a user gives them
# beyond the one-line table of tests/bad (docs/files.md): a signal during
# --rtl-power ends the replay's
# whole process group and leaves no work folder, temporary or half result; the
# study tool refuses a FIFO or a device as its file, kills its runs on SIGHUP
# (no orphans) and refuses a statistic no run has; regress.py and correlate.sh
# answer bad input with one line (no traceback) and regress.py buckets a
# segfault the same whether Python sees -11 or the shell 139.  Every output
# is aimed at files and FIFOs made here, in $T.
source "$(dirname "$0")/checks.bash"
study=scripts/ctasim-study

# ---- SIGTERM during --rtl-power: the replay's group killed, nothing left -------------
if command -v yosys > /dev/null && command -v iverilog > /dev/null && command -v fst2vcd > /dev/null; then
    echo old > "$T/rp.json"
    export TMPDIR=$T/tmp; mkdir -p "$TMPDIR"
    export CTASIM_POWER_CACHE=$T/cache
    "$bin" --engine rtl --set policy.cta_limit=dyncta --rtl-power "$T/rp.json" --quiet 2>/dev/null &
    pid=$!
    for _ in $(seq 1 600); do pgrep -f "rtl_power.sh $T/tmp" > /dev/null && break; sleep 0.1; done
    sleep 1
    grp=$(pgrep -f "rtl_power.sh $T/tmp" | head -1)
    kill -TERM $pid; wait $pid; rc=$?
    sleep 0.5
    left=$( [ -n "$grp" ] && pgrep -g "$grp" | xargs -r ps -o stat= -p | grep -vc Z)
    if [ -n "$grp" ] && [ $rc -eq 143 ] && [ "${left:-0}" -eq 0 ] && [ "$(cat "$T/rp.json")" = old ] &&
       [ -z "$(ls -A "$T/tmp")" ] && [ -z "$(find "$T" -maxdepth 1 -name '.rp.json*')" ] &&
       [ -z "$(find "$T/cache" -name '*.v.*' 2>/dev/null)" ]; then
        ok "SIGTERM in --rtl-power: exit 143, replay group ended, no work folder, temporary or half netlist"
    else
        bad "SIGTERM in --rtl-power: rc=$rc group=$grp left=$left tmp=$(ls -A "$T/tmp") cache=$(ls -A "$T/cache" 2>/dev/null)"
    fi
    unset TMPDIR CTASIM_POWER_CACHE
else
    ok "SIGTERM in --rtl-power: skipped (yosys, iverilog or fst2vcd missing)"
fi

# ---- the study tool -------------------------------------------------------------------
mkfifo "$T/fifo.study"; ln -s /dev/zero "$T/zero.study"
for f in fifo zero; do
    out=$(timeout 20 $study check "$T/$f.study" 2>&1); rc=$?
    [ $rc -eq 2 ] && [[ $out =~ ^ctasim-study:\ .*/$f.study:0:\ is\ a\ (FIFO|device),\ not\ a\ study\ file$ ]] &&
        ok "study file that is a $f: refused in one line" || bad "study $f: rc=$rc $out"
done
cat > "$T/h.study" <<'EOF'
name = hup
presets = kayiran30
workloads = stream_copy
seeds = 1 2 3 4
EOF
$study run "$T/h.study" --out "$T/h" -j 2 > "$T/h.log" 2>&1 &
pid=$!
for _ in $(seq 1 300); do pgrep -f "$T/h/bin/" > /dev/null && break; sleep 0.1; done
kill -HUP $pid; wait $pid; rc=$?
sleep 0.5
[ $rc -eq 129 ] && ! pgrep -f "$T/h/bin/" > /dev/null &&
    ok "SIGHUP to the study tool ends its runs (exit 129, no orphans)" ||
    { bad "study SIGHUP: rc=$rc, still running: $(pgrep -af "$T/h/bin/")"; pkill -f "$T/h/bin/"; }
cat > "$T/s.study" <<'EOF'
name = nostat
presets = small
workloads = stream_copy
stats = cycles kernels.*.no_such_stat
EOF
out=$($study run "$T/s.study" --out "$T/s" 2>&1); rc=$?
[ $rc -eq 2 ] && [[ $out =~ s.study:4:\ stats:\ \'kernels.\*.no_such_stat\':\ \'no_such_stat\'\ is\ no\ key\ of\ the\ JSON\ report ]] &&
    [ ! -e "$T/s/runs" ] && ok "a statistic no run can have is refused before any run" || bad "missing statistic: rc=$rc $out"

# ---- regress.py, correlate.sh: one line, no traceback ---------------------------------
one_line() {   # NAME EXPECTED_RC REGEX COMMAND...
    local name=$1 want=$2 rx=$3; shift 3
    out=$("$@" 2>&1 >/dev/null); rc=$?
    if [ $rc -eq "$want" ] && [ "$(printf '%s\n' "$out" | grep -c .)" -le 6 ] &&
       ! grep -q Traceback <<< "$out" && grep -Eq -- "$rx" <<< "$out"; then ok "$name"
    else bad "$name: rc=$rc $out"; fi
}
one_line "regress: a bad --filter regex" 2 "--filter '\(': not a regular expression" \
    python3 scripts/regress.py --filter '(' --list-jobs
one_line "regress: a missing list" 2 "^regress: $T/none:0: cannot read the regression list" \
    python3 scripts/regress.py --list "$T/none" --list-jobs
printf 'test a seeds=x cmd=true\n' > "$T/n.list"
one_line "regress: a non-number in the list" 2 "^regress: $T/n.list:1: seeds='x': not a whole number$" \
    python3 scripts/regress.py --list "$T/n.list" --list-jobs
printf 'test seg seeds=1 timeout=20 cmd=kill -SEGV $$\n' > "$T/s.list"
one_line "regress: --out a file" 3 "^regress: $T/n.list/logs: Not a directory$" \
    python3 scripts/regress.py --list "$T/s.list" --out "$T/n.list" --no-waves
printf 'test segpy seeds=1 timeout=20 cmd=kill -SEGV $$\ntest segsh seeds=1 timeout=20 cmd=sh -c "kill -SEGV \\$\\$"; exit $?\n' > "$T/s.list"
python3 scripts/regress.py --list "$T/s.list" --out "$T/rg" --no-waves > "$T/rg.log" 2>&1
[ "$(grep -c '| - | crash | killed by SIGSEGV$' "$T/rg/summary.txt")" -eq 2 ] &&
    ok "regress: a segfault is a crash, killed by SIGSEGV, as -11 and as 139" ||
    bad "regress segfault buckets: $(cat "$T/rg/summary.txt")"
one_line "correlate.sh: an option without its value" 2 "^correlate.sh: --list needs a value" \
    bash scripts/correlate.sh configs/small.cfg --list
one_line "correlate.sh: a missing list" 2 "^correlate.sh: $T/none: no such list file" \
    bash scripts/correlate.sh configs/small.cfg --list "$T/none"
[ $fail -eq 0 ] && echo "safety: all checks passed"
exit $fail
