#!/usr/bin/env bash
# gpgpusim_stats.sh -- --stats-format gpgpusim (docs/gpgpusim-stats.md): every
# value of the blocks equals the JSON of the same run: a kernel's own gpu_sim_*
# lines its JSON kernel, the cumulative lines (gpu_tot_*, warp instructions,
# caches, DRAM: the run so far, as GPGPU-Sim counts them) the sums of the JSON
# kernels up to it, and the last block's the JSON total.
set -u
cd "$(dirname "$0")/../.."
bin=build/rel/ctasim
T=$(mktemp -d /tmp/ctasim_gs.XXXXXX)
trap 'rm -rf "$T"' EXIT
# Twice: the small preset, and with sectored L1 and L2 and two L1 banks (so
# sector misses, bank conflicts and reservation fails are not all 0).
for sets in "" "--set l1.sector_bytes=32 --set l2.sector_bytes=32 --set l1.banks=2"; do
# shellcheck disable=SC2086
"$bin" --config configs/small.cfg --workload workloads/backprop_two_phase.wl --quiet $sets \
    --stats-format gpgpusim --json "$T/r.json" > "$T/out" 2>&1 || { echo "FAIL run: $(cat "$T/out")"; exit 1; }
python3 - "$T/out" "$T/r.json" "$sets" <<'PY' || exit 1
import json, sys
blocks, cur = [], None
for line in open(sys.argv[1]):
    if line.startswith('---- GPGPU-Sim statistics'):
        cur = {}; blocks.append(cur)
    elif cur is not None and ' = ' in line:
        k, v = line.split(' = ', 1); cur[k.strip()] = v.strip()
d = json.load(open(sys.argv[2]))
ks = d['kernels']
assert len(blocks) == len(ks) == 2, len(blocks)
SUMS = ['cycles', 'thread_insts', 'n_cta', 'warp_insts', 'l1_accesses', 'l1_misses', 'l1_mshr_merges',
        'l2_accesses', 'l2_misses', 'l2_mshr_merges', 'l1_mshr_full', 'l1_merge_full',
        'l1_miss_queue_full', 'l2_mshr_full', 'l2_merge_full', 'l2_miss_queue_full',
        'l1_bank_conflicts', 'l1_sector_misses', 'l2_sector_misses', 'l2_st_hits', 'l2_st_misses']
c = dict.fromkeys(SUMS, 0)
for i, (b, k) in enumerate(zip(blocks, ks)):
    for key in SUMS:
        c[key] += k[key]
    exp = {
        'kernel_name': k['name'], 'kernel_launch_uid': i + 1,
        'gpu_sim_cycle': k['cycles'], 'gpu_sim_insn': k['thread_insts'],
        'gpu_tot_sim_cycle': c['cycles'], 'gpu_tot_sim_insn': c['thread_insts'],
        'gpu_tot_issued_cta': c['n_cta'], 'gpgpu_n_tot_w_icount': c['warp_insts'],
        'L1D_total_cache_accesses': c['l1_accesses'],
        'L1D_total_cache_misses': c['l1_misses'] - c['l1_mshr_merges'],
        'L1D_total_cache_pending_hits': c['l1_mshr_merges'],
        'L2_total_cache_accesses': c['l2_accesses'],
        'L2_total_cache_misses': c['l2_misses'] - c['l2_mshr_merges'],
        'L2_total_cache_pending_hits': c['l2_mshr_merges'],
        'L1D_total_cache_reservation_fails': c['l1_mshr_full'] + c['l1_merge_full'] + c['l1_miss_queue_full'],
        'L2_total_cache_reservation_fails': c['l2_mshr_full'] + c['l2_merge_full'] + c['l2_miss_queue_full'],
        'gpgpu_n_l1cache_bkconflict': c['l1_bank_conflicts'],
        'Total_core_cache_stats_breakdown[GLOBAL_ACC_R][SECTOR_MISS]': c['l1_sector_misses'],
        'Total_core_cache_stats_breakdown[GLOBAL_ACC_R][MSHR_HIT]': c['l1_mshr_merges'],
        'L2_cache_stats_breakdown[GLOBAL_ACC_R][SECTOR_MISS]': c['l2_sector_misses'],
        'L2_cache_stats_breakdown[GLOBAL_ACC_W][HIT]': c['l2_st_hits'],
        'L2_cache_stats_breakdown[GLOBAL_ACC_W][MISS]': c['l2_st_misses'],
    }
    for name, v in exp.items():
        assert str(v) == b[name], (i, name, v, b[name])
    assert abs(float(b['gpu_ipc']) - k['ipc']) < 1e-4, (i, b['gpu_ipc'], k['ipc'])
    assert 0 <= k['icnt2mem_latency'] - int(b['avg_icnt2mem_latency']) < 1, (i, b['avg_icnt2mem_latency'])
    assert abs(float(b['gpu_tot_ipc']) - c['thread_insts'] / c['cycles']) < 1e-4
    if c['l2_accesses']:
        m = (c['l2_misses'] - c['l2_mshr_merges']) / c['l2_accesses']
        assert abs(float(b['L2_total_cache_miss_rate']) - m) < 1e-4
    if c['l1_accesses']:
        m = (c['l1_misses'] - c['l1_mshr_merges']) / c['l1_accesses']
        assert abs(float(b['L1D_total_cache_miss_rate']) - m) < 1e-4
    else:
        assert 'L1D_total_cache_miss_rate' not in b
