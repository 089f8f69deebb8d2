"""ctasim -- run the ctasim simulator and load its outputs into plain Python
data, or pandas DataFrames when pandas is installed, named and labelled with
units as in the outputs' schema (docs/outputs.md; schema.tsv in this package).

    import ctasim
    run = ctasim.run(config="configs/small.cfg", workload="workloads/stream_copy.kern",
                     sets={"policy.cta_limit": "static", "policy.static_n": "2"})
    run.total["ipc"], ctasim.unit("json.kernel", "roundtrip")      # value, "cycles"
    grid = ctasim.load_grid("build/study/example/grid.csv")          # rows of dicts
    df = ctasim.frame(grid)                                          # pandas, if present

Pure Python, standard library only; pandas is optional."""
import csv
import json
import os
import shutil
import subprocess
import tempfile
from importlib import resources

__version__ = "0.9.0"
__all__ = ["Run", "run", "load_json", "load_csv_rows", "load_timeline", "load_decisions",
           "load_grid", "schema", "unit", "describe", "frame", "find_binary", "CtasimError"]


class CtasimError(RuntimeError):
    """ctasim exited with an error; .returncode, .stderr hold what it said."""

    def __init__(self, msg, returncode=None, stderr=""):
        super().__init__(msg)
        self.returncode, self.stderr = returncode, stderr


# ------------------------------------------------------------------ schema

def _load_schema():
    text = resources.files(__package__).joinpath("schema.tsv").read_text()
    out = {}
    for row in csv.DictReader(text.splitlines(), delimiter="\t"):
        out.setdefault(row["scope"], {})[row["name"]] = (row["unit"], row["description"])
    return out


_SCHEMA = _load_schema()


def schema(scope=None):
    """The schema: {scope: {name: (unit, description)}}, or one scope's dict.
    Scopes: json.top, json.kernel, json.core, json.power, json.power_row,
    csv.row, csv.timeline, csv.decisions, rtlpower.top, rtlpower.unit,
    rtlpower.total."""
    if scope is None:
        return {s: dict(v) for s, v in _SCHEMA.items()}
    if scope not in _SCHEMA:
        raise KeyError(f"no schema scope {scope!r}; scopes: {', '.join(sorted(_SCHEMA))}")
    return dict(_SCHEMA[scope])


def _entry(scope, name):
    sc = schema(scope)
    if name in sc:
        return sc[name]
    if scope == "csv.timeline":                      # limit3 -> limitN
        base = name.rstrip("0123456789")
        if base != name and base + "N" in sc:
            return sc[base + "N"]
    raise KeyError(f"{name!r} is not in the schema's {scope}")


def unit(scope, name):
    """The unit of a key or column ('cycles', 'J', '1' for a ratio, '-' none)."""
    return _entry(scope, name)[0]


def describe(scope, name):
    """The one-line description of a key or column."""
    return _entry(scope, name)[1]


def _grid_unit(col):
    """A study grid column's unit: a --csv-row column, a JSON path (the unit
    of its last key), cta_util; None for the axes and unknown columns."""
    if col in _SCHEMA["csv.row"]:
        return _SCHEMA["csv.row"][col][0]
    if col == "cta_util":
        return "1"
    spec = col.split(":")[-1]
    parts = [p for p in spec.split(".") if p != "*" and not p.isdigit()]
    for scope in ("json.core", "json.kernel", "json.top", "json.power"):
        if parts and parts[-1] in _SCHEMA[scope] and (scope != "json.core" or "cores" in parts):
            return _SCHEMA[scope][parts[-1]][0]
    return None


# ------------------------------------------------------------------ values

def _num(s):
    """A CSV cell as int, float or str; '' as None."""
    if s == "":
        return None
    for conv in (int, float):
        try:
            return conv(s)
        except ValueError:
            pass
    return s


def _read_csv(path):
    with open(path, newline="") as f:
        return [{k: _num(v) for k, v in row.items()} for row in csv.DictReader(f)]


