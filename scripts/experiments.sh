#!/usr/bin/env bash
# experiments.sh -- the papers' figures as PNG plots and markdown tables.
#
#   scripts/experiments.sh [--quick] [--out DIR]        (default DIR = build/exp)
#
# Without --quick each experiment runs on the preset of the paper it mirrors
# (kayiran30: seed 000; c2050: seeds 001 and 003; apsa60: seed 002;
# ucstates16: seed 004).  With --quick everything runs on configs/small.cfg with
# fewer workloads (about two minutes on two CPU cores).
# Output: DIR/results.md (every table, with links to the plots), DIR/*.png,
# DIR/tlp_<workload>/ (scripts/sweep.sh), DIR/timeline_<run>/ (scripts/
# plot_timeline.sh), and every run's CSV row, JSON, timeline and stderr under
# DIR/runs/.  docs/experiments.md says which paper figure each plot mirrors.
# Runs are independent and go two at a time (xargs -P2).
set -euo pipefail

prog=experiments.sh
die() { echo "$prog: $*" >&2; exit 2; }
usage() { echo "usage: scripts/experiments.sh [--quick] [--out DIR]"; }

root=$(cd "$(dirname "$0")/.." && pwd)
bin=${CTASIM:-$root/build/rel/ctasim}
gpdir=$root/scripts/gnuplot
quick=0
out=build/exp
while [ $# -gt 0 ]; do
    case "$1" in
        --quick) quick=1; shift ;;
        --out) [ $# -ge 2 ] || die "--out needs a directory"; out=$2; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown argument '$1'" ;;
    esac
done
[ -x "$bin" ] || die "program not built: $bin (run: make build/rel/ctasim)"
command -v gnuplot >/dev/null || die "gnuplot not installed"
cd "$root"

W=workloads
if [ $quick -eq 1 ]; then
    mode="quick (configs/small.cfg)"
    cfg_tlp=configs/small.cfg; cfg_claso=configs/small.cfg; cfg_arcta=configs/small.cfg
    cfg_ucs=configs/small.cfg; cfg_sched=configs/small.cfg
    dyncta_wls="stream_copy compute_fma strided_access reuse_cache"
    claso_runs="base claso10"
    arcta_wls="compute_fma mixed_type1 stream_copy type2_divergent_mem"
    ucs_wls="compute_fma sfu_heavy smem_tiled stream_copy reuse_cache barrier_heavy"
    dyncore_wls="stream_copy strided_access compute_fma reuse_cache"
    # DYNCORE drains K of the cores; seed 000 drains 8 of 30, here 1 of 4
    dyncore_set="--set dyncore.k=1"
    sched_wls="mem_compute_regions stream_regions conv_autohint sfu_heavy smem_tiled atomic_histogram mixed_type1"
else
    mode="full (the papers' presets)"
    cfg_tlp=configs/kayiran30.cfg; cfg_claso=configs/c2050.cfg; cfg_arcta=configs/apsa60.cfg
    cfg_ucs=configs/ucstates16.cfg; cfg_sched=configs/c2050.cfg
    dyncta_wls="stream_copy compute_fma gather_irregular strided_access reuse_cache smem_tiled type2_divergent_mem"
    claso_runs="base claso10 claso20 dyncta dyncta_claso10"
    arcta_wls="compute_fma mixed_type1 smem_tiled stream_copy type2_divergent_mem divergent_branchy gather_irregular"
    ucs_wls="compute_fma sfu_heavy smem_tiled dp_compute stream_copy reuse_cache barrier_heavy gather_irregular"
    dyncore_wls="stream_copy strided_access gather_irregular compute_fma reuse_cache"
    dyncore_set=""
    sched_wls="mem_compute_regions stream_regions conv_autohint sfu_heavy smem_tiled atomic_histogram mixed_type1 reuse_cache barrier_heavy"
fi
scheds="lrr grr gto oldest simplep regionp"
# CLASO: the task's imbalanced_ctas (per-CTA work varies: credits cannot help),
# cta_streams (memory-driven per-core imbalance, seed 003 Figs. 2-3) and
# wave_imbalance (seed 003 Figs. 9-10 shape)
claso_wls="imbalanced_ctas cta_streams wave_imbalance"

mkdir -p "$out"
runs=$out/runs
# results of an earlier invocation (only the names this script writes)
rm -rf "$runs" "$out"/tlp_* "$out"/timeline_* "$out"/results.md
rm -f "$out"/dyncta_*.png "$out"/claso*.png "$out"/arcta*.png "$out"/ucs*.png "$out"/dyncore*.png "$out"/sched_*.png
mkdir -p "$runs"
md=$out/results.md

# ------------------------------------------------------------------ running
# A job is one line "TAG CONFIG WORKLOAD [ARGS...]"; run_one writes TAG.row (the
# --csv-row line), TAG.json, TAG.tl (timeline) and TAG.err.
run_one() {
    local tag cfg wl
    # shellcheck disable=SC2086
    set -- $1
    tag=$1 cfg=$2 wl=$3
    shift 3
    if ! "$BIN" --config "$cfg" --workload "$wl" "$@" --quiet --csv-row --json "$RUNS/$tag.json" \
            --timeline "$RUNS/$tag.tl" > "$RUNS/$tag.row" 2> "$RUNS/$tag.err"; then
        echo "$tag" >> "$RUNS/failed"
        return 1
    fi
}
export -f run_one
export BIN=$bin RUNS=$runs

job() { echo "$*" >> "$runs/jobs"; }

run_jobs() {
    rm -f "$runs/failed"
    [ -s "$runs/jobs" ] || return 0
    echo "  $(wc -l < "$runs/jobs") runs ..."
    if ! xargs -d '\n' -P2 -I{} bash -c 'run_one "$1"' _ {} < "$runs/jobs"; then
        local tag; tag=$(head -n1 "$runs/failed" 2>/dev/null || echo "?")
        die "run '$tag' failed: $(head -n1 "$runs/$tag.err" 2>/dev/null) (job: $(grep "^$tag " "$runs/jobs"))"
    fi
    rm -f "$runs/jobs"
}

# ------------------------------------------------------------------ reading results
header=$("$bin" --csv-header)
# col TAG NAME: column NAME of TAG's CSV row.
col() {
    awk -F, -v h="$header" -v k="$2" -v f="$runs/$1.row" '
        BEGIN { n = split(h, a, ","); for (i = 1; i <= n; i++) if (a[i] == k) c = i
                if (!c) { print "no column " k > "/dev/stderr"; exit 1 } }
        { print $c; exit }' "$runs/$1.row"
}
# jkey TAG KEY: the first number stored under "KEY" in TAG's JSON (kernel 0).
jkey() {
    awk -v k="\"$2\": " '{ i = index($0, k)
        if (i) { s = substr($0, i + length(k)); sub(/[],}].*/, "", s); print s + 0; exit } }' "$runs/$1.json"
}
# jtotal TAG KEY: sum of every "KEY" number in the "total" section (per-core keys add up).
jtotal() {
    awk -v k="\"$2\": " '/"total":/ { t = 1 } /"power":/ { t = 0 }
        t { s = $0; while ((i = index(s, k))) { s = substr(s, i + length(k)); v += s + 0 } }
        END { print v + 0 }' "$runs/$1.json"
}
# dp_static_w TAG: datapath static power in W: static energy of the pipeline
# components (IFID .. EX_LDST) plus the gating transition energy, over run time.
dp_static_w() {
    awk '/"power":/ {
        i = index($0, "\"time_s\": "); t = substr($0, i + 10) + 0
        n = split($0, p, "[{]\"name\": \"")
        for (j = 2; j <= n; j++) {
            nm = substr(p[j], 1, index(p[j], "\"") - 1)
            ks = index(p[j], "\"static_j\": "); st = substr(p[j], ks + 12) + 0
            kd = index(p[j], "\"dynamic_j\": "); dy = substr(p[j], kd + 13) + 0
            if (nm ~ /^(IFID|SCH|IDOC|OC|OCEX|EX_SP|EX_SFU|EX_LDST)$/) s += st
            if (nm == "gating") s += dy + st
        }
        printf "%.4f", (t > 0 ? s / t : 0) }' "$runs/$1.json"
}
# util TAG: seed 000's util (Sec. 3.1): the fraction of core-cycles with at least one
# CTA on the core = 1 - (empty + off core-cycles) / (cores x cycles).
util() {
    local e o c n
    e=$(jtotal "$1" empty_cycles); o=$(jtotal "$1" off_cycles)
    c=$(col "$1" cycles); n=$(col "$1" cores)
    awk -v e="$e" -v o="$o" -v c="$c" -v n="$n" 'BEGIN { printf "%.4f", 1 - (e + o) / (c * n) }'
}
# ratio A B: A / B with 3 decimals (0 when B is 0).
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b + 0 ? a / b : 0 }'; }
wname() { basename "${1%.*}"; }

