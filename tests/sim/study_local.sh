#!/usr/bin/env bash
# study_local.sh -- scripts/ctasim-study on this machine (make test-sim; about 20 s):
# the run directories, resuming a study killed half way (only the missing runs
# run again), a failed run reported with its error line while the others go on,
# a changed axis value reruns only its runs, the grid, and the bad study files
# of tests/bad/studies.txt (one line each: file, line and key; exit 2).
source "$(dirname "$0")/checks.bash"
study=scripts/ctasim-study

# ---- resume -----------------------------------------------------------------------
# 8 runs of about 0.3 s each, one at a time; killed (SIGTERM) once 3 have finished.
cat > "$T/r.study" <<'EOF'
name = resume
presets = small
workloads = stream_copy
axis.core.max_ctas = 8 4
seeds = 1 2 3 4
stats = cycles ipc
EOF
$study run "$T/r.study" --out "$T/r" -j 1 > "$T/r1.log" 2>&1 &
pid=$!
for _ in $(seq 1 300); do
    [ "$(ls "$T"/r/runs/*/exit 2>/dev/null | wc -l)" -ge 3 ] && break
    sleep 0.05
done
kill -TERM $pid; wait $pid; rc=$?
k=$(ls "$T"/r/runs/*/exit 2>/dev/null | wc -l)
[ $rc -ne 0 ] && [ "$k" -ge 3 ] && [ "$k" -lt 8 ] && grep -q "stopped by signal 15" "$T/r1.log" &&
    ok "killed half way: $k of 8 runs finished, exit $rc" || bad "kill: rc=$rc k=$k $(cat "$T/r1.log")"
stat -c '%n %i %Y' "$T"/r/runs/*/exit > "$T/before"
# the tool exits only when its runs have: nothing of the study is left running
# (its frozen binary or a run's cmd.sh), and no run finishes afterwards
pgrep -f "$T/r/" > /dev/null && bad "a run of the killed study is still running: $(pgrep -af "$T/r/")"
sleep 0.5
[ "$(ls "$T"/r/runs/*/exit 2>/dev/null | wc -l)" -eq "$k" ] ||
    bad "a run finished after the study stopped ($k finished when it exited)"
$study run "$T/r.study" --out "$T/r" -j 2 > "$T/r2.log" 2>&1 || bad "resume run failed: $(cat "$T/r2.log")"
grep -q "^resume: 8 runs, $k finished already, $((8 - k)) to run" "$T/r2.log" &&
    grep -q "^resume: $((8 - k)) ran, 0 failed" "$T/r2.log" &&
    ok "rerun: only the $((8 - k)) missing runs ran" || bad "rerun: $(cat "$T/r2.log")"
while read -r f i m; do
    [ "$(stat -c '%n %i %Y' "$f")" = "$f $i $m" ] || bad "finished run's exit record rewritten: $f"
done < "$T/before"
$study run "$T/r.study" --out "$T/r" > "$T/r3.log" 2>&1 &&
    grep -q "8 runs, 8 finished already, 0 to run" "$T/r3.log" && ok "third run: nothing to run" ||
    bad "third run: $(cat "$T/r3.log")"
$study status "$T/r.study" --out "$T/r" | grep -q "8 runs: 8 done, 0 failed, 0 running, 0 pending, 0 not run" &&
    ok "status: 8 done" || bad "status: $($study status "$T/r.study" --out "$T/r")"
# a changed axis value: only its runs are new; a new fixed override: every run
sed -i 's/^seeds = 1 2 3 4$/seeds = 1 2 3 5/' "$T/r.study"
$study run "$T/r.study" --out "$T/r" > "$T/r4.log" 2>&1
grep -q "8 runs, 6 finished already, 2 to run" "$T/r4.log" && ok "a changed seed reruns only its 2 runs" ||
    bad "changed axis: $(cat "$T/r4.log")"
echo "set = core.sched=lrr" >> "$T/r.study"
$study run "$T/r.study" --out "$T/r" > "$T/r5.log" 2>&1
grep -q "8 runs, 0 finished already, 8 to run" "$T/r5.log" && ok "a new fixed override reruns every run" ||
    bad "changed study: $(cat "$T/r5.log")"

# ---- run directory contents, a failed run, the grid ---------------------------------
cat > "$T/f.study" <<'EOF'
name = failing
presets = small
workloads = stream_copy compute_fma
stack.p = ok: policy.cta_limit=max | short: run.max_cycles=2000
stats = cycles ipc cta_util n_max=max:kernels.*.n_max
run_name = {workload}-{p}
EOF
$study run "$T/f.study" --out "$T/f" -j 2 > "$T/f.log" 2>&1; rc=$?
nf=$(grep -c "failed (exit 1): ctasim: " "$T/f.log")
[ $rc -eq 1 ] && [ "$nf" -eq 2 ] && grep -q "^failing: 2 ran, 2 failed" "$T/f.log" &&
    ok "2 failed runs reported with ctasim's line, the 2 others ran (exit 1)" || bad "failed runs: rc=$rc $(cat "$T/f.log")"
d=$T/f/runs/stream_copy-ok
for x in cmd.sh command args commit config.dump row.csv out.json stderr exit; do
    [ -s "$d/$x" ] || [ "$x" = stderr ] || bad "run directory lacks $x"
done
grep -q "^core.count = 4" "$d/config.dump" && grep -q "^commit=$(git rev-parse HEAD)" "$d/commit" &&
    grep -q "^rc=0$" "$d/exit" && ok "run directory: command, config dump, commit, exit record" ||
    bad "run directory: $(ls "$d")"
frozen=$(awk '{ print $4 }' "$d/command")
case "$frozen" in "$T/f/bin/"*/ctasim) cmp -s "$frozen" "$bin" && ok "frozen binary $frozen" ||
    bad "frozen binary differs" ;; *) bad "command does not run the frozen binary: $frozen" ;; esac
