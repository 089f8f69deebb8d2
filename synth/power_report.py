#!/usr/bin/env python3
"""power_report.py -- synth/power_report.md from the --rtl-power files of
`make rtl-power` (synth/power_run.sh; method in docs/synthesis.md "Power").

    power_report.py OUT.md NOTES.md PRESET|WORKLOAD|FILE.json ...   (NOTES.md is appended)

Each FILE is `ctasim --rtl-power`'s JSON (docs/synthesis.md "--rtl-power"):
per unit the power of its netlist at the preset's core count N, replaying
the run's ports, and its split into per core and shared by the area
report's per-core and shared area.  Exit 1 if any unit's gate-level outputs
differed from its RTL's (the report is still written, sim column FAIL).
"""
import collections
import json
import sys

S65_E, S65_L = 65.0 / 45.0, (65.0 / 45.0) ** 2
CLAIMS = [  # (label, what it counts, mW, preset whose units it covers)
    ("seed 000 Sec. 4.3: DYNCTA + DYNCORE, 30 cores, 6.9 mW extra dynamic power, 0.041 mm2 "
     "(TSMC 65 nm)", "dyn", 6.9, "kayiran30"),
    ("seed 002 Sec. 3.3: ApSA (AR-CTA), 60 cores, 12 mW leakage + dynamic, 0.057 mm2 "
     "(Faraday 65 nm)", "dyn+leak", 12.0, "apsa60"),
]


def f(x, nd=3):
    return ("%." + str(nd) + "f") % x


def load(specs):
    rows = []
    for spec in specs:
        preset, wl, path = spec.split("|", 2)
        with open(path) as fh:
            p = json.load(fh)
        for u in p["units"]:
            rows.append(dict(u, preset=preset, workload=wl, mhz=p["core_mhz"], cores=p["cores"]))
    return rows


