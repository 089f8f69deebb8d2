#!/usr/bin/env python3
"""xcheck_suite.py -- the tables of scripts/xcheck-suite.sh (each suite
workload's CTA-limit curve beside Accel-Sim's, docs/workloads.md "Cross-check with
Accel-Sim").

    xcheck_suite.py select MANIFEST PATTERN...    rows "paper app file name" of the
                                                   manifest matching a glob on paper/app,
                                                   in the patterns' order
    xcheck_suite.py table OUT DATE COMMIT ITEM... OUT/xcheck.tsv (one row per file:
                                                   MAD, verdict) and OUT/xcheck.md (that
                                                   table and every curve) from the
                                                   per-file sweeps OUT/files/DIR/sweep.csv;
                                                   ITEM is paper:app:name[:DIR[:VERSION]]
                                                   (DIR defaults to name, VERSION, the
                                                   traces' binary version, to 70)
    xcheck_suite.py record OUT TSV DOC            merge OUT/xcheck-curves.tsv into the
                                                   committed TSV (rows of the same file,
                                                   paper and app, replaced: one curve a
                                                   file, of either version) and write
                                                   DOC's section between its xcheck-suite
                                                   markers

The MAD is correlate.py's: the mean over the sweep points N != max of
|ctasim_norm - accelsim_norm|, each curve normalised to its maximum-TLP run
(cycles(max) / cycles(N)); a point at or above every kernel's CTA limit per SM
repeats the maximum and counts as 0, as correlate.sh counts it.
"""
import csv
import fnmatch
import glob
import hashlib
import os
import sys

GOAL = 0.05
CURVE_COLS = ["paper", "app", "name", "cta_limit", "accelsim_cycles", "ctasim_cycles",
              "accelsim_norm", "ctasim_norm", "abs_diff", "date", "ctasim_commit", "accelsim_runs",
              "trace_version"]
# The traces' binary version of a curve recorded without one (scripts/xcheck-suite.sh
# wrote version 70 before it had --isa).
DEFAULT_VERSION = "70"
# The suffix of a version's trace, run and result folders (xcheck-suite.sh --isa).
VERSION_SUFFIX = {"70": "", "61": "-v61"}
BEGIN = "<!-- xcheck-suite begin (scripts/xcheck-suite.sh --record writes this section) -->"
END = "<!-- xcheck-suite end -->"


def trace_name(paper, app):
    """seed000 + SSC -> s000-SSC (the trace folder and Accel-Sim run name)."""
    return "s" + paper[len("seed"):] + "-" + app


def cmd_select(manifest, patterns):
    with open(manifest) as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    seen = set()
    for p in patterns:          # in the patterns' order (the run's priority), then the manifest's
        for r in rows:
            key = f"{r['paper']}/{r['app']}"
            if key in seen or not (fnmatch.fnmatchcase(key, p) or r["file"] == p):
                continue
            seen.add(key)
            print(r["paper"], r["app"], r["file"], trace_name(r["paper"], r["app"]))
    if not seen:
        sys.exit(f"xcheck_suite.py: no manifest row matches {' '.join(patterns)}")


def paper_app(name):
    """s002-CP or s002-CP-v61 -> seed002/CP (trace_name's inverse)."""
    for sfx in VERSION_SUFFIX.values():
        if sfx and name.endswith(sfx):
            name = name[:-len(sfx)]
    paper, app = name.split("-", 1)
    return f"seed{paper[1:]}/{app}"


def order(n):
    return 10 ** 6 if n == "max" else int(n)


