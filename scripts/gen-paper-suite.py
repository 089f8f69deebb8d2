#!/usr/bin/env python3
"""gen-paper-suite.py -- write workloads/papers/: one synthetic
workload per application of the papers' benchmark tables, and manifest.tsv.

The tables' numbers are typed below as facts (seed, table, row).  Every other
number (grid where the paper gives none, working-set size, instruction mix) is
a project choice, named as such in the file it goes into.  Run from the repo
root; it rewrites workloads/papers/ completely (the files are committed, so a
diff shows any change).  The format is docs/workloads.md; the suite section
there says what each paper's set imitates and how the shape test checks it.

    python3 scripts/gen-paper-suite.py
"""
import math
import os
import sys

OUT = "workloads/papers"

# Per-core resources of each paper's preset (configs/NAME.cfg), to pick regs /
# smem so that N = sm_ctas_per_core() equals the published CTAs per core.
PRESETS = {
    "kayiran30":  dict(ctas=8, threads=1024, warps=32, regs=32768, smem=32768, cores=30, l1=32768),
    "ucstates16": dict(ctas=8, threads=1536, warps=48, regs=36864, smem=49152, cores=16, l1=16384),
    # seed 001's tGPU-sim: ucstates16's resources (configs/tgpu16.cfg includes it)
    "tgpu16":     dict(ctas=8, threads=1536, warps=48, regs=36864, smem=49152, cores=16, l1=16384),
    "c2050":      dict(ctas=8, threads=1024, warps=32, regs=32768, smem=49152, cores=14, l1=16384),
    "apsa60":     dict(ctas=8, threads=1024, warps=32, regs=16384, smem=16384, cores=60, l1=16384),
}


