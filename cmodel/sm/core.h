/* core.h -- one GPU core (SM): resident CTAs and warps, instruction buffers,
 * scoreboard, barriers, warp schedulers, and the pipeline components of
 * seed 004 Fig. 3 (IFID, SCH, IDOC_j, OC_j, OCEX_j, EX_j for j in SP, SFU,
 * LDST), each with a width split into two groups.
 *
 * core_cycle() advances one core cycle and reports the per-cycle signals of
 * ctl_seam.h (issued / stalled / idle / mem_wait / active, busy counts, ...).
 */
#ifndef CORE_H
#define CORE_H

#include <stdint.h>
#include "ctl_seam.h"
#include "kern.h"
#include "mem.h"
#include "sm_params.h"

#define CORE_MAX_WARPS 64
#define CORE_MAX_CTAS  32

typedef struct core core;

typedef struct core_stats {
    uint64_t cycles;                       /* core cycles while a kernel ran */
    uint64_t issued, stalled, idle, mem_wait; /* four of the five exclusive classes */
    uint64_t sched_stalls;      /* scheduler-cycles with a live warp and no issue (seed 001 Fig. 4-6) */
    uint64_t dep_wait;          /* the fifth: nothing issued, live warps wait on ALU results or a barrier */
    uint64_t active;                       /* N_act cycles (issued, or execution-bound) */
    uint64_t warp_insts, thread_insts;
    uint64_t class_insts[IC_NCLASS];       /* warp instructions by class */
    uint64_t class_threads[IC_NCLASS];     /* thread instructions by class */
    uint64_t busy[CTL_NCOMP];              /* sum of busy slots per component */
    uint64_t ctas_issued, ctas_finished;
    uint64_t paused_cycles;                /* cycles with >= 1 paused CTA */
    uint64_t fetches;                      /* IFID decodes */
    uint64_t l1_lines;                     /* global accesses (lines or sectors) sent */
    uint64_t smem_accesses;                /* shared-memory warp instructions */
    uint64_t smem_conflicts;               /* their bank-conflict cycles (coal_bank_conflicts) */
    /* occupancy as GPGPU-Sim counts it (shader_core_ctx::get_current_occupancy:
     * cycles with a warp resident only): warps resident, summed over those
     * cycles, and the core's warp slots (max_warps), summed over them */
    uint64_t warps_live, warp_slots;
} core_stats;

/* A core with parameters p (kept by pointer: p must outlive the core); its
 * global accesses go to mem in units of access_bytes (the line, or the L1
 * sector: mem_params_access_bytes), up to mem_l1_ports(mem) of one
 * instruction per LD/ST unit per cycle. */
core *core_create(const sm_params *p, uint32_t access_bytes, uint32_t id, memsys *mem,
                  char *err, unsigned errlen);
void  core_destroy(core *c);

/* A kernel starts: resident set must be empty.  n_max = N for this kernel. */
void  core_kernel_begin(core *c, kern *k, uint32_t n_max);

/* CTA limit n (seam_limit: policy.cta_limit and the units' caps).  With r CTAs resident,
 * the max(0, r - n) most recently assigned are paused (seed 000 Sec. 4.1). */
void  core_set_limit(core *c, uint32_t n);

/* Datapath gating: bit i = component i's gateable group takes new work. */
void  core_set_accepts(core *c, uint16_t accepts_work);

/* Room for one more CTA: resident < limit, resident < N. */
int   core_has_room(const core *c);

/* Place CTA `cta` (global launch sequence `seq`).  -1 with err on a kernel
 * source error. */
int   core_launch_cta(core *c, uint32_t cta, uint64_t seq, char *err, unsigned errlen);

/* One core cycle at core-clock cycle `now`; fills *sig: every field but req and
 * l1_miss (cleared in a stepped cycle, set afterwards by the CTA scheduler, which
 * clears what it set).  *sig is the same object every cycle and keeps what the
 * core wrote: a frozen cycle that repeats the one before writes nothing.
 * 1: the cycle was stepped; 0: frozen (the fields of the frozen cycle: no
 * instruction issued, no CTA done); -1 with err on a kernel source error. */
int   core_cycle(core *c, uint64_t now, ctl_core_in *sig, char *err, unsigned errlen);

/* Skipping of quiescent spans (docs/performance.md "Skipping idle work"):
 * on (1, run.skip_idle) or off (0, every cycle stepped).  Either gives the
 * same signals and statistics. */
void  core_set_skip(core *c, int on);

uint32_t core_resident(const core *c);      /* resident CTAs */
uint32_t core_paused(const core *c);        /* paused CTAs */
/* 1 if CTA `cta` is resident and paused, 0 if resident and running, -1 if absent. */
int      core_cta_paused(const core *c, uint32_t cta);
int      core_quiet(const core *c);         /* no CTA, nothing in flight */
/* A GPU-wide jump (gpu.c, docs/performance.md): the cycle before which core_cycle
 * repeats the core's frozen cycle as long as the memory system completes none
 * of its accesses (it retries none); 0 or a past cycle if it is not frozen. */
uint64_t core_frozen_until(const core *c);
/* Count n cycles, the last at cycle `last`, that core_cycle would have
 * repeated (each below core_frozen_until, the memory system idle). */
void     core_repeat(core *c, uint64_t n, uint64_t last);
const core_stats *core_get_stats(core *c);   /* skipped cycles' statistics included */
uint64_t core_thread_insts(const core *c);   /* this kernel's thread instructions so far */
void     core_stats_reset(core *c);

#endif
