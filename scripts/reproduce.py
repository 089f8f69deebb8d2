#!/usr/bin/env python3
"""reproduce.py -- the papers' headline figures beside ctasim's, in one report.

Run by scripts/reproduce.sh (`make reproduce`, `make reproduce QUICK=1`); docs/experiments.md,
section "make reproduce", says what it runs.  Python 3 standard library and gnuplot only.

    reproduce.py --bin CTASIM [--quick] [--manifest TSV] [--out DIR] [--cache DIR]
    reproduce.py --check-data [DIR]      parse every paper-value file (docs/papers/*.tsv)

Inputs: a manifest (paper, app, file, preset, class, published; tab-separated, one header
line) naming the workloads of each paper, and the paper-value files docs/papers/*.tsv
(app, metric, value, source; '#' lines name the paper, section and figure).
Outputs: OUT/report.md, OUT/report.html and OUT/plots/*.png.  Every simulation's JSON, CSV
row and timeline are kept under CACHE (default build/reproduce/<commit>/runs/, the last commit
that changed cmodel/, cosim/, rtl/ or the Makefile), keyed by the
preset, the workload and the arguments (and their files' contents), so a rerun on the same
commit reuses them.  Runs go two at a time; on a terminal a progress line is kept on stderr.
"""
import argparse
import concurrent.futures
import datetime
import hashlib
import html
import json
import math
import os
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROG = "reproduce"
MANIFEST_COLS = ["paper", "app", "file", "preset", "class", "published"]
PAPERS = ["seed000", "seed001", "seed002", "seed003", "seed004"]
PAPER_TITLES = {
    "seed000": "DYNCTA and DYNCORE: CTA limits and core gating (Kayiran et al., seed 000)",
    "seed001": "Warp schedulers (J. Chen's dissertation, Ch. 4, seed 001)",
    "seed002": "ApSA's AR-CTA: application types and half the cores (Thomas and Daruwala, seed 002)",
    "seed003": "CLASO: load-balance-aware CTA scheduling (seed 003)",
    "seed004": "uC-States: datapath power gating (Kayiran et al., PACT 2016, seed 004)",
}
SCHEDS = ["lrr", "grr", "gto", "oldest", "simplep", "regionp"]
CLASSES = {"seed000": {"C", "M", "X"}, "seed002": {"I", "II"}}
QUICK_PER_PAPER = 2
QUICK_PRESET = "small"


class Fail(Exception):
    """A one-line problem: printed as 'reproduce: problem', exit 2."""


