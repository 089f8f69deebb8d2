#!/usr/bin/env bash
# gsim.sh -- GPGPU-Sim / Accel-Sim option files from the command line
# (docs/config.md "Reading Accel-Sim configs"): known options onto known keys
# in --dump-config, the unmodelled ones on stderr in one line, a run straight
# from the file, --write-preset and its reload, the generated Accel-Sim
# presets (every key names its option; SM6_TITANX runs a workload and a trace
# in the c engine) and, when the Accel-Sim repositories are at hand, that
# they are what scripts/gen-accelsim-presets.sh writes.
source "$(dirname "$0")/checks.bash"
B=tests/data/gsim/basic/gpgpusim.config
strip() { sed 's/ *#.*//' "$1" | grep -v '^$'; }

# 1. known options -> known keys, each with its option, file and line
"$bin" --gpgpusim-config "$B" --dump-config > "$T/dump" 2> "$T/err"; rc=$?
want=(
  "core.count = 12                    # -gpgpu_n_clusters 6 x -gpgpu_n_cores_per_cluster 2 ($B:3,4)"
  "core.max_ctas = 24                 # -gpgpu_shader_cta 24 ($B:8)"
  "clock.dram_mhz = 901               # -gpgpu_clock_domains dram=900.6, rounded ($B:5)"
  "l2.bytes = 32768                   # -gpgpu_cache:dl2 bytes = nsets x line x assoc = 32 x 128 x 8 = 32768 ($B:26)"
  "amap.sub_parts = 2                 # -gpgpu_n_sub_partition_per_mchannel 2 ($B:25)"
  "dram.tRC = 40                      # -gpgpu_dram_timing_opt tRC = max(RC, RAS + RP) = max(38, 28 + 12) = 40 ($B:29)"
  "lat.bra = 7                        # -trace_opcode_latency_initiation_spec_op_1 latency=7 (tests/data/gsim/basic/trace.config:6)"
  "units.ifid = 2"
)
miss=""
for w in "${want[@]}"; do grep -qxF "$w" "$T/dump" || miss="$miss [$w]"; done
[ $rc -eq 0 ] && [ -z "$miss" ] && ok "known options map to known keys with their lines" ||
    bad "dump: rc=$rc missing:$miss $(cat "$T/err")"

# 2. the options with no counterpart: one line on stderr, and at the end of the dump
[ "$(wc -l < "$T/err")" -eq 1 ] &&
    grep -q "^ctasim: $B, tests/data/gsim/basic/trace.config: 8 GPGPU-Sim options without a ctasim counterpart, not modelled: .*-gpgpu_unknown_option, " "$T/err" &&
    grep -qxF "#   -gpgpu_unknown_option 7  ($B:39)" "$T/dump" &&
    ok "unmodelled options listed once, in one line" || bad "unmodelled: $(cat "$T/err")"

# 3. the dump is a configuration: reloaded, the same keys
cp "$T/dump" "$T/dump.cfg"
"$bin" --config "$T/dump.cfg" --dump-config > "$T/dump2" 2>&1 &&
    diff <(strip "$T/dump") <(strip "$T/dump2") > /dev/null &&
    ok "--dump-config with provenance reloads to the same keys" || bad "dump reload: $(head -3 "$T/dump2")"

# 4. a run straight from the option file
row=$("$bin" --gpgpusim-config "$B" --workload workloads/stream_copy.kern --csv-row 2> "$T/err4"); rc=$?
[ $rc -eq 0 ] && [ "$(cut -d, -f4 <<< "$row")" = 12 ] &&
    ok "a run from --gpgpusim-config (12 cores)" || bad "run: rc=$rc $row $(cat "$T/err4")"

# 5. --write-preset: only keys not at their default, each with its source, reloads the same
"$bin" --gpgpusim-config "$B" --set name=basic --write-preset "$T/basic.cfg" > "$T/o5" 2>&1; rc=$?
nocomment=$(grep -v '^#' "$T/basic.cfg" | grep -v '^$' | grep -cv ' # ' || true)
"$bin" --config "$T/basic.cfg" --dump-config > "$T/dump5" 2>&1
[ $rc -eq 0 ] && [ "$nocomment" = 0 ] && grep -qxF "name = basic                       # --set" "$T/basic.cfg" &&
    diff <(strip "$T/dump" | grep -v '^name =') <(strip "$T/dump5" | grep -v '^name =') > /dev/null &&
    ok "--write-preset: every key with its source; reloads to the same keys" ||
    bad "write-preset: rc=$rc nocomment=$nocomment $(cat "$T/o5")"

# 6. the Accel-Sim presets: every key line names its option, file and line
for p in configs/accelsim/*.cfg; do
    # a --set key is allowed when the header gives its reason ("# --set KEY=VALUE: why")
    why=$(sed -n 's/^# --set \([a-z_.0-9]*\)=.*/\1/p' "$p" | paste -sd'|' -)
    n=$(grep -v '^#' "$p" | grep -v '^$' | grep -v '^name = .* # --set$' |
        { if [ -n "$why" ]; then grep -vE "^($why) = .* # --set$"; else cat; fi; } |
        grep -cvE ' # -[a-z_:0-9A-Z]+ .*\(accel-sim/[^ ]+@[0-9a-f]{12}/[^ ]+\.config:[0-9]+' || true)
    [ "$n" = 0 ] && grep -q '^# [0-9]* GPGPU-Sim options without a ctasim counterpart' "$p" &&
        ok "$p: every key names its option and source; unmodelled options listed" ||
        bad "$p: $n key lines without an option comment"
