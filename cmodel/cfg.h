/* cfg.h -- the simulator's configuration: one plain struct, filled from
 * `key = value` files (configs/NAME.cfg) and `--set key=value` overrides.
 *
 * Every key has a row in the table in cfg.c (name, type, range, help).
 * Errors name the file (or "command line"), the line and the key.
 */
#ifndef CFG_H
#define CFG_H

#include <stdint.h>
#include <stdio.h>
#include "ctl_seam.h"
#include "power_cfg.h"

enum cfg_sched { SCHED_LRR = 0, SCHED_GRR, SCHED_GTO, SCHED_OLDEST, SCHED_SIMPLEP, SCHED_REGIONP };
enum cfg_dram_sched { DRAM_FRFCFS = 0, DRAM_FCFS };
enum cfg_limit { LIMIT_MAX = 0, LIMIT_STATIC, LIMIT_DYNCTA };
enum cfg_gating { GATE_NONE = 0, GATE_UCSTATES };

/* Instruction classes (see kern.h) get a latency and an initiation interval. */
#define CFG_NCLASS 12

typedef struct gpu_cfg {
    char     name[64];          /* preset name, for reports */
    /* clocks, MHz */
    uint32_t core_mhz, icnt_mhz, l2_mhz, dram_mhz;
    /* cores */
    uint32_t n_cores;
    uint32_t max_threads;       /* per core */
    uint32_t max_ctas;          /* per core, hardware cap */
    uint32_t max_warps;         /* per core (max_threads / 32 unless set lower) */
    uint32_t regs;              /* 32-bit registers per core */
    uint32_t smem_bytes;        /* shared memory per core */
    uint32_t simt_lanes;        /* thread lanes of one EX_SP unit; a warp takes 32/lanes cycles */
    uint32_t sfu_lanes;         /* thread lanes of one EX_SFU unit */
    uint32_t ldst_lanes;        /* address lanes of one EX_LDST unit */
    uint32_t n_sched;           /* warp schedulers per core (warp w -> scheduler w % n_sched) */
    uint32_t sched;             /* enum cfg_sched */
    uint32_t ibuf_depth;        /* decoded instructions buffered per warp */
    uint32_t units[CTL_NCOMP];  /* slots of each pipeline component, both groups together */
    uint32_t oc_cycles;         /* cycles an operand collector holds an instruction */
    uint32_t lat[CFG_NCLASS];   /* result latency per instruction class, core cycles */
    uint32_t ii[CFG_NCLASS];    /* initiation interval per class (unit busy cycles per warp instr) */
    uint32_t smem_lat;          /* shared memory access latency */
    /* L1 data cache, per core */
    uint32_t l1_bytes, l1_assoc, line_bytes, l1_mshr, l1_mshr_merge, l1_lat, l1_miss_queue;
    /* interconnect: crossbar, one per direction */
    uint32_t icnt_lat;          /* icnt cycles from injection to ejection */
    uint32_t icnt_flit_bytes;   /* bytes a port moves per icnt cycle */
    uint32_t icnt_queue;        /* packets buffered per input and per output port */
    /* memory partitions: L2 slice + DRAM channel each */
    uint32_t n_parts;
    uint32_t l2_bytes, l2_assoc, l2_mshr, l2_lat, l2_queue;
    /* DRAM, per channel; timing in DRAM clock cycles */
    uint32_t dram_banks, dram_row_bytes, dram_bus_bytes, dram_burst, dram_queue, dram_sched;
    uint32_t tCL, tRCD, tRP, tRAS, tRC, tRRD, tCCD, tWR, tWTR;
    /* policy stack */
    uint32_t cta_limit;         /* enum cfg_limit */
    uint32_t static_n;          /* CTA limit for LIMIT_STATIC */
    uint32_t dyncore;           /* 0/1 */
    uint32_t claso;             /* 0/1 */
    uint32_t arcta;             /* 0/1 */
    uint32_t gating;            /* enum cfg_gating */
    ctl_cfg  ctl;               /* control-unit thresholds and periods */
    /* run */
    uint64_t seed;
    uint64_t max_cycles;        /* core cycles per workload; 0 = no limit */
    uint32_t timeline_period;   /* core cycles between controller timeline samples */
    power_cfg power;            /* power model coefficients, keys power.* (power.c) */
} gpu_cfg;

/* Defaults: the small test preset's values (configs/small.cfg restates them). */
void cfg_defaults(gpu_cfg *c);

/* Apply one `key = value`.  where = "file:line" for messages.  Returns 0, or
 * -1 with a one-line message in err (naming where and key). */
int cfg_set(gpu_cfg *c, const char *key, const char *value, const char *where,
            char *err, size_t errlen);

/* Read a `key = value` file (# comments, blank lines, `include = other.cfg`). */
int cfg_load(gpu_cfg *c, const char *path, char *err, size_t errlen);

/* Check combinations after all keys are set (impossible combinations are
 * errors naming the keys involved).  Also derives ctl fields. */
int cfg_check(gpu_cfg *c, char *err, size_t errlen);

/* Write every key = value, loadable by cfg_load. */
void cfg_dump(const gpu_cfg *c, FILE *out);

#endif