# bars DATA PNG TITLE YLABEL [REF]: clustered bars from a headed whitespace table.
bars() {
    local ncols; ncols=$(head -n1 "$1" | awk '{ print NF }')
    gnuplot -c "$gpdir/bars.gp" "$1" "$2" "$3" "$4" "$ncols" "${5:-}"
}
# timeline TAG TITLE [--core K]: the controller timeline plots of one run.
timeline() {
    local tag=$1 title=$2; shift 2
    scripts/plot_timeline.sh "$@" --title "$title" "$runs/$tag.tl" "$out/timeline_$tag" > /dev/null
}

cfgn() { wname "$1"; }
dat=$runs/dat
mkdir -p "$dat"

echo "experiments: $mode -> $out"
{
    echo "# ctasim experiments"
    echo
    echo "Mode: $mode. Generated by \`scripts/experiments.sh$([ $quick -eq 1 ] && echo " --quick")\`;"
    echo "docs/experiments.md says which paper figure each table and plot mirrors."
    echo "Every run's CSV row, JSON and timeline are in \`runs/\`."
    echo
} > "$md"

# ================================================================== 1. TLP sweeps
echo "1/7 TLP sweeps (seed 000 Figs. 1 and 4, seed 002 Fig. 1)"
for w in stream_copy compute_fma; do
    scripts/sweep.sh --config "$cfg_tlp" --out "$out/tlp_$w" "$W/$w.kern" > /dev/null
