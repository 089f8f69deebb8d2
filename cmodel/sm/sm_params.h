/* sm_params.h -- parameters of one core (SM): keys core.*, units.*, lat.*
 * and ii.*; the table sm_keys is in core.c.  Shared by the core and its warp
 * schedulers. */
#ifndef SM_PARAMS_H
#define SM_PARAMS_H

#include <stddef.h>
#include <stdint.h>
#include "ctl_seam.h"
#include "kern.h"
#include "keys.h"

enum sm_sched { SCHED_LRR = 0, SCHED_GRR, SCHED_GTO, SCHED_OLDEST, SCHED_SIMPLEP, SCHED_REGIONP };

/* core.lat_from: the cycle lat.* counts from (docs/config.md, "Dependent-issue timing"). */
enum sm_lat_from { LAT_FROM_EX = 0, LAT_FROM_ISSUE };

/* Launch overheads (keys launch.*; docs/config.md, "Launch overheads").
 * Every 0 is off: no delay, no limit. */
typedef struct launch_params {
    uint32_t kernel_lat;        /* cycles from a kernel's first cycle to its first block
                                   dispatch (GPGPU-Sim -gpgpu_kernel_launch_latency) */
    uint32_t kernel_cta_lat;    /* more such cycles per block of the kernel (GPGPU-Sim
                                   -gpgpu_TB_launch_latency: blocks x latency, before the first) */
    uint32_t gpu_cta_interval;  /* the front end hands out a block at most every this many
                                   thousandths of a cycle, GPU-wide */
    uint32_t sm_cta_interval;   /* ... and to one SM at most every this many cycles */
    uint32_t cta_lat;           /* cycles from a block's dispatch until its warps fetch */
    uint32_t cta_retire;        /* cycles from a block's last warp finishing until its slot
                                   takes another block */
} launch_params;

typedef struct sm_params {
    uint32_t n_cores;           /* cores (SMs) of the GPU */
    uint32_t max_threads;       /* per core */
    uint32_t max_ctas;          /* per core, hardware cap */
    uint32_t max_warps;         /* per core (max_threads / 32 unless set lower; 0 = that) */
    uint32_t regs;              /* 32-bit registers per core */
    uint32_t smem_bytes;        /* shared memory per core */
    uint32_t simt_lanes;        /* thread lanes of one EX_SP unit; a warp takes 32/lanes cycles */
    uint32_t sfu_lanes;         /* thread lanes of one EX_SFU unit */
    uint32_t n_sched;           /* warp schedulers per core (warp w -> scheduler w % n_sched) */
    uint32_t sched;             /* enum sm_sched */
    uint32_t ibuf_depth;        /* decoded instructions buffered per warp */
    uint32_t sched_init;        /* 1: a scheduler spends an instruction's initiation interval
                                   (ii x 32/lanes) issuing it before it picks again (seed 001
                                   Sec. 4.3); 0: it may issue every cycle */
    uint32_t dual_issue;        /* 1: a scheduler may also issue the picked warp's next
                                   instruction in the same cycle when it goes to another
                                   execution unit (GPGPU-Sim -gpgpu_max_insn_issue_per_warp 2,
                                   -gpgpu_dual_issue_diff_exec_units 1) */
    uint32_t units[CTL_NCOMP];  /* slots of each pipeline component, both groups together */
    uint32_t oc_cycles;         /* cycles an operand collector holds an instruction */
    uint32_t wb_cycles;         /* EX_SP / EX_SFU: cycles from the end of lat to the register
                                   write that releases the scoreboard (GPGPU-Sim: 2) */
    uint32_t lat_from;          /* enum sm_lat_from: lat counts from EX entry (then wb_cycles)
                                   or from issue (a dependent issues lat cycles later) */
    uint32_t lat[IC_NCLASS];    /* result latency per instruction class, core cycles */
    uint32_t ii[IC_NCLASS];     /* initiation interval per class (unit busy cycles per warp instr) */
    launch_params launch;       /* launch overheads: the core's (cta_lat, cta_retire) and the
                                   front end's (gpu/seam.c) */
} sm_params;

extern const key_table sm_keys;

/* The small preset's values (seed 001 Tables 4-1 and 4-2 for the latencies). */
void sm_params_defaults(sm_params *p);

/* N: CTAs of kernel k that fit on one core (threads, warps, registers,
 * shared memory, CTA cap); 0 if one CTA does not fit. */
uint32_t sm_ctas_per_core(const sm_params *p, const kern *k);

/* Why one CTA of k does not fit a core, naming the resource and its key
 * (written into buf); NULL when it fits. */
const char *sm_misfit(const sm_params *p, const kern *k, char *buf, size_t len);

#endif
