#!/usr/bin/env bash
# correlate.sh -- scripts/correlate.sh and its arithmetic (docs/correlation.md), without
# Accel-Sim: (1) the real vectoradd trace against a committed two-row reference gives
# the table's columns, its error and the MAPE of the one trace; (2) correlate.py's
# statistics on known numbers (MAPE, Pearson r, speed-up, sweep distance); (3) an
# Accel-Sim log fixture read into per-kernel rows (cumulative counters differenced).
source "$(dirname "$0")/checks.bash"
trace=../shared/testdata/accelsim/vectoradd-100-32
data=tests/data/correlate

# ---- (1) the whole script on a real trace
echo "$PWD/$trace" > "$T/sweep.txt"   # a list is read relative to its own folder
if CTASIM=$bin ACCELSIM_HOME= scripts/correlate.sh configs/small.cfg "$trace" \
    --ref "$data/ref-vectoradd.csv" --sweep "$T/sweep.txt" --out "$T/o" > "$T/out" 2>&1; then
  ok "correlate.sh runs on vectoradd-100-32 (with the sweep)"
else
  bad "correlate.sh failed: $(tail -n 3 "$T/out")"
fi
python3 - "$T/o" "$T/out" <<'PY' && ok "table columns, error and MAPE of the trace" || bad "table"
import csv, json, sys
o, out = sys.argv[1], open(sys.argv[2]).read()
cols = ("trace,kernel,name,accelsim_cycles,ctasim_cycles,error_pct,accelsim_ipc,ctasim_ipc,"
        "accelsim_l1_sector,ctasim_l1_sector,accelsim_l1_line,ctasim_l1_line,"
        "accelsim_l2_sector,ctasim_l2_sector,accelsim_l2_line,ctasim_l2_line,"
        "accelsim_row_hit,ctasim_row_hit,accelsim_dram_bw,ctasim_dram_bw,"
        "accelsim_cycles_per_s,ctasim_cycles_per_s,speedup").split(",")
rows = list(csv.DictReader(open(f"{o}/correlation.csv")))
assert list(rows[0]) == cols, list(rows[0])
assert [(r["trace"], r["kernel"]) for r in rows] == [("vectoradd-100-32", "all"), ("vectoradd-100-32", "1")]
c = json.load(open(f"{o}/ctasim/vectoradd-100-32-ctamax.json"))["total"]["cycles"]
for r in rows:
    assert int(r["accelsim_cycles"]) == 702 and int(r["ctasim_cycles"]) == c, r
    assert r["error_pct"] == f"{100 * (c - 702) / 702:.1f}", r["error_pct"]
assert rows[0]["accelsim_l2_line"] == "0.6923" and rows[0]["accelsim_row_hit"] == "0.8077"
assert f"cycles MAPE over 1 traces: {100 * abs(c - 702) / 702:.1f} %; over 1 kernels:" in out, out
sweep = list(csv.DictReader(open(f"{o}/sweep.csv")))
assert [r["cta_limit"] for r in sweep] == ["1", "2", "3", "4", "6", "8", "max"], sweep
assert all(r["accelsim_norm"] == "1.0000" for r in sweep)
md = open(f"{o}/correlation.md").read()
assert "| trace | kernel | A cycles | C cycles | error_pct |" in md
PY
[ -s "$T/o/cycles.gp" ] && ok "plot script written" || bad "no cycles.gp"
if command -v gnuplot > /dev/null; then
  [ -s "$T/o/cycles.png" ] && ok "plot drawn" || bad "no cycles.png"
fi

# a trace ctasim cannot read is reported and fails the run (the good one is still compared)
mkdir -p "$T/broken-trace"
cp "$trace/kernelslist.g" "$T/broken-trace/"
head -n 30 "$trace/kernel-1.traceg" > "$T/broken-trace/kernel-1.traceg"
if CTASIM=$bin ACCELSIM_HOME= scripts/correlate.sh configs/small.cfg "$trace" "$T/broken-trace" \
    --ref "$data/ref-vectoradd.csv" --out "$T/b" > "$T/bout" 2>&1; then
  bad "a trace ctasim cannot read passed: $(cat "$T/bout")"