done
{
    echo "## 1. TLP sweeps ($(cfgn "$cfg_tlp"); seed 000 Fig. 4, seed 002 Fig. 1)"
    echo
    for w in stream_copy compute_fma; do
        echo "### $w: CTA limit n (values / value at n = N)"
        echo
        echo "| n | IPC | round-trip | util | IPC norm | round-trip norm | util norm |"
        echo "|---|---|---|---|---|---|---|"
        awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
            { printf "| %s%s | %s | %s | %s | %s | %s | %s |\n", $1, $2 == "max" ? " (max)" : "",
                $c["ipc"], $c["roundtrip"], $c["cta_util"], $c["ipc_norm"], $c["roundtrip_norm"], $c["util_norm"] }' \
            "$out/tlp_$w/limits.csv"
        echo
        echo "![limits](tlp_$w/limits.png)"
        echo
        echo "### $w: core count (maximum TLP; values / value at the largest count)"
        echo
        echo "| cores | IPC | round-trip | util | IPC norm |"
        echo "|---|---|---|---|---|"
        awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
            { printf "| %s | %s | %s | %s | %s |\n", $1, $c["ipc"], $c["roundtrip"], $c["cta_util"], $c["ipc_norm"] }' \
            "$out/tlp_$w/cores.csv"
        echo
        echo "![cores](tlp_$w/cores.png)"
        echo
    done
} >> "$md"

# ================================================================== phase 1: every independent run
echo "2-7/7 controller experiments: baseline and policy runs"
rm -f "$runs/jobs"
# CLASO first: the longest runs (seed 003 evaluates on LRR)
for r in $claso_runs; do
    case $r in
        base) a="--set core.sched=lrr" ;;
        claso10) a="--set core.sched=lrr --set policy.claso=1 --set claso.p_a=1 --set claso.p_l=0" ;;
        claso20) a="--set core.sched=lrr --set policy.claso=1 --set claso.p_a=2 --set claso.p_l=0" ;;
        dyncta) a="--set core.sched=lrr --set policy.cta_limit=dyncta" ;;
        dyncta_claso10) a="--set core.sched=lrr --set policy.cta_limit=dyncta --set policy.claso=1" ;;
    esac
    for w in $claso_wls; do job "claso_${w}_$r $cfg_claso $W/$w.kern $a"; done
done
for w in $dyncta_wls; do
    job "tlp_${w}_max $cfg_tlp $W/$w.kern --set policy.cta_limit=max"
    job "tlp_${w}_dyncta $cfg_tlp $W/$w.kern --set policy.cta_limit=dyncta"
