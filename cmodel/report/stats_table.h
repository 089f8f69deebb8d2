/* stats_table.h -- every statistic ctasim reports, declared once.
 *
 * X-macro tables, expanded where the statistics are added up (stats.c
 * report_accumulate), written (stats.c: JSON, timeline, GPGPU-Sim names;
 * power.c: the power report's JSON; csvrow.c: the CSV row) and documented (scripts/gen-outputs-doc.py writes
 * their scopes of python/ctasim/schema.tsv and docs/outputs.md from them, and
 * `--check` fails when the committed files differ).  Adding a statistic is
 * one row here (and its counter in the struct that counts it).
 *
 * Counters: X(field, ACC).  How a kernel's counter goes into the run's total:
 *   SUM    added                    SUMS  added, element by element (an array)
 *   MAX    the largest              SAME  the kernels' common value, 0 when any of
 *   KERNEL the kernel's own: not          the SAME fields differs between kernels
 *          added (the total's stays 0)
 *   CORES  per core: core[c] and ctl[c] for c < n_cores, by their tables
 *   MEM    the memory counters, by theirs
 * Every field of core_stats, core_ctl_stats, mem_stats and mem_part_stats is
 * a uint64_t counter listed here: stats.c fails to compile when one is not.
 *
 * Output keys: X(name, "unit", "description", TYPE, ...) -- name, unit and
 * description are the schema's (docs/outputs.md); the rest says how the value
 * is computed from the counters of `k` (a kstats) and printed:
 *   U64 v              a count               DBL v "fmt"  a double, printed with fmt
 *   RATE v n           a ratio (printed "%.6f"), null when its denominator n is 0
 *   STR v, BOOL v      text, true/false      ARRAY p n    n counters from p
 *   PARTS f "fmt"      f(k, p) of each partition p < n_parts
 *   CORES, KERNELS, KERNEL, POWER, ROWS: the nested objects (their own tables).
 * JSON tables carry the indentation of the line break before the key (0: none).
 */
#ifndef STATS_TABLE_H
#define STATS_TABLE_H

/* ------------------------------------------------------------ counters */

#define STATS_ACC_KSTATS(X) \
    X(name, KERNEL) \
    X(n_cta, SUM) \
    X(n_max, SAME) \
    X(warps_per_cta, SAME) \
    X(cycles, SUM) \
    X(fc_cycles, SUM) \
    X(tail_idle, SUM) \
    X(time_fs, SUM) \
    X(warp_insts, SUM) \
    X(thread_insts, SUM) \
    X(ar_type, KERNEL) \
    X(n_cores, MAX) \
    X(core, CORES) \
    X(ctl, CORES) \
    X(mem, MEM) \
    /* end */

#define STATS_ACC_CORE(X) \
    X(cycles, SUM) \
    X(issued, SUM) \
    X(stalled, SUM) \
    X(idle, SUM) \
    X(mem_wait, SUM) \
    X(sched_stalls, SUM) \
    X(dep_wait, SUM) \
    X(active, SUM) \
    X(warp_insts, SUM) \
    X(thread_insts, SUM) \
    X(class_insts, SUMS) \
    X(class_threads, SUMS) \
    X(busy, SUMS) \
    X(ctas_issued, SUM) \
    X(ctas_finished, SUM) \
    X(paused_cycles, SUM) \
    X(fetches, SUM) \
    X(l1_lines, SUM) \
    X(smem_accesses, SUM) \
    X(smem_conflicts, SUM) \
    X(warps_live, SUM) \
    X(warp_slots, SUM) \
    /* end */

#define STATS_ACC_CTL(X) \
    X(off_cycles, SUM) \
    X(disabled_cycles, SUM) \
    X(gated_cycles, SUM) \
    X(empty_cycles, SUM) \
    X(pg_off_cycles, SUMS) \
    X(pg_wakeups, SUMS) \
    X(pg_gatings, SUMS) \
    X(down_cycles, SUMS) \
    X(limit_sum, SUM) \
    X(grants, SUM) \
    X(refusals, SUM) \
    /* end */

