/* stats.h -- what a run measured: per kernel and in total, per core and per
 * memory partition, and the controller timelines.  Printed as a readable
 * summary, written as JSON and CSV.  Every statistic's accumulation and
 * output keys are declared once, in stats_table.h.
 */
#ifndef STATS_H
#define STATS_H

#include <stdint.h>
#include <stdio.h>
#include "core.h"
#include "mem.h"

typedef struct core_ctl_stats {     /* what the control outputs did to a core */
    uint64_t off_cycles;            /* powered off (a unit's power output, ctl_fx) */
    uint64_t disabled_cycles;       /* no new CTAs allowed (a unit's core enable) */
    uint64_t gated_cycles;          /* powered, no new CTAs allowed and no resident CTA:
                                       the core is clock-gated (seed 002 Sec. 3's idle
                                       half of a type II kernel, a core drained but not
                                       yet off, seed 000 Sec. 4.2) */
    uint64_t empty_cycles;          /* powered, no resident CTA */
    uint64_t pg_off_cycles[CTL_NPG];/* power-gated group off (seed 004 Sec. 4) */
    uint64_t pg_wakeups[CTL_NPG];   /* OFF -> WAKING transitions */
    uint64_t pg_gatings[CTL_NPG];   /* -> OFF transitions */
    uint64_t down_cycles[CTL_NCOMP];/* component tuned down */
    uint64_t limit_sum;             /* sum over cycles of the CTA limit in force */
    uint64_t grants, refusals;      /* grant-based issue: requests granted, refused */
} core_ctl_stats;

typedef struct kstats {
    char     name[96];
    uint32_t n_cta, n_max, warps_per_cta;
    uint64_t cycles;                /* core cycles (GPU clock) */
    uint64_t fc_cycles;             /* of which with the frequency calibrator on */
    uint64_t tail_idle;             /* core cycles with no CTA on a core after the last
                                       CTA was placed, before the kernel ended (seed 003
                                       Sec. 2: end-of-kernel imbalance) */
    uint64_t time_fs;               /* simulated time */
    uint64_t warp_insts, thread_insts;
    uint32_t ar_type;               /* the kernel's classification (seam_kernel_type) */
    uint32_t n_cores;
    core_stats     core[CTL_MAX_CORES];
    core_ctl_stats ctl[CTL_MAX_CORES];
    mem_stats      mem;
} kstats;

typedef struct tl_core {            /* one core in a timeline row */
    uint8_t  limit, resident, paused, enabled, power_on, pad;
    uint16_t tuned_down;
    int32_t  credit;
} tl_core;

typedef struct tl_sample {          /* one timeline row: n_cores entries of core[] */
    uint64_t cycle;
    uint32_t kernel;
    uint8_t  ar_phase, ar_type, fc_on, pad;
    int32_t  credit_global;
    uint64_t thread_insts;          /* in the sample period, all cores */
    tl_core  core[];
} tl_sample;

typedef struct report {
    char     config[64], workload[256], engine[16];
    uint32_t n_cores, n_parts;
    uint32_t n_kernels;
    FILE    *spill;                 /* the kernels' statistics, one kstats record each:
                                       kept on disk so a run's memory does not grow with
                                       its kernel count (read with report_kernel) */
    kstats  *scratch;               /* report_kernel's buffer */
    kstats  *mem;                   /* the records in memory when the file cannot be
                                       written (a full disk): nothing finished is lost */
    uint32_t cap_mem;
    kstats   total;
    unsigned char *tl;              /* the timeline rows, tl_bytes each (report_tl):
                                       a row holds the cores in use, not CTL_MAX_CORES */
    size_t   tl_bytes;
    uint32_t n_tl, cap_tl;
    uint64_t compared;              /* lockstep cycles compared */
    double   host_seconds;
    int      incomplete;            /* the run stopped early: statistics of what ran */
    char     stop_reason[512];      /* why (run.max_cycles, a mismatch, ...) */
} report;

void   report_init(report *r);
void   report_free(report *r);
/* Before a run: create the per-kernel statistics file.  When it cannot be
 * created or later written (a full disk), the records move to memory. */
void   report_begin(report *r);
/* Keep kernel k's statistics (record n_kernels) and add them to the total.
 * 0, or -1 + err only when neither the file nor memory can hold them. */
