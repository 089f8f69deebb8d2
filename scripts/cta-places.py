#!/usr/bin/env python3
"""cta-places.py -- where a kernel's CTAs ran: per core, how many CTAs it was given, how
many after the first wave, when its first CTA ended and when it went empty.  Compares
the CTA placement of Accel-Sim and ctasim on one trace (docs/workloads.md, "Where the
curves disagree"): which cores take the CTAs that do not fit the first wave decides
how long the tail of a compute-bound kernel lasts.

    scripts/cta-places.py --accelsim LOG
    scripts/cta-places.py --ctasim JSON [--timeline CSV]

LOG: an Accel-Sim log of a run with GPGPU-Sim's liveness trace on every SM
(`-trace_enabled 1 -trace_components LIVENESS -trace_sampling_core -1`; the build of
../shared/tools/accelsim compiles the trace in): one line per CTA started (core,
hardware slot, cycle, kernel) and one per CTA finished (core, slot, cycle).
JSON: ctasim's `--json` output (each core's `ctas_issued`, per kernel).  CSV: its
`--timeline` (each core's resident CTAs per row); with it, the cycle each core went
empty.  ctasim's outputs carry no per-CTA end cycle, so its first-end column is empty.

Per kernel, a line per core and a summary: the first wave (CTAs placed before the
first CTA ended), the CTAs placed after it (their cycles, how many each core took, how
many cores took none) and the cycles at which the cores went empty.
"""
import argparse
import csv
import json
import re
import sys

START = re.compile(r"GPGPU-Sim Cycle (\d+): LIVENESS - Core (\d+) - GPGPU-Sim uArch: "
                   r"cta:\s*(\d+), start_tid.*kernel_uid:(\d+)")
FINISH = re.compile(r"GPGPU-Sim Cycle (\d+): LIVENESS - Core (\d+) - GPGPU-Sim uArch: "
                    r"Finished CTA #(\d+)")


class Kernel:
    """One kernel's CTAs on n cores: starts and ends as (cycle, core)."""

    def __init__(self, name, n):
        self.name, self.n = name, n
        self.starts, self.ends = [], []
        self.placed = [0] * n            # CTAs given to each core
        self.empty = [None] * n          # cycle each core went empty
        self.n_max = None                # ctasim: CTAs a core holds at most


def fail(msg):
    print(f"cta-places: {msg}", file=sys.stderr)
    sys.exit(2)


def read_accelsim(path):
    """Kernels of an Accel-Sim liveness log, in launch order."""
    kernels, slot_of = {}, {}
    try:
        lines = open(path, errors="replace").read().splitlines()
    except OSError as e:
        fail(f"{path}: {e.strerror}")
    events = []
    for no, line in enumerate(lines, 1):
        m = START.match(line)
        if m:
            events.append((int(m[1]), int(m[2]), int(m[3]), int(m[4]), no))
            continue
        m = FINISH.match(line)
        if m:
            events.append((int(m[1]), int(m[2]), int(m[3]), None, no))
    if not events:
        fail(f"{path}: no liveness lines (run Accel-Sim with -trace_enabled 1 "
             "-trace_components LIVENESS -trace_sampling_core -1)")
    n = 1 + max(e[1] for e in events)
    for cyc, core, slot, uid, no in events:
        if uid is not None:
            k = kernels.setdefault(uid, Kernel(f"kernel {uid}", n))
            slot_of[(core, slot)] = uid
            k.starts.append((cyc, core))
            k.placed[core] += 1
        else:
            uid = slot_of.pop((core, slot), None)
            if uid is None:
                fail(f"{path}:{no}: CTA slot {slot} of core {core} finished but never started")
            kernels[uid].ends.append((cyc, core))
    for k in kernels.values():
        live = [0] * n
        for cyc, core, d in sorted([(c, i, 1) for c, i in k.starts] + [(c, i, -1) for c, i in k.ends]):
            live[core] += d
            if d < 0 and live[core] == 0:
                k.empty[core] = cyc
    return [kernels[u] for u in sorted(kernels)]


