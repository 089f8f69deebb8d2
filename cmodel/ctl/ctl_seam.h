/* ctl_seam.h -- the one seam between the GPU model and the control units.
 *
 * Once per core cycle the model fills a ctl_in (what happened in this cycle),
 * hands it to a control engine (C reference models or the Verilated RTL top),
 * and receives a ctl_out: the units' registered outputs *after* the clock edge
 * that consumed those inputs.  The model obeys ctl_out during the next cycle.
 * So every output is a register (Moore style): an input at cycle t can change
 * an output first at cycle t+1.  rtl/ctl_top.sv has exactly these ports,
 * flattened per core; the widths below are the RTL widths, and the C engine
 * masks/saturates to the same widths.
 *
 * Quasi-static configuration (thresholds, periods, unit counts) travels in
 * ctl_cfg: in RTL these are "programmable register" input ports that hold
 * their value for a whole run; their defaults are the papers' values.
 *
 * Direction is from the control units' point of view: ctl_in = inputs.
 */
#ifndef CTL_SEAM_H
#define CTL_SEAM_H

#include <stdint.h>

/* Compile-time maxima: the RTL top is built with these sizes by default
 * (smaller size variants exist, docs/cosim.md); the number of cores /
 * partitions actually used is a runtime input (cfg.n_cores, cfg.n_parts).
 * 160 cores and 128 partitions hold every Accel-Sim tested config of Volta,
 * Turing, Ampere and Hopper (QV100: 80 SMs and 32 channels; A100: 108 SMs and
 * 40 channels; H100: 132 SMs and 80 HBM3 channels in the h100-test config).  A count 0..CTL_MAX_CORES
 * travels in CTL_CORES_BITS bits, 0..CTL_MAX_PARTS in CTL_PARTS_BITS. */
#define CTL_MAX_CORES  160
#define CTL_MAX_PARTS  128
#define CTL_CORES_BITS 8
#define CTL_PARTS_BITS 8
#ifndef __cplusplus
_Static_assert((1u << CTL_CORES_BITS) > CTL_MAX_CORES && (1u << (CTL_CORES_BITS - 1)) <= CTL_MAX_CORES,
               "CTL_CORES_BITS holds 0..CTL_MAX_CORES, no wider");
_Static_assert((1u << CTL_PARTS_BITS) > CTL_MAX_PARTS && (1u << (CTL_PARTS_BITS - 1)) <= CTL_MAX_PARTS,
               "CTL_PARTS_BITS holds 0..CTL_MAX_PARTS, no wider");
#endif

/* Datapath components of seed 004 Fig. 3, in this fixed order (bit i of
 * every per-component vector is component i). */
enum ctl_comp {
    CTL_IFID = 0,
    CTL_SCH,
    CTL_IDOC_SP, CTL_IDOC_SFU, CTL_IDOC_LDST,
    CTL_OC_SP, CTL_OC_SFU, CTL_OC_LDST,
    CTL_OCEX_SP, CTL_OCEX_SFU, CTL_OCEX_LDST,
    CTL_EX_SP, CTL_EX_SFU, CTL_EX_LDST,
    CTL_NCOMP /* 14 */
};

/* Instruction types used to split SCH busy (seed 004 Alg. 1, phase 3). */
enum ctl_itype { CTL_T_SP = 0, CTL_T_SFU, CTL_T_LDST, CTL_NTYPE };

/* Power-gated groups (seed 004 Sec. 4: components that hold no data).
 * Order of the 2-bit state fields in ctl_core_out.pg_state. */
enum ctl_pg { CTL_PG_SCH = 0, CTL_PG_EX_SP, CTL_PG_EX_SFU, CTL_PG_IFID_DEC, CTL_NPG };

/* Power-gate group state (2 bits). */
enum ctl_pg_state { CTL_PGS_ON = 0, CTL_PGS_DRAINING = 1, CTL_PGS_OFF = 2, CTL_PGS_WAKING = 3 };

/* AR-CTA phase (2 bits) and kernel type (2 bits). */
enum ctl_ar_phase { CTL_AR_IDLE = 0, CTL_AR_PROFILE = 1, CTL_AR_DECISION = 2, CTL_AR_ACTION = 3 };
enum ctl_ar_type { CTL_AR_UNKNOWN = 0, CTL_AR_TYPE1 = 1, CTL_AR_TYPE2 = 2 };

