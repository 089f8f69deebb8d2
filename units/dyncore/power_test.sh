# units/dyncore/power_test.sh -- sourced by tests/power/run.sh (make test-power)
# with d (its scratch folder), ctasim, check NAME LINE KEY EXPECTED and fail:
#  1. ctasim --rtl-power on a real run: small (4 cores), DYNCORE with a
#     256-cycle period (eight decisions, cores turned off), stream_copy, 2 048
#     cycles, lockstep engine: the 4-core dyncore netlist (synth/rtl_power.sh,
#     cached as build/power/dyncore_c4.v) replays the run's ports with every
#     output equal to the RTL's in every cycle (gate_level_equals_rtl), and the
#     run's JSON has the control row = FILE's total mW x the run's time.
#  2. the same 4-core dyncore netlist held in reset 100 cycles (tb_dyncore_reset.sv):
#     0 toggles, sw_mW = 0; and out of reset (+run: released after 2 cycles) the
#     same bench toggles.
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
[ -f "$net" ] || { echo "FAIL no $net (the --rtl-power run makes it)"; fail=1; return; }
iverilog -g2012 -P tb_dyncore_reset.N=4 -o "$d/reset.vvp" units/dyncore/tb_dyncore_reset.sv "$net" \
    synth/cells_sim.v || { echo "FAIL iverilog tb_dyncore_reset"; fail=1; return; }
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
