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
# The runs go through scripts/ctasim-study (docs/studies.md): the study files
# studies/experiments/*.study (--quick: their [quick] variant) and, for the
# static CTA limits 1..N that follow from each workload's n_max, study files this
# script writes; run directories under DIR/studies/, linked as DIR/runs/TAG.*.
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
# The presets, workloads and runs of each experiment are those of its study file
# (studies/experiments/*.study; --quick: the file's [quick] variant).
variant=()
[ $quick -eq 1 ] && variant=(--variant quick)
E=studies/experiments
axis() { scripts/ctasim-study values "$E/$1.study" "$2" "${variant[@]}" | tr '\n' ' '; }
if [ $quick -eq 1 ]; then
    mode="quick (configs/small.cfg)"
    # DYNCORE drains K of the cores; seed 000 drains 8 of 30, here 1 of 4
    dyncore_set="--set dyncore.k=1"
else
    mode="full (the papers' presets)"
    dyncore_set=""
fi
cfg_tlp=configs/$(axis dyncta preset | tr -d ' ').cfg
cfg_claso=configs/$(axis claso preset | tr -d ' ').cfg
cfg_arcta=configs/$(axis arcta preset | tr -d ' ').cfg
cfg_ucs=configs/$(axis ucs preset | tr -d ' ').cfg
cfg_sched=configs/$(axis sched preset | tr -d ' ').cfg
dyncta_wls=$(axis dyncta workload)
claso_runs=$(axis claso run)
arcta_wls=$(axis arcta workload)
ucs_wls=$(axis ucs workload)
dyncore_wls=$(axis dyncore workload)
sched_wls=$(axis sched workload)
scheds=$(axis sched core.sched)
# CLASO: the task's imbalanced_ctas (per-CTA work varies: credits cannot help),
# cta_streams (memory-driven per-core imbalance, seed 003 Figs. 2-3) and
# wave_imbalance (seed 003 Figs. 9-10 shape)
claso_wls=$(axis claso workload)

mkdir -p "$out"
out=$(cd "$out" && pwd)   # absolute: the run links (ln -s) must not depend on the cwd
runs=$out/runs
# results of an earlier invocation (only the names this script writes)
rm -rf "$runs" "$out"/studies "$out"/tlp_* "$out"/timeline_* "$out"/results.md
rm -f "$out"/dyncta_*.png "$out"/claso*.png "$out"/arcta*.png "$out"/ucs*.png "$out"/dyncore*.png "$out"/sched_*.png
mkdir -p "$runs"
md=$out/results.md

