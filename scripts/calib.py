#!/usr/bin/env python3
"""calib.py -- per-unit costs from the calibration kernels' cycles (scripts/calib.sh).

    scripts/calib.py CORRELATION.csv

Reads scripts/correlate.sh's correlation.csv (one row per trace, `kernel` = all) and
prints a markdown table: for each pair of kernels that differ only in length, the
cycles one more unit costs in each simulator (the difference of the pair's cycles over
the difference of their units), and the one-CTA kernel's cycles."""
import csv
import sys

# (label, short kernel, long kernel, units in the long one minus the short one)
PAIRS = [
    ("cycles per dependent SP instruction (one warp)", "chain1k", "chain2k", 1000),
    ("cycles per independent SP instruction (one warp)", "ind1k", "ind2k", 1000),
    ("cycles per SP instruction of an SM (32 warps, independent)", "thr1k", "thr2k", 32000),
    ("cycles per dependent coalesced load to DRAM (one warp)", "ld100", "ld200", 100),
    ("cycles per coalesced store (one warp)", "st100", "st200", 100),
    ("cycles per iteration of seed000/MM's loop (one warp)", "br100", "br200", 100),
]
SINGLE = [("cycles of one seed000/MM CTA alone", "ctamm")]


def die(msg):
    """One line, exit 2 (bad input), no traceback."""
    print(f"calib.py: {msg}", file=sys.stderr)
    sys.exit(2)


def main(argv):
    if len(argv) != 2:
        sys.exit(__doc__)
    cyc = {}
    try:
        with open(argv[1], newline="", encoding="utf-8") as f:
            for n, r in enumerate(csv.DictReader(f), 2):
                try:
                    if r["kernel"] == "all":
                        cyc[r["trace"].removeprefix("calib-")] = (int(r["accelsim_cycles"]),
                                                                  int(r["ctasim_cycles"]))
                except (KeyError, TypeError, ValueError) as e:
                    die(f"{argv[1]}:{n}: not a row of correlate.sh's correlation.csv "
                        f"({type(e).__name__}: {e})")
    except (OSError, UnicodeDecodeError) as e:
        die(f"{argv[1]}: cannot read ({getattr(e, 'strerror', None) or e})")
    print("| quantity | Accel-Sim | ctasim | ctasim - Accel-Sim |")
    print("|---|---|---|---|")
    for label, a, b, units in PAIRS:
        if a not in cyc or b not in cyc:
            print(f"| {label} | (missing) | | |")
            continue
        xa = (cyc[b][0] - cyc[a][0]) / units
        xc = (cyc[b][1] - cyc[a][1]) / units
        print(f"| {label} | {xa:.3f} | {xc:.3f} | {xc - xa:+.3f} |")
    for label, k in SINGLE:
        if k in cyc:
            a, c = cyc[k]
            print(f"| {label} | {a} | {c} | {c - a:+d} ({100 * (c - a) / a:+.1f} %) |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
