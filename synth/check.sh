#!/usr/bin/env bash
# synth/check.sh -- Yosys synthesis of every control unit and of the top
# (rtl/ctl_top.sv) with `check -assert` and no latches allowed (synth/check.ys).
# Multi-core modules are elaborated with NumCores = 2 (every generate loop and
# the core-to-core chains are built; 64 copies would only cost time).
# Prints one line per module; exits non-zero on the first failure.
set -u
cd "$(dirname "$0")/.."
# the package first (its users refer to it), then every module
rtl="rtl/ctasim_pkg.sv $(ls rtl/*.sv | grep -v '_pkg\.sv$' | tr '\n' ' ')"
units="dyncta dyncore claso arcta ucs ctl_top"
logdir=build/synth-check
mkdir -p "$logdir"
fail=0
for u in $units; do
    [ -f "rtl/$u.sv" ] || { echo "FAIL synth-check $u: rtl/$u.sv missing"; fail=1; continue; }
    log=$logdir/$u.log
    if yosys -q -l "$log" -p "read_verilog -sv $rtl; chparam -set NumCores 2 $u; \
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
