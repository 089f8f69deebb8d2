#!/usr/bin/env bash
# study_slurm.sh -- scripts/ctasim-study on a real Slurm (make test-sim; about 15 s).
# As root: brings up munged, slurmctld and slurmd on localhost from a generated
# slurm.conf (one node with this machine's cores, no cgroup plugins, no
# accounting, state and logs in the scratch folder, ports of its own), submits
# a 4-run study as one job array (throttled to 2 at once), waits for it,
# collects the grid and compares it cell for cell with the same study run
# --on local.  The daemons are always shut down (trap).  If a daemon cannot
# start, the test FAILS quoting its log; it never skips.
source "$(dirname "$0")/checks.bash"
study=scripts/ctasim-study
S=$T/slurm
mkdir -p "$S/munge" "$S/state" "$S/spool" "$S/log"
chmod 755 "$T" "$S"; chmod 700 "$S/munge"

stop_daemons() {
    [ -n "${SLURM_CONF:-}" ] && command -v scancel >/dev/null && scancel --quiet --name=ctasim-slurmtest 2>/dev/null
    for p in "$S/slurmd.pid" "$S/slurmctld.pid"; do
        [ -s "$p" ] && kill "$(cat "$p")" 2>/dev/null
    done
    [ -S "$S/munge/sock" ] && munged -s --socket="$S/munge/sock" >/dev/null 2>&1
    sleep 0.5
    for p in "$S/slurmd.pid" "$S/slurmctld.pid"; do
        [ -s "$p" ] && kill -9 "$(cat "$p")" 2>/dev/null
    done
    rm -rf "$T"
}
trap stop_daemons EXIT

# the first fatal, else error line of a daemon's log and its stderr (else their last line)
logline() {
    cat "$1" "$1.stderr" 2>/dev/null | grep -m1 -i 'fatal' ||
        cat "$1" "$1.stderr" 2>/dev/null | grep -v 'pmix' | grep -m1 -i 'error' ||
        cat "$1" "$1.stderr" 2>/dev/null | tail -n1 | grep . || echo "(nothing in $1)"
}
die_daemon() { bad "$1 did not start: $(logline "$2")"; exit 1; }

[ "$(id -u)" -eq 0 ] || { bad "must run as root to start munged/slurmctld/slurmd"; exit 1; }
for t in munged slurmctld slurmd sbatch squeue sinfo; do
    command -v $t >/dev/null || { bad "$t not installed (scripts/install-deps.sh installs slurm-wlm munge)"; exit 1; }
done

# ---- daemons -----------------------------------------------------------------------
dd if=/dev/urandom of="$S/munge/munge.key" bs=128 count=1 2>/dev/null; chmod 600 "$S/munge/munge.key"
munged -f --socket="$S/munge/sock" --key-file="$S/munge/munge.key" --log-file="$S/log/munged.log" \
    --pid-file="$S/munge/munged.pid" --seed-file="$S/munge/seed" 2> "$S/log/munged.log.stderr" || die_daemon munged "$S/log/munged.log"
base=$((20000 + ($$ % 4000) * 2))      # two ports of this test's own
cat > "$S/slurm.conf" <<EOF
ClusterName=ctasimtest
SlurmctldHost=localhost
SlurmctldPort=$base
SlurmdPort=$((base + 1))
AuthType=auth/munge
AuthInfo=socket=$S/munge/sock
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$S/state
SlurmdSpoolDir=$S/spool
SlurmctldPidFile=$S/slurmctld.pid
SlurmdPidFile=$S/slurmd.pid
SlurmctldLogFile=$S/log/slurmctld.log
SlurmdLogFile=$S/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MpiDefault=none
NodeName=localhost CPUs=$(nproc) RealMemory=$(awk '/MemTotal/ { print int($2 / 1024) }' /proc/meminfo) State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$S/slurm.conf
slurmctld -i 2> "$S/log/slurmctld.log.stderr" || die_daemon slurmctld "$S/log/slurmctld.log"
slurmd -N localhost 2> "$S/log/slurmd.log.stderr" || die_daemon slurmd "$S/log/slurmd.log"
up=0
for _ in $(seq 1 60); do
    if sinfo -h -N -o '%T' 2>/dev/null | grep -q -E '^(idle|mixed|allocated)'; then up=1; break; fi
    sleep 0.5
