#!/usr/bin/env python3
"""fuzz_study.py -- Atheris (libFuzzer for Python) target: the study file reader of
scripts/ctasim-study (read_lines, Study: keys, axes, stacks, stats, plots, run names)
and the cross product of its runs.  A StudyError (one line 'FILE:LINE: KEY: problem')
is the expected answer to bad input; any other exception is a bug (a traceback a user
would see), as is a run name that could leave OUT/runs/ ('.', '..', '/').

  python3 tests/fuzz/fuzz_study.py -max_total_time=S CORPUS SEEDS   (scripts/fuzz_trace.sh)
"""
import importlib.machinery
import importlib.util
import os
import sys

import atheris

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class InstrumentedLoader(importlib.machinery.SourceFileLoader):
    """Loads scripts/ctasim-study with Atheris' coverage in its bytecode.  The file has
    no .py name, so it is loaded by path; atheris.instrument_imports() only patches
    modules found through the import system, and would leave this one blind (every
    input would look alike to the fuzzer)."""

    def get_code(self, fullname):
        return atheris.instrument_bytecode.patch_code(super().get_code(fullname), True)


loader = InstrumentedLoader("ctasim_study", os.path.join(ROOT, "scripts", "ctasim-study"))
spec = importlib.util.spec_from_loader("ctasim_study", loader)
study = importlib.util.module_from_spec(spec)
loader.exec_module(study)

PATH = os.path.join(os.environ.get("FUZZ_DIR") or "/tmp", f"fuzz_study_{os.getpid()}.study")
MAX_RUNS = 2000     # bound the work of one input (the cross product)


def one(data):
    with open(PATH, "wb") as f:
        f.write(data)
    try:
        s = study.Study(PATH)
        n = 1
        for a in s.axes:
            n *= max(len(a.values), 1)
        if n > MAX_RUNS:
            return
        for name, _, args in s.points():
            if name in (".", "..") or "/" in name or name.startswith("."):
                raise AssertionError(f"run name {name!r} leaves OUT/runs/")
            assert all(isinstance(x, str) for x in args)
    except study.StudyError as e:
        msg = str(e)
        if "\n" in msg or not msg.startswith(PATH + ":"):
            raise AssertionError(f"not one line 'FILE:LINE: ...': {msg!r}")


if __name__ == "__main__":
    os.chdir(ROOT)
    atheris.Setup(sys.argv, one)
    atheris.Fuzz()