t = d['total']
for key in SUMS:   # the last block's cumulative values are the run's
    assert c[key] == t[key], (key, c[key], t[key])
last = blocks[-1]
if t['l1_accesses']:
    m = (t['l1_misses'] - t['l1_mshr_merges']) / t['l1_accesses']
    assert abs(1 - m - t['l1_sector_hit_rate']) < 1e-4
    line = last['Total_core_cache_stats_breakdown[GLOBAL_ACC_R][MISS]']
    assert abs(1 - int(line) / t['l1_accesses'] - t['l1_line_hit_rate']) < 1e-4
if t['l2_accesses']:
    m = (t['l2_misses'] - t['l2_mshr_merges']) / t['l2_accesses']
    assert abs(1 - m - t['l2_sector_hit_rate']) < 1e-4
if sys.argv[3]:
    assert t['l1_sector_misses'] and t['l2_sector_misses'] and t['l1_bank_conflicts'], t
print("ok   GPGPU-Sim blocks equal the JSON: 2 kernels, their cumulative lines the sums, the last the total" + (" (" + sys.argv[3] + ")" if sys.argv[3] else ""))
PY
done
# occupancy (GPGPU-Sim's gpu_occupancy): one CTA of 2 warps on each of the 4
# cores, 32 warp slots each: 2/32 while the warps live (the last cycles of a
# warp that ends first count 1/32)
sed -e 's/^grid *= 256/grid     = 4/' -e 's/^block *= 128/block    = 64/' workloads/compute_fma.kern > "$T/occ.kern"
"$bin" --config configs/small.cfg --workload "$T/occ.kern" --quiet --stats-format gpgpusim \
    --json "$T/o.json" > "$T/occ" 2>&1 || { echo "FAIL occupancy run: $(cat "$T/occ")"; exit 1; }
python3 - "$T/occ" "$T/o.json" <<'PY' || exit 1
import json, re, sys
t = json.load(open(sys.argv[2]))['total']
assert [c['ctas_issued'] for c in t['cores']] == [1, 1, 1, 1], t['cores']
assert 0.06 < t['occupancy'] <= 2 / 32, t['occupancy']
g = float(re.search(r'^gpu_occupancy = ([0-9.]+)% $', open(sys.argv[1]).read(), re.M).group(1))
assert abs(g - 100 * t['occupancy']) < 1e-3, (g, t['occupancy'])
print(f"ok   occupancy of 4 CTAs of 2 warps on 4 x 32 warp slots: {t['occupancy']:.6f} (2/32 = 0.0625), gpu_occupancy = {g}%")
PY
