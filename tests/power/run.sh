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
#  3. ctasim --rtl-power on a real run: small (4 cores), DYNCORE with a
#     256-cycle period (eight decisions, cores turned off), stream_copy, 2 048
#     cycles, lockstep engine: the 4-core dyncore netlist (synth/rtl_power.sh,
#     cached as build/power/dyncore_c4.v) replays the run's ports with every
#     output equal to the RTL's in every cycle (gate_level_equals_rtl), and the
#     run's JSON has the control row = FILE's total mW x the run's time.
#  4. the same 4-core dyncore netlist held in reset 100 cycles: 0 toggles, sw_mW = 0;
#     and out of reset (+run: released after 2 cycles) the same bench toggles.
# (Until round 21 a 64-core netlist also replayed 3 000 events of the unit
# bench's vectors: its synthesis made this script take 99 s; `make rtl-power`
# checks every cycle of every report run, on every unit.)
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
rm -f "$d/rp.json" "$d/rp_run.json"
"$ctasim" --set policy.dyncore=1 --set dyncore.k=2 --set dyncore.period=256 --set run.max_cycles=2048 \
    --workload workloads/stream_copy.kern --engine lockstep --rtl-power "$d/rp.json" \
    --json "$d/rp_run.json" --quiet 2>"$d/rp.log" || [ $? = 1 ]
if python3 - "$d/rp.json" "$d/rp_run.json" <<'PY'
import json, sys
p, r = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
u = p["units"]
assert [x["unit"] for x in u] == ["dyncore"] and u[0]["gate_level_equals_rtl"], u
assert u[0]["cycles"] == 2048 and u[0]["toggles"] > 0 and p["cores"] == 4, u
ctl = [x for x in r["power"]["rows"] if x["name"] == "control"]
t = r["power"]["time_s"]
assert len(ctl) == 1, r["power"]["rows"]
for k, m in (("dynamic_j", "dynamic_mw"), ("static_j", "leakage_mw")):
    want = p["total"][m] * 1e-3 * t
    assert abs(ctl[0][k] - want) <= 1e-6 * want, (k, ctl[0][k], want)
print("cycles=%d toggles=%d dyn_mW=%g" % (u[0]["cycles"], u[0]["toggles"], u[0]["dynamic_mw"]))
PY
then echo "PASS --rtl-power: dyncore_c4 gate-level = RTL every cycle, control row = FILE x time"
else echo "FAIL --rtl-power ($d/rp.log, $d/rp.json, $d/rp_run.json)"; fail=1
fi
net=build/power/dyncore_c4.v
[ -f "$net" ] || { echo "FAIL no $net (the --rtl-power run makes it)"; exit 1; }
iverilog -g2012 -P tb_dyncore_reset.N=4 -o "$d/reset.vvp" tests/power/tb_dyncore_reset.sv "$net" \
    synth/cells_sim.v || exit 1
vvp -n "$d/reset.vvp" >"$d/reset.sim"
l=$(synth/power_calc.py synth/cells_power.tsv "$net" "$d/reset.sim" 100 reset)
check dyncore_reset "$l" toggles 0
check dyncore_reset "$l" sw_mW 0
check dyncore_reset "$l" cycles 100
# the control case: the same bench out of reset must toggle (the check above can fail)
vvp -n "$d/reset.vvp" +run >"$d/run.sim"
l=$(synth/power_calc.py synth/cells_power.tsv "$net" "$d/run.sim" 100 run)
t=$(tr ' ' '\n' <<<"$l" | awk -F= '$1 == "toggles" {print $2}')
if [ "${t:-0}" -gt 0 ]; then echo "PASS dyncore_run toggles=$t > 0 out of reset"
else echo "FAIL dyncore_run toggles=${t:-none}: the reset check cannot tell"; fail=1
fi
exit $fail