done
for w in $arcta_wls; do
    job "arcta_${w}_base $cfg_arcta $W/$w.kern"
    job "arcta_${w}_on $cfg_arcta $W/$w.kern --set policy.arcta=1"
done
for w in $ucs_wls; do
    job "ucs_${w}_base $cfg_ucs $W/$w.kern"
    job "ucs_${w}_on $cfg_ucs $W/$w.kern --set policy.gating=ucstates"
done
for w in $dyncore_wls; do
    job "dc_${w}_base $cfg_tlp $W/$w.kern"
    job "dc_${w}_dyncta $cfg_tlp $W/$w.kern --set policy.cta_limit=dyncta"
    job "dc_${w}_dyncore $cfg_tlp $W/$w.kern --set policy.dyncore=1 $dyncore_set"
    job "dc_${w}_both $cfg_tlp $W/$w.kern --set policy.cta_limit=dyncta --set policy.dyncore=1 $dyncore_set"
done
for w in $sched_wls; do
    for s in $scheds; do job "sched_${w}_$s $cfg_sched $W/$w.kern --set core.sched=$s"; done
done
run_jobs

# ================================================================== phase 2: static CTA limits 1..N
echo "2/7 static CTA limits for the DYNCTA comparison"
for w in $dyncta_wls; do
    nmax=$(jkey "tlp_${w}_max" n_max)
    for ((n = 1; n <= nmax; n++)); do
        job "tlp_${w}_s$n $cfg_tlp $W/$w.kern --set policy.cta_limit=static --set policy.static_n=$n"
    done
done
run_jobs

# ================================================================== 2. DYNCTA
{
    echo "## 2. DYNCTA vs minimum, best static and maximum TLP ($(cfgn "$cfg_tlp"); seed 000 Figs. 1, 9, 10, 11)"
    echo
    echo "IPC normalised to maximum TLP (n = N). Mean n: DYNCTA's CTA limit averaged over cores and timeline samples."
    echo
    echo "| workload | N | IPC max | IPC n=1 | best n | IPC best | IPC DYNCTA | mean n DYNCTA | n=1 norm | best norm | DYNCTA norm | DYNCTA round-trip norm | DYNCTA util norm |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
} >> "$md"
echo "workload min_TLP(n=1) best_static DYNCTA" > "$dat/dyncta_ipc.dat"
echo "workload max_TLP(N) best_static DYNCTA" > "$dat/dyncta_n.dat"
for w in $dyncta_wls; do
    nmax=$(jkey "tlp_${w}_max" n_max)
    ipc_max=$(col "tlp_${w}_max" ipc)
    best=1; ipc_best=0
    for ((n = 1; n <= nmax; n++)); do
        v=$(col "tlp_${w}_s$n" ipc)
        if awk -v a="$v" -v b="$ipc_best" 'BEGIN { exit !(a > b) }'; then best=$n; ipc_best=$v; fi
    done
    ipc_1=$(col "tlp_${w}_s1" ipc)
    ipc_d=$(col "tlp_${w}_dyncta" ipc)
    mean_n=$(awk -F, 'NR == 1 { c = (NF - 7) / 7; next }
        { for (i = 0; i < c; i++) s += $(8 + i); n += c } END { printf "%.2f", n ? s / n : 0 }' "$runs/tlp_${w}_dyncta.tl")
    rt=$(ratio "$(col "tlp_${w}_dyncta" roundtrip)" "$(col "tlp_${w}_max" roundtrip)")
    utr=$(ratio "$(util "tlp_${w}_dyncta")" "$(util "tlp_${w}_max")")
    echo "| $w | $nmax | $ipc_max | $ipc_1 | $best | $ipc_best | $ipc_d | $mean_n | $(ratio "$ipc_1" "$ipc_max") | $(ratio "$ipc_best" "$ipc_max") | $(ratio "$ipc_d" "$ipc_max") | $rt | $utr |" >> "$md"
    echo "$w $(ratio "$ipc_1" "$ipc_max") $(ratio "$ipc_best" "$ipc_max") $(ratio "$ipc_d" "$ipc_max")" >> "$dat/dyncta_ipc.dat"
    echo "$w $nmax $best $mean_n" >> "$dat/dyncta_n.dat"
done
bars "$dat/dyncta_ipc.dat" "$out/dyncta_ipc.png" \
    "IPC vs maximum TLP on $(cfgn "$cfg_tlp") (seed 000 Figs. 1 and 10 form)" "IPC / IPC at n = N" 1
bars "$dat/dyncta_n.dat" "$out/dyncta_ctas.png" \
    "CTAs per core: maximum, best static, DYNCTA mean on $(cfgn "$cfg_tlp") (seed 000 Fig. 9 form)" "CTAs per core"
for w in stream_copy compute_fma; do
    case " $dyncta_wls " in *" $w "*) timeline "tlp_${w}_dyncta" "$w DYNCTA on $(cfgn "$cfg_tlp")" ;; esac
