#!/usr/bin/env python3
"""correlate.py -- the arithmetic of scripts/correlate.sh (python3, standard library only).

  correlate.py accelsim-csv OUT.csv HEADER RUNS.txt
      Accel-Sim runs listed as 'trace cta_limit run_dir' (accelsim.log, time.txt) -> reference CSV
  correlate.py timed TIME_FILE COMMAND...
      run COMMAND, write its wall and CPU (user + system) seconds to TIME_FILE
  correlate.py ctas-needed CONFIG TRACE_DIR N...
      the CTA limits N below some kernel's CTA limit per core in Accel-Sim (others run as max)
  correlate.py compare OUT_DIR REF.csv CTASIM_RUNS.tsv [--doc FILE --label TEXT]
      ctasim runs (JSON + times) beside the reference -> table (CSV, markdown),
      MAPE and Pearson r of cycles, speeds, log-log plot data, CTA-limit sweep

Definitions (docs/correlation.md says why):
  MAPE      mean over traces (or kernels) of |ctasim - accelsim| / accelsim, in %
  r         Pearson correlation of the cycle counts (linear, not log)
  speed     GPU (core) cycles simulated per CPU second (user + system) of the run;
            the speed-up is the geometric mean over traces of ctasim's / Accel-Sim's
  sweep     performance at CTA limit N normalised to the maximum: cycles(max) / cycles(N);
            the distance of two curves is the mean absolute difference over all points N != max
"""
import csv
import json
import lzma
import math
import os
import re
import subprocess
import sys
import time

# Rate columns of both simulators, in table order.
RATES = ("l1_sector", "l1_line", "l2_sector", "l2_line", "row_hit", "dram_bw")

# ctasim JSON fields (cmodel/report/stats.c, kstats_*_hit_rate): per sector, (hits + pending hits) / accesses;
# per line, 1 - line misses / accesses (a sector miss in a present line is a line
# hit), as the reference's rates are computed. Older ctasim JSON without them
# falls back to l1_hit_rate / l2_hit_rate, and the output says so.
CTASIM_FIELDS = {"l1_line": "l1_line_hit_rate", "l2_line": "l2_line_hit_rate",
                 "l1_sector": "l1_sector_hit_rate", "l2_sector": "l2_sector_hit_rate",
                 "row_hit": "row_hit_rate"}
CTASIM_OLD_FIELDS = {"l1_line": "l1_hit_rate", "l2_line": "l2_hit_rate"}

REF_COLUMNS = ["trace", "cta_limit", "kernel", "name", "cycles", "instructions", "ipc",
               "l1_sector", "l1_line", "l2_sector", "l2_line", "row_hit", "dram_bw",
               "wall_s", "cpu_s", "cycles_per_s"]


def ratio(a, b):
    return a / b if b else None


def fmt(v, digits=4):
    if v is None or v == "":
        return "-"
    if isinstance(v, float):
        return f"{v:.{digits}f}"
    return str(v)


def num(s):
    """A CSV cell: '' -> None, else float."""
    return None if s in ("", None, "-") else float(s)


# ---------------------------------------------------------------- Accel-Sim logs

L1_READS = ("GLOBAL_ACC_R", "LOCAL_ACC_R")    # ctasim's L1 counts loads only
ACCESS_STATUS = ("HIT", "HIT_RESERVED", "MISS", "SECTOR_MISS")   # gpu-cache.cc get_sub_stats


def hit_rates(counts, types=None):
    """Sector and line hit rates from one cache's breakdown {(type, status): n}.

    GPGPU-Sim counts one access per 32 B sector (get_sub_stats: accesses = HIT +
    HIT_RESERVED + MISS + SECTOR_MISS, misses = MISS + SECTOR_MISS). The sector hit
    rate is 1 - its miss rate; the line hit rate counts SECTOR_MISS (tag present,
    sector absent) as a hit of the line."""
    tot = {s: 0 for s in ACCESS_STATUS}
    for (t, s), n in counts.items():
        if s in tot and (types is None or t in types):
            tot[s] += n
    acc = sum(tot.values())
    sector = ratio(tot["HIT"] + tot["HIT_RESERVED"], acc)
    line = ratio(acc - tot["MISS"], acc)
    return sector, line