#define STATS_ACC_MEM(X) \
    X(l1_hits, SUM) \
    X(l1_misses, SUM) \
    X(l1_mshr_merges, SUM) \
    X(l1_stalls, SUM) \
    X(l1_sector_misses, SUM) \
    X(l1_bank_conflicts, SUM) \
    X(l1_fail_mshr, SUM) \
    X(l1_fail_merge, SUM) \
    X(l1_fail_mq, SUM) \
    X(loads, SUM) \
    X(stores, SUM) \
    X(atomics, SUM) \
    X(l1_st_hits, SUM) \
    X(roundtrip_sum, SUM) \
    X(roundtrip_n, SUM) \
    X(icnt2mem_sum, SUM) \
    X(icnt2mem_n, SUM) \
    X(icnt_req_flits, SUM) \
    X(icnt_resp_flits, SUM) \
    X(dram_cycles, SUM) \
    X(icnt_cycles, SUM) \
    X(l2_cycles, SUM) \
    /* end (part[]: STATS_ACC_PART, every partition) */

#define STATS_ACC_PART(X) \
    X(l2_hits, SUM) \
    X(l2_misses, SUM) \
    X(l2_writebacks, SUM) \
    X(l2_mshr_merges, SUM) \
    X(l2_sector_misses, SUM) \
    X(l2_st_hits, SUM) \
    X(l2_st_misses, SUM) \
    X(l2_fail_mshr, SUM) \
    X(l2_fail_merge, SUM) \
    X(l2_fail_mq, SUM) \
    X(dram_reads, SUM) \
    X(dram_writes, SUM) \
    X(dram_row_hits, SUM) \
    X(dram_row_misses, SUM) \
    X(dram_busy_cycles, SUM) \
    X(dram_rd_bytes, SUM) \
    X(dram_wr_bytes, SUM) \
    X(dram_activates, SUM) \
    X(dram_precharges, SUM) \
    /* end */

/* ------------------------------------------------------------ JSON (--json) */

/* The document: X(name, unit, description, TYPE, break, value of report r
 * (pw: the power report or NULL), written when). */
#define STATS_JSON_TOP(X) \
    X(schema_version, "-", "version of these output formats (docs/outputs.md, \"Stability\")", \
      U64, 0, version_schema(), 1) \
    X(ctasim_version, "-", "release of the program that wrote the file (the VERSION file)", \
      STR, 0, version_release(), 1) \
    X(ctasim_commit, "-", \
      "git commit the program was built from, 12 hex digits, \"+modified\" when the work tree differed", \
      STR, 0, version_commit(), 1) \
    X(ctasim_build, "-", "build id: 12 hex digits of the SHA-1 of the sources compiled in", \
      STR, 0, version_build(), 1) \
    X(config, "-", "configuration name (the preset's `name` key)", \
      STR, 1, r->config, 1) \
    X(workload, "-", "the workload or trace path as given", \
      STR, 0, r->workload, 1) \
    X(engine, "-", "control engine: c, rtl or lockstep", \
      STR, 0, r->engine, 1) \
    X(n_cores, "cores", "cores (SMs) simulated", \
      U64, 0, r->n_cores, 1) \
    X(n_parts, "partitions", "memory partitions (L2 slices with their DRAM channel)", \
      U64, 0, r->n_parts, 1) \
    X(compared_cycles, "cycles", \
      "lockstep: core cycles in which the Verilog and the C reference were compared (0 for c and rtl)", \
      U64, 0, r->compared, 1) \
    X(complete, "bool", \
      "false when the run stopped early (run.max_cycles, a mismatch): the statistics are of what ran", \
      BOOL, 0, !r->incomplete, 1) \
    X(stopped, "-", "why the run stopped early; present only when complete is false", \
      STR, 0, r->stop_reason, r->incomplete) \
    X(kernels, "-", "one object per kernel launched, in launch order (keys: json.kernel)", \
      KERNELS, 1, r, 1) \
    X(total, "-", "the whole run, every kernel added (keys: json.kernel; name \"total\")", \
      KERNEL, 1, &r->total, 1) \
    X(power, "-", "the power model's report (keys: json.power)", \
      POWER, 1, pw, pw) \
    /* end */