done
{
    echo
    echo "![IPC](dyncta_ipc.png)"
    echo "![CTAs](dyncta_ctas.png)"
    echo "![timeline](timeline_tlp_stream_copy_dyncta/cta_limit.png)"
    echo "![timeline](timeline_tlp_compute_fma_dyncta/cta_limit.png)"
    echo
} >> "$md"

# ================================================================== 3. CLASO
{
    echo "## 3. CLASO vs baseline ($(cfgn "$cfg_claso"), LRR; seed 003 Figs. 3, 11, 12, 14)"
    echo
    echo "tail_idle: core-cycles with no CTA on a core after the last CTA was issued."
    echo
    echo "| workload | run | cycles | IPC | speedup | tail_idle | tail_idle norm | CTAs issued per core (min..max) |"
    echo "|---|---|---|---|---|---|---|---|"
} >> "$md"
echo "run speedup tail_idle" > "$dat/claso.dat"
# ctas_per_core TAG: "core ctas_issued" per core of kernel 0 (the first half of
# the per-core entries; the second half is the "total" section)
ctas_per_core() {
    grep -o '"ctas_issued": [0-9]*' "$runs/$1.json" | awk '{ v[NR] = $2 } END { for (i = 1; i <= NR / 2; i++) print i - 1, v[i] }'
}
for w in $claso_wls; do
    for r in $claso_runs; do
        t=claso_${w}_$r b=claso_${w}_base
        cyc=$(col "$t" cycles); base_cyc=$(col "$b" cycles)
        ti=$(col "$t" tail_idle); base_ti=$(col "$b" tail_idle)
        spread=$(ctas_per_core "$t" | awk 'NR == 1 { mn = $2 } { if ($2 < mn) mn = $2; if ($2 > mx) mx = $2 }
                                        END { printf "%d..%d", mn, mx }')
        echo "| $w | $r | $cyc | $(col "$t" ipc) | $(ratio "$base_cyc" "$cyc") | $ti | $(ratio "$ti" "$base_ti") | $spread |" >> "$md"
        [ "$r" = base ] || echo "$w:$r $(ratio "$base_cyc" "$cyc") $(ratio "$ti" "$base_ti")" >> "$dat/claso.dat"
    done
    # per-core CTAs issued, baseline vs CLASO (seed 003 Fig. 3b form)
    { echo "core base claso10"; paste -d" " <(ctas_per_core "claso_${w}_base") <(ctas_per_core "claso_${w}_claso10" | cut -d" " -f2); } \
        > "$dat/claso_cores_$w.dat"
    bars "$dat/claso_cores_$w.dat" "$out/claso_ctas_per_core_$w.png" \
        "CTAs issued per core on $w, $(cfgn "$cfg_claso") (seed 003 Fig. 3b form; x = core)" "CTAs issued"
    timeline "claso_${w}_claso10" "$w CLASO10 on $(cfgn "$cfg_claso")"
done
bars "$dat/claso.dat" "$out/claso.png" \
    "CLASO vs baseline LRR on $(cfgn "$cfg_claso") (seed 003 Figs. 11 and 12 form)" "speedup; tail idle / baseline" 1
{
    echo
    echo "![CLASO](claso.png)"
    for w in $claso_wls; do
        echo "![CTAs per core](claso_ctas_per_core_$w.png)"
        echo "![credits](timeline_claso_${w}_claso10/credits.png)"
    done
    echo
} >> "$md"

# ================================================================== 4. AR-CTA
{
    echo "## 4. AR-CTA ($(cfgn "$cfg_arcta"); seed 002 Figs. 6 and 7)"
    echo
    echo "| workload | type | IPC base | IPC AR-CTA | IPC norm | power base W | power AR-CTA W | power norm | energy norm |"
    echo "|---|---|---|---|---|---|---|---|---|"
} >> "$md"
echo "workload IPC power energy" > "$dat/arcta.dat"
for w in $arcta_wls; do
    b=arcta_${w}_base; a=arcta_${w}_on
    ty=$(jkey "$a" ar_type); case $ty in 1) ty=I ;; 2) ty=II ;; *) ty="? ($ty)" ;; esac
    ri=$(ratio "$(col "$a" ipc)" "$(col "$b" ipc)")
    rp=$(ratio "$(col "$a" power_w)" "$(col "$b" power_w)")
    re=$(ratio "$(col "$a" energy_j)" "$(col "$b" energy_j)")
    echo "| $w | $ty | $(col "$b" ipc) | $(col "$a" ipc) | $ri | $(col "$b" power_w) | $(col "$a" power_w) | $rp | $re |" >> "$md"
    echo "$w($ty) $ri $rp $re" >> "$dat/arcta.dat"
