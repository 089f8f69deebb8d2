#!/usr/bin/env bash
# gpgpusim_stats.sh -- --stats-format gpgpusim (docs/gpgpusim-stats.md): every
# value of the blocks equals the JSON of the same run, per kernel and for the
# application; the cumulative gpu_tot_* lines add up.
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
ks = d['kernels'] + [d['total']]
assert len(blocks) == len(ks) == 3, len(blocks)
tot_c = tot_i = tot_cta = 0
for i, (b, k) in enumerate(zip(blocks, ks)):
    last = i == len(ks) - 1
    if not last:
        tot_c += k['cycles']; tot_i += k['thread_insts']; tot_cta += k['n_cta']
    exp = {
        'kernel_name': k['name'], 'gpu_sim_cycle': k['cycles'], 'gpu_sim_insn': k['thread_insts'],
        'gpu_tot_sim_cycle': tot_c, 'gpu_tot_sim_insn': tot_i, 'gpu_tot_issued_cta': tot_cta,
        'gpgpu_n_tot_w_icount': k['warp_insts'],
        'L1D_total_cache_accesses': k['l1_accesses'],
        'L1D_total_cache_misses': k['l1_misses'] - k['l1_mshr_merges'],
        'L1D_total_cache_pending_hits': k['l1_mshr_merges'],
        'L2_total_cache_accesses': k['l2_accesses'],
        'L2_total_cache_misses': k['l2_misses'] - k['l2_mshr_merges'],
        'L2_total_cache_pending_hits': k['l2_mshr_merges'],
        'L1D_total_cache_reservation_fails': k['l1_mshr_full'] + k['l1_merge_full'] + k['l1_miss_queue_full'],
        'L2_total_cache_reservation_fails': k['l2_mshr_full'] + k['l2_merge_full'] + k['l2_miss_queue_full'],
        'gpgpu_n_l1cache_bkconflict': k['l1_bank_conflicts'],
        'Total_core_cache_stats_breakdown[GLOBAL_ACC_R][SECTOR_MISS]': k['l1_sector_misses'],
        'Total_core_cache_stats_breakdown[GLOBAL_ACC_R][MSHR_HIT]': k['l1_mshr_merges'],
        'L2_cache_stats_breakdown[GLOBAL_ACC_R][SECTOR_MISS]': k['l2_sector_misses'],
        'L2_cache_stats_breakdown[GLOBAL_ACC_W][HIT]': k['l2_st_hits'],
        'L2_cache_stats_breakdown[GLOBAL_ACC_W][MISS]': k['l2_st_misses'],
    }
    for name, v in exp.items():
        assert str(v) == b[name], (i, name, v, b[name])
    assert abs(float(b['gpu_ipc']) - k['ipc']) < 1e-4, (i, b['gpu_ipc'], k['ipc'])
    assert 0 <= k['icnt2mem_latency'] - int(b['avg_icnt2mem_latency']) < 1, (i, b['avg_icnt2mem_latency'])
    assert abs(float(b['gpu_tot_ipc']) - tot_i / tot_c) < 1e-4
    if k['l2_accesses']:
        m = (k['l2_misses'] - k['l2_mshr_merges']) / k['l2_accesses']
        assert abs(float(b['L2_total_cache_miss_rate']) - m) < 1e-4
        assert abs(1 - m - k['l2_sector_hit_rate']) < 1e-4
    if k['l1_accesses']:
        m = (k['l1_misses'] - k['l1_mshr_merges']) / k['l1_accesses']
        assert abs(float(b['L1D_total_cache_miss_rate']) - m) < 1e-4
        assert abs(1 - m - k['l1_sector_hit_rate']) < 1e-4
        line = b['Total_core_cache_stats_breakdown[GLOBAL_ACC_R][MISS]']
        assert abs(1 - int(line) / k['l1_accesses'] - k['l1_line_hit_rate']) < 1e-4
    else:
        assert 'L1D_total_cache_miss_rate' not in b and k['l1_hit_rate'] is None
assert tot_c == d['total']['cycles'] and tot_i == d['total']['thread_insts']
if sys.argv[3]:
    t = d['total']
    assert t['l1_sector_misses'] and t['l2_sector_misses'] and t['l1_bank_conflicts'], t
print("ok   GPGPU-Sim block equals the JSON: 2 kernels and the application" + (" (" + sys.argv[3] + ")" if sys.argv[3] else ""))
PY
done