/* The units, one bit each (ctl_ref.units, the rtl engines' units stepped,
 * vtop_api.h): CTL_U_NONE steps no unit (0 means all in ctl_ref.units). */
enum { CTL_U_DYNCTA = 1, CTL_U_DYNCORE = 2, CTL_U_CLASO = 4, CTL_U_ARCTA = 8, CTL_U_UCS = 16,
       CTL_U_ALL = 31, CTL_U_NONE = 32 };

/* ---- inputs, per core, every core cycle ------------------------------- */
typedef struct ctl_core_in {
    /* Issue-stage classification of this cycle (controllers.md; at most one
     * of issued/stalled/mem_wait/idle is 1 each cycle: when none is, live
     * warps wait on ALU results or a barrier, which is neither idle nor
     * mem_wait). */
    uint8_t issued;        /* 1b: >= 1 warp instruction issued */
    uint8_t stalled;       /* 1b: nothing issued, a ready warp hit a structural stall */
    uint8_t idle;          /* 1b: nothing issued and no live warp: no threads to execute
                              (seed 000 Sec. 4.1 C_idle) */
    uint8_t mem_wait;      /* 1b: >= 1 live warp and every live warp waits on a global load */
    uint8_t active;        /* 1b: N_act of seed 000 Sec. 4.2: issued, or stalled only because
                              every blocked warp's execution units are busy executing
                              (docs/decisions.md) */
    uint8_t drained;       /* 1b: no resident CTA on the core */
    uint8_t req;           /* 1b: CTA scheduler requests a CTA grant for this core (CLASO) */
    uint8_t cta_done;      /* 2b: CTAs that finished on this core this cycle (saturating) */
    uint8_t thread_insts;  /* 7b: thread instructions issued this cycle (sum of active lanes) */
    uint8_t max_lanes;     /* 6b: most active lanes of any warp instruction issued this cycle */
    uint8_t busy[CTL_NCOMP];        /* 4b each: busy slots of each component this cycle */
    uint8_t sch_busy[CTL_NTYPE];    /* 4b each: SCH busy split by instruction type */
    uint8_t mem_warps;     /* 7b: J, warps' memory instructions (global, local, shared,
                              atomic) that entered EX_LDST and have not committed */
    uint8_t ldst_enter;    /* 3b: lambda, warps' memory instructions entering EX_LDST this
                              cycle (the same jobs as J: seed 004 Sec. 2.2) */
    uint16_t empty;        /* 14b: bit i = the gateable group of component i holds no work */
} ctl_core_in;

/* ---- inputs, global, every core cycle --------------------------------- */
typedef struct ctl_in {
    uint8_t  kernel_start; /* 1b: pulse, a kernel launches this cycle */
    uint8_t  n_max;        /* 6b: N, most CTAs per core the kernel's resources allow */
    uint32_t n_cta;        /* 20b: CTAs to allocate credits for (valid with alloc) */
    uint8_t  alloc;        /* 1b: pulse, CLASO (re)allocates credits: at kernel start, and
                              when the set of cores receiving CTAs changes (then n_cta
                              counts the CTAs not yet issued) */
    uint8_t  alloc_cores;  /* 8b: cores that will receive CTAs (valid with alloc) */
    uint8_t  dram_cycles;  /* 3b: DRAM clock cycles elapsed during this core cycle */
    uint8_t  dram_busy[CTL_MAX_PARTS]; /* 3b each: of those, cycles partition p's data bus was busy */
    ctl_core_in core[CTL_MAX_CORES];
} ctl_in;

/* ---- outputs, per core (registered) ------------------------------------ */
typedef struct ctl_core_out {
    uint8_t  dyncta_n;     /* 6b: DYNCTA CTA limit n */
    uint8_t  grant;        /* 1b: CLASO grant for the req of the previous cycle */
    uint8_t  refuse;       /* 1b: CLASO refusal for the req of the previous cycle */
    int32_t  credit;       /* 24b signed: CLASO local credits C_p (saturates at -1) */
    uint8_t  dc_enable;    /* 1b: DYNCORE: core may receive CTAs */
    uint8_t  dc_power_on;  /* 1b: DYNCORE: core powered */
    uint8_t  ar_enable;    /* 1b: AR-CTA: core may receive CTAs */
    uint16_t tuned_down;   /* 14b: uC-States: component i tuned down */
    uint16_t accepts_work; /* 14b: uC-States: gateable group of component i takes new work */
    uint8_t  pg_state[CTL_NPG]; /* 2b each: enum ctl_pg_state */
} ctl_core_out;