/* A kernel, and the total: X(name, unit, description, TYPE, break, value, aux). */
#define STATS_JSON_KERNEL(X) \
    X(name, "-", "kernel name (the trace's mangled name, or the .kern file's)", \
      STR, 0, k->name, 0) \
    X(cycles, "cycles", "core cycles (GPU clock) from launch to the last CTA's end", \
      U64, 0, k->cycles, 0) \
    X(time_ns, "ns", \
      "simulated time (differs from cycles / clock when a unit scales the clock)", \
      DBL, 0, (double)k->time_fs / 1e6, "%.3f") \
    X(warp_insts, "instructions", "warp instructions issued, all cores", \
      U64, 0, k->warp_insts, 0) \
    X(thread_insts, "instructions", \
      "thread instructions (active lanes of each warp instruction), all cores", \
      U64, 0, k->thread_insts, 0) \
    X(ipc, "instructions/cycle", "thread_insts / cycles", \
      DBL, 0, kstats_ipc(k), "%.6f") \
    X(n_cta, "CTAs", "CTAs launched", \
      U64, 0, k->n_cta, 0) \
    X(n_max, "CTAs", \
      "N: most CTAs of this kernel one core can hold (0 in total when kernels differ)", \
      U64, 0, k->n_max, 0) \
    X(issued_cycles, "core-cycles", \
      "core-cycles with an instruction issued (the first of five exclusive classes)", \
      U64, 3, CORE_SUM(k, issued), 0) \
    X(stalled_cycles, "core-cycles", \
      "core-cycles with a ready warp that could not issue (structural stall)", \
      U64, 0, CORE_SUM(k, stalled), 0) \
    X(idle_cycles, "core-cycles", "core-cycles with no warp resident", \
      U64, 0, CORE_SUM(k, idle), 0) \
    X(mem_wait_cycles, "core-cycles", "core-cycles whose warps all wait on memory", \
      U64, 0, CORE_SUM(k, mem_wait), 0) \
    X(core_util, "1", "issued_cycles / (cores x cycles)", \
      DBL, 0, kstats_core_util(k), "%.6f") \
    X(occupancy, "1", \
      "warps resident / warp slots (max_warps), over the core-cycles with a warp resident (GPGPU-Sim's gpu_occupancy); null when none was", \
      RATE, 0, kstats_occupancy(k, NULL), CORE_SUM(k, warp_slots)) \
    X(l1_hit_rate, "1", "L1 load hits / L1 load accesses; null over no access", \
      RATE, 3, kstats_l1_hit_rate(k), kstats_l1_accesses(k)) \
    X(l2_hit_rate, "1", "L2 hits / L2 accesses; null over no access", \
      RATE, 0, kstats_l2_hit_rate(k), kstats_l2_accesses(k)) \
    X(row_hit_rate, "1", "DRAM row-buffer hits / DRAM accesses; null over no access", \
      RATE, 0, kstats_row_hit_rate(k), kstats_row_accesses(k)) \
    X(l1_accesses, "accesses", \
      "L1 global loads (hits + misses, in sectors when l1.sector_bytes is set)", \
      U64, 0, kstats_l1_accesses(k), 0) \
    X(l1_misses, "accesses", "L1 load misses, MSHR merges included", \
      U64, 0, k->mem.l1_misses, 0) \
    X(l1_mshr_merges, "accesses", \
      "L1 load misses merged into an MSHR in flight (pending hits)", \
      U64, 0, k->mem.l1_mshr_merges, 0) \
    X(l2_accesses, "accesses", "L2 accesses: loads, stores and atomics, all slices", \
      U64, 0, kstats_l2_accesses(k), 0) \
    X(l2_misses, "accesses", "L2 misses, MSHR merges included", \
      U64, 0, kstats_l2_misses(k), 0) \
    X(roundtrip, "cycles", "mean core cycles from an L1 miss to its fill", \
      DBL, 0, kstats_roundtrip(k), "%.3f") \
    X(l1_sector_hit_rate, "1", \
      "(hits + pending hits) / accesses at the L1 (GPGPU-Sim's 1 - miss rate); null over no access", \
      RATE, 3, cache_sector_rate(kstats_l1(k)), kstats_l1(k).accesses) \
    X(l1_line_hit_rate, "1", \
      "L1 accesses whose line was present or in flight / accesses; null over no access", \
      RATE, 0, cache_line_rate(kstats_l1(k)), kstats_l1(k).accesses) \
    X(l1_sector_misses, "accesses", \
      "L1 misses whose line was present or in flight (GPGPU-Sim's SECTOR_MISS)", \
      U64, 0, kstats_l1(k).sector_misses, 0) \
    X(l1_mshr_full, "lookups", "L1 lookups refused for want of an MSHR (retried)", \
      U64, 0, kstats_l1(k).fail_mshr, 0) \
    X(l1_merge_full, "lookups", \
      "L1 lookups refused for want of a merge slot in an MSHR (retried)", \
      U64, 0, kstats_l1(k).fail_merge, 0) \
    X(l1_miss_queue_full, "lookups", \
      "L1 lookups refused for want of a miss-queue slot (retried)", \
      U64, 0, kstats_l1(k).fail_mq, 0) \
    X(l1_bank_conflicts, "accesses", \
      "L1 accesses refused because their bank was taken that cycle", \
      U64, 0, k->mem.l1_bank_conflicts, 0) \
    X(l1_stores, "accesses", "global stores at the L1 (write-through, no allocate)", \
      U64, 0, k->mem.stores, 0) \
    X(l1_st_hits, "accesses", "of l1_stores, those whose sector the L1 held", \
      U64, 0, k->mem.l1_st_hits, 0) \
    X(l2_sector_hit_rate, "1", \
      "(hits + pending hits) / accesses at the L2; null over no access", \
      RATE, 3, cache_sector_rate(kstats_l2(k)), kstats_l2(k).accesses) \
    X(l2_line_hit_rate, "1", \
      "L2 accesses whose line was present or in flight / accesses; null over no access", \
      RATE, 0, cache_line_rate(kstats_l2(k)), kstats_l2(k).accesses) \
    X(l2_mshr_merges, "accesses", "L2 misses merged into an MSHR in flight (pending hits)", \
      U64, 0, kstats_l2(k).pending, 0) \
    X(l2_sector_misses, "accesses", \
      "L2 load/atomic misses whose line was present or in flight", \
      U64, 0, kstats_l2(k).sector_misses, 0) \
    X(l2_mshr_full, "lookups", "L2 lookups refused for want of an MSHR (retried)", \
      U64, 0, kstats_l2(k).fail_mshr, 0) \
    X(l2_merge_full, "lookups", "L2 lookups refused for want of a merge slot (retried)", \
      U64, 0, kstats_l2(k).fail_merge, 0) \
    X(l2_miss_queue_full, "lookups", \
      "L2 lookups refused for want of a DRAM-queue slot (retried)", \
      U64, 0, kstats_l2(k).fail_mq, 0) \
    X(l2_st_hits, "accesses", "L2 store hits", \
      U64, 0, kstats_l2(k).st_hits, 0) \
    X(l2_st_misses, "accesses", "L2 store misses", \
      U64, 0, kstats_l2(k).st_misses, 0) \
    X(dram_rd_bytes, "bytes", "bytes the L2 asked DRAM to read", \
      U64, 0, PART_SUM(k, dram_rd_bytes), 0) \
    X(dram_wr_bytes, "bytes", "bytes the L2 asked DRAM to write", \
      U64, 0, PART_SUM(k, dram_wr_bytes), 0) \
    X(icnt2mem_latency, "cycles", \
      "mean core cycles from an access's entry into the L1 to its arrival at its L2 slice", \
      DBL, 0, kstats_icnt2mem(k), "%.3f") \
    X(smem_accesses, "instructions", "shared-memory warp instructions", \
      U64, 3, CORE_SUM(k, smem_accesses), 0) \
    X(smem_bank_conflicts, "cycles", "extra cycles of shared-memory bank conflicts", \
      U64, 0, CORE_SUM(k, smem_conflicts), 0) \
    X(ar_type, "-", "the kernel's classification (seed 002 Sec. 3): 0 none (off or undecided), 1 type I, 2 type II", \
      U64, 0, k->ar_type, 0) \
    X(fc_cycles, "cycles", "of cycles, those with the frequency calibrator on (seed 002 Sec. 3)", \
      U64, 0, k->fc_cycles, 0) \
    X(tail_idle, "core-cycles", \
      "core-cycles with no CTA on a core after the last CTA was placed (end-of-kernel imbalance)", \
      U64, 0, k->tail_idle, 0) \
    X(dram_util, "1", "per partition: DRAM data-bus busy cycles / DRAM cycles", \
      PARTS, 3, kstats_dram_util, "%.6f") \
    X(cores, "-", "one object per core (keys: json.core)", \
      CORES, 3, k, 0) \
    /* end */