done

# 7. SM6_TITANX runs a workload and a trace in the c engine
row=$("$bin" --config configs/accelsim/SM6_TITANX.cfg --workload workloads/stream_copy.kern --csv-row 2>&1); rc=$?
[ $rc -eq 0 ] && [ "$(cut -d, -f1,4 <<< "$row")" = "SM6_TITANX,28" ] &&
    ok "SM6_TITANX preset runs stream_copy (28 cores)" || bad "TITANX: rc=$rc $row"
tr=../shared/testdata/accelsim/vectoradd-100-32
if [ -d "$tr" ]; then
    row=$("$bin" --config configs/accelsim/SM6_TITANX.cfg --trace "$tr" --csv-row 2>/dev/null); rc=$?
    [ $rc -eq 0 ] && [ "$(cut -d, -f6 <<< "$row")" -gt 0 ] &&
        ok "SM6_TITANX preset runs the vectoradd trace" || bad "TITANX trace: rc=$rc $row"
fi

# 8. SM7_QV100 (80 SMs, 32 channels): loads once the caps take it, else refused at core.count
out=$("$bin" --config configs/accelsim/SM7_QV100.cfg --dump-config 2>&1); rc=$?
if [ $rc -eq 0 ]; then ok "SM7_QV100 loads"
else
    grep -q "^ctasim: configs/accelsim/SM7_QV100.cfg:[0-9]*: value 80 out of range 1..64 (core.count)$" <<< "$out" &&
        ok "SM7_QV100 refused at core.count = 80 until the caps are raised" || bad "QV100: $out"
fi

# 8b. SM90_H100 (132 SMs, 80 channels, the h100-test config) loads and runs a workload
row=$("$bin" --config configs/accelsim/SM90_H100.cfg --workload workloads/dep_chain.kern --csv-row 2>&1); rc=$?
[ $rc -eq 0 ] && [ "$(cut -d, -f1,4 <<< "$row")" = "SM90_H100,132" ] &&
    ok "SM90_H100 preset (80 channels) runs dep_chain (132 cores)" || bad "H100: rc=$rc $row"

# 8c. the 2025 H100 config: -gpgpu_memory_partition_indexing 6 refused at its line; with 0
# every other option is mapped or listed (the new ones among the listed)
N=tests/data/gsim/sm90-2025/gpgpusim.config
out=$("$bin" --gpgpusim-config "$N" --dump-config 2>&1); rc=$?
[ $rc -eq 2 ] && [ "$out" = "ctasim: $N:87: '6' has no ctasim counterpart, mapped are 0|1|2|4 (amap.part_index) from -gpgpu_memory_partition_indexing 6" ] &&
    ok "2025 H100 config: partition indexing 6 refused at $N:87" || bad "2025 config: rc=$rc $out"
sed 's/^-gpgpu_memory_partition_indexing 6/-gpgpu_memory_partition_indexing 0/' "$N" > "$T/g0.config"
"$bin" --gpgpusim-config "$T/g0.config" --dump-config > "$T/d25" 2> "$T/e25"; rc=$?
miss=""
for w in "l2.parts = 40 " "launch.kernel_lat = 3000 " "core.count = 132 " "clock.l2_mhz = 3960 " "amap.sub_parts = 2 "; do
    grep -q "^$w" "$T/d25" || miss="$miss [$w]"
done
for o in -gpgpu_n_chiplet_partition -inter_chiplet_queue_size -gpgpu_chiplet_interleave -gpgpu_opndcoll_model \
         -gpgpu_n_ldst_response_buffer_size -gpgpu_lrc_enabled -gpgpu_lrc_max_entries -gpgpu_lrc_max_merged \
         -gpgpu_simple_dram_model; do
    grep -q -- "$o," "$T/e25" || grep -q -- "$o\$" "$T/e25" || miss="$miss [$o not listed]"
done
[ $rc -eq 0 ] && [ -z "$miss" ] && grep -q "^ctasim: $T/g0.config: 75 GPGPU-Sim options without a ctasim counterpart" "$T/e25" &&
    ok "2025 H100 config (indexing 0): 40 channels, launch 3000, its new options listed as not modelled" ||
    bad "2025 config mapped: rc=$rc missing:$miss $(head -c 300 "$T/e25")"

# 9. the presets are what the script writes from the repositories (when they are here)
G=${GPGPUSIM_GIT:-/work/.mirror/accel-sim+gpgpu-sim_distribution/repo}
A=${ACCELSIM_GIT:-/work/.mirror/accel-sim+accel-sim-framework/repo}
if git --git-dir="$G" rev-parse -q --verify HEAD >/dev/null 2>&1 &&
   git --git-dir="$A" rev-parse -q --verify HEAD >/dev/null 2>&1; then
    OUT="$T/presets" CTASIM="$PWD/$bin" GPGPUSIM_GIT="$G" ACCELSIM_GIT="$A" \
        scripts/gen-accelsim-presets.sh > "$T/o9" 2>&1
    # the presets it wrote (one whose files are in neither repository is skipped)
    for f in "$T/presets"/*.cfg; do diff "$f" "configs/accelsim/${f##*/}"; done > "$T/d9" 2>&1 &&
        ok "configs/accelsim/ is what scripts/gen-accelsim-presets.sh writes" ||
        bad "presets differ from the script's output: $(head -5 "$T/d9") $(cat "$T/o9")"
else
    echo "skip the presets' regeneration: no Accel-Sim repositories at $G, $A"
fi
exit $fail