class Run:
    """One run's JSON report: .meta (the top-level keys but kernels, total,
    power), .kernels (list of dicts), .total (dict), .power (dict or None),
    .data (the whole document).  units(name) gives a kernel key's unit."""

    def __init__(self, data, path=None):
        self.data, self.path = data, path
        self.kernels = data.get("kernels", [])
        self.total = data.get("total", {})
        self.power = data.get("power")
        self.meta = {k: v for k, v in data.items() if k not in ("kernels", "total", "power")}

    @property
    def schema_version(self):
        return self.meta.get("schema_version")

    def units(self, name):
        return unit("json.kernel", name)

    def kernel_rows(self, with_total=False):
        """One flat dict per kernel (lists and per-core objects left out)."""
        ks = self.kernels + ([self.total] if with_total else [])
        return [{k: v for k, v in kk.items() if not isinstance(v, (list, dict))} for kk in ks]

    def core_rows(self, kernel=None):
        """One dict per core and kernel ('kernel' added: the kernel's index, or
        'total'); kernel= one index or 'total' only."""
        rows = []
        pairs = list(enumerate(self.kernels)) + [("total", self.total)]
        for i, k in pairs:
            if kernel is not None and i != kernel:
                continue
            for c in k.get("cores", []):
                rows.append(dict({"kernel": i}, **{n: v for n, v in c.items() if not isinstance(v, list)}))
        return rows

    def __repr__(self):
        m = self.meta
        return (f"<ctasim.Run {m.get('workload')} on {m.get('config')}, engine {m.get('engine')}: "
                f"{len(self.kernels)} kernels, {self.total.get('cycles')} cycles>")


def load_json(path):
    """A --json report as a Run."""
    with open(path) as f:
        return Run(json.load(f), path)


def load_csv_rows(path):
    """A file of --csv-row lines under a --csv-header line: a list of dicts."""
    return _read_csv(path)


def load_timeline(path):
    """A --timeline CSV: a list of dicts (per-core columns limit0, limit1, ...)."""
    return _read_csv(path)


def load_decisions(path):
    """A --decisions CSV: a list of dicts (cycle, core, unit, inputs, decision)."""
    return _read_csv(path)


def load_grid(path):
    """A study's grid.csv (docs/studies.md): one dict per run (name, the axes,
    status, commit, the statistics); unfinished runs' statistics are None."""
    return _read_csv(path)


def frame(rows, scope=None):
    """rows (a list of dicts, or a Run: its kernels) as a pandas DataFrame
    with df.attrs['units'] = {column: unit}; without pandas, the rows
    unchanged.  scope: the schema scope of the columns (default: json.kernel
    for a Run, else guessed from the columns)."""
    if isinstance(rows, Run):
        rows, scope = rows.kernel_rows(), scope or "json.kernel"
    try:
        import pandas as pd
    except ImportError:
        return rows
    df = pd.DataFrame(rows)
    units = {}
    for c in df.columns:
        if scope:
            try:
                units[c] = unit(scope, c)
                continue
            except KeyError:
                pass
        u = _grid_unit(c)
        if u is not None:
            units[c] = u
    df.attrs["units"] = units
    return df


# ------------------------------------------------------------------ running

def find_binary(binary=None):
    """The ctasim program: binary=, $CTASIM, then `ctasim` on PATH."""
    b = binary or os.environ.get("CTASIM") or shutil.which("ctasim")
    if not b:
        raise CtasimError("ctasim not found: pass binary=, set $CTASIM, or put ctasim on PATH "
                          "(make install PREFIX=DIR)")
    return b


def run(config=None, workload=None, trace=None, engine=None, sets=None, args=(), binary=None,
        cwd=None, timeline=False, decisions=False, check=True):
    """Run ctasim once and load its report.  sets: {key: value} (--set); args:
    further options.  Returns a Run; with timeline/decisions, also
    run.timeline / run.decisions (lists of dicts).  A failure (exit 2, or 1
    with check=True) raises CtasimError with the program's message."""
    cmd = [find_binary(binary), "--quiet"]
    for opt, val in (("--config", config), ("--workload", workload), ("--trace", trace),
                     ("--engine", engine)):
        if val is not None:
            cmd += [opt, str(val)]
    for k, v in (sets or {}).items():
        cmd += ["--set", f"{k}={v}"]
    cmd += list(args)
    with tempfile.TemporaryDirectory(prefix="ctasim_py") as d:
        paths = {"json": os.path.join(d, "r.json")}
        cmd += ["--json", paths["json"]]
        if timeline:
            paths["timeline"] = os.path.join(d, "tl.csv")
            cmd += ["--timeline", paths["timeline"]]
        if decisions:
            paths["decisions"] = os.path.join(d, "dec.csv")
            cmd += ["--decisions", paths["decisions"]]
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
        if p.returncode == 2 or (p.returncode != 0 and check) or not os.path.exists(paths["json"]):
            msg = p.stderr.strip().splitlines()
            raise CtasimError(msg[-1] if msg else f"ctasim exited {p.returncode}", p.returncode,
                              p.stderr)
        r = load_json(paths["json"])
        r.path, r.returncode, r.stderr, r.command = None, p.returncode, p.stderr, cmd
        if timeline:
            r.timeline = load_timeline(paths["timeline"])
        if decisions:
            r.decisions = load_decisions(paths["decisions"])
    return r
