/* dyncta.h -- DYNCTA: per-core CTA-limit modulation (seed 000, Kayiran et al.,
 * Sec. 4.1, Algorithm 1; controllers.md section 1).  C reference model of
 * units/dyncta/dyncta.sv, bit-identical cycle by cycle.
 *
 * Timing (units/dyncta/dyncta.md): one call of dyncta_step() is one clock edge
 * that consumes the ctl_in of one core cycle.  A kernel_start edge sets
 * n = max(1, floor(N/2)), latches N, clears the counters and restarts the
 * period (that cycle's idle/mem_wait are discarded).  Every other edge adds
 * the cycle's idle/mem_wait to the 11-bit saturating counters; the edge of
 * the T-th such cycle decides with the counters including that cycle, then
 * clears them.  Cores >= n_cores hold n = 0 and clear counters.
 */
#ifndef DYNCTA_H
#define DYNCTA_H

#include <stddef.h>
#include <stdint.h>
#include "ctl_seam.h"
#include "keys.h"

#define DYNCTA_CNT_BITS    11                 /* paper Sec. 4.2 "two 11-bit counters" */
#define DYNCTA_CNT_MAX     ((1u << DYNCTA_CNT_BITS) - 1u)
#define DYNCTA_PERIOD_BITS 16
#define DYNCTA_N_BITS      6

/* Decision branches, counted in dyncta.branch_hits (per core and event). */
enum dyncta_branch {
    DYNCTA_BR_KERNEL_START = 0, /* n = max(1, N/2), counters cleared */
    DYNCTA_BR_INC_IDLE,         /* C_idle >= t_idle, n < N: n + 1 */
    DYNCTA_BR_INC_MEM_LOW,      /* C_mem < t_mem_l, n < N: n + 1 */
    DYNCTA_BR_HOLD_AT_N,        /* increment wanted, n >= N: keep */
    DYNCTA_BR_DEC_MEM_HIGH,     /* C_mem >= t_mem_h, n > 1: n - 1 */
    DYNCTA_BR_HOLD_AT_1,        /* decrement wanted, n <= 1: keep */
    DYNCTA_BR_KEEP,             /* C_mem medium: keep */
    DYNCTA_BR_IDLE_SAT,         /* idle cycle while C_idle = 2047 */
    DYNCTA_BR_MEM_SAT,          /* mem_wait cycle while C_mem = 2047 */
    DYNCTA_BR_UNUSED_CORE,      /* core >= n_cores: n = 0 */
    DYNCTA_NBRANCH
};

/* The decisions of the last edge, for the decision trace (ctl_decisions.h);
 * C model only, no RTL state.  decided: the edge was a period end or a
 * kernel start; per used core the counters it decided on (including that
 * edge's cycle), the limit before it and the branch taken. */
typedef struct dyncta_obs {
    uint8_t  decided;
    uint8_t  branch[CTL_MAX_CORES];     /* enum dyncta_branch */
    uint8_t  n_old[CTL_MAX_CORES];
    uint16_t c_idle[CTL_MAX_CORES];
    uint16_t c_mem[CTL_MAX_CORES];
} dyncta_obs;

typedef struct dyncta {
    uint32_t period_count;          /* cycles counted in this period, 0..T-1 */
    uint8_t  n_max;                 /* N latched at the last kernel start */
    uint8_t  n[CTL_MAX_CORES];      /* CTA limit per core (the output) */
    uint16_t c_idle[CTL_MAX_CORES]; /* C_idle, saturating at DYNCTA_CNT_MAX */
    uint16_t c_mem[CTL_MAX_CORES];  /* C_mem, saturating at DYNCTA_CNT_MAX */
    uint32_t span;                  /* cores stepped: ctl_span() */
    uint8_t  out_due;               /* n[] changed since the outputs were last written */
    uint32_t out_span;              /* the span they were written for */
    uint64_t branch_hits[DYNCTA_NBRANCH];
    dyncta_obs obs;
} dyncta;

void dyncta_reset(dyncta *s, const ctl_cfg *cfg, ctl_out *out);
void dyncta_step(dyncta *s, const ctl_cfg *cfg, const ctl_in *in, ctl_out *out);
const char *dyncta_branch_name(int i);

/* The unit's registers as configuration keys (dyncta.*), widths of units/dyncta/dyncta.sv. */
extern const key_table dyncta_keys;

#endif