/* A core: X(name, unit, description, TYPE, value, aux) of core c's s (core_stats)
 * and t (core_ctl_stats). */
#define STATS_JSON_CORE(X) \
    X(core, "-", "core index, from 0", \
      U64, c, 0) \
    X(ctas_issued, "CTAs", "CTAs placed on the core", \
      U64, s->ctas_issued, 0) \
    X(ctas_finished, "CTAs", "CTAs the core finished", \
      U64, s->ctas_finished, 0) \
    X(issued, "cycles", "cycles with an instruction issued", \
      U64, s->issued, 0) \
    X(stalled, "cycles", "cycles with a ready warp that could not issue", \
      U64, s->stalled, 0) \
    X(idle, "cycles", "cycles with no warp resident", \
      U64, s->idle, 0) \
    X(mem_wait, "cycles", "cycles whose warps all wait on memory", \
      U64, s->mem_wait, 0) \
    X(dep_wait, "cycles", "cycles whose warps all wait on ALU results or a barrier", \
      U64, s->dep_wait, 0) \
    X(sched_stalls, "scheduler-cycles", "scheduler-cycles with a live warp and no issue", \
      U64, s->sched_stalls, 0) \
    X(active, "cycles", "N_act cycles: issued or execution-bound", \
      U64, s->active, 0) \
    X(warp_insts, "instructions", "warp instructions issued", \
      U64, s->warp_insts, 0) \
    X(thread_insts, "instructions", "thread instructions", \
      U64, s->thread_insts, 0) \
    X(off_cycles, "cycles", "cycles powered off by a control unit", \
      U64, t->off_cycles, 0) \
    X(gated_cycles, "cycles", "powered, no new CTAs allowed and none resident: clock-gated", \
      U64, t->gated_cycles, 0) \
    X(empty_cycles, "cycles", "powered, no CTA resident", \
      U64, t->empty_cycles, 0) \
    X(grants, "CTAs", "grant-based issue: CTA requests granted", \
      U64, t->grants, 0) \
    X(refusals, "CTAs", "grant-based issue: CTA requests refused", \
      U64, t->refusals, 0) \
    X(busy, "slot-cycles", \
      "per datapath component (14, ctl_seam.h order: IFID, SCH, IDOC_SP/SFU/LDST, OC_*, OCEX_*, EX_*): busy slots summed over cycles", \
      ARRAY, s->busy, CTL_NCOMP) \
    X(down_cycles, "cycles", "per datapath component: cycles tuned down (seed 004 Sec. 4)", \
      ARRAY, t->down_cycles, CTL_NCOMP) \
    X(pg_off_cycles, "cycles", \
      "per power-gated group (SCH, EX_SP, EX_SFU, IFID_DEC): cycles off (seed 004 Sec. 4)", \
      ARRAY, t->pg_off_cycles, CTL_NPG) \
    /* end */