elif grep -q "^correlate.sh: ctasim failed on $T/broken-trace (cta max): .*kernel-1.traceg" "$T/bout" &&
     grep -q '^vectoradd-100-32,all,' "$T/b/correlation.csv"; then
  ok "a trace ctasim cannot read: named, the run fails, the others compared"
else
  bad "broken trace: $(cat "$T/bout")"
fi

# ---- (2) the statistics on known numbers: three traces, ctasim / Accel-Sim cycles
# 110/100 (kernels 60/50, 50/50), 80/100 (group g1), 300/200 (group g2); t1 swept at
# N = 1 and 2.
python3 - "$T/k" <<'PY'
import json, os, sys
d = sys.argv[1]; os.makedirs(d)
def run(name, kernels, cpu, group):
    ks = [{"name": f"k{i}", "cycles": c, "ipc": 1.0, "l1_hit_rate": 0.5, "l2_hit_rate": None,
           "row_hit_rate": 0.25, "dram_util": [0.1, 0.3]} for i, c in enumerate(kernels, 1)]
    tot = dict(ks[0], name="total", cycles=sum(kernels))
    json.dump({"kernels": ks, "total": tot, "complete": True}, open(f"{d}/{name}.json", "w"))
    return f"{name.split('-')[0]} {name.split('-')[1]} {d}/{name}.json 9.0 {cpu} {group}\n"
runs = run("t1-max", [60, 50], 0.011, "g1") + run("t2-max", [80], 0.010, "g1")
runs += run("t3-max", [300], 0.03, "g2") + run("t1-1", [165], 0.1, "-") + run("t1-2", [110], 0.1, "-")
open(f"{d}/runs.tsv", "w").write(runs)
ref = ["# known numbers", "trace,cta_limit,kernel,name,cycles,instructions,ipc,l1_sector,l1_line,"
       "l2_sector,l2_line,row_hit,dram_bw,wall_s,cpu_s,cycles_per_s"]
for t, cta, k, cyc, speed in [("t1", "max", 1, 50, ""), ("t1", "max", 2, 50, ""), ("t1", "max", 0, 100, 1000),
                              ("t2", "max", 1, 100, ""), ("t2", "max", 0, 100, 250),
                              ("t3", "max", 1, 200, ""), ("t3", "max", 0, 200, 500),
                              ("t1", "1", 0, 200, 1), ("t1", "2", 0, 125, 1)]:
    ref.append(f"{t},{cta},{k},x,{cyc},100,1.0,0.5,0.5,,,0.5,0.2,1,1,{speed}")
open(f"{d}/ref.csv", "w").write("\n".join(ref) + "\n")
PY
python3 scripts/correlate.py compare "$T/k/o" "$T/k/ref.csv" "$T/k/runs.tsv" > "$T/k/out"
# traces: |110-100|/100, |80-100|/100, |300-200|/200 -> 10, 20, 50 %: MAPE 26.7 %
# kernels: 60/50, 50/50, 80/100, 300/200 -> 20, 0, 20, 50 %: MAPE 22.5 %
# r over traces (110,100) (80,100) (300,200): 13666.7 / sqrt(28466.7 * 6666.7) = 0.992
# speed: ctasim 110/0.011 = 10000, 80/0.010 = 8000, 300/0.03 = 10000 cycles/s against
#   1000, 250, 500: 10x, 32x, 20x, geometric mean (6400)^(1/3) = 18.6x
# sweep t1: Accel-Sim 100/200 = 0.5, 100/125 = 0.8; ctasim 110/165 = 0.667, 110/110 = 1.0:
#   mean |difference| (0.1667 + 0.2) / 2 = 0.183
# group g1: MAPE (10 + 20) / 2 = 15.0 %, kernels (20 + 0 + 20) / 3 = 13.3 %; r of two traces
#   with equal Accel-Sim cycles undefined; kernels (60,50) (50,50) (80,100):
#   833.3 / sqrt(466.7 * 1666.7) = 0.945; speed sqrt(10 x 32) = 17.9x
for want in "cycles MAPE over 3 traces: 26.7 %; over 4 kernels: 22.5 %" \
            "- g1: 2 traces, MAPE 15.0 % (3 kernels: 13.3 %), r - (0.945), speed 17.9x" \
            "- g2: 1 traces, MAPE 50.0 % (1 kernels: 50.0 %), r - (-), speed 20.0x" \
            "Pearson r of cycles: 0.992 over traces" "ctasim faster on 1 of 3" \
            "geometric mean 18.6x (10.0x to 32.0x per trace)" "mean absolute difference 0.183 over 2 points (N != max) of 1 traces"; do
  grep -qF -- "$want" "$T/k/out" && ok "known numbers: $want" || bad "known numbers: no '$want' in: $(cat "$T/k/out")"
