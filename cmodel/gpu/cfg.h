/* cfg.h -- the configuration registry: the whole simulator's parameters as
 * one struct of per-module params, filled from `key = value` files
 * (configs/NAME.cfg, `include = other.cfg`) and `--set key=value`.
 *
 * Every module owns its params struct and key table (base/keys.h); this
 * registry gathers the tables, parses and checks each value once (range and
 * the RTL register width), remembers where each key was set, and checks
 * combinations.  Every refusal reads `WHERE: PROBLEM (KEYS)`, WHERE being
 * "file:line", "<command line>" or "<defaults>".  See docs/config.md.
 */
#ifndef CFG_H
#define CFG_H

#include <stdint.h>
#include <stdio.h>
#include "ctl_seam.h"
#include "dram.h"
#include "mem.h"
#include "power_cfg.h"
#include "policy.h"
#include "sm_params.h"
#include "trace.h"

/* Clock domains (keys clock.*), MHz. */
typedef struct clk_params {
    uint32_t core_mhz, icnt_mhz, l2_mhz, dram_mhz;
} clk_params;

/* The run (keys run.*). */
typedef struct run_params {
    uint64_t seed;              /* workload seed */
    uint64_t max_cycles;        /* core cycles per workload; 0 = no limit */
    uint32_t skip_gpu;          /* 1 (with skip_idle): the GPU-wide jump (same results); 0: none */
    uint32_t skip_idle;         /* 1: quiescent cores are not stepped (same results); 0: every cycle stepped */
    uint32_t timeline_period;   /* core cycles between controller timeline samples */
} run_params;

#define CFG_MAX_KEYS  256       /* rows over all tables */
#define CFG_MAX_FILES 16        /* distinct files keys were read from */
#define CFG_WHERE_CMDLINE "<command line>"

/* Where each key was last set: file index + 1 (0 = default, 255 = command
 * line) and line. */
typedef struct cfg_origin {
    uint8_t  file[CFG_MAX_KEYS];
    uint32_t line[CFG_MAX_KEYS];
    uint32_t order[CFG_MAX_KEYS];   /* 0 = never set; larger = set later */
    uint32_t seq;
    char     files[CFG_MAX_FILES][256];
    uint32_t n_files;
} cfg_origin;

typedef struct gpu_cfg {
    char          name[64];     /* preset name, for reports */
    clk_params    clk;
    sm_params     sm;           /* sm/sm_params.h */
    mem_params    mem;          /* mem/mem.h */
    dram_params   dram;         /* mem/dram.h */
    policy_params policy;       /* gpu/policy.h */
    ctl_cfg       ctl;          /* ctl/ctl_seam.h: the units' registers */
    power_cfg     power;        /* report/power_cfg.h */
    trace_params  trace;        /* wl/trace.h: Accel-Sim trace reading */
    run_params    run;
    cfg_origin    origin;
} gpu_cfg;

/* Defaults: the small test preset's values (configs/small.cfg restates them). */
void cfg_defaults(gpu_cfg *c);

/* Apply one `key = value`.  where = "file:line" or CFG_WHERE_CMDLINE.
 * Returns 0, or -1 with "where: problem (key)" in err. */
int cfg_set(gpu_cfg *c, const char *key, const char *value, const char *where,
            char *err, size_t errlen);

/* cfg_set with WHERE = "path:line", remembered as the key's origin (a
 * value read from another kind of file: gsim.c's GPGPU-Sim options). */
int cfg_set_at(gpu_cfg *c, const char *key, const char *value, const char *path, uint32_t line,
               char *err, size_t errlen);

/* Read a `key = value` file (# comments, blank lines, `include = other.cfg`). */
int cfg_load(gpu_cfg *c, const char *path, char *err, size_t errlen);

/* Check combinations after all keys are set (errors name where the last of
 * the keys involved was set, and the keys).  Also derives ctl fields. */
int cfg_check(gpu_cfg *c, char *err, size_t errlen);

/* Write every key = value, loadable by cfg_load. */
void cfg_dump(const gpu_cfg *c, FILE *out);

/* Every key in dump order: its row, its value as cfg_dump writes it, and
 * where it was last set ("file:line", CFG_WHERE_CMDLINE; NULL at its default). */
typedef void (*cfg_visit_fn)(void *arg, const key_def *k, const char *value, const char *where);
void cfg_visit(const gpu_cfg *c, cfg_visit_fn fn, void *arg);

/* The key row named `name`, or NULL. */
const key_def *cfg_find_key(const char *name);

#endif