/* The power report (power.c power_json): X(name, unit, description, TYPE, value
 * of the power report p, "fmt" of a DBL, written when). */
#define STATS_JSON_POWER(X) \
    X(energy_j, "J", "energy of the run, every row", \
      DBL, p->total_j, "%.9g", 1) \
    X(power_w, "W", "energy_j / time_s", \
      DBL, p->avg_w, "%.6f", 1) \
    X(time_s, "s", "simulated time", \
      DBL, p->time_s, "%.9g", 1) \
    X(static_share, "1", "static energy / energy_j", \
      DBL, p->static_share, "%.6f", 1) \
    X(pcpg, "-", "1 when a core a control unit turned off draws no static power (power.pcpg)", \
      DBL, (double)p->pcpg, "%.0f", 1) \
    X(power_w_pcpg, "W", "power_w had pcpg been 1 (printed when pcpg is 0)", \
      DBL, p->alt_avg_w, "%.6f", !p->pcpg) \
    X(power_w_no_pcpg, "W", "power_w had pcpg been 0 (printed when pcpg is 1)", \
      DBL, p->alt_avg_w, "%.6f", p->pcpg) \
    X(rel_energy, "1", "energy_j / the --baseline run's; only with --baseline", \
      DBL, p->base_total_j > 0 ? p->total_j / p->base_total_j : 0, "%.6f", p->have_base) \
    X(rel_power, "1", "power_w / the --baseline run's; only with --baseline", \
      DBL, p->base_avg_w > 0 ? p->avg_w / p->base_avg_w : 0, "%.6f", p->have_base) \
    X(rows, "-", "one object per component row (keys: json.power_row)", \
      ROWS, p, 0, 1) \
    /* end */

/* A row of the power report: X(name, unit, description, TYPE, value of the
 * row's name, dyn_j and stat_j, "fmt" of a DBL). */
