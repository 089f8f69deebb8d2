#!/usr/bin/env bash
# sweep.sh -- TLP sweeps of one workload (seed 000 Fig. 4 form, seed 002 Fig. 1 form).
#
#   scripts/sweep.sh [--config CFG] [--cores "1 2 4 8"] [--set KEY=VALUE]... [--out DIR] WORKLOAD
#
# 1. CTA-limit sweep: one run with policy.cta_limit=max gives N (the kernel's
#    CTAs per core, "n_max" in --json; the largest over the kernels of a .wl),
#    then one run per static limit n = 1..N.  Writes DIR/limits.csv and
#    DIR/limits.png: IPC, round-trip latency and core utilisation at each n,
#    each divided by its value in the maximum-TLP run (seed 000 Sec. 3.1,
#    Fig. 4: "normalized with respect to their values when N CTAs are launched").
# 2. Core-count sweep: one maximum-TLP run per core count; DIR/cores.csv and
#    DIR/cores.png, normalised to the largest core count (the most TLP).
#
# "Core utilisation" is the paper's util: the mean over cores of the fraction
# of cycles with at least one CTA resident (computed from empty_cycles and
# off_cycles in --json: cta_util).  The program's core_util column (fraction
# of core-cycles that issued) is kept in the CSV as is.
# The runs go through scripts/ctasim-study (three generated study files under
# DIR/studies/, all cores at once); each run's row, JSON and stderr are linked
# under DIR/runs/.
set -euo pipefail

prog=sweep.sh
die() { echo "$prog: $*" >&2; exit 2; }
usage() {
    echo "usage: scripts/sweep.sh [--config CFG] [--cores \"1 2 4 8\"] [--set KEY=VALUE]... [--out DIR] WORKLOAD"
}

root=$(cd "$(dirname "$0")/.." && pwd)
bin=${CTASIM:-$root/build/rel/ctasim}
gpdir=$root/scripts/gnuplot
cfg=configs/small.cfg
cores=""
out=""
wl=""
sets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --config) [ $# -ge 2 ] || die "--config needs a file"; cfg=$2; shift 2 ;;
        --cores)  [ $# -ge 2 ] || die "--cores needs a list"; cores=$2; shift 2 ;;
        --out)    [ $# -ge 2 ] || die "--out needs a directory"; out=$2; shift 2 ;;
        --set)    [ $# -ge 2 ] || die "--set needs KEY=VALUE"; sets+=(--set "$2"); shift 2 ;;
        -h|--help) usage; exit 0 ;;
        -*) die "unknown option '$1' (try --help)" ;;
        *) [ -z "$wl" ] || die "more than one workload ('$wl', '$1')"; wl=$1; shift ;;
    esac
done
[ -n "$wl" ] || { usage >&2; die "no workload given"; }
[ -f "$wl" ] || die "workload not found: $wl"
[ -f "$cfg" ] || die "config not found: $cfg"
[ -x "$bin" ] || die "program not built: $bin (run: make build/rel/ctasim)"
command -v gnuplot >/dev/null || die "gnuplot not installed"
for c in $cores; do
    [[ "$c" =~ ^[0-9]+$ ]] && [ "$c" -ge 1 ] && [ "$c" -le 160 ] || die "bad core count '$c' in --cores (1..160)"
done
[ -n "$out" ] || out=build/sweep/$(basename "${wl%.*}")
mkdir -p "$out/runs"
out=$(cd "$out" && pwd)   # absolute: the run links below must not depend on the cwd
runs=$out/runs

# Check the configuration and overrides once, so a typo fails before any sweep.
if ! msg=$("$bin" --config "$cfg" "${sets[@]}" --dump-config 2>&1 >/dev/null); then
    die "bad configuration: ${msg%%$'\n'*}"
fi

# The runs go through scripts/ctasim-study (docs/studies.md): each batch below is
# a study file written to DIR/studies/ (one run directory per run, with its exact
# command, configuration dump and the binary's commit; a frozen copy of the
# binary; the runs on all cores at once), whose results are then linked as
# runs/TAG.row (the --csv-row line), TAG.json and TAG.err for the tables below.
export CTASIM=$bin
sdir=$out/studies
mkdir -p "$sdir"
abspath() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }
acfg=$(abspath "$cfg")
awl=$(abspath "$wl")

