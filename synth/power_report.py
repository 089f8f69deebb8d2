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
import os
import sys

S65_E, S65_L = 65.0 / 45.0, (65.0 / 45.0) ** 2
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def load_claims():
    """The papers' power figures: the "claim|WHAT|MW|SOURCE|TEXT" lines of
    units/NAME/power.txt (registry order, seam/units.tsv), each for the units
    run on that file's "run" preset.  Returns [(SOURCE, TEXT, WHAT, MW, PRESET)]."""
    claims = []
    with open(os.path.join(ROOT, "seam", "units.tsv")) as fh:
        units = [l.split("\t")[0] for l in fh if l.strip() and not l.startswith("#")]
    for u in units:
        path = os.path.join(ROOT, "units", u, "power.txt")
        if not os.path.exists(path):
            continue
        preset, mine = None, []
        with open(path) as fh:
            for n, line in enumerate(fh, 1):
                line = line.rstrip("\n")
                if line.startswith("run "):
                    preset = line.split()[1]
                elif line.startswith("claim|"):
                    c = line.split("|", 4)
                    if len(c) != 5 or c[1] not in ("dyn", "dyn+leak"):
                        sys.exit("%s:%d: want claim|dyn or dyn+leak|MW|SOURCE|TEXT" % (path, n))
                    mine.append((c[3], c[4], c[1], float(c[2])))
        if mine and preset is None:
            sys.exit("%s: a claim without a run line (its preset)" % path)
        claims += [m + (preset,) for m in mine]
    return claims


CLAIMS = load_claims()


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
    w("Of the papers, %s state a power figure for their control logic (units/NAME/power.txt);"
      % " and ".join(c[0] for c in CLAIMS))
    w("the others state storage and area only, so every unit stands beside each figure for scale")
    w("(%s)." % "; ".join("%s's counts %s" % (c[0], "dynamic power only" if c[2] == "dyn"
                                                 else "dynamic + leakage") for c in CLAIMS))
    w("Mean over the workloads; a preset with two units also gets its total.")
    w("")
    w("| preset | unit | ours dyn mW | of which clock pins mW | ours leak mW | ours dyn+leak mW "
      + "".join("| vs %s's %g mW (%s) " % (c[0], c[3], c[2]) for c in CLAIMS) + "|")
    w("|---|---|---:|---:|---:|---:|" + "---:|" * len(CLAIMS))

    def row(preset, unit, d, c, l):
        w("| %s | %s | %s | %s | %s | %s |" % (preset, unit, f(d, 2), f(c, 2), f(l, 3), f(d + l, 2))
          + "".join(" %.2fx |" % ((d if k[2] == "dyn" else d + l) / k[3]) for k in CLAIMS))
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
    for source, text, what, mw, preset in CLAIMS:
        if preset in tot:
            t = tot[preset]
            ours = t[2] if what == "dyn" else t[2] + t[3]
            w("- %s %s: ours %s mW (%s, %s, same units and core count)." % (
                source, text, f(ours, 2), what, preset))
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