done
bars "$dat/arcta.dat" "$out/arcta.png" \
    "AR-CTA vs all cores on $(cfgn "$cfg_arcta") (seed 002 Figs. 6 and 7 form)" "AR-CTA / baseline" 1
timeline arcta_stream_copy_on "stream_copy AR-CTA on $(cfgn "$cfg_arcta")"
timeline arcta_compute_fma_on "compute_fma AR-CTA on $(cfgn "$cfg_arcta")"
{
    echo
    echo "![AR-CTA](arcta.png)"
    echo "![timeline](timeline_arcta_stream_copy_on/cores_enabled.png)"
    echo "![timeline](timeline_arcta_compute_fma_on/cores_enabled.png)"
    echo
} >> "$md"

# ================================================================== 5. uC-States
{
    echo "## 5. uC-States ($(cfgn "$cfg_ucs"); seed 004 Figs. 9, 12, 13)"
    echo
    echo "Datapath static: static power of IFID .. EX_LDST plus gating transitions."
    echo
    echo "| workload | IPC base | IPC uC-States | IPC norm | datapath static base W | uC-States W | static norm | total power norm | energy norm |"
    echo "|---|---|---|---|---|---|---|---|---|"
} >> "$md"
echo "workload IPC datapath_static total_power" > "$dat/ucs.dat"
for w in $ucs_wls; do
    b=ucs_${w}_base; a=ucs_${w}_on
    sb=$(dp_static_w "$b"); sa=$(dp_static_w "$a")
    ri=$(ratio "$(col "$a" ipc)" "$(col "$b" ipc)")
    rs=$(ratio "$sa" "$sb")
    rp=$(ratio "$(col "$a" power_w)" "$(col "$b" power_w)")
    re=$(ratio "$(col "$a" energy_j)" "$(col "$b" energy_j)")
    echo "| $w | $(col "$b" ipc) | $(col "$a" ipc) | $ri | $sb | $sa | $rs | $rp | $re |" >> "$md"
    echo "$w $ri $rs $rp" >> "$dat/ucs.dat"
done
bars "$dat/ucs.dat" "$out/ucs.png" \
    "uC-States vs baseline on $(cfgn "$cfg_ucs") (seed 004 Figs. 12 and 13 form)" "uC-States / baseline" 1
timeline ucs_stream_copy_on "stream_copy uC-States on $(cfgn "$cfg_ucs")"
timeline ucs_compute_fma_on "compute_fma uC-States on $(cfgn "$cfg_ucs")"
{
    echo
    echo "![uC-States](ucs.png)"
    echo "![tuning](timeline_ucs_stream_copy_on/tuning_core0.png)"
    echo "![tuning](timeline_ucs_compute_fma_on/tuning_core0.png)"
    echo
} >> "$md"

# ================================================================== 6. DYNCORE
{
    echo "## 6. DYNCTA and DYNCORE power and energy ($(cfgn "$cfg_tlp")${dyncore_set:+, $dyncore_set}; seed 000 Figs. 12 and 13)"
    echo
    echo "| workload | run | IPC | IPC norm | power W | power norm | energy norm | core-cycles off |"
    echo "|---|---|---|---|---|---|---|---|"
} >> "$md"
echo "run IPC power energy" > "$dat/dyncore.dat"
for w in $dyncore_wls; do
    b=dc_${w}_base
    for r in base dyncta dyncore both; do
        t=dc_${w}_$r
        ri=$(ratio "$(col "$t" ipc)" "$(col "$b" ipc)")
        rp=$(ratio "$(col "$t" power_w)" "$(col "$b" power_w)")
        re=$(ratio "$(col "$t" energy_j)" "$(col "$b" energy_j)")
        echo "| $w | $r | $(col "$t" ipc) | $ri | $(col "$t" power_w) | $rp | $re | $(jtotal "$t" off_cycles) |" >> "$md"
        [ "$r" = base ] || echo "$w:$r $ri $rp $re" >> "$dat/dyncore.dat"
    done