# study NAME RUN_NAME [STUDY LINES...]: write DIR/studies/NAME.study (this sweep's
# configuration, workload and --set overrides plus the lines given), run it, link
# its runs; one line naming the first failed run.
study() {
    local name=$1 rname=$2 f=$sdir/$1.study d t
    shift 2
    {
        echo "# $name: written by scripts/sweep.sh"
        echo "name = $name"
        echo "presets = $acfg"
        echo "workloads = $awl"
        echo "run_name = $rname"
        [ ${#sets[@]} -eq 0 ] || printf 'set = %s\n' $(printf '%s\n' "${sets[@]}" | grep -v '^--set$')
        printf '%s\n' "$@"
    } > "$f"
    rm -rf "${sdir:?}/$name"
    if ! "$root/scripts/ctasim-study" run "$f" --out "$sdir/$name" > "$sdir/$name.log" 2>&1; then
        local first; first=$(grep -m1 -E 'failed \(exit|^ctasim-study: ' "$sdir/$name.log" || tail -n1 "$sdir/$name.log")
        die "${first#ctasim-study: } (study $f, runs in $sdir/$name/runs/)"
    fi
    for d in "$sdir/$name"/runs/*; do
        t=$(basename "$d")
        ln -sf "$d/row.csv" "$runs/$t.row"
        ln -sf "$d/out.json" "$runs/$t.json"
        ln -sf "$d/stderr" "$runs/$t.err"
    done
}

# cta_util JSON: seed 000's util over the whole run ("total"): mean over cores of
# (cycles - empty_cycles - off_cycles) / cycles.
cta_util() {
    awk '/"total":/ { t = 1 }
         t && !cyc && match($0, /"cycles": [0-9]+/) { cyc = substr($0, RSTART + 10, RLENGTH - 10) + 0 }
         t && match($0, /"off_cycles": [0-9]+/) {
             off = substr($0, RSTART + 14, RLENGTH - 14) + 0
             match($0, /"empty_cycles": [0-9]+/); emp = substr($0, RSTART + 16, RLENGTH - 16) + 0
             sum += (cyc - emp - off) / cyc; n++ }
         END { if (!n || !cyc) exit 1; printf "%.4f", sum / n }' "$1"
}

# n_max JSON: the most CTAs per core any kernel of the run allows.
n_max() { grep -o '"n_max": [0-9]*' "$1" | awk '{ if ($2 > m) m = $2 } END { print m + 0 }'; }

header=$("$bin" --csv-header)

# table KEYCOL TAGS...: CSV of the given runs, KEYCOL first, cta_util after it.
table() {
    local key=$1; shift
    echo "$key,policy,cta_util,$header"
    local t
    for t in "$@"; do
        local k=${t##*_} pol=static
        case "$t" in lim_max) k=$nmax; pol=max ;; cores_*) pol=max ;; esac
        echo "$k,$pol,$(cta_util "$runs/$t.json"),$(cat "$runs/$t.row")"
    done
}

# normalise CSV REFROW: append ipc_norm, roundtrip_norm, util_norm = value / value in
# row REFROW (the maximum-TLP run, seed 000 Fig. 4).
normalise() {
    awk -F, -v ref="$2" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i
                                   print $0 ",ipc_norm,roundtrip_norm,util_norm"; next }
        { row[NR] = $0; ipc[NR] = $col["ipc"]; rt[NR] = $col["roundtrip"]; ut[NR] = $col["cta_util"] }
        END { r = ref + 1
              for (i = 2; i <= NR; i++)
                  printf "%s,%.4f,%.4f,%.4f\n", row[i], ipc[r] ? ipc[i] / ipc[r] : 0,
                         rt[r] ? rt[i] / rt[r] : 0, ut[r] ? ut[i] / ut[r] : 0 }' "$1"
}

# plotdat CSV FILTER: whitespace table "key ipc_norm roundtrip_norm util_norm" for gnuplot.
plotdat() {
    awk -F, -v pol="$2" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
        $col["policy"] == pol { print $1, $col["ipc_norm"], $col["roundtrip_norm"], $col["util_norm"] }' "$1"
}

name=$(basename "${wl%.*}")
cfgname=$(basename "${cfg%.*}")

# ---- 1. CTA-limit sweep -------------------------------------------------------
study lim_max lim_max "set = policy.cta_limit=max"
nmax=$(n_max "$runs/lim_max.json")
[ "$nmax" -ge 1 ] || die "no n_max in $runs/lim_max.json"
tags=()
for ((n = 1; n <= nmax; n++)); do tags+=("lim_$n"); done
study limits "lim_{policy.static_n}" "set = policy.cta_limit=static" "axis.policy.static_n = $(seq -s ' ' 1 "$nmax")"
table n "${tags[@]}" lim_max > "$runs/limits.raw"
normalise "$runs/limits.raw" $((nmax + 1)) > "$out/limits.csv"
plotdat "$out/limits.csv" static > "$runs/limits.dat"
gnuplot -c "$gpdir/norm_bars.gp" "$runs/limits.dat" "$out/limits.png" \
    "$name on $cfgname: TLP sweep (seed 000 Fig. 4 form), N = $nmax" "CTA limit n (CTAs per core)" \
    "value / value at n = N"

# ---- 2. core-count sweep ------------------------------------------------------
if [ -z "$cores" ]; then
    # default: a quarter, half, once and twice the configuration's core count
    c0=$("$bin" --config "$cfg" "${sets[@]}" --dump-config | awk -F' = ' '$1 == "core.count" { print $2 }')
    cores=$(for c in $((c0 / 4)) $((c0 / 2)) "$c0" $((c0 * 2)); do
                [ "$c" -ge 1 ] && [ "$c" -le 64 ] && echo "$c"; done | sort -nu | tr '\n' ' ')
fi
cores=$(printf '%s\n' $cores | sort -nu | tr '\n' ' ')
tags=()
for c in $cores; do tags+=("cores_$c"); done
study cores "cores_{core.count}" "set = policy.cta_limit=max" "axis.core.count = $cores"
table cores "${tags[@]}" > "$runs/cores.raw"
normalise "$runs/cores.raw" ${#tags[@]} > "$out/cores.csv"
plotdat "$out/cores.csv" max > "$runs/cores.dat"
gnuplot -c "$gpdir/norm_bars.gp" "$runs/cores.dat" "$out/cores.png" \
    "$name on $cfgname: core-count sweep at maximum TLP (seed 002 Fig. 1 form)" "cores" \
    "value / value at $(echo $cores | awk '{ print $NF }') cores"

echo "sweep: $name on $cfgname, N = $nmax, cores: $cores"
echo "  $out/limits.csv  $out/limits.png"
echo "  $out/cores.csv   $out/cores.png"