def parse_time(path):
    """(wall seconds, user + system seconds) from /usr/bin/time -v output."""
    if not os.path.exists(path):
        return None, None
    text = open(path).read()
    wall = cpu = None
    m = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", text)
    if m:
        wall = sum(float(x) * 60 ** i for i, x in enumerate(reversed(m.group(1).split(":"))))
    u = re.search(r"User time \(seconds\): ([\d.]+)", text)
    s = re.search(r"System time \(seconds\): ([\d.]+)", text)
    if u and s:
        cpu = float(u.group(1)) + float(s.group(1))
    return wall, cpu


def parse_accelsim_log(path):
    """Kernels of one Accel-Sim log: [{name, cycles, insn, l1, l2, dram}] where the
    cache breakdowns and DRAM counters are the CUMULATIVE values printed at that
    kernel's end (GPGPU-Sim prints totals so far); per-kernel values are differences."""
    kernels = []
    cur = None
    for line in open(path, errors="replace"):
        if line.startswith("kernel_name = "):
            cur = {"name": line.split("=", 1)[1].strip(), "l1": {}, "l2": {}, "dram": []}
            kernels.append(cur)
            continue
        if cur is None:
            continue
        m = re.match(r"(gpu_sim_cycle|gpu_sim_insn|gpu_tot_sim_cycle) = (\d+)", line)
        if m:
            cur[m.group(1)] = int(m.group(2))
            continue
        m = re.match(r"\s*(Total_core_cache|L2_cache)_stats_breakdown\[(\w+)\]\[(\w+)\] = (\d+)", line)
        if m:
            which = "l1" if m.group(1) == "Total_core_cache" else "l2"
            cur[which][(m.group(2), m.group(3))] = int(m.group(4))
            continue
        m = re.match(r"n_cmd=(\d+) .*n_act=(\d+) .*n_req=(\d+) .*bw_util=([\d.e+-]+|nan|-nan)", line)
        if m:
            bw = float(m.group(4)) if "nan" not in m.group(4) else 0.0
            cur["dram"].append([int(m.group(1)), int(m.group(2)), int(m.group(3)),
                                bw * int(m.group(1))])
    return kernels


def diff_counts(now, before):
    return {k: v - before.get(k, 0) for k, v in now.items()}


def dram_rates(now, before):
    """Row-buffer hit rate (requests not needing an ACT) and data-bus utilisation
    (GPGPU-Sim's bw_util) pooled over channels, between two cumulative snapshots."""
    cmd = act = req = busy = 0.0
    for ch, row in enumerate(now):
        prev = before[ch] if ch < len(before) else [0, 0, 0, 0.0]
        cmd += row[0] - prev[0]
        act += row[1] - prev[1]
        req += row[2] - prev[2]
        busy += row[3] - prev[3]
    row_hit = ratio(req - act, req)
    return row_hit, ratio(busy, cmd)


def accelsim_rows(trace, cta, run_dir):
    """Reference rows of one run: one per kernel (kernel = 1..K), then the total (kernel = 0)."""
    log = os.path.join(run_dir, "accelsim.log")
    kernels = parse_accelsim_log(log)
    if not kernels or "exit detected" not in open(log, errors="replace").read():
        raise SystemExit(f"correlate.py: {log}: no completed Accel-Sim run")
    wall, cpu = parse_time(os.path.join(run_dir, "time.txt"))
    rows = []
    prev = {"l1": {}, "l2": {}, "dram": []}
    for i, k in enumerate(kernels, 1):
        l1s, l1l = hit_rates(diff_counts(k["l1"], prev["l1"]), L1_READS)
        l2s, l2l = hit_rates(diff_counts(k["l2"], prev["l2"]))
        row_hit, bw = dram_rates(k["dram"], prev["dram"])
        rows.append(ref_row(trace, cta, i, k["name"], k["gpu_sim_cycle"], k["gpu_sim_insn"],
                            (l1s, l1l, l2s, l2l, row_hit, bw)))
        prev = k
    last = kernels[-1]
    l1s, l1l = hit_rates(last["l1"], L1_READS)
    l2s, l2l = hit_rates(last["l2"])
    row_hit, bw = dram_rates(last["dram"], [])
    cycles = last["gpu_tot_sim_cycle"]
    insn = sum(k["gpu_sim_insn"] for k in kernels)
    total = ref_row(trace, cta, 0, "total", cycles, insn, (l1s, l1l, l2s, l2l, row_hit, bw))
    total.update(wall_s=fmt(wall, 2), cpu_s=fmt(cpu, 2), cycles_per_s=fmt(ratio(cycles, cpu), 0))
    return rows + [total]