done
bars "$dat/dyncore.dat" "$out/dyncore.png" \
    "DYNCTA / DYNCORE / both vs baseline on $(cfgn "$cfg_tlp") (seed 000 Figs. 12 and 13 form)" "relative to baseline" 1
set -- $dyncore_wls
timeline "dc_${1}_dyncore" "$1 DYNCORE on $(cfgn "$cfg_tlp")"
{
    echo
    echo "![DYNCORE](dyncore.png)"
    echo "![timeline](timeline_dc_${1}_dyncore/cores_enabled.png)"
    echo
} >> "$md"

# ================================================================== 7. warp schedulers
{
    echo "## 7. Warp schedulers ($(cfgn "$cfg_sched"); seed 001 Figs. 4-5 and 4-6)"
    echo
    echo "Scheduler stall cycles: scheduler-cycles with a live warp and no issue, counted per"
    echo "warp scheduler and summed over schedulers and cores (\`sched_stalls\` in the JSON)."
    echo "Fractions are of the core-cycles with a CTA resident."
    echo
    echo "| workload | scheduler | cycles | cycles norm | stall cycles | stall norm | stall frac | idle frac | memwait frac |"
    echo "|---|---|---|---|---|---|---|---|---|"
} >> "$md"
printf "workload" > "$dat/sched_cycles.dat"; for s in $scheds; do printf " %s" "$s"; done >> "$dat/sched_cycles.dat"; echo >> "$dat/sched_cycles.dat"
cp "$dat/sched_cycles.dat" "$dat/sched_stalls.dat"
echo "run structural_stall idle memwait" > "$dat/sched_fracs.dat"
for w in $sched_wls; do
    lc=$(col "sched_${w}_lrr" cycles)
    ls=$(jtotal "sched_${w}_lrr" sched_stalls)
    rowc=$w rows=$w
    for s in $scheds; do
        t=sched_${w}_$s
        c=$(col "$t" cycles)
        st=$(jtotal "$t" sched_stalls)
        echo "| $w | $s | $c | $(ratio "$c" "$lc") | $st | $(ratio "$st" "$ls") | $(col "$t" stall_frac) | $(col "$t" idle_frac) | $(col "$t" memwait_frac) |" >> "$md"
        rowc="$rowc $(ratio "$c" "$lc")"; rows="$rows $(ratio "$st" "$ls")"
        echo "$w:$s $(col "$t" stall_frac) $(col "$t" idle_frac) $(col "$t" memwait_frac)" >> "$dat/sched_fracs.dat"
    done
    echo "$rowc" >> "$dat/sched_cycles.dat"; echo "$rows" >> "$dat/sched_stalls.dat"
done
bars "$dat/sched_cycles.dat" "$out/sched_cycles.png" \
    "Total cycles per warp scheduler on $(cfgn "$cfg_sched"), normalised to fine RR (lrr) (seed 001 Fig. 4-5 form)" "cycles / cycles with lrr" 1
bars "$dat/sched_stalls.dat" "$out/sched_stalls.png" \
    "Scheduler stall cycles on $(cfgn "$cfg_sched"), normalised to fine RR (lrr) (seed 001 Fig. 4-6 form)" "stall cycles / with lrr" 1
gnuplot -c "$gpdir/stack.gp" "$dat/sched_fracs.dat" "$out/sched_fracs.png" \
    "Non-issue cycle breakdown per scheduler on $(cfgn "$cfg_sched")" "fraction of core-cycles with a CTA" 4
{
    echo
    echo "![cycles](sched_cycles.png)"
    echo "![stalls](sched_stalls.png)"
    echo "![fractions](sched_fracs.png)"
    echo
} >> "$md"

echo "experiments: tables in $md"
echo "  plots: $(cd "$out" && ls ./*.png | tr '\n' ' ')"
echo "  sweeps: $out/tlp_*/, timelines: $out/timeline_*/, runs: $runs/"