def n_of(p, block, regs, smem):
    """cmodel/sm/core.c sm_ctas_per_core, restated."""
    w = (block + 31) // 32
    n = min(p["ctas"], p["threads"] // (w * 32), p["warps"] // w, p["regs"] // (regs * w * 32))
    if smem:
        n = min(n, p["smem"] // smem)
    return n


def fit(p, block, n_target, regs=16):
    """regs and smem that make N = n_target (or the cap when the preset allows
    fewer: returns the N obtained)."""
    if n_of(p, block, regs, 0) <= n_target:
        return regs, 0, n_of(p, block, regs, 0)
    w = (block + 31) // 32
    r = p["regs"] // (w * 32 * n_target)
    if r <= 255 and n_of(p, block, r, 0) == n_target and r >= 8:
        return r, 0, n_target
    s = (p["smem"] // n_target) // 256 * 256
    while n_of(p, block, regs, s) > n_target:
        s += 256
    return regs, s, n_of(p, block, regs, s)


def header(name, imitates, grid, block, regs, smem, seed, lines):
    h = [f"name     = {name}", f"imitates = {imitates}", f"grid     = {grid}",
         f"block    = {block}", f"regs     = {regs}"]
    if smem:
        h.append(f"smem     = {smem}")
    h.append(f"seed     = {seed}")
    return "\n".join(lines) + "\n" + "\n".join(h) + "\n"


def rep_sp(dst, src, count, indent):
    """count independent-ish sp instructions, in lines of at most x64."""
    out = []
    while count > 0:
        k = min(64, count)
        out.append(f"{indent}sp r{dst} r{src}" + (f" x{k}" if k > 1 else ""))
        count -= k
    return out


# ------------------------------------------------------------------ bodies
def body_cache(ws, passes, comp, width=16):
    """Memory-bound, L1 contention: each CTA sweeps its own ws-byte working set
    `passes` times (reuse pattern); n CTAs fit in L1 while n*ws <= L1.  The
    CCWS / DYNCTA mechanism (seed 000 Sec. 3.1: more CTAs, more contention)."""
    lines_per_pass = ws // (32 * width)
    assert ws % 1024 == 0 and ws % (32 * width) == 0
    return ([f"region tile {ws // 1024}K per_cta", "region out 16M shared", "program {",
             f"  loop {passes} {{", f"    loop {lines_per_pass} {{",
             f"      gld.{width} r1 tile reuse"]
            + ([f"      sp  r2 r1 r2 x{comp}"] if comp > 1 else ["      sp  r2 r1 r2"] if comp else [])
            + ["    }", "  }", "  gst out stream r2", "}"])


def body_stream(iters, comp, loads=1):
    """Memory-bound without reuse: coalesced streams over large arrays; the
    DRAM bandwidth bounds it at any CTA limit."""
    b = ["region a 32M shared", "region b 32M shared", "region c 32M shared", "program {", f"  loop {iters} {{"]
    b.append("    gld r1 a stream")
    if loads > 1:
        b.append("    gld r2 b stream")
    if comp:
        b.append(f"    sp  r3 r1 r2" + (f" x{comp}" if comp > 1 else ""))
    else:
        b.append("    sp  r3 r1 r2")
    b += ["    gst c stream r3", "  }", "}"]
    return b


def body_gather(iters, comp, div):
    """Irregular: index stream then a dependent random gather, divergent."""
    return ["region idx 8M shared", "region nodes 32M shared", "region outp 8M shared", "program {",
            f"  loop {iters} {{", "    gld r1 idx stream", "    gld r2 nodes gather r1",
            f"    sp  r3 r2" + (f" x{comp}" if comp > 1 else ""), "    bra r3",
            f"    if {div}% {{", "      gst outp gather r3", "      sp  r4 r4 r3", "    }", "  }", "}"]


def body_compute(iters, fma, sfu=0, lo=None, dp=0):
    """Compute-bound: one coalesced load, long dependent-free arithmetic."""
    cnt = f"{lo}..{iters}" if lo else f"{iters}"
    b = ["region in 8M shared", "region out 8M shared", "program {", "  gld r1 in stream", f"  loop {cnt} {{",
         f"    sp  r2 r1 r2 x{fma}", f"    sp  r3 r2 r3 x{fma}"]
    if sfu:
        b.append(f"    sfu r4 r3" + (f" x{sfu}" if sfu > 1 else ""))
    if dp:
        b.append(f"    dp  r5 r3 r5 x{dp}")
    b += ["    bra r3", "  }", "  gst out stream r3", "}"]
    return b


def body_few(iters):
    """Few CTAs: dependent load chain, little parallelism."""
    return ["region mat 1M shared", "program {", f"  loop {iters} {{", "    gld r1 mat gather r2",
            "    sp  r2 r1 x4", "    bra r2", "  }", "  gst mat stream r2", "}"]


def body_divergent(iters):
    """Divergent branches: few lanes active (low GBR)."""
    return ["region board 4M shared", "program {", "  gld r1 board gather", f"  loop {iters} {{",
            "    sp  r2 r1", "    bra r2", "    if 40% {", "      sp r3 r2 x3", "      gld r5 board gather r3",
            "      if 30% {", "        sp r4 r3 x2", "      }", "    }", "    sp r6 r2 @0x000000ff", "  }",
            "  gst board gather r6", "}"]


def body_regions(insts, gloads, regions, imb=None):
    """seed 001 Table 4-3 shape: `gloads` global loads grouped in `regions`
    memory regions (a region-p hint after each), the rest single-precision
    arithmetic, one store: exactly `insts` warp instructions besides hints."""
    per = [gloads // regions + (1 if i < gloads % regions else 0) for i in range(regions)]
    fill = insts - gloads - 1
    b = [f"region g{i} 16M shared" for i in range(regions)] + ["region res 16M shared", "program {"]
    spare = fill - sum(max(0, k - 1) for k in per)
    chunks = [spare // regions + (1 if i < spare % regions else 0) for i in range(regions)]
    for i, k in enumerate(per):
        for j in range(k):
            b.append(f"  gld r{1 + j % 6} g{i} stream")
            if j < k - 1:
                b.append(f"  sp  r{7 + j % 6} r{1 + j % 6}")
        b.append("  hint")
        b += rep_sp(14, 1, chunks[i], "  ")
    b += ["  gst res stream r14", "}"]
    return b


def fill_sp(count, indent, sfu=0):
    """count instructions: sfu SFU operations, the rest single-precision arithmetic."""
    out = []
    if sfu:
        out.append(f"{indent}sfu r15 r14" + (f" x{sfu}" if sfu > 1 else ""))
    return out + rep_sp(14, 1, count - sfu, indent)


def region_loads(first, per, indent):
    """The global loads of consecutive regions g<first>.., each followed by a
    region-p hint; one sp between two loads of a region (as body_regions)."""
    b, n = [], 0
    for i, k in enumerate(per):
        for j in range(k):
            b.append(f"{indent}gld r{1 + j % 6} g{first + i} stream")
            n += 1
            if j < k - 1:
                b.append(f"{indent}sp  r{7 + j % 6} r{1 + j % 6}")
                n += 1
        b.append(f"{indent}hint")
    return b, n


def split(total, parts):
    return [total // parts + (1 if i < total % parts else 0) for i in range(parts)]


def body_loop(insts, gloads, regions, lp):
    """seed 001 Table 4-3 shape with the real kernel's main loop (lp): the static
    program has exactly `insts` instructions (hints excluded), `gloads` global
    loads in `regions` regions; lp["gl"] of the loads in lp["reg"] of the regions
    sit in a loop of lp["body"] static instructions (its back-edge `bra`
    included) run lp["trips"] times (or lp["lo"]..lp["trips"] by CTA index)."""
    lgl, lreg, lbody = lp["gl"], lp["reg"], lp["body"]
    pre_per = split(gloads - lgl, regions - lreg) if regions > lreg else []
    loop_per = split(lgl, lreg) if lreg else []
    b = [f"region g{i} 16M shared" for i in range(regions)] + ["region res 16M shared", "program {"]
    pre, npre = region_loads(0, pre_per, "  ")
    body, nbody = region_loads(len(pre_per), loop_per, "    ")
    assert nbody + 1 + lp.get("sfu", 0) <= lbody, lp
    body += fill_sp(lbody - nbody - 1, "    ", lp.get("sfu", 0)) + ["    bra r14"]
    rest = insts - npre - lbody - 1            # the one store ends the kernel
    assert rest >= 2, (insts, lp)
    cnt = f"{lp['lo']}..{lp['trips']} bycta" if lp.get("lo") else f"{lp['trips']}"
    if lp.get("inner"):
        body = [f"    loop {lp['inner']} {{"] + ["  " + ln for ln in body] + ["    }"]
    b += pre + fill_sp(rest // 2, "  ") + [f"  loop {cnt} {{"] + body + ["  }"]
    b += fill_sp(rest - rest // 2, "  ") + ["  gst res stream r14", "}"]
    return b


def body_uniform(trips, comp, mem):
    """seed 003's premise: equal CTAs (every CTA `trips` trips of the same body),
    which run at different speeds on different cores (Sec. 2, Figs. 3-5)."""
    b = ["region in 16M shared", "region in2 16M shared", "region out 16M shared", "program {",
         f"  loop {trips} {{"]
    for j in range(mem):
        b.append(f"    gld r{1 + j} {'in' if j == 0 else 'in2'} stream")
    b += [f"    sp  r2 r1 r2 x{comp}" if comp > 1 else f"    sp  r2 r1 r2", "  }", "  gst out stream r2", "}"]
    return b


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


MANIFEST = []

# Public Accel-Sim traces of the same application (/work/traces, the traces of
# docs/correlation.md): noted as trace=NAME in the manifest's published field.
TRACES = {
    ("seed000", "BFS"): "bfs-rodinia-2.0-ft", ("seed000", "BP"): "backprop-128",
    ("seed000", "MM"): "matrixmul-32-32", ("seed001", "backprop"): "backprop-128",
    ("seed001", "matrixMul"): "matrixmul-32-32", ("seed002", "BP-I"): "backprop-128",
    ("seed002", "BPII"): "backprop-128", ("seed002", "VADD"): "vectoradd-196x256",
    ("seed003", "BFS"): "bfs-rodinia-2.0-ft", ("seed003", "BP"): "backprop-128",
    ("seed004", "BFS"): "bfs-rodinia-2.0-ft", ("seed004", "MM"): "matrixmul-32-32",
}


# Accel-Sim cross-check of the CTA-limit curve (docs/workloads.md, "Cross-check with
# Accel-Sim"): the curves measured by scripts/xcheck-suite.sh --record, committed in
# workloads/papers/xcheck.tsv; each checked file carries its MAD and verdict, every
# other file says why not and how to check it.
XCHECK = f"{OUT}/xcheck.tsv"


# Why a checked file's curve is above the goal: one measured reason per file name,
# tab-separated (name, reason), typed from the investigation docs/workloads.md records
# ("Where the curves disagree"); a file above the goal without one is an error.
XWHY = f"{OUT}/xcheck-why.tsv"


def why_of():
    why = {}
    if os.path.exists(XWHY):
        with open(XWHY) as f:
            for n, line in enumerate(f, 1):
                if not line.strip() or line.startswith("#"):
                    continue
                parts = line.rstrip("\n").split("\t")
                if len(parts) != 2 or not parts[1].strip():
                    sys.exit(f"{XWHY}:{n}: want NAME<TAB>REASON")
                why[parts[0]] = parts[1].strip()
    return why


def version_note(s, default):
    """The traces' binary version where it is not the default (xcheck-suite.sh --isa)."""
    return "" if s["trace_version"] == default else f"; traces of binary version {s['trace_version']}"


def cross_lines():
    """(paper, app) -> the header line of each file in xcheck.tsv."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import xcheck_suite as xs
    why = why_of()
    lines = {}
    for curve in xs.curves_of(xs.read_tsv(XCHECK)):
        s = xs.summarize(curve)
        ns = " ".join(r["cta_limit"] for r in curve)
        line = (
            f"# Accel-Sim cross-check of the CTA-limit curve (scripts/xcheck-suite.sh: SM6_TITANX, "
            f"N = {ns}; {s['date']}, ctasim {s['ctasim_commit']}{version_note(s, xs.DEFAULT_VERSION)}): MAD {s['mad']} over {s['points']} "
            f"points, {s['verdict']} (the goal); fewest cycles at N = {s['accelsim_best']} in Accel-Sim, "
            f"N = {s['ctasim_best']} in ctasim; ctasim's cycles {s['cycles_vs_accelsim']} against "
            f"Accel-Sim's (docs/workloads.md: the curves).")
        if s["accelsim_runs"]:
            line += (f"\n# Accel-Sim's runs are {xs.paper_app(s['accelsim_runs'])}'s: the two traces are "
                     f"the same but for the kernels' names.")
        if not s["verdict"].startswith("within"):
            if s["name"] not in why:
                sys.exit(f"{XWHY}: no reason for {s['name']} ({s['paper']}/{s['app']}), whose curve "
                         f"is {s['verdict']} (MAD {s['mad']}): say why in that file")
            line += f"\n# Why not within the goal: {why[s['name']]}"
        lines[(s["paper"], s["app"])] = (line, s["ctasim_commit"])
    return lines


# The program each recorded curve measured: paper, app and the sha256 of the
# file without its comment lines (scripts/xcheck_suite.py record writes it with
# the curve).  A file whose program differs is marked as not rerun.
XPROG = f"{OUT}/xcheck-programs.tsv"


def program_sha(text):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import xcheck_suite as xs
    return xs.program_sha(text)


def checked_programs():
    out = {}
    if os.path.exists(XPROG):
        with open(XPROG) as f:
            for n, line in enumerate(f, 1):
                if n == 1 or not line.strip():
                    continue
                parts = line.rstrip("\n").split("\t")
                if len(parts) != 3:
                    sys.exit(f"{XPROG}:{n}: want PAPER<TAB>APP<TAB>SHA256")
                out[(parts[0], parts[1])] = parts[2]
    return out


def same_as_checked(paper, app, text):
    """The file's program is the one its recorded curve was measured on."""
    return PROGS.get((paper, app)) == program_sha(text)


def not_crossed(paper, app):
    return ("# Accel-Sim cross-check of the CTA-limit curve: not run yet -- a sweep is 5-7 Accel-Sim "
            "runs of 45-90 CPU s (the whole suite about 9 CPU-hours, more than a session's share of "
            f"two cores); check it with `make xcheck-suite LIST={paper}/{app} RECORD=1` "
            "(docs/workloads.md).")


CROSS = {}
PROGS = {}


def stale(paper, app, commit):
    return ("# Accel-Sim cross-check of the CTA-limit curve: not rerun on this version of the file (the "
            f"recorded curve, ctasim {commit}, measured an earlier program); check it with "
            f"`make xcheck-suite LIST={paper}/{app} RECORD=1` (docs/workloads.md).")


def add(paper, app, fname, preset, cls, published, text):
    path = f"{OUT}/{paper}/{fname}"
    rec = CROSS.get((paper, app))
    if rec is None:
        cross = not_crossed(paper, app)
    elif same_as_checked(paper, app, text):
        cross = rec[0]
    else:
        cross = stale(paper, app, rec[1])
    text = text.replace("# Not the real program:", cross + "\n# Not the real program:", 1)
    write(path, text)
    if (paper, app) in TRACES:
        published += f";trace={TRACES[(paper, app)]}"
    MANIFEST.append((paper, app, path, preset, cls, published))


def kern_text(comment, name, imitates, grid, block, regs, smem, seed, body):
    return header(name, imitates, grid, block, regs, smem, seed, comment) + "\n".join(body) + "\n"


# ------------------------------------------------------------------ seed 000
# seed 000 Table 2: (#, abbr, application, suite, type).  Published per-app
# numbers from its text: N (Secs. 3.1, 5.1), opt (Secs. 3.1, 4.1, 5.1),
# speedups (Sec. 5.1), RACT remarks (Sec. 3.1).
S000 = [
    (1, "PVC", "Page View Count", "MapReduce", "M"), (2, "SSC", "Similarity Score", "MapReduce", "M"),
    (3, "IIX", "Inverted Index", "MapReduce", "M"), (4, "BFS", "Breadth First Search", "SDK", "M"),
    (5, "SAD", "Sum of Abs. Differences", "Parboil", "M"), (6, "PFF", "Particle Filter (Float)", "Rodinia", "M"),
    (7, "LUD", "LU Decomposition", "Rodinia", "X"), (8, "SPMV", "Sparse-Matrix-Mul.", "Parboil", "M"),
    (9, "NW", "Needleman-Wunsch", "Rodinia", "X"), (10, "MUM", "MUMerGPU", "SDK", "M"),
    (11, "KM", "Kmeans", "Rodinia", "M"), (12, "WP", "Weather Prediction", "SDK", "M"),
    (13, "SCP", "Scalar Product", "SDK", "M"), (14, "PVR", "Page View Rank", "MapReduce", "M"),
    (15, "AES", "AES Cryptography", "SDK", "M"), (16, "LIB", "LIBOR Monte Carlo", "SDK", "M"),
    (17, "NQU", "N-Queens Solver", "SDK", "X"), (18, "FFT", "FFT Algorithm", "Parboil", "M"),
    (19, "SD2", "SRAD2", "Rodinia", "M"), (20, "BP", "Backpropogation", "SDK", "M"),
    (21, "JPEG", "JPEG Decoding", "SDK", "M"), (22, "BLK", "Blackscholes", "SDK", "C"),
    (23, "RAY", "Ray Tracing", "SDK", "C"), (24, "SD1", "SRAD1", "Rodinia", "C"),
    (25, "LKC", "Leukocyte", "Rodinia", "C"), (26, "PFN", "Particle Filter (Native)", "Rodinia", "C"),
    (27, "HOT", "Hotspot", "Rodinia", "C"), (28, "NN", "Neural Networks", "SDK", "C"),
    (29, "MM", "Matrix Multiplication", "Parboil", "C"), (30, "STO", "StoreGPU", "SDK", "C"),
    (31, "CP", "Coulombic Potential", "SDK", "C"),
]
# Published numbers beyond the type, with where they are printed.
S000_PUB = {
    "AES": ("N=4;opt=1", "Sec. 3.1: N = 4, opt = 1 (n = 1 gives the highest IPC), 54 % core inactive time"),
    "MM": ("N=8;opt=8", "Sec. 3.1: N = 8, opt = 8, +34 % IPC from n = 1 to 8, little slope after n = 2"),
    "JPEG": ("N=8;opt=3", "Secs. 3.1, 5.1: N = 8, opt = 3 (IPC rises to n = 3 then falls)"),
    "CP": ("N=8;opt=3", "Secs. 3.2, 4.1: N = 8, opt = 3 (core utilisation falls as n nears N), 99 % RACT"),
    "SAD": ("N=8;opt=4;dyncta=2.9x", "Sec. 5.1: N = 8, opt = 4; DYNCTA 2.9x"),
    "RAY": ("N=6", "Sec. 5.1: N = 6, Type-C with low core utilisation"),
    "FFT": ("N=8", "Sec. 5.1: N = 8, behaviour changes frequently"),
    "LIB": ("N=8;ctas=64", "Sec. 5.1: 64 CTAs, N = 8 (load-balanced assignment gives at most 3 per core on 30 cores)"),
    "PFF": ("N=2", "Sec. 5.1: N = 2"),
    "IIX": ("opt_gain=4.9x;dyncta=2.9x", "Sec. 3.2: up to 4.9x with optimal TLP; Sec. 5.1: DYNCTA 2.9x; ~90 % inactive (Sec. 3.1)"),
    "PVC": ("dyncta=3.6x", "Sec. 5.1: DYNCTA 3.6x; ~90 % inactive (Sec. 3.1)"),
    "SSC": ("", "Sec. 3.1: ~90 % core inactive time"),
    "KM": ("dyncta=1.9x", "Sec. 5.1: DYNCTA 1.9x"),
    "SCP": ("dyncta=0.97x", "Sec. 5.1: DYNCTA -3 %"),
    "NW": ("", "Sec. 5.1: Type-X, too few threads to modulate; DYNCTA -2 %"),
    "BLK": ("", "Sec. 5.1: DYNCTA -2 %; write-back contention"),
    "WP": ("", "Sec. 5.1: no room for improvement: too few CTAs per core for modulation"),
    "STO": ("", "Sec. 5.1: DYNCTA beats opt by > 2 %, 4x lower round-trip latency"),
    "BFS": ("", "Sec. 5.1: DYNCTA beats opt by > 2 %, memory waiting time / 2.2"),
    "SD1": ("", "Sec. 5.1: DYNCTA beats opt by > 2 %"),
}

# Project choices per application: (behaviour, N wanted, opt wanted, block, grid, extra).
# behaviour: cache (working set per CTA = L1 / opt: opt CTAs fit), stream, gather,
# compute, few, divergent.  N where the paper prints none follows the same
# application in seed 003 Table 2 (CTA size, CpC) where it appears there,
# else 8 (the cap) for 128-thread CTAs.
S000_CHOICE = {
    "PVC": ("cache", 8, 2, 128, 240, dict(comp=0)),
    "SSC": ("cache", 8, 2, 128, 240, dict(comp=0)),
    "IIX": ("cache", 8, 1, 128, 240, dict(comp=0)),
    "BFS": ("gather", 2, None, 512, 120, dict()),            # seed 003 T2: 512-thread CTAs
    "SAD": ("cache", 8, 4, 128, 480, dict(comp=2)),
    "PFF": ("stream", 2, None, 512, 120, dict(comp=2)),
    "LUD": ("few", 8, None, 64, 15, dict()),
    "SPMV": ("cache", 8, 3, 128, 480, dict(comp=1)),
    "NW": ("few", 8, None, 32, 16, dict()),
    "MUM": ("gather", 8, None, 128, 240, dict()),
    "KM": ("cache", 4, 3, 256, 240, dict(comp=3)),          # seed 003 T2 KMS: 256 threads (1,024-thread core: N = 4)
    "WP": ("stream", 8, None, 128, 60, dict(comp=4)),
    "SCP": ("stream", 4, None, 256, 128, dict(comp=1)),     # seed 003 T2 SP: 128 CTAs of 256
    "PVR": ("cache", 8, 2, 128, 240, dict(comp=1)),
    "AES": ("cache", 4, 1, 256, 120, dict(comp=2)),         # seed 003 T2 AES: 256 threads
    "LIB": ("stream", 8, None, 64, 64, dict(comp=8)),
    "NQU": ("divergent", 8, None, 96, 24, dict()),
    "FFT": ("cache", 8, 4, 128, 480, dict(comp=3)),
    "SD2": ("cache", 8, 4, 128, 480, dict(comp=2)),
    "BP": ("stream", 4, None, 256, 256, dict(comp=2)),      # seed 003 T2: 256 CTAs of 256
    "JPEG": ("cache", 8, 3, 128, 480, dict(comp=3)),
    "BLK": ("compute", 8, None, 128, 480, dict(fma=4, sfu=4)),
    "RAY": ("compute", 6, None, 128, 360, dict(fma=6, lo=4)),
    "SD1": ("compute", 8, None, 128, 480, dict(fma=3, mem=True)),
    "LKC": ("compute", 8, None, 128, 240, dict(fma=8, sfu=2)),
    "PFN": ("compute", 8, None, 128, 240, dict(fma=6)),
    "HOT": ("compute", 8, None, 128, 240, dict(fma=4)),
    "NN": ("compute", 8, None, 128, 240, dict(fma=5)),
    "MM": ("compute", 8, None, 128, 480, dict(fma=8)),
    "STO": ("compute", 8, None, 128, 240, dict(fma=6, sfu=1)),
    "CP": ("compute", 8, None, 128, 480, dict(fma=8, lo=2)),
}

# Type M premises (seed 000 Secs. 3-4).
# Waves: DYNCTA starts each core at n = floor(N/2) and decides every 2048 cycles
# (Sec. 4.1); with a grid of one or two waves at N half the CTAs are placed
# before its first decision.  Type-M grids hold at least 4 waves at N on the
# 30 cores (LIB keeps its published 64 CTAs).
WAVES = 4
# Compute per load of the cache-contention kernels: DYNCTA holds n while the
# per-core C_mem (cycles in which every warp waits on memory) lies between
# t_mem_l = 128 and t_mem_h = 384 of the T = 2048-cycle period (Sec. 4.1,
# Table 3), raises n below and lowers it above.  For n to settle at opt, the
# warps of opt CTAs must leave C_mem in that band: we aim at its middle,
# f = (128 + 384) / 2 / 2048 = 12.5 %.  Latency-hiding model: W warps each wait
# M cycles for a load, then issue c dependent SP instructions of ISSUE core
# cycles each (kayiran30: 32 lanes / (4 SIMT lanes x 2 EX_SP groups) = 4);
# the core waits on memory for the share of each round that the other warps'
# compute does not cover, 1 - W c ISSUE / (M + c ISSUE) = f, so
#     c = ceil((1 - f) M / (ISSUE (W - (1 - f)))).
# M averages one miss and P - 1 L1 hits per line over P passes: (M_miss + (P-1)
# l1.lat) / P with l1.lat = 30 (kayiran30, seed 001 Table 4-2).  M_miss is the
# L1-miss round trip measured at n = opt on the earlier files of this suite
# (statistic `roundtrip` of `ctasim --config configs/kayiran30.cfg --workload
# FILE --set policy.cta_limit=static --set policy.static_n=OPT --json OUT`),
# the loaded latency of the opt CTAs' cold misses.
T_MEM_L, T_MEM_H, T_PERIOD = 128, 384, 2048
F_MEM = (T_MEM_L + T_MEM_H) / 2 / T_PERIOD
ISSUE_K30 = 32 // (4 * 2)
L1_LAT_K30 = 30
PASSES = 2
M_MISS = {"PVC": 713.5, "SSC": 713.5, "IIX": 391.5, "SAD": 1203.2, "SPMV": 955.1, "KM": 853.0,
          "PVR": 703.1, "AES": 374.1, "FFT": 1188.0, "SD2": 1203.2, "JPEG": 890.1}


def comp_per_load(ab, warps):
    m = (M_MISS[ab] + (PASSES - 1) * L1_LAT_K30) / PASSES
    return math.ceil((1 - F_MEM) * m / (ISSUE_K30 * (warps - (1 - F_MEM))))


TYPE_WORD = {"M": "memory-intensive (Type-M)", "C": "compute-intensive (Type-C)",
             "X": "not enough parallelism (Type-X)"}


def seed000():
    p = PRESETS["kayiran30"]
    for num, ab, full, suite, typ in S000:
        beh, n_want, opt, block, grid, ex = S000_CHOICE[ab]
        pub, where = S000_PUB.get(ab, ("", ""))
        regs, smem, n = fit(p, block, n_want)
        assert n == n_want, (ab, n, n_want)
        if typ == "M" and "ctas=" not in pub:
            grid = max(grid, WAVES * n * p["cores"])
        if beh == "cache":
            ws = int(p["l1"] / (opt + 0.5)) // 1024 * 1024   # opt x ws fits, (opt + 1) x ws does not
            comp = comp_per_load(ab, opt * block // 32)
            body = body_cache(ws, PASSES, comp)
            how = (f"each CTA sweeps its own {ws // 1024} KB working set twice: {opt} CTA(s) fit the "
                   f"32 KB L1 of kayiran30, more thrash it and every sweep goes to DRAM, so the IPC "
                   f"peaks at an interior CTA limit n = {opt} (project choice: working set = L1 / (opt + 1/2), rounded down to 1 KB); "
                   f"{comp} dependent FMAs per load, so that at n = opt C_mem lies in the middle of DYNCTA's "
                   f"t_mem_l..t_mem_h band (seed 000 Sec. 4.1; M_miss {M_MISS[ab]} cycles measured at n = opt, "
                   f"the derivation in scripts/gen-paper-suite.py)")
        elif beh == "stream":
            body = body_stream(8, ex["comp"], loads=2)
            how = "coalesced streams with no reuse: DRAM bandwidth bounds it at every CTA limit (no interior peak)"
        elif beh == "gather":
            body = body_gather(6, 2, 35)
            how = "an index stream then a dependent random gather over 32 MB, divergent: irregular memory-bound"
        elif beh == "compute":
            if ex.get("mem"):
                body = body_cache(4096, 2, ex["fma"] * 8)
                how = "a small per-CTA tile swept with many FMAs per load: compute-bound"
            else:
                body = body_compute(16, ex["fma"], ex.get("sfu", 0), ex.get("lo"))
                how = "one coalesced load then long FMA chains" + (
                    " and SFU work" if ex.get("sfu") else "") + (
                    f"; per-CTA trip counts {ex['lo']}..16 (uneven CTA run times: core utilisation falls at high n)"
                    if ex.get("lo") else "")
        elif beh == "few":
            body = body_few(24)
            how = f"{grid} CTAs on 30 cores: most cores idle, a dependent load chain"
        else:
            body = body_divergent(16)
            how = f"{grid} CTAs on 30 cores with nested divergent branches: few threads, little parallelism"
        published = f"type={typ}" + (f";{pub}" if pub else "")
        comment = [f"# seed000/{ab}.kern -- generated by scripts/gen-paper-suite.py (do not edit by hand).",
                   f"# Imitates: seed 000 Table 2 row {num}: {full} ({ab}, {suite}), {TYPE_WORD[typ]}.",
                   f"# Published numbers: type {typ}" + (f"; {where}" if where else "") + ".",
                   f"# Behaviour: {how}.",
                   f"# Project choices: grid {grid}" + (f" (at least {WAVES} waves of N CTAs on the 30 cores: "
                   "DYNCTA starts at N/2 and decides every 2048 cycles, seed 000 Sec. 4.1)" if typ == "M" and "ctas=" not in pub else "") +
                   f", block {block}" +
                   (f", regs {regs}" if regs != 16 else "") + (f", smem {smem}" if smem else "") +
                   f" -> N = {n} on kayiran30" +
                   (" (as published)" if "N=" in pub else
                    " (N not published in seed 000; " +
                    ("CTA size from seed 003 Table 2)" if block in (256, 512) and beh != "few" else "chosen)")) + ".",
                   "# Not the real program: only the published characteristics above are imitated."]
        imit = f"{full} ({ab}), seed 000 Table 2 row {num}, {TYPE_WORD[typ]}: {how.split(':')[0]}"
        text = kern_text(comment, f"s000_{ab.lower()}", imit, grid, block, regs, smem, 1000 + num, body)
        add("seed000", ab, f"{ab}.kern", "kayiran30", typ, published, text)


# ------------------------------------------------------------------ seed 001
# seed 001 Table 4-3: kernel, total CTAs, warps/CTA, CTAs/SM, warps/SM,
# schedule groups/SM, # PTX inst, # global loads, memory regions.
S001 = [
    ("backprop", 8192, 8, 6, 48, 86, 103, 2, 2), ("BlackScholes", 480, 4, 5, 20, 6, 129, 3, 1),
    ("cfd", 1212, 6, 2, 12, 38, 1041, 36, 5), ("convolutionSep", 9216, 4, 8, 32, 72, 530, 10, 1),
    ("dwtHaar1D", 256, 16, 3, 48, 6, 115, 2, 1), ("dxtc", 768, 2, 8, 16, 6, 952, 2, 2),
    ("histogram", 240, 6, 8, 48, 2, 148, 1, 1), ("lud", 15876, 8, 6, 48, 166, 102, 3, 3),
    ("matrixMul", 1500, 8, 4, 32, 24, 128, 2, 1), ("MonteCarlo", 256, 8, 5, 40, 4, 191, 1, 1),
    ("scalarProd", 96, 8, 6, 48, 1, 104, 1, 1), ("stream", 96, 16, 3, 48, 2, 113, 8, 2),
]


# The real kernels' main loops (the suite used Table 4-3's static PTX counts as
# if each instruction ran once).  trips: per thread at the program's default
# input, from our reading of its source (CUDA SDK 3.x / Rodinia 2.x), named in
# "why"; gl / reg: global loads and memory regions inside the loop; body: the
# loop's static instructions (a project choice: how Table 4-3's count splits
# between the loop and the rest).  Kernels whose loops have a constant trip
# count that nvcc unrolls (cfd's 4 neighbours, convolutionSep's taps, lud's
# 16-wide tile, dxtc's permutation blocks) are straight code in Table 4-3's
# count already: no loop here; stream (unknown source loop) likewise.
S001_LOOP = {
    "backprop": dict(trips=4, gl=0, reg=0, body=20,
                     why="bpnn_layerforward_CUDA's reduction over log2(HEIGHT = 16) = 4 steps after its 2 loads"),
    "BlackScholes": dict(trips=65, gl=3, reg=1, body=110, sfu=6,
                         why="a grid-stride loop over the options: 4,000,000 options / (480 x 128 threads) = 65.1 trips, "
                             "the 3 loads, exp/log/sqrt (SFU) and 2 stores per option"),
    "dwtHaar1D": dict(trips=10, gl=0, reg=0, body=30,
                      why="the decomposition levels inside a CTA: log2(1,024 elements per CTA) = 10, after its 2 loads"),
    "histogram": dict(trips=364, gl=1, reg=1, body=40,
                      why="histogram256Kernel's grid-stride loop: 64 MB of 4-byte words / (240 x 192 threads) = 364.1 trips, "
                          "one load and four shared-memory bin updates per trip"),
    "matrixMul": dict(trips=30, gl=2, reg=1, body=60,
                      why="the loop over the 16 x 16 tiles of A and B, 2 loads per tile; wA is not given for the "
                          "1,500-CTA run: 30 tiles (wA = 480, the smaller side of a 50 x 30 grid; project choice)"),
    "MonteCarlo": dict(trips=1024, gl=1, reg=1, body=20, sfu=1,
                       why="MonteCarloOneBlockPerOption's loop over the paths: 262,144 paths / 256 threads = 1,024 "
                           "trips, one load (the random sample) and an exp (SFU) per path"),
    "scalarProd": dict(lo=2, trips=3, inner=16, gl=1, reg=1, body=12,
                       why="the loop over the 256 vectors of 4,096 elements with 96 CTAs: 2 or 3 vectors per CTA "
                           "(by CTA index; the by-CTA count alternates them, 240 vectors for 256), and per vector "
                           "4,096 / 256 threads = 16 loads per thread"),
}


def seed001():
    p = PRESETS["tgpu16"]
    for i, (k, ctas, wpc, cps, wps, grp, insts, gl, reg) in enumerate(S001):
        block = wpc * 32
        regs, smem, n = fit(p, block, cps)
        assert n == cps, (k, n, cps)
        lp = S001_LOOP.get(k)
        body = body_loop(insts, gl, reg, lp) if lp else body_regions(insts, gl, reg)
        comment = [f"# seed001/{k}.kern -- generated by scripts/gen-paper-suite.py (do not edit by hand).",
                   f"# Imitates: seed 001 Table 4-3 row {i + 1}: {k}: {ctas} CTAs, {wpc} warps/CTA, "
                   f"{cps} CTAs/SM, {wps} warps/SM, {grp} schedule groups/SM, {insts} PTX instructions, "
                   f"{gl} global loads in {reg} memory region(s).",
                   f"# Behaviour: {insts} static instructions (Table 4-3 counts the PTX, not what runs): the "
                   f"{gl} global loads grouped into {reg} region(s), each ended by a region-p hint (seed 001 "
                   f"Sec. 4.4), the rest single-precision arithmetic" + (" and SFU operations" if lp and lp.get("sfu") else "") +
                   ", one store.",
                   (f"# Loop structure of the real kernel: {lp['why']}. Here: a loop of {lp['body']} static "
                    f"instructions ({lp['gl']} load(s) in {lp['reg']} region(s)) run "
                    + (f"{lp['lo']}..{lp['trips']} times by CTA index x {lp['inner']}" if lp.get("lo") else f"{lp['trips']} times")
                    + " per warp; the split of the static count between loop and the rest is a project choice."
                    if lp else "# Loop structure: none in the count -- the real kernel's loops have constant trip "
                    "counts that nvcc unrolls (Table 4-3's PTX count holds them), or none is known: straight code."),
                   f"# Preset tgpu16 (seed 001's tGPU-sim: 16 SMs of 48 warps, as Sec. 4.6 and Table "
                   f"4-3's 48 warps/SM, two schedulers with 2-cycle initiation, 600-cycle global memory; "
                   f"c2050 holds 32 warps): regs {regs}" + (f", smem {smem}" if smem else "") +
                   f" make N = {n} = the published CTAs/SM (project choice of resource).",
                   "# Not the real program: only the published characteristics above are imitated."]
        imit = (f"{k} (seed 001 Table 4-3: {ctas} CTAs of {wpc} warps, {cps} CTAs/SM, {insts} PTX "
                f"instructions, {gl} global loads in {reg} memory regions)")
        text = kern_text(comment, f"s001_{k.lower()}", imit, ctas, block, regs, smem, 2000 + i, body)
        pub = f"ctas={ctas};warps={wpc};N={cps};insts={insts};gld={gl};regions={reg}"
        if lp:   # not a paper number: the real program's loop (tests/model/test_suite.c checks it)
            pub += f";trips={lp['lo']}..{lp['trips']}x{lp['inner']}" if lp.get("lo") else f";trips={lp['trips']}"
        add("seed001", k, f"{k}.kern", "tgpu16", "-", pub, text)


# ------------------------------------------------------------------ seed 002
# seed 002 Table 1: name, abbr, kernels, type.
S002 = [
    ("Monte Carlo Option Pricing", "MTC", 2, "I"), ("Coulombic Potential", "CP", 1, "I"),
    ("Binomial Options", "BIN", 1, "I"), ("Back propagation, 1st kernel", "BP-I", 1, "I"),
    ("Back propagation, 2nd kernel", "BPII", 1, "II"), ("Store GPU", "STO", 1, "I"),
    ("Merge Sort", "MSORT", 1, "I"), ("HQ DXT Compression", "DXTC", 1, "I"),
    ("Quasi Random Generator", "QR", 1, "I"), ("Sorting Networks", "SN", 1, "I"),
    ("Heart Wall", "HW", 2, "I"), ("Vector Addition", "VADD", 1, "II"), ("Scalar Product", "SP", 1, "II"),
    ("MUMmerGPU", "MUM", 1, "II"), ("k-means", "KMN", 2, "II"), ("SRAD v2", "SRAD", 2, "II"),
    ("Blackscholes Option Pricing", "BLK", 3, "II"), ("Async API", "ASYNC", 1, "II"),
    ("Aligned Types", "ALIGN", 1, "II"),
]
S002_BEH = {  # project choices: type I compute with full warps; type II memory-bound or divergent
    "MUM": "divergent", "KMN": "gather", "SRAD": "stream", "BLK": "stream", "VADD": "stream",
    "SP": "stream", "ASYNC": "stream", "ALIGN": "stream", "BPII": "stream",
}


# The type-II rows without a published profile, each after its real program's
# per-element work (our reading of the CUDA SDK / Rodinia source; the grids and
# trip counts are project choices): (loads, stores, arithmetic per element).
def body_t2(ab, trips, k=0):
    R = ["region a 32M shared", "region b 32M shared", "region c 32M shared", "region d 32M shared"]
    L = f"  loop {trips} {{"
    if ab == "VADD":    # vectorAdd: c[i] = a[i] + b[i]
        return R[:3] + ["program {", L, "    gld r1 a stream", "    gld r2 b stream", "    sp  r3 r1 r2",
                        "    gst c stream r3", "  }", "}"], "c = a + b per element: 2 loads, 1 add, 1 store"
    if ab == "SP":      # scalarProd: sum += A[pos] * B[pos], then a shared-memory tree
        return R[:3] + ["program {", L, "    gld r1 a stream", "    gld r2 b stream", "    sp  r3 r1 r2 r3",
                        "  }", "  loop 10 {", "    bar", "    sp  r3 r3", "  }", "  gst c stream r3", "}"], \
            "dot products: 2 loads and 1 FMA per element, a 10-step barrier reduction, one store per CTA"
    if ab == "BPII":    # bpnn_adjust_weights: w += eta * delta * ly + momentum * oldw
        return R + ["program {", L, "    gld r1 a stream", "    gld r2 b stream", "    gld r3 c stream",
                    "    gld r4 d stream", "    sp  r5 r1 r2 r3 r4 x6", "    gst c stream r5", "    gst d stream r5",
                    "  }", "}"], "weight update: 4 loads, 6 arithmetic, 2 stores per weight"
    if ab == "SRAD":    # srad_cuda_1 / _2: a 5-point stencil with divisions, then the update
        if k == 0:
            return R + ["program {", L, "    gld r1 a stream", "    gld r2 b stream", "    gld r3 c stream",
                        "    sp  r4 r1 r2 r3 x8", "    sfu r5 r4 x2", "    gst d stream r5", "    gst c stream r4",
                        "  }", "}"], "stencil: 3 loads (centre, rows above and below), 8 arithmetic and 2 divisions (SFU), 2 stores"
        return R + ["program {", L, "    gld r1 b stream", "    gld r2 d stream", "    gld r3 c stream",
                    "    sp  r4 r1 r2 r3 x5", "    gst a stream r4", "  }", "}"], "update: 3 loads, 5 arithmetic, 1 store"
    if ab == "BLK":     # BlackScholesGPU: 3 loads, CND and exp/log/sqrt, 2 stores
        return R + ["program {", L, "    gld r1 a stream", "    gld r2 b stream", "    gld r3 c stream",
                    "    sp  r4 r1 r2 r3 x8", "    sfu r5 r4 x2", "    gst d stream r5", "    gst a stream r4", "  }",
                    "}"], "option pricing: 3 loads, 8 arithmetic and 2 SFU operations, 2 stores per option"
    if ab == "ASYNC":   # asyncAPI increment_kernel: g_data[i] = g_data[i] + inc
        return R[:1] + ["program {", L, "    gld r1 a stream", "    sp  r2 r1", "    gst a stream r2", "  }", "}"], \
            "in-place increment: 1 load, 1 add, 1 store to the same array"
    if ab == "ALIGN":   # alignedTypes: copy arrays of 16-byte structures
        return R[:2] + ["program {", L, "    gld.16 r1 a stream", "    gst.16 b stream r1", "  }", "}"], \
            "copy of 16-byte aligned structures: one 16-byte load and store per element, no arithmetic"
    raise KeyError(ab)


# Run length: AR-CTA profiles CTA-0 for 7000 cycles, 'profiling overhead' 1.6 %
# (type I) and 1.15 % (type II) of the run (seed 002 abstract, Sec. 3): the
# runs are about 100 profiles, 700,000 cycles on apsa60.  Trip counts giving
# that, from measured cycles of the same body at fewer trips (`ctasim --config
# configs/apsa60.cfg --workload FILE --csv-row`: type I at 12 trips 6,273
# cycles, so 1,500 trips); type II: 700,000 / (cycles at 6 trips) x 6, with
# cycles at 6 trips VADD 56,578, SP 38,151, BPII 117,709, SRAD 186,724, BLK
# 322,377, ASYNC 26,054, ALIGN 163,469; KMN (1,826,776 at 6) and MUM (572,635
# at 12) are long enough as they were.
T1_TRIPS = 1500
T2_TRIPS = {"VADD": 74, "SP": 110, "BPII": 36, "SRAD": 22, "BLK": 13, "ASYNC": 161, "ALIGN": 26, "KMN": 6, "MUM": 12}


def seed002():
    p = PRESETS["apsa60"]
    for i, (full, ab, nk, typ) in enumerate(S002):
        beh = S002_BEH.get(ab, "compute")
        block = 128 if beh != "stream" else 256
        regs, smem, n = fit(p, block, 8 if block == 128 else 4)
        grid = 240 if block == 256 else 480
        kernels = []
        for j in range(nk):
            if beh == "compute":
                body = body_compute(T1_TRIPS, 4 + j, sfu=1 if ab in ("MTC", "BIN", "QR") else 0)
                how = "one coalesced load then long FMA chains with every lane active: high ipc, little bandwidth, high GBR"
            elif beh == "stream":
                body, how = body_t2(ab, T2_TRIPS[ab], j)
                how += ": coalesced, no reuse: low ipc, high DRAM bandwidth"
            elif beh == "gather":
                body = body_gather(T2_TRIPS[ab], 2, 35)
                how = "index stream and dependent random gathers, divergent: memory-bound and irregular"
            else:
                body = body_divergent(T2_TRIPS[ab])
                how = "nested divergent branches with gathers: few active lanes (low GBR)"
            kernels.append((body, how))
        how = kernels[0][1]
        comment = [f"# seed002/{ab} -- generated by scripts/gen-paper-suite.py (do not edit by hand).",
                   f"# Imitates: seed 002 Table 1 row {i + 1}: {full} ({ab}), {nk} kernel(s), type {typ}.",
                   f"# Behaviour: {how} (type {typ} by AR-CTA's ipc / bandwidth / GBR rules, seed 002 Sec. 3).",
                   f"# Project choices: grid {grid}, block {block} (N = {n} on apsa60); no grid is published.",
                   "# Not the real program: only the published characteristics above are imitated."]
        imit = f"{full} ({ab}), seed 002 Table 1, type {typ}: {how}"
        if nk == 1:
            text = kern_text(comment, f"s002_{ab.lower().replace('-', '_')}", imit, grid, block, regs, smem,
                             3000 + i, kernels[0][0])
            fname = f"{ab}.kern"
        else:
            parts = ["\n".join(comment), f"name     = s002_{ab.lower()}", f"imitates = {imit}"]
            for j, (body, _) in enumerate(kernels):
                kt = header("", f"kernel {j + 1} of {nk} of {ab}", grid, block, regs, smem, 3000 + 50 * j + i, [])
                kt = kt.replace("name     = \n", f"name     = s002_{ab.lower()}_k{j + 1}\n").lstrip("\n")
                parts.append("kernel {\n" + "".join("  " + ln + "\n" for ln in (kt + "\n".join(body)).split("\n")) + "}")
            text = "\n".join(parts) + "\n"
            fname = f"{ab}.wl"
        add("seed002", ab, fname, "apsa60", typ, f"type={typ};kernels={nk}", text)


# ------------------------------------------------------------------ seed 003
# seed 003 Table 2: abbr, source, application, #K, #C, CS, CpC.
S003 = [
    ("AES", "Sim", "AES cryptography", 1, 257, "256", "6"), ("BFS", "Rodinia", "Breadth first search", 20, 2560, "512", "3"),
    ("BP", "Rodinia", "Back propagation", 2, 256, "256", "6, 5"), ("BS", "SDK", "Blackscholes", 2, 480, "128", "8"),
    ("CP", "Sim", "Coulombic potential", 1, 1024, "128", "8"), ("FWT", "SDK", "Fast walsh transform", 13, 1472, "315.08", "Avg 4.62"),
    ("KMS", "Rodinia", "Kmeans", 3, 363, "256", "6"), ("LIB", "Sim", "LIBOR Monte Carlo", 2, 256, "64", "8"),
    ("MC", "SDK", "Monte Carlo reduction", 2, 384, "192", "8, 5"), ("NN", "Sim", "Neural network", 4, 432, "120.75", "Avg 7"),
    ("SLA", "SDK", "Scan of large arrays", 6, 387, "256", "6"), ("SP", "SDK", "Scalar product", 1, 128, "256", "6"),
    ("ST", "Parboil", "Stencil", 1, 128, "128", "8"),
]
# Kernels of the multi-kernel rows: (CTAs, threads, CpC wanted) per kernel, chosen
# so the sums / averages equal the table (project choice of the split).
S003_SPLIT = {
    "BFS": [(128, 512, 3)] * 20,
    "BP": [(128, 256, 6), (128, 256, 5)],
    "BS": [(240, 128, 8)] * 2,
    "FWT": [(85, 512, 2)] * 4 + [(126, 256, 4)] * 7 + [(125, 256, 4)] * 2,  # CTA-weighted size 315.13
    "KMS": [(121, 256, 6)] * 3,
    "LIB": [(128, 64, 8)] * 2,
    "MC": [(256, 192, 8), (128, 192, 5)],
    "NN": [(108, 96, 8), (108, 128, 8), (108, 128, 6), (108, 131, 6)],
    "SLA": [(64, 256, 6)] * 5 + [(67, 256, 6)],
}


S003_TRIPS = 9


def seed003():
    p = PRESETS["c2050"]
    for i, (ab, src, full, nk, nc, cs, cpc) in enumerate(S003):
        ks = S003_SPLIT[ab] if ab in S003_SPLIT else [(nc, int(cs), int(cpc))]
        assert len(ks) == nk and sum(k[0] for k in ks) == nc, ab
        kernels, ns = [], []
        for j, (c, t, want) in enumerate(ks):
            regs, smem, n = fit(p, t, want)
            ns.append(n)
            body = body_uniform(S003_TRIPS, 4 if ab in ("CP", "BS", "LIB", "NN", "MC") else 1,
                                1 if ab in ("CP", "BS", "LIB", "NN", "MC") else 2)
            kernels.append((c, t, regs, smem, n, want, body))
        cap = [f"{k[4]}" for k in kernels]
        comment = [f"# seed003/{ab} -- generated by scripts/gen-paper-suite.py (do not edit by hand).",
                   f"# Imitates: seed 003 Table 2 row {i + 1}: {full} ({ab}, {src}): {nk} kernel(s), "
                   f"{nc} CTAs, average CTA size {cs}, CTAs per core {cpc}.",
                   "# Behaviour: equal CTAs, the paper's premise: 'All the GPGPU cores execute identical codes "
                   "following the same clock'; the CTAs of one core take similar times, those of different cores "
                   "differ, because the shared memory controllers serve the cores unevenly (seed 003 Sec. 2, "
                   f"Figs. 3-5). Every CTA runs {S003_TRIPS} trips (project choice: the middle of the earlier "
                   "2..16) of a " + ("compute-heavy" if ab in ("CP", "BS", "LIB", "NN", "MC") else "memory-heavy") + " body.",
                   f"# N on c2050 per kernel: {', '.join(cap)}. c2050 has 1,024 threads per core (seed 003 "
                   "Table 1), so rows whose CpC x CTA size exceeds 1,024 (AES, BFS, BP, KMS, MC, SLA, SP) "
                   "get the thread limit instead of the published CpC: the paper's two tables disagree.",
                   "# Project choices: the split of CTAs and sizes among kernels, registers, the body.",
                   "# Not the real program: only the published characteristics above are imitated."]
        imit = f"{full} ({ab}), seed 003 Table 2: {nk} kernels, {nc} CTAs, CTA size {cs}, CpC {cpc}; equal CTA work"
        if nk == 1:
            c, t, regs, smem, n, want, body = kernels[0]
            text = kern_text(comment, f"s003_{ab.lower()}", imit, c, t, regs, smem, 4000 + i, body)
            fname = f"{ab}.kern"
        else:
            parts = ["\n".join(comment), f"name     = s003_{ab.lower()}", f"imitates = {imit}"]
            for j, (c, t, regs, smem, n, want, body) in enumerate(kernels):
                kt = header("", f"kernel {j + 1} of {nk} of {ab}", c, t, regs, smem, 4000 + 50 * j + i, [])
                kt = kt.replace("name     = \n", f"name     = s003_{ab.lower()}_k{j + 1}\n").lstrip("\n")
                parts.append("kernel {\n" + "".join("  " + ln + "\n" for ln in (kt + "\n".join(body)).split("\n")) + "}")
            text = "\n".join(parts) + "\n"
            fname = f"{ab}.wl"
        cps = "|".join(str(k[5]) for k in kernels)
        nm = "|".join(str(k[4]) for k in kernels)
        pub = f"kernels={nk};ctas={nc};cta_size={cs};cpc={cpc.replace(', ', '|').replace('Avg ', 'avg')}"
        add("seed003", ab, fname, "c2050", "-", pub, text)


# ------------------------------------------------------------------ seed 004
# seed 004 Table 1 prints shaded bars, not numbers; its text (Sec. 3.1) names
# the profile of some applications: compute-intensive ones (SAD, MM, HW; PATH
# in Sec. 6) use IFID, SCH and EX_SP heavily and EX_LDST little; memory-intensive
# ones (QTC, BFS, BLK) use EX_LDST heavily and IFID, SCH, EX_SP little; in
# SPMV-S every component is under-utilised with EX_LDST the highest; RED has
# low EX_SP (Sec. 6).  Averages over the 34: IFID 24 %, SCH 21 %, EX_SP 17 %,
# memory components 50-60 %, OC_SFU 0.8 %, OC_SP 1.8 %.
S004 = [
    ("SAD", "compute", "Sec. 3.1: compute-intensive, high IFID / SCH / EX_SP"),
    ("MM", "compute", "Sec. 3.1: compute-intensive; Sec. 6: rarely uses EX_LDST"),
    ("HW", "compute", "Sec. 3.1: compute-intensive; Sec. 3.2: memory components low"),
    ("PATH", "compute", "Sec. 6: compute-intensive, stable"),
    ("QTC", "memory", "Sec. 3.1: memory-intensive, high EX_LDST"),
    ("BFS", "memory", "Sec. 3.1: memory-intensive, high EX_LDST"),
    ("BLK", "memory", "Sec. 3.1: memory-intensive, high EX_LDST"),
    ("SPMV-S", "memory", "Sec. 3.2: every component under-utilised, EX_LDST the highest"),
    ("RED", "memory", "Sec. 6: low EX_SP utilisation, EX_LDST varies over time"),
]


def seed004():
    p = PRESETS["ucstates16"]
    for i, (ab, prof, where) in enumerate(S004):
        block = 256
        regs, smem, n = fit(p, block, 6)
        grid = 192
        if prof == "compute":
            fma, sfu = {"SAD": (3, 0), "MM": (8, 0), "HW": (5, 1), "PATH": (6, 0)}[ab]
            body = body_compute(12, fma, sfu=sfu)
            how = f"one load then FMA chains ({2 * fma} per iteration" + (", one SFU op" if sfu else "") + \
                  "): IFID, SCH and EX_SP busy, EX_LDST idle"
        elif ab in ("BFS", "SPMV-S"):
            body = body_gather(6, 1 if ab == "BFS" else 3, 40)
            how = "index stream and dependent random gathers: EX_LDST the busiest unit, the rest waits on memory"
        else:
            body = body_stream(8, {"QTC": 1, "BLK": 2, "RED": 1}[ab], loads=2 if ab != "RED" else 1)
            how = "coalesced streams with little arithmetic: EX_LDST the busiest unit"
        comment = [f"# seed004/{ab}.kern -- generated by scripts/gen-paper-suite.py (do not edit by hand).",
                   f"# Imitates: seed 004 Table 1 row {ab}: {prof} utilisation profile ({where}).",
                   "# Table 1 gives shaded bars, not numbers: the profile imitated is the ordering the text "
                   "states (which components are busy), checked by tests/model/test_suite.c.",
                   f"# Behaviour: {how}.",
                   f"# Project choices: grid {grid}, block {block}, N = {n} on ucstates16.",
                   "# Not the real program: only the published characteristics above are imitated."]
        imit = f"{ab} (seed 004 Table 1), {prof} utilisation profile: {how}"
        text = kern_text(comment, f"s004_{ab.lower().replace('-', '_')}", imit, grid, block, regs, smem, 5000 + i, body)
        add("seed004", ab, f"{ab}.kern", "ucstates16", "-", f"profile={prof}", text)


def main():
    if not os.path.isdir("workloads"):
        sys.exit("run from the repository root")
    CROSS.update(cross_lines())
    PROGS.update(checked_programs())
    seed000()
    seed001()
    seed002()
    seed003()
    seed004()
    with open(f"{OUT}/manifest.tsv", "w") as f:
        f.write("paper\tapp\tfile\tpreset\tclass\tpublished\n")
        for row in MANIFEST:
            f.write("\t".join(row) + "\n")
    print(f"{len(MANIFEST)} workloads written under {OUT}/")


if __name__ == "__main__":
    main()