done
grep -q '^t1,all,2 kernels,100,110,10.0,1.0,1.0000,0.5,' "$T/k/o/correlation.csv" &&
  ok "known numbers: row of t1 (error 10.0 %, rates side by side)" ||
  bad "row of t1: $(grep '^t1,all' "$T/k/o/correlation.csv")"
grep -q '^t1,all,.*,0.2,0.2000,1000,10000,10.0$' "$T/k/o/correlation.csv" &&
  ok "known numbers: DRAM utilisation averaged over partitions, speeds of t1" ||
  bad "t1 DRAM/speeds: $(grep '^t1,all' "$T/k/o/correlation.csv")"

# ---- (3) an Accel-Sim log into reference rows
echo "fx max $data/run-2k" > "$T/runs.txt"
python3 scripts/correlate.py accelsim-csv "$T/ref.csv" "fixture" "$T/runs.txt" > /dev/null
# kernel 1: L1 loads 30 hit + 10 hit-reserved + 40 miss + 20 sector miss (stores and
#   reservation fails not counted): sector 40/100, line 60/100; L2 60 + 20 + 20: 0.6, 0.8;
#   DRAM 20 requests, 5 ACTs: rows 0.75; bus 20 + 40 busy of 4000 command cycles: 0.015
# kernel 2 = the differences: L1 20 hit, 0 hit-reserved, 20 miss, 20 sector miss:
#   sector 20/60, line 40/60; L2 30 + 10 + 10: 0.6, 0.8; DRAM 10 requests,
#   2 ACTs: 0.8; 60 busy of 2000: 0.03.  Total: cumulative values, 1500 cycles, 1.5 CPU s.
expect="trace,cta_limit,kernel,name,cycles,instructions,ipc,l1_sector,l1_line,l2_sector,l2_line,row_hit,dram_bw,wall_s,cpu_s,cycles_per_s
fx,max,1,first_kernel,1000,5000,5.0000,0.4000,0.6000,0.6000,0.8000,0.7500,0.0150,,,
fx,max,2,second_kernel,500,1000,2.0000,0.3333,0.6667,0.6000,0.8000,0.8000,0.0300,,,
fx,max,0,total,1500,6000,4.0000,0.3750,0.6250,0.6000,0.8000,0.7667,0.0200,2.50,1.50,1000"
if [ "$(tail -n +2 "$T/ref.csv")" = "$expect" ]; then
  ok "Accel-Sim log fixture: per-kernel differences, hit rates per sector and per line, DRAM"
else
  bad "Accel-Sim log fixture:"; diff <(echo "$expect") <(tail -n +2 "$T/ref.csv")
fi
# the CTA limits an Accel-Sim sweep needs: vectoradd's one CTA needs none
[ -z "$(python3 scripts/correlate.py ctas-needed SM6_TITANX "$trace" 1 2 3 4 6 8)" ] &&
  ok "ctas-needed: a one-CTA kernel runs every limit as the maximum" || bad "ctas-needed"
exit $fail