# ---------------------------------------------------------------- paper-value files
def read_paper_file(path):
    """Rows (app, metric, value, source) of one paper-value file; the '#' lines are its
    references.  value is a float, or a class name (I, II, C, M, X) for metric 'class'."""
    refs, rows, header = [], [], None
    with open(path, encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            line = line.rstrip("\n")
            where = f"{os.path.relpath(path, ROOT)}:{ln}"
            if line.startswith("#"):
                refs.append(line[1:].strip())
                continue
            if not line.strip():
                continue
            cells = line.split("\t")
            if header is None:
                if cells != ["app", "metric", "value", "source"]:
                    raise Fail(f"{where}: header must be 'app<TAB>metric<TAB>value<TAB>source'")
                header = cells
                continue
            if len(cells) != 4 or not all(c.strip() for c in cells):
                raise Fail(f"{where}: want 4 non-empty tab-separated cells, got {len(cells)}")
            app, metric, value, source = cells
            if metric == "class":
                if value not in ("I", "II", "C", "M", "X"):
                    raise Fail(f"{where}: class '{value}' is not I, II, C, M or X")
            else:
                try:
                    value = float(value)
                except ValueError:
                    raise Fail(f"{where}: value '{value}' is not a number") from None
                if not math.isfinite(value) or value < 0:
                    raise Fail(f"{where}: value '{cells[2]}' must be finite and >= 0")
            rows.append((app, metric, value, source))
    if header is None:
        raise Fail(f"{os.path.relpath(path, ROOT)}: no header line")
    if not refs:
        raise Fail(f"{os.path.relpath(path, ROOT)}: no '#' line naming the paper's section and figure")
    if not rows:
        raise Fail(f"{os.path.relpath(path, ROOT)}: no values")
    return refs, rows


def load_paper_values(directory):
    """{stem: {'refs': [...], 'v': {(app_lower, metric): value}, 'src': {...}}} of DIR/*.tsv."""
    out = {}
    names = sorted(n for n in os.listdir(directory) if n.endswith(".tsv"))
    if not names:
        raise Fail(f"no paper-value files (*.tsv) in {directory}")
    for n in names:
        refs, rows = read_paper_file(os.path.join(directory, n))
        out[n[:-4]] = {"refs": refs, "file": n,
                       "v": {(a.lower(), m): v for a, m, v, _ in rows},
                       "src": {(a.lower(), m): s for a, m, _, s in rows}}
    return out


# ---------------------------------------------------------------- manifest
def read_manifest(path, quick):
    rows = []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if not lines or lines[0].split("\t") != MANIFEST_COLS:
        raise Fail(f"{path}:1: header must be the tab-separated columns {' '.join(MANIFEST_COLS)}")
    for ln, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        cells = line.split("\t")
        if len(cells) != len(MANIFEST_COLS):
            raise Fail(f"{path}:{ln}: want {len(MANIFEST_COLS)} tab-separated cells, got {len(cells)}")
        r = dict(zip(MANIFEST_COLS, cells))
        if r["paper"] not in PAPERS:
            raise Fail(f"{path}:{ln}: paper '{r['paper']}' is not one of {', '.join(PAPERS)}")
        if not os.path.isfile(os.path.join(ROOT, r["file"])):
            raise Fail(f"{path}:{ln}: no workload file '{r['file']}'")
        if not os.path.isfile(os.path.join(ROOT, "configs", r["preset"] + ".cfg")):
            raise Fail(f"{path}:{ln}: no preset configs/{r['preset']}.cfg")
        allowed = CLASSES.get(r["paper"])
        if allowed and r["class"] not in allowed:
            raise Fail(f"{path}:{ln}: class '{r['class']}' is not one of {' '.join(sorted(allowed))} for {r['paper']}")
        r["line"] = ln
        rows.append(r)
    if quick:
        kept, seen = [], {}
        for r in rows:
            seen[r["paper"]] = seen.get(r["paper"], 0) + 1
            if seen[r["paper"]] <= QUICK_PER_PAPER:
                r = dict(r, preset=QUICK_PRESET)
                kept.append(r)
        rows = kept
    if not rows:
        raise Fail(f"{path}: no workloads")
    return rows


def parse_published(text):
    """{key: float} of a manifest's `published` cell (key=value;...; '-' for none); values that
    are not numbers are left out."""
    out = {}
    for part in text.split(";"):
        k, eq, v = part.partition("=")
        if eq:
            try:
                out[k.strip()] = float(v)
            except ValueError:
                pass
    return out


def cfg_value(binary, preset, key, memo={}):  # noqa: B006 -- a memo of (preset, key) values
    """KEY's value in configs/PRESET.cfg with its includes resolved (ctasim --dump-config), or None."""
    if preset not in memo:
        out = subprocess.run([binary, "--config", os.path.join("configs", preset + ".cfg"), "--dump-config"], cwd=ROOT,
                             capture_output=True, text=True, check=False).stdout
        memo[preset] = dict(tuple(x.strip() for x in line.split("#", 1)[0].split("=", 1))
                            for line in out.splitlines() if "=" in line.split("#", 1)[0])
    return memo[preset].get(key)


def cfg_cores(binary, preset):
    """core.count of configs/PRESET.cfg with its includes resolved (0 when absent)."""
    return int(cfg_value(binary, preset, "core.count") or 0)


# ---------------------------------------------------------------- runs and the cache
def file_sha(path, memo={}):  # noqa: B006 -- a memo of file hashes for this process
    if path not in memo:
        with open(path, "rb") as f:
            memo[path] = hashlib.sha1(f.read()).hexdigest()
    return memo[path]


class Runner:
    """Runs ctasim jobs two at a time, caching each one's outputs under cache/<key>.*."""

    def __init__(self, binary, cache, tty):
        self.bin, self.cache, self.tty = binary, cache, tty
        self.simulated = self.reused = 0
        self.sim_seconds = self.reused_seconds = 0.0
        self.lock = threading.Lock()
        os.makedirs(cache, exist_ok=True)

    def key(self, preset, wl, args):
        h = hashlib.sha1()
        for part in (file_sha(os.path.join(ROOT, "configs", preset + ".cfg")), file_sha(os.path.join(ROOT, wl)),
                     preset, wl, " ".join(args)):
            h.update(part.encode() + b"\0")
        return h.hexdigest()[:16]

    def _one(self, job):
        preset, wl, args, k = job
        base = os.path.join(self.cache, k)
        cmd = [self.bin, "--config", os.path.join("configs", preset + ".cfg"), "--workload", wl, *args,
               "--quiet", "--csv-row", "--json", base + ".json.tmp", "--timeline", base + ".tl.tmp"]
        t0 = time.time()
        with open(base + ".row.tmp", "w") as out, open(base + ".err", "w") as err:
            rc = subprocess.call(cmd, cwd=ROOT, stdout=out, stderr=err)
        if rc != 0:
            with open(base + ".err") as e:
                first = (e.readline().strip() or f"exit {rc}")
            raise Fail(f"run failed: {' '.join(cmd[1:6])} {' '.join(args)}: {first}")
        took = time.time() - t0
        with open(base + ".sec.tmp", "w") as f:
            f.write(f"{took:.3f}\n")
        for ext in ("row", "json", "tl", "sec"):
            os.replace(f"{base}.{ext}.tmp", f"{base}.{ext}")
        return took

    def run(self, phase, jobs):
        """jobs: list of (preset, workload, args); returns nothing, results via get()."""
        todo, seen = [], set()
        for preset, wl, args in jobs:
            k = self.key(preset, wl, args)
            if k in seen:
                continue
            seen.add(k)
            if os.path.exists(os.path.join(self.cache, k + ".json")):
                self.reused += 1
                try:
                    with open(os.path.join(self.cache, k + ".sec")) as f:
                        self.reused_seconds += float(f.read())
                except (OSError, ValueError):
                    pass
            else:
                todo.append((preset, wl, args, k))
        n, done, t0 = len(todo), 0, time.time()
        self._progress(phase, done, n, t0)
        if n:
            with concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
                futs = [ex.submit(self._one, j) for j in todo]
                for fu in concurrent.futures.as_completed(futs):
                    self.sim_seconds += fu.result()
                    done += 1
                    self._progress(phase, done, n, t0)
        self.simulated += n
        if self.tty:
            sys.stderr.write("\r" + " " * 78 + "\r")
        print(f"{PROG}: {phase}: {n} runs simulated, {len(seen) - n} reused ({time.time() - t0:.0f} s)",
              file=sys.stderr)

    def _progress(self, phase, done, n, t0):
        if not self.tty or n == 0:
            return
        el = time.time() - t0
        left = f"{el / done * (n - done):.0f} s left" if done else "..."
        sys.stderr.write(f"\r{PROG}: {phase}: {done}/{n} runs  {el:.0f} s  {left}".ljust(78)[:78])
        sys.stderr.flush()

    def get(self, preset, wl, args):
        return Result(os.path.join(self.cache, self.key(preset, wl, args)))


class Result:
    """One run's numbers, read from its JSON (and its timeline for the mean CTA limit)."""

    def __init__(self, base):
        self.base = base
        with open(base + ".json") as f:
            self.j = json.load(f)
        t, p = self.j["total"], self.j["power"]
        self.cycles = t["cycles"]
        self.ipc = t["ipc"]
        self.tail_idle = t.get("tail_idle", 0)
        self.n_max = max(k["n_max"] for k in self.j["kernels"])
        self.ar_type = self.j["kernels"][0].get("ar_type", 0)
        self.sched_stalls = sum(c["sched_stalls"] for c in t["cores"])
        # the issue classes of a core cycle (docs/architecture.md), summed over the cores
        self.core_cycles = sum(c[k] for c in t["cores"] for k in ("issued", "stalled", "idle", "mem_wait", "dep_wait"))
        self.mem_wait = sum(c["mem_wait"] for c in t["cores"])
        self.dep_wait = sum(c["dep_wait"] for c in t["cores"])
        self.power = p["power_w"]
        self.power_pcpg = p.get("power_w_pcpg", p["power_w"])
        self.time_s = p["time_s"]
        rows = {r["name"]: r for r in p["rows"]}
        gate = rows.get("gating", {"static_j": 0, "dynamic_j": 0})
        dp = ("IFID", "SCH", "IDOC", "OC", "OCEX", "EX_SP", "EX_SFU", "EX_LDST")
        ts = self.time_s or 1
        # static chip power: every row's leakage plus the gating transitions (seed 004 Fig. 13)
        self.static_w = (sum(r["static_j"] for r in p["rows"]) + gate["dynamic_j"]) / ts
        self.dp_static_w = (sum(rows[n]["static_j"] for n in dp if n in rows) + gate["static_j"] + gate["dynamic_j"]) / ts
        self.dynamic_w = sum(r["dynamic_j"] for r in p["rows"] if r["name"] != "gating") / ts
        # the papers' own metrics (paper_metrics below) need these counts
        self.n_cores = len(t["cores"])
        self.core_dyn_w = sum(rows[n]["dynamic_j"] for n in CORE_DYN_ROWS if n in rows) / ts
        self.cores_on = sum(1 - c["off_cycles"] / self.cycles for c in t["cores"]) if self.cycles else 0
        self.cores_gated = sum(c["gated_cycles"] / self.cycles for c in t["cores"]) if self.cycles else 0
        self.pg_off = [c["pg_off_cycles"] for c in t["cores"]]
        rows_l = ("IFID", "SCH", "IDOC", "OC", "OCEX", "EX_SP", "EX_SFU", "EX_LDST", "L1")
        self.core_static_w = sum(rows[n]["static_j"] for n in rows_l if n in rows) / ts

    def mean_limit(self):
        """DYNCTA's CTA limit averaged over cores and timeline samples (seed 000 Fig. 9)."""
        s = n = 0
        with open(self.base + ".tl") as f:
            head = f.readline().strip().split(",")
            cols = [i for i, h in enumerate(head) if h.startswith("limit")]
            for line in f:
                v = line.strip().split(",")
                for i in cols:
                    s += float(v[i])
                    n += 1
        return s / n if n else 0.0


# ---------------------------------------------------------------- the papers' own power metrics
# ctasim's chip power (every row of the power model) stays in the report; beside it each paper's
# own metric, computed from the same runs' JSON.  docs/experiments.md, "The papers' power
# metrics", gives each definition and its source.

# Core-side dynamic rows of the power model (seed 000 counts core power only).
CORE_DYN_ROWS = ("IFID", "SCH", "IDOC", "OC", "OCEX", "EX_SP", "EX_SFU", "EX_LDST", "L1")


def kayiran_core_power(run, base, pcpg):
    """Seed 000 Sec. 5.2: core power only (not memory or network); half of the baseline's power
    is idle power (after Hong and Kim, ISCA 2010); a core that is not utilised draws idle power;
    a turned-off core draws nothing with PCPG and idle power without.  The instruction counts do
    not change across schemes, so the runtime part is the core-side dynamic energy over the run's
    time.  Returns RUN's core power relative to BASE's (the maximum-TLP run, every core on)."""
    if not base.core_dyn_w or not base.n_cores:
        return None
    idle_per_core = base.core_dyn_w / base.n_cores        # idle = runtime power at the baseline
    cores = run.cores_on if pcpg else run.n_cores
    return (run.core_dyn_w + idle_per_core * cores) / (2 * base.core_dyn_w)


# GPUWattch's area estimates of one Fermi core (Leng et al., "GPUWattch: Enabling Energy
# Optimizations in GPGPUs", ISCA 2013; its GTX 480 configuration gpuwattch_gtx480.xml as
# distributed with GPGPU-Sim / Accel-Sim, evaluated by its McPAT: per-core areas in mm^2).
# Seed 004 Sec. 6 takes each core component's static power proportional to its GPUWattch area.
GPUWATTCH_CORE_MM2 = 44.0291                 # "Core: Area"
GPUWATTCH_PG_MM2 = {                         # the power-gated groups' components (one core)
    "SCH": 0.0153505,                        # Instruction Scheduler
    "EX_SP": 2.52056 + 29.4463,              # Integer ALUs + Floating Point Units
    "EX_SFU": 0.833078,                      # Complex ALUs (Mul/Div)
    "IFID": 0.187406,                        # Instruction Decoder (the buffer is clock-gated)
}
PG_GROUPS = ("SCH", "EX_SP", "EX_SFU", "IFID")   # the order of the JSON's pg_off_cycles
UCS_NONCORE_SHARE = 0.4                      # seed 004 Sec. 6: non-core share of static power


def ucs_static_power(run):
    """Seed 004 Sec. 6: static power with each core component's share proportional to its
    GPUWattch area, no static power in a power-gated group (half a component), and non-core
    components 40 % of the baseline's static power.  Clock power is dynamic in GPUWattch and is
    not counted.  In units of one core's area per cycle (only ratios are reported)."""
    if not run.cycles:
        return None
    saved = sum(0.5 * GPUWATTCH_PG_MM2[g] * c[i] for c in run.pg_off for i, g in enumerate(PG_GROUPS))
    core = run.n_cores * GPUWATTCH_CORE_MM2 - saved / run.cycles
    return core + run.n_cores * GPUWATTCH_CORE_MM2 * UCS_NONCORE_SHARE / (1 - UCS_NONCORE_SHARE)


def ucs_ex_sp_share():
    """EX_SP's share of the baseline's static power under ucs_static_power."""
    return GPUWATTCH_PG_MM2["EX_SP"] / GPUWATTCH_CORE_MM2 * (1 - UCS_NONCORE_SHARE)


# ---------------------------------------------------------------- averages and verdicts
def mean(xs):
    xs = [x for x in xs if x is not None]
    return sum(xs) / len(xs) if xs else None


def gmean(xs):
    xs = [x for x in xs if x is not None and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def fmt(x, d=3):
    if x is None:
        return "-"
    if isinstance(x, str):
        return x
    return f"{x:.{d}f}"


def median(xs):
    xs = [x for x in xs if x is not None]
    return statistics.median(xs) if xs else None


def pct(x):
    return "-" if x is None else f"{(x - 1) * 100:+.1f} %"


SIZE_LO, SIZE_HI, BAND = 0.5, 2.0, 0.01


def pct_share(x):
    return "-" if x is None else f"{x * 100:.1f} %"


def judge(ours, paper):
    """(verdict, reason) for one normalised value against the paper's: direction = the same side
    of 1 beyond a 1 % band; size = our effect within half to twice the paper's."""
    if ours is None or paper is None:
        return "not reproduced", "no value"
    eo, ep = ours - 1, paper - 1
    txt = f"ours {pct(ours)} vs paper {pct(paper)}"
    if abs(ep) < BAND:
        return ("reproduced in direction and size" if abs(eo) < BAND * 2 else "not reproduced"), txt
    if abs(eo) < BAND or (eo > 0) != (ep > 0):
        return "not reproduced", txt
    ratio = eo / ep
    if SIZE_LO <= ratio <= SIZE_HI:
        return "reproduced in direction and size", txt
    return "direction only", txt + f" ({ratio:.2f} of the paper's effect)"


RANK = {"reproduced in direction and size": 0, "direction only": 1, "not reproduced": 2}


def combine(parts):
    """One verdict line from several (label, verdict, reason): the weakest verdict leads."""
    worst = max(parts, key=lambda p: RANK[p[1]])[1]
    return worst, "; ".join(f"{lab}: {v} ({r})" for lab, v, r in parts)


class Figure:
    def __init__(self, paper, fid, title, ref, preset_note):
        self.paper, self.fid, self.title, self.ref = paper, fid, title, ref
        self.preset_note = preset_note
        self.cols, self.rows, self.avg_rows = [], [], []
        self.plot, self.verdict, self.reason, self.notes = None, "", "", []


# ---------------------------------------------------------------- experiments per paper
class Study:
    def __init__(self, args, runner, manifest, pv):
        self.a, self.r, self.man, self.pv = args, runner, manifest, pv
        self.figs, self.goals = [], []
        self.published = {(m["paper"], m["app"].lower()): parse_published(m["published"]) for m in manifest}

    def goal(self, key, text, ok, measured, why=""):
        """One goal line: its threshold (text), met or missed, the measured numbers, and where
        missed the measurement that shows why."""
        self.goals.append({"key": key, "text": text, "ok": ok, "measured": measured, "why": why})

    def rows(self, paper):
        return [m for m in self.man if m["paper"] == paper]

    def pval(self, stem, app, metric):
        """The paper's value of METRIC for APP (or an average) from docs/papers/STEM.tsv, else from
        the manifest row's `published` column (key=value;... for the same metric name)."""
        v = self.pv.get(stem, {}).get("v", {}).get((app.lower(), metric))
        if v is None:
            v = self.published.get((stem[:7], app.lower()), {}).get(metric)
        return v

    # ---- job lists
    def dyncore_k(self, preset):
        c = cfg_cores(self.r.bin, preset)
        return [] if c > 8 else ["--set", f"dyncore.k={max(1, c // 4)}"]

    def jobs_phase1(self):
        j = []
        for m in self.rows("seed000"):
            p, w = m["preset"], m["file"]
            j += [(p, w, ["--set", "policy.cta_limit=max"]),
                  (p, w, ["--set", "policy.cta_limit=dyncta"]),
                  (p, w, ["--set", "policy.cta_limit=dyncta", "--set", "policy.dyncore=1", *self.dyncore_k(p)])]
        for m in self.rows("seed001"):
            j += [(m["preset"], m["file"], ["--set", f"core.sched={s}"]) for s in SCHEDS]
        for m in self.rows("seed002"):
            p, w = m["preset"], m["file"]
            j += [(p, w, ["--set", "policy.arcta=0"]), (p, w, ["--set", "policy.arcta=1"]),
                  (p, w, ["--set", "policy.arcta=0", "--set", f"core.count={max(1, cfg_cores(self.r.bin, p) // 2)}"])]
        for m in self.rows("seed003"):
            p, w = m["preset"], m["file"]
            j += [(p, w, ["--set", "core.sched=lrr"]),
                  (p, w, ["--set", "core.sched=lrr", "--set", "policy.claso=1", "--set", "claso.p_a=1",
                          "--set", "claso.p_l=0"])]
        for m in self.rows("seed004"):
            p, w = m["preset"], m["file"]
            j += [(p, w, ["--set", "policy.gating=none"]), (p, w, ["--set", "policy.gating=ucstates"])]
        return j

    def jobs_phase2(self):
        """Static limits n = 1 .. N-1 (n = N is the maximum-TLP run)."""
        j = []
        for m in self.rows("seed000"):
            nmax = self.r.get(m["preset"], m["file"], ["--set", "policy.cta_limit=max"]).n_max
            j += [(m["preset"], m["file"], ["--set", "policy.cta_limit=static", "--set", f"policy.static_n={n}"])
                  for n in range(1, nmax)]
        return j

    def get(self, m, *args):
        return self.r.get(m["preset"], m["file"], list(args))

    # ---- shared helpers
    def avg_lines(self, label, sets, metrics, pstem, kinds=("mean", "gmean")):
        """Average rows: for each (set label, rows) and kind, our average of each metric and the
        paper's printed average beside it."""
        out = []
        for setlab, vals in sets:
            for kind in kinds:
                f = mean if kind == "mean" else gmean
                cells = [f"{kind} ({setlab}, {len(vals)})"]
                for met in metrics:
                    ours = f([v.get(met) for v in vals])
                    cells += [fmt(ours), fmt(self.pval(pstem, kind, met) if setlab == "all" else None)]
                out.append(cells)
        return out

    # ---- seed 000
    def seed000(self):
        rows = self.rows("seed000")
        if not rows:
            return
        preset = ", ".join(sorted({m["preset"] for m in rows}))
        per = []
        for m in rows:
            mx = self.get(m, "--set", "policy.cta_limit=max")
            dy = self.get(m, "--set", "policy.cta_limit=dyncta")
            dc = self.get(m, "--set", "policy.cta_limit=dyncta", "--set", "policy.dyncore=1",
                          *self.dyncore_k(m["preset"]))
            ipc = {mx.n_max: mx.ipc}
            for n in range(1, mx.n_max):
                ipc[n] = self.get(m, "--set", "policy.cta_limit=static", "--set", f"policy.static_n={n}").ipc
            opt = max(ipc, key=lambda n: (ipc[n], -n))
            v = {"app": m["app"], "class": m["class"], "N": mx.n_max, "opt": opt,
                 "n_dyncta": dy.mean_limit(), "ipc_1": ipc[1] / mx.ipc, "ipc_opt": ipc[opt] / mx.ipc,
                 "ipc_dyncta": dy.ipc / mx.ipc,
                 "power_dyncta": dy.power / mx.power, "power_dyncore": dc.power / mx.power,
                 "power_dyncore_pcpg": dc.power_pcpg / mx.power, "ipc_dyncore": dc.ipc / mx.ipc,
                 "eff_dyncta": (dy.ipc / dy.power) / (mx.ipc / mx.power),
                 "eff_dyncore": (dc.ipc / dc.power) / (mx.ipc / mx.power),
                 "eff_dyncore_pcpg": (dc.ipc / dc.power_pcpg) / (mx.ipc / mx.power),
                 # seed 000 Sec. 5.2's own metric: core power, half of it idle power
                 "core_dyncta": kayiran_core_power(dy, mx, True),
                 "core_dyncore": kayiran_core_power(dc, mx, False),
                 "core_dyncore_pcpg": kayiran_core_power(dc, mx, True),
                 "cores_on": dc.cores_on, "n_cores": dc.n_cores,
                 "time_dyncore": dc.time_s / mx.time_s if mx.time_s else None,
                 "rt_dyncore": dc.core_dyn_w / mx.core_dyn_w if mx.core_dyn_w else None}
            for k in ("dyncore", "dyncore_pcpg"):
                v["ceff_" + k] = (v["ipc_dyncore"] / v["core_" + k]) if v["core_" + k] else None
                # core energy: the same core power over the run's time
                v["cenergy_" + k] = v["core_" + k] * v["time_dyncore"] if v["core_" + k] and v["time_dyncore"] else None
            per.append(v)
        typem = [v for v in per if v["class"] == "M"]
        sets = [("all", per)] + ([("type-M", typem)] if typem else [])
        st = "seed000-fig1-10"

        # Fig. 1: the oracle static limit
        f = Figure("seed000", "fig1", "Fig. 1: IPC at n = 1 and at the best static limit (oracle), over maximum TLP",
                   "seed 000 Sec. 1 and Fig. 1", preset)
        f.cols = ["app", "type", "N", "opt", "IPC n=1", "IPC opt (ours)", "IPC opt (paper)"]
        f.rows = [[v["app"], v["class"], str(v["N"]), str(v["opt"]), fmt(v["ipc_1"]), fmt(v["ipc_opt"]),
                   fmt(self.pval(st, v["app"], "ipc_opt"))] for v in per]
        f.avg_rows = []
        for setlab, s in sets:
            for kind, fn in (("mean", mean), ("gmean", gmean)):
                f.avg_rows.append([f"{kind} ({setlab}, {len(s)})", "", "", "", fmt(fn([v["ipc_1"] for v in s])),
                                   fmt(fn([v["ipc_opt"] for v in s])),
                                   fmt(self.pval(st, kind, "ipc_opt") if setlab == "all" else None)])
        f.plot = ("ipc_opt", "IPC at the best static limit / at maximum TLP", per, st, ["ipc_opt"])
        ours_all = mean([v["ipc_opt"] for v in per])
        f.verdict, f.reason = combine([("mean, all", *judge(ours_all, self.pval(st, "mean", "ipc_opt"))),
                                       ("GMN, all", *judge(gmean([v["ipc_opt"] for v in per]),
                                                           self.pval(st, "gmean", "ipc_opt")))])
        self.figs.append(f)
        gm = gmean([v["ipc_opt"] for v in typem]) if typem else None
        mm = mean([v["ipc_opt"] for v in typem]) if typem else None
        ok = gm is not None and gm >= 1.25
        self.goal("oracle", "The best static CTA limit (oracle) gains +25 % or more over maximum TLP on type M (GMN)", ok,
                  f"type-M ({len(typem)} workloads): mean {pct(mm)}, GMN {pct(gm)}",
                  "" if ok or not typem else f"{sum(v['opt'] == v['N'] for v in typem)} of {len(typem)} type-M "
                  "workloads run best at maximum TLP (opt = N).")

        # Fig. 10: DYNCTA
        f = Figure("seed000", "fig10", "Fig. 10: DYNCTA's IPC over maximum TLP, beside the oracle's",
                   "seed 000 Sec. 5.1 and Fig. 10", preset)
        f.cols = ["app", "type", "IPC DYNCTA (ours)", "IPC DYNCTA (paper)", "IPC opt (ours)", "IPC opt (paper)"]
        f.rows = [[v["app"], v["class"], fmt(v["ipc_dyncta"]), fmt(self.pval(st, v["app"], "ipc_dyncta")),
                   fmt(v["ipc_opt"]), fmt(self.pval(st, v["app"], "ipc_opt"))] for v in per]
        f.avg_rows = [[c[0], "", *c[1:]] for c in self.avg_lines("", sets, ["ipc_dyncta", "ipc_opt"], st)]
        f.plot = ("ipc_dyncta", "IPC / IPC at maximum TLP", per, st, ["ipc_dyncta", "ipc_opt"])
        f.verdict, f.reason = combine([("mean, all", *judge(mean([v["ipc_dyncta"] for v in per]),
                                                            self.pval(st, "mean", "ipc_dyncta"))),
                                       ("GMN, all", *judge(gmean([v["ipc_dyncta"] for v in per]),
                                                           self.pval(st, "gmean", "ipc_dyncta")))])
        self.figs.append(f)
        gd = gmean([v["ipc_dyncta"] for v in typem]) if typem else None
        share = (gd - 1) / (gm - 1) if gd and gm and gm > 1.01 else None
        ok = share is not None and share >= 0.72
        why = ""
        if not ok and typem:
            why = (f"On type M DYNCTA's mean CTA limit is {mean([v['n_dyncta'] for v in typem]):.2f} where the "
                   f"best static limit averages {mean([v['opt'] for v in typem]):.2f} (N {mean([v['N'] for v in typem]):.2f}); "
                   f"DYNCTA over the oracle per workload: " + ", ".join(
                       f"{v['app']} {v['ipc_dyncta'] / v['ipc_opt']:.2f}" for v in sorted(typem, key=lambda v: v['ipc_dyncta'] / v['ipc_opt'])[:5])
                   + " (the five furthest).")
        self.goal("dyncta", "DYNCTA reaches at least 72 % of the oracle's gain on type M (paper: 28 % of 39 %)", ok,
                  f"type-M GMN: DYNCTA {pct(gd)} vs oracle {pct(gm)}"
                  + (f" = {share * 100:.0f} % of its gain" if share is not None
                     else " (the oracle gains under 1 %: no gain to share)"), why)

        # Fig. 9: CTAs per core
        st9 = "seed000-fig9"
        f = Figure("seed000", "fig9", "Fig. 9: CTAs per core -- N, the best static limit opt, DYNCTA's mean n",
                   "seed 000 Sec. 5.1 and Fig. 9", preset)
        f.cols = ["app", "N (ours)", "N (paper)", "opt (ours)", "opt (paper)", "DYNCTA n (ours)", "DYNCTA n (paper)"]
        f.rows = [[v["app"], str(v["N"]), fmt(self.pval(st9, v["app"], "N"), 0), str(v["opt"]),
                   fmt(self.pval(st9, v["app"], "opt"), 0), fmt(v["n_dyncta"], 2),
                   fmt(self.pval(st9, v["app"], "n_dyncta"), 1)] for v in per]
        f.avg_rows = []
        for c in self.avg_lines("", [("all", per)], ["N", "opt", "n_dyncta"], st9, kinds=("mean",)):
            f.avg_rows.append([c[0], *[fmt(float(x), 2) if x != "-" else x for x in c[1:]]])
        f.plot = ("ctas", "CTAs per core", per, st9, ["N", "opt", "n_dyncta"])
        r_ours = mean([v["n_dyncta"] for v in per]) / mean([v["N"] for v in per])
        pn, pN = self.pval(st9, "mean", "n_dyncta"), self.pval(st9, "mean", "N")
        f.verdict, f.reason = combine([("mean DYNCTA n / mean N", *judge(r_ours, pn / pN if pn and pN else None))])
        f.notes.append("opt: the static limit with the highest IPC, ties to the smallest n (n = N is the "
                       "maximum-TLP run). DYNCTA's n is averaged over every timeline sample, including after the last CTA was "
                       "issued (seed 000 stops averaging there).")
        self.figs.append(f)

        # Fig. 12 on the paper's metric: core power, half of it idle power
        st12 = "seed000-fig12-14"
        cm = ["core_dyncta", "core_dyncore", "core_dyncore_pcpg", "ipc_dyncore", "ceff_dyncore", "ceff_dyncore_pcpg",
              "cenergy_dyncore", "cenergy_dyncore_pcpg"]
        f = Figure("seed000", "fig12core", "Figs. 12-14 on the paper's metric: core power (half of it idle power) "
                   "and instructions per watt of DYNCTA and DYNCORE, over maximum TLP",
                   "seed 000 Sec. 5.2, Figs. 12, 13, 14a", preset)
        f.cols = ["app", "type", "core power DYNCTA", "core power DYNCORE", "core power DYNCORE PCPG", "IPC DYNCORE",
                  "IPC/W DYNCORE", "IPC/W DYNCORE PCPG", "core energy DYNCORE", "core energy DYNCORE PCPG",
                  "cores on (of C)"]
        f.rows = [[v["app"], v["class"], *[fmt(v[k]) for k in cm], f"{v['cores_on']:.1f} / {v['n_cores']}"] for v in per]
        f.avg_rows = []
        for setlab, sv in sets:
            f.avg_rows.append([f"mean ({setlab}, {len(sv)}), ours", "", *[fmt(mean([v[k] for v in sv])) for k in cm],
                               f"{mean([v['cores_on'] for v in sv]):.1f}"])
        f.avg_rows.append(["mean, paper", "", fmt(self.pval(st12, "mean", "power_dyncta")),
                           fmt(self.pval(st12, "mean", "power_dyncore")), fmt(self.pval(st12, "mean", "power_dyncore_pcpg")),
                           fmt(self.pval(st12, "mean", "ipc_dyncore")), fmt(self.pval(st12, "mean", "eff_dyncore")),
                           fmt(self.pval(st12, "mean", "eff_dyncore_pcpg")), "", "", ""])
        cp, cn = mean([v["core_dyncore_pcpg"] for v in per]), mean([v["core_dyncore"] for v in per])
        ci = mean([v["ipc_dyncore"] for v in per])
        f.verdict, f.reason = combine([
            ("core power with PCPG", *judge(cp, self.pval(st12, "mean", "power_dyncore_pcpg"))),
            ("core power without PCPG", *judge(cn, self.pval(st12, "mean", "power_dyncore"))),
            ("IPC", *judge(ci, self.pval(st12, "mean", "ipc_dyncore")))])
        f.notes.append("Seed 000 Sec. 5.2 counts core power only, assumes half of it is idle power (after Hong "
                       "and Kim, ISCA 2010), charges a core that is on idle power whether or not it is utilised, "
                       "and a turned-off core nothing with per-core power gating (PCPG) and idle power without. "
                       "Here: runtime power = the core-side dynamic energy (rows IFID .. L1) over the run's time; "
                       "idle power per core = the maximum-TLP run's runtime power / C; cores on = core-cycles not "
                       "turned off / cycles. Core energy: core power x run time, over the baseline's (the "
                       "paper reports power and instructions per watt; energy only as its abstract's 52 %).")
        self.figs.append(f)
        ok = (cp is not None and cn is not None and ci is not None and 0.5 <= (1 - cp) / 0.17 <= 2.0
              and 0.5 <= (1 - cn) / 0.08 <= 2.0 and ci > 1.0)
        why = ""
        if not ok and per:
            rt = mean([v["rt_dyncore"] for v in per])
            why = (f"DYNCORE changes the runtime (dynamic) core power by {pct(rt)} (the same instructions, run time "
                   f"{pct(1 / ci if ci else None)}) and keeps {mean([v['cores_on'] for v in per]):.1f} of "
                   f"{mean([v['n_cores'] for v in per]):.0f} cores on (mean over the workloads; the paper turns off "
                   "8 of 30, Sec. 5.2): without PCPG the idle half cannot fall, with PCPG it falls only with the "
                   "cores turned off, and the runtime half rises with the speedup. Over the run, core energy "
                   f"changes {pct(mean([v['cenergy_dyncore_pcpg'] for v in per]))} with PCPG, "
                   f"{pct(mean([v['cenergy_dyncore'] for v in per]))} without.")
        self.goal("dyncore", "DYNCORE's core power (the paper's metric) within half to twice -17 % with PCPG and -8 % "
                  "without, with IPC up", ok,
                  f"mean over {len(per)}: core power {pct(cp)} with PCPG, {pct(cn)} without; IPC {pct(ci)}; "
                  f"type M: {pct(mean([v['core_dyncore_pcpg'] for v in typem]) if typem else None)} / "
                  f"{pct(mean([v['core_dyncore'] for v in typem]) if typem else None)}; core energy "
                  f"{pct(mean([v['cenergy_dyncore_pcpg'] for v in per]))} / {pct(mean([v['cenergy_dyncore'] for v in per]))}; "
                  "chip power (ctasim's model) "
                  f"{pct(mean([v['power_dyncore_pcpg'] for v in per]))} / {pct(mean([v['power_dyncore'] for v in per]))}",
                  why)

        # Figs. 12-14: DYNCORE on ctasim's chip power
        mets = ["power_dyncta", "power_dyncore", "power_dyncore_pcpg", "ipc_dyncore", "eff_dyncore", "eff_dyncore_pcpg"]
        f = Figure("seed000", "fig12", "Figs. 12-14 on ctasim's chip power: power, energy efficiency (IPC/W) and "
                   "IPC of DYNCTA and DYNCORE (+DYNCTA), over maximum TLP", "seed 000 Sec. 5.2, Figs. 12, 13, 14a", preset)
        f.cols = ["app", "type", "power DYNCTA", "power DYNCORE", "power DYNCORE PCPG", "IPC DYNCORE",
                  "IPC/W DYNCORE", "IPC/W DYNCORE PCPG"]
        f.rows = [[v["app"], v["class"], *[fmt(v[k]) for k in mets]] for v in per]
        f.avg_rows = []
        for kind, fn in (("mean", mean), ("gmean", gmean)):
            f.avg_rows.append([f"{kind} (all, {len(per)}), ours", "", *[fmt(fn([v[k] for v in per])) for k in mets]])
            f.avg_rows.append([f"{kind}, paper", "", *[fmt(self.pval(st12, kind, k)) for k in mets]])
        f.plot = ("dyncore", "relative to maximum TLP, all cores", per, st12,
                  ["power_dyncore", "power_dyncore_pcpg", "ipc_dyncore"])
        f.verdict, f.reason = combine([
            ("power with PCPG", *judge(mean([v["power_dyncore_pcpg"] for v in per]), self.pval(st12, "mean", "power_dyncore_pcpg"))),
            ("power without PCPG", *judge(mean([v["power_dyncore"] for v in per]), self.pval(st12, "mean", "power_dyncore"))),
            ("IPC", *judge(mean([v["ipc_dyncore"] for v in per]), self.pval(st12, "mean", "ipc_dyncore")))])
        f.notes.append("The PCPG column is the same run's power with the turned-off cores' leakage removed "
                       "(JSON power_w_pcpg), so both columns come from one simulation.")
        f.notes.append("Chip power: every row of ctasim's power model (memory, DRAM and constant power included); "
                       "the paper's own metric is the table above.")
        self.figs.append(f)

    # ---- seed 001
    def seed001(self):
        rows = self.rows("seed001")
        if not rows:
            return
        preset = ", ".join(sorted({m["preset"] for m in rows}))
        st = "seed001-fig4-5-6"
        per = []
        for m in rows:
            res = {s: self.get(m, "--set", f"core.sched={s}") for s in SCHEDS}
            v = {"app": m["app"]}
            lrr, ns = res["lrr"], cfg_value(self.r.bin, m["preset"], "core.n_sched")
            # under fine RR: the schedulers' stall share (seed 001 Sec. 4.3, Fig. 4-2) and the
            # core-cycles in which every live warp waits on a global load (the stalls the
            # priority shift of Sec. 4.4 overlaps with compute), or on ALU results / barriers
            cc = lrr.core_cycles or 1
            v["lrr_stall"] = lrr.sched_stalls / (int(ns) * cc) if ns else None
            v["lrr_mem"], v["lrr_dep"] = lrr.mem_wait / cc, lrr.dep_wait / cc
            for s in SCHEDS[1:]:
                v["cycles_" + s] = res[s].cycles / res["lrr"].cycles
                b = res["lrr"].sched_stalls
                v["stalls_" + s] = res[s].sched_stalls / b if b else None
            per.append(v)
        for what, fig, title in (("cycles", "fig4-5", "Fig. 4-5: total cycles, normalised to fine RR (lrr)"),
                                 ("stalls", "fig4-6", "Fig. 4-6: scheduler stall cycles, normalised to fine RR (lrr)")):
            mets = [f"{what}_{s}" for s in SCHEDS[1:]]
            f = Figure("seed001", fig, title, "seed 001 Sec. 4.6.1, " + title.split(":")[0], preset)
            f.cols = ["app"] + [s for s in SCHEDS[1:]]
            f.rows = [[v["app"], *[fmt(v[k]) + (f" ({fmt(self.pval(st, v['app'], k))})" if self.pval(st, v["app"], k) else "")
                                   for k in mets]] for v in per]
            f.avg_rows = [[f"gmean ({len(per)}), ours", *[fmt(gmean([v[k] for v in per])) for k in mets]],
                          ["gmean, paper", *[fmt(self.pval(st, "gmean", k)) for k in mets]]]
            f.plot = (what, f"{what} / with lrr", per, st, [f"{what}_{s}" for s in ("grr", "oldest", "simplep", "regionp")])
            ours = {s: gmean([v[f"{what}_{s}"] for v in per]) for s in ("grr", "oldest", "simplep", "regionp")}
            order = sorted(ours, key=lambda s: -(ours[s] or 0))
            want = ["grr", "oldest", "simplep", "regionp"]
            parts = [("region-p", *judge(ours["regionp"], self.pval(st, "gmean", f"{what}_regionp")))]
            same_order = order == want
            parts.append(("ordering grr > oldest > simple-p > region-p",
                          "reproduced in direction and size" if same_order else
                          ("direction only" if order[-1] == "regionp" else "not reproduced"),
                          "ours " + " > ".join(order)))
            f.verdict, f.reason = combine(parts)
            f.notes.append("ctasim's gto is shown in the table but is not in the dissertation. "
                           "Per-kernel paper values, where printed, are in parentheses.")
            self.figs.append(f)
            if what == "stalls":
                why = ""
                if not same_order:
                    wrong = [(a, b) for a, b in zip(want, want[1:]) if (ours[a] or 0) <= (ours[b] or 0)]
                    why = ("Out of order: " + "; ".join(f"{a} {fmt(ours[a])} is not above {b} {fmt(ours[b])}"
                                                        for a, b in wrong) + " (stall cycles over lrr, GMN). "
                           + self.sched_why(per))
                self.goal("sched", "The schedulers' stall cycles in the order grr > oldest > simple-p > region-p "
                          "(seed 001 Fig. 4-6)", same_order, "ours (GMN over lrr, most to fewest) " + " > ".join(
                              f"{s} {fmt(ours[s])}" for s in order), why)

    @staticmethod
    def sched_why(per):
        """What the suite's stalls under fine RR are made of, against the premise of seed 001
        Sec. 4.3-4.4 (fine RR stalls on global loads; a priority shift overlaps them)."""
        st, mw, dw = ([v[k] for v in per] for k in ("lrr_stall", "lrr_mem", "lrr_dep"))
        top = max(per, key=lambda v: v["lrr_mem"])
        worse = [v for v in per if (v.get("stalls_regionp") or 0) > 1.2]
        txt = (f"Under fine RR (lrr) the schedulers find no ready warp in {pct_share(median(st))} of their cycles "
               f"(median over {len(per)}; the dissertation, Sec. 4.3: 33 % on average), but every live warp "
               f"waits on a global load in only {pct_share(median(mw))} of core-cycles (median; at most "
               f"{pct_share(top['lrr_mem'])}, {top['app']}); in {pct_share(median(dw))} nothing issues while a warp "
               f"waits on an ALU result or a barrier (dep_wait, median): the stalls are not cores waiting on "
               f"memory, which the priority shift (Sec. 4.4) overlaps with compute regions, so reordering "
               f"warps removes few of them.")
        if worse:
            txt += (" Region-p adds more than 20 % to the stall cycles of " + ", ".join(
                f"{v['app']} ({fmt(v['stalls_regionp'])}x; fine RR stalls in {pct_share(v['lrr_stall'])})" for v in worse) + ".")
        return txt

    # ---- seed 002
    def seed002(self):
        rows = self.rows("seed002")
        if not rows:
            return
        preset = ", ".join(sorted({m["preset"] for m in rows}))
        per = []
        for m in rows:
            b60 = self.get(m, "--set", "policy.arcta=0")
            on = self.get(m, "--set", "policy.arcta=1")
            b30 = self.get(m, "--set", "policy.arcta=0", "--set", f"core.count={max(1, cfg_cores(self.r.bin, m['preset']) // 2)}")
            ty = {1: "I", 2: "II"}.get(on.ar_type, f"? ({on.ar_type})")
            per.append({"app": m["app"], "class": m["class"], "ours": ty, "ipc_vs60": on.ipc / b60.ipc,
                        "ipc_vs30": on.ipc / b30.ipc, "power_vs60": on.power / b60.power,
                        "power_vs30": on.power / b30.power, "w_apsa": on.power, "w_60": b60.power,
                        "w_30": b30.power, "w_apsa_pg": on.power_pcpg, "gated": on.cores_gated,
                        "n_cores": on.n_cores})
        st = "seed002-table1"
        f = Figure("seed002", "table1", "Table 1: each application's type, the paper's beside AR-CTA's in ctasim",
                   "seed 002 Sec. 3 and Table 1", preset)
        f.cols = ["app", "manifest type", "paper's Table 1", "AR-CTA (ours)", "match"]
        f.rows = [[v["app"], v["class"], self.pval(st, v["app"], "class") or "-", v["ours"],
                   "yes" if v["ours"] == v["class"] else "no"] for v in per]
        hit = sum(v["ours"] == v["class"] for v in per)
        f.avg_rows = [[f"matching ({len(per)})", "", "", "", f"{hit} = {hit / len(per) * 100:.0f} %"]]
        share = hit / len(per)
        f.verdict = ("reproduced in direction and size" if share >= 0.8 else
                     "direction only" if share >= 0.5 else "not reproduced")
        f.reason = f"{hit} of {len(per)} workloads get their type (goal 80 %)"
        self.figs.append(f)
        self.goal("types", "AR-CTA gives the paper's type to at least 80 % of the applications", share >= 0.8, f.reason,
                  "" if share >= 0.8 else "Wrong type: " + ", ".join(f"{v['app']} ({v['ours']}, paper {v['class']})"
                                                                      for v in per if v["ours"] != v["class"]) + ".")

        st = "seed002-fig6-7"
        mets = ["ipc_vs30", "ipc_vs60", "power_vs30", "power_vs60"]
        f = Figure("seed002", "fig6-7", "Figs. 6-7: ApSA's IPC and average power over a 30-core and the 60-core "
                   "GPGPU, by type", "seed 002 Sec. 5, Figs. 6 and 7", preset)
        f.cols = ["app", "type", "AR-CTA type", *mets]
        f.rows = [[v["app"], v["class"], v["ours"], *[fmt(v[k]) + (f" ({fmt(self.pval(st, v['app'], k))})"
                                                                     if self.pval(st, v["app"], k) else "") for k in mets]]
                  for v in per]
        f.avg_rows = []
        for ty in ("I", "II"):
            s = [v for v in per if v["class"] == ty]
            if not s:
                continue
            f.avg_rows.append([f"type-{ty} mean ({len(s)}), ours", "", "", *[fmt(mean([v[k] for v in s])) for k in mets]])
            f.avg_rows.append([f"type-{ty} mean, paper", "", "", *[fmt(self.pval(st, f"type-{ty} mean", k)) for k in mets]])
        f.plot = ("apsa", "ApSA / baseline", per, st, mets)
        t2 = [v for v in per if v["class"] == "II"]
        parts = [("type-II power vs 60 cores", *judge(mean([v["power_vs60"] for v in t2]) if t2 else None,
                                                      self.pval(st, "type-II mean", "power_vs60"))),
                 ("type-II IPC vs 30 cores", *judge(mean([v["ipc_vs30"] for v in t2]) if t2 else None,
                                                    self.pval(st, "type-II mean", "ipc_vs30")))]
        f.verdict, f.reason = combine(parts)
        f.notes.append("The 30-core GPGPU is the same preset with core.count halved; paper values per "
                       "application, where printed, are in parentheses (there: MUM and BLK).")
        self.figs.append(f)
        # Fig. 7 on the paper's metric: average power normalised to VADD on the 30-core GPGPU (type II),
        # MTC (type I); the type's saving is the ratio of the normalised means (Sec. 5.3)
        f = Figure("seed002", "fig7norm", "Fig. 7 on the paper's metric: average power normalised to VADD (type II) "
                   "and MTC (type I) on the 30-core GPGPU", "seed 002 Sec. 5.3 and Fig. 7", preset)
        nc = per[0]["n_cores"] if per else 0
        f.cols = ["app", "type", f"{max(1, nc // 2)} cores", f"{nc} cores", "ApSA", "ApSA, idle cores power-gated",
                  "ApSA's clock-gated cores (mean)"]
        refs = {"I": "mtc", "II": "vadd"}
        norm = {}
        for ty, ref in refs.items():
            s_ = [v for v in per if v["class"] == ty]
            r = next((v for v in s_ if v["app"].lower() == ref), s_[0] if s_ else None)
            if r:
                norm[ty] = (r["app"], r["w_30"])
        for v in per:
            ref = norm.get(v["class"])
            if not ref:
                continue
            f.rows.append([v["app"], v["class"], *[fmt(v[k] / ref[1]) for k in ("w_30", "w_60", "w_apsa", "w_apsa_pg")],
                           f"{v['gated']:.1f}"])
        t2pm = None
        for ty in ("I", "II"):
            s_ = [v for v in per if v["class"] == ty]
            if not s_ or ty not in norm:
                continue
            r30 = norm[ty][1]
            m30, m60, ma, mpg = (mean([v[k] / r30 for v in s_]) for k in ("w_30", "w_60", "w_apsa", "w_apsa_pg"))
            f.avg_rows.append([f"type-{ty} mean ({len(s_)}), normalised to {norm[ty][0]} on {max(1, nc // 2)} cores", "",
                               fmt(m30), fmt(m60), fmt(ma), fmt(mpg), f"{mean([v['gated'] for v in s_]):.1f}"])
            f.avg_rows.append([f"type-{ty}: ApSA over {nc} cores, ours", "", "", "", fmt(ma / m60), fmt(mpg / m60), ""])
            f.avg_rows.append([f"type-{ty}: ApSA over {nc} cores, paper (60)", "", "", "",
                               fmt(self.pval(st, f"type-{ty} mean", "power_vs60")), "", ""])
            if ty == "II":
                t2pm = (ma / m60, mpg / m60, ma / m30)
        f.verdict, f.reason = combine([("type-II power vs 60 cores", *judge(t2pm[0] if t2pm else None,
                                                                         self.pval(st, "type-II mean", "power_vs60")))])
        f.notes.append("Seed 002 Sec. 5.3 measures GPUWattch's average power of each application, normalised to one "
                       "application on the 30-core GPGPU (Fig. 7), and compares the type means; its non-operational "
                       "cores are not power-gated (\"we believe power gating non-operational cores will further "
                       "improve the power efficiency\"), so they leak: ApSA's column is ctasim's chip power, the next "
                       "column the same run with the idle cores drawing nothing (for comparison only).")
        self.figs.append(f)
        ok = t2pm is not None and t2pm[0] <= 0.90
        why = ""
        if not ok and t2pm:
            leak = mean([(v["w_apsa"] - v["w_apsa_pg"]) / v["w_apsa"] for v in t2])
            why = (f"ApSA's idle cores ({mean([v['gated'] for v in t2]):.1f} of {t2[0]['n_cores']} on average) still "
                   "leak, as the paper "
                   f"assumes: {leak * 100:.0f} % of ApSA's type-II power; gating them would make the saving "
                   f"{pct(t2pm[1])}. Type-II IPC over 30 cores {pct(mean([v['ipc_vs30'] for v in t2]))} (paper +11.0 %).")
        self.goal("arcta_power", "ApSA's type-II power -10 % or better over the 60-core GPGPU (the paper's metric: "
                  "type mean normalised to VADD on 30 cores)", ok,
                  (f"type II: {pct(t2pm[0])} (paper -20.1 %); over the 30-core GPGPU {pct(t2pm[2])} (paper +10.1 %); "
                   f"chip power, mean of ratios: {pct(mean([v['power_vs60'] for v in t2]))}") if t2pm else "no type-II workload",
                  why)

    # ---- seed 003
    def seed003(self):
        rows = self.rows("seed003")
        if not rows:
            return
        preset = ", ".join(sorted({m["preset"] for m in rows}))
        st = "seed003-fig11-12"
        per = []
        for m in rows:
            b = self.get(m, "--set", "core.sched=lrr")
            c = self.get(m, "--set", "core.sched=lrr", "--set", "policy.claso=1", "--set", "claso.p_a=1",
                         "--set", "claso.p_l=0")
            per.append({"app": m["app"], "speedup": b.cycles / c.cycles,
                        "idle": c.tail_idle / b.tail_idle if b.tail_idle else None,
                        "tail_base": b.tail_idle, "tail_claso": c.tail_idle, "core_cycles": b.cycles * b.n_cores})
        f = Figure("seed003", "fig11-12", "Figs. 11-12: CLASO10's speedup and idle cycles over LRR",
                   "seed 003 Sec. 4.2, Figs. 11 and 12a", preset)
        f.cols = ["app", "speedup (ours)", "speedup (paper)", "tail idle LRR", "tail idle CLASO10",
                  "idle norm (ours)", "idle norm (paper)"]
        f.rows = [[v["app"], fmt(v["speedup"]), fmt(self.pval(st, v["app"], "speedup")), str(v["tail_base"]),
                   str(v["tail_claso"]), fmt(v["idle"]), fmt(self.pval(st, v["app"], "idle"))] for v in per]
        f.avg_rows = [[c[0], c[1], c[2], "", "", c[3], c[4]] for c in
                      self.avg_lines("", [("all", per)], ["speedup", "idle"], st)]
        f.plot = ("claso", "CLASO10 / LRR", per, st, ["speedup", "idle"])
        mi, ms = mean([v["idle"] for v in per]), mean([v["speedup"] for v in per])
        f.verdict, f.reason = combine([("idle cycles", *judge(mi, self.pval(st, "mean", "idle"))),
                                       ("speedup", *judge(ms, self.pval(st, "mean", "speedup")))])
        f.notes.append("Idle cycles: core-cycles with no CTA on a core after the last CTA was issued "
                       "(the CSV's tail_idle), seed 003's load-imbalance idle cycles.")
        self.figs.append(f)
        ok = mi is not None and mi <= 0.6 and ms is not None and ms > 1.0
        why = ""
        if not ok:
            share = mean([v["tail_base"] / v["core_cycles"] for v in per if v["core_cycles"]])
            why = (f"Under LRR the tail idle cycles are {share * 100:.1f} % of all core-cycles (mean over the "
                   "workloads): the most CLASO can win back.")
        self.goal("claso", "CLASO's tail idle cycles -40 % or better over LRR with a positive mean speedup", ok,
                  f"mean idle {pct(mi)}, mean speedup {pct(ms)} over {len(per)} workloads (paper -52.4 %, +8.4 %)", why)

    # ---- seed 004
    @staticmethod
    def saving_split(per):
        """Where the static saving on the paper's metric comes from, summed over the workloads
        (seed 004 Sec. 6: 81 % from EX_SP, 9 % from IFID and SCH)."""
        tot = {g: sum(v["saved"][g] for v in per) for g in PG_GROUPS}
        allg = sum(tot.values())
        if not allg:
            return "Ours: no group was power-gated."
        return ("Ours: " + ", ".join(f"{tot[g] / allg * 100:.0f} % from {g}" for g in ("EX_SP", "EX_SFU")) +
                f", {(tot['IFID'] + tot['SCH']) / allg * 100:.0f} % from IFID and SCH.")

    def seed004(self):
        rows = self.rows("seed004")
        if not rows:
            return
        preset = ", ".join(sorted({m["preset"] for m in rows}))
        st = "seed004-fig12-13"
        per = []
        for m in rows:
            b = self.get(m, "--set", "policy.gating=none")
            u = self.get(m, "--set", "policy.gating=ucstates")
            sp_off = sum(c[1] for c in u.pg_off) / (u.cycles * u.n_cores) if u.cycles else 0
            saved = {g: sum(0.5 * GPUWATTCH_PG_MM2[g] * c[i] for c in u.pg_off) for i, g in enumerate(PG_GROUPS)}
            per.append({"app": m["app"], "ipc": u.ipc / b.ipc, "static": ucs_static_power(u) / ucs_static_power(b),
                        "static_chip": u.static_w / b.static_w,
                        "dp_static": u.dp_static_w / b.dp_static_w, "dynamic": u.dynamic_w / b.dynamic_w,
                        "power": u.power / b.power, "sp_off": sp_off, "saved": saved})
        mets = ["ipc", "static", "static_chip", "dp_static", "dynamic", "power"]
        f = Figure("seed004", "fig12-13", "Figs. 12-13: uC-States' IPC, static power (the paper's metric and "
                   "ctasim's) and dynamic and chip power over the baseline", "seed 004 Sec. 6, Figs. 12 and 13", preset)
        f.cols = ["app", "IPC", "static (paper's metric)", "static chip (ctasim)", "datapath static (ctasim)",
                  "dynamic", "chip power"]
        f.rows = [[v["app"], *[fmt(v[k]) + (f" ({fmt(self.pval(st, v['app'], k))})" if self.pval(st, v["app"], k) else "")
                               for k in mets]] for v in per]
        f.avg_rows = [[f"mean ({len(per)}), ours", *[fmt(mean([v[k] for v in per])) for k in mets]],
                      ["mean, paper", *[fmt(self.pval(st, "mean", k)) for k in mets]],
                      [f"min ({len(per)}), ours", *[fmt(min(v[k] for v in per)) for k in mets]],
                      ["min, paper", *[fmt(self.pval(st, "min", k)) for k in mets]]]
        f.plot = ("ucs", "uC-States / baseline", per, st, ["ipc", "static", "static_chip", "dynamic"])
        ms, worst = mean([v["static"] for v in per]), min(v["ipc"] for v in per)
        f.verdict, f.reason = combine([("static power, the paper's metric", *judge(ms, self.pval(st, "mean", "static"))),
                                       ("mean IPC", *judge(mean([v["ipc"] for v in per]), self.pval(st, "mean", "ipc"))),
                                       ("worst IPC", "reproduced in direction and size" if worst >= 0.97 else "not reproduced",
                                        f"ours {pct(worst)} vs paper -3.0 %")])
        f.notes.append("Static (paper's metric), seed 004 Sec. 6: each core component's static power proportional "
                       "to its area in GPUWattch (its GTX 480 core: EX_SP, the integer and floating-point units, "
                       f"{GPUWATTCH_PG_MM2['EX_SP'] / GPUWATTCH_CORE_MM2 * 100:.1f} % of the core), none in a "
                       "power-gated group, non-core components 40 % of the baseline's static power; clock power is "
                       "dynamic there. EX_SP is thus "
                       f"{ucs_ex_sp_share() * 100:.1f} % of static power (the paper: 81 % of the saving from EX_SP). "
                       + self.saving_split(per) +
                       " Static chip (ctasim): every power row's leakage and clock power plus the gating "
                       "transitions; datapath static: the rows IFID .. EX_LDST only.")
        self.figs.append(f)
        ok = ms is not None and ms <= 0.88 and worst >= 0.97
        why = ""
        if not ok and per:
            w = min(per, key=lambda v: v["ipc"])
            why = (f"EX_SP's half is power-gated {mean([v['sp_off'] for v in per]) * 100:.0f} % of core-cycles on "
                   f"average (a full-time half would save {ucs_ex_sp_share() * 50:.1f} % of static power); "
                   f"the worst kernel is {w['app']} at IPC {pct(w['ipc'])}.")
        self.goal("ucs", "uC-States' static power -12 % or better (the paper's metric) with the worst kernel's IPC "
                  "at -3 % or better", ok,
                  f"mean static power {pct(ms)} (paper -16 %), worst IPC {pct(worst)} (paper -3 %), mean IPC "
                  f"{pct(mean([v['ipc'] for v in per]))}; ctasim's static chip power {pct(mean([v['static_chip'] for v in per]))}",
                  why)


# ---------------------------------------------------------------- plots
GP = r'''
set terminal pngcairo size 1000,480 font ",10"
set output ARG2
set title ARG3 noenhanced
set ylabel ARG4 noenhanced
set datafile missing "-"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set grid ytics
set yrange [0:*]
set offsets graph 0, graph 0, graph 0.06, graph 0
set key outside top center horizontal noenhanced
set xtics rotate by 35 right noenhanced font ",8"
if (ARG6 eq "1") { set arrow from graph 0, first 1 to graph 1, first 1 nohead dashtype 2 lc rgb "gray30" }
# columns: label, then pairs (ours, paper) of one metric: one colour per metric, the paper's bar light
plot for [i = 2:int(ARG5)] ARG1 using i:xtic(1) title columnheader(i) lc (int(word(ARG7, i - 1))) \
     fs solid (word(ARG8, i - 1) eq "p" ? 0.3 : 0.9) border -1
'''


def write_plot(fig, outdir):
    """Bars per workload for the figure's metrics, then the averages with the paper's beside ours."""
    name, ylabel, per, stem, mets = fig.plot
    png = f"{fig.paper}-{fig.fid}.png"
    dat = os.path.join(outdir, "plots", png[:-4] + ".dat")
    kind = "gmean" if fig.paper == "seed001" else "mean"
    f_avg = gmean if kind == "gmean" else mean
    pv = STUDY_PV.get(stem, {}).get("v", {})
    table = [["label"] + [h for m in mets for h in (m, "paper:" + m)]]
    for v in per:
        table.append([v["app"].replace(" ", "_")] +
                     [c for m in mets for c in (fmt(v.get(m), 4), fmt(pv.get((v["app"].lower(), m)), 4))])
    table.append([kind] + [c for m in mets for c in (fmt(f_avg([v.get(m) for v in per]), 4), fmt(pv.get((kind, m)), 4))])
    # a paper column without any printed value would be an empty series: leave it out
    keep = [i for i in range(len(table[0])) if i == 0 or any(r[i] != "-" for r in table[1:])]
    with open(dat, "w") as f:
        for r in table:
            f.write(" ".join(r[i] for i in keep) + "\n")
    ncols = len(keep)
    colours = " ".join(str(1 + (i - 1) // 2) for i in keep[1:])
    kinds = " ".join("p" if table[0][i].startswith("paper:") else "o" for i in keep[1:])
    norm = "0" if name == "ctas" else "1"
    gp = os.path.join(outdir, "plots", "bars.gp")
    if not os.path.exists(gp):
        with open(gp, "w") as g:
            g.write(GP)
    title = f"{fig.paper} {fig.title.split(':')[0]} on {fig.preset_note}: ours dark, paper (printed values) light"
    subprocess.run(["gnuplot", "-c", gp, dat, os.path.join(outdir, "plots", png), title, ylabel,
                    str(ncols), norm, colours, kinds], check=True, cwd=ROOT)
    return "plots/" + png


STUDY_PV = {}


# ---------------------------------------------------------------- report
def md_table(cols, rows):
    out = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(out)


def html_table(cols, rows, avg):
    h = ["<table><tr>" + "".join(f"<th>{html.escape(c)}</th>" for c in cols) + "</tr>"]
    for r in rows:
        h.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>")
    for r in avg:
        h.append("<tr class=avg>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>")
    return "\n".join(h) + "</table>"


CSS = ("body{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}"
       "table{border-collapse:collapse;margin:.6em 0;font-size:90%}td,th{border:1px solid #bbb;padding:2px 7px;"
       "text-align:right}td:first-child,th:first-child{text-align:left}tr.avg td{background:#eef;font-weight:bold}"
       ".v0{color:#060}.v1{color:#a60}.v2{color:#b00}.verdict{font-weight:bold}img{max-width:100%;"
       "border:1px solid #ddd}code{background:#f4f4f4}.note{color:#555;font-size:90%}")


def sec_anchor(title):
    """The anchor GitHub gives a markdown heading (lower case, punctuation dropped, spaces to '-')."""
    return "".join(c for c in title.lower() if c.isalnum() or c in " -_").replace(" ", "-")


def write_report(args, st, runner, meta, outdir):
    pngs = {id(f): write_plot(f, outdir) for f in st.figs if f.plot}
    meta["took"] = time.time() - meta["t0"]
    md, ht = [], []
    md.append("# ctasim: the papers' results beside ours\n")
    ht.append(f"<!DOCTYPE html><html><head><meta charset=utf-8><title>ctasim reproduce</title><style>{CSS}</style>"
              "</head><body><h1>ctasim: the papers' results beside ours</h1>")
    head = [f"Commit `{meta['commit']}` (model sources as of `{meta['model']}`), {meta['date']}, mode {meta['mode']}, manifest `{meta['manifest']}`.",
            f"Took {meta['took']:.0f} s wall time: {runner.simulated} runs simulated "
            f"({runner.sim_seconds:.0f} s of simulation, two at a time), {runner.reused} reused from "
            f"`{os.path.relpath(args.cache, ROOT)}`"
            + (f" (they took {runner.reused_seconds:.0f} s of simulation when computed)." if runner.reused_seconds else "."),
            "Paper values are the numbers printed in the papers' text and tables (docs/papers/*.tsv, with "
            "their section and figure); '-' where the paper prints none for that workload or average.",
            "Verdicts: *reproduced in direction and size* = the same side of 1 (beyond 1 %) and our "
            "effect within half to twice the paper's; *direction only* = the same side but not that size; "
            "*not reproduced* = otherwise."]
    if meta["dev"]:
        head.append("**The workloads are the suite's older synthetic kernels "
                    "(tests/data/reproduce/manifest.tsv), not imitations of the papers' applications: "
                    "per-application paper values cannot sit beside them; only the averages compare.**")
    sections = [("goals", "Goals")] + [(paper, PAPER_TITLES[paper]) for paper in PAPERS
                                       if any(f.paper == paper for f in st.figs)] + [("about", "How to read this report")]
    md += [head[0] + "\n", head[1] + "\n"]
    ht += ["<p>" + html.escape(h).replace("`", "") + "</p>" for h in head[:2]]
    md.append("## Contents\n")
    md += [f"{i}. [{t}](#{sec_anchor(t)})" for i, (_, t) in enumerate(sections, 1)]
    md.append("")
    ht.append("<h2>Contents</h2><ol>" + "".join(f"<li><a href=\"#{sec_anchor(t)}\">{html.escape(t)}</a></li>"
                                                  for _, t in sections) + "</ol>")

    met = sum(1 for g in st.goals if g["ok"])
    md.append("## Goals\n")
    md.append(f"{met} of {len(st.goals)} goals met. Each goal names its threshold; the numbers are this run's.\n")
    ht.append(f"<h2 id=\"{sec_anchor('Goals')}\">Goals</h2><p>{met} of {len(st.goals)} goals met. Each goal names its "
              "threshold; the numbers are this run's.</p><ul>")
    for g in st.goals:
        mark = "met" if g["ok"] else "missed"
        md.append(f"- **{mark}**: {g['text']}. Measured: {g['measured']}." + (f" Why: {g['why']}" if g["why"] else ""))
        ht.append(f"<li><b class=v{0 if g['ok'] else 2}>{mark}</b>: {html.escape(g['text'])}. Measured: "
                  f"{html.escape(g['measured'])}." + (f" Why: {html.escape(g['why'])}" if g["why"] else "") + "</li>")
    md.append("")
    ht.append("</ul>")

    for paper in PAPERS:
        figs = [f for f in st.figs if f.paper == paper]
        if not figs:
            continue
        md.append(f"## {PAPER_TITLES[paper]}\n")
        ht.append(f"<h2 id=\"{sec_anchor(PAPER_TITLES[paper])}\">{html.escape(PAPER_TITLES[paper])}</h2>")
        for f in figs:
            md.append(f"### {f.title}\n")
            md.append(f"Preset {f.preset_note}; {f.ref}.\n")
            md.append(md_table(f.cols, f.rows + f.avg_rows) + "\n")
            md.append(f"**Verdict: {f.verdict}** -- {f.reason}\n")
            ht.append(f"<h3>{html.escape(f.title)}</h3><p>Preset {html.escape(f.preset_note)}; {html.escape(f.ref)}.</p>")
            ht.append(html_table(f.cols, f.rows, f.avg_rows))
            ht.append(f"<p class=verdict>Verdict: <span class=v{RANK[f.verdict]}>{html.escape(f.verdict)}</span>"
                      f" -- {html.escape(f.reason)}</p>")
            for n in f.notes:
                md.append(f"{n}\n")
                ht.append(f"<p class=note>{html.escape(n)}</p>")
            if f.plot:
                png = pngs[id(f)]
                md.append(f"![{f.fid}]({png})\n")
                ht.append(f"<p><img src=\"{png}\" alt=\"{html.escape(f.title)}\"></p>")
    md.append("## How to read this report\n")
    ht.append(f"<h2 id=\"{sec_anchor('How to read this report')}\">How to read this report</h2>")
    for h in head[2:]:
        md.append(h + "\n")
        ht.append("<p>" + html.escape(h).replace("`", "").replace("**", "") + "</p>")
    ht.append("</body></html>")
    with open(os.path.join(outdir, "report.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    with open(os.path.join(outdir, "report.html"), "w") as f:
        f.write("\n".join(ht) + "\n")


def git(*a):
    return subprocess.run(["git", *a], cwd=ROOT, capture_output=True, text=True).stdout.strip()


MODEL_PATHS = ("cmodel", "cosim", "rtl", "Makefile")


def commit_id():
    """(HEAD, model commit): the cache is keyed by the last commit that changed what the program
    computes (MODEL_PATHS), plus a hash of any uncommitted change there, so commits that touch only
    docs, scripts or tests reuse the runs."""
    head = git("rev-parse", "--short=12", "HEAD") or "nogit"
    model = git("log", "-1", "--format=%h", "--abbrev=12", "--", *MODEL_PATHS) or head
    diff = git("diff", "HEAD", "--", *MODEL_PATHS)
    return head, model + ("-dirty-" + hashlib.sha1(diff.encode()).hexdigest()[:8] if diff else "")


def main():
    ap = argparse.ArgumentParser(prog=PROG, description="the papers' results beside ctasim's")
    ap.add_argument("--bin")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--manifest")
    ap.add_argument("--out")
    ap.add_argument("--cache")
    ap.add_argument("--papers", default=os.path.join(ROOT, "docs", "papers"))
    ap.add_argument("--check-data", action="store_true")
    a = ap.parse_args()
    pv = load_paper_values(a.papers)
    if a.check_data:
        n = sum(len(p["v"]) for p in pv.values())
        print(f"{PROG}: {len(pv)} paper-value files, {n} values parse")
        return
    if not a.bin or not os.access(a.bin, os.X_OK):
        raise Fail(f"program not built: {a.bin} (run: make build/rel/ctasim)")
    suite = os.path.join(ROOT, "workloads", "papers", "manifest.tsv")
    if not a.manifest:
        a.manifest = (os.path.join(ROOT, "tests", "data", "reproduce", "manifest.tsv")
                      if a.quick or not os.path.exists(suite) else suite)
    commit, model = commit_id()
    a.out = a.out or os.path.join(ROOT, "build", "reproduce", "quick" if a.quick else "")
    a.cache = a.cache or os.path.join(ROOT, "build", "reproduce", model, "runs")
    os.makedirs(os.path.join(a.out, "plots"), exist_ok=True)
    for n in os.listdir(os.path.join(a.out, "plots")):
        os.remove(os.path.join(a.out, "plots", n))
    t0 = time.time()
    man = read_manifest(a.manifest, a.quick)
    STUDY_PV.update(pv)
    runner = Runner(os.path.abspath(a.bin), a.cache, sys.stderr.isatty())
    st = Study(a, runner, man, pv)
    print(f"{PROG}: {len(man)} workloads from {os.path.relpath(a.manifest, ROOT)}, commit {commit}, "
          f"cache {os.path.relpath(a.cache, ROOT)}", file=sys.stderr)
    runner.run("phase 1/2 (every policy run)", st.jobs_phase1())
    runner.run("phase 2/2 (seed 000 static limits)", st.jobs_phase2())
    for paper in PAPERS:
        getattr(st, paper)()
    meta = {"commit": commit, "model": model, "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "mode": "quick (configs/small.cfg, two workloads per paper)" if a.quick else "full (the papers' presets)",
            "manifest": os.path.relpath(a.manifest, ROOT),
            "dev": os.path.relpath(a.manifest, ROOT).startswith("tests/"), "t0": t0}
    write_report(a, st, runner, meta, a.out)
    print(f"{PROG}: {os.path.relpath(os.path.join(a.out, 'report.html'), ROOT)} and report.md, "
          f"{sum(n.endswith('.png') for n in os.listdir(os.path.join(a.out, 'plots')))} plots, {meta['took']:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    try:
        main()
    except Fail as e:
        print(f"{PROG}: {e}", file=sys.stderr)
        sys.exit(2)
    except (OSError, KeyError, ValueError, subprocess.CalledProcessError) as e:
        print(f"{PROG}: {type(e).__name__}: {e}", file=sys.stderr)
        sys.exit(2)