done
[ $up -eq 1 ] || { bad "the node never came up: slurmctld: $(logline "$S/log/slurmctld.log"); slurmd: $(logline "$S/log/slurmd.log")"; exit 1; }
ok "munged, slurmctld, slurmd up (ports $base, $((base + 1)))"

# ---- the study -------------------------------------------------------------------
cat > "$T/s.study" <<'EOF'
name = slurmtest
presets = small
workloads = stream_copy compute_fma
stack.policy = max: policy.cta_limit=max | static2: policy.cta_limit=static policy.static_n=2
stats = cycles ipc roundtrip l1_hit power_w energy_j cta_util n_max=max:kernels.*.n_max
slurm.partition = debug
slurm.time = 5
slurm.mem = 500
EOF
if ! $study run "$T/s.study" --on slurm --throttle 2 --out "$T/sl" > "$T/sub.log" 2>&1; then
    bad "run --on slurm: $(tail -n1 "$T/sub.log")"; exit 1
fi
grep -q -- '--array=0-3%2' "$T/sub.log" && grep -q -- '--partition=debug' "$T/sub.log" &&
    grep -q -- '--time=5' "$T/sub.log" && grep -q -- '--mem=500' "$T/sub.log" &&
    ok "one sbatch --array=0-3%2 with partition, time, memory" || bad "sbatch line: $(cat "$T/sub.log")"
# right after submission every run is pending, running or done, none unknown
st=$($study status "$T/s.study" --out "$T/sl" 2>&1 | head -n1)
[[ "$st" =~ "0 failed" && "$st" =~ "0 not run" ]] && ok "status from squeue: $st" || bad "status after submit: $st"
# a second run while the array is queued or running submits nothing again
$study run "$T/s.study" --on slurm --out "$T/sl" > "$T/sub2.log" 2>&1
grep -q ", 0 to run (slurm" "$T/sub2.log" && [ "$(wc -l < "$T/sl/slurm/jobs")" -eq 1 ] &&
    ok "run again meanwhile: nothing resubmitted ($(head -n1 "$T/sub2.log" | cut -d: -f2 | cut -d'(' -f1))" ||
    bad "second run: $(cat "$T/sub2.log")"
if ! $study status "$T/s.study" --out "$T/sl" --wait --timeout 90 > "$T/st.log" 2>&1; then
    bad "the array did not finish: $(cat "$T/st.log") slurmd: $(logline "$S/log/slurmd.log")"; exit 1
fi
grep -q "4 runs: 4 done, 0 failed, 0 running, 0 pending, 0 not run" "$T/st.log" &&
    ok "status after the array: $(head -n1 "$T/st.log")" || bad "status: $(cat "$T/st.log")"
ls "$T"/sl/slurm/*_*.out > /dev/null 2>&1 && ok "Slurm wrote the tasks' output files" || bad "no task output under $T/sl/slurm"
$study collect "$T/s.study" --out "$T/sl" > /dev/null 2>&1 || bad "collect (slurm) failed"

# ---- the same study on this machine: the same grid, cell for cell -------------------
$study run "$T/s.study" --on local -j 2 --out "$T/lo" > /dev/null 2>&1 || bad "run --on local failed"
$study collect "$T/s.study" --out "$T/lo" > /dev/null 2>&1 || bad "collect (local) failed"
if python3 - "$T/sl/grid.csv" "$T/lo/grid.csv" <<'PY'
import csv, sys
a = list(csv.reader(open(sys.argv[1]))); b = list(csv.reader(open(sys.argv[2])))
assert len(a) == 5 and len(a) == len(b), f"rows {len(a)} vs {len(b)}"
for i, (ra, rb) in enumerate(zip(a, b)):
    assert len(ra) == len(rb) == len(a[0]), f"row {i}: width"
    for j, (x, y) in enumerate(zip(ra, rb)):
        assert x == y, f"row {i} column {a[0][j]}: slurm {x!r} local {y!r}"
        assert x != "", f"row {i} column {a[0][j]} empty"
PY
then ok "slurm grid = local grid, cell for cell ($(($(wc -l < "$T/lo/grid.csv") - 1)) runs x $(head -n1 "$T/lo/grid.csv" | tr ',' '\n' | wc -l) columns)"
else bad "grids differ"; fi
exit $fail
