#!/usr/bin/env bash
# synth/check.sh -- Yosys synthesis of the top (rtl/ctl_top.sv, which
# instantiates every control unit) with `check -assert` and no latches allowed
# (synth/check.ys), flattened, so every unit's logic is checked as the top
# builds it.  Elaborated with NumCores = 2 (every generate loop and the
# core-to-core chains are built; 64 copies would only cost time).  Each unit
# alone, at its own default parameters, is synthesized by `make synth`
# (synth/report.sh, the area report); this check runs in `make test`, where a
# second synthesis of every unit would double its time for no new check.
# UNITS="NAME ..." checks those modules (units of seam/units.tsv) as tops as well.
# Prints one line per module; exits non-zero on the first failure.
set -u
cd "$(dirname "$0")/.."
# the package first (its users refer to it), then every module
# (with the units that have a folder of their own, units/NAME/: their sources but testbenches)
rtl="rtl/ctasim_pkg.sv $(ls rtl/*.sv units/*/*.sv 2> /dev/null | grep -v -e '_pkg\.sv$' -e '/tb_[^/]*$' | tr '\n' ' ')"
units="${UNITS:-} ctl_top"
logdir=build/synth-check
mkdir -p "$logdir"
fail=0
for u in $units; do
    [[ " $rtl " == *"/$u.sv "* ]] || { echo "FAIL synth-check $u: no RTL file $u.sv"; fail=1; continue; }
    log=$logdir/$u.log
    if yosys -q -l "$log" -p "read_verilog -sv -Irtl $rtl; chparam -set NumCores 2 $u; \
            synth -flatten -top $u; script synth/check.ys; tee -o $logdir/$u.stat stat" \
            >/dev/null 2>&1; then
        cells=$(awk '/Number of cells:/ {print $4}' "$logdir/$u.stat" | tail -1)
        ffs=$(awk '/\$_(S)?DFF/ {n += $2} END {print n + 0}' "$logdir/$u.stat")
        echo "synth-check $u (NumCores=2): check -assert clean, no latches, $cells cells, $ffs flip-flops"
    else
        echo "FAIL synth-check $u: yosys failed (log $log)"
        grep -E "ERROR|Warning|Found and reported" "$log" | head -5
        fail=1
    fi
done
exit $fail