def summarize(curve):
    """One file's row from its curve rows: MAD, points, verdict, each optimum,
    ctasim's cycles against Accel-Sim's (min..max of ctasim/accelsim - 1)."""
    pts = [r for r in curve if r["cta_limit"] != "max"]
    mad = sum(float(r["abs_diff"]) for r in pts) / len(pts) if pts else float("nan")

    def best(col):  # the fewest cycles; a tie goes to the larger N (the maximum first)
        return min(sorted(curve, key=lambda r: -order(r["cta_limit"])),
                   key=lambda r: int(r[col]))["cta_limit"]
    ratio = [int(r["ctasim_cycles"]) / int(r["accelsim_cycles"]) - 1 for r in curve]
    return {"paper": curve[0]["paper"], "app": curve[0]["app"], "name": curve[0]["name"],
            "points": str(len(pts)), "mad": f"{mad:.3f}",
            "verdict": f"within {GOAL}" if mad <= GOAL else f"above {GOAL}",
            "accelsim_best": best("accelsim_cycles"), "ctasim_best": best("ctasim_cycles"),
            "cycles_vs_accelsim": f"{100 * min(ratio):+.0f}..{100 * max(ratio):+.0f} %",
            "date": curve[0]["date"], "ctasim_commit": curve[0]["ctasim_commit"],
            "accelsim_runs": curve[0].get("accelsim_runs") or "",
            "trace_version": curve[0].get("trace_version") or DEFAULT_VERSION}


SUMMARY_COLS = ["paper", "app", "name", "points", "mad", "verdict", "accelsim_best",
                "ctasim_best", "cycles_vs_accelsim", "date", "ctasim_commit", "trace_version"]


def write_tsv(path, rows, cols):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, cols, delimiter="\t", lineterminator="\n", extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)


def read_tsv(path):
    if not os.path.exists(path):
        return []
    with open(path) as f:
        return list(csv.DictReader(f, delimiter="\t"))


def curves_of(rows):
    """curve rows grouped by file (paper, app), in first-seen order, each sorted by N."""
    byname = {}
    for r in rows:
        byname.setdefault((r["paper"], r["app"]), []).append(r)
    return [sorted(c, key=lambda r: order(r["cta_limit"])) for c in byname.values()]


def markdown(curves, missing=()):
    sums = [summarize(c) for c in curves]
    md = ["| file | points | MAD | verdict | best N Accel-Sim | best N ctasim | "
          "ctasim cycles vs Accel-Sim | date | ctasim | trace version |",
          "|---|---|---|---|---|---|---|---|---|---|"]
    for s in sums:
        md.append(f"| {s['paper']}/{s['app']} | {s['points']} | {s['mad']} | {s['verdict']} | "
                  f"{s['accelsim_best']} | {s['ctasim_best']} | {s['cycles_vs_accelsim']} | "
                  f"{s['date']} | {s['ctasim_commit']} | {s['trace_version']} |")
    for key, why in missing:
        md.append(f"| {key} | - | - | {why} | - | - | - | - | - | - |")
    if sums:
        within = sum(s["verdict"].startswith("within") for s in sums)
        mean = sum(float(s["mad"]) for s in sums) / len(sums)
        md += ["", f"{within} of {len(sums)} within MAD {GOAL}; mean MAD {mean:.3f}."]
        versions = sorted({s["trace_version"] for s in sums})
        md += ["", "Trace version: the binary version the traces were written with "
               "(scripts/xcheck-suite.sh --isa; docs/traces.md \"Which binary version\"): "
               + ", ".join(f"{v} for {sum(s['trace_version'] == v for s in sums)}" for v in versions)
               + "."]
        shared = [f"{s['paper']}/{s['app']} ({paper_app(s['accelsim_runs'])}'s)"
                  for s in sums if s["accelsim_runs"]]
        if shared:
            md += ["", "Accel-Sim runs shared by files whose traces are the same but for the "
                   "kernels' names (scripts/xcheck-suite.sh): " + ", ".join(shared) + "."]
    md += ["", "Curves (cycles; performance normalised to the maximum-TLP run, "
           "cycles(max) / cycles(N)):", "",
           "| file | N | Accel-Sim cycles | ctasim cycles | Accel-Sim norm. | ctasim norm. | abs. diff |",
           "|---|---|---|---|---|---|---|"]
    for c in curves:
        for i, r in enumerate(c):
            key = f"{r['paper']}/{r['app']}" if i == 0 else ""
            md.append(f"| {key} | {r['cta_limit']} | {r['accelsim_cycles']} | {r['ctasim_cycles']} | "
                      f"{float(r['accelsim_norm']):.3f} | {float(r['ctasim_norm']):.3f} | "
                      f"{float(r['abs_diff']):.3f} |")
    return sums, md