/* ---- outputs, global (registered) -------------------------------------- */
typedef struct ctl_out {
    uint8_t  claso_ready;  /* 1b: allocator finished its division; requests may start */
    int32_t  credit_global;/* 24b signed: CLASO global credits C_g (saturates at -1) */
    uint8_t  ar_phase;     /* 2b: enum ctl_ar_phase */
    uint8_t  ar_type;      /* 2b: enum ctl_ar_type */
    uint8_t  ar_limit1;    /* 1b: AR-CTA profiling: core 0 limited to one CTA */
    uint8_t  fc_on;        /* 1b: frequency calibrator on */
    int8_t   core_clk_pct; /* 8b signed: core clock change, percent (-15 when fc_on) */
    int8_t   mem_clk_pct;  /* 8b signed: memory-system clock change, percent (+15 when fc_on) */
    ctl_core_out core[CTL_MAX_CORES];
} ctl_out;

/* ---- quasi-static configuration (programmable registers) --------------- */
typedef struct ctl_cfg {
    uint32_t n_cores;      /* 8b: cores in use (<= CTL_MAX_CORES) */
    uint32_t n_parts;      /* 8b: memory partitions in use (<= CTL_MAX_PARTS) */
    uint32_t units[CTL_NCOMP]; /* 4b each: total slots of each component (both groups) */
    uint32_t simt_lanes;   /* 6b: thread lanes of one core's peak issue (AR-CTA ipc) */
    /* DYNCTA (seed 000 Sec. 4.1) */
    uint32_t dyncta_period, dyncta_t_idle, dyncta_t_mem_l, dyncta_t_mem_h;
    /* DYNCORE (seed 000 Sec. 4.2): t_act = frac_num/frac_den * cores * period, where
     * cores = the cores in use (tact_counted = 0: the paper's fixed 40960 for 30
     * cores) or the cores not turned off (tact_counted = 1) */
    uint32_t dyncore_period, dyncore_frac_num, dyncore_frac_den, dyncore_k, dyncore_tact_counted;
    /* CLASO (seed 003 Sec. 3) */
    uint32_t claso_p_a, claso_p_l;
    /* AR-CTA (seed 002 Sec. 3); bandwidth threshold in thousandths of a percent */
    uint32_t ar_window, ar_t_u_ipc, ar_t_l_ipc, ar_t_max_bw_mpct, ar_t_gbr, ar_good_lanes;
    uint32_t ar_core_pct, ar_mem_pct;
    /* uC-States (seed 004 Sec. 4); th_U in percent */
    uint32_t uc_period, uc_th_u_pct, uc_th_rt, uc_break_even, uc_wakeup;
} ctl_cfg;

/* Fill cfg with the papers' defaults for n_cores / n_parts. */
void ctl_cfg_defaults(ctl_cfg *cfg, uint32_t n_cores, uint32_t n_parts);

/* ---- the C reference models: which cores a step visits ----------------- */

/* cfg.n_cores as the RTL's cfg_n_cores_i port holds it, at most CTL_MAX_CORES. */
static inline uint32_t ctl_used_cores(const ctl_cfg *cfg)
{
    uint32_t n = cfg->n_cores & ((1u << CTL_CORES_BITS) - 1u);
    return n < CTL_MAX_CORES ? n : CTL_MAX_CORES;
}

/* The cores a unit's step visits: the cores in use, and every core in use
 * since the unit's reset (*span, set to 0 by a reset that gives every one of
 * the CTL_MAX_CORES cores its reset state and outputs).  A core that has never
 * been in use since the reset still holds exactly the state and outputs a
 * step would give it again (an unused core is held in reset), so the step
 * skips it: a 4-core model costs 4 cores per cycle, not CTL_MAX_CORES. */
static inline uint32_t ctl_span(uint32_t *span, uint32_t used)
{
    if (used > *span) *span = used;
    return *span;
}

#endif