def read_ctasim(path, timeline):
    """Kernels of a ctasim --json file; the cores' empty cycles from its timeline."""
    try:
        with open(path) as f:
            d = json.load(f)
        ks = [Kernel(k.get("name", f"kernel {i + 1}"), len(k["cores"]))
              for i, k in enumerate(d["kernels"])]
        for k, jk in zip(ks, d["kernels"]):
            k.placed = [c["ctas_issued"] for c in jk["cores"]]
            k.n_max = jk["n_max"]
    except OSError as e:
        fail(f"{path}: {e.strerror}")
    except (ValueError, KeyError, TypeError) as e:
        fail(f"{path}: not a ctasim --json file ({e})")
    if timeline:
        read_timeline(timeline, ks)
    return ks


def read_timeline(path, ks):
    """The cycle each core went empty, per kernel: the first row after its last row
    with a resident CTA (within run.timeline_period of the event)."""
    try:
        rows = csv.reader(open(path))
        hdr = next(rows)
    except (OSError, StopIteration) as e:
        fail(f"{path}: {getattr(e, 'strerror', None) or 'empty file'}")
    cols = [i for i, h in enumerate(hdr) if h.startswith("resident")]
    if "kernel" not in hdr or not cols:
        fail(f"{path}:1: not a ctasim timeline (no kernel or resident columns)")
    ki, held = hdr.index("kernel"), {}
    for no, r in enumerate(rows, 2):
        try:
            k, cyc = int(r[ki]), int(r[0])
            res = [int(r[i]) for i in cols]
        except (ValueError, IndexError):
            fail(f"{path}:{no}: a row that is not numbers")
        if k >= len(ks):
            fail(f"{path}:{no}: kernel {k}, the JSON file has {len(ks)}")
        for c, x in enumerate(res[:ks[k].n]):
            if x:
                held[(k, c)] = True
                ks[k].empty[c] = None
            elif held.pop((k, c), False):
                ks[k].empty[c] = cyc


def later_ctas(k):
    """CTAs each core was given after the first wave, and the first wave's size: for
    Accel-Sim the CTAs placed before the first CTA ended; for ctasim every core full
    (n_max each, the run's CTA limit) when the grid is larger, each core's CTAs beyond
    n_max then the later ones."""
    if k.ends:
        t0 = min(c for c, _ in k.ends)
        wave = sum(1 for c, _ in k.starts if c <= t0)
        later = [0] * k.n
        for _, i in sorted(k.starts)[wave:]:
            later[i] += 1
        return wave, later
    if sum(k.placed) <= k.n * k.n_max:
        return sum(k.placed), [0] * k.n
    return k.n * k.n_max, [max(0, p - k.n_max) for p in k.placed]


def report(k, out):
    wave, later = later_ctas(k)
    print(f"== {k.name}: {sum(k.placed)} CTAs on {k.n} cores", file=out)
    first_end = [None] * k.n
    for c, i in sorted(k.ends):
        if first_end[i] is None:
            first_end[i] = c
    print(f"{'core':>4} {'CTAs':>5} {'later':>5} {'first_end':>10} {'empty_at':>9}", file=out)
    for i in range(k.n):
        fe = "" if first_end[i] is None else first_end[i]
        em = "" if k.empty[i] is None else k.empty[i]
        print(f"{i:>4} {k.placed[i]:>5} {later[i]:>5} {fe:>10} {em:>9}", file=out)
    line = (f"first wave {wave} CTAs; {sum(later)} placed after it, "
            f"{min(later)}..{max(later)} a core, {later.count(0)} cores none")
    st = sorted(k.starts)[wave:]
    if st:
        line += f"; placed at cycles {st[0][0]}..{st[-1][0]}"
    fe = [x for x in first_end if x is not None]
    if fe:
        line += f"; first ends {min(fe)}..{max(fe)}"
    print(line, file=out)
    em = sorted(x for x in k.empty if x is not None)
    if em:
        print(f"cores empty at cycles {em[0]}..{em[-1]} (median {em[len(em) // 2]})", file=out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--accelsim", metavar="LOG")
    src.add_argument("--ctasim", metavar="JSON")
    ap.add_argument("--timeline", metavar="CSV", help="ctasim's --timeline of the same run")
    a = ap.parse_args()
    if a.timeline and not a.ctasim:
        ap.error("--timeline goes with --ctasim")
    ks = read_accelsim(a.accelsim) if a.accelsim else read_ctasim(a.ctasim, a.timeline)
    for k in ks:
        report(k, sys.stdout)


if __name__ == "__main__":
    main()