def cmd_table(out, date, commit, names):
    """names: paper:app:name[:dir[:version]] items, in the order run."""
    rows, missing = [], []
    for item in names:
        parts = item.split(":")
        paper, app, name = parts[:3]
        fdir = parts[3] if len(parts) > 3 else name
        version = parts[4] if len(parts) > 4 else DEFAULT_VERSION
        path = os.path.join(out, "files", fdir, "sweep.csv")
        if not os.path.exists(path):
            why = open(os.path.join(out, "files", fdir, "status")).read().strip() \
                if os.path.exists(os.path.join(out, "files", fdir, "status")) else "not run"
            missing.append((f"{paper}/{app}", why))
            continue
        runs_of = os.path.join(out, "files", fdir, "accelsim-runs-of")
        src = open(runs_of).read().strip() if os.path.exists(runs_of) else ""
        stamp = os.path.join(out, "files", fdir, "done")
        d, c = (open(stamp).read().split() + [date, commit])[:2] if os.path.exists(stamp) else (date, commit)
        with open(path) as f:
            for r in csv.DictReader(f):
                rows.append({"paper": paper, "app": app, "name": name, "cta_limit": r["cta_limit"],
                             "accelsim_cycles": r["accelsim_cycles"], "ctasim_cycles": r["ctasim_cycles"],
                             "accelsim_norm": r["accelsim_norm"], "ctasim_norm": r["ctasim_norm"],
                             "abs_diff": r["abs_diff"], "date": d, "ctasim_commit": c,
                             "accelsim_runs": src, "trace_version": version})
    write_tsv(os.path.join(out, "xcheck-curves.tsv"), rows, CURVE_COLS)
    sums, md = markdown(curves_of(rows), missing)
    write_tsv(os.path.join(out, "xcheck.tsv"), sums, SUMMARY_COLS)
    with open(os.path.join(out, "xcheck.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    print("\n".join(md[:len(sums) + len(missing) + 4]))


def program_sha(text):
    """sha256 of a workload file without its comment lines: the program a
    curve measured (gen-paper-suite.py keeps a curve only for that program)."""
    prog = "\n".join(ln for ln in text.splitlines() if not ln.lstrip().startswith("#"))
    return hashlib.sha256(prog.encode()).hexdigest()


def record_programs(new, tsv):
    """Beside TSV, xcheck-programs.tsv: each recorded file's program_sha."""
    path = os.path.join(os.path.dirname(tsv), "xcheck-programs.tsv")
    have = {(r["paper"], r["app"]): r for r in read_tsv(path)}
    for r in new:
        f = glob.glob(os.path.join(os.path.dirname(tsv), r["paper"], r["app"] + ".*"))
        if f:
            with open(f[0]) as fh:
                have[(r["paper"], r["app"])] = {"paper": r["paper"], "app": r["app"],
                                                "program_sha256": program_sha(fh.read())}
    write_tsv(path, sorted(have.values(), key=lambda r: (r["paper"], r["app"])),
              ["paper", "app", "program_sha256"])


def cmd_record(out, tsv, doc):
    new = read_tsv(os.path.join(out, "xcheck-curves.tsv"))
    names = {(r["paper"], r["app"]) for r in new}
    rows = [r for r in read_tsv(tsv) if (r["paper"], r["app"]) not in names] + new
    for r in rows:
        r["trace_version"] = r.get("trace_version") or DEFAULT_VERSION
    write_tsv(tsv, rows, CURVE_COLS)
    record_programs(new, tsv)
    _, md = markdown(curves_of(rows))
    with open(doc) as f:
        text = f.read()
    if BEGIN not in text or END not in text:
        sys.exit(f"xcheck_suite.py: {doc} has no xcheck-suite markers")
    head, rest = text.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    with open(doc, "w") as f:
        f.write(head + BEGIN + "\n" + "\n".join(md) + "\n" + END + tail)
    print(f"recorded {len(names)} file(s) into {tsv} ({len(curves_of(rows))} in all) and {doc}")


def main(argv):
    if len(argv) >= 3 and argv[1] == "select":
        cmd_select(argv[2], argv[3:])
    elif len(argv) >= 5 and argv[1] == "table":
        cmd_table(argv[2], argv[3], argv[4], argv[5:])
    elif len(argv) == 5 and argv[1] == "record":
        cmd_record(argv[2], argv[3], argv[4])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
