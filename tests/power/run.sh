#!/usr/bin/env bash
# tests/power/run.sh -- tests of the gate-level power flow (make test-power;
# docs/synthesis.md "Power").  Prints PASS/FAIL lines (scripts/run_tests.sh).
#  1. hand: tests/power/hand.v (NAND2, INV, DFFR) driven by tb_hand.sv; toggles
#     counted by hand: NAND2 2, INV 2, DFFR 2, 4 clock edges, 4 cycles at 100 MHz.
#     synth/cells_power.tsv, V = 1.1 V:
#       e_sw  = (2 x 4.2 + 2 x 4.2 + 2 x 5.2) fF x 1.21 / 2 = 16.456 fJ
#       e_clk = 4 x 2.9 fF x 1.21 = 14.036 fJ
#       dyn   = 30.492 fJ / 40 ns = 0.7623 uW = 0.0007623 mW
#       leak  = 17.393360 + 14.353185 + 79.0 nW = 0.000110746545 mW
#  2. hold: the same netlist held in reset, constant inputs, 4 clock edges:
#     0 toggles, sw_mW = 0 (leakage and the flip-flop's clock-pin energy only).
#  3. each unit's checks on a real run, units/NAME/power_test.sh (sourced):
#     ctasim --rtl-power, the unit's netlist replaying the run's ports with every
#     output equal to the RTL's, the run's JSON control row = FILE's total mW x
#     the run's time, and the netlist held in reset toggling nothing.
set -u
cd "$(dirname "$0")/../.."
d=build/power/test
mkdir -p "$d"
fail=0
check() { # NAME LINE KEY EXPECTED
    local got
    got=$(tr ' ' '\n' <<<"$2" | awk -F= -v k="$3" '$1 == k {print $2}')
    if awk -v g="$got" -v e="$4" 'BEGIN {d = g - e; if (d < 0) d = -d; exit !(d <= 1e-9 + 1e-5 * (e < 0 ? -e : e))}'; then
        echo "PASS $1 $3=$got"
    else
        echo "FAIL $1 $3=$got expected $4"; fail=1
    fi
}
iverilog -g2012 -o "$d/hand.vvp" tests/power/tb_hand.sv tests/power/hand.v synth/cells_sim.v || exit 1
vvp -n "$d/hand.vvp" >"$d/hand.sim"
l=$(synth/power_calc.py synth/cells_power.tsv tests/power/hand.v "$d/hand.sim" 100 hand)
check hand "$l" toggles 6
check hand "$l" cycles 4
check hand "$l" e_sw_pJ 0.016456
check hand "$l" e_clk_pJ 0.014036
check hand "$l" dyn_mW 0.0007623
check hand "$l" leak_mW 0.000110746545
vvp -n "$d/hand.vvp" +hold >"$d/hold.sim"
l=$(synth/power_calc.py synth/cells_power.tsv tests/power/hand.v "$d/hold.sim" 100 hold)
check hold "$l" toggles 0
check hold "$l" sw_mW 0
check hold "$l" leak_mW 0.000110746545
ctasim=${CTASIM:-build/rel/ctasim}
if [ ! -x "$ctasim" ]; then echo "FAIL no $ctasim (make builds it)"; exit 1; fi
# 3.., each unit's own checks of the flow on a real run: units/NAME/power_test.sh,
# sourced here (with d, ctasim, check and fail), registry order
for u in $(grep -v '^#' seam/units.tsv | cut -f1); do
    [ ! -f "units/$u/power_test.sh" ] || source "units/$u/power_test.sh"
done
exit $fail
