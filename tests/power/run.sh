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
#  3. dyncore netlist held in reset 100 cycles: 0 toggles, sw_mW = 0.
#  4. equivalence: the dyncore netlist replays the first 3000 events of its
#     bench's vectors (build/vectors/dyncore.vec, from test_rtl_dyncore --vec) and
#     matches the RTL's outputs after every event (tb_dyncore's own check).
#  5. real run: kayiran30 with DYNCORE, stream_copy, 1 024 cycles under
#     `ctasim --engine rtl --fst` (CTASIM, default build/rel/ctasim); the dyncore
#     netlist replays u_dyncore's ports (synth/power_vec.py) with every output
#     equal to the RTL's in every cycle.
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
[ -f build/power/dyncore.v ] && [ -z "$(find rtl -name '*.sv' -newer build/power/dyncore.v)" ] ||
    synth/power_synth.sh dyncore build/power/dyncore.v || exit 1
iverilog -g2012 -o "$d/reset.vvp" tests/power/tb_dyncore_reset.sv build/power/dyncore.v synth/cells_sim.v || exit 1
vvp -n "$d/reset.vvp" >"$d/reset.sim"
l=$(synth/power_calc.py synth/cells_power.tsv build/power/dyncore.v "$d/reset.sim" 100 reset)
check dyncore_reset "$l" toggles 0
check dyncore_reset "$l" sw_mW 0
check dyncore_reset "$l" cycles 100
if [ -f build/vectors/dyncore.vec ]; then
    head -n 3000 build/vectors/dyncore.vec >"$d/dyncore_short.vec"
    if l=$(synth/power.sh dyncore "$d/dyncore_short.vec" 100 dyncore_short); then
        echo "PASS dyncore gate-level = RTL on 3000 events ($(grep -m1 '^PASS' build/power/dyncore_short.sim))"
    else
        echo "FAIL dyncore gate-level differs from RTL (build/power/dyncore_short.sim)"; fail=1
    fi
else
    echo "FAIL no build/vectors/dyncore.vec (make test-rtl writes it)"; fail=1
fi
ctasim=${CTASIM:-build/rel/ctasim}
if [ -x "$ctasim" ]; then
    "$ctasim" --config configs/kayiran30.cfg --set policy.dyncore=1 --set run.max_cycles=1024 \
        --workload workloads/stream_copy.kern --engine rtl --fst "$d/real.fst" --quiet 2>"$d/real.log" ||
        [ $? = 1 ]
    fst2vcd -f "$d/real.fst" -o "$d/real.vcd" >/dev/null 2>&1
    synth/power_vec.py "$d/real.vcd" dyncore build/power/dyncore.v "$d/real" >/dev/null &&
        iverilog -g2012 -o "$d/real.vvp" "$d/real_tb.sv" build/power/dyncore.v synth/cells_sim.v &&
        vvp -n "$d/real.vvp" +vec="$d/real.vec" >"$d/real.sim"
    if grep -q '^PASS' "$d/real.sim" 2>/dev/null && ! grep -q '^FAIL' "$d/real.sim"; then
        echo "PASS dyncore gate-level = RTL on a real run ($(grep -m1 '^PASS' "$d/real.sim"))"
    else
        echo "FAIL dyncore gate-level on a real run ($d/real.sim)"; fail=1
    fi
    rm -f "$d/real.fst" "$d/real.vcd"
else
    echo "FAIL no $ctasim (make builds it)"; fail=1
fi
exit $fail