# ------------------------------------------------------------------ running
# study FILE [OPTIONS]: run one study file through scripts/ctasim-study (every
# run on all cores; a failed run does not stop the others), then link each run
# as runs/TAG.row (the --csv-row line), TAG.json, TAG.tl (timeline) and TAG.err,
# TAG being the run's name (the study's run_name).  One line naming the first
# failed run, after the study ended.
export CTASIM=$bin
sdir=$out/studies
study() {
    local f=$1 name d t
    shift
    name=$(basename "${f%.study}")
    if ! scripts/ctasim-study run "$f" "$@" --out "$sdir/$name"; then
        local first
        first=$(scripts/ctasim-study status "$f" "$@" --out "$sdir/$name" 2>&1 | grep -m1 '^  failed ' || true)
        die "study $f: ${first:-failed}${first:+ (}${first:+runs in $sdir/$name/runs/)}"
    fi
    for d in "$sdir/$name"/runs/*; do
        t=$(basename "$d")
        ln -sf "$d/row.csv" "$runs/$t.row"
        ln -sf "$d/out.json" "$runs/$t.json"
        ln -sf "$d/timeline.csv" "$runs/$t.tl"
        ln -sf "$d/stderr" "$runs/$t.err"
    done
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
mkdir -p "$sdir"
# CLASO first: the longest runs
for e in claso dyncta arcta ucs dyncore sched; do
    study "$E/$e.study" "${variant[@]}"
done

# ================================================================== phase 2: static CTA limits 1..N
echo "2/7 static CTA limits for the DYNCTA comparison"
# N differs per workload, so one generated study file per workload
for w in $dyncta_wls; do
    nmax=$(jkey "tlp_${w}_max" n_max)
    cat > "$sdir/static_$w.study" <<EOF
# written by scripts/experiments.sh: static CTA limits 1..N of $w (N = its n_max)
name      = exp-static-$w
presets   = $cfg_tlp
workloads = $W/$w.kern
set       = policy.cta_limit=static
axis.policy.static_n = $(seq -s ' ' 1 "$nmax")
timeline  = yes
run_name  = tlp_{workload}_s{policy.static_n}
stats     = cycles ipc roundtrip cta_util
EOF
    study "$sdir/static_$w.study"
done

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
    echo "Static share: the static (leakage) part of the run's power (JSON power.static_share), base / AR-CTA;"
    echo "a relative power result moves at most by the dynamic part. PCPG: power norm if the cores"
    echo "AR-CTA leaves out were power-gated (power.pcpg = 1, JSON power_w_pcpg)."
    echo
    echo "| workload | type | IPC base | IPC AR-CTA | IPC norm | power base W | power AR-CTA W | power norm | static share | power norm PCPG | energy norm |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|"
} >> "$md"
echo "workload IPC power energy" > "$dat/arcta.dat"
for w in $arcta_wls; do
    b=arcta_${w}_base; a=arcta_${w}_on
    ty=$(jkey "$a" ar_type); case $ty in 1) ty=I ;; 2) ty=II ;; *) ty="? ($ty)" ;; esac
    ri=$(ratio "$(col "$a" ipc)" "$(col "$b" ipc)")
    rp=$(ratio "$(col "$a" power_w)" "$(col "$b" power_w)")
    re=$(ratio "$(col "$a" energy_j)" "$(col "$b" energy_j)")
    rg=$(ratio "$(jkey "$a" power_w_pcpg)" "$(col "$b" power_w)")
    echo "| $w | $ty | $(col "$b" ipc) | $(col "$a" ipc) | $ri | $(col "$b" power_w) | $(col "$a" power_w) | $rp | $(jkey "$b" static_share) / $(jkey "$a" static_share) | $rg | $re |" >> "$md"
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
    echo "| workload | IPC base | IPC uC-States | IPC norm | datapath static base W | uC-States W | static norm | total power norm | static share base / uC-States | energy norm |"
    echo "|---|---|---|---|---|---|---|---|---|---|"
} >> "$md"
echo "workload IPC datapath_static total_power" > "$dat/ucs.dat"
for w in $ucs_wls; do
    b=ucs_${w}_base; a=ucs_${w}_on
    sb=$(dp_static_w "$b"); sa=$(dp_static_w "$a")
    ri=$(ratio "$(col "$a" ipc)" "$(col "$b" ipc)")
    rs=$(ratio "$sa" "$sb")
    rp=$(ratio "$(col "$a" power_w)" "$(col "$b" power_w)")
    re=$(ratio "$(col "$a" energy_j)" "$(col "$b" energy_j)")
    echo "| $w | $(col "$b" ipc) | $(col "$a" ipc) | $ri | $sb | $sa | $rs | $rp | $(jkey "$b" static_share) / $(jkey "$a" static_share) | $re |" >> "$md"
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
    echo "Static share: the static part of the run's power (JSON power.static_share). Power norm PCPG: the same"
    echo "run with the cores DYNCORE turns off power-gated (power.pcpg = 1; seed 000 Sec. 5.2 reports -17 % with"
    echo "and -8 % without per-core power gating); the default (power norm) clock-gates them."
    echo
    echo "| workload | run | IPC | IPC norm | power W | power norm | static share | power norm PCPG | energy norm | core-cycles off |"
    echo "|---|---|---|---|---|---|---|---|---|---|"
} >> "$md"
echo "run IPC power energy" > "$dat/dyncore.dat"
for w in $dyncore_wls; do
    b=dc_${w}_base
    for r in base dyncta dyncore both; do
        t=dc_${w}_$r
        ri=$(ratio "$(col "$t" ipc)" "$(col "$b" ipc)")
        rp=$(ratio "$(col "$t" power_w)" "$(col "$b" power_w)")
        re=$(ratio "$(col "$t" energy_j)" "$(col "$b" energy_j)")
        rg=$(ratio "$(jkey "$t" power_w_pcpg)" "$(col "$b" power_w)")
        echo "| $w | $r | $(col "$t" ipc) | $ri | $(col "$t" power_w) | $rp | $(jkey "$t" static_share) | $rg | $re | $(jtotal "$t" off_cycles) |" >> "$md"
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
