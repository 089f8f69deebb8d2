#!/usr/bin/env bash
# cta_places.sh -- scripts/cta-places.py, the per-core CTA placement of an Accel-Sim
# liveness log and of a ctasim run:
#  - a made-up log (2 SMs, two kernels, 5 and 2 CTAs): each core's CTAs, the CTAs
#    after the first wave, the first ends, the cycles the cores went empty;
#  - bad logs (no liveness lines; a CTA finished on a slot that never started) and
#    a timeline that does not belong: exit 2, one line naming the file (and line);
#  - a ctasim run whose grid is larger than its first wave: every CTA counted, the
#    later ones are those beyond each core's limit, every core went empty.
source "$(dirname "$0")/checks.bash"
cp=scripts/cta-places.py
L=$T/as.log
live() { printf 'GPGPU-Sim Cycle %s: LIVENESS - Core %s - GPGPU-Sim uArch: %s\n' "$@"; }
{
    echo "-trace_components                LIVENESS # comma seperated list"
    live 1 0 "cta: 0, start_tid:   0, end_tid: 128, initialized @(1,0), kernel_uid:1, kernel_name:k1"
    live 1 1 "cta: 0, start_tid:   0, end_tid: 128, initialized @(1,0), kernel_uid:1, kernel_name:k1"
    live 2 0 "cta: 1, start_tid:   0, end_tid: 128, initialized @(2,0), kernel_uid:1, kernel_name:k1"
    live 2 1 "cta: 1, start_tid:   0, end_tid: 128, initialized @(2,0), kernel_uid:1, kernel_name:k1"
    echo "GPGPU-Sim Cycle 500: LIVENESS - uArch: inst.: 70944 (ipc=141.9)"
    live 900 1 "Finished CTA #0 (900,0), 1 CTAs running"
    live 901 1 "cta: 0, start_tid:   0, end_tid: 128, initialized @(901,0), kernel_uid:1, kernel_name:k1"
    live 950 0 "Finished CTA #1 (950,0), 1 CTAs running"
    live 1200 0 "Finished CTA #0 (1200,0), 0 CTAs running"
    live 1300 1 "Finished CTA #1 (1300,0), 1 CTAs running"
    live 1700 1 "Finished CTA #0 (1700,0), 0 CTAs running"
    live 1702 0 "cta: 0, start_tid:   0, end_tid: 128, initialized @(1702,0), kernel_uid:2, kernel_name:k2"
    live 1702 1 "cta: 0, start_tid:   0, end_tid: 128, initialized @(1702,0), kernel_uid:2, kernel_name:k2"
    live 2000 1 "Finished CTA #0 (2000,0), 0 CTAs running"
    live 2100 0 "Finished CTA #0 (2100,0), 0 CTAs running"
} > "$L"
if python3 "$cp" --accelsim "$L" > "$T/as.out" 2> "$T/as.err" &&
   python3 - "$T/as.out" <<'EOF'
import sys
t = open(sys.argv[1]).read().splitlines()
assert t[0] == "== kernel 1: 5 CTAs on 2 cores", t[0]
rows = [r.split() for r in t[2:4]]
assert rows == [["0", "2", "0", "950", "1200"], ["1", "3", "1", "900", "1700"]], rows
assert t[4] == ("first wave 4 CTAs; 1 placed after it, 0..1 a core, 1 cores none; "
                "placed at cycles 901..901; first ends 900..950"), t[4]
assert t[5] == "cores empty at cycles 1200..1700 (median 1700)", t[5]
assert t[6] == "== kernel 2: 2 CTAs on 2 cores", t[6]
assert [r.split() for r in t[8:10]] == [["0", "1", "0", "2100", "2100"],
                                        ["1", "1", "0", "2000", "2000"]], t[8:10]
assert t[10].startswith("first wave 2 CTAs; 0 placed after it"), t[10]
EOF
then
    ok "Accel-Sim log: CTAs per core, the later CTAs, first ends and empty cycles, per kernel"
else
    bad "Accel-Sim log: $(cat "$T/as.err") $(cat "$T/as.out")"
fi

echo "GPGPU-Sim uArch: nothing traced" > "$T/none.log"
live 7 0 "Finished CTA #3 (7,0), 0 CTAs running" > "$T/orphan.log"
python3 "$cp" --accelsim "$T/none.log" > /dev/null 2> "$T/e1"; r1=$?
python3 "$cp" --accelsim "$T/orphan.log" > /dev/null 2> "$T/e2"; r2=$?
python3 "$cp" --accelsim "$T/missing.log" > /dev/null 2> "$T/e3"; r3=$?
if [ $r1 -eq 2 ] && [ $r2 -eq 2 ] && [ $r3 -eq 2 ] &&
   [ "$(cat "$T/e1" "$T/e2" "$T/e3" | wc -l)" -eq 3 ] &&
   grep -q "none.log: no liveness lines" "$T/e1" &&
   grep -q "orphan.log:1: CTA slot 3 of core 0 finished but never started" "$T/e2" &&
   grep -q "missing.log: No such file" "$T/e3"; then
    ok "bad logs: exit 2 with one line naming the file and line"
else
    bad "bad logs: rc $r1 $r2 $r3: $(cat "$T/e1" "$T/e2" "$T/e3")"
fi

# compute_fma: 256 CTAs on small's cores, more than one wave
"$bin" --config configs/small.cfg --workload workloads/compute_fma.kern --quiet \
    --json "$T/c.json" --timeline "$T/tl.csv" --set run.timeline_period=16 > /dev/null 2>&1
if python3 "$cp" --ctasim "$T/c.json" --timeline "$T/tl.csv" > "$T/ct.out" 2> "$T/ct.err" &&
   python3 - "$T/c.json" "$T/ct.out" <<'EOF'
import json, sys
k = json.load(open(sys.argv[1]))["kernels"][0]
n, nmax, ncta = len(k["cores"]), k["n_max"], k["n_cta"]
assert ncta > n * nmax, "the test needs a grid larger than the first wave"
t = open(sys.argv[2]).read().splitlines()
assert t[0] == f"== {k['name']}: {ncta} CTAs on {n} cores", t[0]
rows = [r.split() for r in t[2:2 + n]]
assert all(len(r) == 4 for r in rows), rows          # no first end from ctasim
assert sum(int(r[1]) for r in rows) == ncta
assert [int(r[2]) for r in rows] == [c["ctas_issued"] - nmax for c in k["cores"]]
assert all(int(r[3]) <= k["cycles"] + 16 for r in rows), rows
assert t[2 + n].startswith(f"first wave {n * nmax} CTAs; {ncta - n * nmax} placed after it"), t[2 + n]
EOF
then
    ok "ctasim run: every CTA counted, the later ones beyond each core's limit, every core empty"
else
    bad "ctasim run: $(cat "$T/ct.err") $(head -3 "$T/ct.out")"
fi

head -1 "$T/tl.csv" | tr ',' '\n' | grep -v resident | paste -sd, > "$T/nores.csv"
python3 "$cp" --ctasim "$T/c.json" --timeline "$T/nores.csv" > /dev/null 2> "$T/e4"; r4=$?
if [ $r4 -eq 2 ] && grep -q "nores.csv:1: not a ctasim timeline" "$T/e4"; then
    ok "a timeline without resident columns: exit 2 naming it"
else
    bad "a timeline without resident columns: rc $r4 $(cat "$T/e4")"
fi
exit $fail
