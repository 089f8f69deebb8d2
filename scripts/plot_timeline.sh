#!/usr/bin/env bash
# plot_timeline.sh -- plots of a controller timeline (ctasim --timeline FILE).
#
#   scripts/plot_timeline.sh [--core K] [--title TEXT] TIMELINE.csv OUTDIR
#
# Writes into OUTDIR:
#   cta_limit.png      CTA limit n over time: the mean over cores and a few single
#                      cores, with thread IPC per sample below (seed 000 Fig. 8 form)
#   tuning_coreK.png   which datapath components of core K (default 0) are tuned
#                      down over time, one row per component of enum ctl_comp
#                      (seed 004 Fig. 9 form; "normal" = row empty)
#   each unit's plots  units/NAME/timeline.sh, sourced (e.g. credits.png: the
#                      global and a few cores' local credits, when some is non-zero)
#   cores_enabled.png  enabled / powered / occupied core counts, and the AR-CTA
#                      phase, type and frequency-calibrator state (only when a core
#                      is ever disabled or off, or AR-CTA reached a decision)
# Timeline columns: cycle,kernel,ar_phase,ar_type,fc_on,credit_global,thread_insts,
# then per core C: limitC, residentC, pausedC, enabledC, power_onC, tuned_downC, creditC
# (seven groups of n_cores columns, group by group).
set -euo pipefail

prog=plot_timeline.sh
die() { echo "$prog: $*" >&2; exit 2; }
usage() { echo "usage: scripts/plot_timeline.sh [--core K] [--title TEXT] TIMELINE.csv OUTDIR"; }

root=$(cd "$(dirname "$0")/.." && pwd)
gpdir=$root/scripts/gnuplot
core=0
title=""
pos=()
while [ $# -gt 0 ]; do
    case "$1" in
        --core)  [ $# -ge 2 ] || die "--core needs a core number"; core=$2; shift 2 ;;
        --title) [ $# -ge 2 ] || die "--title needs a text"; title=$2; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        -*) die "unknown option '$1' (try --help)" ;;
        *) pos+=("$1"); shift ;;
    esac
