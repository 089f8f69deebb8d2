"""Tests of the ctasim Python package against the real program (build/rel/ctasim,
or $CTASIM).  Run from anywhere: python3 -m pytest python/tests (make test-python)."""
import csv
import io
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "python"))
import ctasim  # noqa: E402

BIN = os.environ.get("CTASIM") or os.path.join(ROOT, "build", "rel", "ctasim")
SMALL = dict(config=os.path.join(ROOT, "configs", "small.cfg"),
             workload=os.path.join(ROOT, "workloads", "backprop_two_phase.wl"))


def csv_row(*args):
    """The program's own --csv-row of the same run, as a dict."""
    hdr = subprocess.run([BIN, "--csv-header"], capture_output=True, text=True, check=True).stdout
    row = subprocess.run([BIN, "--quiet", "--csv-row", *args], capture_output=True, text=True,
                         check=True).stdout
    return next(csv.DictReader(io.StringIO(hdr + row)))


def test_schema_units_and_descriptions():
    assert ctasim.unit("json.kernel", "roundtrip") == "cycles"
    assert ctasim.unit("json.power", "energy_j") == "J"
    assert ctasim.unit("csv.timeline", "limit7") == "CTAs"       # per-core column
    assert "L1" in ctasim.describe("json.kernel", "l1_stores")
    with pytest.raises(KeyError, match="not in the schema"):
        ctasim.unit("json.kernel", "no_such_key")
    with pytest.raises(KeyError, match="no schema scope"):
        ctasim.schema("json.nope")


def test_run_loads_the_report_equal_to_the_csv_row():
    r = ctasim.run(binary=BIN, sets={"policy.cta_limit": "dyncta"}, timeline=True, decisions=True, **SMALL)
    row = csv_row("--config", SMALL["config"], "--workload", SMALL["workload"],
                  "--set", "policy.cta_limit=dyncta")
    assert r.meta["engine"] == "c" and r.meta["schema_version"] == int(row["schema_version"])
    assert [k["name"] for k in r.kernels] == ["bp_forward", "stream_copy"]
    assert r.total["cycles"] == int(row["cycles"])
    assert r.total["thread_insts"] == int(row["thread_insts"])
    assert sum(k["cycles"] for k in r.kernels) == r.total["cycles"]
    assert abs(r.power["energy_j"] - float(row["energy_j"])) <= 1e-6 * float(row["energy_j"])
    assert r.meta["ctasim_commit"] == row["ctasim_commit"]
    # the timeline's and decisions' rows, typed
    assert r.timeline and isinstance(r.timeline[0]["cycle"], int) and "limit3" in r.timeline[0]
    assert {d["unit"] for d in r.decisions} == {"dyncta"}
    # flat per-kernel and per-core rows
    rows = r.kernel_rows(with_total=True)
    assert len(rows) == 3 and "cores" not in rows[0] and rows[2]["name"] == "total"
    cores = r.core_rows(kernel="total")
    assert [c["core"] for c in cores] == [0, 1, 2, 3]
    assert sum(c["thread_insts"] for c in cores) == r.total["thread_insts"]


def test_run_refuses_bad_input_with_the_programs_message(tmp_path):
    with pytest.raises(ctasim.CtasimError, match="nope.cfg") as e:
        ctasim.run(binary=BIN, config=str(tmp_path / "nope.cfg"))
    assert e.value.returncode == 2
    with pytest.raises(ctasim.CtasimError, match="policy.bogus"):
        ctasim.run(binary=BIN, sets={"policy.bogus": 1}, **SMALL)


def test_missing_binary(monkeypatch):
    monkeypatch.delenv("CTASIM", raising=False)
    monkeypatch.setenv("PATH", "/nonexistent")
    with pytest.raises(ctasim.CtasimError, match="ctasim not found"):
        ctasim.find_binary()


def test_study_grid(tmp_path):
    study = tmp_path / "t.study"
    study.write_text(textwrap.dedent("""\
        name = pytest
        presets = small
        workloads = stream_copy compute_fma
        stats = cycles ipc total.cycles n_max=max:kernels.*.n_max
        """))
    out = tmp_path / "out"
    env = dict(os.environ, CTASIM=BIN, CI="1")
    for cmd in ("run", "collect"):
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "ctasim-study"), cmd, str(study),
                        "--out", str(out)], cwd=ROOT, env=env, check=True, capture_output=True)
    grid = ctasim.load_grid(out / "grid.csv")
    assert [g["workload"] for g in grid] == ["stream_copy", "compute_fma"]
    for g in grid:
        r = ctasim.run(binary=BIN, cwd=ROOT, config="configs/small.cfg",
                       workload=f"workloads/{g['workload']}.kern")
        assert g["status"] == "done" and g["cycles"] == r.total["cycles"] == g["total.cycles"]
        assert g["n_max"] == r.kernels[0]["n_max"]
    df = ctasim.frame(grid)
    if isinstance(df, list):
        assert df is grid
    else:
        assert df.attrs["units"]["cycles"] == "cycles" and df.attrs["units"]["n_max"] == "CTAs"


def test_frame_without_pandas_returns_the_rows(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)       # import pandas fails
    rows = [{"cycles": 1}]
    assert ctasim.frame(rows) is rows


def test_frame_with_pandas_labels_units():
    pd = pytest.importorskip("pandas")
    r = ctasim.run(binary=BIN, **SMALL)
    df = ctasim.frame(r)
    assert isinstance(df, pd.DataFrame) and list(df["name"]) == ["bp_forward", "stream_copy"]
    assert df.attrs["units"]["time_ns"] == "ns"


def test_pip_installs_the_package(tmp_path):
    """The package installs with pip into a fresh virtual environment (no
    network: setuptools from the system) and works from another folder."""
    v = tmp_path / "venv"
    src = tmp_path / "src"                                  # pip builds in the source folder
    shutil.copytree(os.path.join(ROOT, "python"), src, ignore=shutil.ignore_patterns("tests", "__pycache__"))
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(v)], check=True)
    py = str(v / "bin" / "python")
    p = subprocess.run([py, "-m", "pip", "install", "-q", "--no-build-isolation", "--no-index",
                        str(src)], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    code = ("import ctasim, sys; assert 'venv' in ctasim.__file__, ctasim.__file__; "
            "print(ctasim.__version__, ctasim.unit('csv.row', 'energy_j'), "
            "ctasim.run(binary=sys.argv[1]).total['cycles'])")
    p = subprocess.run([py, "-c", code, BIN], cwd=str(tmp_path), capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    version, u, cycles = p.stdout.split()
    assert version == open(os.path.join(ROOT, "VERSION")).read().strip() and u == "J" and int(cycles) > 0
