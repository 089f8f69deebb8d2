#!/usr/bin/env bash
# synth/power_synth.sh UNIT OUT.v -- synthesize units/UNIT/UNIT.sv at the unit benches'
# size (NumCores = 64, AR-CTA NumParts = 16: Makefile RTL_BENCH_CORES/PARTS) to
# synth/cells.lib (synth/area_lib.ys, the area report's mapping) and write the
# gate-level netlist with write_verilog (docs/synthesis.md, "Power").  rename -top: a unit
# with submodules comes out of chparam as $paramod\U\...
set -eu
cd "$(dirname "$0")/.."
u=$1 out=$2
cores=${POWER_CORES:-64} parts=${POWER_PARTS:-16}
# (with the units that have a folder of their own, units/NAME/: their sources but testbenches)
rtl="rtl/ctasim_pkg.sv $(ls rtl/*.sv units/*/*.sv 2> /dev/null | grep -v -e '_pkg\.sv$' -e '/tb_[^/]*$' | tr '\n' ' ')"
chp="chparam -set NumCores $cores $u;"
# a unit that takes NumParts (seam/units.tsv) gets it too
case ",$(awk -F'\t' -v u="$u" '$1 == u {print $4}' seam/units.tsv)," in
    *,NumParts,*) chp="chparam -set NumCores $cores -set NumParts $parts $u;";;
esac
yosys -q -l "$out.log" -p "read_verilog -sv -Irtl $rtl; $chp synth -flatten -top $u; \
    script synth/check.ys; script synth/area_lib.ys; \
    tee -o $out.stat stat -liberty synth/cells.lib; rename -top $u; write_verilog -noattr -noexpr $out" >/dev/null ||
    { echo "power_synth: yosys failed for $u (log $out.log)" >&2; exit 1; }