def run_table(w, rows):
    w("## Per run and unit (netlist at the preset's core count, 45 nm)")
    w("")
    w("| preset | workload | unit | MHz | cores | cycles | cells | flip-flops | toggles/cycle "
      "| sw mW | clk mW | dyn mW | leak mW | sim |")
    w("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for r in rows:
        w("| %s | %s | %s | %d | %d | %d | %d | %d | %.0f | %s | %s | %s | %s | %s |" % (
            r["preset"], r["workload"], r["unit"], r["mhz"], r["cores"], r["cycles"], r["cells"],
            r["flip_flops"], r["toggles"] / max(1, r["cycles"]), f(r["switching_mw"]),
            f(r["clock_mw"]), f(r["dynamic_mw"]), f(r["leakage_mw"]),
            "PASS" if r["gate_level_equals_rtl"] else "FAIL"))
    w("")


def mean_table(w, rows):
    """Per preset and unit, the mean over its workloads; returns
    {preset: [dyn, leak, dyn65, leak65]} summed over the preset's units."""
    w("## Per core and shared, per preset (mean over the workloads)")
    w("")
    w("Split by the area report's per-core and shared area (synth/area_report.md, linear model):")
    w("p_core = P(N) x a_core / A(N), p_shared = P(N) x a_shared / A(N), A(N) = a_shared + N a_core;")
    w("P(N) is measured (the netlist has the preset's N cores), only the split uses the area model.")
    w("")
    w("| preset | unit | N | dyn per core mW | dyn shared mW | leak per core mW | leak shared mW "
      "| dyn P(N) mW | leak P(N) mW | dyn 65 nm | leak 65 nm |")
    w("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    groups = collections.OrderedDict()
    for r in rows:
        groups.setdefault((r["preset"], r["unit"]), []).append(r)
    tot = collections.OrderedDict()
    for (preset, unit), rs in groups.items():
        def m(key, sub=None):
            return sum((x[key][sub] if sub else x[key]) for x in rs) / len(rs)
        dyn, leak = m("dynamic_mw"), m("leakage_mw")
        t = tot.setdefault(preset, [0.0, 0.0, 0.0, 0.0])
        t[0] += dyn; t[1] += leak; t[2] += dyn * S65_E; t[3] += leak * S65_L
        w("| %s | %s | %d | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            preset, unit, rs[0]["cores"], f(m("per_core", "dynamic_mw"), 4),
            f(m("shared", "dynamic_mw"), 4), f(m("per_core", "leakage_mw"), 5),
            f(m("shared", "leakage_mw"), 5), f(dyn), f(leak), f(dyn * S65_E), f(leak * S65_L)))
    w("")
    return tot, groups


def claims_table(w, tot, groups):
    w("## Beside the papers' claims (65 nm, each preset at its paper's core count)")
    w("")
    w("Only seed 000 and seed 002 state a power figure for their control logic; CLASO (seed 003)")
    w("and uC-States (seed 004) state storage and area only, so every unit stands beside both")
    w("figures for scale (seed 000's counts dynamic power only, seed 002's dynamic + leakage).")
    w("Mean over the workloads; a preset with two units also gets its total.")
    w("")
    w("| preset | unit | ours dyn mW | of which clock pins mW | ours leak mW | ours dyn+leak mW "
      "| vs seed 000's 6.9 mW (dyn) | vs seed 002's 12 mW (dyn+leak) |")
    w("|---|---|---:|---:|---:|---:|---:|---:|")

    def row(preset, unit, d, c, l):
        w("| %s | %s | %s | %s | %s | %s | %.2fx | %.2fx |" % (
            preset, unit, f(d, 2), f(c, 2), f(l, 3), f(d + l, 2), d / 6.9, (d + l) / 12.0))
    for preset, t in tot.items():
        units = [(u, rs) for (p, u), rs in groups.items() if p == preset]
        cs = 0.0
        for u, rs in units:
            d = sum(x["dynamic_mw"] for x in rs) / len(rs) * S65_E
            c = sum(x["clock_mw"] for x in rs) / len(rs) * S65_E
            l = sum(x["leakage_mw"] for x in rs) / len(rs) * S65_L
            cs += c
            row(preset, u, d, c, l)
        if len(units) > 1:
            row(preset, "**" + " + ".join(u for u, _ in units) + "**", t[2], cs, t[3])
    w("")
    for text, what, mw, preset in CLAIMS:
        if preset in tot:
            t = tot[preset]
            ours = t[2] if what == "dyn" else t[2] + t[3]
            w("- %s: ours %s mW (%s, %s, same units and core count)." % (text, f(ours, 2), what, preset))
    w("")


def main():
    if len(sys.argv) < 4:
        sys.exit("usage: power_report.py OUT.md NOTES.md PRESET|WORKLOAD|FILE.json ...")
    rows = load(sys.argv[3:])
    out = []
    w = out.append
    w("# Control-unit power report")
    w("")
    w("Generated by `make rtl-power` (synth/power_run.sh, synth/power_report.py); method, cell data")
    w("and caveats in docs/synthesis.md (\"Power\") and synth/cells_power.tsv.  Every row is one")
    w("`ctasim --engine rtl --rtl-power FILE` run (first cycles of the run): each obeyed unit's Yosys")
    w("netlist (synth/cells.lib cells, NumCores = the preset's cores, AR-CTA NumParts = its memory")
    w("partitions) replays the unit's ports of every cycle of the run, and every output of the netlist")
    w("equals the RTL's in every cycle (column sim).  45 nm, 1.10 V, at the preset's core clock.")
    w("sw = output toggles x c_sw V^2/2; clk = flip-flop clock pins, every cycle; dyn = sw + clk;")
    w("leak = sum of cell leakage.  65 nm columns: energy x 65/45, leakage x (65/45)^2")
    w("(cells_power.tsv).")
    w("")
    run_table(w, rows)
    tot, groups = mean_table(w, rows)
    claims_table(w, tot, groups)
    with open(sys.argv[1], "w") as o:
        o.write("\n".join(out) + "\n")
        with open(sys.argv[2]) as tail:
            o.write(tail.read())
    if not all(r["gate_level_equals_rtl"] for r in rows):
        sys.exit("power_report: a unit's gate-level outputs differ from its RTL's (sim FAIL rows)")


if __name__ == "__main__":
    main()
