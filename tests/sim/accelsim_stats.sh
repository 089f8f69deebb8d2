#!/usr/bin/env bash
# accelsim_stats.sh -- --stats-format gpgpusim read as Accel-Sim's
# util/job_launching/get_stats.py reads a GPGPU-Sim log (docs/gpgpusim-stats.md):
# its exit line near the end, its build line in the first 100 lines, and the
# 23 regexes of its default stats/example_stats.yml (tests/data/accelsim/,
# copied from the framework) applied with re.search to every line: 22 match,
# only L2_BW (ctasim does not count the L2's reply packets) does not,
# and the values get_stats.py would report -- last values and, per kernel, the
# differences of the aggregated ones -- equal the run's JSON.
source "$(dirname "$0")/checks.bash"
"$bin" --config configs/small.cfg --workload workloads/backprop_two_phase.wl --quiet \
    --stats-format gpgpusim --json "$T/r.json" > "$T/log" 2> "$T/err" || { bad "run: $(cat "$T/err")"; exit 1; }
commit=$("$bin" --version | awk '$1 == "commit" {print $2}')
python3 - "$T/log" "$T/r.json" tests/data/accelsim/example_stats.yml "$commit" <<'PY' && ok "get_stats.py's reading: exit and build lines, 22 of 23 regexes, final and per-kernel values equal the JSON" || bad "Accel-Sim's regexes on the gpgpusim statistics"
import json, re, sys
log, js, yml, commit = sys.argv[1:5]
lines = open(log).read().splitlines(keepends=True)
# the yml's three lists (a line '    - <quoted regex>' under 'collect_X:')
regs, kind = [], None
for l in open(yml):
    if l.startswith('collect_'):
        kind = l.split(':')[0]
    elif l.startswith('    - '):
        v = l[6:].strip()
        assert v[0] == v[-1] == "'", v
        regs.append((kind, v[1:-1]))
assert len(regs) == 23, len(regs)
# get_stats.py: the exit string, re.match on the last 10000 lines
assert any(re.match(r"GPGPU-Sim: \*\*\* exit detected \*\*\*", l) for l in reversed(lines[-10000:])), "no exit line"
# the build (first 100 lines)
b = [m.group(1) for l in lines[:100] for m in [re.match(r".*GPGPU-Sim.*\[build\s+(.*)\].*", l)] if m]
assert b and commit in b[0], (b, commit)
# final-kernel mode: the last line each regex finds
final = {}
for kind, r in regs:
    rc = re.compile(r)
    for l in reversed(lines):
        m = rc.search(l.rstrip())
        if m:
            final[r] = m.group(1).strip()
            break
missing = [r for _, r in regs if r not in final]
assert len(final) >= 21, (len(final), missing)
assert missing == [r'L2_BW\s*=\s*(.*)+GB\/Sec'], missing
d = json.load(open(js))
t, ks = d['total'], d['kernels']
R = lambda s: final[s]
want = {
    r'gpu_tot_sim_insn\s*=\s*(.*)': t['thread_insts'],
    r'gpu_tot_sim_cycle\s*=\s*(.*)': t['cycles'],
    r'gpgpu_n_tot_w_icount\s*=\s*(.*)': t['warp_insts'],
    r'kernel_launch_uid\s*=\s*(.*)': len(ks),
    r'\s+L2_cache_stats_breakdown\[GLOBAL_ACC_W\]\[HIT\]\s*=\s*(.*)': t['l2_st_hits'],
    r'\s+L2_cache_stats_breakdown\[GLOBAL_ACC_W\]\[TOTAL_ACCESS\]\s*=\s*(.*)': t['l2_st_hits'] + t['l2_st_misses'],
    r'\s+L2_cache_stats_breakdown\[GLOBAL_ACC_R\]\[TOTAL_ACCESS\]\s*=\s*(.*)': t['l2_accesses'] - t['l2_st_hits'] - t['l2_st_misses'],
    r'\s+Total_core_cache_stats_breakdown\[GLOBAL_ACC_R\]\[TOTAL_ACCESS\]\s*=\s*(.*)': t['l1_accesses'],
    r'\s+Total_core_cache_stats_breakdown\[GLOBAL_ACC_R\]\[MSHR_HIT\]\s*=\s*(.*)': t['l1_mshr_merges'],
    r'\s+Total_core_cache_stats_breakdown\[GLOBAL_ACC_W\]\[HIT\]\s*=\s*(.*)': t['l1_st_hits'],
    r'\s+Total_core_cache_stats_breakdown\[GLOBAL_ACC_W\]\[TOTAL_ACCESS\]\s*=\s*(.*)': t['l1_stores'],
}
for r, v in want.items():
    assert int(R(r)) == v, (r, R(r), v)
assert t['l2_st_hits'] > 0 and t['l2_accesses'] > 0 and t['l1_st_hits'] > 0, "the workload must store and load"
assert abs(float(R(r'gpu_ipc\s*=\s*(.*)')) - ks[-1]['ipc']) < 1e-4
assert abs(float(R(r'gpu_occupancy\s*=\s*(.*)%')) - 100 * ks[-1]['occupancy']) < 1e-3
assert 0 < ks[-1]['occupancy'] <= 1
assert abs(float(R(r'gpu_tot_ipc\s*=\s*(.*)')) - t['ipc']) < 1e-4
secs = int(R(r'gpgpu_simulation_time\s*=.*\(([0-9]+) sec\).*'))
assert secs >= 1
assert int(R(r'gpgpu_simulation_rate\s+=\s+(.*)\s+\(inst\/sec\)')) == t['thread_insts'] // secs
cps = int(R(r'gpgpu_simulation_rate\s+=\s+(.*)\s+\(cycle\/sec\)'))
assert cps == t['cycles'] // secs
khz = int(t['cycles'] * 1e6 / t['time_ns'])            # the core clock, kHz
assert int(R(r'gpgpu_silicon_slowdown\s*=\s*(.*)x')) == khz * 1000 // max(cps, 1)
for name in ('total dram reads', 'total dram writes'):
    assert int(final[name + r'\s*=\s*(.*)']) > 0, name
# per-kernel mode: an aggregated value's difference from the kernel before
agg = [r for kind, r in regs if kind == 'collect_aggregate' and r in final]
per, cur, last = [], None, {}
for l in lines:
    m = re.match(r"kernel_name\s+=\s+(.*)", l)
    if m:
        cur = {}; per.append(cur); continue
    for r in agg:
        m = re.compile(r).search(l.rstrip())
        if m and cur is not None:
            v = float(m.group(1).strip())
            cur[r] = v - last.get(r, 0.0); last[r] = v
assert len(per) == len(ks) == 2
for p, k in zip(per, ks):
    assert p[r'gpu_tot_sim_insn\s*=\s*(.*)'] == k['thread_insts']
    assert p[r'gpu_tot_sim_cycle\s*=\s*(.*)'] == k['cycles']
    assert p[r'gpgpu_n_tot_w_icount\s*=\s*(.*)'] == k['warp_insts']
    assert p[r'\s+L2_cache_stats_breakdown\[GLOBAL_ACC_W\]\[HIT\]\s*=\s*(.*)'] == k['l2_st_hits']
    assert p[r'\s+Total_core_cache_stats_breakdown\[GLOBAL_ACC_R\]\[TOTAL_ACCESS\]\s*=\s*(.*)'] == k['l1_accesses']
print(f"{len(final)} of {len(regs)} regexes match; missing: {missing}")
PY
exit $fail