#define STATS_JSON_POWER_ROW(X) \
    X(name, "-", \
      "row: IFID, SCH, IDOC, OC, OCEX, EX_SP, EX_SFU, EX_LDST, L1, L2, ICNT, DRAM, gating, constant, and control (with --rtl-power)", \
      STR, name, 0) \
    X(dynamic_j, "J", "dynamic energy of the row", \
      DBL, dyn_j, "%.9g") \
    X(static_j, "J", "static (leakage) energy of the row", \
      DBL, stat_j, "%.9g") \
    /* end */

/* ------------------------------------------------------------ CSV (--csv-row) */

/* X(name, unit, description, TYPE, value, "fmt" of a DBL) of the run r
 * (csvrow_run) and its total t. */
#define STATS_CSV_ROW(X) \
    X(config, "-", "as json.top config", \
      STR, r->rep->config, 0) \
    X(workload, "-", "as json.top workload", \
      STR, r->workload, 0) \
    X(engine, "-", "as json.top engine", \
      STR, r->engine, 0) \
    X(cores, "cores", "as json.top n_cores", \
      U64, r->rep->n_cores, 0) \
    X(static_n, "CTAs", "the static CTA limit in force (policy.static_n), 0 when none", \
      U64, r->static_n, 0) \
    X(cycles, "cycles", "total cycles", \
      U64, t->cycles, 0) \
    X(thread_insts, "instructions", "total thread instructions", \
      U64, t->thread_insts, 0) \
    X(ipc, "instructions/cycle", "total ipc", \
      DBL, kstats_ipc(t), "%.4f") \
    X(core_util, "1", "total core_util", \
      DBL, kstats_core_util(t), "%.4f") \
    X(roundtrip, "cycles", "total roundtrip", \
      DBL, kstats_roundtrip(t), "%.2f") \
    X(l1_hit, "1", "total l1_hit_rate (0 over no access)", \
      DBL, kstats_l1_hit_rate(t), "%.4f") \
    X(l2_hit, "1", "total l2_hit_rate (0 over no access)", \
      DBL, kstats_l2_hit_rate(t), "%.4f") \
    X(row_hit, "1", "total row_hit_rate (0 over no access)", \
      DBL, kstats_row_hit_rate(t), "%.4f") \
    X(dram_util, "1", "DRAM utilisation, mean over partitions", \
      DBL, kstats_dram_util_sum(t, r->rep->n_parts) / r->rep->n_parts, "%.4f") \
    X(stall_frac, "1", "stalled core-cycles / all core-cycles", \
      DBL, kstats_class_frac(t, 1), "%.4f") \
    X(idle_frac, "1", "idle core-cycles / all core-cycles", \
      DBL, kstats_class_frac(t, 2), "%.4f") \
    X(memwait_frac, "1", "memory-wait core-cycles / all core-cycles", \
      DBL, kstats_class_frac(t, 3), "%.4f") \
    X(energy_j, "J", "as json.power energy_j", \
      DBL, r->pw->total_j, "%.6e") \
    X(power_w, "W", "as json.power power_w", \
      DBL, r->pw->avg_w, "%.4f") \
    X(host_s, "s", "host seconds the run took (the only nondeterministic column)", \
      DBL, r->rep->host_seconds, "%.4f") \
    X(compared, "cycles", "as json.top compared_cycles", \
      U64, r->rep->compared, 0) \
    X(tail_idle, "core-cycles", "total tail_idle", \
      U64, t->tail_idle, 0) \
    X(schema_version, "-", "as json.top", \
      U64, version_schema(), 0) \
    X(ctasim_version, "-", "as json.top", \
      STR, version_release(), 0) \
    X(ctasim_commit, "-", "as json.top", \
      STR, version_commit(), 0) \
    /* end */

/* ------------------------------------------------------------ timeline (--timeline) */

/* X(name, unit, description, ROW or CORE, "fmt", value): ROW columns of sample s,
 * then each CORE column once per core c, named without its N and with c. */
