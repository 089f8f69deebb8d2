#!/usr/bin/env python3
"""core-skew.py -- the per-core speed skew seed 003 attributes to the shared memory
controllers (CLASO, Sec. 2, Figs. 3-5): with equal CTAs, how unevenly do the cores
progress?  Runs each workload on a preset (default c2050, the baseline LRR CTA
scheduler) and prints, from the run's per-core statistics:

  speed      warp instructions per active cycle of each core: max / min and the
             coefficient of variation (std / mean) over the cores
  finished   CTAs finished per core: max / min (Fig. 3c; Fig. 3b counts issued)

    scripts/core-skew.py [--bin build/rel/ctasim] [--preset c2050] FILE...

The mean over the files is printed last.  Seed 003's Fig. 4 ratio (max / min of
the memory accesses processed per core in 10 sampled intervals) needs per-interval
per-core counts, which the model's statistics do not keep; the speed ratio is the
nearest whole-run measure.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile


def skew(binary, preset, wl):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "run.json")
        subprocess.run([binary, "--config", f"configs/{preset}.cfg", "--workload", wl, "--quiet",
                        "--json", out], check=True, stdout=subprocess.DEVNULL)
        with open(out) as f:
            cores = json.load(f)["total"]["cores"]
    speed = [c["warp_insts"] / c["active"] for c in cores if c["active"]]
    fin = [c["ctas_finished"] for c in cores]
    cv = statistics.pstdev(speed) / statistics.mean(speed)
    return max(speed) / min(speed), cv, max(fin) / max(1, min(fin))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default="build/rel/ctasim")
    ap.add_argument("--preset", default="c2050")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    rows = []
    print("file\tspeed_max_over_min\tspeed_cv\tfinished_max_over_min")
    for wl in a.files:
        r = skew(a.bin, a.preset, wl)
        rows.append(r)
        print(f"{wl}\t{r[0]:.3f}\t{r[1]:.3f}\t{r[2]:.2f}")
    m = [statistics.mean(x[i] for x in rows) for i in range(3)]
    print(f"mean\t{m[0]:.3f}\t{m[1]:.3f}\t{m[2]:.2f}")


if __name__ == "__main__":
    sys.exit(main())