cp "$d/row.csv" "$T/row.before"
(cd / && bash "$d/cmd.sh") && [ "$(cut -d, -f1-19 "$d/row.csv")" = "$(cut -d, -f1-19 "$T/row.before")" ] &&
    ok "cmd.sh reruns the run by hand, same row (but host_s)" ||
    bad "cmd.sh does not rerun by hand"
$study status "$T/f.study" --out "$T/f" > "$T/fs.log"
grep -q "4 runs: 2 done, 2 failed" "$T/fs.log" && grep -q "failed stream_copy-short: exit 1: ctasim: " "$T/fs.log" &&
    ok "status lists the failed runs with their line" || bad "status: $(cat "$T/fs.log")"
$study collect "$T/f.study" --out "$T/f" > /dev/null 2>&1; rc=$?
want="name,preset,workload,p,status,commit,cycles,ipc,cta_util,n_max"
[ $rc -eq 1 ] && [ "$(head -n1 "$T/f/grid.csv")" = "$want" ] || bad "grid header: $(head -n1 "$T/f/grid.csv") (collect exit $rc)"
ref=$("$bin" --config configs/small.cfg --workload workloads/compute_fma.kern --set policy.cta_limit=max --quiet --csv-row)
cyc=$(echo "$ref" | cut -d, -f6) ipc=$(echo "$ref" | cut -d, -f8)
grep -q "^compute_fma-ok,small,compute_fma,ok,done,$(git rev-parse HEAD),$cyc,$ipc,0\.[0-9]*,8$" "$T/f/grid.csv" &&
    grep -q "^compute_fma-short,small,compute_fma,short,failed,[0-9a-f]*,,,,$" "$T/f/grid.csv" &&
    ok "grid: one row per run, the csv-row and JSON values, failed rows empty" || bad "grid: $(cat "$T/f/grid.csv")"

# ---- progress bar: on a terminal only ------------------------------------------------
if command -v script > /dev/null; then
    env -u CI script -qec "$study run $T/r.study --out $T/tty -j 2" "$T/tty.log" > /dev/null 2>&1
    grep -q $'\r\[#*\.*\] 4/8 ' "$T/tty.log" && ok "progress bar on a terminal" || bad "no bar on a tty: $(cat -v "$T/tty.log" | head -c 300)"
fi
$study run "$T/r.study" --out "$T/notty" -j 2 > "$T/notty.log" 2>&1
grep -q $'\r' "$T/notty.log" && bad "progress bar into a file: $(cat -v "$T/notty.log")" || ok "no progress bar into a file"

# ---- bad study files ----------------------------------------------------------------
n=0
while IFS= read -r row; do
    case "$row" in '#'*|'') continue ;; esac
    pat=${row%% ||| *}; rest=${row#* ||| }
    text=${rest%% ||| *}; opts=""
    [ "$rest" != "$text" ] && opts=${rest#* ||| }
    f=$T/bad$n.study; n=$((n + 1))
    printf "$text" > "$f"
    # shellcheck disable=SC2086
    out=$($study check "$f" $opts 2>&1 >/dev/null); rc=$?
    if [ $rc -eq 2 ] && [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] && [[ "$out" =~ ^ctasim-study:\ ${f//./\\.}${pat#F} ]]; then :; else
        bad "bad study row $n: exit $rc, '$out' does not match '$pat'"
    fi
done < tests/bad/studies.txt
ok "$n bad study files refused with file, line and key (tests/bad/studies.txt)"
exit $fail
