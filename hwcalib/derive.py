#!/usr/bin/env python3
"""derive.py -- a ctasim preset from hwcalib results (hwcalib/README.md).

    hwcalib/derive.py RESULTS OUT.cfg [--base PRESET] [--ctasim BIN]
    hwcalib/derive.py RESULTS OUT.cfg --check      (OUT.cfg is what RESULTS gives)

RESULTS is a `key = value` file of measurements (hwcalib/results/*.txt).  The
preset includes BASE (default: the Accel-Sim mirror of the same architecture,
configs/accelsim/SM90_H100.cfg) for what is not measured, and sets each
measured key with a comment naming its measurement.  Latencies are solved
against the model itself: ctasim runs the same microbenchmark (an empty
kernel, a one-thread pointer chase) with the keys derived so far, and the
key is moved by the difference, so the model reproduces the measurement;
the table printed at the end shows both.  A bad results file is refused with
one line naming file, line and problem; exit 1.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

# key -> (kind, min, max): what a results file may hold (gpu.* and source describe it)
KEYS = {
    "source": ("text", None, None),
    "gpu.name": ("text", None, None),
    "gpu.sm_count": ("int", 1, 160),
    "gpu.sm_clock_mhz": ("int", 100, 5000),
    "gpu.mem_clock_mhz": ("int", 100, 20000),
    "gpu.smem_per_sm_bytes": ("int", 0, 1 << 20),
    "gpu.l2_bytes": ("int", 1, 1 << 32),
    "gpu.driver": ("text", None, None),
    "gpu.cuda": ("text", None, None),
    "gpu.date": ("text", None, None),
    "gpu.command": ("text", None, None),
    "launch.empty_1x32_cycles": ("num", 1, 1e6),
    "launch.empty_4096x256_cycles": ("num", 1, 1e7),
    "launch.empty_1x32_noclk_cycles": ("num", 1, 1e6),
    "launch.empty_4096x256_noclk_cycles": ("num", 1, 1e7),
    "chase.l1_16k_cycles": ("num", 1, 1e4),
    "chase.l2_16k_cycles": ("num", 1, 1e4),
    "chase.l2_4m_cycles": ("num", 1, 1e4),
    "chase.dram_512m_cycles": ("num", 1, 1e5),
    "issue.dep_ffma_cycles": ("num", 1, 1000),
    "ref.dep_ffma_cycles": ("num", 1, 1000),
}
# measurement families run.sh writes beyond the keys above: (prefix, suffix) -> range
FAMILIES = [("launch.empty_", "_cycles", 1, 1e8), ("chase.", "_cycles", 1, 1e5),
            ("issue.", "_cycles", 0.1, 1e4), ("bw.", "_gbs", 0.001, 1e6), ("blocks.", "_cycles", 1, 1e10)]


def kind_of(k):
    if k in KEYS:
        return KEYS[k]
    for pre, suf, lo, hi in FAMILIES:
        if k.startswith(pre) and k.endswith(suf) and len(k) > len(pre) + len(suf):
            return ("num", lo, hi)
    return None


REQUIRED = ["gpu.name", "gpu.sm_count", "gpu.sm_clock_mhz", "gpu.smem_per_sm_bytes",
            "launch.empty_1x32_cycles", "launch.empty_4096x256_cycles",
            "chase.l1_16k_cycles", "chase.l2_16k_cycles", "chase.dram_512m_cycles"]


class Bad(Exception):
    pass


def read_results(path):
    """{key: (value, line)}; Bad("FILE:LINE: problem (key)") on the first fault."""
    out = {}
    try:
        lines = open(path, encoding="utf-8").read().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise Bad(f"{path}:0: cannot read the results file ({e.__class__.__name__})")
    for n, raw in enumerate(lines, 1):
        s = raw.split("#", 1)[0].strip()
        if not s:
            continue
        if "=" not in s:
            raise Bad(f"{path}:{n}: missing '=' ({s[:40]})")
        k, v = (x.strip() for x in s.split("=", 1))
        if kind_of(k) is None:
            raise Bad(f"{path}:{n}: unknown key ({k})")
        if k in out:
            raise Bad(f"{path}:{n}: duplicate key, first on line {out[k][1]} ({k})")
        if not v:
            raise Bad(f"{path}:{n}: empty value ({k})")
        kind, lo, hi = kind_of(k)
        if kind != "text":
            try:
                x = int(v) if kind == "int" else float(v)
            except ValueError:
                raise Bad(f"{path}:{n}: not a number '{v}' ({k})")
            if x != x or not lo <= x <= hi:
                raise Bad(f"{path}:{n}: value {v} out of range {lo:g}..{hi:g} ({k})")
            v = x
        out[k] = (v, n)
    for k in REQUIRED:
        if k not in out:
            raise Bad(f"{path}:0: missing measurement ({k})")
    e1, e2 = out["launch.empty_1x32_cycles"][0], out["launch.empty_4096x256_cycles"][0]
    if e2 < e1:
        raise Bad(f"{path}:{out['launch.empty_4096x256_cycles'][1]}: 4096 blocks launch faster than "
                  f"one ({e2:g} < {e1:g}) (launch.empty_4096x256_cycles, launch.empty_1x32_cycles)")
    l1, l2, dr = (out[k][0] for k in ("chase.l1_16k_cycles", "chase.l2_16k_cycles", "chase.dram_512m_cycles"))
    if not l1 < l2 < dr:
        raise Bad(f"{path}:{out['chase.l2_16k_cycles'][1]}: chase latencies not increasing L1 < L2 < "
                  f"DRAM ({l1:g}, {l2:g}, {dr:g}) (chase.l1_16k_cycles, chase.l2_16k_cycles, "
                  f"chase.dram_512m_cycles)")
    return out


EMPTY = """name = empty
imitates = hwcalib/src/launch.cu: an empty kernel, {grid} x {block}
grid = {grid}
block = {block}
regs = 8
program {{
  hint
}}
"""
# one thread, one line a step (lane 0 of a stride-4096 B pattern: 4 KB apart), a
# dependent load and a dependent integer op per step, like hwcalib/src/chase.cu
CHASE = """name = chase
imitates = hwcalib/src/chase.cu: a one-thread pointer chase over {size}
grid = 1
block = 32
regs = 8
region buf {size}
program {{
  loop {steps} {{
    gld.4 r1 r1 buf stride 128 @0x1
    sp r1 r1 @0x1
  }}
}}
"""


class Model:
    def __init__(self, ctasim, cfg, tmp):
        self.ctasim, self.cfg, self.tmp, self.n = ctasim, cfg, tmp, 0

    def cycles(self, kern_text, sets):
        self.n += 1
        k = os.path.join(self.tmp, f"k{self.n}.kern")
        j = os.path.join(self.tmp, f"k{self.n}.json")
        open(k, "w").write(kern_text)
        cmd = [self.ctasim, "--config", self.cfg, "--workload", k, "--engine", "c", "--quiet", "--json", j]
        for kv in sets:
            cmd += ["--set", kv]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            raise Bad(f"derive.py: ctasim failed: {r.stderr.strip()}")
        return json.load(open(j))["total"]["cycles"]

    def per_step(self, size, n1, n2, sets):
        """Cycles per chase step: the difference of two lengths (no warm-up, no launch)."""
        c1 = self.cycles(CHASE.format(size=size, steps=n1), sets)
        c2 = self.cycles(CHASE.format(size=size, steps=n2), sets)
        return (c2 - c1) / (n2 - n1)


def derive(res, base, ctasim, tmp):
    """[(key, value, comment)] and the check table [(what, measured, model)]."""
    v = {k: x[0] for k, x in res.items()}
    line = {k: x[1] for k, x in res.items()}
    src = os.path.basename(RESULTS_PATH)
    def at(k):
        return f"{k} = {v[k]:g} ({src}:{line[k]})" if not isinstance(v[k], str) else f"{k} ({src}:{line[k]})"
    keys = []
    keys.append(("core.count", v["gpu.sm_count"], at("gpu.sm_count")))
    keys.append(("clock.core_mhz", v["gpu.sm_clock_mhz"], at("gpu.sm_clock_mhz")))
    keys.append(("core.smem_bytes", v["gpu.smem_per_sm_bytes"], at("gpu.smem_per_sm_bytes")))
    dep = "issue.dep_ffma_cycles" if "issue.dep_ffma_cycles" in v else "ref.dep_ffma_cycles"
    if dep in v:
        keys.append(("core.lat_from", "issue", f"{dep}: a dependent-issue latency counts from issue"))
        keys.append(("lat.sp", int(round(v[dep])), at(dep) + ("" if dep.startswith("issue") else
                     ", not measured: GPGPU-Sim's H100 FP MAD latency (the results file says where)")))
    # the other classes' dependent-issue latencies, when measured
    for cls, key in (("dfma", "lat.dp"), ("mufu", "lat.sfu")):
        m = f"issue.dep_{cls}_cycles"
        if m in v and dep in v:
            keys.append((key, int(round(v[m])), at(m)))
    model = Model(ctasim, base, tmp)
    one = ["core.count=1"]   # the chase is one thread: one core, the same memory system
    def sets(extra=()):
        return [f"{k}={x}" for k, x, _ in keys] + list(extra)
    # launch: the empty kernel's model cycles without launch overhead, the rest is the launch
    e1, e2 = v["launch.empty_1x32_cycles"], v["launch.empty_4096x256_cycles"]
    m1 = model.cycles(EMPTY.format(grid=1, block=32), sets(["launch.kernel_lat=0"]))
    keys.append(("launch.kernel_lat", int(round(e1 - m1)),
                 f"{at('launch.empty_1x32_cycles')} - {m1} cycles of the model's own empty block"))
    # 4095 more blocks cost e2 - e1: the front end's rate, GPU-wide (thousandths of a cycle)
    keys.append(("launch.gpu_cta_interval", int(round(1000 * (e2 - e1) / 4095)),
                 f"1000 x ({at('launch.empty_4096x256_cycles')} - launch.empty_1x32_cycles) / 4095 blocks"))
    table = []
    # latencies, in order: L1 (hits), L2 (L1 misses that hit), DRAM (L2 misses)
    steps = [("l1.lat", "chase.l1_16k_cycles", "16K", 200, 400, 1.0),
             ("l2.lat", "chase.l2_16k_cycles", "512K", 256, 384, None),
             ("dram.latency", "chase.dram_512m_cycles", "512M", 200, 400, 1.0)]
    for key, meas, size, n1, n2, scale in steps:
        cur = model_key(ctasim, base, key, sets())
        got = model.per_step(size, n1, n2, sets(one))
        if scale is None:   # l2.lat counts L2 cycles
            scale = model_key(ctasim, base, "clock.l2_mhz", sets()) / model_key(ctasim, base, "clock.core_mhz", sets())
        new = int(round(cur + (v[meas] - got) * scale))
        if new < 0:
            raise Bad(f"{RESULTS_PATH}:{line[meas]}: {meas} = {v[meas]:g} is below what the model "
                      f"takes with {key} = 0 ({got - cur / scale:.1f}) ({meas})")
        keys.append((key, new, f"{at(meas)}: the model's chase took {got:.1f} with {key} = {cur:g}"))
        table.append((meas, v[meas], model.per_step(size, n1, n2, sets(one))))
    table.append(("launch.empty_1x32_cycles", e1, model.cycles(EMPTY.format(grid=1, block=32), sets())))
    table.append(("launch.empty_4096x256_cycles", e2, model.cycles(EMPTY.format(grid=4096, block=256), sets())))
    return keys, table


def model_key(ctasim, cfg, key, sets):
    cmd = [ctasim, "--config", cfg, "--dump-config"]
    for kv in sets:
        cmd += ["--set", kv]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise Bad(f"derive.py: ctasim --dump-config failed: {r.stderr.strip()}")
    for ln in r.stdout.splitlines():
        s = ln.split("#", 1)[0]
        if "=" in s and s.split("=", 1)[0].strip() == key:
            return float(s.split("=", 1)[1])
    raise Bad(f"derive.py: no key {key} in ctasim's configuration")


def write(out, res, keys, base_rel, results_rel):
    v = {k: x[0] for k, x in res.items()}
    lines = [f"# {os.path.splitext(os.path.basename(out))[0]}: derived by hwcalib/derive.py from {results_rel}",
             f"# ({v['gpu.name']}, {v['gpu.sm_count']:g} SMs, {v['gpu.sm_clock_mhz']:g} MHz; "
             f"{v.get('source', 'measured by hwcalib/run.sh')}).",
             "# Regenerate it rather than edit it: hwcalib/derive.py " + results_rel + " " + out + ".",
             "# Each key names the measurement it comes from; the rest is the included Accel-Sim mirror.",
             f"include = {base_rel}",
             f"name = {os.path.splitext(os.path.basename(out))[0]}"]
    for k, x, why in keys:
        lines.append(f"{k + ' = ' + str(x):<34} # {why}")
    return "\n".join(lines) + "\n"


RESULTS_PATH = ""


def main():
    global RESULTS_PATH
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("results")
    ap.add_argument("out")
    ap.add_argument("--base", default="configs/accelsim/SM90_H100.cfg")
    ap.add_argument("--ctasim", default=os.environ.get("CTASIM", "build/rel/ctasim"))
    ap.add_argument("--check", action="store_true", help="compare with OUT instead of writing it")
    a = ap.parse_args()
    RESULTS_PATH = a.results
    try:
        res = read_results(a.results)
        if not os.access(a.ctasim, os.X_OK):
            raise Bad(f"derive.py: no ctasim at {a.ctasim} (make)")
        with tempfile.TemporaryDirectory(prefix="hwcalib.") as tmp:
            keys, table = derive(res, a.base, a.ctasim, tmp)
    except Bad as e:
        print(str(e), file=sys.stderr)
        return 1
    base_rel = os.path.relpath(a.base, os.path.dirname(os.path.abspath(a.out)) or ".")
    text = write(a.out, res, keys, base_rel, a.results)
    print(f"{'measurement':32} {'silicon':>9} {'model':>9}")
    for what, meas, got in table:
        print(f"{what:32} {meas:9.1f} {got:9.1f}")
    if a.check:
        try:
            have = open(a.out).read()
        except OSError:
            have = ""
        if have != text:
            print(f"derive.py: {a.out} is not what {a.results} gives (regenerate it)", file=sys.stderr)
            return 1
        print(f"derive.py: {a.out} is what {a.results} gives")
        return 0
    open(a.out, "w").write(text)
    print(f"wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