def ref_row(trace, cta, kernel, name, cycles, insn, rates):
    row = {"trace": trace, "cta_limit": cta, "kernel": kernel, "name": name,
           "cycles": cycles, "instructions": insn, "ipc": fmt(ratio(insn, cycles)),
           "wall_s": "", "cpu_s": "", "cycles_per_s": ""}
    row.update({r: fmt(v) for r, v in zip(RATES, rates)})
    return row


def cmd_accelsim_csv(out, header, runs_txt):
    rows, n = [], 0
    for line in open(runs_txt):
        trace, cta, run_dir = line.split()
        # per-kernel rows at the maximum; a sweep point needs only the trace's total
        rows += [r for r in accelsim_rows(trace, cta, run_dir) if cta == "max" or r["kernel"] == 0]
        n += 1
    # by trace; the maximum, then the sweep points; kernels in order, then the total
    rows.sort(key=lambda r: (r["trace"], r["cta_limit"] != "max",
                             0 if r["cta_limit"] == "max" else int(r["cta_limit"]),
                             r["kernel"] == 0, r["kernel"]))
    with open(out, "w", newline="") as f:
        f.write(f"# {header}\n")
        w = csv.DictWriter(f, REF_COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    print(f"correlate.py: {len(rows)} rows of {n} Accel-Sim runs -> {out}")


# GPGPU-Sim's shader resources per tested config: -gpgpu_shader_core_pipeline threads,
# -gpgpu_shmem_size, -gpgpu_shader_registers, -gpgpu_shader_cta, SMs (n_clusters x cores).
SHADER = {"SM6_TITANX": {"threads": 2048, "shmem": 98304, "regs": 65536, "ctas": 32, "sms": 28}}


def kernel_headers(trace_dir):
    """{key: value} of each kernel's header lines ('-key = value'), in kernelslist.g order."""
    out = []
    for line in open(os.path.join(trace_dir, "kernelslist.g")):
        name = line.strip()
        if not name or name.startswith("#") or name.startswith("Memcpy"):
            continue
        path = os.path.join(trace_dir, name)
        opener = lzma.open if name.endswith(".xz") else open
        hdr = {}
        with opener(path, "rt", errors="replace") as f:
            for text in f:
                if text.startswith("#") or "\0" in text:
                    break
                if text.startswith("-") and "=" in text:
                    key, value = text[1:].split("=", 1)
                    hdr[key.strip()] = value.strip()
        out.append(hdr)
    return out


def max_cta(hdr, sh):
    """CTAs per SM as GPGPU-Sim's shader_core_config::max_cta (shader.cc) computes them:
    threads (warp-padded), shared memory, registers (rounded up to 4 per thread), the CTA
    cap; then at most the grid spread over the SMs."""
    dims = lambda key: [int(x) for x in hdr[key].strip("()").split(",")]
    threads = math.prod(dims("block dim"))
    padded = -(-threads // 32) * 32
    smem, regs = int(hdr.get("shmem", 0)), int(hdr.get("nregs", 0))
    limit = min(sh["threads"] // padded, sh["ctas"],
                sh["shmem"] // smem if smem else sh["ctas"],
                sh["regs"] // (padded * ((regs + 3) & ~3)) if regs else sh["ctas"])
    blocks = math.prod(dims("grid dim"))
    return min(limit, -(-blocks // sh["sms"]))


def cmd_ctas_needed(cfg, trace_dir, limits):
    """Print the CTA limits that change some kernel's CTAs per SM (all of them when the
    config's resources are not known here)."""
    sh = SHADER.get(cfg)
    if sh is None:
        print(" ".join(limits))
        return
    most = max(max_cta(h, sh) for h in kernel_headers(trace_dir))
    print(" ".join(n for n in limits if int(n) < most))


# ---------------------------------------------------------------- reading both sides

def read_ref(path):
    """{(trace, cta_limit, kernel): row} and the header line of a reference CSV."""
    with open(path) as f:
        header = f.readline().lstrip("# ").strip()
        rows = list(csv.DictReader(f))
    return {(r["trace"], r["cta_limit"], int(r["kernel"])): r for r in rows}, header


def ctasim_rates(k, notes):
    out = {}
    for rate, field in CTASIM_FIELDS.items():
        if field in k:
            out[rate] = k[field]
        else:
            line = rate.replace("_sector", "_line")
            out[rate] = k[CTASIM_OLD_FIELDS[line]]
            notes.add("ctasim's JSON has no per-sector and per-line hit rates (a build "
                      "before sectored caches): both columns give its hit rate")
    util = k.get("dram_util") or []
    out["dram_bw"] = sum(util) / len(util) if util else None
    return out


def read_ctasim(runs_tsv, notes):
    """ctasim runs listed as 'trace cta_limit json wall_s cpu_s group' -> {(trace, cta): run};
    group '-' marks a run made for the sweep only."""
    runs = {}
    for line in open(runs_tsv):
        trace, cta, path, wall, cpu, group = line.split()
        data = json.load(open(path))
        kernels = [dict(k, **ctasim_rates(k, notes)) for k in data["kernels"]]
        total = dict(data["total"], **ctasim_rates(data["total"], notes))
        runs[(trace, cta)] = {"kernels": kernels, "total": total,
                              "wall_s": float(wall), "cpu_s": float(cpu), "group": group,
                              "complete": data.get("complete", True)}
    return runs


# ---------------------------------------------------------------- statistics

def mape(pairs):
    """Mean absolute percentage error of (ctasim, accelsim) pairs, in %."""
    errs = [abs(c - a) / a for c, a in pairs if a]
    return 100.0 * sum(errs) / len(errs) if errs else None


def pearson(pairs):
    n = len(pairs)
    if n < 2:
        return None
    mx = sum(c for c, _ in pairs) / n
    my = sum(a for _, a in pairs) / n
    sxy = sum((c - mx) * (a - my) for c, a in pairs)
    sxx = sum((c - mx) ** 2 for c, _ in pairs)
    syy = sum((a - my) ** 2 for _, a in pairs)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else None


def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


# ---------------------------------------------------------------- the comparison

TABLE_COLUMNS = ["trace", "kernel", "name", "accelsim_cycles", "ctasim_cycles", "error_pct",
                 "accelsim_ipc", "ctasim_ipc"] + \
                [f"{side}_{r}" for r in RATES for side in ("accelsim", "ctasim")] + \
                ["accelsim_cycles_per_s", "ctasim_cycles_per_s", "speedup"]


def table_row(trace, kernel, name, ref, cta_k, speed=None):
    a, c = int(ref["cycles"]), int(cta_k["cycles"])
    row = {"trace": trace, "kernel": kernel, "name": name, "accelsim_cycles": a,
           "ctasim_cycles": c, "error_pct": fmt(100.0 * (c - a) / a, 1) if a else "-",
           "accelsim_ipc": ref["ipc"], "ctasim_ipc": fmt(cta_k["ipc"])}
    for r in RATES:
        row[f"accelsim_{r}"] = ref[r] or "-"
        row[f"ctasim_{r}"] = fmt(cta_k.get(r))
    a_speed, c_speed = speed or (None, None)
    row["accelsim_cycles_per_s"] = fmt(a_speed, 0)
    row["ctasim_cycles_per_s"] = fmt(c_speed, 0)
    row["speedup"] = fmt(ratio(c_speed, a_speed) if a_speed and c_speed else None, 1)
    return row


def statistics(traces, kernels):
    """MAPE, r, speed-up of (ctasim, accelsim, speedup) trace entries and (ctasim, accelsim)
    kernel pairs."""
    trace_pairs = [(c, a) for c, a, _ in traces]
    speedups = [x for _, _, x in traces if x]
    return {"traces": len(trace_pairs), "kernels": len(kernels),
            "mape_traces": mape(trace_pairs), "mape_kernels": mape(kernels),
            "r_traces": pearson(trace_pairs), "r_kernels": pearson(kernels),
            "speedup_geomean": geomean(speedups),
            "speedup_min": min(speedups) if speedups else None,
            "speedup_max": max(speedups) if speedups else None,
            "faster": sum(1 for c, a in trace_pairs if c < a)}


def compare(ref, runs, notes):
    """Per-trace and per-kernel rows at the maximum CTA limit, and the statistics of all
    traces ('all') and of each group."""
    trace_rows, kernel_rows = [], []
    traces, kernels = {}, {}          # group -> entries
    for (trace, cta), run in sorted(runs.items()):
        if cta != "max" or run["group"] == "-":
            continue
        tot = ref.get((trace, "max", 0))
        if tot is None:
            notes.add(f"{trace}: no Accel-Sim reference; left out")
            continue
        if not run["complete"]:
            notes.add(f"{trace}: the ctasim run did not complete")
        a_speed = num(tot["cycles_per_s"])
        c_speed = ratio(run["total"]["cycles"], run["cpu_s"]) if run["cpu_s"] > 0 else None
        name = f"{len(run['kernels'])} kernels"
        trace_rows.append(table_row(trace, "all", name, tot, run["total"], (a_speed, c_speed)))
        speedup = c_speed / a_speed if a_speed and c_speed else None
        for g in ("all", run["group"]):
            traces.setdefault(g, []).append((run["total"]["cycles"], int(tot["cycles"]), speedup))
        n_ref = sum(1 for k in ref if k[0] == trace and k[1] == "max" and k[2] > 0)
        if n_ref != len(run["kernels"]):
            notes.add(f"{trace}: Accel-Sim ran {n_ref} kernels, ctasim {len(run['kernels'])}")
        for i, k in enumerate(run["kernels"], 1):
            r = ref.get((trace, "max", i))
            if r is None:
                continue
            kernel_rows.append(table_row(trace, i, k["name"], r, k))
            for g in ("all", run["group"]):
                kernels.setdefault(g, []).append((k["cycles"], int(r["cycles"])))
    stats = {g: statistics(traces[g], kernels.get(g, [])) for g in traces}
    return trace_rows, kernel_rows, stats


def sweep(ref, runs):
    """CTA-limit sweep rows: per trace and N, both normalised performances; the mean
    absolute difference over the points N != max, their number and the traces'."""
    rows, diffs = [], []
    traces = sorted({t for t, c in runs if c != "max"})
    for trace in traces:
        a_max, c_max = ref.get((trace, "max", 0)), runs.get((trace, "max"))
        if a_max is None or c_max is None:
            continue
        ns = sorted((c for t, c in runs if t == trace and c != "max"), key=int) + ["max"]
        for n in ns:
            a, c = ref.get((trace, n, 0)), runs.get((trace, n))
            if a is None or c is None:
                continue
            pa = int(a_max["cycles"]) / int(a["cycles"])
            pc = c_max["total"]["cycles"] / c["total"]["cycles"]
            rows.append({"trace": trace, "cta_limit": n, "accelsim_cycles": a["cycles"],
                         "ctasim_cycles": c["total"]["cycles"], "accelsim_norm": fmt(pa),
                         "ctasim_norm": fmt(pc), "abs_diff": fmt(abs(pc - pa))})
            if n != "max":
                diffs.append(abs(pc - pa))
    mad = (sum(diffs) / len(diffs), len(diffs), len({r["trace"] for r in rows})) if diffs else None
    return rows, mad


# ---------------------------------------------------------------- outputs

SHORT = {"accelsim": "A", "ctasim": "C"}
MD_COLUMNS = ["trace", "kernel", "accelsim_cycles", "ctasim_cycles", "error_pct",
              "accelsim_ipc", "ctasim_ipc"] + \
             [f"{s}_{r}" for r in RATES for s in ("accelsim", "ctasim")] + \
             ["accelsim_cycles_per_s", "ctasim_cycles_per_s", "speedup"]


def md_head(col):
    side, _, what = col.partition("_")
    return f"{SHORT[side]} {what}" if side in SHORT else col


def md_table(rows, columns):
    out = ["| " + " | ".join(md_head(c) for c in columns) + " |",
           "|" + "|".join("---" for _ in columns) + "|"]
    for r in rows:
        out.append("| " + " | ".join(str(r.get(c, "")) for c in columns) + " |")
    return "\n".join(out)


def write_csv(path, rows, columns):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, columns, extrasaction="ignore", lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


def summary_lines(stats, mad, ref_header, label):
    """stats: {'all': ..., group: ...}; one line per group when there are several."""
    s = stats.get("all") or statistics([], [])
    lines = [f"- ctasim: {label}",
             f"- Accel-Sim: {ref_header}",
             f"- cycles MAPE over {s['traces']} traces: {fmt(s['mape_traces'], 1)} %; "
             f"over {s['kernels']} kernels: {fmt(s['mape_kernels'], 1)} %",
             f"- Pearson r of cycles: {fmt(s['r_traces'], 3)} over traces, "
             f"{fmt(s['r_kernels'], 3)} over kernels; ctasim faster on {s['faster']} of {s['traces']}",
             f"- speed (GPU cycles per CPU second), ctasim / Accel-Sim: geometric mean "
             f"{fmt(s['speedup_geomean'], 1)}x ({fmt(s['speedup_min'], 1)}x to {fmt(s['speedup_max'], 1)}x per trace)"]
    groups = sorted(g for g in stats if g != "all")
    if len(groups) > 1:
        for g in groups:
            t = stats[g]
            lines.append(f"- {g}: {t['traces']} traces, MAPE {fmt(t['mape_traces'], 1)} % "
                         f"({t['kernels']} kernels: {fmt(t['mape_kernels'], 1)} %), "
                         f"r {fmt(t['r_traces'], 3)} ({fmt(t['r_kernels'], 3)}), "
                         f"speed {fmt(t['speedup_geomean'], 1)}x")
    if mad is not None:
        lines.append(f"- CTA-limit sweep, performance normalised to the maximum: mean absolute "
                     f"difference {fmt(mad[0], 3)} over {mad[1]} points (N != max) of {mad[2]} traces")
    return lines


def write_plot(out_dir, trace_rows, kernel_rows):
    """gnuplot data and script: log-log scatter of cycles, Accel-Sim (x) vs ctasim (y)."""
    for name, rows in (("traces", trace_rows), ("kernels", kernel_rows)):
        with open(os.path.join(out_dir, f"cycles_{name}.dat"), "w") as f:
            f.write("# accelsim_cycles ctasim_cycles trace kernel\n")
            for r in rows:
                f.write(f"{r['accelsim_cycles']} {r['ctasim_cycles']} {r['trace']} {r['kernel']}\n")
    values = [int(r[c]) for r in trace_rows + kernel_rows
              for c in ("accelsim_cycles", "ctasim_cycles") if int(r[c]) > 0] or [1, 10]
    lo, hi = 10 ** math.floor(math.log10(min(values))), 10 ** math.ceil(math.log10(max(values)))
    script = os.path.join(out_dir, "cycles.gp")
    with open(script, "w") as f:
        f.write(f"""set terminal pngcairo size 800,700 noenhanced
set output 'cycles.png'
set title 'Cycles: ctasim vs Accel-Sim'
set xlabel 'Accel-Sim cycles'
set ylabel 'ctasim cycles'
set logscale xy
set xrange [{lo}:{hi}]
set yrange [{lo}:{hi}]
set size square
set grid
set key top left
plot 'cycles_kernels.dat' using 1:2 with points pt 6 ps 0.8 title 'kernels', \\
     'cycles_traces.dat' using 1:2 with points pt 7 ps 1.2 title 'traces', \\
     x with lines dt 2 lc rgb 'gray40' title 'y = x'
""")
    return script


def cmd_compare(argv):
    out_dir, ref_path, runs_tsv = argv[:3]
    opts = dict(zip(argv[3::2], argv[4::2]))
    notes = set()
    ref, ref_header = read_ref(ref_path)
    runs = read_ctasim(runs_tsv, notes)
    trace_rows, kernel_rows, stats = compare(ref, runs, notes)
    sweep_rows, mad = sweep(ref, runs)
    os.makedirs(out_dir, exist_ok=True)
    write_csv(os.path.join(out_dir, "correlation.csv"), trace_rows + kernel_rows, TABLE_COLUMNS)
    if sweep_rows:
        write_csv(os.path.join(out_dir, "sweep.csv"), sweep_rows, list(sweep_rows[0]))
    write_plot(out_dir, trace_rows, kernel_rows)
    label = opts.get("--label", "ctasim")
    summary = summary_lines(stats, mad, ref_header, label)
    md = ["## Summary", ""] + summary + [""]
    if notes:
        md += ["Notes:", ""] + [f"- {n}" for n in sorted(notes)] + [""]
    md += ["## Per trace", "", "A = Accel-Sim, C = ctasim. Rates are fractions; `dram_bw` is the "
           "DRAM data-bus utilisation; speeds in GPU cycles per CPU second.", "",
           md_table(trace_rows, MD_COLUMNS), ""]
    if sweep_rows:
        md += ["## CTA-limit sweep (performance normalised to the maximum CTA limit)", "",
               md_table(sweep_rows, list(sweep_rows[0])), ""]
    md += ["## Per kernel", "", "<details><summary>"
           f"{len(kernel_rows)} kernels</summary>", "",
           md_table(kernel_rows, [c for c in MD_COLUMNS if "per_s" not in c and c != "speedup"]),
           "", "</details>", ""]
    text = "\n".join(md)
    with open(os.path.join(out_dir, "correlation.md"), "w") as f:
        f.write(text)
    if "--doc" in opts:
        write_doc(opts["--doc"], text)
    print("\n".join(summary))
    for n in sorted(notes):
        print(f"note: {n}")


BEGIN, END = "<!-- correlate.sh --doc: begin -->", "<!-- correlate.sh --doc: end -->"


def write_doc(path, text):
    """Replace the generated part of the document (between the markers) with text."""
    doc = open(path).read()
    if BEGIN not in doc or END not in doc:
        raise SystemExit(f"correlate.py: {path}: no '{BEGIN}' ... '{END}' markers")
    head, rest = doc.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    with open(path, "w") as f:
        f.write(head + BEGIN + "\n\n" + text.replace("## ", "### ") + "\n" + END + tail)


def cmd_timed(time_file, argv):
    """Run argv; its wall and CPU seconds (rusage of the child: microseconds, where
    /usr/bin/time prints hundredths, too coarse for ctasim's short runs)."""
    start = time.perf_counter()
    child = subprocess.Popen(argv)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    with open(time_file, "w") as f:
        f.write(f"{wall:.6f} {usage.ru_utime + usage.ru_stime:.6f}\n")
    return os.waitstatus_to_exitcode(status)


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "accelsim-csv":
        cmd_accelsim_csv(*sys.argv[2:])
    elif len(sys.argv) >= 4 and sys.argv[1] == "timed":
        sys.exit(cmd_timed(sys.argv[2], sys.argv[3:]))
    elif len(sys.argv) >= 4 and sys.argv[1] == "ctas-needed":
        cmd_ctas_needed(sys.argv[2], sys.argv[3], sys.argv[4:])
    elif len(sys.argv) >= 5 and sys.argv[1] == "compare":
        cmd_compare(sys.argv[2:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