done
[ ${#pos[@]} -eq 2 ] || { usage >&2; die "need TIMELINE.csv and OUTDIR (got ${#pos[@]} arguments)"; }
tl=${pos[0]}
out=${pos[1]}
[ -f "$tl" ] || die "timeline not found: $tl"
[[ "$core" =~ ^[0-9]+$ ]] || die "bad core number '$core' (--core)"
command -v gnuplot >/dev/null || die "gnuplot not installed"
[ -n "$title" ] || title=$(basename "${tl%.*}")

# Validate the header and every row; one line "FILE:LINE: problem" on the first error.
fixed="cycle,kernel,ar_phase,ar_type,fc_on,credit_global,thread_insts"
ncores=$(awk -F, -v f="$tl" -v fixed="$fixed" '
    NR == 1 { if (index($0, fixed ",") != 1) { printf "%s:1: not a ctasim timeline header (%s)\n", f, $1; err = 1; exit 1 }
              if ((NF - 7) % 7 || NF == 7) { printf "%s:1: %d columns is not 7 + 7 x cores (header)\n", f, NF; err = 1; exit 1 }
              n = NF; c = (NF - 7) / 7
              if ($8 != "limit0" || $(7 + c) != "limit" (c - 1)) { printf "%s:1: per-core columns out of order (%s)\n", f, $8; err = 1; exit 1 }
              next }
    NF != n { printf "%s:%d: %d fields, header has %d (row)\n", f, NR, NF, n; err = 1; exit 1 }
    { for (i = 1; i <= NF; i++) if ($i !~ /^-?[0-9]+$/) { printf "%s:%d: not an integer (%s)\n", f, NR, $i; err = 1; exit 1 } }
    END { if (err) exit 1
          if (NR == 0) { printf "%s:1: empty file (header)\n", f; exit 1 }
          if (NR == 1) { printf "%s:1: no samples (run longer or lower run.timeline_period)\n", f; err = 1; exit 1 }
          if (n) print c }' "$tl") || die "${ncores:-$tl: unreadable}"
[ "$core" -lt "$ncores" ] || die "--core $core but the timeline has $ncores cores"
mkdir -p "$out"
dat=$out/.timeline_dat
mkdir -p "$dat"

# Up to four cores spread over the machine for the per-core lines.
picks=$(for i in 0 $((ncores / 3)) $((2 * ncores / 3)) $((ncores - 1)); do echo "$i"; done | sort -nu | tr '\n' ' ')
picks=${picks% }
# Cycles where a new kernel starts (vertical markers).
bounds=$(awk -F, 'NR > 2 && $2 != k { printf "%s ", $1 } NR > 1 { k = $2 }' "$tl")

# Column helpers: per-core group g (0 limit .. 6 credit) of core c is field 8 + g*C + c.
awkcols='function col(g, c) { return 8 + g * C + c }'

# ---- 1. CTA limit over time (seed 000 Fig. 8) ---------------------------------
awk -F, -v C="$ncores" -v picks="$picks" "$awkcols"'
    NR == 1 { np = split(picks, p, " "); next }
    { s = 0; for (c = 0; c < C; c++) s += $col(0, c)
      dt = $1 - prev; prev = $1
      printf "%s %.4f %.4f", $1, (dt > 0 ? $7 / dt : 0), s / C
      for (i = 1; i <= np; i++) printf " %s", $col(0, p[i])
      printf "\n" }' "$tl" > "$dat/limits.dat"
gnuplot -c "$gpdir/tl_limits.gp" "$dat/limits.dat" "$out/cta_limit.png" "$title" "$picks" "$bounds"
made="cta_limit.png"

# ---- 2. component tuning of one core (seed 004 Fig. 9) ------------------------
# Step-shaped: each sample's bits hold from the previous sample's cycle to this one.
awk -F, -v C="$ncores" -v K="$core" "$awkcols"'
    function bits(v, t,   i, s) { s = ""; for (i = 0; i < 14; i++) { s = s " " int(v / 2 ^ i) % 2 } return s }
    NR == 1 { next }
    { v = $col(5, K); if (NR > 2) print $1, bits(last); print $1, bits(v); last = v }' "$tl" > "$dat/tuning.dat"
gnuplot -c "$gpdir/tl_tuning.gp" "$dat/tuning.dat" "$out/tuning_core$core.png" "$title" "$core" "$bounds"
made="$made tuning_core$core.png"
skipped=""

# ---- 3. the units' own plots (units/NAME/timeline.sh, registry order) --------
for u in $(grep -v '^#' "$root/seam/units.tsv" | cut -f1); do
    [ ! -f "$root/units/$u/timeline.sh" ] || source "$root/units/$u/timeline.sh"
done

# ---- 4. enabled cores and AR-CTA ----------------------------------------------
if awk -F, -v C="$ncores" "$awkcols"'NR > 1 { if ($3 >= 2 || $4 || $5) f = 1
                                              for (c = 0; c < C; c++) if (!$col(3, c) || !$col(4, c)) f = 1 }
                                      END { exit !f }' "$tl"; then
    awk -F, -v C="$ncores" "$awkcols"'
        NR == 1 { next }
        { en = on = occ = 0
          for (c = 0; c < C; c++) { en += $col(3, c) > 0; on += $col(4, c) > 0; occ += $col(1, c) > 0 }
          print $1, en, on, occ, $3, $4, $5 }' "$tl" > "$dat/cores.dat"
    gnuplot -c "$gpdir/tl_cores.gp" "$dat/cores.dat" "$out/cores_enabled.png" "$title" "$ncores" "$bounds"
    made="$made cores_enabled.png"
else
    rm -f "$out/cores_enabled.png"; skipped="$skipped cores_enabled.png (every core enabled and on, no AR-CTA decision)"
fi

echo "timeline plots of $tl ($ncores cores) in $out/: $made"
[ -z "$skipped" ] || echo "  not drawn:$skipped"
