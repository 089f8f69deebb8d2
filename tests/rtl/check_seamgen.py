#!/usr/bin/env python3
"""check_seamgen.py -- scripts/seamgen.py's check fails when it should.

In a scratch copy of the files seamgen writes (and seam/seam.yaml): the
committed copy passes `seamgen.py --check`; widening one register in the
description makes the check fail naming exactly the files that carry that
width (the C header, the package, the top's ports, the marshalling, the docs);
regenerating makes it pass again and puts the new width in the C header and
the package; a description naming an unknown unit is refused with one line.
"""
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
GEN = os.path.join(ROOT, "scripts", "seamgen.py")
FILES = ["seam/seam.yaml", "cmodel/ctl/ctl_seam.h", "rtl/ctasim_pkg.sv", "rtl/ctl_top.sv",
         "cosim/vmodel/vseam_gen.h", "cosim/rtl_sigs_gen.h", "docs/seam.md", "seam/units.tsv",
         "cosim/vmodel/vunits_gen.h"]


def run(root, *args):
    p = subprocess.run([sys.executable, GEN, "--root", root] + list(args),
                       capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


def edit(path, old, new):
    with open(path) as f:
        text = f.read()
    if old not in text:
        raise SystemExit("FAIL check_seamgen: %r not in %s" % (old, path))
    with open(path, "w") as f:
        f.write(text.replace(old, new, 1))


def main():
    fails = []
    with tempfile.TemporaryDirectory() as tmp:
        for rel in FILES:
            os.makedirs(os.path.dirname(os.path.join(tmp, rel)), exist_ok=True)
            shutil.copy(os.path.join(ROOT, rel), os.path.join(tmp, rel))
        rc, out = run(tmp, "--check")
        if rc != 0:
            fails.append("the committed files do not pass --check: " + out)
        yaml_path = os.path.join(tmp, "seam/seam.yaml")
        edit(yaml_path, "{name: ar_t_max_bw_mpct, w: 17,", "{name: ar_t_max_bw_mpct, w: 18,")
        rc, out = run(tmp, "--check")
        stale = sorted(l.split()[2] for l in out.splitlines() if l.startswith("FAIL seamgen:"))
        want = sorted(["cmodel/ctl/ctl_seam.h", "rtl/ctasim_pkg.sv", "rtl/ctl_top.sv",
                       "cosim/vmodel/vseam_gen.h", "docs/seam.md"])
        if rc != 1 or stale != want:
            fails.append("a wider register: rc %d, stale %s, want 1 and %s" % (rc, stale, want))
        rc, out = run(tmp)
        rc2, out2 = run(tmp, "--check")
        if rc != 0 or rc2 != 0:
            fails.append("regenerating did not make --check pass: " + out + out2)
        with open(os.path.join(tmp, "cmodel/ctl/ctl_seam.h")) as f:
            if "#define CTL_W_AR_T_MAX_BW_MPCT       18" not in f.read():
                fails.append("the regenerated header lacks the new width")
        with open(os.path.join(tmp, "rtl/ctasim_pkg.sv")) as f:
            if "localparam int CfgArTMaxBwMpctW         = 18;" not in f.read():
                fails.append("the regenerated package lacks the new width")
        edit(yaml_path, "read: {claso: cfg_p_l_i}", "read: {clasp: cfg_p_l_i}")
        rc, out = run(tmp, "--check")
        if rc == 0 or "unknown unit clasp" not in out or len(out.strip().splitlines()) != 1:
            fails.append("an unknown unit was not refused in one line: rc %d: %s" % (rc, out))
    for f in fails:
        print("FAIL check_seamgen: " + f)
    if fails:
        return 1
    print("check_seamgen: --check passes the committed files, names the 5 files a register "
          "width reaches, and refuses an unknown unit")
    return 0


if __name__ == "__main__":
    sys.exit(main())
