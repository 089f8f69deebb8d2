#!/usr/bin/env bash
# study_plots.sh -- a study's plots aggregate only what they say
# (docs/studies.md, "Plots"): with facet=, one table and PNG per facet value;
# each bar is the mean over exactly the runs that differ in the mean= axes;
# no run of another facet value enters it.  (The refusals -- an axis of
# several values the plot does not place, an unknown statistic -- are rows of
# tests/bad/studies.txt, run by study_local.sh.)
source "$(dirname "$0")/checks.bash"
cat > "$T/p.study" <<'S'
name      = plots
presets   = small
workloads = compute_fma stream_copy
axis.core.sched = lrr gto
stack.policy = max: policy.cta_limit=max | static2: policy.cta_limit=static policy.static_n=2
seeds     = 1 2
stats     = ipc cycles
plot.ipc  = y=ipc x=workload series=policy facet=core.sched mean=seed
S
study=scripts/ctasim-study
CTASIM=$bin CI=1 $study run "$T/p.study" --out "$T/o" -j 2 > "$T/run.log" 2>&1 || { bad "run: $(tail -3 "$T/run.log")"; exit 1; }
CTASIM=$bin $study collect "$T/p.study" --out "$T/o" > "$T/col.log" 2>&1 || { bad "collect: $(tail -3 "$T/col.log")"; exit 1; }
python3 - "$T/o" <<'PY' && ok "facet=core.sched: one table per value, bars the mean over seeds only" || bad "plot tables"
import csv, os, sys
o = sys.argv[1]
rows = list(csv.DictReader(open(os.path.join(o, "grid.csv"))))
assert len(rows) == 16 and all(r["status"] == "done" for r in rows)
files = sorted(f for f in os.listdir(os.path.join(o, "plots")) if f.endswith(".dat"))
assert files == ["ipc-gto.dat", "ipc-lrr.dat"], files
for sched in ("gto", "lrr"):
    lines = [l.split() for l in open(os.path.join(o, "plots", f"ipc-{sched}.dat"))]
    assert lines[0] == ["workload", "max", "static2"], lines[0]
    for wl, *vals in lines[1:]:
        for pol, v in zip(("max", "static2"), vals):
            sel = [float(r["ipc"]) for r in rows
                   if r["core.sched"] == sched and r["workload"] == wl and r["policy"] == pol]
            assert len(sel) == 2, sel                       # the two seeds, nothing else
            assert abs(float(v) - sum(sel) / 2) < 1e-5 * max(1.0, abs(float(v))), (sched, wl, pol, v, sel)
    assert [l[0] for l in lines[1:]] == ["compute_fma", "stream_copy"]
PY
if command -v gnuplot > /dev/null; then
    [ -s "$T/o/plots/ipc-gto.png" ] && [ -s "$T/o/plots/ipc-lrr.png" ] && ok "a PNG per facet value" ||
        bad "PNGs: $(ls "$T/o/plots")"
fi
exit $fail
