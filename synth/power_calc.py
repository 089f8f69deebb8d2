#!/usr/bin/env python3
"""power_calc.py -- the control logic's power from gate-level toggles
(synth/power.sh, docs/synthesis.md "Power").

    power_calc.py CELLS.tsv NETLIST.v SIMLOG MHZ [LABEL]

NETLIST.v: a write_verilog netlist of synth/cells.lib cells (instances counted
per cell type).  SIMLOG: the output of vvp on synth/cells_sim.v ("PW toggles
<cell> <n>" and "PW clock_edges <n>" lines).  Prints one line of key=value:
  cycles    clock edges / flip-flops (every flip-flop sees every edge)
  e_sw_pJ   sum over cells of toggles x c_sw x V^2 / 2
  e_clk_pJ  flip-flop clock edges x c_clk x V^2
  sw_mW, clk_mW, dyn_mW   e_sw, e_clk and their sum / (cycles / f) at f = MHZ
  leak_mW   sum over cells of cell leakage
all at 45 nm, V = 1.10 V; *_65 the same scaled to 65 nm as cells_power.tsv says.
"""
import re
import sys

VDD = 1.10
S65_E = 65.0 / 45.0
S65_L = (65.0 / 45.0) ** 2


def load_cells(path):
    cells = {}
    with open(path) as f:
        for line in f:
            if line.startswith("#") or line.startswith("cell\t") or not line.strip():
                continue
            name, area, leak, csw, cclk = line.split()
            cells[name] = (float(area), float(leak), float(csw), float(cclk))
    return cells


def count_instances(path, cells):
    inst = dict.fromkeys(cells, 0)
    pat = re.compile(r"^\s*(\w+)\s+[\\\w$.\[\]]+\s*\(")
    with open(path) as f:
        for line in f:
            m = pat.match(line)
            if m and m.group(1) in inst:
                inst[m.group(1)] += 1
    return inst


def read_log(path):
    tog, edges, verdict = {}, None, []
    with open(path) as f:
        for line in f:
            w = line.split()
            if len(w) == 4 and w[:2] == ["PW", "toggles"]:
                tog[w[2]] = int(w[3])
            elif len(w) == 3 and w[:2] == ["PW", "clock_edges"]:
                edges = int(w[2])
            elif w and w[0] in ("PASS", "FAIL"):
                verdict.append(line.strip())
    return tog, edges, verdict


def power(cells, inst, tog, edges, mhz):
    ffs = sum(inst[c] for c in cells if cells[c][3] > 0)
    cycles = edges // ffs if ffs else 0
    e_sw = sum(tog.get(c, 0) * cells[c][2] * VDD * VDD / 2 for c in cells) / 1000.0  # pJ
    cclk = {cells[c][3] for c in cells if cells[c][3] > 0}
    if len(cclk) > 1:
        sys.exit("power_calc: flip-flops with different c_clk_fF (clock edges are not per type)")
    e_clk = edges * (cclk.pop() if cclk else 0.0) * VDD * VDD / 1000.0
    t_us = cycles / mhz if cycles else 0.0
    dyn = (e_sw + e_clk) / t_us / 1000.0 if t_us else 0.0  # pJ/us = uW -> mW
    sw = e_sw / t_us / 1000.0 if t_us else 0.0
    clk = e_clk / t_us / 1000.0 if t_us else 0.0
    leak = sum(inst[c] * cells[c][1] for c in cells) / 1e6  # nW -> mW
    area = sum(inst[c] * cells[c][0] for c in cells)
    return dict(cells=sum(inst.values()), ffs=ffs, cycles=cycles,
                toggles=sum(tog.values()), area_um2=area, e_sw_pJ=e_sw, e_clk_pJ=e_clk,
                sw_mW=sw, clk_mW=clk, dyn_mW=dyn, leak_mW=leak,
                dyn_mW_65=dyn * S65_E, leak_mW_65=leak * S65_L, area_um2_65=area * S65_L)


def main():
    if len(sys.argv) < 5:
        sys.exit("usage: power_calc.py CELLS.tsv NETLIST.v SIMLOG MHZ [LABEL]")
    cells = load_cells(sys.argv[1])
    inst = count_instances(sys.argv[2], cells)
    tog, edges, verdict = read_log(sys.argv[3])
    if edges is None:
        sys.exit("power_calc: no PW lines in %s (simulation did not finish)" % sys.argv[3])
    r = power(cells, inst, tog, edges, float(sys.argv[4]))
    label = sys.argv[5] if len(sys.argv) > 5 else sys.argv[2]
    out = [f"unit={label}", f"mhz={sys.argv[4]}"]
    for k, v in r.items():
        out.append(f"{k}={v:.6g}" if isinstance(v, float) else f"{k}={v}")
    out.append("sim=" + ("FAIL" if any(v.startswith("FAIL") for v in verdict) or not verdict
                         else "PASS"))
    print(" ".join(out))


if __name__ == "__main__":
    main()