#define STATS_CSV_TIMELINE(X) \
    X(cycle, "cycles", "core cycle of the sample", \
      ROW, "%llu", (unsigned long long)s->cycle) \
    X(kernel, "-", "kernel index, from 0", \
      ROW, "%u", s->kernel) \
    X(ar_phase, "-", "profiling phase (seed 002 Sec. 3): 0 idle, 1 profile, 2 decision, 3 action", \
      ROW, "%u", s->ar_phase) \
    X(ar_type, "-", "kernel classification (seed 002 Sec. 3): 0 unknown, 1 type I, 2 type II", \
      ROW, "%u", s->ar_type) \
    X(fc_on, "bool", "frequency calibrator on (seed 002 Sec. 3)", \
      ROW, "%u", s->fc_on) \
    X(credit_global, "credits", "global credits C_g (seed 003 Sec. 3)", \
      ROW, "%d", s->credit_global) \
    X(thread_insts, "instructions", "thread instructions in the sample period, all cores", \
      ROW, "%llu", (unsigned long long)s->thread_insts) \
    X(limitN, "CTAs", "core N's CTA limit in force (one column per core)", \
      CORE, "%u", s->core[c].limit) \
    X(residentN, "CTAs", "CTAs resident on core N", \
      CORE, "%u", s->core[c].resident) \
    X(pausedN, "CTAs", "CTAs paused on core N (above the limit)", \
      CORE, "%u", s->core[c].paused) \
    X(enabledN, "bool", "core N takes new CTAs", \
      CORE, "%u", s->core[c].enabled) \
    X(power_onN, "bool", "core N powered (1 unless a control unit turned it off)", \
      CORE, "%u", s->core[c].power_on) \
    X(tuned_downN, "bits", "bit i = component i of core N tuned down (seed 004 Sec. 4)", \
      CORE, "%u", s->core[c].tuned_down) \
    X(creditN, "credits", "local credits C_p of core N (seed 003 Sec. 3)", \
      CORE, "%d", s->core[c].credit) \
    /* end */

/* ------------------------------------------------------------ schema */

/* The scopes of python/ctasim/schema.tsv (docs/outputs.md) these tables are:
 * S("scope", TABLE).  scripts/gen-outputs-doc.py writes those rows from them;
 * the file's other scopes are written by hand. */
#define STATS_SCHEMA_SCOPES(S) \
    S("json.top", STATS_JSON_TOP) \
    S("json.kernel", STATS_JSON_KERNEL) \
    S("json.core", STATS_JSON_CORE) \
    S("json.power", STATS_JSON_POWER) \
    S("json.power_row", STATS_JSON_POWER_ROW) \
    S("csv.row", STATS_CSV_ROW) \
    S("csv.timeline", STATS_CSV_TIMELINE) \
    /* end */

/* ------------------------------------------------------------ GPGPU-Sim names */

/* The lines of a kernel's block of --stats-format gpgpusim before its cache
 * statistics (docs/gpgpusim-stats.md): X(name, "fmt", value, printed when) of
 * the kernel k (launch uid) and cum, the run so far with it.  GPGPU-Sim
 * divides by 0 (nan) when no warp was resident; ctasim omits the occupancy
 * then, and the icnt2mem latency (an integer quotient, as GPGPU-Sim prints
 * it) over no request. */
#define STATS_GPGPUSIM(X) \
    X(kernel_name, "%s", sk_name(k), 1) \
    X(kernel_launch_uid, "%u", uid, 1) \
    X(gpu_sim_cycle, "%llu", (unsigned long long)sk_cycles(k), 1) \
    X(gpu_sim_insn, "%llu", (unsigned long long)sk_thread_insts(k), 1) \
    X(gpu_ipc, "%12.4f", sk_ipc(k), 1) \
    X(gpu_tot_sim_cycle, "%llu", (unsigned long long)sk_cycles(cum), 1) \
    X(gpu_tot_sim_insn, "%llu", (unsigned long long)sk_thread_insts(cum), 1) \
    X(gpu_tot_ipc, "%12.4f", sk_ipc(cum), 1) \
    X(gpu_tot_issued_cta, "%llu", (unsigned long long)sk_n_cta(cum), 1) \
    X(gpu_occupancy, "%.4f%% ", sk_occupancy(k) * 100, skn_occupancy(k)) \
    X(gpu_tot_occupancy, "%.4f%% ", sk_occupancy(cum) * 100, skn_occupancy(cum)) \
    X(gpgpu_n_tot_w_icount, "%llu", (unsigned long long)sk_warp_insts(cum), 1) \
    X(avg_icnt2mem_latency, "%llu", \
      (unsigned long long)(k->mem.icnt2mem_sum / (k->mem.icnt2mem_n ? k->mem.icnt2mem_n : 1)), \
      k->mem.icnt2mem_n) \
    /* end */

#endif
