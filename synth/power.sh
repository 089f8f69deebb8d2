#!/usr/bin/env bash
# synth/power.sh UNIT VEC MHZ [LABEL] -- the control unit's own power from the
# toggles of its gate-level netlist (docs/synthesis.md, "Power"):
#   1. synth/power_synth.sh: Yosys netlist of units/UNIT/UNIT.sv mapped to synth/cells.lib
#      (build/power/UNIT.v; remade when an RTL file is newer)
#   2. Icarus: units/UNIT/tb_UNIT.sv (the unit's own bench, parameter override
#      dropped: the netlist is already at the bench's size) + the netlist +
#      synth/cells_sim.v replays VEC (written by test_rtl_UNIT --vec) and checks
#      the netlist's outputs against the RTL's expected outputs after every event
#   3. synth/power_calc.py: toggles x energy / run time at MHZ, and leakage.
# Prints power_calc's key=value line; exits 1 if the gate-level run FAILs.
set -eu
cd "$(dirname "$0")/.."
u=$1 vec=$2 mhz=$3 label=${4:-$1}
d=build/power
mkdir -p "$d"
net=$d/$u.v
if [ ! -f "$net" ] || [ -n "$(find rtl units -name '*.sv' -newer "$net")" ]; then
    synth/power_synth.sh "$u" "$net"
fi
# the bench instantiates "u #(...) dut": the netlist has no parameters
sed -E "s/^(\s*$u)\s*#\(.*\)(\s*dut)/\1\2/" "units/$u/tb_$u.sv" >"$d/tb_${u}_gl.sv"
iverilog -g2012 -I tests/rtl -o "$d/tb_${u}_gl.vvp" rtl/ctasim_pkg.sv "$d/tb_${u}_gl.sv" \
    "$net" synth/cells_sim.v
vvp -n "$d/tb_${u}_gl.vvp" +vec="$vec" >"$d/$label.sim"
line=$(synth/power_calc.py synth/cells_power.tsv "$net" "$d/$label.sim" "$mhz" "$label")
echo "$line"
case $line in *sim=PASS*) ;; *) grep -m3 FAIL "$d/$label.sim" >&2; exit 1 ;; esac