int    report_add_kernel(report *r, const kstats *k, char *err, size_t errlen);
/* Kernel i's statistics (i < n_kernels), in a buffer the next call reuses;
 * NULL on a read error. */
const kstats *report_kernel(const report *r, uint32_t i);
/* Add kernel statistics k into the running total. */
void   report_accumulate(kstats *total, const kstats *k);

/* Timeline row i (< n_tl). */
const tl_sample *report_tl(const report *r, uint32_t i);
/* A new zeroed timeline row of r->n_cores cores, or NULL when memory is
 * short (the timeline is then truncated; the run goes on). */
tl_sample *report_tl_add(report *r);

double kstats_ipc(const kstats *k);           /* thread instructions per core cycle */
/* warps resident / warp slots over the core-cycles with a warp resident
 * (GPGPU-Sim's gpu_occupancy); *slots (if not NULL) = the denominator */
double kstats_occupancy(const kstats *k, uint64_t *slots);
double kstats_l1_hit_rate(const kstats *k);   /* 0 over no access (printed "-", JSON null) */
uint64_t kstats_l1_accesses(const kstats *k);  /* L1 load hits + misses (misses include MSHR merges) */
uint64_t kstats_l2_accesses(const kstats *k);  /* L2 hits + misses, all partitions */
uint64_t kstats_l2_misses(const kstats *k);
double kstats_l2_hit_rate(const kstats *k);

/* One cache level's outcomes (docs/memory.md, "Sectored caches"): accesses
 * are in access units (sectors when sectored); hits, pending hits (merged
 * into an MSHR in flight), sector misses (line present or in flight: GPGPU-
 * Sim's SECTOR_MISS) and line misses partition them.  L2 counts stores too
 * (of which st_hits, st_misses; sector misses are loads' and atomics').
 * fail_*: lookups refused for want of an MSHR, of merge slots, of a miss-
 * queue slot (L2: DRAM queue). */
typedef struct kstats_cache {
    uint64_t accesses, hits, pending, sector_misses, line_misses;
    uint64_t st_hits, st_misses;
    uint64_t fail_mshr, fail_merge, fail_mq;
} kstats_cache;
kstats_cache kstats_l1(const kstats *k);
kstats_cache kstats_l2(const kstats *k);
/* (hits + pending hits) / accesses: GPGPU-Sim's 1 - miss rate, per sector */
double kstats_sector_hit_rate(const kstats_cache *c);
/* accesses whose line was present or in flight / accesses */
double kstats_line_hit_rate(const kstats_cache *c);
double kstats_row_hit_rate(const kstats *k);
uint64_t kstats_row_accesses(const kstats *k); /* DRAM row hits + misses, all partitions */
double kstats_icnt2mem(const kstats *k);       /* mean core cycles from the L1 to the L2 slice */
double kstats_dram_util_sum(const kstats *k, uint32_t n_parts); /* kstats_dram_util, summed */
/* Share of all core-cycles in class `which` (kstats_classes order), 0 of none. */
double kstats_class_frac(const kstats *k, int which);
double kstats_roundtrip(const kstats *k);      /* core cycles */
double kstats_dram_util(const kstats *k, uint32_t part); /* busy / DRAM cycles */
double kstats_core_util(const kstats *k);      /* issued cycles / (cores * cycles) */
/* Core-cycles in each of the five exclusive classes, summed over cores. */
void   kstats_classes(const kstats *k, uint64_t *issued, uint64_t *stalled, uint64_t *idle,
                      uint64_t *mem_wait, uint64_t *dep_wait);

void   report_print(const report *r, FILE *out);
/* The statistics under GPGPU-Sim's names (gpu_sim_cycle, L1D_total_cache_*,
 * ...), a block per kernel and one for the application; docs/gpgpusim-stats.md. */
void   report_print_gpgpusim(const report *r, FILE *out);
/* Write the statistics and, when pw is not NULL, the power report (a
 * "power" object, see power_json) as one JSON document to path. */
struct power_report;
int    report_write_json(const report *r, const struct power_report *pw, const char *path,
                         char *err, size_t errlen);
int    report_write_timeline(const report *r, const char *path, char *err, size_t errlen);
/* The same onto an open stream (the caller owns the file); 0 or -1. */
int    report_json(FILE *f, const report *r, const struct power_report *pw);
int    report_timeline(FILE *f, const report *r);

#endif
