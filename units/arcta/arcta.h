/* arcta.h -- ApSA's AR-CTA decision unit and frequency calibrator outputs
 * (seed 002, Thomas & Daruwala, Sec. 3.1-3.2; spec/controllers.md Sec. 4).
 *
 * Per kernel: PROFILE (core 0 alone, one CTA) until core 0's CTA finishes or
 * W cycles pass, a DECISION of 3 .. 9 + n_parts cycles (one shared multiplier
 * and one comparator stepping through the terms, enum arcta_step below), then
 * ACTION until the next kernel start.
 * C reference model of units/arcta/arcta.sv, cycle- and bit-identical.  Timing and
 * counter widths are documented in units/arcta/arcta.md.
 */
#ifndef ARCTA_H
#define ARCTA_H

#include <stdint.h>
#include "ctl_seam.h"
#include "keys.h"

/* Decision branches (counted in arcta.branch_hits). */
enum arcta_branch {
    ARCTA_BR_START = 0,   /* kernel_start in IDLE or ACTION: begin PROFILE */
    ARCTA_BR_RESTART,     /* kernel_start in PROFILE or DECISION: profile again */
    ARCTA_BR_PROFILE,     /* PROFILE cycle counted, window continues */
    ARCTA_BR_END_CTA,     /* window ends: core 0 reported cta_done */
    ARCTA_BR_END_W,       /* window ends: W cycles counted */
    ARCTA_BR_IPC_HIGH,    /* ipc_CTA > t_u_ipc: type I */
    ARCTA_BR_IPC_LOW,     /* ipc_CTA < t_l_ipc: type II */
    ARCTA_BR_BW_LOW,      /* max_bw_CTA <= t_max_bw: type I */
    ARCTA_BR_GBR_HIGH,    /* GBR >= t_GBR: type I */
    ARCTA_BR_GBR_LOW,     /* otherwise: type II */
    ARCTA_BR_IDLE,        /* IDLE, no kernel start: hold */
    ARCTA_BR_ACTION,      /* ACTION, no kernel start: hold */
    ARCTA_BR_STEP,        /* DECISION cycle that loads the product register
                             or passes a partition: no type yet */
    ARCTA_NBRANCH
};

/* Counter widths of the RTL (saturating; see units/arcta/arcta.md). */
#define ARCTA_CYC_BITS  16  /* window cycles, W <= 65535 */
#define ARCTA_INST_BITS 23  /* thread instructions: 127 * 65535 < 2^23 */
#define ARCTA_DRAM_BITS 19  /* DRAM cycles / busy cycles: 7 * 65535 < 2^19 */
#define ARCTA_PROD_BITS 36  /* busy * 100000 and t_mpct * dram < 2^(19+17) */

/* DECISION steps: one multiply (mul = A x B) and one compare with
 * the product register prod per cycle; units/arcta/arcta.md has the table. */
enum arcta_step {
    ARCTA_S_U_LANES = 0,  /* prod = t_u_ipc * simt_lanes */
    ARCTA_S_U_CYC,        /* prod = prod * cycles */
    ARCTA_S_U_CMP,        /* insts * 100 > prod: type I (ipc_high) */
    ARCTA_S_L_LANES,      /* prod = t_l_ipc * simt_lanes */
    ARCTA_S_L_CYC,        /* prod = prod * cycles */
    ARCTA_S_L_CMP,        /* insts * 100 < prod: type II (ipc_low) */
    ARCTA_S_BW_RHS,       /* prod = t_max_bw_mpct * dram_cycles, part = 0 */
    ARCTA_S_BW_PART,      /* part >= n_parts: type I (bw_low); busy[part] *
                             100000 > prod: to GBR; else part + 1 */
    ARCTA_S_GBR_RHS,      /* prod = t_gbr * (cycles - good) */
    ARCTA_S_GBR_CMP,      /* good * 100 >= prod: type I (gbr_high), else II */
    ARCTA_NSTEP
};

typedef struct arcta {
    uint8_t  phase;                 /* enum ctl_ar_phase */
    uint8_t  type;                  /* enum ctl_ar_type */
    uint32_t cycles;                /* core cycles in the window */
    uint32_t insts;                 /* core 0 thread instructions */
    uint32_t good;                  /* core 0 good cycles (GBR numerator) */
    uint32_t dram_cycles;           /* DRAM cycles elapsed in the window */
    uint32_t busy[CTL_MAX_PARTS];   /* DRAM data-bus busy cycles per partition */
    uint8_t  step;                  /* enum arcta_step while in DECISION */
    uint8_t  part;                  /* partition compared at ARCTA_S_BW_PART */
    uint64_t prod;                  /* the product register (ARCTA_PROD_BITS) */
    uint32_t span;                  /* cores given ar_enable = 1 since the reset: ctl_span() */
    uint64_t out_key;               /* phase, type, enabled count and cores the outputs hold */
    uint32_t pspan;                 /* partitions counted since the reset (the seam
                                       leaves dram_busy of the others at 0) */
    uint64_t branch_hits[ARCTA_NBRANCH];
    /* For the decision trace (ctl_decisions.h), C model only: this edge was
     * the DECISION (the window's counters stay until the next kernel start)
     * and the branch that classified. */
    uint8_t  obs_decided;
    uint8_t  obs_branch;
} arcta;

/* State and output reset values (IDLE: all cfg->n_cores cores enabled). */
void arcta_reset(arcta *s, const ctl_cfg *cfg, ctl_out *out);
/* One clock edge: consume in (cycle t), write AR-CTA's fields of out. */
void arcta_step(arcta *s, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out);
/* The DECISION of the measured counters, all terms at once (what the
 * stepped DECISION reaches after its last step): CTL_AR_TYPE1 or
 * CTL_AR_TYPE2; *branch (if not NULL) gets the arcta_branch that decided. */
int arcta_classify(const arcta *s, const ctl_cfg *cfg, int *branch);
/* Cycles the DECISION phase lasts for the counters in s (the edge leaving
 * DECISION included): 3 (ipc_high), 6 (ipc_low), 8 + n_parts (bw_low),
 * 10 + p (GBR; p = first partition over the threshold). */
uint32_t arcta_decision_cycles(const arcta *s, const ctl_cfg *cfg);
/* Short name of branch i, "?" when out of range. */
const char *arcta_branch_name(int i);

/* The unit's registers as configuration keys (arcta.*), widths of units/arcta/arcta.sv. */
extern const key_table arcta_keys;

#endif
